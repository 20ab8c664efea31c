//! `resolu queens`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu queens`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu queens`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu queens` is not available yet"))
}
