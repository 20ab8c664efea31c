//! Owned terms: the value type shared with the rule engine and returned in answers.
//!
//! Atoms are interned once per process (an [`Atom`] is a `Copy` integer), so comparing
//! and hashing atoms costs nothing and the prover's heap cells hold the same ids. An atom
//! is never freed (its id may be held anywhere: in a caller's terms, a database, the rule
//! engine), so the table is bounded instead: past [`max_atoms`] atoms, the built-ins that
//! make atoms at run time raise `resource_error(atoms)` ([`Atom::try_new`] fails) rather
//! than grow the process without limit. Strings are not atoms (see [`Term::Str`]). Every
//! operation on a [`Term`] (drop, clone, equality, hashing, writing) walks it with an
//! explicit stack: a list of a million elements is a term a million levels deep.

use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// An interned atom (a symbol): `tom`, `'hello world'`, `+`, and the reserved symbol `[]`
/// ([`atoms::NIL`], which is not the atom `'[]'` that `Atom::new("[]")` gives).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom(u32);

/// The names of the atoms by id, readable without a lock: an append-only table of
/// chunks, each twice the size of the one before, whose slots are set once. Writers
/// (interning a new name) hold the interner's lock; readers ([`Atom::name`]) never wait.
struct Names {
    chunks: [OnceLock<Box<[OnceLock<&'static str>]>>; CHUNKS],
}

/// The size of the first chunk (a power of two): the names the engine predefines and
/// the usual program's fit in it.
const FIRST_CHUNK_BITS: u32 = 10;

/// Enough chunks for every u32 id.
const CHUNKS: usize = (33 - FIRST_CHUNK_BITS) as usize;

impl Names {
    /// The chunk and slot of id `id`: chunk `k` holds the ids from `2^(k+B) - 2^B`.
    fn place(id: u32) -> (usize, usize) {
        let n = id as u64 + (1u64 << FIRST_CHUNK_BITS);
        let chunk = (63 - n.leading_zeros() - FIRST_CHUNK_BITS) as usize;
        let slot = (n - (1u64 << (chunk as u32 + FIRST_CHUNK_BITS))) as usize;
        (chunk, slot)
    }

    fn get(&self, id: u32) -> Option<&'static str> {
        let (chunk, slot) = Names::place(id);
        self.chunks.get(chunk)?.get()?.get(slot)?.get().copied()
    }

    /// Sets the name of `id` (called once per id, under the interner's lock).
    fn set(&self, id: u32, name: &'static str) {
        let (chunk, slot) = Names::place(id);
        if let Some(chunk) = self.chunks.get(chunk) {
            let slots = chunk.get_or_init(|| {
                let len = 1usize << (Names::place(id).0 as u32 + FIRST_CHUNK_BITS);
                (0..len).map(|_| OnceLock::new()).collect()
            });
            if let Some(s) = slots.get(slot) {
                let _ = s.set(name);
            }
        }
    }
}

fn names() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| {
        let names = Names {
            chunks: std::array::from_fn(|_| OnceLock::new()),
        };
        // Fixed ids for the atoms the engine tests on its hot paths (see `atoms`).
        for (id, name) in (0..).zip(atoms::PREDEFINED) {
            names.set(id, name);
        }
        names
    })
}

/// The ids by name (the writers' side of the table) and how many there are.
struct Interner {
    count: usize,
    ids: FxHashMap<&'static str, u32>,
}

fn interner() -> &'static Mutex<Interner> {
    static INTERNER: OnceLock<Mutex<Interner>> = OnceLock::new();
    INTERNER.get_or_init(|| {
        let mut i = Interner {
            count: atoms::PREDEFINED.len(),
            ids: FxHashMap::default(),
        };
        for (id, name) in (0..).zip(atoms::PREDEFINED) {
            // `[]` is a reserved symbol (SWI-Prolog 7): no text names it, so `Atom::new("[]")`
            // is the ordinary atom `'[]'`, interned apart.
            if id != atoms::NIL.0 {
                i.ids.insert(name, id);
            }
        }
        Mutex::new(i)
    })
}

/// The default bound of the atom table: 16,777,216 atoms, about 2 GB of short names.
pub const DEFAULT_MAX_ATOMS: usize = 1 << 24;

static MAX_ATOMS: AtomicUsize = AtomicUsize::new(DEFAULT_MAX_ATOMS);

/// The bytes the atom table holds: each atom's text and its entries (counted against the
/// prover's memory budget, since atoms are never freed).
static ATOM_BYTES: AtomicUsize = AtomicUsize::new(0);

/// What one atom costs besides its text: the boxed text's allocation, its slot in the
/// names and its entry in the map.
const ATOM_OVERHEAD_BYTES: usize = 128;

/// The bytes the process-wide atom table holds (text and entries), about.
pub(crate) fn atom_bytes() -> u64 {
    ATOM_BYTES.load(Ordering::Relaxed) as u64
}

/// Sets the bound of the process-wide atom table: once it holds `n` atoms, making a new
/// one at run time (`atom_codes/2`, `atom_concat/3`, `sub_atom/5`, `atom_number/2`,
/// `format(atom(A), ...)`...) raises `resource_error(atoms)`. Atoms already made stay.
pub fn set_max_atoms(n: usize) {
    MAX_ATOMS.store(n, Ordering::Relaxed);
}

/// The bound of the atom table ([`set_max_atoms`], [`DEFAULT_MAX_ATOMS`] unless set).
pub fn max_atoms() -> usize {
    MAX_ATOMS.load(Ordering::Relaxed)
}

/// The number of atoms interned so far in the process.
pub fn atom_count() -> usize {
    interner().lock().unwrap_or_else(|e| e.into_inner()).count
}

impl Atom {
    /// The atom with this name (interned: the same name gives the same atom). `"[]"` gives
    /// the ordinary atom `'[]'`; the empty list is [`atoms::NIL`] ([`Term::nil`]). Not
    /// bounded: program text and callers' terms always get their atoms.
    pub fn new(name: &str) -> Atom {
        Atom::intern(name, usize::MAX).unwrap_or(atoms::NIL)
    }

    /// The atom with this name, or `None` when it is new and the table already holds
    /// [`max_atoms`] atoms: how the prover makes atoms at run time.
    pub fn try_new(name: &str) -> Option<Atom> {
        Atom::intern(name, max_atoms())
    }

    fn intern(name: &str, bound: usize) -> Option<Atom> {
        let mut i = interner().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = i.ids.get(name) {
            return Some(Atom(id));
        }
        // The ids are u32s, whatever the bound.
        if i.count >= bound.min(u32::MAX as usize) {
            return None;
        }
        // Atoms live as long as the process (see the module documentation).
        let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
        ATOM_BYTES.fetch_add(name.len() + ATOM_OVERHEAD_BYTES, Ordering::Relaxed);
        let id = i.count as u32;
        names().set(id, leaked);
        i.count += 1;
        i.ids.insert(leaked, id);
        Some(Atom(id))
    }

    /// The atom's name.
    pub fn name(self) -> &'static str {
        names().get(self.0).unwrap_or("")
    }

    /// The atom's interned id (stable for the life of the process).
    pub fn id(self) -> u32 {
        self.0
    }

    pub(crate) const fn from_id(id: u32) -> Atom {
        Atom(id)
    }
}

impl fmt::Debug for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::write::atom_text(*self, true))
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::write::atom_text(*self, true))
    }
}

/// Atoms with fixed ids, known to the engine without a lookup.
pub mod atoms {
    use super::Atom;

    pub(crate) const PREDEFINED: [&str; 31] = [
        "[]",
        "[|]",
        "true",
        "fail",
        ",",
        ";",
        "->",
        "\\+",
        "!",
        "call",
        ":-",
        "=",
        "-",
        "+",
        "*",
        "/",
        "//",
        "mod",
        "false",
        "{}",
        "end_of_file",
        "|",
        "*->",
        "not",
        "error",
        "?-",
        "dynamic",
        "otherwise",
        "findall",
        "$cut",
        "is",
    ];
    /// `[]`, the empty list: a reserved symbol, atomic but not an atom, and not `'[]'`
    /// (SWI-Prolog 7).
    pub const NIL: Atom = Atom::from_id(0);
    /// `'[|]'`, the list constructor (`'[|]'(H, T)` is `[H|T]`), as in SWI-Prolog 7.
    pub const CONS: Atom = Atom::from_id(1);
    /// The list constructor under its former name (it was `'.'`, the traditional one); kept
    /// so code written against it keeps compiling. Same atom as [`CONS`].
    pub const DOT: Atom = CONS;
    /// `true`.
    pub const TRUE: Atom = Atom::from_id(2);
    /// `fail`.
    pub const FAIL: Atom = Atom::from_id(3);
    /// `','`.
    pub const COMMA: Atom = Atom::from_id(4);
    /// `;`.
    pub const SEMI: Atom = Atom::from_id(5);
    /// `->`.
    pub const ARROW: Atom = Atom::from_id(6);
    /// `\+`.
    pub const NOT: Atom = Atom::from_id(7);
    /// `!`.
    pub const CUT: Atom = Atom::from_id(8);
    /// `call`.
    pub const CALL: Atom = Atom::from_id(9);
    /// `:-`.
    pub const NECK: Atom = Atom::from_id(10);
    /// `=`.
    pub const EQUALS: Atom = Atom::from_id(11);
    /// `-`.
    pub const MINUS: Atom = Atom::from_id(12);
    /// `+`.
    pub const PLUS: Atom = Atom::from_id(13);
    /// `*`.
    pub const STAR: Atom = Atom::from_id(14);
    /// `/`.
    pub const SLASH: Atom = Atom::from_id(15);
    /// `//`.
    pub const INTDIV: Atom = Atom::from_id(16);
    /// `mod`.
    pub const MOD: Atom = Atom::from_id(17);
    /// `false`.
    pub const FALSE: Atom = Atom::from_id(18);
    /// `{}`.
    pub const CURLY: Atom = Atom::from_id(19);
    /// `end_of_file`.
    pub const END_OF_FILE: Atom = Atom::from_id(20);
    /// `|`.
    pub const BAR: Atom = Atom::from_id(21);
    /// `*->`.
    pub const SOFT_ARROW: Atom = Atom::from_id(22);
    /// `not`.
    pub const NOT_WORD: Atom = Atom::from_id(23);
    /// `error`.
    pub const ERROR: Atom = Atom::from_id(24);
    /// `?-`.
    pub const QUERY: Atom = Atom::from_id(25);
    /// `dynamic`.
    pub const DYNAMIC: Atom = Atom::from_id(26);
    /// `otherwise`.
    pub const OTHERWISE: Atom = Atom::from_id(27);
    /// `findall`.
    pub const FINDALL: Atom = Atom::from_id(28);
    /// `'$cut'` (internal: cut back to a saved choicepoint height).
    pub const DOLLAR_CUT: Atom = Atom::from_id(29);
    /// `is`.
    pub const IS: Atom = Atom::from_id(30);
}

/// A Prolog term, owned: atoms, integers, floats, variables and compound terms. Lists are
/// compound terms `'[|]'(Head, Tail)` ending in `[]` (SWI-Prolog 7's lists: `'.'(H, T)` is
/// an ordinary compound and `'[]'` an ordinary atom); [`Term::list`] builds them.
///
/// `Display` writes the term as `writeq/1` does with the standard operators: `[a,b|_G1]`,
/// `'hello world'`, `1+2*3`, `f(-1)` (a database's own: [`crate::Operators`]). Variables
/// are written `_G<n>`.
///
/// ```
/// use resolu_logic::Term;
/// let t = Term::compound("parent", vec![Term::atom("tom"), Term::var(0)]);
/// assert_eq!(t.to_string(), "parent(tom,_G0)");
/// let l = Term::list(vec![Term::int(1), Term::atom("b")], Term::nil());
/// assert_eq!(l.to_string(), "[1,b]");
/// ```
pub enum Term {
    /// An atom.
    Atom(Atom),
    /// An integer.
    Int(i64),
    /// A floating-point number.
    Float(f64),
    /// A variable, identified by its number (names live in [`crate::ReadTerm`]).
    Var(u32),
    /// A string, as SWI-Prolog reads `"text"`: owned text, not interned (the prover keeps
    /// strings on its heap, so building and dropping them costs no atom). Distinct from
    /// the atom of the same text.
    Str(Arc<str>),
    /// A compound term: functor name and arguments (at least one).
    Compound(Atom, Args),
}

/// The arguments of a compound term: a `Vec<Term>` (it derefs to one) that is dropped
/// without recursion.
#[derive(Default)]
pub struct Args(Vec<Term>);

impl Args {
    /// The arguments as a vector.
    pub fn into_vec(mut self) -> Vec<Term> {
        std::mem::take(&mut self.0)
    }
}

impl From<Vec<Term>> for Args {
    fn from(v: Vec<Term>) -> Args {
        Args(v)
    }
}

impl std::ops::Deref for Args {
    type Target = Vec<Term>;
    fn deref(&self) -> &Vec<Term> {
        &self.0
    }
}

impl std::ops::DerefMut for Args {
    fn deref_mut(&mut self) -> &mut Vec<Term> {
        &mut self.0
    }
}

impl Drop for Args {
    fn drop(&mut self) {
        // Move grandchildren onto one flat stack so no drop recurses more than one level.
        let mut stack = std::mem::take(&mut self.0);
        while let Some(mut t) = stack.pop() {
            if let Term::Compound(_, args) = &mut t {
                stack.append(&mut args.0);
            }
        }
    }
}

impl Term {
    /// The atom `name`.
    pub fn atom(name: &str) -> Term {
        Term::Atom(Atom::new(name))
    }
    /// The integer `n`.
    pub fn int(n: i64) -> Term {
        Term::Int(n)
    }
    /// The variable number `n`.
    pub fn var(n: u32) -> Term {
        Term::Var(n)
    }
    /// `name(args...)`, or the atom `name` when `args` is empty.
    pub fn compound(name: &str, args: Vec<Term>) -> Term {
        Term::new(Atom::new(name), args)
    }
    /// `name(args...)`, or the atom `name` when `args` is empty.
    pub fn new(name: Atom, args: Vec<Term>) -> Term {
        if args.is_empty() {
            Term::Atom(name)
        } else {
            Term::Compound(name, Args(args))
        }
    }
    /// The string `text` (SWI's `"text"`).
    pub fn string(text: &str) -> Term {
        Term::Str(Arc::from(text))
    }
    /// `[]`, the empty list (not the atom `'[]'` that `Term::atom("[]")` gives).
    pub fn nil() -> Term {
        Term::Atom(atoms::NIL)
    }
    /// Whether this is `[]`, the empty list.
    pub fn is_nil(&self) -> bool {
        matches!(self, Term::Atom(a) if *a == atoms::NIL)
    }
    /// `'[|]'(head, tail)`, written `[head|tail]`.
    pub fn cons(head: Term, tail: Term) -> Term {
        Term::Compound(atoms::CONS, Args(vec![head, tail]))
    }
    /// The list of `items` ending in `tail` (`Term::nil()` for a proper list).
    pub fn list(items: Vec<Term>, tail: Term) -> Term {
        let mut t = tail;
        for item in items.into_iter().rev() {
            t = Term::cons(item, t);
        }
        t
    }

    /// The functor name and arity: `(name, 0)` for an atom, `None` for numbers and variables.
    pub fn functor(&self) -> Option<(Atom, usize)> {
        match self {
            Term::Atom(a) => Some((*a, 0)),
            Term::Compound(f, args) => Some((*f, args.len())),
            _ => None,
        }
    }

    /// The arguments (empty for anything but a compound term).
    pub fn args(&self) -> &[Term] {
        match self {
            Term::Compound(_, args) => args,
            _ => &[],
        }
    }

    /// Whether this is the atom named `name` (`"[]"` names the atom `'[]'`, not the empty
    /// list: see [`Term::is_nil`]).
    pub fn is_atom(&self, name: &str) -> bool {
        matches!(self, Term::Atom(a) if *a != atoms::NIL && a.name() == name)
    }

    /// The elements of a proper list, or `None` if this is not one.
    pub fn list_items(&self) -> Option<Vec<&Term>> {
        let mut items = Vec::new();
        let mut t = self;
        loop {
            match t {
                Term::Atom(a) if *a == atoms::NIL => return Some(items),
                Term::Compound(f, args) if *f == atoms::CONS && args.len() == 2 => {
                    items.push(&args[0]);
                    t = &args[1];
                }
                _ => return None,
            }
        }
    }

    /// Whether the term contains no variable.
    pub fn is_ground(&self) -> bool {
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            match t {
                Term::Var(_) => return false,
                Term::Compound(_, args) => stack.extend(args.iter()),
                _ => {}
            }
        }
        true
    }

    /// The variables of the term, each once, in depth-first left-to-right order.
    pub fn variables(&self) -> Vec<u32> {
        let mut seen = Vec::new();
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            match t {
                Term::Var(v) if !seen.contains(v) => seen.push(*v),
                Term::Compound(_, args) => stack.extend(args.iter().rev()),
                _ => {}
            }
        }
        seen
    }

    /// A copy with every variable `v` renumbered `v + offset` (to rename a rule's
    /// variables apart from a fact's before unifying them).
    pub fn offset_vars(&self, offset: u32) -> Term {
        self.map_vars(&mut |v| Term::Var(v + offset))
    }

    /// A copy with every variable replaced by `f(v)`.
    pub fn map_vars(&self, f: &mut dyn FnMut(u32) -> Term) -> Term {
        // Post-order rebuild with an explicit stack of pending compounds.
        enum Step<'a> {
            Visit(&'a Term),
            Build(Atom, usize),
        }
        let mut todo = vec![Step::Visit(self)];
        let mut done: Vec<Term> = Vec::new();
        while let Some(step) = todo.pop() {
            match step {
                Step::Visit(t) => match t {
                    Term::Atom(a) => done.push(Term::Atom(*a)),
                    Term::Int(n) => done.push(Term::Int(*n)),
                    Term::Float(x) => done.push(Term::Float(*x)),
                    Term::Str(s) => done.push(Term::Str(s.clone())),
                    Term::Var(v) => done.push(f(*v)),
                    Term::Compound(name, args) => {
                        todo.push(Step::Build(*name, args.len()));
                        for a in args.iter().rev() {
                            todo.push(Step::Visit(a));
                        }
                    }
                },
                Step::Build(name, n) => {
                    let args = done.split_off(done.len() - n);
                    done.push(Term::Compound(name, Args(args)));
                }
            }
        }
        done.pop().unwrap_or(Term::Atom(atoms::NIL))
    }
}

impl Clone for Term {
    fn clone(&self) -> Term {
        self.map_vars(&mut Term::Var)
    }
}

impl PartialEq for Term {
    fn eq(&self, other: &Term) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            match (a, b) {
                (Term::Atom(x), Term::Atom(y)) if x == y => {}
                (Term::Int(x), Term::Int(y)) if x == y => {}
                (Term::Float(x), Term::Float(y)) if x.to_bits() == y.to_bits() => {}
                (Term::Str(x), Term::Str(y)) if x == y => {}
                (Term::Var(x), Term::Var(y)) if x == y => {}
                (Term::Compound(f, xs), Term::Compound(g, ys))
                    if f == g && xs.len() == ys.len() =>
                {
                    stack.extend(xs.iter().zip(ys.iter()));
                }
                _ => return false,
            }
        }
        true
    }
}

impl Eq for Term {}

impl Hash for Term {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            match t {
                Term::Atom(a) => (0u8, a).hash(state),
                Term::Int(n) => (1u8, n).hash(state),
                Term::Float(x) => (2u8, x.to_bits()).hash(state),
                Term::Str(s) => (5u8, &**s).hash(state),
                Term::Var(v) => (3u8, v).hash(state),
                Term::Compound(f, args) => {
                    (4u8, f, args.len()).hash(state);
                    stack.extend(args.iter().rev());
                }
            }
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::write::writeq(self))
    }
}

impl fmt::Debug for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::write::writeq(self))
    }
}

impl From<&str> for Term {
    fn from(name: &str) -> Term {
        Term::atom(name)
    }
}

impl From<i64> for Term {
    fn from(n: i64) -> Term {
        Term::Int(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_id_has_its_own_slot_across_chunk_boundaries() {
        let first = 1u32 << FIRST_CHUNK_BITS;
        assert_eq!(Names::place(0), (0, 0));
        assert_eq!(Names::place(first - 1), (0, first as usize - 1));
        assert_eq!(Names::place(first), (1, 0));
        assert_eq!(Names::place(3 * first - 1), (1, 2 * first as usize - 1));
        assert_eq!(Names::place(3 * first), (2, 0));
        assert_eq!(Names::place(u32::MAX).0, CHUNKS - 1);
    }

    #[test]
    fn names_read_on_other_threads_while_atoms_are_made() {
        let made: Vec<Atom> = (0..3000)
            .map(|i| Atom::new(&format!("names_test_{i}")))
            .collect();
        let readers: Vec<_> = (0..2)
            .map(|_| {
                let made = made.clone();
                std::thread::spawn(move || {
                    for (i, a) in made.iter().enumerate() {
                        assert_eq!(a.name(), format!("names_test_{i}"));
                    }
                    (0..2000)
                        .map(|i| Atom::new(&format!("names_test_more_{i}")).name().len())
                        .sum::<usize>()
                })
            })
            .collect();
        for r in readers {
            assert!(r.join().unwrap() > 0);
        }
        assert_eq!(atoms::NIL.name(), "[]");
        assert_eq!(Atom::new("names_test_7"), made[7]);
    }
}
