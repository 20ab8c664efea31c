//! `resolu experiment`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu experiment`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu experiment`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu experiment` is not available yet"))
}
