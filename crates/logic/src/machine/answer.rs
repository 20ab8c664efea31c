//! The answer of a solution: the query's bindings and the proof tree.

use super::*;

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
        let proof = self.opts.explain.then(|| self.proof(&mut names));
        Ok(Answer { bindings, proof })
    }

    fn proof(&self, names: &mut FxHashMap<u32, u32>) -> Proof {
        let mut depth_of: Vec<usize> = Vec::with_capacity(self.proofs.len());
        let mut nodes = Vec::with_capacity(self.proofs.len());
        for n in &self.proofs {
            let depth = if n.parent == NONE {
                0
            } else {
                depth_of.get(n.parent as usize).map_or(0, |d| d + 1)
            };
            depth_of.push(depth);
            nodes.push(ProofNode {
                depth,
                goal: read_back(&self.heap, n.goal, names, 1),
                clause: n.clause.as_ref().map(|c| c.source.clone()),
            });
        }
        Proof { nodes }
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
