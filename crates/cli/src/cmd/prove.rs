//! `resolu prove`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu prove`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu prove`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu prove` is not available yet"))
}
