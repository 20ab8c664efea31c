//! `resolu matches` (allumettes): the course's matches game as a state space, its search
//! tree and plays, who wins and how, and a game against the computer; generalised to any
//! heap, take set, misère play and sums of heaps (Nim). The game against the computer runs
//! in the shared play loop ([`crate::play`]).

use crate::common::{CliError, CmdResult, Exit, Format, Io, bad_input, parse_seconds, write_json};
use crate::input_errors_fr::part;
use crate::play::{PlayArgs, Playable, play_loop, solution_json};
use clap::{Args as ClapArgs, Subcommand};
use resolu_games::enumerate::{Counts, count, count_within, plays_bfs, plays_dfs, reachable};
use resolu_games::matches::{Analysis, Matches, Position, SolveError, Take, TakeSet};
use resolu_games::solver::Solver;
use resolu_games::{Game, GameResult, Player, Solution, Value};
use resolu_search::{Limits, StopReason};
use serde_json::{Value as Json, json};
use std::ops::ControlFlow;

/// Flags of `resolu matches`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu matches                          the course's model: states, operators, tree, verdict
  resolu matches states                   the states and the successor function
  resolu matches tree                     the search tree, each state with its winner
  resolu matches plays --winner 1         every play won by player 1, depth first
  resolu matches plays --winner 1 --bfs   the same, breadth first (shortest plays first)
  resolu matches solve --matches 21       who wins, and how
  resolu matches solve --matches 21 --format json
  resolu matches solve --heaps 3,4,5 --take any       Nim: Sprague-Grundy (XOR)
  resolu matches solve --heaps 3,4,5 --take any --misere   Bouton's misere rule
  resolu matches play --first computer --level random --seed 7

A state is (matches left, player to move); with several heaps, (heap heap ..., player).
Normal play: whoever takes the last match wins (a player who cannot move loses); --misere:
whoever takes the last match loses. Moves in JSON: the number of matches taken, or
[heap, taken] with several heaps (heaps numbered from 1). In `play`, type the number to
take (with several heaps: the heap then the number, e.g. '2 3'); 'q' resigns.")]
pub struct Args {
    /// What to show [default: the course's model].
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub game: GameArgs,
}

/// The game's flags, accepted before or after the subcommand.
#[derive(ClapArgs, Debug, Clone)]
pub struct GameArgs {
    /// Matches in the heap.
    #[arg(
        long,
        global = true,
        default_value_t = 5,
        value_name = "N",
        conflicts_with = "heaps"
    )]
    pub matches: u32,
    /// Several heaps (a sum of games), e.g. 3,4,5; replaces --matches.
    #[arg(long, global = true, value_name = "LIST")]
    pub heaps: Option<String>,
    /// Allowed takes, e.g. 1,2,3, or 'any' (Nim).
    #[arg(long, global = true, default_value = "1,2,3", value_name = "LIST")]
    pub take: String,
    /// Misère play: whoever takes the last match loses.
    #[arg(long, global = true)]
    pub misere: bool,
    /// The player to move in the starting state (1 or 2).
    #[arg(long, global = true, default_value_t = 1, value_name = "P",
          value_parser = clap::value_parser!(u8).range(1..=2))]
    pub to_move: u8,
    /// Most positions a search may store (sums of heaps; exit 3 when reached).
    #[arg(
        long,
        visible_alias = "max-nodes",
        global = true,
        default_value_t = 1_000_000,
        value_name = "N"
    )]
    pub max_positions: usize,
    /// Stop a search of sums after this many seconds (decimal allowed; exit 3).
    #[arg(long, global = true, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write a step-through page to FILE: perfect play move by move, the minimax tree and
    /// the alpha-beta tree with its pruned branches (one self-contained HTML file).
    #[arg(long, global = true, value_parser = crate::common::output_file, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
}

/// The subcommands of `resolu matches`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// The states, the operators and the successor function.
    #[command(
        visible_alias = "etats",
        after_help = "Examples:
  resolu matches states                    the 12 states (n, player) of either player starting,
                                           then (5, 1)  -1-> (4, 2)  -2-> (3, 2)  -3-> (2, 2) ...
  resolu matches states --matches 7 --take 1,2
  resolu matches states --format json      each state with its successors"
    )]
    States {
        /// Most states listed.
        #[arg(long, default_value_t = 200)]
        limit: usize,
    },
    /// The search tree, drawn, each state with its winner under perfect play.
    #[command(
        visible_alias = "arbre",
        after_help = "Examples:
  resolu matches tree                      the course's tree: 28 nodes, 13 plays
  resolu matches tree --matches 8 --depth 3
  resolu matches tree --heaps 1,2,2 --take any --misere"
    )]
    Tree {
        /// Most nodes drawn.
        #[arg(long, default_value_t = 200)]
        limit: usize,
        /// Deepest level drawn (moves from the start).
        #[arg(long, value_name = "D")]
        depth: Option<usize>,
    },
    /// Every play from the start, depth first (or breadth first), filtered by winner.
    #[command(
        visible_alias = "parties",
        after_help = "Examples:
  resolu matches plays --winner 1          the 7 plays won by player 1, depth first
  resolu matches plays --winner 1 --bfs    the same, shortest first
  resolu matches plays --matches 10 --limit 5 --format json"
    )]
    Plays(PlaysArgs),
    /// Who wins with perfect play, the winning moves, and how long the play lasts.
    #[command(
        visible_alias = "resoudre",
        after_help = "Examples:
  resolu matches solve --matches 21                  take 1, leaving 20
  resolu matches solve --matches 1000000 --format json
  resolu matches solve --matches 10 --take 1,3,4 --misere
  resolu matches solve --heaps 3,4,5 --take any      Nim, by the XOR of the heaps

JSON: {\"to_move\", \"value\": win|loss|draw, \"winning_moves\", \"plies_to_end\"}; a move is
the number taken, or [heap, taken] with several heaps."
    )]
    Solve,
    /// Play against the computer.
    #[command(
        visible_alias = "jouer",
        after_help = "Examples:
  resolu matches play                                 5 matches, you first
  resolu matches play --matches 21 --first computer   the computer starts (and wins)
  resolu matches play --heaps 3,4,5 --take any        Nim: type 'heap count', e.g. '2 3'
  printf '1\\n3\\n' | resolu matches play               moves from a script

'q' stops the game; so does the end of the input."
    )]
    Play(PlayArgs),
}

/// Flags of `resolu matches plays`.
#[derive(ClapArgs, Debug)]
pub struct PlaysArgs {
    /// Only the plays won by this player (1 or 2).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub winner: Option<u8>,
    /// Breadth first: the shortest plays first.
    #[arg(long)]
    pub bfs: bool,
    /// Most plays listed (all are counted).
    #[arg(long, default_value_t = 1000)]
    pub limit: u64,
}

/// The game described by the flags, and its start.
struct Setup {
    game: Matches,
    start: Position,
    max_positions: usize,
    timeout: Option<std::time::Duration>,
}

impl GameArgs {
    fn setup(&self) -> Result<Setup, CliError> {
        let take: TakeSet = self.take.parse().map_err(|e| {
            bad_input(crate::tr!(
                "refusal-flag",
                flag = "--take",
                message = part(e)
            ))
        })?;
        let heaps = match &self.heaps {
            Some(h) => {
                let heaps = resolu_games::matches::parse_numbers(h).map_err(|e| {
                    bad_input(crate::tr!(
                        "refusal-flag",
                        flag = "--heaps",
                        message = part(e)
                    ))
                })?;
                if heaps.len() > 64 {
                    return Err(bad_input(crate::tr!("refusal-heaps-at-most", max = 64_u32)));
                }
                heaps
            }
            None => vec![self.matches],
        };
        let game = Matches::new(heaps, take, self.misere);
        let mut start = game.position();
        start.to_move = Player::from_number(self.to_move).unwrap_or(Player::One);
        Ok(Setup {
            game,
            start,
            max_positions: self.max_positions,
            timeout: self.timeout,
        })
    }
}

impl Setup {
    fn several(&self) -> bool {
        self.game.heaps.len() > 1
    }

    /// The shared limits of the flags: --max-positions, --timeout, and the monitor (Ctrl-C).
    fn limits(&self) -> Limits {
        let mut limits = Limits::new()
            .max_nodes(self.max_positions as u64)
            .monitor(&crate::progress::MONITOR);
        limits.timeout = self.timeout;
        limits
    }

    /// The analysis of `pos`; `None` (and a line naming the limit) if a limit stopped it.
    fn analyse(&self, pos: &Position, io: &mut Io) -> Result<Option<Analysis>, CliError> {
        match self.game.solve_within(pos, &self.limits()) {
            Ok(a) => Ok(Some(a)),
            Err(SolveError::Stopped(s)) => {
                let hint = match s.reason {
                    StopReason::TimeLimit => " (raise --timeout)",
                    StopReason::NodeLimit => " (raise --max-positions)",
                    _ => "",
                };
                writeln!(io.out, "stopped: {s}{hint}")?;
                Ok(None)
            }
            Err(e) => Err(bad_input(e.to_string())),
        }
    }

    /// A move in words: "take 2" or "take 3 from heap 2".
    fn words(&self, t: &Take) -> String {
        if self.several() {
            crate::tr!("matches-take-from", count = t.count, heap = t.heap + 1)
        } else {
            crate::tr!("matches-take", count = t.count)
        }
    }

    /// A move in JSON: the number taken, or [heap, taken].
    fn move_json(&self, t: &Take) -> Json {
        if self.several() {
            json!([t.heap + 1, t.count])
        } else {
            json!(t.count)
        }
    }

    /// A move on an arrow: `-2->` or `-h2:3->`.
    fn arrow(&self, t: &Take) -> String {
        if self.several() {
            format!(" -h{}:{}-> ", t.heap + 1, t.count)
        } else {
            format!(" -{}-> ", t.count)
        }
    }

    fn rules(&self) -> String {
        let takes = match &self.game.take {
            TakeSet::Any => crate::tr!("matches-any-number"),
            TakeSet::List(l) => crate::tr!("matches-counts", list = or_list(l)),
        };
        let heaps = if self.several() {
            let h: Vec<String> = self.game.heaps.iter().map(u32::to_string).collect();
            crate::tr!("matches-heaps", list = h.join(", "))
        } else {
            crate::tr!("matches-count", count = self.game.heaps[0])
        };
        crate::tr!(
            "matches-rules",
            heaps = heaps,
            takes = takes,
            several = if self.several() { "yes" } else { "no" },
            misere = if self.game.misere { "yes" } else { "no" }
        )
    }
}

/// "1, 2 or 3".
fn or_list(l: &[u32]) -> String {
    let words: Vec<String> = l.iter().map(u32::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            crate::tr!("or-list", list = rest.join(", "), last = last.as_str())
        }
        _ => words.join(""),
    }
}

/// Runs `resolu matches`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    let setup = args.game.setup()?;
    let format = args.game.format;
    crate::html::write_if(&args.game.html, || {
        resolu_view::pages::games::matches_page(&setup.game, &setup.start, &crate::html::labels())
    })?;
    match args.command {
        None => model(&setup, io),
        Some(Command::States { limit }) => states(&setup, limit, format, io),
        Some(Command::Tree { limit, depth }) => tree(&setup, limit, depth, io),
        Some(Command::Plays(p)) => plays(&setup, &p, format, io),
        Some(Command::Solve) => solve(&setup, format, io),
        Some(Command::Play(p)) => play(&setup, &p, io),
    }
}

/// `resolu matches`: the course's model, state space to verdict.
fn model(setup: &Setup, io: &mut Io) -> CmdResult {
    writeln!(
        io.out,
        "{}",
        crate::tr!("matches-title", rules = setup.rules())
    )?;
    writeln!(io.out)?;
    states_text(setup, 40, false, io)?;
    writeln!(io.out)?;
    tree(setup, 60, Some(6), io)?;
    writeln!(io.out)?;
    let Some(analysis) = setup.analyse(&setup.start, io)? else {
        return Ok(Exit::Limit);
    };
    verdict(setup, &analysis, io)?;
    Ok(Exit::Success)
}

/// The states, initial and final states, operators, and (if `successors`) the successor
/// function.
fn states_text(setup: &Setup, limit: usize, successors: bool, io: &mut Io) -> CmdResult {
    let game = &setup.game;
    let (mut list, complete) = reachable(game, &setup.start, limit);
    list.sort_by(|a, b| b.heaps.cmp(&a.heaps).then(a.to_move.cmp(&b.to_move)));
    let line = crate::tr!(
        "matches-states",
        several = if setup.several() { "yes" } else { "no" },
        count = list.len(),
        start = setup.start.to_string(),
        complete = if complete { "yes" } else { "no" }
    );
    writeln!(io.out, "{line}")?;
    if !successors {
        let all: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        for chunk in all.chunks(8) {
            writeln!(io.out, "  {}", chunk.join("  "))?;
        }
    }
    let (either, either_complete) = either_player(setup, limit);
    let line = crate::tr!(
        "matches-states-either",
        count = either.len(),
        complete = if either_complete { "yes" } else { "no" }
    );
    writeln!(io.out, "{line}")?;
    let all: Vec<String> = either.iter().map(|s| s.to_string()).collect();
    for chunk in all.chunks(8) {
        writeln!(io.out, "  {}", chunk.join("  "))?;
    }
    let line = crate::tr!("matches-initial", state = setup.start.to_string());
    writeln!(io.out, "{line}")?;
    let finals: Vec<String> = list
        .iter()
        .filter_map(|s| {
            game.result(s).map(|o| match o {
                GameResult::Win(p) => crate::tr!(
                    "matches-final-won",
                    state = s.to_string(),
                    player = p.number()
                ),
                GameResult::Draw => crate::tr!("matches-final-draw", state = s.to_string()),
            })
        })
        .collect();
    if finals.is_empty() {
        writeln!(io.out, "{}", crate::tr!("matches-finals-none"))?;
    } else {
        let line = crate::tr!("matches-finals", list = finals.join(", "));
        writeln!(io.out, "{line}")?;
    }
    let takes = match &game.take {
        TakeSet::Any => crate::tr!("matches-k-any"),
        TakeSet::List(l) => {
            let w: Vec<String> = l.iter().map(u32::to_string).collect();
            crate::tr!("matches-k-in", list = w.join(", "))
        }
    };
    let several = if setup.several() { "yes" } else { "no" };
    let line = crate::tr!("matches-operators", several = several, takes = takes);
    writeln!(io.out, "{line}")?;
    if successors {
        writeln!(io.out, "{}", crate::tr!("matches-successors"))?;
        let mut moves = Vec::new();
        for s in &list {
            moves.clear();
            game.moves(s, &mut moves);
            if moves.is_empty() {
                writeln!(io.out, "  {s} -> {}", crate::tr!("matches-none-final"))?;
                continue;
            }
            let succ: Vec<String> = moves
                .iter()
                .map(|m| format!("{}{}", setup.arrow(m).trim_start(), game.play(s, m)))
                .collect();
            writeln!(io.out, "  {s}  {}", succ.join("  "))?;
        }
    }
    Ok(Exit::Success)
}

/// The states reachable from the start with either player to move first (the course's
/// state space counts both), sorted as the listing is; whether the list is complete.
fn either_player(setup: &Setup, limit: usize) -> (Vec<Position>, bool) {
    let (mut list, first_complete) = reachable(&setup.game, &setup.start, limit);
    let other = Position {
        to_move: setup.start.to_move.other(),
        ..setup.start.clone()
    };
    let (second, second_complete) = reachable(&setup.game, &other, limit);
    let seen: std::collections::HashSet<Position> = list.iter().cloned().collect();
    list.extend(second.into_iter().filter(|s| !seen.contains(s)));
    list.sort_by(|a, b| b.heaps.cmp(&a.heaps).then(a.to_move.cmp(&b.to_move)));
    let complete = first_complete && second_complete && list.len() <= limit;
    list.truncate(limit);
    (list, complete)
}

fn states(setup: &Setup, limit: usize, format: Format, io: &mut Io) -> CmdResult {
    if format == Format::Json {
        let game = &setup.game;
        let (list, complete) = reachable(game, &setup.start, limit);
        let mut moves = Vec::new();
        let states: Vec<Json> = list
            .iter()
            .map(|s| {
                moves.clear();
                game.moves(s, &mut moves);
                let succ: Vec<Json> = moves
                    .iter()
                    .map(|m| {
                        let c = game.play(s, m);
                        json!({"move": setup.move_json(m), "state": state_json(&c)})
                    })
                    .collect();
                let mut v = state_json(s);
                if let (Json::Object(map), Some(o)) = (&mut v, game.result(s)) {
                    map.insert("winner".into(), json!(o.winner().map(Player::number)));
                }
                if let Json::Object(map) = &mut v {
                    map.insert("successors".into(), Json::Array(succ));
                }
                v
            })
            .collect();
        let (either, either_complete) = either_player(setup, limit);
        let either: Vec<Json> = either.iter().map(state_json).collect();
        write_json(
            io.out,
            &json!({
                "states": states,
                "complete": complete,
                "either_player": either,
                "either_player_complete": either_complete,
            }),
        )?;
        return Ok(Exit::Success);
    }
    states_text(setup, limit, true, io)
}

fn state_json(s: &Position) -> Json {
    let heaps: Json = if s.heaps.len() == 1 {
        json!(s.heaps[0])
    } else {
        json!(s.heaps)
    };
    json!({"matches": heaps, "to_move": s.to_move.number()})
}

/// Most positions counted and solved to annotate a tree.
const TREE_BUDGET: usize = 100_000;

/// The search tree, depth first, drawn with guides; each node with its winner under
/// perfect play (from the solver, when the positions fit --max-positions).
fn tree(setup: &Setup, limit: usize, depth: Option<usize>, io: &mut Io) -> CmdResult {
    let game = &setup.game;
    // Counts and labels are for trees one can read: a small budget of positions.
    let budget = setup.max_positions.min(TREE_BUDGET);
    let counts = count_within(game, &setup.start, Some(budget));
    let mut solver = Solver::new(game).max_positions(Some(budget));
    let labels = solver.value(&setup.start).is_ok();
    let line = match counts {
        Some(c) => crate::tr!(
            "matches-tree-counted",
            start = setup.start.to_string(),
            nodes = c.tree_nodes,
            plays = c.plays,
            one = c.wins[0],
            two = c.wins[1]
        ),
        None => crate::tr!("matches-tree", start = setup.start.to_string()),
    };
    writeln!(io.out, "{line}")?;
    if labels {
        writeln!(io.out, "{}", crate::tr!("matches-tree-legend"))?;
    }
    // Frames: the children of a node still to draw, and whether each ancestor was a last
    // child (for the guides).
    struct Frame {
        state: Position,
        moves: Vec<Take>,
        next: usize,
    }
    let label = |solver: &mut Solver<Matches>, s: &Position| -> String {
        if let Some(o) = game.result(s) {
            return match o.winner() {
                Some(p) => format!("  {}", crate::tr!("has-won", player = p.number())),
                None => format!("  {}", crate::tr!("draw")),
            };
        }
        if !labels {
            return String::new();
        }
        match solver.value(s) {
            Ok((v, _)) => {
                let winner = match v {
                    Value::Win => s.to_move,
                    Value::Loss => s.to_move.other(),
                    Value::Draw => return format!("  [{}]", crate::tr!("draw")),
                };
                format!("  [{}]", crate::tr!("wins", player = winner.number()))
            }
            Err(_) => String::new(),
        }
    };
    writeln!(
        io.out,
        "{}{}",
        setup.start,
        label(&mut solver, &setup.start)
    )?;
    let mut drawn = 1usize;
    let mut last: Vec<bool> = Vec::new();
    let new_frame = |s: Position| {
        let mut moves = Vec::new();
        game.moves(&s, &mut moves);
        Frame {
            state: s,
            moves,
            next: 0,
        }
    };
    let mut stack = vec![new_frame(setup.start.clone())];
    while let Some(top) = stack.last_mut() {
        if top.next >= top.moves.len() {
            stack.pop();
            last.pop();
            continue;
        }
        if drawn >= limit {
            let of = counts.map_or_else(String::new, |c| format!(" of its {}", c.tree_nodes));
            writeln!(
                io.out,
                "... (the tree is cut after {limit}{of} nodes; see --limit)"
            )?;
            break;
        }
        let mv = top.moves[top.next];
        top.next += 1;
        let is_last = top.next == top.moves.len();
        let child = game.play(&top.state, &mv);
        let guides: String = last
            .iter()
            .map(|&l| if l { "    " } else { "│   " })
            .collect();
        let branch = if is_last { "└── " } else { "├── " };
        // Below the depth limit, a node that is not final is drawn with "..." and not
        // expanded.
        let cut = depth.is_some_and(|d| stack.len() >= d) && !game.is_terminal(&child);
        writeln!(
            io.out,
            "{guides}{branch}{} → {}{}{}",
            setup.words(&mv),
            child,
            label(&mut solver, &child),
            if cut { "  ..." } else { "" }
        )?;
        drawn += 1;
        last.push(is_last);
        if cut {
            stack.push(Frame {
                state: child,
                moves: Vec::new(),
                next: 0,
            });
        } else {
            stack.push(new_frame(child));
        }
    }
    Ok(Exit::Success)
}

/// The verdict on the start, given its analysis, in a sentence or two.
fn verdict(setup: &Setup, analysis: &Analysis, io: &mut Io) -> Result<(), CliError> {
    let s = &analysis.solution;
    if let Some(o) = setup.game.result(&setup.start) {
        let end = match o.winner() {
            Some(p) => crate::tr!("has-won", player = p.number()),
            None => crate::tr!("a-draw"),
        };
        let line = crate::tr!(
            "matches-verdict-final",
            state = setup.start.to_string(),
            end = end
        );
        writeln!(io.out, "{line}")?;
        return Ok(());
    }
    let who = crate::tr!("player", number = s.to_move.number());
    let left = |t: &Take| {
        let mut heaps = setup.start.heaps.clone();
        heaps[t.heap] -= t.count;
        let h: Vec<String> = heaps.iter().map(u32::to_string).collect();
        h.join(" ")
    };
    match s.value {
        Value::Win => {
            let moves: Vec<String> = s
                .winning_moves()
                .iter()
                .map(|t| crate::tr!("matches-leaving", take = setup.words(t), left = left(t)))
                .collect();
            let or = format!(" {} ", crate::tr!("or"));
            let line = crate::tr!(
                "matches-verdict-win",
                who = who,
                state = setup.start.to_string(),
                moves = moves.join(&or)
            );
            writeln!(io.out, "{line}")?;
        }
        Value::Loss => writeln!(
            io.out,
            "{}",
            crate::tr!(
                "matches-verdict-loss",
                who = who,
                state = setup.start.to_string()
            )
        )?,
        Value::Draw => writeln!(io.out, "{}", crate::tr!("matches-verdict-draw"))?,
    }
    if let Some(p) = s.plies {
        writeln!(io.out, "{}", crate::tr!("matches-perfect-play", count = p))?;
    }
    if !setup.several() && !setup.game.misere && setup.game.take == TakeSet::one_to(3) {
        writeln!(io.out, "{}", crate::tr!("matches-why-four"))?;
    }
    Ok(())
}

fn solve(setup: &Setup, format: Format, io: &mut Io) -> CmdResult {
    let Some(analysis) = setup.analyse(&setup.start, io)? else {
        return Ok(Exit::Limit);
    };
    let s = &analysis.solution;
    if format == Format::Json {
        write_json(io.out, &solution_json(s, |t| setup.move_json(t)))?;
        return Ok(Exit::Success);
    }
    writeln!(
        io.out,
        "{}",
        crate::tr!("matches-title", rules = setup.rules())
    )?;
    verdict(setup, &analysis, io)?;
    let line = crate::tr!("matches-decided-by", method = analysis.method.describe());
    writeln!(io.out, "{line}")?;
    let st = &s.stats;
    let line = crate::tr!(
        "game-counters",
        visited = st.visited,
        expanded = st.expanded,
        stored = st.stored,
        hits = st.table_hits,
        ms = format!("{:.3}", st.elapsed_ms())
    );
    writeln!(io.out, "{line}")?;
    if s.plies.is_none() {
        writeln!(
            io.out,
            "(The distance to the end needs a search over more than --max-positions positions.)"
        )?;
    }
    Ok(Exit::Success)
}

/// A play of more moves than twice this shows only this many at each end (text).
const LONG_PLAY_ENDS: usize = 12;
/// Most moves, over all plays, a JSON listing holds.
const JSON_MAX_MOVES: u64 = 5_000_000;
/// Most tree nodes a breadth-first listing keeps.
const BFS_MAX_NODES: u64 = 2_000_000;
/// Most tree nodes a depth-first listing visits.
const DFS_MAX_NODES: u64 = 100_000_000;

fn plays(setup: &Setup, args: &PlaysArgs, format: Format, io: &mut Io) -> CmdResult {
    let game = &setup.game;
    let winner = args.winner.and_then(Player::from_number);
    let counts: Option<Counts> = count_within(game, &setup.start, Some(setup.max_positions));
    let total = counts.map(|c| match winner {
        Some(Player::One) => c.wins[0],
        Some(Player::Two) => c.wins[1],
        None => c.plays,
    });
    let json = format == Format::Json;
    let mut listed = 0u64;
    let mut json_moves = 0u64;
    let mut out: Vec<Json> = Vec::new();
    let mut error: Option<std::io::Error> = None;
    let mut visit = |states: &[Position], moves: &[Take], o: GameResult| {
        if winner.is_some() && o.winner() != winner {
            return ControlFlow::Continue(());
        }
        if listed >= args.limit {
            return ControlFlow::Break(());
        }
        listed += 1;
        if json {
            json_moves += moves.len() as u64;
            if json_moves > JSON_MAX_MOVES {
                return ControlFlow::Break(());
            }
            out.push(json!({
                "moves": moves.iter().map(|m| setup.move_json(m)).collect::<Vec<_>>(),
                "winner": o.winner().map(Player::number),
            }));
            return ControlFlow::Continue(());
        }
        let mut line = format!("{listed:>4}: {}", states[0]);
        // A long play shows its beginning and its end.
        let n = moves.len();
        for (i, (m, s)) in moves.iter().zip(&states[1..]).enumerate() {
            if n > 2 * LONG_PLAY_ENDS && i >= LONG_PLAY_ENDS && i < n - LONG_PLAY_ENDS {
                if i == LONG_PLAY_ENDS {
                    line.push_str(&format!(" ... ({n} moves in all) ..."));
                }
                continue;
            }
            line.push_str(&setup.arrow(m));
            line.push_str(&s.to_string());
        }
        if let Err(e) = writeln!(io.out, "{line}") {
            error = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    // Bound the walk when few plays pass the filter: breadth first keeps every node it
    // visits, depth first only the current path.
    let walk = if args.bfs {
        plays_bfs(game, &setup.start, Some(BFS_MAX_NODES), &mut visit)
    } else {
        plays_dfs(game, &setup.start, Some(DFS_MAX_NODES), &mut visit)
    };
    let stopped = !walk.complete && listed < args.limit;
    if let Some(e) = error {
        return Err(e.into());
    }
    let filter = match winner {
        Some(p) => crate::tr!("matches-won-by", player = p.number()),
        None => String::new(),
    };
    if json {
        write_json(
            io.out,
            &json!({
                "plays": out,
                "count": total.and_then(|t| u64::try_from(t).ok()),
                "listed": listed,
                "order": if args.bfs { "bfs" } else { "dfs" },
                "complete": walk.complete,
            }),
        )?;
        return Ok(Exit::Success);
    }
    let summary = match (total, counts) {
        (Some(t), Some(c)) if u128::from(listed) == t => crate::tr!(
            "matches-plays-all",
            total = t.to_string(),
            filter = filter,
            all = c.plays
        ),
        (Some(t), Some(c)) => crate::tr!(
            "matches-plays-listed",
            listed = listed,
            total = t.to_string(),
            filter = filter,
            all = c.plays
        ),
        _ => crate::tr!("matches-plays-uncounted", listed = listed, filter = filter),
    };
    let line = crate::tr!(
        "matches-plays-summary",
        summary = summary,
        bfs = if args.bfs { "yes" } else { "no" },
        nodes = walk.nodes,
        stopped = if stopped { "yes" } else { "no" }
    );
    writeln!(io.out, "{line}")?;
    Ok(Exit::Success)
}

impl Playable for Setup {
    type G = Matches;

    fn game(&self) -> &Matches {
        &self.game
    }

    fn show(&self, pos: &Position, io: &mut Io) -> Result<(), CliError> {
        let bars = |h: u32| {
            if h <= 40 {
                "|".repeat(h as usize)
            } else {
                format!("{}...", "|".repeat(40))
            }
        };
        if self.several() {
            writeln!(
                io.out,
                "{}",
                crate::tr!("play-matches-state", state = pos.to_string())
            )?;
            for (i, &h) in pos.heaps.iter().enumerate() {
                let heap = crate::tr!("play-matches-heap", heap = (i + 1).to_string());
                let line = format!("  {heap} {h:>3}  {}", bars(h));
                writeln!(io.out, "{}", line.trim_end())?;
            }
        } else {
            let h = pos.heaps[0];
            let said = crate::tr!("play-matches-left", state = pos.to_string(), left = h);
            let line = format!("{said}  {}", bars(h));
            writeln!(io.out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn prompt(&self, _pos: &Position) -> String {
        crate::tr!(
            "play-matches-prompt",
            several = if self.several() { "yes" } else { "no" }
        )
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<Take, String> {
        let numbers: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',' || c == ':')
            .filter(|w| !w.is_empty())
            .collect();
        let parse = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| crate::tr!("play-not-whole-number", text = w))
        };
        let (heap, count) = match (self.several(), numbers.as_slice()) {
            (false, [n]) => (0, parse(n)?),
            (true, [h, n]) => {
                let h = parse(h)? as usize;
                if h == 0 || h > pos.heaps.len() {
                    let heaps = pos.heaps.len().to_string();
                    return Err(crate::tr!(
                        "play-no-heap",
                        heap = h.to_string(),
                        heaps = heaps
                    ));
                }
                (h - 1, parse(n)?)
            }
            (false, _) => return Err(crate::tr!("play-not-matches-count", text = text)),
            (true, _) => return Err(crate::tr!("play-not-heap-move", text = text)),
        };
        let mut moves = Vec::new();
        self.game.moves(pos, &mut moves);
        let mv = Take { heap, count };
        if moves.contains(&mv) {
            return Ok(mv);
        }
        let left = pos.heaps[heap];
        let allowed = match &self.game.take {
            TakeSet::Any => count >= 1,
            TakeSet::List(l) => l.contains(&count),
        };
        Err(match &self.game.take {
            TakeSet::List(l) if !allowed => {
                crate::tr!("play-may-take", list = or_list(l), count = count)
            }
            TakeSet::Any if !allowed => crate::tr!("play-take-at-least-one"),
            _ => crate::tr!("play-only-left", left = left, count = count),
        })
    }

    fn words(&self, t: &Take) -> String {
        self.words(t)
    }

    fn solve(&self, pos: &Position) -> Result<Solution<Take>, CliError> {
        // The start was decided within the limits, and later positions are smaller.
        self.game
            .solve(pos, Some(self.max_positions))
            .map(|a| a.solution)
            .map_err(|e| bad_input(e.to_string()))
    }
}

fn play(setup: &Setup, args: &PlayArgs, io: &mut Io) -> CmdResult {
    writeln!(
        io.out,
        "{}",
        crate::tr!("matches-title", rules = setup.rules())
    )?;
    // Refuse at once a game the computer could not decide.
    if setup.analyse(&setup.start, io)?.is_none() {
        return Ok(Exit::Limit);
    }
    play_loop(setup, setup.start.clone(), args, io)
}

/// `resolu demo`: the course's 5 matches, the verdict and the winning move.
pub fn demo(io: &mut Io) -> CmdResult {
    let args = GameArgs {
        matches: 5,
        heaps: None,
        take: "1,2,3".into(),
        misere: false,
        to_move: 1,
        max_positions: 1_000_000,
        timeout: None,
        format: Format::Text,
        html: None,
    };
    let setup = args.setup()?;
    writeln!(
        io.out,
        "{}",
        crate::tr!("matches-title", rules = setup.rules())
    )?;
    let counts = count(&setup.game, &setup.start);
    writeln!(
        io.out,
        "{} plays from (5, 1): {} won by player 1, {} by player 2.",
        counts.plays, counts.wins[0], counts.wins[1]
    )?;
    let Some(analysis) = setup.analyse(&setup.start, io)? else {
        return Ok(Exit::Limit);
    };
    verdict(&setup, &analysis, io)?;
    Ok(Exit::Success)
}
