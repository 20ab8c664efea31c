//! `resolu`: state-space search, backtracking, two-player games and rule-based inference,
//! from the command line. This file parses the arguments and dispatches; each subcommand
//! lives in its own module under `cmd/`.

mod clap_errors_fr;
mod cmd;
mod common;
mod course_trace;
mod enumerate;
mod help_args;
mod help_fr;
mod html;
mod i18n;
mod input_errors_fr;
mod lang;
mod play;
mod progress;
mod prove_answers;
mod rule_run;
mod tables;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use common::{CliError, Exit, Io};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "resolu",
    version,
    about = "Classic AI problem solving: search, backtracking, games, inference",
    after_help = "Examples:
  resolu demo                               every built-in problem on its default
  resolu taquin --start 'bhc/afd/g_e'       the course's 8-puzzle with A* and Manhattan
  resolu graph examples/graphs/romania.graph --algo astar
  resolu hanoi --disks 4                    the expert system on 4 disks
  resolu matches solve --matches 21         who wins, and how
  resolu connect4 solve --moves 3276477567135243   the exact score of a Connect Four position
  resolu knight --size 8 --method warnsdorff
  resolu prove examples/prolog/car.pl 'voiture_OK'
  resolu cube \"R U R' U'\"                      the Rubik's cube, two-phase

Exit codes: 0 solved, 1 no solution exists, 2 bad input or usage, 3 a limit stopped the search."
)]
struct Cli {
    /// Language of what a person reads: en or fr [default: the locale's: fr* gives French]
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "LANG",
        hide_possible_values = true
    )]
    lang: Option<lang::Lang>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run each built-in problem on its default.
    Demo,
    /// Solve an explicit state graph read from a file.
    Graph(cmd::graph::Args),
    /// The sliding-tile puzzle (taquin).
    #[command(visible_alias = "sliding")]
    Taquin(cmd::taquin::Args),
    /// Experiments: tables, CSV and plots of algorithms and heuristics.
    #[command(visible_alias = "experiences")]
    Experiment(cmd::experiment::Args),
    /// Backward chaining: a Prolog-like prover.
    #[command(visible_alias = "prouver")]
    Prove(cmd::prove::Args),
    /// Forward chaining: run a rule base.
    #[command(visible_alias = "regles")]
    Rules(cmd::rules::Args),
    /// Towers of Hanoi: expert system, optimal solutions, search.
    Hanoi(cmd::hanoi::Args),
    /// The matches game (take 1 to 3, the last one wins) and Nim.
    #[command(visible_alias = "allumettes")]
    Matches(cmd::matches::Args),
    /// Tic-tac-toe: solve it or play against the computer.
    #[command(visible_alias = "morpion")]
    Tictactoe(cmd::tictactoe::Args),
    /// Connect Four: the exact score of a position, or a game against the computer.
    #[command(visible_alias = "puissance4")]
    Connect4(cmd::connect4::Args),
    /// The knight's tour by backtracking.
    #[command(visible_alias = "cavalier")]
    Knight(cmd::knight::Args),
    /// The N-queens problem.
    #[command(visible_alias = "reines")]
    Queens(cmd::queens::Args),
    /// Solve a maze read from a text file.
    #[command(visible_alias = "labyrinthe")]
    Maze(cmd::maze::Args),
    /// Pattern databases of the sliding-tile puzzle: build, info, verify.
    Pdb(cmd::pdb::Args),
    /// The Rubik's cube (3x3x3 and 2x2x2): optimal, two-phase, census.
    #[command(visible_alias = "rubik")]
    Cube(cmd::cube::Args),
}

fn main() -> ExitCode {
    // The language is known before the command line is parsed, so that `--help` and the
    // parse errors' context can be French too.
    let lang = lang::Lang::resolve(lang::Lang::flag_in(std::env::args()));
    i18n::set_lang(lang);
    let mut command = Cli::command();
    if lang == lang::Lang::Fr {
        command = help_fr::localise(command);
    }
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|m| Cli::from_arg_matches(&m))
        .map_err(|e| e.format(&mut command));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            if lang == lang::Lang::Fr
                && e.use_stderr()
                && let Some(french) = clap_errors_fr::render(&e)
            {
                eprint!("{french}");
                return Exit::BadInput.into();
            }
            let _ = e.print();
            return if e.use_stderr() {
                Exit::BadInput.into()
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    progress::handle_interrupts();
    // The experiments draw their own progress bar.
    let own_bar = matches!(cli.command, Command::Experiment(_));
    if io::stderr().is_terminal() && !asks_for_json() && !own_bar {
        progress::show_progress();
    }
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    // Not a lock held for the whole run: `prove`'s read/1 takes standard input from inside
    // the prover, which must be able to lock it then.
    let mut input = io::BufReader::new(stdin);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(progress::ClearingWriter(stdout.lock()));
    let mut io = Io {
        input: &mut input,
        out: &mut out,
        interactive,
    };
    let result = dispatch(cli.command, &mut io);
    let flushed = out.flush();
    progress::clear_line();
    match (result, flushed) {
        (Ok(exit), Ok(())) => exit.into(),
        (Err(CliError::Input(msg)), _) => {
            let msg = input_errors_fr::whole(msg);
            eprintln!("{}", tr!("error-line", message = msg));
            Exit::BadInput.into()
        }
        (Err(CliError::Io(e)), _) | (Ok(_), Err(e)) => {
            if e.kind() == io::ErrorKind::BrokenPipe {
                ExitCode::SUCCESS
            } else {
                eprintln!("{}", tr!("error-line", message = e.to_string()));
                Exit::BadInput.into()
            }
        }
    }
}

/// Whether the command line asks for JSON (`--format json` in any subcommand): then no
/// progress line is drawn, even on a terminal.
fn asks_for_json() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--format=json")
        || args
            .windows(2)
            .any(|w| w[0] == "--format" && w[1] == "json")
}

fn dispatch(command: Command, io: &mut Io) -> common::CmdResult {
    match command {
        Command::Demo => cmd::demo(io),
        Command::Graph(a) => cmd::graph::run(a, io),
        Command::Taquin(a) => cmd::taquin::run(a, io),
        Command::Experiment(a) => cmd::experiment::run(a, io),
        Command::Prove(a) => cmd::prove::run(a, io),
        Command::Rules(a) => cmd::rules::run(a, io),
        Command::Hanoi(a) => cmd::hanoi::run(a, io),
        Command::Matches(a) => cmd::matches::run(a, io),
        Command::Tictactoe(a) => cmd::tictactoe::run(a, io),
        Command::Connect4(a) => cmd::connect4::run(a, io),
        Command::Knight(a) => cmd::knight::run(a, io),
        Command::Queens(a) => cmd::queens::run(a, io),
        Command::Maze(a) => cmd::maze::run(a, io),
        Command::Pdb(a) => cmd::pdb::run(a, io),
        Command::Cube(a) => cmd::cube::run(a, io),
    }
}
