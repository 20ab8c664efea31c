//! The answer of a solution: the query's bindings and the proof tree.

use super::*;
use crate::term::Args;

/// A proof's goals are written `...` past this depth of nesting: the goals of a deep
/// proof hold ever larger terms (each goal of `build(100000, T)` holds the rest of the
/// tree: read back whole, 5 x 10^9 nodes), and a proof line is read, not searched.
const PROOF_GOAL_DEPTH: usize = 10;

/// ... and past this many nodes each.
const PROOF_GOAL_NODES: usize = 200;

/// The term at `c` as [`read_back`] gives it, but with `...` for the subterms past
/// [`PROOF_GOAL_DEPTH`] or [`PROOF_GOAL_NODES`] (a big integer or a string is whole).
fn read_back_elided(heap: &[Cell], c: Cell, names: &mut FxHashMap<u32, u32>) -> Term {
    enum Step {
        Visit(Cell, usize),
        Build(Atom, usize),
    }
    let mut todo = vec![Step::Visit(c, 0)];
    let mut done: Vec<Term> = Vec::new();
    let mut nodes = 0usize;
    while let Some(step) = todo.pop() {
        match step {
            Step::Visit(c, depth) => {
                nodes += 1;
                if depth > PROOF_GOAL_DEPTH || nodes > PROOF_GOAL_NODES {
                    done.push(Term::atom("..."));
                    continue;
                }
                match deref(heap, c) {
                    Cell::Str(a) if !crate::bigint::is_big(heap, c) => match heap[a as usize] {
                        Cell::Fun(f, n) if crate::strings::from_heap(heap, a).is_none() => {
                            todo.push(Step::Build(f, n as usize));
                            for i in (1..=n).rev() {
                                todo.push(Step::Visit(heap[(a + i) as usize], depth + 1));
                            }
                        }
                        _ => done.push(read_back(heap, c, names, 1)),
                    },
                    _ => done.push(read_back(heap, c, names, 1)),
                }
            }
            Step::Build(f, n) => {
                let args = done.split_off(done.len() - n);
                done.push(Term::Compound(f, Args::from(args)));
            }
        }
    }
    done.pop().unwrap_or(Term::nil())
}

impl Machine<'_> {
    /// The answer for the current solution: bindings of the query variables (unbound
    /// variables numbered _G1, _G2, ... in this answer) and the proof if recorded.
    /// An answer too large for what is left of the memory budget is the memory limit.
    pub(crate) fn answer(&mut self) -> Result<Answer, SolveError> {
        let mut names = FxHashMap::default();
        let used = (self.heap.capacity() * 16) as u64 + self.stack_bytes(false);
        let mut left = (self.budget.saturating_sub(used) / ANSWER_NODE_BYTES) as usize;
        let mut bindings = Vec::with_capacity(self.query_vars.len());
        for (n, c) in &self.query_vars {
            let Some(t) = read_back_bounded(&self.heap, *c, &mut names, 1, left) else {
                self.done = true;
                return Err(SolveError::MemoryLimit(self.budget));
            };
            left = left.saturating_sub(term_cells(&t));
            bindings.push((n.clone(), t));
        }
        let proof = match self.opts.explain {
            true => Some(self.proof(&mut names, left).ok_or_else(|| {
                self.done = true;
                SolveError::MemoryLimit(self.budget)
            })?),
            false => None,
        };
        Ok(Answer { bindings, proof })
    }

    /// The proof tree, its goals elided past [`PROOF_GOAL_DEPTH`] and
    /// [`PROOF_GOAL_NODES`]; `None` when it takes more than `left` answer nodes.
    fn proof(&self, names: &mut FxHashMap<u32, u32>, mut left: usize) -> Option<Proof> {
        let mut depth_of: Vec<usize> = Vec::with_capacity(self.proofs.len());
        let mut nodes = Vec::with_capacity(self.proofs.len());
        for n in &self.proofs {
            let depth = if n.parent == NONE {
                0
            } else {
                depth_of.get(n.parent as usize).map_or(0, |d| d + 1)
            };
            depth_of.push(depth);
            let goal = read_back_elided(&self.heap, n.goal, names);
            let clause = n.clause.as_ref().map(|c| c.source.clone());
            let cells = 1 + term_cells(&goal) + clause.as_ref().map_or(0, term_cells);
            left = left.checked_sub(cells)?;
            nodes.push(ProofNode {
                depth,
                goal,
                clause,
            });
        }
        Some(Proof { nodes })
    }

    /// Whether no alternative is left (the last answer was the last one).
    pub(crate) fn no_alternatives(&self) -> bool {
        self.done
            || self.cps.iter().all(|cp| {
                matches!(
                    cp.kind,
                    CpKind::Catch { .. } | CpKind::TraceFail { .. } | CpKind::Dead
                )
            })
    }
}
