//! The standard operator table (SWI-Prolog's defaults), shared by the reader and writer.

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
pub(crate) struct UserOps {
    infix: OpDefs,
    prefix: OpDefs,
}

thread_local! {
    /// The op/3 table of the database that consulted or ran a query last on this thread:
    /// the reader and the writer see it (reading a query takes no database).
    static USER_OPS: std::cell::RefCell<UserOps> = std::cell::RefCell::new(UserOps::default());
}

/// Forgets every op/3 definition on this thread (a new database starts from the
/// standard table).
pub(crate) fn reset_user_ops() {
    USER_OPS.with(|u| *u.borrow_mut() = UserOps::default());
}

/// op/3 for one name: `(priority, type)`, priority 0 to remove the definition.
pub(crate) fn define(name: &str, priority: u32, t: OpType) {
    USER_OPS.with(|u| {
        let mut u = u.borrow_mut();
        let defs = if matches!(t, OpType::Fx | OpType::Fy) {
            &mut u.prefix
        } else {
            &mut u.infix
        };
        defs.define(name, priority, t);
    });
}

/// Every operator in effect, `(priority, type, name)`, for current_op/3.
pub(crate) fn all() -> Vec<(u32, OpType, String)> {
    let mut v = Vec::new();
    USER_OPS.with(|u| {
        let u = u.borrow();
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
    });
    v
}

/// The op/3 definition of `name` in `pick`'s table, if any: `Some(None)` when it was
/// removed (priority 0).
fn user_def(name: &str, pick: fn(&UserOps) -> &OpDefs) -> Option<Option<(u32, OpType)>> {
    USER_OPS.with(|u| {
        let u = u.borrow();
        pick(&u).get(name).map(|(p, t)| (p > 0).then_some((p, t)))
    })
}

/// The infix definition of `name`: priority and type.
pub fn infix(name: &str) -> Option<(u32, OpType)> {
    if let Some(d) = user_def(name, |u| &u.infix) {
        return d;
    }
    // ':' is 200 xfy in SWI; kept here for module-qualified goals.
    INFIX
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, p, t)| (p, t))
}

/// The prefix definition of `name`: priority and type.
pub fn prefix(name: &str) -> Option<(u32, OpType)> {
    if let Some(d) = user_def(name, |u| &u.prefix) {
        return d;
    }
    PREFIX
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, p, t)| (p, t))
}

/// Whether `name` is an operator of any kind (such atoms are bracketed as arguments).
pub fn is_op(name: &str) -> bool {
    infix(name).is_some() || prefix(name).is_some()
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
