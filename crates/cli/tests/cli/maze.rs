//! `resolu maze` end to end.
