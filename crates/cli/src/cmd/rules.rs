//! `resolu rules`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu rules`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu rules`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu rules` is not available yet"))
}
