//! Recorders: observers a command runs beside its printing one, so that a page is made
//! from the very run whose figures the terminal prints (a search, a backtracking walk, a
//! game-tree traversal, a proof, the cycles of a rule base).

pub mod games;
pub mod proof;
pub mod rules;
mod rules_scene;
pub mod search;
pub mod walk;

pub use games::GameRecorder;
pub use proof::ProofRecorder;
pub use rules::RulesRecorder;
pub use search::{Both, SearchRecorder, search_counters};
pub use walk::Watched;
