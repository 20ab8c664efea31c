//! Calling a goal: what procedure it names (a control construct, a built-in, a user
//! predicate, or none) and dispatching to it, errors given their context.

use super::{BuiltinId, Frame, Machine, PNode, PredRef, Res, Stop, ball_args, existence_error};
use crate::TraceEvent;
use crate::arith::{instantiation_error, type_error};
use crate::store::Cell;
use crate::term::{Atom, Term, atoms};

impl Machine<'_> {
    pub(super) fn goal_parts(&self, c: Cell) -> Result<(Atom, u32, u32), Stop> {
        match c {
            Cell::Atom(a) => Ok((a, 0, 0)),
            Cell::Str(a) => match self.heap[a as usize] {
                Cell::Fun(f, n) => Ok((f, n, a + 1)),
                _ => Err(Stop::ball(type_error("callable", self.read(c)))),
            },
            Cell::Ref(_) => Err(Stop::ball(instantiation_error())),
            _ => Err(Stop::ball(type_error("callable", self.read(c)))),
        }
    }

    #[inline]
    pub(super) fn arg(&self, args: u32, i: u32) -> Cell {
        self.deref(self.heap[(args + i) as usize])
    }

    pub(super) fn call(&mut self, c: Cell, f: Frame) -> Res {
        let c = self.deref(c);
        let (name, arity, args) = match c {
            Cell::Str(a) => match self.heap[a as usize] {
                Cell::Fun(name, n) => (name, n, a + 1),
                _ => self.goal_parts(c)?,
            },
            Cell::Atom(a) => (a, 0, 0),
            _ => self.goal_parts(c)?,
        };
        // The procedure last called is usually called again (a recursion, a loop): it
        // is remembered, which is safe because a procedure table entry, once made, is
        // never changed nor removed (a redefinition changes the clauses behind it).
        let pref = if self.last_proc.0 == name && self.last_proc.1 == arity {
            Some(self.last_proc.2)
        } else {
            let found = self.db.index.get(&(name, arity)).copied();
            if let Some(r) = found {
                self.last_proc = (name, arity, r);
            }
            found
        };
        let Some(pref) = pref else {
            // A string is a structure on the heap, but not a goal.
            if crate::strings::is_string(&self.heap, c) {
                return Err(Stop::ball(type_error("callable", self.read(c))));
            }
            self.count_inference()?;
            if self.db.unknown_fail {
                if self.observer.is_some() {
                    let g = self.read(c);
                    self.emit(TraceEvent::Unknown {
                        depth: f.depth as usize,
                        goal: g,
                    });
                }
                return Ok(false);
            }
            return Err(Stop::ball(existence_error(name, arity)));
        };
        match pref {
            PredRef::User(p) => self.call_user(p, c, arity, args, f),
            PredRef::Control(k) => self.control(k, args, f),
            PredRef::Builtin(b) => self.call_builtin(b, c, args, f),
        }
    }

    /// Calls a built-in predicate (apart from `call`, so that the user predicates' path
    /// stays small: inlined, this measured 10% slower on naive reverse).
    #[inline(never)]
    pub(super) fn call_builtin(&mut self, b: BuiltinId, c: Cell, args: u32, f: Frame) -> Res {
        self.count_inference()?;
        if self.opts.explain {
            self.proofs.push(PNode {
                parent: f.proof,
                goal: c,
                clause: None,
            });
        }
        if self.observer.is_some() && self.opts.ports {
            let g = self.read(c);
            self.emit(TraceEvent::Call {
                depth: f.depth as usize,
                goal: g.clone(),
            });
            let ok = b.run()(&mut self.ctx(), args, f)?;
            self.emit(if ok {
                TraceEvent::Exit {
                    depth: f.depth as usize,
                    goal: self.read(c),
                }
            } else {
                TraceEvent::Fail {
                    depth: f.depth as usize,
                    goal: g,
                }
            });
            return Ok(ok);
        }
        match b.run()(&mut self.ctx(), args, f) {
            Err(Stop::Ball(ball)) => Err(Stop::Ball(Box::new(self.in_context(*ball, c)))),
            other => other,
        }
    }

    /// An error term `error(Formal, _)` raised by the built-in `goal` gets SWI-Prolog's
    /// context, `context(system:Name/Arity, _)` (`length/2` and `keysort/2`, ISO core in
    /// SWI, without the module); any other ball, or one with its context set, is kept.
    #[cold]
    pub(super) fn in_context(&self, ball: Term, goal: Cell) -> Term {
        let Term::Compound(e, args) = &ball else {
            return ball;
        };
        if *e != atoms::ERROR || args.len() != 2 || !matches!(args[1], Term::Var(_)) {
            return ball;
        }
        let (name, arity) = match self.deref(goal) {
            Cell::Str(a) => match self.heap[a as usize] {
                Cell::Fun(name, n) => (name, n),
                _ => return ball,
            },
            Cell::Atom(name) => (name, 0),
            _ => return ball,
        };
        // throw/1 raises the ball it is given, context and all.
        if name.name() == "throw" && arity == 1 {
            return ball;
        }
        let pi = crate::errors::indicator(name, arity);
        let pi = if matches!((name.name(), arity), ("length", 2) | ("keysort", 2)) {
            pi
        } else {
            Term::compound(":", vec![Term::atom("system"), pi])
        };
        // A variable of its own: the formal term may hold the culprit's variables.
        let fresh = args[0].variables().into_iter().max().map_or(0, |v| v + 1);
        let mut args = ball_args(ball);
        args[1] = Term::compound("context", vec![pi, Term::Var(fresh)]);
        Term::new(atoms::ERROR, args)
    }
}
