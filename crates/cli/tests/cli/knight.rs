//! `resolu knight` end to end.
