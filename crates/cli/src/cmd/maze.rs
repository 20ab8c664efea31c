//! `resolu maze`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu maze`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu maze`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu maze` is not available yet"))
}
