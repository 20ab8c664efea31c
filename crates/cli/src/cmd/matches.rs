//! `resolu matches`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu matches`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu matches`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu matches` is not available yet"))
}
