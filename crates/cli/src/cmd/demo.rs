//! `resolu demo`: each built-in problem on its default, what a newcomer should see first.

use crate::cmd;
use crate::common::{CmdResult, Exit, Io};

/// Runs every domain's demo in turn, each under a heading; the exit code is the worst one.
pub fn run(io: &mut Io) -> CmdResult {
    type Demo = fn(&mut Io) -> CmdResult;
    // One line per domain; a domain joins the demo when its command works.
    let parts: &[(&str, Demo)] = &[
        (
            "Route finding on a road map (resolu graph)",
            cmd::graph::demo,
        ),
        ("The sliding-tile puzzle (resolu taquin)", cmd::taquin::demo),
        (
            "Backward chaining: the car-diagnosis base (resolu prove)",
            cmd::prove::demo,
        ),
        (
            "Forward chaining: the Towers of Hanoi expert system (resolu hanoi)",
            cmd::hanoi::demo,
        ),
        (
            "Forward chaining: the car-diagnosis rules (resolu rules)",
            cmd::rules::demo,
        ),
        ("The matches game (resolu matches)", cmd::matches::demo),
        ("Tic-tac-toe (resolu tictactoe)", cmd::tictactoe::demo),
        ("Connect Four (resolu connect4)", cmd::connect4::demo),
        ("The knight's tour (resolu knight)", cmd::knight::demo),
        ("The N-queens problem (resolu queens)", cmd::queens::demo),
        ("A maze (resolu maze)", cmd::maze::demo),
        (
            "The Rubik's cube: a 2x2x2 solved optimally (resolu cube)",
            cmd::cube::demo,
        ),
    ];
    let mut worst = Exit::Success;
    for (title, demo) in parts {
        writeln!(io.out, "\n=== {title}\n")?;
        worst = worst.worst(demo(io)?);
    }
    Ok(worst)
}
