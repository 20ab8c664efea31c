//! `resolu hanoi` end to end.
