//! The backtracking engine: in-place extend and undo, with tries and backtracks counters.
//!
//! (Being written: see issue 8.)
