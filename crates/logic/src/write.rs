//! Writing terms as `writeq/1` and `write/1` do: operators with their priorities, lists in
//! bracket notation, atoms quoted where needed (writeq only). Iterative, so deep terms are fine.

use crate::ops;
use crate::term::{Atom, Term, atoms};

/// Whether a character is one of Prolog's symbol characters (they glue into one atom).
pub(crate) fn is_symbol_char(c: char) -> bool {
    "+-*/\\^<>=~:.?@#&$".contains(c)
}

fn is_alnum(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `name` can be written without quotes.
fn plain_atom(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if first.is_lowercase() {
        return name.chars().all(is_alnum);
    }
    // `[]` unquoted is the empty list (SWI-Prolog 7), so the atom `'[]'` keeps its quotes.
    if matches!(name, "!" | ";" | "{}") {
        return true;
    }
    // A symbol atom starting a comment (`/*`) must be quoted to read back.
    name.chars().all(is_symbol_char) && !name.starts_with("/*") && name != "."
}

/// Pushes `c` escaped as it is inside quotes `q`: the quote, backslash, the named
/// control characters and the other control characters as `\xH\` (as SWI-Prolog writes
/// them, so that the text reads back).
fn push_escaped(s: &mut String, c: char, q: char) {
    match c {
        '\\' => s.push_str("\\\\"),
        '\n' => s.push_str("\\n"),
        '\t' => s.push_str("\\t"),
        '\x07' => s.push_str("\\a"),
        '\x08' => s.push_str("\\b"),
        '\x0c' => s.push_str("\\f"),
        '\x0b' => s.push_str("\\v"),
        '\r' => s.push_str("\\r"),
        c if c == q => {
            s.push('\\');
            s.push(c);
        }
        c if (c as u32) < 0x20 || c as u32 == 0x7f => {
            s.push_str(&format!("\\x{:X}\\", c as u32));
        }
        c => s.push(c),
    }
}

/// The atom as `writeq` writes it: quoted with escapes where it must be.
pub fn quote_atom(name: &str) -> String {
    if plain_atom(name) {
        return name.to_string();
    }
    let mut s = String::with_capacity(name.len() + 2);
    s.push('\'');
    for c in name.chars() {
        push_escaped(&mut s, c, '\'');
    }
    s.push('\'');
    s
}

/// An atom as `writeq` (quoted) or `write` writes it: `[]` is the empty list, never
/// quoted; any other atom by its name.
pub(crate) fn atom_text(a: Atom, quoted: bool) -> String {
    if a == atoms::NIL {
        "[]".to_string()
    } else if quoted {
        quote_atom(a.name())
    } else {
        a.name().to_string()
    }
}

/// A string as `writeq` writes it: in double quotes with escapes.
pub(crate) fn quote_string(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        push_escaped(&mut s, c, '"');
    }
    s.push('"');
    s
}

/// A float as SWI writes it: always with a fraction or exponent part.
pub(crate) fn format_float(x: f64) -> String {
    // SWI-Prolog 9 writes the special floats so that they read back.
    if x.is_nan() {
        return "1.5NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "1.0Inf".into()
        } else {
            "-1.0Inf".into()
        };
    }
    let a = x.abs();
    if a != 0.0 && !(1e-4..1e15).contains(&a) {
        // Exponent form as C's %g writes it: 1.5e+20, 1.0e-5.
        let s = format!("{x:e}");
        let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mant = if mant.contains('.') {
            mant.to_string()
        } else {
            format!("{mant}.0")
        };
        let exp = if exp.starts_with('-') {
            exp.to_string()
        } else {
            format!("+{exp}")
        };
        return format!("{mant}e{exp}");
    }
    let s = format!("{x:?}");
    if s.contains('.') { s } else { format!("{s}.0") }
}

/// The options of write_term/2 that change the text.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WriteOptions {
    /// Quote atoms and strings where needed (writeq/1, print/1, write_canonical/1).
    pub(crate) quoted: bool,
    /// Write operators in canonical form, `+(1,2)` (write_canonical/1).
    pub(crate) ignore_ops: bool,
    /// Write `'$VAR'(N)` as a variable name, `A`..`Z`, `A1`... (write/1, writeq/1, print/1).
    pub(crate) numbervars: bool,
}

/// The variable name `'$VAR'(n)` stands for: A..Z, then A1..Z1, ...
fn var_name(n: i64) -> String {
    let letter = (b'A' + (n % 26) as u8) as char;
    if n < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", n / 26)
    }
}

struct Out {
    s: String,
    quoted: bool,
    ignore_ops: bool,
    numbervars: bool,
    /// A prefix operator was just written: an opening bracket needs a space before it,
    /// or `- (1+2)` would read back as the call `-(1+2)`.
    after_prefix: bool,
}

impl Out {
    /// Appends a token, with a space if it would glue to the previous one.
    fn token(&mut self, tok: &str) {
        let after_prefix = std::mem::take(&mut self.after_prefix);
        if let (Some(last), Some(first)) = (self.s.chars().last(), tok.chars().next()) {
            // `- 1^a`: a prefix minus right before a digit would read as a negative number.
            let sign_digit = after_prefix && (last == '-' || last == '+') && first.is_ascii_digit();
            // `a mod -1`: a negative number after a word keeps its space, as SWI writes it.
            let word_negative = is_alnum(last)
                && first == '-'
                && tok.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
            // Alphabetic operators get spaces only where they would glue, as in SWI:
            // `1 rem 2`, `(mod)mod(mod)`, `f(x)is g(y)`.
            let glue = (is_symbol_char(last) && is_symbol_char(first))
                || (is_alnum(last) && is_alnum(first))
                || sign_digit
                || word_negative;
            if glue {
                self.s.push(' ');
            }
        }
        self.s.push_str(tok);
    }
    fn punct(&mut self, p: &str) {
        if self.after_prefix && p == "(" {
            self.s.push(' ');
        }
        self.after_prefix = false;
        self.s.push_str(p);
    }
    fn atom(&mut self, a: Atom) -> String {
        atom_text(a, self.quoted)
    }
}

enum Step<'a> {
    /// Write a term in a context that accepts priority up to the given one; the flag says
    /// it is an operand of an operator (bare operator atoms are then bracketed).
    Term(&'a Term, u32, bool),
    Punct(&'static str),
    Token(String),
    /// The rest of a list after its first element.
    Tail(&'a Term),
}

/// `writeq/1`: quoted, operators and lists as Prolog reads them back.
pub fn writeq(t: &Term) -> String {
    write_term(t, true, 1200)
}

/// `writeq/1` in a context of priority `prec`: operators above it are bracketed (an
/// answer `X = (a:-b)` writes its value at 699, the right side of `=`).
pub fn writeq_at(t: &Term, prec: u32) -> String {
    write_term(t, true, prec)
}

/// A value as SWI-Prolog's top level shows it in an answer `X = Value`: writeq at 699,
/// and an operator atom bracketed, `O = (<)`, `X = (dynamic)`.
pub fn writeq_answer(t: &Term) -> String {
    // The comma and the bar, never bracketed as operands, are as answers: `I = (',')`.
    if let Term::Atom(a) = t
        && matches!(a.name(), "," | "|")
    {
        return format!("({})", atom_text(*a, true));
    }
    write_operand(
        t,
        WriteOptions {
            quoted: true,
            ..WriteOptions::default()
        },
        699,
        true,
    )
}

/// `write/1`: like writeq but without quotes.
pub fn write(t: &Term) -> String {
    write_term(t, false, 1200)
}

/// Writes `t` with the given quoting in a context of priority `prec`.
pub(crate) fn write_term(t: &Term, quoted: bool, prec: u32) -> String {
    write_with(
        t,
        WriteOptions {
            quoted,
            ..WriteOptions::default()
        },
        prec,
    )
}

/// Writes `t` with the options of write_term/2 in a context of priority `prec`.
pub(crate) fn write_with(t: &Term, opts: WriteOptions, prec: u32) -> String {
    write_operand(t, opts, prec, false)
}

/// Writes `t`; `operand` says it stands as an operand (an operator atom is bracketed).
fn write_operand(t: &Term, opts: WriteOptions, prec: u32, operand: bool) -> String {
    let mut out = Out {
        s: String::new(),
        quoted: opts.quoted,
        ignore_ops: opts.ignore_ops,
        numbervars: opts.numbervars,
        after_prefix: false,
    };
    let mut todo = vec![Step::Term(t, prec, operand)];
    while let Some(step) = todo.pop() {
        match step {
            Step::Punct(p) => out.punct(p),
            Step::Token(s) => out.token(&s),
            Step::Tail(t) => match t {
                Term::Atom(a) if *a == atoms::NIL => out.punct("]"),
                Term::Compound(f, args) if *f == atoms::CONS && args.len() == 2 => {
                    out.punct(",");
                    todo.push(Step::Tail(&args[1]));
                    todo.push(Step::Term(&args[0], 999, false));
                }
                other => {
                    out.punct("|");
                    todo.push(Step::Punct("]"));
                    todo.push(Step::Term(other, 999, false));
                }
            },
            Step::Term(t, prec, operand) => match t {
                Term::Var(v) => out.token(&format!("_G{v}")),
                Term::Int(n) => out.token(&n.to_string()),
                Term::Float(x) => out.token(&format_float(*x)),
                Term::Str(s) => {
                    let text = if out.quoted {
                        quote_string(s)
                    } else {
                        s.to_string()
                    };
                    out.token(&text)
                }
                Term::Atom(a) => {
                    let name = a.name();
                    let s = out.atom(*a);
                    // An operator atom as an operand is bracketed, as SWI does: `(-)-a`,
                    // `1=(:-)`, `- (-)`.
                    if operand && ops::is_op(name) && name != "," {
                        out.punct("(");
                        out.punct(&s);
                        out.punct(")");
                    } else if name == "," {
                        out.punct(&s);
                    } else {
                        out.token(&s);
                    }
                }
                Term::Compound(f, args) => {
                    let name = f.name();
                    if *f == atoms::CONS && args.len() == 2 {
                        out.punct("[");
                        todo.push(Step::Tail(&args[1]));
                        todo.push(Step::Term(&args[0], 999, false));
                        continue;
                    }
                    if name == crate::bigint::BIG
                        && let Some(n) = crate::bigint::from_term(t)
                    {
                        out.token(&n.to_string());
                        continue;
                    }
                    if out.numbervars && name == "$VAR" && args.len() == 1 {
                        match &args[0] {
                            Term::Int(n) if *n >= 0 => {
                                out.token(&var_name(*n));
                                continue;
                            }
                            Term::Atom(a) => {
                                out.token(a.name());
                                continue;
                            }
                            _ => {}
                        }
                    }
                    if *f == atoms::CURLY && args.len() == 1 {
                        out.punct("{");
                        todo.push(Step::Punct("}"));
                        todo.push(Step::Term(&args[0], 1200, false));
                        continue;
                    }
                    if args.len() == 2
                        && !out.ignore_ops
                        && let Some((p, ty)) = ops::infix(name)
                    {
                        let (lp, rp) = ops::infix_arg_prec(p, ty);
                        let open = p > prec;
                        if open {
                            out.punct("(");
                            todo.push(Step::Punct(")"));
                        }
                        todo.push(Step::Term(&args[1], rp, true));
                        if name == "," {
                            todo.push(Step::Punct(","));
                        } else if name == "|" {
                            // The bar as an infix operator is written bare, `(a|b)`.
                            todo.push(Step::Punct("|"));
                        } else {
                            let s = out.atom(*f);
                            todo.push(Step::Token(s));
                        }
                        todo.push(Step::Term(&args[0], lp, true));
                        continue;
                    }
                    if args.len() == 1
                        && !out.ignore_ops
                        && let Some((p, ty)) = ops::prefix(name)
                    {
                        let ap = ops::prefix_arg_prec(p, ty);
                        let open = p > prec;
                        if open {
                            out.punct("(");
                            todo.push(Step::Punct(")"));
                        }
                        let s = out.atom(*f);
                        out.token(&s);
                        let arg = &args[0];
                        if matches!(arg, Term::Int(_) | Term::Float(_))
                            && (name == "-" || name == "+")
                            || name.chars().all(is_alnum)
                        {
                            out.punct(" ");
                        } else {
                            out.after_prefix = true;
                        }
                        todo.push(Step::Term(arg, ap, true));
                        continue;
                    }
                    let s = out.atom(*f);
                    out.token(&s);
                    out.punct("(");
                    todo.push(Step::Punct(")"));
                    for (i, a) in args.iter().enumerate().rev() {
                        todo.push(Step::Term(a, 999, false));
                        if i > 0 {
                            todo.push(Step::Punct(","));
                        }
                    }
                }
            },
        }
    }
    out.s
}
