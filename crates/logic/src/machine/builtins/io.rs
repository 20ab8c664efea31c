//! Input and output: write/1 and its family, nl, tab, format/1,2,3; read_term/2,
//! get_char/1, peek_char/1; the capture behind with_output_to/2.

use super::{
    Cell, Context, Def, Frame, Num, Res, Stop, Term, def, error_term, instantiation_error,
    type_error,
};
use crate::stream::InputError;
use crate::write::WriteOptions;

/// Which of the predicates sharing this implementation was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::machine) enum TabKind {
    Tab,
    Tab2,
}

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("write", 1, |m, a, _| m.write_opts(a, PLAIN)),
    def("print", 1, |m, a, _| m.write_opts(a, QUOTED)),
    def("writeq", 1, |m, a, _| m.write_opts(a, QUOTED)),
    def("write_canonical", 1, |m, a, _| m.write_opts(a, CANONICAL)),
    def("write_term", 2, |m, a, _| m.write_term(a)),
    def("$read_term", 2, |m, a, _| m.read_term(a)),
    def("nl", 0, |m, a, f| m.nl(a, f)),
    def("tab", 1, |m, a, f| m.tab(a, f, TabKind::Tab)),
    def("tab", 2, |m, a, f| m.tab(a, f, TabKind::Tab2)),
    def("format", 1, |m, a, f| m.format_builtin(a, f, 1)),
    def("format", 2, |m, a, f| m.format_builtin(a, f, 2)),
    def("format", 3, |m, a, f| m.format_builtin(a, f, 3)),
    def("get_char", 1, |m, a, _| m.get_char(a, false)),
    def("peek_char", 1, |m, a, _| m.get_char(a, true)),
    def("$out_push", 0, |m, _, _| m.capture_start()),
    def("$out_pop", 1, |m, a, _| m.capture_end(a)),
];

/// write/1: no quotes, `'$VAR'(N)` as a letter.
const PLAIN: WriteOptions = WriteOptions {
    quoted: false,
    ignore_ops: false,
    numbervars: true,
};

/// writeq/1 and print/1: quoted so that the text reads back.
const QUOTED: WriteOptions = WriteOptions {
    quoted: true,
    ignore_ops: false,
    numbervars: true,
};

/// write_canonical/1: quoted, operators in canonical form, `'$VAR'(N)` as written.
const CANONICAL: WriteOptions = WriteOptions {
    quoted: true,
    ignore_ops: true,
    numbervars: false,
};

impl Context<'_, '_> {
    /// '$read_term'(Term, Bindings): the next term of the input (`end_of_file` at its end)
    /// and the `'Name' = Var` list of its named variables.
    fn read_term(&mut self, args: u32) -> Res {
        // What the program wrote (a prompt) is out before the input is waited for.
        self.flush_output()?;
        let syntax = std::rc::Rc::clone(&self.db().syntax);
        let budget = self.budget();
        let next = self.db_mut().input.next_term(budget, syntax);
        let next = next.map_err(|e| self.input_error(e))?;
        self.check_atom_table()?;
        let (term, bindings) = match next {
            None => (Term::atom("end_of_file"), Vec::new()),
            Some(r) => {
                let b = r
                    .var_names
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| !n.starts_with('_'))
                    .map(|(i, n)| Term::compound("=", vec![Term::atom(n), Term::Var(i as u32)]))
                    .collect();
                (r.term, b)
            }
        };
        let both = Term::compound("-", vec![term, Term::list(bindings, Term::nil())]);
        let c = self.put_term(&both);
        let Cell::Str(a) = c else { return Ok(false) };
        let (t, b) = (self.heap()[a as usize + 1], self.heap()[a as usize + 2]);
        Ok(self.unify(self.heap()[args as usize], t)
            && self.unify(self.heap()[args as usize + 1], b))
    }

    /// get_char(C) (peek_char(C) when `peek`): the next character of the input as a
    /// one-character atom, `end_of_file` at its end.
    fn get_char(&mut self, args: u32, peek: bool) -> Res {
        let target = self.deref(self.heap()[args as usize]);
        let valid = match target {
            Cell::Ref(_) => true,
            Cell::Atom(_) => self
                .text_of(target)
                .is_some_and(|t| t == "end_of_file" || t.chars().count() == 1),
            _ => false,
        };
        if !valid {
            let t = self.read(target);
            return Err(Stop::ball(type_error("in_character", t)));
        }
        self.flush_output()?;
        let next = self.db_mut().input.next_char(peek);
        let c = next.map_err(|e| self.input_error(e))?;
        let mut buf = [0u8; 4];
        let text = c.map_or("end_of_file", |c| c.encode_utf8(&mut buf));
        self.unify_atom_text(target, text)
    }

    /// The Prolog error for a failed read: a syntax error (bytes that are not UTF-8
    /// included, as a syntax error naming them), `resource_error(memory)` for a term
    /// longer than the memory budget.
    fn input_error(&mut self, e: InputError) -> Stop {
        let message = match e {
            InputError::Syntax(e) => e.message,
            InputError::Io(m) => m,
            InputError::TooLarge => return self.out_of_memory(true),
        };
        Stop::ball(error_term(Term::compound(
            "syntax_error",
            vec![Term::atom(&message)],
        )))
    }

    /// The write family: the first argument written with `opts`.
    fn write_opts(&mut self, args: u32, opts: WriteOptions) -> Res {
        let text = self.term_text(self.heap()[args as usize], opts);
        self.write_out(&text)?;
        Ok(true)
    }

    /// write_term(Term, Options): `quoted(B)`, `ignore_ops(B)`, `numbervars(B)`; the
    /// other standard options (max_depth, portray, ...) are accepted and ignored.
    fn write_term(&mut self, args: u32) -> Res {
        let mut opts = WriteOptions::default();
        for o in self.list_cells(self.heap()[args as usize + 1])? {
            let o = self.read(o);
            let Term::Compound(name, a) = &o else {
                if matches!(o, Term::Var(_)) {
                    return Err(Stop::ball(instantiation_error()));
                }
                return Err(Stop::ball(crate::errors::domain_error("write_option", o)));
            };
            let on = match &a[0] {
                Term::Atom(v) if v.name() == "true" => true,
                Term::Atom(v) if v.name() == "false" => false,
                Term::Var(_) => return Err(Stop::ball(instantiation_error())),
                _ => false,
            };
            match name.name() {
                "quoted" => opts.quoted = on,
                "ignore_ops" => opts.ignore_ops = on,
                "numbervars" => opts.numbervars = on,
                _ => {}
            }
        }
        self.write_opts(args, opts)
    }

    pub(in crate::machine) fn nl(&mut self, _args: u32, _f: Frame) -> Res {
        self.write_out("\n")?;
        Ok(true)
    }

    pub(in crate::machine) fn tab(&mut self, args: u32, _f: Frame, b: TabKind) -> Res {
        let i = if b == TabKind::Tab2 { 1 } else { 0 };
        let n = self.eval(self.heap()[(args + i) as usize])?;
        if let Num::F(x) = n {
            return Err(Stop::ball(type_error("integer_expression", Term::Float(x))));
        }
        match n {
            Num::I(n) => self.write_out_repeated(' ', n.max(0) as u64)?,
            // More spaces than memory or time allow: the budget says so.
            Num::B(b) if b.sign() == num_bigint::Sign::Plus => {
                self.write_out_repeated(' ', u64::MAX)?
            }
            _ => {}
        }
        Ok(true)
    }

    pub(in crate::machine) fn format_builtin(&mut self, args: u32, _f: Frame, n: u8) -> Res {
        // format(F), format(F, Args), format(atom(A), F, Args).
        let base = if n == 3 { args + 1 } else { args };
        let fmt = self.heap()[base as usize];
        let fmt = match self.text_of(fmt) {
            Some(t) => t,
            None => self.codes_text(fmt, false)?,
        };
        let fargs = if n == 1 {
            Vec::new()
        } else {
            let a = self.deref(self.heap()[base as usize + 1]);
            match self.list_cells(a) {
                Ok(items) => items,
                Err(_) => vec![a],
            }
        };
        let text = match self.format(&fmt, &fargs, n != 3) {
            Ok(text) => text,
            Err((partial, e)) => {
                // As SWI-Prolog: what was formatted before the error is written.
                if n != 3 {
                    self.write_out(&partial)?;
                }
                return Err(e);
            }
        };
        Ok(if n == 3 {
            let sink = self.read(self.heap()[args as usize]);
            match sink {
                Term::Compound(f, sa)
                    if sa.len() == 1
                        && matches!(f.name(), "atom" | "string" | "codes" | "chars") =>
                {
                    let target = match self.deref(self.heap()[args as usize]) {
                        Cell::Str(a) => self.heap()[a as usize + 1],
                        other => other,
                    };
                    match f.name() {
                        "atom" => self.unify_atom_text(target, &text)?,
                        "string" => self.unify_string_text(target, &text)?,
                        kind => {
                            let list = self.text_list(&text, kind == "chars")?;
                            self.unify(target, list)
                        }
                    }
                }
                _ => {
                    return Err(Stop::ball(error_term(Term::compound(
                        "domain_error",
                        vec![Term::atom("output_sink"), sink],
                    ))));
                }
            }
        } else {
            self.write_out(&text)?;
            true
        })
    }
}
