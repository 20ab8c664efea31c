//! `resolu rules` end to end.
