//! Playing a game against the computer in the terminal: the flags of the `play`
//! subcommands, what a game must offer to be played ([`Playable`]), the loop that reads the
//! human's moves and makes the computer's, and the JSON of a solved position. `matches`,
//! `tictactoe` and `connect4` share it, so that no command imports another.

use crate::common::{CliError, CmdResult, Exit, Io};
use clap::{Args as ClapArgs, ValueEnum};
use resolu_games::player::{Computer, Level, Reasoning};
use resolu_games::{Game, Player, Solution, Value};
use serde_json::{Value as Json, json};

/// Who moves first in `play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You.
    Human,
    /// The computer.
    Computer,
}

/// Flags of the `play` subcommands.
#[derive(ClapArgs, Debug, Clone)]
pub struct PlayArgs {
    /// Who plays first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// The computer's level: perfect, random, mcts:N (Monte Carlo tree search, N
    /// iterations a move; mcts:time=1s, mcts:N,c=0.7 for another exploration constant),
    /// alphabeta:time=1s (iterative deepening, that long a move) or alphabeta:depth=N.
    #[arg(long, default_value = "perfect", value_parser = parse_level, value_name = "LEVEL")]
    pub level: Level,
    /// Seed of the random and mcts levels.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Reads `--level`.
pub fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<Level>().map_err(|e| e.to_string())
}

/// What the computer says of its move beside it: nothing for the perfect and random
/// levels, the search's figures for the others.
fn reasoning_note<M>(r: &Reasoning<M>) -> String {
    match r {
        Reasoning::Solved(_) | Reasoning::Random => String::new(),
        Reasoning::Mcts { iterations, chosen } => {
            let said = crate::tr!(
                "play-mcts-note",
                iterations = iterations.to_string(),
                visits = chosen.visits.to_string(),
                percent = format!("{:.0}", chosen.value * 100.0)
            );
            format!(" ({said})")
        }
        Reasoning::AlphaBeta {
            depth,
            score,
            proven,
        } => {
            let what = match proven {
                Some(Value::Win) => crate::tr!("play-forced-win"),
                Some(Value::Loss) => crate::tr!("play-forced-loss"),
                Some(Value::Draw) => crate::tr!("play-draw-proven"),
                None => crate::tr!("play-estimate", score = format!("{score:+}")),
            };
            let said = crate::tr!(
                "play-alphabeta-note",
                depth = depth.to_string(),
                what = what
            );
            format!(" ({said})")
        }
    }
}

/// "player 1", "player 2" (in this run's language).
pub fn player_name(p: Player) -> String {
    crate::tr!("player", number = p.number().to_string())
}

/// The JSON of a solution: `{"to_move", "value", "winning_moves", "plies_to_end"}`.
pub fn solution_json<M>(s: &Solution<M>, mv: impl Fn(&M) -> Json) -> Json {
    json!({
        "to_move": s.to_move.number(),
        "value": s.value.as_str(),
        "winning_moves": s.winning_moves().into_iter().map(mv).collect::<Vec<_>>(),
        "plies_to_end": s.plies,
    })
}

/// What a game must offer to be played in the terminal.
pub trait Playable {
    /// The game.
    type G: Game;
    /// The game itself.
    fn game(&self) -> &Self::G;
    /// Draws a position.
    fn show(&self, state: &<Self::G as Game>::State, io: &mut Io) -> Result<(), CliError>;
    /// The prompt for a human move.
    fn prompt(&self, state: &<Self::G as Game>::State) -> String;
    /// Reads a human move, or says why it is refused.
    fn parse_move(
        &self,
        state: &<Self::G as Game>::State,
        text: &str,
    ) -> Result<<Self::G as Game>::Move, String>;
    /// A move in words.
    fn words(&self, mv: &<Self::G as Game>::Move) -> String;
    /// Solves a position for the computer.
    fn solve(
        &self,
        state: &<Self::G as Game>::State,
    ) -> Result<Solution<<Self::G as Game>::Move>, CliError>;
    /// A move about to be made from `state`, by the human or by the computer (`note`: what
    /// the computer said of it), for a page of the game; nothing by default.
    fn played(
        &self,
        _state: &<Self::G as Game>::State,
        _mv: &<Self::G as Game>::Move,
        _by_human: bool,
        _note: &str,
    ) {
    }
}

/// A game against the computer: moves read line by line from `io.input`; a refused move
/// is explained and asked again; end of input ends the game.
pub fn play_loop<P: Playable>(
    p: &P,
    start: <P::G as Game>::State,
    args: &PlayArgs,
    io: &mut Io,
) -> CmdResult {
    let mut computer = Computer::new(args.level, args.seed);
    let first = p.game().to_move(&start);
    let human = match args.first {
        First::Human => first,
        First::Computer => first.other(),
    };
    let said = crate::tr!(
        "play-intro",
        human = player_name(human),
        level = args.level.describe(),
        computer = player_name(human.other())
    );
    writeln!(io.out, "{said}")?;
    let mut state = start;
    loop {
        p.show(&state, io)?;
        if let Some(o) = p.game().result(&state) {
            let msg = match o.winner() {
                Some(w) if w == human => crate::tr!("play-you-win"),
                Some(_) => crate::tr!("play-computer-wins"),
                None => crate::tr!("play-draw"),
            };
            writeln!(io.out, "{msg}")?;
            return Ok(Exit::Success);
        }
        let mv = if p.game().to_move(&state) == human {
            loop {
                if io.interactive {
                    let prompt = p.prompt(&state);
                    write!(io.out, "{} ", crate::tr!("play-prompt", prompt = prompt))?;
                    io.out.flush()?;
                }
                let mut line = String::new();
                if io.input.read_line(&mut line)? == 0 {
                    writeln!(io.out, "{}", crate::tr!("play-end-of-input"))?;
                    return Ok(Exit::Success);
                }
                let text = line.trim();
                if text.is_empty() {
                    continue;
                }
                if ["q", "quit", "exit", "abandon", "quitter"]
                    .contains(&text.to_lowercase().as_str())
                {
                    writeln!(io.out, "{}", crate::tr!("play-you-stop"))?;
                    return Ok(Exit::Success);
                }
                match p.parse_move(&state, text) {
                    Ok(mv) => {
                        let mv_words = p.words(&mv);
                        writeln!(
                            io.out,
                            "{}",
                            crate::tr!("play-you-played", words = mv_words)
                        )?;
                        p.played(&state, &mv, true, "");
                        break mv;
                    }
                    Err(why) => writeln!(io.out, "{}", crate::tr!("play-refused", why = why))?,
                }
            }
        } else {
            let Some(decision) = computer.decide(p.game(), &state, |s| p.solve(s))? else {
                unreachable!("a position that is not final has a move")
            };
            let note = reasoning_note(&decision.reasoning);
            let said = crate::tr!(
                "play-computer-played",
                words = p.words(&decision.mv),
                note = note.as_str()
            );
            writeln!(io.out, "{said}")?;
            p.played(&state, &decision.mv, false, &note);
            decision.mv
        };
        state = p.game().play(&state, &mv);
    }
}
