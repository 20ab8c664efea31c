//! Operators: the standard table (SWI-Prolog's defaults) and a database's own syntax
//! ([`Syntax`]: its op/3 definitions and `double_quotes` flag), handed to its readers and
//! to the writer of its built-ins and answers. Nothing is kept per thread: a term written
//! without a database (`writeq`, `Display`) uses the standard table.

use std::cell::{Cell, RefCell};

/// The associativity of an operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpType {
    /// Prefix, argument of lower priority.
    Fx,
    /// Prefix, argument of the same or lower priority.
    Fy,
    /// Infix, both sides lower.
    Xfx,
    /// Infix, right side may be equal (right-associative).
    Xfy,
    /// Infix, left side may be equal (left-associative).
    Yfx,
}

const INFIX: &[(&str, u32, OpType)] = &[
    (":-", 1200, OpType::Xfx),
    ("-->", 1200, OpType::Xfx),
    (";", 1100, OpType::Xfy),
    ("|", 1100, OpType::Xfy),
    ("->", 1050, OpType::Xfy),
    ("*->", 1050, OpType::Xfy),
    (",", 1000, OpType::Xfy),
    (":=", 990, OpType::Xfx),
    ("=", 700, OpType::Xfx),
    ("\\=", 700, OpType::Xfx),
    ("==", 700, OpType::Xfx),
    ("\\==", 700, OpType::Xfx),
    ("@<", 700, OpType::Xfx),
    ("@>", 700, OpType::Xfx),
    ("@=<", 700, OpType::Xfx),
    ("@>=", 700, OpType::Xfx),
    ("=..", 700, OpType::Xfx),
    ("=@=", 700, OpType::Xfx),
    ("\\=@=", 700, OpType::Xfx),
    ("is", 700, OpType::Xfx),
    ("=:=", 700, OpType::Xfx),
    ("=\\=", 700, OpType::Xfx),
    ("<", 700, OpType::Xfx),
    (">", 700, OpType::Xfx),
    ("=<", 700, OpType::Xfx),
    (">=", 700, OpType::Xfx),
    (">:<", 700, OpType::Xfx),
    (":<", 700, OpType::Xfx),
    ("as", 700, OpType::Xfx),
    // Module qualification: 200 in the standard, 600 in SWI-Prolog (`m:f/2` is `m:(f/2)`).
    (":", 600, OpType::Xfy),
    ("+", 500, OpType::Yfx),
    ("-", 500, OpType::Yfx),
    ("/\\", 500, OpType::Yfx),
    ("\\/", 500, OpType::Yfx),
    ("xor", 500, OpType::Yfx),
    ("*", 400, OpType::Yfx),
    ("/", 400, OpType::Yfx),
    ("//", 400, OpType::Yfx),
    ("rem", 400, OpType::Yfx),
    ("mod", 400, OpType::Yfx),
    ("div", 400, OpType::Yfx),
    ("<<", 400, OpType::Yfx),
    (">>", 400, OpType::Yfx),
    ("divmod", 400, OpType::Yfx),
    ("rdiv", 400, OpType::Yfx),
    ("**", 200, OpType::Xfx),
    ("^", 200, OpType::Xfy),
];

const PREFIX: &[(&str, u32, OpType)] = &[
    (":-", 1200, OpType::Fx),
    ("?-", 1200, OpType::Fx),
    ("dynamic", 1150, OpType::Fx),
    ("discontiguous", 1150, OpType::Fx),
    ("initialization", 1150, OpType::Fx),
    ("table", 1150, OpType::Fx),
    ("\\+", 900, OpType::Fy),
    ("-", 200, OpType::Fy),
    ("+", 200, OpType::Fy),
    ("\\", 200, OpType::Fy),
    ("?", 500, OpType::Fx),
    ("$", 1, OpType::Fx),
];

/// The op/3 definitions of one kind (infix or prefix), in the order first defined, with
/// an index by name: op/3 and the reader's lookups take constant time however many
/// operators a program defines (a list scanned on each took 54 s to load 100,000
/// `:- op/3` directives).
#[derive(Clone, Debug, Default)]
struct OpDefs {
    defs: Vec<(String, u32, OpType)>,
    at: rustc_hash::FxHashMap<String, usize>,
}

impl OpDefs {
    /// Defines (or redefines in place) `name`.
    fn define(&mut self, name: &str, priority: u32, t: OpType) {
        match self.at.get(name) {
            Some(&i) => self.defs[i] = (name.to_string(), priority, t),
            None => {
                self.at.insert(name.to_string(), self.defs.len());
                self.defs.push((name.to_string(), priority, t));
            }
        }
    }

    /// The definition of `name`: priority (0 when removed) and type.
    fn get(&self, name: &str) -> Option<(u32, OpType)> {
        self.at.get(name).map(|&i| (self.defs[i].1, self.defs[i].2))
    }
}

/// Operators defined or removed by op/3 (priority 0 removes one): infix ones, prefix ones.
#[derive(Clone, Debug, Default)]
struct UserOps {
    infix: OpDefs,
    prefix: OpDefs,
}

/// How double-quoted text reads (the `double_quotes` flag).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum DoubleQuotes {
    /// A list of character codes.
    Codes,
    /// A list of one-character atoms.
    Chars,
    /// An atom.
    Atom,
    /// A string (SWI-Prolog's default).
    #[default]
    String,
}

impl DoubleQuotes {
    /// The mode a flag value names (anything else reads as codes, the standard's default).
    pub(crate) fn from_name(name: &str) -> DoubleQuotes {
        match name {
            "chars" => DoubleQuotes::Chars,
            "atom" => DoubleQuotes::Atom,
            "string" => DoubleQuotes::String,
            _ => DoubleQuotes::Codes,
        }
    }
}

/// One database's syntax: its op/3 table over the standard one and its `double_quotes`
/// flag. The database owns it and hands it to every reader it makes (a clause reader
/// lives beside a database being loaded, and directives change the syntax between two
/// reads, hence the cells).
#[derive(Debug, Default)]
pub(crate) struct Syntax {
    ops: RefCell<UserOps>,
    double_quotes: Cell<DoubleQuotes>,
}

impl Syntax {
    /// op/3 for one name: `(priority, type)`, priority 0 to remove the definition.
    pub(crate) fn define(&self, name: &str, priority: u32, t: OpType) {
        let mut u = self.ops.borrow_mut();
        let defs = if matches!(t, OpType::Fx | OpType::Fy) {
            &mut u.prefix
        } else {
            &mut u.infix
        };
        defs.define(name, priority, t);
    }

    /// Every operator in effect, `(priority, type, name)`, for current_op/3.
    pub(crate) fn all(&self) -> Vec<(u32, OpType, String)> {
        let mut v = Vec::new();
        let u = self.ops.borrow();
        for (list, user) in [(INFIX, &u.infix), (PREFIX, &u.prefix)] {
            for &(n, p, t) in list {
                if user.get(n).is_none() {
                    v.push((p, t, n.to_string()));
                }
            }
            for (n, p, t) in user.defs.iter() {
                if *p > 0 {
                    v.push((*p, *t, n.clone()));
                }
            }
        }
        v
    }

    /// The infix definition of `name`: priority and type.
    pub(crate) fn infix(&self, name: &str) -> Option<(u32, OpType)> {
        match self.ops.borrow().infix.get(name) {
            Some((p, t)) => (p > 0).then_some((p, t)),
            None => standard(INFIX, name),
        }
    }

    /// The prefix definition of `name`: priority and type.
    pub(crate) fn prefix(&self, name: &str) -> Option<(u32, OpType)> {
        match self.ops.borrow().prefix.get(name) {
            Some((p, t)) => (p > 0).then_some((p, t)),
            None => standard(PREFIX, name),
        }
    }

    /// Whether `name` is an operator of any kind.
    pub(crate) fn is_op(&self, name: &str) -> bool {
        self.infix(name).is_some() || self.prefix(name).is_some()
    }

    /// How double-quoted text reads.
    pub(crate) fn double_quotes(&self) -> DoubleQuotes {
        self.double_quotes.get()
    }

    /// Sets how double-quoted text reads.
    pub(crate) fn set_double_quotes(&self, mode: DoubleQuotes) {
        self.double_quotes.set(mode);
    }
}

/// `name`'s definition in a standard table.
fn standard(list: &[(&str, u32, OpType)], name: &str) -> Option<(u32, OpType)> {
    list.iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, p, t)| (p, t))
}

/// The standard infix definition of `name` (SWI-Prolog's defaults): priority and type.
pub(crate) fn standard_infix(name: &str) -> Option<(u32, OpType)> {
    standard(INFIX, name)
}

/// The standard prefix definition of `name`: priority and type.
pub(crate) fn standard_prefix(name: &str) -> Option<(u32, OpType)> {
    standard(PREFIX, name)
}

/// Whether `name` is a standard operator of any kind.
pub(crate) fn standard_is_op(name: &str) -> bool {
    standard_infix(name).is_some() || standard_prefix(name).is_some()
}

/// The maximum priorities of the left and right arguments of an infix operator.
pub fn infix_arg_prec(p: u32, t: OpType) -> (u32, u32) {
    match t {
        OpType::Xfy => (p - 1, p),
        OpType::Yfx => (p, p - 1),
        _ => (p - 1, p - 1),
    }
}

/// The maximum priority of the argument of a prefix operator.
pub fn prefix_arg_prec(p: u32, t: OpType) -> u32 {
    match t {
        OpType::Fy => p,
        _ => p - 1,
    }
}
