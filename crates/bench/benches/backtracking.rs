//! Benchmarks of the backtracking domain (being written; see the issue that builds it).

fn main() {}
