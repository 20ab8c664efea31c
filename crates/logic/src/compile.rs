//! Clauses compiled for the machine when they are stored: the instructions of a head
//! and of a body (`code`), and the arithmetic goals that open a body (`arith`). The
//! clause database (`db`) stores what this makes and the machine runs it; neither
//! imports the other's internals through here.

pub(crate) mod arith;
pub(crate) mod code;
