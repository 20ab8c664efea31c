//! One module per subcommand; each has `Args`, `run` and (for the domains) `demo`. No
//! subcommand imports another: what several share lives beside `common.rs` (`play`,
//! `enumerate`, `rule_run`, `tables`). `resolu demo` is [`demo`] here, in the index of the
//! commands, the one place that names them all.

use crate::common::{CmdResult, Exit, Io};

pub mod connect4;
pub mod cube;
pub mod experiment;
pub mod graph;
pub mod hanoi;
pub mod knight;
pub mod matches;
pub mod maze;
pub mod pdb;
pub mod prove;
pub mod queens;
pub mod rules;
pub mod taquin;
pub mod tictactoe;

/// `resolu demo`: each built-in problem on its default, what a newcomer should see first:
/// every domain's demo in turn, each under a heading; the exit code is the worst one.
pub fn demo(io: &mut Io) -> CmdResult {
    type Demo = fn(&mut Io) -> CmdResult;
    // One line per domain (a domain joins the demo when its command works), its title in
    // the run's language.
    let parts: [(String, Demo); 12] = [
        (crate::tr!("demo-title-graph"), graph::demo),
        (crate::tr!("demo-title-taquin"), taquin::demo),
        (crate::tr!("demo-title-prove"), prove::demo),
        (crate::tr!("demo-title-hanoi"), hanoi::demo),
        (crate::tr!("demo-title-rules"), rules::demo),
        (crate::tr!("demo-title-matches"), matches::demo),
        (crate::tr!("demo-title-tictactoe"), tictactoe::demo),
        (crate::tr!("demo-title-connect4"), connect4::demo),
        (crate::tr!("demo-title-knight"), knight::demo),
        (crate::tr!("demo-title-queens"), queens::demo),
        (crate::tr!("demo-title-maze"), maze::demo),
        (crate::tr!("demo-title-cube"), cube::demo),
    ];
    let mut worst = Exit::Success;
    for (title, demo) in &parts {
        writeln!(io.out, "\n=== {title}\n")?;
        worst = worst.worst(demo(io)?);
    }
    Ok(worst)
}
