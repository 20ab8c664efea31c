//! `resolu tictactoe`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu tictactoe`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu tictactoe`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu tictactoe` is not available yet"))
}
