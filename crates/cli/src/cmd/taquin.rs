//! `resolu taquin`.

use crate::common::{CmdResult, Io, bad_input};
use clap::Args as ClapArgs;

/// Flags of `resolu taquin`.
#[derive(ClapArgs, Debug)]
pub struct Args {}

/// Runs `resolu taquin`.
pub fn run(_args: Args, _io: &mut Io) -> CmdResult {
    Err(bad_input("`resolu taquin` is not available yet"))
}
