//! `resolu experiment` end to end.
