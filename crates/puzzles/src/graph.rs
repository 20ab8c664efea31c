//! Explicit state graphs read from a small text format, as search problems.
//!
//! The format, one directive per line, `#` starting a comment:
//!
//! ```text
//! # Part of the Romanian road map (Russell & Norvig)
//! start Arad
//! goal Bucharest            # one or more goal nodes
//! edge Arad Sibiu 140       # undirected edge with its cost (default 1)
//! arc Sibiu Fagaras 99      # directed edge
//! node Arad h=366           # declares a node, optionally with its heuristic value
//! node Arad x=91 y=492      # and its place on a map (pages draw the graph there)
//! ```
//!
//! Successors come in the order their edges appear in the file, which is the order in which
//! algorithms break ties. Node names are any run of characters without white space or `#`.
//!
//! ```
//! use resolu_puzzles::graph::Graph;
//! use resolu_search::{Algorithm, Runner};
//!
//! let g = Graph::parse("start a\ngoal c\nedge a b 1\nedge b c 1\nedge a c 5\n").unwrap();
//! let outcome = Runner::new(&g).run(Algorithm::Ucs);
//! let path = outcome.path.unwrap();
//! assert_eq!(path.cost, 2.0);
//! assert_eq!(g.names(path.states()), ["a", "b", "c"]);
//! ```

use resolu_search::{Problem, Successor};
use rustc_hash::FxHashMap;
use std::fmt;

/// An error in a graph file, with the line and column where it was found (both from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphError {
    /// Line number, from 1.
    pub line: usize,
    /// Column number (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for GraphError {}

/// An explicit weighted graph with a start node, goal nodes and optional heuristic values.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    names: Vec<String>,
    index: FxHashMap<String, u32>,
    /// Outgoing edges per node: (target, cost), in file order.
    edges: Vec<Vec<(u32, f64)>>,
    heuristic: Vec<Option<f64>>,
    /// Where each node is drawn (`x=`, `y=`, y pointing north), if given.
    position: Vec<(Option<f64>, Option<f64>)>,
    start: u32,
    goals: Vec<bool>,
}

impl Graph {
    /// Parses the text format described in the [module documentation](self).
    pub fn parse(text: &str) -> Result<Graph, GraphError> {
        Ok(Graph::parse_until(text, None)?.unwrap_or_default())
    }

    /// [`Graph::parse`] within a deadline: `Ok(None)` when `deadline` passes first, so that
    /// a run's `--timeout` covers reading a graph of millions of edges too.
    ///
    /// ```
    /// use resolu_puzzles::graph::Graph;
    /// let past = std::time::Instant::now();
    /// assert!(Graph::parse_until("start a\ngoal b\nedge a b\n", Some(past)).unwrap().is_none());
    /// assert!(Graph::parse_until("start a\ngoal b\nedge a b\n", None).unwrap().is_some());
    /// ```
    pub fn parse_until(
        text: &str,
        deadline: Option<std::time::Instant>,
    ) -> Result<Option<Graph>, GraphError> {
        let mut g = Graph::default();
        let mut start: Option<u32> = None;
        let mut goal_seen = false;
        for (i, raw) in text.lines().enumerate() {
            // The clock is read every 4,096 lines (and at the first): a few microseconds
            // each time, a few milliseconds of lines in between.
            if i % 4096 == 0 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return Ok(None);
            }
            let line = raw.split('#').next().unwrap_or("");
            let words = words_with_columns(line);
            let Some(&(col, directive)) = words.first() else {
                continue;
            };
            let err = |column: usize, message: String| GraphError {
                line: i + 1,
                column,
                message,
            };
            let args = &words[1..];
            match directive {
                "start" => {
                    let [(c, name)] = args else {
                        return Err(err(col, "'start' takes exactly one node name".into()));
                    };
                    if start.is_some() {
                        return Err(err(*c, "the start node is given twice".into()));
                    }
                    start = Some(g.intern(name));
                }
                "goal" | "goals" => {
                    if args.is_empty() {
                        return Err(err(col, "'goal' needs at least one node name".into()));
                    }
                    for (_, name) in args {
                        let id = g.intern(name);
                        g.goals[id as usize] = true;
                    }
                    goal_seen = true;
                }
                "node" => {
                    let Some((_, name)) = args.first() else {
                        return Err(err(col, "'node' needs a node name".into()));
                    };
                    let id = g.intern(name);
                    for &(c, attr) in &args[1..] {
                        let (key, value) = attr.split_once('=').unwrap_or((attr, ""));
                        let slot = match key {
                            "h" => &mut g.heuristic[id as usize],
                            "x" => &mut g.position[id as usize].0,
                            "y" => &mut g.position[id as usize].1,
                            _ => {
                                return Err(err(
                                    c,
                                    format!(
                                        "unknown node attribute '{attr}' (expected h=VALUE, x=X or y=Y)"
                                    ),
                                ));
                            }
                        };
                        *slot = Some(parse_number(value).map_err(|m| err(c + 2, m.to_string()))?);
                    }
                }
                "edge" | "arc" => {
                    let (a, b, cost) = match args {
                        [(_, a), (_, b)] => (a, b, 1.0),
                        [(_, a), (_, b), (c, cost)] => (
                            a,
                            b,
                            parse_number(cost).map_err(|m| err(*c, m.to_string()))?,
                        ),
                        _ => {
                            return Err(err(
                                col,
                                format!("'{directive}' takes two node names and an optional cost"),
                            ));
                        }
                    };
                    let (a, b) = (g.intern(a), g.intern(b));
                    g.edges[a as usize].push((b, cost));
                    if directive == "edge" && a != b {
                        g.edges[b as usize].push((a, cost));
                    }
                }
                other => {
                    return Err(err(
                        col,
                        format!(
                            "unknown directive '{other}' (expected start, goal, node, edge or arc)"
                        ),
                    ));
                }
            }
        }
        let line = text.lines().count().max(1);
        let Some(start) = start else {
            return Err(GraphError {
                line,
                column: 1,
                message: "no start node: add a line 'start NAME'".into(),
            });
        };
        if !goal_seen {
            return Err(GraphError {
                line,
                column: 1,
                message: "no goal node: add a line 'goal NAME'".into(),
            });
        }
        g.start = start;
        Ok(Some(g))
    }

    fn intern(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.index.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), id);
        self.edges.push(Vec::new());
        self.heuristic.push(None);
        self.position.push((None, None));
        self.goals.push(false);
        id
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no node (never true for a parsed graph, which has a start).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of node `id`.
    pub fn name(&self, id: u32) -> &str {
        &self.names[id as usize]
    }

    /// The names of a sequence of nodes.
    pub fn names<'a>(&self, ids: impl IntoIterator<Item = &'a u32>) -> Vec<String> {
        ids.into_iter()
            .map(|&id| self.name(id).to_string())
            .collect()
    }

    /// The node called `name`, if any.
    pub fn node(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// Whether some node has a heuristic value.
    pub fn has_heuristic(&self) -> bool {
        self.heuristic.iter().any(Option::is_some)
    }

    /// Where node `id` is drawn (`x=`, `y=` in the file, y pointing north), if both are
    /// given.
    pub fn position(&self, id: u32) -> Option<(f64, f64)> {
        match self.position.get(id as usize) {
            Some(&(Some(x), Some(y))) => Some((x, y)),
            _ => None,
        }
    }

    /// The heuristic value given in the file for node `id`, if any.
    pub fn h(&self, id: u32) -> Option<f64> {
        self.heuristic.get(id as usize).copied().flatten()
    }

    /// The heuristic given in the file (0 for nodes without a value).
    pub fn file_heuristic(&self) -> impl Fn(&u32) -> f64 + '_ {
        move |&id| self.heuristic[id as usize].unwrap_or(0.0)
    }
}

impl Problem for Graph {
    type State = u32;
    /// The node moved to.
    type Action = u32;

    fn start(&self) -> u32 {
        self.start
    }

    fn is_goal(&self, state: &u32) -> bool {
        self.goals[*state as usize]
    }

    fn successors(&self, state: &u32, out: &mut Vec<Successor<u32, u32>>) {
        out.extend(
            self.edges[*state as usize]
                .iter()
                .map(|&(to, cost)| Successor::new(to, to, cost)),
        );
    }
}

/// Splits a line into words with their 1-based character columns.
fn words_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((col, byte)),
            (true, Some((c, b))) => {
                words.push((c + 1, &line[b..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((c, b)) = start {
        words.push((c + 1, &line[b..]));
    }
    words
}

/// Why a cost or a heuristic value was refused (the message of a [`GraphError`]).
#[derive(Debug, thiserror::Error)]
enum NumberError {
    #[error("'{0}' must be a finite non-negative number")]
    OutOfRange(String),
    #[error("'{0}' is not a number")]
    NotANumber(String),
}

fn parse_number(text: &str) -> Result<f64, NumberError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        Ok(_) => Err(NumberError::OutOfRange(text.to_string())),
        Err(_) => Err(NumberError::NotANumber(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        match Graph::parse(text) {
            Ok(_) => panic!("expected an error for {text:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn malformed_files_name_line_and_column() {
        assert_eq!(
            error("start a\ngoal b\nedge a b x\n"),
            "line 3, column 10: 'x' is not a number"
        );
        assert_eq!(
            error("start a\n  egde a b\ngoal b"),
            "line 2, column 3: unknown directive 'egde' (expected start, goal, node, edge or arc)"
        );
        assert_eq!(
            error("goal b\nedge a b -2\nstart a"),
            "line 2, column 10: '-2' must be a finite non-negative number"
        );
        assert_eq!(
            error("start a\ngoal b\nstart b"),
            "line 3, column 7: the start node is given twice"
        );
        assert_eq!(
            error("edge a b\ngoal b"),
            "line 2, column 1: no start node: add a line 'start NAME'"
        );
        assert_eq!(
            error("start a\nedge a b"),
            "line 2, column 1: no goal node: add a line 'goal NAME'"
        );
        assert_eq!(
            error("start a\ngoal b\nnode a g=3"),
            "line 3, column 8: unknown node attribute 'g=3' (expected h=VALUE, x=X or y=Y)"
        );
        assert_eq!(
            error("start a\ngoal b\nnode a h=oops"),
            "line 3, column 10: 'oops' is not a number"
        );
        assert_eq!(
            error("start a\ngoal b\nedge a"),
            "line 3, column 1: 'edge' takes two node names and an optional cost"
        );
    }

    #[test]
    fn comments_defaults_and_directions() {
        let g =
            Graph::parse("# map\nstart a # here\ngoal c d\nedge a b\narc b c 2.5\nnode d h=1.5\n")
                .expect("valid graph");
        assert_eq!(g.len(), 4);
        let mut out = Vec::new();
        g.successors(&g.node("b").expect("b"), &mut out);
        let targets: Vec<_> = out.iter().map(|s| (g.name(s.state), s.cost)).collect();
        assert_eq!(targets, [("a", 1.0), ("c", 2.5)]);
        out.clear();
        g.successors(&g.node("c").expect("c"), &mut out);
        assert!(out.is_empty(), "arcs are directed");
        assert!(g.is_goal(&g.node("d").expect("d")));
        assert_eq!(g.file_heuristic()(&g.node("d").expect("d")), 1.5);
        assert_eq!(g.file_heuristic()(&g.node("a").expect("a")), 0.0);
    }
}
