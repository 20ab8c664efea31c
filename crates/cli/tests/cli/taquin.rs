//! `resolu taquin` end to end.
