//! `resolu hanoi`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu hanoi`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu hanoi`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu hanoi` is not available yet"))
}
