//! The games' exhaustive solvers honour the shared `resolu_search::Limits` and name the
//! limit that stopped them.

use resolu_games::connect4::{Connect4, solver::Solver as Connect4Solver};
use resolu_games::matches::{Matches, SolveError, TakeSet};
use resolu_games::solver::Solver;
use resolu_games::tictactoe::TicTacToe;
use resolu_games::{Error, Game, Value};
use resolu_search::{Limits, Monitor, StopReason};
use std::time::Duration;

/// Tic-tac-toe has 5,478 legal positions (the solver stores fewer, one per symmetry
/// class): more than the solver pushes between two looks at the clock and the monitor.
const TICTACTOE_POSITIONS: usize = 5_478;

#[test]
fn the_solver_stops_at_the_position_limit_with_the_same_message() {
    let game = TicTacToe;
    let stopped = Solver::new(&game)
        .limits(Limits::new().max_nodes(100))
        .solve(&game.start())
        .unwrap_err();
    assert_eq!(stopped.reason, StopReason::NodeLimit);
    assert!(stopped.stats.stored < 100, "{:?}", stopped.stats);
    assert!(stopped.stats.expanded >= 100, "{:?}", stopped.stats);
    assert_eq!(
        stopped.to_string(),
        "the position limit (100) was reached before the game was solved"
    );
    // The old shorthand sets the same limit; enough room solves the game.
    let mut solver = Solver::new(&game).max_positions(Some(TICTACTOE_POSITIONS + 10));
    assert_eq!(solver.solve(&game.start()).unwrap().value, Value::Draw);
    assert!(solver.positions() > 100 && solver.positions() <= TICTACTOE_POSITIONS);
}

#[test]
fn the_solver_stops_at_the_timeout_the_memory_budget_and_the_monitor() {
    let game = TicTacToe;
    let solve = |limits: Limits| Solver::new(&game).limits(limits).solve(&game.start());
    let stopped = solve(Limits::new().timeout(Duration::ZERO)).unwrap_err();
    assert_eq!(stopped.reason, StopReason::TimeLimit);
    assert_eq!(
        stopped.to_string(),
        "the time limit (0 s) was reached before the game was solved"
    );
    let stopped = solve(Limits::new().max_memory_bytes(1)).unwrap_err();
    assert_eq!(stopped.reason, StopReason::MemoryLimit);
    static MONITOR: Monitor = Monitor::new();
    MONITOR.interrupt();
    let stopped = solve(Limits::new().monitor(&MONITOR)).unwrap_err();
    assert_eq!(stopped.reason, StopReason::Interrupted);
    assert_eq!(MONITOR.running(), 0, "the run was counted as ended");
    assert_eq!(
        MONITOR.started(),
        1,
        "one call is one run, whatever it calls inside"
    );
    assert!(MONITOR.expanded() > 0, "the counters were published");
}

#[test]
fn matches_report_the_limit_through_solve_error_and_the_crate_error() {
    // Misère with a take list and several heaps: the value needs the search.
    let game = Matches::new(vec![9, 10, 11], TakeSet::one_to(3), true);
    let err = game
        .solve_within(&game.position(), &Limits::new().max_nodes(50))
        .unwrap_err();
    let SolveError::Stopped(stopped) = &err else {
        panic!("expected a stop, got {err:?}")
    };
    assert_eq!(stopped.reason, StopReason::NodeLimit);
    let message = err.to_string();
    let crate_error: Error = err.into();
    assert_eq!(crate_error.to_string(), message);
    // Within no limit it is decided, and the same as with the old entry point.
    let full = game.solve_within(&game.position(), &Limits::new()).unwrap();
    let old = game.solve(&game.position(), None).unwrap();
    assert_eq!(full.solution.value, old.solution.value);
    assert_eq!(full.solution.plies, old.solution.plies);
}

#[test]
fn the_connect4_solver_names_the_limit_that_stopped_it() {
    let game = Connect4::standard();
    let start = game.empty();
    let stopped = Connect4Solver::new(&game, 16)
        .limits(Limits::new().max_nodes(10_000))
        .solve(&start)
        .unwrap_err();
    assert_eq!(stopped.reason, StopReason::NodeLimit);
    assert!(stopped.nodes >= 10_000);
    assert!(
        stopped
            .to_string()
            .starts_with("stopped by the node limit after ")
    );
    let stopped = Connect4Solver::new(&game, 16)
        .limits(Limits::new().timeout(Duration::ZERO))
        .analyse(&start)
        .unwrap_err();
    assert_eq!(stopped.reason, StopReason::TimeLimit);
    assert!(
        stopped
            .to_string()
            .starts_with("stopped by the time limit after ")
    );
}
