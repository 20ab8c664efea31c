//! Benchmarks of the hanoi domain (being written; see the issue that builds it).

fn main() {}
