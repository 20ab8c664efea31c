//! `resolu knight`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu knight`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu knight`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu knight` is not available yet"))
}
