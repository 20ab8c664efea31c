//! The prover run on a host's own terms: the goal is built on the heap straight from the
//! host's table of terms, and each answer is written back into that table, with no owned
//! [`Term`] tree, no variable names and no allocation per node in between. The rule
//! engine's many small calls (four per cycle on Hanoi by rules) spent most of their time
//! converting situations to `Term`s and back; this entry point skips both trips.

use super::*;
use crate::strings;

/// One node of a host's term, as the prover reads it from the host or hands it to the
/// host to store: a leaf, or a compound whose arguments are the host's references.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HostNode<'a, R> {
    /// An atom.
    Atom(Atom),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string (SWI-Prolog's string type).
    Str(&'a str),
    /// A variable, by number: in a goal, one number is one variable (shared with the
    /// goal template's `Term::Var` of that number); in an answer, numbered from 1 in each
    /// answer, the same number for the same variable across the values read.
    Var(u32),
    /// A compound term: its name and its arguments.
    Compound(Atom, &'a [R]),
}

/// A host's table of terms, which the prover reads goals from ([`HostTerms::node`]) and
/// writes answers into ([`HostTerms::make`]). A hash-consed table fits it best: reading an
/// answer back calls `make` once per node, bottom-up.
pub trait HostTerms {
    /// The host's name for a stored term (a small copyable number, typically).
    type Ref: Copy;

    /// The node `r` names (its arguments as references).
    fn node(&self, r: Self::Ref) -> HostNode<'_, Self::Ref>;

    /// Stores `node` (its arguments already stored) and names it.
    fn make(&mut self, node: HostNode<'_, Self::Ref>) -> Self::Ref;

    /// Whether `r` has no variable. A ground compound of the goal that an answer holds
    /// unchanged is then given back as `r` itself instead of being read node by node (an
    /// answer built from the goal shares most of it: a Hanoi move changes two pegs of
    /// three). The default, `false`, reads every node.
    fn is_ground(&self, r: Self::Ref) -> bool {
        let _ = r;
        false
    }
}

/// The answers of [`Database::solve_host`]: [`HostSolutions::next_answer`] finds the next
/// one, [`HostSolutions::value`] reads the value of a chosen variable into the host.
pub struct HostSolutions<'a, R> {
    m: Machine<'a>,
    /// The ground compounds of the goal that came from the host: heap address (in
    /// increasing order) and the host's name for it.
    shared: Vec<(u32, R)>,
    /// The collector's next height when the goal was built: while it has not changed,
    /// no collection has moved the goal's cells, and `shared` holds.
    gc_at: usize,
    /// Per chosen variable, its place in the machine's query variables (`None`: it does
    /// not occur in the goal).
    positions: Vec<Option<usize>>,
    /// Heap addresses of the unbound variables met in the current answer, and their
    /// numbers (from 1).
    names: FxHashMap<u32, u32>,
    /// Nodes the current answer may still take under the memory budget.
    left: usize,
    /// Scratch stacks of the reading back, kept between values.
    done: Vec<u64>,
}

impl Database {
    /// Runs `goal` with its variables taken from a host's table of terms: variable `v` of
    /// `goal` is the host's term `value(v)` when that gives one, else a prover variable
    /// (shared with the host terms' own [`HostNode::Var`] of the same number). The answers
    /// report the values of the variables `wanted`, by position, read straight into the
    /// host ([`HostSolutions::value`]): the goal is built on the prover's heap from the
    /// host's nodes and the answers leave it as host nodes, so no owned [`Term`] is made
    /// for either. For an embedding (the rule engine) that keeps its own shared terms.
    ///
    /// ```
    /// use resolu_logic::{Atom, Database, HostNode, HostTerms, Options, Term};
    ///
    /// // A host table: a vector of nodes, a term named by its index (not hash-consed,
    /// // for brevity).
    /// #[derive(Default)]
    /// struct Table(Vec<(Atom, Vec<usize>, i64)>);
    /// impl HostTerms for Table {
    ///     type Ref = usize;
    ///     fn node(&self, r: usize) -> HostNode<'_, usize> {
    ///         let (f, args, n) = &self.0[r];
    ///         match (f.name(), args.is_empty()) {
    ///             ("$int", _) => HostNode::Int(*n),
    ///             (_, true) => HostNode::Atom(*f),
    ///             (_, false) => HostNode::Compound(*f, args),
    ///         }
    ///     }
    ///     fn make(&mut self, node: HostNode<'_, usize>) -> usize {
    ///         let entry = match node {
    ///             HostNode::Int(n) => (Atom::new("$int"), vec![], n),
    ///             HostNode::Atom(a) => (a, vec![], 0),
    ///             HostNode::Compound(f, args) => (f, args.to_vec(), 0),
    ///             other => panic!("not in this example: {other:?}"),
    ///         };
    ///         self.0.push(entry);
    ///         self.0.len() - 1
    ///     }
    /// }
    ///
    /// let mut db = Database::new();
    /// db.consult("double(X, Y) :- Y is 2 * X.").unwrap();
    /// let mut table = Table::default();
    /// let twenty_one = table.make(HostNode::Int(21));
    /// // double(X0, X1) with X0 the host's 21: the answers give X1.
    /// let goal = Term::compound("double", vec![Term::Var(0), Term::Var(1)]);
    /// let value = |v: u32| (v == 0).then_some(twenty_one);
    /// let mut answers = db.solve_host(&table, &goal, &value, &[1], Options::default());
    /// assert!(answers.next_answer().unwrap());
    /// let y = answers.value(0, &mut table).unwrap().unwrap();
    /// assert_eq!(table.node(y), HostNode::Int(42));
    /// assert!(!answers.next_answer().unwrap());
    /// ```
    pub fn solve_host<H: HostTerms + ?Sized>(
        &mut self,
        host: &H,
        goal: &Term,
        value: &dyn Fn(u32) -> Option<H::Ref>,
        wanted: &[u32],
        options: Options,
    ) -> HostSolutions<'_, H::Ref> {
        // The machine starts on `true` (no heap cell); the real goal replaces it.
        let mut m = Machine::new(self, &Term::Atom(atoms::TRUE), &[], options);
        // Room for a typical goal up front: growing these step by step cost more than
        // building the goal.
        let mut vars: Vec<(u32, Cell)> = Vec::with_capacity(8);
        let mut shared = Vec::with_capacity(64);
        let goal_cell = put_host(&mut m.heap, host, goal, value, &mut vars, &mut shared);
        if let Some(first) = m.conts.first_mut() {
            first.goal = Goal::Call(goal_cell);
        }
        let mut positions = Vec::with_capacity(wanted.len());
        for v in wanted {
            positions.push(vars.iter().find(|(w, _)| w == v).map(|&(_, c)| {
                // The query variables are roots of the collector, which keeps them
                // pointing at the values wherever it moves them.
                m.query_vars.push((String::new(), c));
                m.query_vars.len() - 1
            }));
        }
        HostSolutions {
            gc_at: m.gc_at,
            m,
            shared,
            positions,
            names: FxHashMap::default(),
            left: 0,
            done: Vec::new(),
        }
    }
}

impl<R: Copy> HostSolutions<'_, R> {
    /// Finds the next answer: `Ok(true)` with it in place (read its values with
    /// [`HostSolutions::value`]), `Ok(false)` when there are no more. After an error
    /// there are no more.
    pub fn next_answer(&mut self) -> Result<bool, SolveError> {
        if !self.m.next_solution()? {
            return Ok(false);
        }
        self.names.clear();
        let used = (self.m.heap.capacity() * 16) as u64 + self.m.stack_bytes(false);
        self.left = (self.m.budget.saturating_sub(used) / ANSWER_NODE_BYTES) as usize;
        Ok(true)
    }

    /// The value of the `k`-th chosen variable in the current answer, stored in `host`
    /// (`None` if that variable does not occur in the goal). Its unbound variables are
    /// [`HostNode::Var`]s numbered from 1 in each answer. A value larger than what is left
    /// of the memory budget is the memory limit; a cyclic value is cut where it loops
    /// back, with the atom `...` in place of the repeated subterm (as answers are).
    pub fn value<H: HostTerms<Ref = R> + ?Sized>(
        &mut self,
        k: usize,
        host: &mut H,
    ) -> Result<Option<R>, SolveError> {
        let Some(&Some(at)) = self.positions.get(k) else {
            return Ok(None);
        };
        let Some(&(_, c)) = self.m.query_vars.get(at) else {
            return Ok(None);
        };
        let mut stack = std::mem::take(&mut self.done);
        let shared: &[(u32, R)] = if self.m.gc_at == self.gc_at {
            &self.shared
        } else {
            &[]
        };
        let read = read_host(
            &self.m.heap,
            c,
            host,
            shared,
            &mut self.names,
            &mut stack,
            &mut self.left,
        );
        self.done = stack;
        match read {
            Some(r) => Ok(Some(r)),
            None => {
                self.m.done = true;
                Err(SolveError::MemoryLimit(self.m.budget))
            }
        }
    }

    /// The number of inferences (procedure calls) so far.
    pub fn inferences(&self) -> u64 {
        self.m.inferences
    }

    /// Whether it is known that no further answer exists.
    pub fn is_exhausted(&self) -> bool {
        self.m.no_alternatives()
    }
}

/// Where a node goes: the root, or an argument cell of a compound being built.
enum Part<'t, R> {
    Template(&'t Term),
    Host(R),
}

/// Builds `goal` on `heap`, its variables given by `value` from `host`, the others (and
/// the host's own variables) made as heap variables through `vars`.
fn put_host<H: HostTerms + ?Sized>(
    heap: &mut Vec<Cell>,
    host: &H,
    goal: &Term,
    value: &dyn Fn(u32) -> Option<H::Ref>,
    vars: &mut Vec<(u32, Cell)>,
    shared: &mut Vec<(u32, H::Ref)>,
) -> Cell {
    // Compounds get their cells when met; their argument cells are filled from `todo`.
    let mut todo: Vec<(u32, Part<'_, H::Ref>)> = Vec::with_capacity(32);
    let mut out = (vars, shared);
    let root = place(heap, host, value, &mut out, Part::Template(goal), &mut todo);
    while let Some((slot, part)) = todo.pop() {
        let c = place(heap, host, value, &mut out, part, &mut todo);
        heap[slot as usize] = c;
    }
    root
}

/// The heap variable of goal variable `v` (made when first met).
fn var_cell(heap: &mut Vec<Cell>, vars: &mut Vec<(u32, Cell)>, v: u32) -> Cell {
    if let Some(&(_, c)) = vars.iter().find(|(w, _)| *w == v) {
        return c;
    }
    let c = Cell::Ref(heap.len() as u32);
    heap.push(c);
    vars.push((v, c));
    c
}

/// The goal's variables and the ground host compounds placed, as [`put_host`] keeps them.
type Placed<'v, R> = (&'v mut Vec<(u32, Cell)>, &'v mut Vec<(u32, R)>);

/// The cell of one part of the goal; a compound's cells are made and its arguments
/// pushed on `todo`.
fn place<'t, H: HostTerms + ?Sized>(
    heap: &mut Vec<Cell>,
    host: &'t H,
    value: &dyn Fn(u32) -> Option<H::Ref>,
    (vars, shared): &mut Placed<'_, H::Ref>,
    part: Part<'t, H::Ref>,
    todo: &mut Vec<(u32, Part<'t, H::Ref>)>,
) -> Cell {
    let part = match part {
        Part::Template(Term::Var(v)) => match value(*v) {
            Some(r) => Part::Host(r),
            None => return var_cell(heap, vars, *v),
        },
        p => p,
    };
    match part {
        Part::Template(t) => match t {
            Term::Atom(a) => Cell::Atom(*a),
            Term::Int(n) => Cell::Int(*n),
            Term::Float(x) => Cell::Float(*x),
            Term::Str(s) => strings::push(heap, s),
            Term::Var(v) => var_cell(heap, vars, *v),
            Term::Compound(f, args) => {
                let a = heap.len() as u32;
                heap.push(Cell::Fun(*f, args.len() as u32));
                heap.resize(heap.len() + args.len(), Cell::Int(0));
                for (i, arg) in args.iter().enumerate().rev() {
                    todo.push((a + 1 + i as u32, Part::Template(arg)));
                }
                Cell::Str(a)
            }
        },
        Part::Host(r) => match host.node(r) {
            HostNode::Atom(a) => Cell::Atom(a),
            HostNode::Int(n) => Cell::Int(n),
            HostNode::Float(x) => Cell::Float(x),
            HostNode::Str(s) => strings::push(heap, s),
            HostNode::Var(v) => var_cell(heap, vars, v),
            HostNode::Compound(f, args) => {
                let a = heap.len() as u32;
                if host.is_ground(r) {
                    shared.push((a, r));
                }
                heap.push(Cell::Fun(f, args.len() as u32));
                heap.resize(heap.len() + args.len(), Cell::Int(0));
                for (i, &arg) in args.iter().enumerate().rev() {
                    todo.push((a + 1 + i as u32, Part::Host(arg)));
                }
                Cell::Str(a)
            }
        },
    }
}

/// A step of reading back: a cell to visit, or a compound (name, arity, functor address)
/// whose arguments are done, packed in a word: the tag in the top bits.
const BUILD: u64 = 1 << 63;

/// Reads the heap term at `c` into `host`, bottom-up; unbound variables are numbered
/// through `names` (address to number, from 1). `None` past `left` nodes (which it counts
/// down). Cycles are only looked for once the walk has passed [`CYCLE_CHECK_AFTER`]
/// nodes, then the walk starts again remembering the compounds open on its path.
fn read_host<H: HostTerms + ?Sized>(
    heap: &[Cell],
    c: Cell,
    host: &mut H,
    shared: &[(u32, H::Ref)],
    names: &mut FxHashMap<u32, u32>,
    stack: &mut Vec<u64>,
    left: &mut usize,
) -> Option<H::Ref> {
    let budget = *left;
    let mut open: Option<rustc_hash::FxHashSet<u32>> = None;
    'walk: loop {
        let mut nodes = 0usize;
        let mut done: Vec<H::Ref> = Vec::with_capacity(16);
        stack.clear();
        // A visit is a heap address holding the cell to visit (the root is a register,
        // visited first).
        let mut root = Some(c);
        loop {
            let cell = match root.take() {
                Some(c) => c,
                None => match stack.pop() {
                    None => break,
                    Some(w) if w & BUILD != 0 => {
                        let a = (w & !BUILD) as u32;
                        let Cell::Fun(f, n) = heap[a as usize] else {
                            continue;
                        };
                        if let Some(open) = open.as_mut() {
                            open.remove(&a);
                        }
                        let from = done.len() - n as usize;
                        let r = host.make(HostNode::Compound(f, &done[from..]));
                        done.truncate(from);
                        done.push(r);
                        continue;
                    }
                    Some(w) => heap[w as usize],
                },
            };
            nodes += 1;
            if nodes > budget {
                return None;
            }
            if open.is_none() && nodes > CYCLE_CHECK_AFTER as usize {
                open = Some(rustc_hash::FxHashSet::default());
                continue 'walk;
            }
            let r = match deref(heap, cell) {
                Cell::Ref(a) => {
                    let n = names.len() as u32 + 1;
                    let v = *names.entry(a).or_insert(n);
                    host.make(HostNode::Var(v))
                }
                Cell::Atom(a) => host.make(HostNode::Atom(a)),
                Cell::Int(n) => host.make(HostNode::Int(n)),
                Cell::Float(x) => host.make(HostNode::Float(x)),
                Cell::Fun(f, _) => host.make(HostNode::Atom(f)),
                Cell::Str(a) => {
                    if let Ok(i) = shared.binary_search_by_key(&a, |&(at, _)| at) {
                        shared[i].1
                    } else if let Some(s) = strings::from_heap(heap, a) {
                        host.make(HostNode::Str(&s))
                    } else if open.as_mut().is_some_and(|o| !o.insert(a)) {
                        host.make(HostNode::Atom(Atom::new("...")))
                    } else {
                        let Cell::Fun(_, n) = heap[a as usize] else {
                            continue;
                        };
                        stack.push(u64::from(a) | BUILD);
                        for i in (1..=n).rev() {
                            stack.push(u64::from(a + i));
                        }
                        continue;
                    }
                }
            };
            done.push(r);
        }
        *left = budget - nodes;
        return done.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A host table of owned nodes (no hash-consing, so every `make` shows).
    #[derive(Default)]
    struct Table(Vec<(Option<Atom>, Vec<usize>, u32)>);

    impl HostTerms for Table {
        type Ref = usize;
        fn node(&self, r: usize) -> HostNode<'_, usize> {
            match &self.0[r] {
                (None, _, v) => HostNode::Var(*v),
                (Some(a), args, _) if args.is_empty() => HostNode::Atom(*a),
                (Some(f), args, _) => HostNode::Compound(*f, args),
            }
        }
        fn make(&mut self, node: HostNode<'_, usize>) -> usize {
            self.0.push(match node {
                HostNode::Var(v) => (None, vec![], v),
                HostNode::Atom(a) => (Some(a), vec![], 0),
                HostNode::Compound(f, args) => (Some(f), args.to_vec(), 0),
                other => panic!("unexpected {other:?}"),
            });
            self.0.len() - 1
        }
        fn is_ground(&self, r: usize) -> bool {
            self.0[r].0.is_some() && self.0[r].1.iter().all(|&k| self.is_ground(k))
        }
    }

    #[test]
    fn answers_share_the_goals_ground_terms_and_number_their_variables() {
        let mut db = Database::new();
        db.consult("f(X, k(X, Z, Z, W)).").unwrap();
        let mut t = Table::default();
        let a = t.make(HostNode::Atom(Atom::new("a")));
        let b = t.make(HostNode::Atom(Atom::new("b")));
        let hb = t.make(HostNode::Compound(Atom::new("h"), &[b]));
        let g = t.make(HostNode::Compound(Atom::new("g"), &[a, hb]));
        // f(X0, X1) with X0 = g(a, h(b)); X1 and X7 (absent) wanted.
        let goal = Term::compound("f", vec![Term::Var(0), Term::Var(1)]);
        let value = |v: u32| (v == 0).then_some(g);
        let mut answers = db.solve_host(&t, &goal, &value, &[1, 7], Options::default());
        assert!(answers.next_answer().unwrap());
        let before = t.0.len();
        let y = answers.value(0, &mut t).unwrap().unwrap();
        assert_eq!(answers.value(1, &mut t).unwrap(), None);
        // k(g(a, h(b)), _1, _1, _2): g is the host's own node, not a copy; Z is one
        // variable, numbered 1, W is 2.
        let HostNode::Compound(k, args) = t.node(y) else {
            panic!("not a compound: {:?}", t.node(y));
        };
        assert_eq!(k.name(), "k");
        assert_eq!(args[0], g);
        assert_eq!(t.node(args[1]), HostNode::Var(1));
        assert_eq!(t.node(args[2]), HostNode::Var(1));
        assert_eq!(t.node(args[3]), HostNode::Var(2));
        // One node for k, three for the variables met: nothing of g read back.
        assert_eq!(t.0.len() - before, 4);
        assert!(!answers.next_answer().unwrap());
    }
}
