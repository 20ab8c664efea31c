//! A tutorial in three short chapters: define a game, evaluate it with minimax and
//! alpha-beta, solve it for the best moves. Every example here is a test.
//!
//! # 1. A game
//!
//! A [`Game`](crate::Game) says who moves, which moves are legal, what a move does and
//! when (and how) a play ends: [`result`](crate::Game::result) answers a
//! [`GameResult`](crate::GameResult), a win for a [`Player`](crate::Player) or a draw, once
//! the play is over. Every play must end, and a position that is not over must have a move.
//!
//! Here, the subtraction game: a heap of matches, each player takes 1, 2 or 3 in turn,
//! and whoever takes the last match wins.
//!
//! ```
//! use resolu_games::{Game, GameResult, Player};
//!
//! pub struct Subtraction {
//!     pub heap: u32,
//! }
//!
//! impl Game for Subtraction {
//!     type State = (u32, Player); // matches left, player to move
//!     type Move = u32; // matches taken
//!     fn start(&self) -> (u32, Player) {
//!         (self.heap, Player::One)
//!     }
//!     fn to_move(&self, s: &(u32, Player)) -> Player {
//!         s.1
//!     }
//!     fn moves(&self, s: &(u32, Player), out: &mut Vec<u32>) {
//!         out.extend((1..=3).filter(|&k| k <= s.0));
//!     }
//!     fn play(&self, s: &(u32, Player), k: &u32) -> (u32, Player) {
//!         (s.0 - k, s.1.other())
//!     }
//!     fn result(&self, s: &(u32, Player)) -> Option<GameResult> {
//!         // No match left: the player who took the last one (not the one to move) won.
//!         (s.0 == 0).then(|| GameResult::Win(s.1.other()))
//!     }
//! }
//!
//! let game = Subtraction { heap: 2 };
//! let after = game.play(&game.start(), &2);
//! assert_eq!(game.result(&after), Some(GameResult::Win(Player::One)));
//! ```
//!
//! # 2. Minimax and alpha-beta
//!
//! [`minimax`](crate::minimax::minimax) walks the whole tree and scores the position for
//! player 1 (+1 a win, 0 a draw, -1 a loss). [`alphabeta`](crate::alphabeta::alphabeta)
//! gives the same verdict as a [`Value`](crate::Value) for the player to move, pruning the
//! branches that cannot change it; a transposition table
//! ([`tt::TranspositionTable`](crate::tt::TranspositionTable)) also merges positions
//! reached by different orders of moves. Both return their counters
//! ([`GameStats`](crate::GameStats)).
//!
//! ```
//! # use resolu_games::{Game, GameResult, Player};
//! # pub struct Subtraction { pub heap: u32 }
//! # impl Game for Subtraction {
//! #     type State = (u32, Player);
//! #     type Move = u32;
//! #     fn start(&self) -> (u32, Player) { (self.heap, Player::One) }
//! #     fn to_move(&self, s: &(u32, Player)) -> Player { s.1 }
//! #     fn moves(&self, s: &(u32, Player), out: &mut Vec<u32>) { out.extend((1..=3).filter(|&k| k <= s.0)); }
//! #     fn play(&self, s: &(u32, Player), k: &u32) -> (u32, Player) { (s.0 - k, s.1.other()) }
//! #     fn result(&self, s: &(u32, Player)) -> Option<GameResult> { (s.0 == 0).then(|| GameResult::Win(s.1.other())) }
//! # }
//! use resolu_games::{Value, alphabeta::alphabeta, minimax::minimax, tt::TranspositionTable};
//!
//! // The first player loses exactly when the heap is a multiple of 4.
//! for heap in 1..=12 {
//!     let game = Subtraction { heap };
//!     let (score, _) = minimax(&game, &game.start());
//!     let (value, _) = alphabeta(&game, &game.start(), None);
//!     let expected = if heap % 4 == 0 { Value::Loss } else { Value::Win };
//!     assert_eq!(value, expected, "heap {heap}");
//!     assert_eq!(Value::from_score(score), expected); // player 1 moves first
//! }
//!
//! // Pruning and the table spare work, for the same value.
//! let game = Subtraction { heap: 16 };
//! let (_, full) = minimax(&game, &game.start());
//! let (_, pruned) = alphabeta(&game, &game.start(), None);
//! let mut table = TranspositionTable::new();
//! let (value, tabled) = alphabeta(&game, &game.start(), Some(&mut table));
//! assert_eq!(value, Value::Loss);
//! assert!(pruned.visited < full.visited);
//! assert!(tabled.visited < pruned.visited);
//! ```
//!
//! # 3. Solving: the value of every move
//!
//! The [`Solver`](crate::solver::Solver) gives the value of a position, the value of each
//! legal move and the number of plies to the end under perfect play (the winner hurries,
//! the loser delays): what a perfect player needs.
//!
//! ```
//! # use resolu_games::{Game, GameResult, Player};
//! # pub struct Subtraction { pub heap: u32 }
//! # impl Game for Subtraction {
//! #     type State = (u32, Player);
//! #     type Move = u32;
//! #     fn start(&self) -> (u32, Player) { (self.heap, Player::One) }
//! #     fn to_move(&self, s: &(u32, Player)) -> Player { s.1 }
//! #     fn moves(&self, s: &(u32, Player), out: &mut Vec<u32>) { out.extend((1..=3).filter(|&k| k <= s.0)); }
//! #     fn play(&self, s: &(u32, Player), k: &u32) -> (u32, Player) { (s.0 - k, s.1.other()) }
//! #     fn result(&self, s: &(u32, Player)) -> Option<GameResult> { (s.0 == 0).then(|| GameResult::Win(s.1.other())) }
//! # }
//! use resolu_games::{Value, solver::Solver};
//!
//! let game = Subtraction { heap: 10 };
//! let solution = Solver::new(&game).solve(&game.start()).unwrap();
//! assert_eq!(solution.value, Value::Win);
//! // The only winning move leaves a multiple of 4: take 2.
//! assert_eq!(solution.winning_moves(), [&2]);
//! // Then 2 rounds of "take 4 - what the opponent took" and the last take: 5 plies.
//! assert_eq!(solution.plies, Some(5));
//! ```
