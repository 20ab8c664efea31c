//! Benchmarks of the taquin domain (being written; see the issue that builds it).

fn main() {}
