//! Output: write/1 and its family, nl, tab, format/1,2,3.

use super::*;

/// Which of the predicates sharing this implementation was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::machine) enum TabKind {
    Tab,
    Tab2,
}

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("write", 1, |m, a, f| m.write(a, f)),
    def("print", 1, |m, a, f| m.write(a, f)),
    def("writeq", 1, |m, a, f| m.writeq(a, f)),
    def("write_canonical", 1, |m, a, f| m.writeq(a, f)),
    def("nl", 0, |m, a, f| m.nl(a, f)),
    def("tab", 1, |m, a, f| m.tab(a, f, TabKind::Tab)),
    def("tab", 2, |m, a, f| m.tab(a, f, TabKind::Tab2)),
    def("format", 1, |m, a, f| m.format_builtin(a, f, 1)),
    def("format", 2, |m, a, f| m.format_builtin(a, f, 2)),
    def("format", 3, |m, a, f| m.format_builtin(a, f, 3)),
];

impl Machine<'_> {
    pub(in crate::machine) fn write(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let t = self.read(a0());
        self.output.push_str(&crate::write::write(&t));
        Ok(true)
    }

    pub(in crate::machine) fn writeq(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap[args as usize];
        let t = self.read(a0());
        self.output.push_str(&crate::write::writeq(&t));
        Ok(true)
    }

    pub(in crate::machine) fn nl(&mut self, _args: u32, _f: Frame) -> Res {
        self.output.push('\n');
        Ok(true)
    }

    pub(in crate::machine) fn tab(&mut self, args: u32, _f: Frame, b: TabKind) -> Res {
        let i = if b == TabKind::Tab2 { 1 } else { 0 };
        let n = self.eval(self.heap[(args + i) as usize])?;
        if let Num::I(n) = n {
            for _ in 0..n.clamp(0, 10_000) {
                self.output.push(' ');
            }
        }
        Ok(true)
    }

    pub(in crate::machine) fn format_builtin(&mut self, args: u32, _f: Frame, n: u8) -> Res {
        let a0 = || self.heap[args as usize];
        // format(F), format(F, Args), format(atom(A), F, Args).
        let base = if n == 3 { args + 1 } else { args };
        let fmt = self.heap[base as usize];
        let fmt = match self.text_of(fmt) {
            Some(t) => t,
            None => self.codes_text(fmt, false)?,
        };
        let fargs = if n == 1 {
            Vec::new()
        } else {
            let a = self.deref(self.heap[base as usize + 1]);
            match self.list_cells(a) {
                Ok(items) => items,
                Err(_) => vec![a],
            }
        };
        let text = self.format(&fmt, &fargs)?;
        Ok(if n == 3 {
            let sink = self.read(a0());
            match sink {
                Term::Compound(f, sa) if sa.len() == 1 && f.name() == "atom" => {
                    let target = match self.deref(a0()) {
                        Cell::Str(a) => self.heap[a as usize + 1],
                        other => other,
                    };
                    self.unify_atom_text(target, &text)
                }
                _ => {
                    return Err(Stop::ball(error_term(Term::compound(
                        "domain_error",
                        vec![Term::atom("output_sink"), sink],
                    ))));
                }
            }
        } else {
            self.output.push_str(&text);
            true
        })
    }
}
