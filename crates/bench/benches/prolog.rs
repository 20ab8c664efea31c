//! Benchmarks of the prolog domain (being written; see the issue that builds it).

fn main() {}
