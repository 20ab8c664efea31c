//! The built-in predicates, by family: one module each, whose `BUILTINS` table
//! registers every predicate it implements (name, arity, function) next to its code, so
//! adding one is one edit in one file. This module holds the shared helpers (lists,
//! text, sorting, retract/1's clause search) and gathers the tables; the control
//! constructs (`,`, `;`, `->`, call/N, findall/3, catch/3) are the engine's own
//! (`super::control`).
//!
//! A built-in runs in a [`Context`] (`super::context`), not on the machine: it reads
//! and builds terms, unifies and binds, throws by returning `Err(Stop::ball(..))`, and
//! reaches the database, the output and the limits through it, but cannot touch the
//! machine's stacks, choicepoints or registers.
//!
//! A nondeterministic built-in starts with [`Context::retry`] and, while more solutions
//! may follow, leaves its choicepoint with [`Context::retry_later`]: its redo function
//! resumes from the state it saved.
//!
//! | module | family |
//! | --- | --- |
//! | `control` | throw/1, halt/0,1, the DCG body translation |
//! | `terms` | unification, comparison, type tests, functor/arg/univ, copy_term/2 |
//! | `text` | atoms, strings, characters and codes, atom_concat/3 |
//! | `sub_text` | sub_atom/5 and sub_string/5 |
//! | `arithmetic` | is/2, numeric comparison, between/3, succ/2, plus/3 |
//! | `lists` | length/2 and sorting |
//! | `database` | assert, retract, abolish, clause/2, dynamic/1 |
//! | `io` | write family, nl/0, tab/1, read_term/2, get_char/1, peek_char/1, the output capture of with_output_to/2 |
//! | `format` | the directives of format/1,2,3 |
//! | `flags` | set_prolog_flag/2, global variables |

use super::*;

mod arithmetic;
mod control;
mod database;
mod flags;
mod format;
mod io;
mod lists;
mod sub_text;
mod terms;
mod text;

pub(crate) use crate::compile::arith::Comparison;

/// A built-in predicate's code: its context, the heap address of the goal's first
/// argument, and the goal's frame (cut barrier, depth, proof node). `Ok(false)` fails.
pub(crate) type Run = fn(&mut Context<'_, '_>, u32, Frame) -> Res;

/// The code that resumes a nondeterministic built-in from its choicepoint: its context,
/// where the built-in resumes, and the state it saved.
pub(crate) type Redo = fn(&mut Context<'_, '_>, Resume, i64) -> Res;

/// Where a nondeterministic built-in resumes on backtracking: its code and the address
/// of the goal's arguments.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Resume {
    pub(crate) redo: Redo,
    pub(crate) args: u32,
}

impl Resume {
    /// The built-in `redo` of the goal whose arguments are at `args`.
    pub(crate) fn of(redo: Redo, args: u32) -> Resume {
        Resume { redo, args }
    }
}

/// One entry of a family's table: a built-in predicate by name and arity.
pub(crate) struct Def {
    pub(crate) name: &'static str,
    pub(crate) arity: u32,
    pub(crate) run: Run,
}

/// A table entry (a `const fn`, so that the tables are constants).
const fn def(name: &'static str, arity: u32, run: Run) -> Def {
    Def { name, arity, run }
}

/// Every family's table, in one list.
const FAMILIES: &[&[Def]] = &[
    control::BUILTINS,
    terms::BUILTINS,
    text::BUILTINS,
    arithmetic::BUILTINS,
    lists::BUILTINS,
    database::BUILTINS,
    io::BUILTINS,
    flags::BUILTINS,
];

/// A built-in predicate: its family and its place in the family's table (two small
/// numbers rather than a function pointer, so that the procedure table stays compact:
/// the user predicates' calls, which go through it too, measured 7% slower on naive
/// reverse with the pointer).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BuiltinId {
    family: u16,
    index: u16,
}

impl BuiltinId {
    /// The built-in's code.
    #[inline]
    pub(crate) fn run(self) -> Run {
        FAMILIES[self.family as usize][self.index as usize].run
    }
}

/// The built-in predicates and control constructs, by name and arity.
pub(crate) fn builtin_table() -> Vec<((&'static str, u32), PredRef)> {
    let mut v = control_table();
    for (family, defs) in (0u16..).zip(FAMILIES) {
        for (index, d) in (0u16..).zip(defs.iter()) {
            v.push((
                (d.name, d.arity),
                PredRef::Builtin(BuiltinId { family, index }),
            ));
        }
    }
    v
}

/// `resource_error(atoms)`: the atom table is full.
fn atoms_full() -> Stop {
    Stop::ball(crate::errors::capacity_error(
        "atoms",
        &format!(
            "stopped: the atom table is full ({} atoms, resource_error(atoms)); atoms are \
             never freed: make text with strings (string_concat/3, format(string(S), ...)) \
             rather than atoms",
            crate::term::max_atoms()
        ),
    ))
}

impl Context<'_, '_> {
    pub(super) fn list_cells(&self, c: Cell) -> Result<Vec<Cell>, Stop> {
        let mut items = Vec::new();
        let mut t = self.deref(c);
        loop {
            match t {
                Cell::Atom(a) if a == atoms::NIL => return Ok(items),
                // A list with more cells than the heap has loops back on itself.
                Cell::Str(_) if items.len() * 3 > self.heap().len() => {
                    return Err(Stop::ball(type_error("list", self.read(c))));
                }
                Cell::Str(a) if self.heap()[a as usize] == Cell::Fun(atoms::CONS, 2) => {
                    items.push(self.heap()[a as usize + 1]);
                    t = self.deref(self.heap()[a as usize + 2]);
                }
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                _ => return Err(Stop::ball(type_error("list", self.read(c)))),
            }
        }
    }

    /// Unifies `t` with the number `s` spells, or raises SWI's
    /// `syntax_error(illegal_number)`.
    fn unify_number_text(&mut self, t: Cell, s: &str) -> Result<bool, Stop> {
        match Self::parse_number(s) {
            Some(n) => {
                let n = self.put_term(&n);
                Ok(self.unify(t, n))
            }
            None => Err(Stop::ball(error_term(Term::compound(
                "syntax_error",
                vec![Term::atom("illegal_number")],
            )))),
        }
    }

    /// The characters (one-letter atoms) or the codes of `s`, as a list.
    fn text_list(&mut self, s: &str, chars: bool) -> Result<Cell, Stop> {
        let items: Vec<Cell> = s
            .chars()
            .map(|c| {
                if chars {
                    Cell::Atom(Atom::new(&c.to_string()))
                } else {
                    Cell::Int(c as i64)
                }
            })
            .collect();
        self.make_list(&items, Cell::Atom(atoms::NIL))
    }

    /// The text of an atomic cell (atom, string or number; `None` for a variable or a
    /// compound): `[]` is the empty list, so the empty text (SWI-Prolog 7).
    pub(super) fn text_of(&self, c: Cell) -> Option<String> {
        match self.deref(c) {
            Cell::Atom(atoms::NIL) => Some(String::new()),
            Cell::Atom(a) => Some(a.name().to_string()),
            Cell::Int(n) => Some(n.to_string()),
            Cell::Float(x) => Some(crate::write::format_float(x)),
            Cell::Str(a) => crate::strings::from_heap(self.heap(), a)
                .or_else(|| crate::bigint::from_heap(self.heap(), a).map(|b| b.to_string())),
            _ => None,
        }
    }

    /// The text of the heap term `c` as the write family writes it with `opts`, with the
    /// operators of the machine's database.
    pub(super) fn term_text(&self, c: Cell, opts: crate::write::WriteOptions) -> String {
        crate::write::write_with(&self.read(c), opts, 1200, Some(&self.db().syntax))
    }

    /// Whether the cell is a string.
    pub(in crate::machine) fn is_string_cell(&self, c: Cell) -> bool {
        crate::strings::is_string(self.heap(), c)
    }

    /// The text of a cell if it is an atom or a string (not a number).
    pub(super) fn atom_or_string_text(&self, c: Cell) -> Option<String> {
        match self.deref(c) {
            Cell::Atom(a) => Some(a.name().to_string()),
            Cell::Str(a) => crate::strings::from_heap(self.heap(), a),
            _ => None,
        }
    }

    /// Unifies `target` with the string `text`.
    pub(super) fn unify_string_text(&mut self, target: Cell, text: &str) -> Res {
        let s = self.put_string(text)?;
        Ok(self.unify(target, s))
    }

    /// An integer argument: `None` when unbound, a type error when not an integer.
    pub(super) fn int_arg(&self, c: Cell) -> Result<Option<i64>, Stop> {
        match self.deref(c) {
            Cell::Int(n) => Ok(Some(n)),
            Cell::Ref(_) => Ok(None),
            other => Err(Stop::ball(type_error("integer", self.read(other)))),
        }
    }

    /// A count argument: an integer at least 0 (`None` when unbound), else a type or
    /// domain error.
    pub(super) fn count_arg(&self, c: Cell) -> Result<Option<i64>, Stop> {
        match self.int_arg(c)? {
            Some(n) if n < 0 => Err(Stop::ball(crate::errors::domain_error(
                "not_less_than_zero",
                Term::Int(n),
            ))),
            other => Ok(other),
        }
    }

    /// The text of an atomic argument (`None` when unbound); a compound raises
    /// `type_error(kind, Culprit)`.
    pub(super) fn text_arg(&self, c: Cell, kind: &str) -> Result<Option<String>, Stop> {
        match self.deref(c) {
            Cell::Ref(_) => Ok(None),
            Cell::Str(_) => match self.text_of(c) {
                Some(s) => Ok(Some(s)),
                None => Err(Stop::ball(type_error(kind, self.read(c)))),
            },
            other => Ok(self.text_of(other)),
        }
    }

    /// A type error `type_error(kind, [])` when `c` is `[]`: the predicates on atoms only
    /// (atom_codes/2, atom_concat/3, sub_atom/5...) refuse the empty list, which is not an
    /// atom in SWI-Prolog 7, where the ones on any text take it as the empty text.
    pub(super) fn refuse_nil(&self, c: Cell, kind: &str) -> Result<(), Stop> {
        if self.deref(c) == Cell::Atom(atoms::NIL) {
            return Err(Stop::ball(type_error(kind, Term::nil())));
        }
        Ok(())
    }

    pub(super) fn codes_text(&self, c: Cell, chars: bool) -> Result<String, Stop> {
        if let Cell::Str(a) = self.deref(c)
            && let Some(s) = crate::strings::from_heap(self.heap(), a)
        {
            return Ok(s);
        }
        let mut s = String::new();
        for it in self.list_cells(c)? {
            match self.deref(it) {
                Cell::Int(n) if !chars => s.push(
                    u32::try_from(n)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| {
                            Stop::ball(error_term(Term::compound(
                                "representation_error",
                                vec![Term::atom("character_code")],
                            )))
                        })?,
                ),
                Cell::Atom(a) if chars => s.push_str(a.name()),
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                other => {
                    return Err(Stop::ball(type_error(
                        if chars { "character" } else { "integer" },
                        self.read(other),
                    )));
                }
            }
        }
        Ok(s)
    }

    /// Unifies `target` with the atom `s`, made within the atom table's bound.
    pub(super) fn unify_atom_text(&mut self, target: Cell, s: &str) -> Res {
        let c = Cell::Atom(self.new_atom(s)?);
        Ok(self.unify(target, c))
    }

    /// `resource_error(atoms)` if the atom table has grown past its bound: checked after
    /// reading a term from text at run time (the reader makes its atoms unbounded).
    pub(in crate::machine) fn check_atom_table(&self) -> Result<(), Stop> {
        if crate::term::atom_count() > crate::term::max_atoms() {
            return Err(atoms_full());
        }
        Ok(())
    }

    /// `text` read as a term at run time (`term_to_atom/2`, `atom_to_term/3`,
    /// `term_string/2`): a `syntax_error` ball when it does not read, `resource_error(atoms)`
    /// when its new atoms fill the atom table.
    pub(in crate::machine) fn read_text(
        &self,
        text: &str,
    ) -> Result<crate::reader::ReadTerm, Stop> {
        let syntax = std::rc::Rc::clone(&self.db().syntax);
        let r = crate::reader::parse_term_with(text, syntax).map_err(|e| {
            Stop::ball(error_term(Term::compound(
                "syntax_error",
                vec![Term::atom(&e.message)],
            )))
        })?;
        self.check_atom_table()?;
        Ok(r)
    }

    /// The atom `s`, or `resource_error(atoms)` when it is new and the atom table is full
    /// (see [`crate::set_max_atoms`]).
    pub(in crate::machine) fn new_atom(&self, s: &str) -> Result<Atom, Stop> {
        Atom::try_new(s).ok_or_else(atoms_full)
    }

    pub(super) fn parse_number(s: &str) -> Option<Term> {
        // Leading layout is allowed, trailing is not (ISO 8.16.7, SWI-Prolog).
        if s.ends_with(char::is_whitespace) {
            return None;
        }
        match crate::reader::parse_term(s.trim()) {
            Ok(r) => match r.term {
                n @ (Term::Int(_) | Term::Float(_)) => Some(n),
                big if crate::bigint::from_term(&big).is_some() => Some(big),
                _ => None,
            },
            Err(_) => None,
        }
    }

    pub(super) fn clause_term_parts(&self, c: Cell) -> Result<(Cell, Cell), Stop> {
        let c = self.deref(c);
        if let Cell::Str(a) = c
            && self.heap()[a as usize] == Cell::Fun(atoms::NECK, 2)
        {
            return Ok((
                self.deref(self.heap()[a as usize + 1]),
                self.heap()[a as usize + 2],
            ));
        }
        Ok((c, Cell::Atom(atoms::TRUE)))
    }

    /// Sorts `(key, item)` pairs by key, stably, in descending order if asked and keeping
    /// only the first of equal keys if asked; unifies the items in that order with `out`.
    fn sort_unify(
        &mut self,
        mut keyed: Vec<(Cell, Cell)>,
        descending: bool,
        dedup: bool,
        out: Cell,
    ) -> Res {
        let heap = self.heap();
        keyed.sort_by(|x, y| {
            let o = compare(heap, x.0, y.0);
            if descending { o.reverse() } else { o }
        });
        if dedup {
            keyed.dedup_by(|x, y| compare(heap, x.0, y.0) == Ordering::Equal);
        }
        let items: Vec<Cell> = keyed.into_iter().map(|k| k.1).collect();
        let list = self.make_list(&items, Cell::Atom(atoms::NIL))?;
        Ok(self.unify(out, list))
    }

    /// retract/1: removes the first clause matching `head :- body` at or after position
    /// `start`, leaving a choicepoint to remove the next matching one on backtracking (as
    /// SWI does, so `retract(p(_)), fail` empties p/1).
    pub(super) fn retract(&mut self, at: Resume, start: usize) -> Res {
        let args = at.args;
        let (head, body) = self.clause_term_parts(self.heap()[args as usize])?;
        let (name, arity, _) = self.goal_parts(head)?;
        let p = self
            .db_mut()
            .dynamic_pred(name, arity)
            .map_err(Stop::ball)?;
        let clauses = self.db().preds[p].clauses.clone();
        for (i, cl) in clauses.iter().enumerate().skip(start) {
            // A trial, undone at once: the real bindings are made below, after the
            // choicepoint for the next clause.
            if !self.undone(|m| m.unify_clause(cl, head, body)) {
                continue;
            }
            let mut v = (*clauses).clone();
            v.remove(i);
            self.count_clause(&cl.source, false)?;
            let more = i < v.len();
            self.db_mut().preds[p].clauses = Rc::new(v);
            if more {
                self.retry_later(at, i as i64);
            }
            return Ok(self.unify_clause(cl, head, body));
        }
        Ok(false)
    }
}
