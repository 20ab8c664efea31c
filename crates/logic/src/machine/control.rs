//! The control constructs: conjunction, disjunction, if-then-else, negation, cut,
//! call/N, findall/3 and catch/3, which push frames and choicepoints rather than compute.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Control {
    True,
    Fail,
    Conj,
    Disj,
    IfThen,
    SoftIf,
    Not,
    Cut,
    Call(u32),
    Findall,
    Catch,
}

/// The control constructs, by name and arity (the built-in predicates are in the
/// families' tables, `builtins::builtin_table` gathers both).
pub(crate) fn control_table() -> Vec<((&'static str, u32), PredRef)> {
    use Control as C;
    use PredRef::Control as Co;
    let mut v = vec![
        (("true", 0), Co(C::True)),
        (("otherwise", 0), Co(C::True)),
        (("fail", 0), Co(C::Fail)),
        (("false", 0), Co(C::Fail)),
        ((",", 2), Co(C::Conj)),
        ((";", 2), Co(C::Disj)),
        (("|", 2), Co(C::Disj)),
        (("->", 2), Co(C::IfThen)),
        (("*->", 2), Co(C::SoftIf)),
        (("\\+", 1), Co(C::Not)),
        (("not", 1), Co(C::Not)),
        (("!", 0), Co(C::Cut)),
        (("findall", 3), Co(C::Findall)),
        (("catch", 3), Co(C::Catch)),
    ];
    for n in 1..=8 {
        v.push((("call", n), Co(C::Call(n - 1))));
    }
    v
}

impl Machine<'_> {
    pub(super) fn control(&mut self, k: Control, args: u32, f: Frame) -> Res {
        match k {
            Control::True => Ok(true),
            Control::Fail => Ok(false),
            Control::Conj => {
                let (a, b) = (self.heap[args as usize], self.heap[args as usize + 1]);
                self.push_frame(Goal::Call(b), f.cut, f.depth, f.proof);
                self.push_frame(Goal::Call(a), f.cut, f.depth, f.proof);
                Ok(true)
            }
            Control::Disj => {
                let (a, b) = (self.arg(args, 0), self.heap[args as usize + 1]);
                // (C -> T ; E) and (C *-> T ; E)
                if let Cell::Str(s) = a
                    && let Cell::Fun(op, 2) = self.heap[s as usize]
                    && (op == atoms::ARROW || op == atoms::SOFT_ARROW)
                {
                    let (cond, then) = (self.heap[s as usize + 1], self.heap[s as usize + 2]);
                    let h = self.cps.len() as u32;
                    self.push_cp(CpKind::Alt {
                        goal: b,
                        cut: f.cut,
                        depth: f.depth,
                        proof: f.proof,
                    });
                    self.push_frame(Goal::Call(then), f.cut, f.depth, f.proof);
                    if op == atoms::ARROW {
                        self.push_frame(Goal::CutTo(h), f.cut, f.depth, f.proof);
                    } else {
                        // Soft cut: only the else branch goes; the condition keeps its
                        // alternatives.
                        self.push_frame(Goal::SoftCut(h), f.cut, f.depth, f.proof);
                    }
                    self.push_frame(Goal::Call(cond), h + 1, f.depth, f.proof);
                    return Ok(true);
                }
                self.push_cp(CpKind::Alt {
                    goal: b,
                    cut: f.cut,
                    depth: f.depth,
                    proof: f.proof,
                });
                self.push_frame(Goal::Call(a), f.cut, f.depth, f.proof);
                Ok(true)
            }
            Control::IfThen | Control::SoftIf => {
                let (cond, then) = (self.heap[args as usize], self.heap[args as usize + 1]);
                let h = self.cps.len() as u32;
                self.push_frame(Goal::Call(then), f.cut, f.depth, f.proof);
                if k == Control::IfThen {
                    self.push_frame(Goal::CutTo(h), f.cut, f.depth, f.proof);
                }
                self.push_frame(Goal::Call(cond), h, f.depth, f.proof);
                Ok(true)
            }
            Control::Not => {
                let g = self.heap[args as usize];
                let h = self.cps.len() as u32;
                self.push_cp(CpKind::Alt {
                    goal: Cell::Atom(atoms::TRUE),
                    cut: f.cut,
                    depth: f.depth,
                    proof: f.proof,
                });
                self.push_frame(Goal::Call(Cell::Atom(atoms::FAIL)), f.cut, f.depth, f.proof);
                self.push_frame(Goal::CutTo(h), f.cut, f.depth, f.proof);
                self.push_frame(Goal::Call(g), h + 1, f.depth, f.proof);
                Ok(true)
            }
            Control::Cut => {
                self.cut_to(f.cut);
                Ok(true)
            }
            Control::Call(extra) => {
                self.count_inference()?;
                let g = self.arg(args, 0);
                let goal = if extra == 0 {
                    // The whole body must be callable before any of it runs (ISO
                    // 7.6.2): `call((write(a), 1))` writes nothing.
                    if !self.body_callable(g) {
                        return Err(Stop::ball(type_error("callable", self.read(g))));
                    }
                    g
                } else {
                    let (name, n, gargs) = self.goal_parts(g)?;
                    let a = self.heap.len() as u32;
                    self.heap.push(Cell::Fun(name, n + extra));
                    for i in 0..n {
                        let v = self.heap[(gargs + i) as usize];
                        self.heap.push(v);
                    }
                    for i in 1..=extra {
                        let v = self.heap[(args + i) as usize];
                        self.heap.push(v);
                    }
                    Cell::Str(a)
                };
                // call/N is opaque to cut: a cut inside cuts back to here only.
                let h = self.cps.len() as u32;
                self.push_frame(Goal::Call(goal), h, f.depth, f.proof);
                Ok(true)
            }
            Control::Findall => {
                let (template, goal, result) = (
                    self.heap[args as usize],
                    self.heap[args as usize + 1],
                    self.heap[args as usize + 2],
                );
                let bag = self.bags.len() as u32;
                self.bags.push((template, Vec::new(), 0));
                let h = self.cps.len() as u32;
                self.push_cp(CpKind::Findall { bag, result });
                self.push_frame(Goal::Collect(bag), h + 1, f.depth, f.proof);
                self.push_frame(Goal::Call(goal), h + 1, f.depth, f.proof);
                Ok(true)
            }
            Control::Catch => {
                let goal = self.heap[args as usize];
                let h = self.cps.len() as u32;
                self.push_cp(CpKind::Catch {
                    args,
                    cut: f.cut,
                    depth: f.depth,
                    proof: f.proof,
                });
                self.push_frame(Goal::PopCatch(h), f.cut, f.depth, f.proof);
                self.push_frame(Goal::Call(goal), h + 1, f.depth, f.proof);
                Ok(true)
            }
        }
    }

    /// Whether a goal converts to a body: its control constructs (`,`, `;`, `->`, `*->`)
    /// hold variables and callable terms only.
    fn body_callable(&self, g: Cell) -> bool {
        let mut todo = vec![g];
        while let Some(c) = todo.pop() {
            match self.deref(c) {
                Cell::Ref(_) | Cell::Atom(_) => {}
                Cell::Str(_) if crate::strings::is_string(&self.heap, c) => return false,
                Cell::Str(a) => {
                    if let Cell::Fun(op, 2) = self.heap[a as usize]
                        && (op == atoms::COMMA
                            || op == atoms::SEMI
                            || op == atoms::BAR
                            || op == atoms::ARROW
                            || op == atoms::SOFT_ARROW)
                    {
                        todo.push(self.heap[a as usize + 1]);
                        todo.push(self.heap[a as usize + 2]);
                    }
                }
                _ => return false,
            }
        }
        true
    }
}
