//! `resolu tictactoe` (morpion): the game tree's counts, the verdict with the search effort
//! of each algorithm, solving a position, and a game against the computer.

use crate::common::{CliError, CmdResult, Exit, Format, Io, bad_input, write_json};
use crate::input_errors_fr::part;
use crate::play::{PlayArgs, Playable, play_loop, solution_json};
use clap::{Args as ClapArgs, Subcommand};
use resolu_games::alphabeta::alphabeta;
use resolu_games::enumerate::count;
use resolu_games::minimax::minimax;
use resolu_games::solver::Solver;
use resolu_games::tictactoe::{Board, TicTacToe};
use resolu_games::tt::TranspositionTable;
use resolu_games::{Game, Solution, Value};
use serde_json::{Value as Json, json};

/// Flags of `resolu tictactoe`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu tictactoe                          counts, the verdict, and what each algorithm visits
  resolu tictactoe solve                    a draw: every first move holds it
  resolu tictactoe solve --board 'xx./oo./...' --format json
  resolu tictactoe play                     you are X and start
  resolu tictactoe play --first computer --level random --seed 3

Boards: nine cells row by row, x, o or . (rows may be separated by '/'). Cells are written
row then column, from 1: in `play` type '2 3' (row 2, column 3) or a cell number 1-9 (row
by row); in JSON a cell is [row, col]. 'q' stops the game.")]
pub struct Args {
    /// What to do [default: the counts and the verdict].
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Start from this board instead of the empty one.
    #[arg(long, global = true, value_name = "BOARD")]
    pub board: Option<String>,
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write a step-through page to FILE: perfect play move by move, the minimax tree and
    /// the alpha-beta tree with its pruned branches (one self-contained HTML file).
    #[arg(long, global = true, value_parser = crate::common::output_file, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

/// The subcommands of `resolu tictactoe`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// The value of the board for the player to move, the moves that keep it, and the
    /// number of moves to the end under perfect play.
    #[command(
        visible_alias = "resoudre",
        after_help = "Examples:
  resolu tictactoe solve                                  a draw, 9 moves
  resolu tictactoe solve --board 'xx./oo./...'            X wins at once in (1, 3)
  resolu tictactoe solve --board 'x.x/.o./x.o' --format json"
    )]
    Solve,
    /// Play against the computer.
    #[command(
        visible_alias = "jouer",
        after_help = "Examples:
  resolu tictactoe play                              you are X, the computer is perfect
  resolu tictactoe play --first computer             the computer is X
  resolu tictactoe play --level random --seed 3      an opponent you can beat
  resolu tictactoe play --level mcts:2000            Monte Carlo tree search, 2000 iterations a move
  printf '2 2\\n1 1\\n' | resolu tictactoe play        moves from a script

Type a cell as 'row column' (e.g. '2 3') or as a number 1-9 row by row; 'q' stops."
    )]
    Play(PlayArgs),
}

/// Runs `resolu tictactoe`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let start = match &args.board {
        Some(b) => TicTacToe::parse(b).map_err(|e| {
            bad_input(crate::tr!(
                "refusal-flag",
                flag = "--board",
                message = part(e)
            ))
        })?,
        None => Board::default(),
    };
    crate::html::write_if(&args.html, || {
        resolu_view::pages::games::tictactoe_page(start, &crate::html::labels())
    })?;
    match args.command {
        None => overview(start, args.format, io),
        Some(Command::Solve) => solve(start, args.format, io),
        Some(Command::Play(p)) => {
            let game = Terminal {
                solver_game: TicTacToe,
            };
            play_loop(&game, start, &p, io)
        }
    }
}

/// A cell as the user sees it: [row, col] from 1.
fn cell_json(cell: &u8) -> Json {
    json!([cell / 3 + 1, cell % 3 + 1])
}

/// A cell in a list: `(row, col)`.
fn cell_short(cell: &u8) -> String {
    format!("({}, {})", cell / 3 + 1, cell % 3 + 1)
}

fn cell_words(cell: &u8) -> String {
    crate::tr!("play-cell", row = cell / 3 + 1, column = cell % 3 + 1)
}

fn draw(board: &Board, io: &mut Io) -> Result<(), CliError> {
    writeln!(io.out, "    1   2   3")?;
    for (r, row) in board.rows().iter().enumerate() {
        let cells: Vec<&str> = row.split(' ').collect();
        writeln!(io.out, "{}   {}", r + 1, cells.join(" | "))?;
        if r < 2 {
            writeln!(io.out, "   ---+---+---")?;
        }
    }
    Ok(())
}

fn solve_board(board: &Board) -> Solution<u8> {
    match Solver::new(&TicTacToe).solve(board) {
        Ok(s) => s,
        Err(_) => unreachable!("no position limit was set"),
    }
}

fn verdict_line(board: &Board, s: &Solution<u8>) -> String {
    let mover = if TicTacToe.to_move(board) == resolu_games::Player::One {
        "X"
    } else {
        "O"
    };
    let plies = s.plies.unwrap_or(0);
    if let Some(o) = TicTacToe.result(board) {
        let winner = match o.winner() {
            Some(resolu_games::Player::One) => "X",
            Some(resolu_games::Player::Two) => "O",
            None => "none",
        };
        return crate::tr!("tictactoe-over", winner = winner);
    }
    let moves: Vec<String> = s.winning_moves().iter().map(|c| cell_short(c)).collect();
    let or = format!(" {} ", crate::tr!("or"));
    match s.value {
        Value::Win => crate::tr!(
            "tictactoe-win",
            mover = mover,
            count = plies,
            moves = moves.join(&or)
        ),
        Value::Draw => crate::tr!(
            "tictactoe-draw",
            mover = mover,
            count = plies,
            moves = moves.join(" ")
        ),
        Value::Loss => crate::tr!("tictactoe-loss", mover = mover, count = plies),
    }
}

fn solve(board: Board, format: Format, io: &mut Io) -> CmdResult {
    let s = solve_board(&board);
    if format == Format::Json {
        write_json(io.out, &solution_json(&s, cell_json))?;
        return Ok(Exit::Success);
    }
    draw(&board, io)?;
    writeln!(io.out, "{}", verdict_line(&board, &s))?;
    let line = crate::tr!(
        "tictactoe-solver",
        stored = s.stats.stored,
        visited = s.stats.visited
    );
    writeln!(io.out, "{line}")?;
    Ok(Exit::Success)
}

/// Counts of the game tree, the verdict, and the effort of each algorithm.
fn overview(board: Board, format: Format, io: &mut Io) -> CmdResult {
    let game = TicTacToe;
    let c = count(&game, &board);
    let s = solve_board(&board);
    let (mm, mm_stats) = minimax(&game, &board);
    let (_, ab) = alphabeta(&game, &board, None);
    let mut table = TranspositionTable::new();
    let (_, abt) = alphabeta(&game, &board, Some(&mut table));
    if format == Format::Json {
        let mut v = solution_json(&s, cell_json);
        if let Json::Object(map) = &mut v {
            map.insert(
                "counts".into(),
                json!({
                    "plays": c.plays as u64,
                    "x_wins": c.wins[0] as u64,
                    "o_wins": c.wins[1] as u64,
                    "draws": c.draws as u64,
                    "tree_nodes": c.tree_nodes as u64,
                    "positions": c.positions,
                    "final_positions": c.terminal_positions,
                }),
            );
            map.insert(
                "visited".into(),
                json!({
                    "minimax": mm_stats.visited,
                    "alphabeta": ab.visited,
                    "alphabeta_table": abt.visited,
                    "solver_positions": s.stats.stored,
                }),
            );
        }
        write_json(io.out, &v)?;
        return Ok(Exit::Success);
    }
    writeln!(
        io.out,
        "Tic-tac-toe: X (player 1) and O (player 2) take turns; three in a row wins."
    )?;
    draw(&board, io)?;
    writeln!(
        io.out,
        "Game tree: {} plays (X wins {}, O wins {}, draws {}), {} nodes; {} distinct positions \
         ({} final).",
        c.plays, c.wins[0], c.wins[1], c.draws, c.tree_nodes, c.positions, c.terminal_positions
    )?;
    writeln!(io.out, "{}", verdict_line(&board, &s))?;
    writeln!(
        io.out,
        "Minimax value for X: {mm}. Nodes visited to find it:"
    )?;
    writeln!(
        io.out,
        "  minimax                     {:>8}",
        mm_stats.visited
    )?;
    writeln!(
        io.out,
        "  alpha-beta                  {:>8}  ({} cut-offs)",
        ab.visited, ab.cutoffs
    )?;
    writeln!(
        io.out,
        "  alpha-beta + table          {:>8}  ({} table hits, {} positions stored)",
        abt.visited, abt.table_hits, abt.stored
    )?;
    writeln!(
        io.out,
        "  solver (exact distances)    {:>8}  ({} positions stored)",
        s.stats.visited, s.stats.stored
    )?;
    Ok(Exit::Success)
}

/// Tic-tac-toe in the terminal.
struct Terminal {
    solver_game: TicTacToe,
}

impl Playable for Terminal {
    type G = TicTacToe;

    fn game(&self) -> &TicTacToe {
        &self.solver_game
    }

    fn show(&self, board: &Board, io: &mut Io) -> Result<(), CliError> {
        draw(board, io)
    }

    fn prompt(&self, _board: &Board) -> String {
        crate::tr!("play-tictactoe-prompt")
    }

    fn parse_move(&self, board: &Board, text: &str) -> Result<u8, String> {
        let parts: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let number = |w: &str| {
            w.parse::<u8>()
                .map_err(|_| crate::tr!("play-not-a-number", text = w))
        };
        let cell = match parts.as_slice() {
            [one] => {
                let n = number(one)?;
                if !(1..=9).contains(&n) {
                    return Err(crate::tr!("play-no-cell", cell = n));
                }
                n - 1
            }
            [r, c] => {
                let (r, c) = (number(r)?, number(c)?);
                if !(1..=3).contains(&r) || !(1..=3).contains(&c) {
                    return Err(crate::tr!("play-no-cell-at", row = r, column = c));
                }
                3 * (r - 1) + (c - 1)
            }
            _ => {
                return Err(crate::tr!("play-not-a-cell", text = text));
            }
        };
        if board.cell(cell).is_some() {
            return Err(crate::tr!("play-cell-taken", cell = cell_words(&cell)));
        }
        Ok(cell)
    }

    fn words(&self, cell: &u8) -> String {
        cell_words(cell)
    }

    fn solve(&self, board: &Board) -> Result<Solution<u8>, CliError> {
        Ok(solve_board(board))
    }
}

/// `resolu demo`: the verdict of tic-tac-toe and its game tree's size.
pub fn demo(io: &mut Io) -> CmdResult {
    let board = Board::default();
    let c = count(&TicTacToe, &board);
    let s = solve_board(&board);
    let holding = s.winning_moves().len();
    let said = crate::tr!(
        "tictactoe-demo-count",
        plays = c.plays.to_string(),
        positions = c.positions.to_string()
    );
    writeln!(io.out, "{said}")?;
    let said = crate::tr!(
        "tictactoe-demo-verdict",
        value = s.value.as_str(),
        holding = holding.to_string(),
        plies = s.plies.unwrap_or(0).to_string()
    );
    writeln!(io.out, "{said}")?;
    Ok(Exit::Success)
}
