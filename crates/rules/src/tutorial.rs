//! A tutorial in four short chapters: write a rule base, run it cycle by cycle, change the
//! strategy, explain the conclusions. Every example here is a test.
//!
//! # 1. A rule base
//!
//! Facts are ground terms; a rule has a name, an optional priority, conditions and
//! actions; Prolog clauses in the same text define the predicates that conditions call.
//!
//! ```
//! use resolu_rules::RuleBase;
//!
//! let base = RuleBase::parse("
//!     adult(P) :- age(P, A), A >= 18.          % a Prolog clause
//!     fact age(ann, 30).
//!     fact age(bob, 12).
//!     rule vote priority 1: age(P, _), adult(P), \\+ voter(P) ==> assert(voter(P)).
//! ").unwrap();
//! assert_eq!(base.facts.len(), 2);
//! assert_eq!(base.rules[0].conditions.len(), 3);
//!
//! // Mistakes are reported with their line and column.
//! let e = RuleBase::parse("fact a.\nrule r priority high: a ==> halt.").unwrap_err();
//! assert_eq!((e.line, e.column), (2, 17));
//! assert_eq!(e.message, "expected an integer after `priority`");
//! ```
//!
//! # 2. Cycles
//!
//! [`Engine::step`](crate::Engine::step) runs one cycle: the conflict set (every instance
//! of every rule whose conditions hold, minus those already fired), the choice, the
//! actions.
//!
//! ```
//! use resolu_rules::{Engine, RuleBase, Step, Stop, Strategy};
//!
//! let base = RuleBase::parse("
//!     fact age(ann, 30). fact age(cid, 40).
//!     rule vote: age(P, A), A >= 18 ==> assert(voter(P)).
//! ").unwrap();
//! let mut engine = Engine::new(base, Strategy::Priority).unwrap();
//! let Step::Fired(cycle) = engine.step().unwrap() else { panic!() };
//! assert_eq!(cycle.conflict_set.len(), 2);          // ann and cid
//! assert_eq!(cycle.fired().to_string(), "vote {P = ann, A = 30}");
//! assert_eq!(cycle.added[0].to_string(), "voter(ann)");
//! let Step::Fired(cycle) = engine.step().unwrap() else { panic!() };
//! assert_eq!(cycle.conflict_set.len(), 1);          // refraction: ann's instance is gone
//! assert_eq!(engine.step().unwrap(), Step::Stopped(Stop::Quiescent));
//! ```
//!
//! # 3. Strategies
//!
//! When several instances are eligible, the strategy chooses: `priority` (the smallest
//! number), `order` (the first rule in the file), `recency` (the most recent facts),
//! `specificity` (the most conditions).
//!
//! ```
//! use resolu_rules::{Engine, RuleBase, Strategy};
//!
//! let text = "
//!     fact bird(tweety). fact penguin(tweety).
//!     rule fly priority 2: bird(X) ==> print(X, ' flies'), halt.
//!     rule walk priority 1: bird(X), penguin(X) ==> print(X, ' walks'), halt.
//! ";
//! let first_words = |strategy| {
//!     let mut engine = Engine::new(RuleBase::parse(text).unwrap(), strategy).unwrap();
//!     let mut out = Vec::new();
//!     engine.run(|c| out.extend(c.output.clone())).unwrap();
//!     out
//! };
//! assert_eq!(first_words(Strategy::Order), ["tweety flies"]);
//! assert_eq!(first_words(Strategy::Priority), ["tweety walks"]);
//! assert_eq!(first_words(Strategy::Specificity), ["tweety walks"]);
//! ```
//!
//! # 4. Explanations
//!
//! Every fact remembers where it comes from, so a conclusion can be explained by the
//! chain of rules and facts that produced it.
//!
//! ```
//! use resolu_rules::{Engine, Origin, RuleBase, Strategy};
//!
//! let base = RuleBase::parse("
//!     fact rain.
//!     rule r1: rain ==> assert(wet_road).
//!     rule r2: wet_road ==> assert(slow_down).
//! ").unwrap();
//! let mut engine = Engine::new(base, Strategy::Priority).unwrap();
//! engine.run(|_| {}).unwrap();
//! let slow = engine.memory().facts().find(|f| f.term.to_string() == "slow_down").unwrap();
//! let tree: Vec<String> = engine
//!     .memory()
//!     .explain(slow.tag)
//!     .iter()
//!     .map(|(depth, f)| match &f.origin {
//!         Origin::Rule { rule, .. } => format!("{}{} by {rule}", "  ".repeat(*depth), f.term),
//!         Origin::Initial => format!("{}{} observed", "  ".repeat(*depth), f.term),
//!     })
//!     .collect();
//! assert_eq!(tree, ["slow_down by r2", "  wet_road by r1", "    rain observed"]);
//! ```
