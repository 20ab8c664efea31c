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
    // One line per domain; a domain joins the demo when its command works.
    let parts: &[(&str, Demo)] = &[
        ("Route finding on a road map (resolu graph)", graph::demo),
        ("The sliding-tile puzzle (resolu taquin)", taquin::demo),
        (
            "Backward chaining: the car-diagnosis base (resolu prove)",
            prove::demo,
        ),
        (
            "Forward chaining: the Towers of Hanoi expert system (resolu hanoi)",
            hanoi::demo,
        ),
        (
            "Forward chaining: the car-diagnosis rules (resolu rules)",
            rules::demo,
        ),
        ("The matches game (resolu matches)", matches::demo),
        ("Tic-tac-toe (resolu tictactoe)", tictactoe::demo),
        ("Connect Four (resolu connect4)", connect4::demo),
        ("The knight's tour (resolu knight)", knight::demo),
        ("The N-queens problem (resolu queens)", queens::demo),
        ("A maze (resolu maze)", maze::demo),
        (
            "The Rubik's cube: a 2x2x2 solved optimally (resolu cube)",
            cube::demo,
        ),
    ];
    let mut worst = Exit::Success;
    for (title, demo) in parts {
        writeln!(io.out, "\n=== {title}\n")?;
        worst = worst.worst(demo(io)?);
    }
    Ok(worst)
}
