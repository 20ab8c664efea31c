//! `resolu prove` end to end.
