//! `resolu queens` end to end.
