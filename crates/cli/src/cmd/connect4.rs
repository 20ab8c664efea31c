//! `resolu connect4` (puissance4): Connect Four on any board from 4x4 to 8x8, a position
//! given as the columns played; its exact score by the strong solver; and a game against
//! the computer (the shared play loop, [`crate::play`]).

mod book;

use crate::common::{CliError, CmdResult, Exit, Format, Io, bad_input, parse_seconds, write_json};
use crate::input_errors_fr::part;
use crate::play::{First, PlayArgs, Playable, parse_level, play_loop, player_name};
use crate::tr;
use clap::{Args as ClapArgs, Subcommand};
use resolu_games::connect4::solver::{Analysis, Solver, Stopped};
use resolu_games::connect4::{Connect4, Position};
use resolu_games::player::Level;
use resolu_games::{Game, GameResult, GameStats, MoveValue, Player, Solution, Value};
use resolu_search::StopReason;
use resolu_view::pages::connect4_play::PlayedMove;
use serde_json::json;
use std::cell::RefCell;
use std::time::Duration;

/// Flags of `resolu connect4`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu connect4 --moves 4453                     the board after columns 4, 4, 5, 3
  resolu connect4 solve --moves 3276477567135243   score 11: player 1 wins
  resolu connect4 solve --moves 3276477567135243 --analyze   and each column's score
  resolu connect4 solve --moves 4453 --format json --timeout 60   (slow: 10 s of search)
  resolu connect4 solve --size 5x4                 the empty 5x4 board: a draw
  resolu connect4 play --size 6x5                  you first, against the solver
  resolu connect4 play --level mcts:5000           Monte Carlo tree search, 5000 iterations a move

A position is the sequence of the columns played, numbered from 1 (as published test sets
write it). The score, for the player to move: 0 a draw; a win scores (cells + 1 - n) / 2,
n being the stones on the board before the winning stone (on 7x6: 22 minus the winner's
stone count, so a faster win scores higher); a loss scores minus the opponent's win.")]
pub struct Args {
    /// What to do [default: draw the board].
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The board, columns x rows, each from 4 to 8.
    #[arg(long, global = true, default_value = "7x6", value_name = "COLSxROWS")]
    pub size: String,
    /// The columns played so far, from 1, e.g. 4453.
    #[arg(long, global = true, default_value = "", value_name = "SEQ")]
    pub moves: String,
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// With solve: write a step-through page to FILE, the solver's line of perfect play
    /// from the position, each board with every column's score (one self-contained HTML
    /// file). With play: the game as played, each position with the column played and, at
    /// the perfect level, every column's score (the solver then scores each column of each
    /// position: slower than the play alone).
    #[arg(long, global = true, value_parser = crate::common::output_file, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

/// The subcommands of `resolu connect4`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// The exact score of the position for the player to move (with --analyze: the best
    /// columns and every column's score).
    #[command(
        visible_alias = "resoudre",
        after_help = "Examples:
  resolu connect4 solve --moves 3276477567135243 --format json
  resolu connect4 solve --moves 3276477567135243 --analyze   each column's score
  resolu connect4 solve --size 6x5                   the empty 6x5 board, outright (seconds)
  resolu connect4 solve --size 5x4 --book 6          from an opening book (built once)
  resolu connect4 solve --moves 4 --timeout 2        exit 3 if not solved in 2 seconds

JSON: {\"score\", \"best_moves\" (columns from 1), \"nodes\" (positions searched),
\"column_scores\" (null for a full column), \"to_move\", \"elapsed_ms\"}; without --analyze
\"best_moves\" and \"column_scores\" are null. A stopped run gives \"score\": null,
\"reason\" and exit 3.
The solver, after Pascal Pons's: bitboards, negamax with alpha-beta over the moves that do
not lose at once, a transposition table of bounds, moves ordered by the winning cells they
create then centre first, null-window searches on the score. Near the end of a 7x6 game
it takes microseconds, in the middle milliseconds to seconds; the empty 7x6 board hours."
    )]
    Solve(SolveArgs),
    /// Play against the computer.
    #[command(
        visible_alias = "jouer",
        after_help = "Examples:
  resolu connect4 play --size 5x4                    the solver on a small board
  resolu connect4 play                               7x6, alpha-beta a second a move
  resolu connect4 play --level perfect --moves 3276477567135243   the solver, mid-game
  resolu connect4 play --level mcts:5000 --first computer
  printf '4\\n4\\n4\\n' | resolu connect4 play --level random --seed 1

Type a column number; 'q' stops the game."
    )]
    Play(Connect4PlayArgs),
}

/// Flags of `resolu connect4 solve`.
#[derive(ClapArgs, Debug)]
pub struct SolveArgs {
    /// Stop after this many seconds (exit 3).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Stop after this many positions searched (exit 3).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop (exit 3) if the transposition table would take more than this many MB.
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
    /// Transposition table: about 2^N slots of 5 bytes on 7x6, 8 on the largest boards
    /// (16 to 27: 320 KB to 1 GB).
    #[arg(long, default_value_t = 24, value_name = "N",
          value_parser = clap::value_parser!(u32).range(16..=27))]
    pub table_bits: u32,
    /// Also each column's exact score and the best columns (a score search per column:
    /// several times slower than the score alone).
    #[arg(long, visible_alias = "analyse")]
    pub analyze: bool,
    /// The opening book.
    #[command(flatten)]
    pub book: book::BookArgs,
}

/// Flags of `resolu connect4 play`.
#[derive(ClapArgs, Debug)]
pub struct Connect4PlayArgs {
    /// Who plays first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// The computer's level: perfect (the solver), random, mcts:N, mcts:time=1s,
    /// alphabeta:time=1s, alphabeta:depth=N [default: perfect on boards of up to 30
    /// cells, alphabeta:time=1s above: the solver needs minutes on an open 7x6 board].
    #[arg(long, value_parser = parse_level, value_name = "LEVEL")]
    pub level: Option<Level>,
    /// Seed of the random and mcts levels.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The opening book of the perfect level.
    #[command(flatten)]
    pub book: book::BookArgs,
}

fn setup(args: &Args) -> Result<(Connect4, Position), CliError> {
    let game = Connect4::parse_size(&args.size).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-flag",
            flag = "--size",
            message = part(e)
        ))
    })?;
    let pos = game.parse_moves(&args.moves).map_err(|e| {
        bad_input(crate::tr!(
            "refusal-flag",
            flag = "--moves",
            message = part(e)
        ))
    })?;
    Ok((game, pos))
}

/// Runs `resolu connect4`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let (game, pos) = setup(&args)?;
    match &args.command {
        None => show(&game, &pos, args.format, io),
        Some(Command::Solve(s)) => solve(&game, &pos, s, args.format, io, args.html.as_deref()),
        Some(Command::Play(p)) => play(&game, pos, p, io, args.html.as_deref()),
    }
}

fn mark(p: Player) -> char {
    match p {
        Player::One => 'X',
        Player::Two => 'O',
    }
}

/// The board as a grid: column numbers on top, X for player 1, O for player 2.
fn draw(game: &Connect4, pos: &Position, io: &mut Io) -> Result<(), CliError> {
    let numbers: Vec<String> = (1..=game.width()).map(|c| c.to_string()).collect();
    writeln!(io.out, "  {}", numbers.join(" "))?;
    for row in game.rows(pos) {
        let cells: Vec<String> = row.chars().map(String::from).collect();
        writeln!(io.out, "| {} |", cells.join(" "))?;
    }
    writeln!(io.out, "+{}+", "-".repeat(2 * game.width() as usize + 1))?;
    Ok(())
}

fn status(game: &Connect4, pos: &Position) -> String {
    match game.result(pos) {
        Some(GameResult::Win(p)) => {
            tr!(
                "connect4-won",
                player = player_name(p),
                mark = mark(p).to_string()
            )
        }
        Some(GameResult::Draw) => tr!("connect4-full"),
        None => {
            let p = game.to_move(pos);
            let (player, mark) = (player_name(p), mark(p).to_string());
            tr!(
                "connect4-to-move",
                stones = pos.moves,
                player = player,
                mark = mark
            )
        }
    }
}

fn show(game: &Connect4, pos: &Position, format: Format, io: &mut Io) -> CmdResult {
    if format == Format::Json {
        let rows = game.rows(pos);
        write_json(
            io.out,
            &json!({
                "size": [game.width(), game.height()],
                "rows": rows,
                "stones": pos.moves,
                "to_move": game.to_move(pos).number(),
                "winner": game.result(pos).and_then(GameResult::winner).map(Player::number),
                "over": game.result(pos).is_some(),
            }),
        )?;
        return Ok(Exit::Success);
    }
    let size = format!("{}x{}", game.width(), game.height());
    writeln!(io.out, "{}", tr!("connect4-show-intro", size = size))?;
    draw(game, pos, io)?;
    writeln!(io.out, "{}", status(game, pos))?;
    writeln!(io.out, "{}", tr!("connect4-show-hint"))?;
    Ok(Exit::Success)
}

/// The stone count of the winner when they win, for a score `score` > 0 of the player to
/// move in a position of `stones` stones (or of their opponent, `score` < 0).
fn winning_stone(game: &Connect4, stones: u32, score: i32) -> u32 {
    plies(game, stones, score) + stones - 1
}

/// Plies to the end, the next stone included, for a score of the player to move: the
/// winning stone is placed on a board of `n_w` stones, `(cells + 1 - n_w) / 2 = |score|`,
/// `n_w` of the winner's parity.
fn plies(game: &Connect4, stones: u32, score: i32) -> u32 {
    let cells = game.cells();
    if score == 0 {
        return cells - stones;
    }
    let s = score.unsigned_abs();
    let winner_parity = if score > 0 {
        stones % 2
    } else {
        1 - stones % 2
    };
    let mut n_w = cells + 1 - 2 * s;
    if n_w % 2 != winner_parity {
        n_w -= 1;
    }
    n_w - stones + 1
}

/// The score in words, for the player to move.
fn score_words(game: &Connect4, pos: &Position, score: i32) -> String {
    let p = game.to_move(pos);
    let n_w = winning_stone(game, pos.moves, score);
    // The winner's stones, the winning one included.
    let count = n_w / 2 + 1;
    let (player, mark, other) = (player_name(p), mark(p).to_string(), player_name(p.other()));
    let score_text = score.to_string();
    match score.signum() {
        1 => tr!(
            "connect4-score-win",
            player = player,
            mark = mark,
            count = count,
            score = score_text
        ),
        -1 => tr!(
            "connect4-score-loss",
            player = player,
            mark = mark,
            other = other,
            count = count,
            score = score_text
        ),
        _ => tr!("connect4-score-draw", player = player),
    }
}

fn solve(
    game: &Connect4,
    pos: &Position,
    args: &SolveArgs,
    format: Format,
    io: &mut Io,
    html: Option<&std::path::Path>,
) -> CmdResult {
    let json = format == Format::Json;
    if game.result(pos).is_some() {
        if json {
            write_json(
                io.out,
                &json!({"score": null, "best_moves": [], "nodes": 0, "over": true,
                        "winner": game.result(pos).and_then(GameResult::winner).map(Player::number)}),
            )?;
        } else {
            draw(game, pos, io)?;
            writeln!(io.out, "{}", status(game, pos))?;
        }
        return Ok(Exit::Success);
    }
    let mut limits = resolu_search::Limits::new().monitor(&crate::progress::MONITOR);
    limits.timeout = args.timeout;
    // 0: no limit, as everywhere --max-nodes exists.
    limits.max_nodes = args.max_nodes.filter(|&n| n > 0);
    limits.max_memory_bytes = args
        .max_memory
        .map_or_else(crate::common::default_memory_bytes, |mb| {
            mb.saturating_mul(1 << 20)
        });
    let book = book::load(game, &args.book)?;
    let mut solver = Solver::new(game, args.table_bits).limits(limits).book(book);
    let outcome = if args.analyze {
        solver.analyse(pos)
    } else {
        let clock = std::time::Instant::now();
        solver.solve(pos).map(|(score, nodes)| Analysis {
            score,
            best_moves: Vec::new(),
            column_scores: Vec::new(),
            nodes,
            elapsed: clock.elapsed(),
        })
    };
    let analysis = match outcome {
        Ok(a) => a,
        Err(stopped) => return stopped_report(game, pos, &stopped, json, io),
    };
    if let Some(path) = html {
        let verdict = score_words(game, pos, analysis.score);
        let (line, note) = solver_line(game, pos, &mut solver, &analysis);
        let page = resolu_view::pages::connect4::connect4_page(
            game,
            pos,
            &verdict,
            analysis.nodes,
            &line,
            note.as_deref(),
            &crate::html::labels(),
        );
        crate::html::write_page(path, &page)?;
    }
    if json {
        write_json(io.out, &analysis_json(game, pos, &analysis, args.analyze))?;
        return Ok(Exit::Success);
    }
    draw(game, pos, io)?;
    writeln!(io.out, "{}", status(game, pos))?;
    writeln!(io.out, "{}", score_words(game, pos, analysis.score))?;
    if args.analyze {
        let best: Vec<String> = analysis
            .best_moves
            .iter()
            .map(|c| (c + 1).to_string())
            .collect();
        writeln!(
            io.out,
            "{}",
            tr!("connect4-best", columns = best.join(", "))
        )?;
        let scores: Vec<String> = analysis
            .column_scores
            .iter()
            .map(|s| s.map_or("-".into(), |v| v.to_string()))
            .collect();
        let said = tr!(
            "connect4-column-scores",
            width = game.width(),
            scores = scores.join(" ")
        );
        writeln!(io.out, "{said}")?;
    } else {
        writeln!(io.out, "{}", tr!("connect4-analyze-hint"))?;
    }
    let said = tr!(
        "connect4-solver",
        nodes = analysis.nodes.to_string(),
        ms = format!("{:.3}", analysis.elapsed.as_secs_f64() * 1000.0)
    );
    writeln!(io.out, "{said}")?;
    Ok(Exit::Success)
}

/// The report of a solve stopped by a limit: the reason and the counters so far, exit 3.
fn stopped_report(
    game: &Connect4,
    pos: &Position,
    stopped: &Stopped,
    json: bool,
    io: &mut Io,
) -> CmdResult {
    if json {
        write_json(
            io.out,
            &json!({"score": null, "best_moves": [], "nodes": stopped.nodes,
                    "stopped": true, "reason": stopped.reason.as_str(),
                    "elapsed_ms": stopped.elapsed.as_secs_f64() * 1000.0}),
        )?;
    } else {
        draw(game, pos, io)?;
        let flag = match stopped.reason {
            StopReason::NodeLimit => "node",
            StopReason::MemoryLimit => "memory",
            StopReason::TimeLimit => "time",
            _ => "other",
        };
        let said = tr!(
            "connect4-not-solved",
            stopped = stopped.to_string(),
            flag = flag
        );
        writeln!(io.out, "{said}")?;
    }
    Ok(Exit::Limit)
}

/// The JSON of a solve; without `analyzed`, `best_moves` and `column_scores` are null (not
/// computed).
fn analysis_json(
    game: &Connect4,
    pos: &Position,
    a: &Analysis,
    analyzed: bool,
) -> serde_json::Value {
    let best: Vec<u8> = a.best_moves.iter().map(|c| c + 1).collect();
    json!({
        "score": a.score,
        "best_moves": if analyzed { json!(best) } else { serde_json::Value::Null },
        "nodes": a.nodes,
        "column_scores": if analyzed { json!(a.column_scores) } else { serde_json::Value::Null },
        "to_move": game.to_move(pos).number(),
        "elapsed_ms": a.elapsed.as_secs_f64() * 1000.0,
    })
}

/// Connect Four in the terminal; the perfect level asks the solver.
struct Terminal<'g> {
    game: &'g Connect4,
    solver: RefCell<Solver<'g>>,
    /// With `--html`: the moves played so far, for the page.
    record: Option<RefCell<Vec<PlayedMove>>>,
    /// Whether the page scores every column of each position (the perfect level).
    scores: bool,
}

impl Terminal<'_> {
    /// Every column's score from `pos` by the solver, for the page (empty if a limit or
    /// Ctrl-C stops it: the page then shows the move without scores).
    fn column_scores(&self, pos: &Position) -> Vec<Option<i32>> {
        if !self.scores {
            return Vec::new();
        }
        self.solver
            .borrow_mut()
            .analyse(pos)
            .map(|a| a.column_scores)
            .unwrap_or_default()
    }
}

impl Playable for Terminal<'_> {
    type G = Connect4;

    fn game(&self) -> &Connect4 {
        self.game
    }

    /// Draws the board and flushes standard output: the computer may think for long
    /// after it (and Ctrl-C then ends the process), the banner and the board must show.
    fn show(&self, pos: &Position, io: &mut Io) -> Result<(), CliError> {
        draw(self.game, pos, io)?;
        io.out.flush()?;
        Ok(())
    }

    fn prompt(&self, _pos: &Position) -> String {
        tr!("connect4-prompt", width = self.game.width())
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<u8, String> {
        let w = self.game.width();
        let col: u32 = text
            .trim()
            .parse()
            .map_err(|_| tr!("connect4-not-column", text = text, width = w))?;
        if col == 0 || col > w {
            return Err(tr!("connect4-no-column", column = col, width = w));
        }
        if !self.game.can_play(pos, col - 1) {
            return Err(tr!("connect4-column-full", column = col));
        }
        Ok((col - 1) as u8)
    }

    fn words(&self, col: &u8) -> String {
        tr!("connect4-column", column = col + 1)
    }

    fn played(&self, pos: &Position, col: &u8, by_human: bool, note: &str) {
        if let Some(record) = &self.record {
            let column_scores = self.column_scores(pos);
            record.borrow_mut().push(PlayedMove {
                column: *col,
                by_human,
                column_scores,
                note: note.to_string(),
            });
        }
    }

    /// The perfect player's move by the fast path ([`Solver::best_move`]: the score, then
    /// the first column that keeps it): the solution lists that one move, the only one the
    /// play loop asks for.
    fn solve(&self, pos: &Position) -> Result<Solution<u8>, CliError> {
        let g = self.game;
        let clock = std::time::Instant::now();
        let (score, column, nodes) = self.solver.borrow_mut().best_move(pos).map_err(|e| {
            if e.reason == resolu_search::StopReason::Interrupted {
                interrupted_while_thinking(e.nodes)
            }
            bad_input(crate::tr!(
                "refusal-connect4-solver",
                message = e.to_string()
            ))
        })?;
        let value = Value::from_score(score.signum() as i8);
        let plies = Some(u64::from(plies(g, pos.moves, score)));
        Ok(Solution {
            to_move: g.to_move(pos),
            value,
            plies,
            moves: vec![MoveValue {
                mv: column,
                value,
                plies,
            }],
            stats: GameStats {
                visited: nodes,
                elapsed: clock.elapsed(),
                ..GameStats::default()
            },
        })
    }
}

/// Boards up to this many cells default to the perfect level in `play`.
const PERFECT_DEFAULT_CELLS: u32 = 30;

fn play(
    game: &Connect4,
    pos: Position,
    args: &Connect4PlayArgs,
    io: &mut Io,
    html: Option<&std::path::Path>,
) -> CmdResult {
    let level = args
        .level
        .unwrap_or(if game.cells() <= PERFECT_DEFAULT_CELLS {
            Level::Perfect
        } else {
            Level::AlphaBeta {
                time: Some(Duration::from_secs(1)),
                depth: None,
            }
        });
    let size = format!("{}x{}", game.width(), game.height());
    let said = tr!("connect4-play-intro", size = size, width = game.width());
    writeln!(io.out, "{said}")?;
    if level == Level::Perfect && game.cells() - pos.moves > 30 {
        writeln!(io.out, "{}", tr!("connect4-perfect-slow"))?;
    }
    let book = if level == Level::Perfect {
        book::load(game, &args.book)?
    } else {
        None
    };
    let terminal = Terminal {
        game,
        // Ctrl-C while the solver thinks stops it (exit 3, its positions so far).
        solver: RefCell::new(
            Solver::new(game, 24)
                .book(book)
                .limits(resolu_search::Limits::new().monitor(&crate::progress::MONITOR)),
        ),
        record: html.map(|_| RefCell::new(Vec::new())),
        scores: level == Level::Perfect,
    };
    let play_args = PlayArgs {
        first: args.first,
        level,
        seed: args.seed,
    };
    let exit = play_loop(&terminal, pos, &play_args, io)?;
    if let (Some(path), Some(record)) = (html, &terminal.record) {
        let moves = record.borrow();
        let end = game_end(game, &pos, &moves, args.first);
        let page = resolu_view::pages::connect4_play::connect4_game_page(
            game,
            &pos,
            &moves,
            &level.describe(),
            &end,
            &crate::html::labels(),
        );
        crate::html::write_page(path, &page)?;
    }
    Ok(exit)
}

/// How the game recorded ends, as the terminal says it.
fn game_end(game: &Connect4, start: &Position, moves: &[PlayedMove], first: First) -> String {
    let end = moves.iter().fold(*start, |p, m| game.play(&p, &m.column));
    let human = match first {
        First::Human => game.to_move(start),
        First::Computer => game.to_move(start).other(),
    };
    let labels = crate::html::labels();
    let said = match game.result(&end).map(|r| r.winner()) {
        Some(Some(w)) if w == human => labels.say("you win.", "vous avez gagné."),
        Some(Some(_)) => labels.say("the computer wins.", "l'ordinateur a gagné."),
        Some(None) => labels.say("a draw.", "partie nulle."),
        None => labels.say(
            "the game stopped before its end.",
            "la partie s'est arrêtée avant sa fin.",
        ),
    };
    said.to_string()
}

/// Ctrl-C while the perfect player thinks: the game ends there, as any long run that
/// Ctrl-C stops, with exit 3 and what the solver did.
fn interrupted_while_thinking(nodes: u64) -> ! {
    use std::io::Write as _;
    crate::progress::clear_line();
    let mut out = std::io::stdout();
    let _ = writeln!(
        out,
        "{}",
        tr!("connect4-interrupted", nodes = nodes.to_string())
    );
    let _ = out.flush();
    std::process::exit(3)
}

/// `resolu demo`: a small board solved outright, and a 7x6 middle game.
pub fn demo(io: &mut Io) -> CmdResult {
    let small = Connect4::new(5, 4).map_err(|e| bad_input(e.to_string()))?;
    let mut solver = Solver::new(&small, 20);
    let a = solver
        .analyse(&small.empty())
        .map_err(|e| bad_input(e.to_string()))?;
    let scores: Vec<String> = a
        .column_scores
        .iter()
        .map(|s| s.map_or("-".into(), |v| v.to_string()))
        .collect();
    let said = tr!(
        "connect4-demo-small",
        verdict = score_words(&small, &small.empty(), a.score),
        scores = scores.join(" "),
        nodes = a.nodes.to_string()
    );
    writeln!(io.out, "{said}")?;
    let game = Connect4::standard();
    let moves = DEMO_MOVES;
    let pos = game
        .parse_moves(moves)
        .map_err(|e| bad_input(e.to_string()))?;
    let mut solver = Solver::new(&game, 20);
    let a = solver.analyse(&pos).map_err(|e| bad_input(e.to_string()))?;
    writeln!(io.out, "{}", tr!("connect4-demo-middle", moves = moves))?;
    draw(&game, &pos, io)?;
    writeln!(io.out, "{}", score_words(&game, &pos, a.score))?;
    let best: Vec<String> = a.best_moves.iter().map(|c| (c + 1).to_string()).collect();
    let said = tr!(
        "connect4-demo-best",
        columns = best.join(", "),
        nodes = a.nodes.to_string()
    );
    writeln!(io.out, "{said}")?;
    Ok(Exit::Success)
}

/// A 7x6 middle game the demo solves in a moment.
const DEMO_MOVES: &str = "3276477567135243";

/// The solver's line of perfect play from `pos` for `--html`, with the same solver (its
/// table already holds the run's positions): each position's column scores and the first
/// best column; and why it stops early, if a limit stops it.
fn solver_line(
    game: &Connect4,
    pos: &Position,
    solver: &mut Solver<'_>,
    first: &Analysis,
) -> (Vec<resolu_view::pages::connect4::LineStep>, Option<String>) {
    use resolu_view::pages::connect4::LineStep;
    let mut line = Vec::new();
    let mut pos = *pos;
    let mut analysis = match first.column_scores.is_empty() {
        true => solver.analyse(&pos),
        false => Ok(first.clone()),
    };
    loop {
        let a = match analysis {
            Ok(a) => a,
            Err(stopped) => {
                let labels = crate::html::labels();
                let why = labels.say("The line stops here", "La ligne s'arrête ici");
                return (line, Some(format!("{why}{} {stopped}.", labels.colon())));
            }
        };
        let played = a.best_moves.first().copied();
        line.push(LineStep {
            column_scores: a.column_scores.clone(),
            played,
        });
        let Some(col) = played else { break };
        pos = game.play(&pos, &col);
        if game.result(&pos).is_some() {
            line.push(LineStep {
                column_scores: Vec::new(),
                played: None,
            });
            break;
        }
        analysis = solver.analyse(&pos);
    }
    (line, None)
}
