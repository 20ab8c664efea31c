//! `resolu matches` end to end.
