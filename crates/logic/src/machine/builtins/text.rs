//! Atoms and strings: conversions to and from codes, characters and numbers, concatenation, sub_atom/5, char_type/2.

use super::{
    Atom, Cell, Context, Def, Frame, Res, Resume, Stop, Term, atoms, def, instantiation_error,
    type_error,
};
use crate::write::WriteOptions;

/// Which of the predicates sharing this implementation was called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::machine) enum TextToListKind {
    AtomCodes,
    AtomChars,
    StringChars,
    StringCodes,
}

/// The built-ins of this family, by name and arity.
pub(super) const BUILTINS: &[Def] = &[
    def("upcase_atom", 2, |m, a, _| m.change_case(a, true, false)),
    def("downcase_atom", 2, |m, a, _| m.change_case(a, false, false)),
    def("string_upper", 2, |m, a, _| m.change_case(a, true, true)),
    def("string_lower", 2, |m, a, _| m.change_case(a, false, true)),
    def("number_chars", 2, |m, a, _| m.number_chars(a)),
    def("$atom_split", 3, |m, a, _| m.atom_split(a)),
    def("atom_to_term", 3, |m, a, _| m.atom_to_term(a)),
    def("string_concat", 3, |m, a, f| m.string_concat(a, f)),
    def("atom_codes", 2, |m, a, f| {
        m.text_to_list(a, f, TextToListKind::AtomCodes)
    }),
    def("atom_chars", 2, |m, a, f| {
        m.text_to_list(a, f, TextToListKind::AtomChars)
    }),
    def("string_chars", 2, |m, a, f| {
        m.text_to_list(a, f, TextToListKind::StringChars)
    }),
    def("string_codes", 2, |m, a, f| {
        m.text_to_list(a, f, TextToListKind::StringCodes)
    }),
    def("string_to_atom", 2, |m, a, f| m.string_to_atom(a, f)),
    def("number_string", 2, |m, a, f| m.number_string(a, f)),
    def("term_string", 2, |m, a, f| m.term_string(a, f)),
    def("char_type", 2, |m, a, f| m.char_type(a, f, false)),
    def("code_type", 2, |m, a, f| m.char_type(a, f, true)),
    def("char_code", 2, |m, a, f| m.char_code(a, f)),
    def("atom_length", 2, |m, a, f| m.atom_length(a, f)),
    def("string_length", 2, |m, a, f| m.atom_length(a, f)),
    def("number_codes", 2, |m, a, f| m.number_codes(a, f)),
    def("atom_number", 2, |m, a, f| m.atom_number(a, f)),
    def("atom_string", 2, |m, a, f| m.atom_string(a, f)),
    def("atom_concat", 3, |m, a, f| m.atom_concat(a, f)),
    def("sub_atom", 5, |m, a, f| m.sub_atom(a, f)),
    def("sub_string", 5, |m, a, f| m.sub_string(a, f)),
    def("string_code", 3, |m, a, _| m.string_code(a)),
    def("split_string", 4, |m, a, _| m.split_string(a)),
    def("term_to_atom", 2, |m, a, f| m.term_to_atom(a, f)),
];

impl Context<'_, '_> {
    /// upcase_atom/2, downcase_atom/2, string_upper/2, string_lower/2.
    fn change_case(&mut self, args: u32, upper: bool, string: bool) -> Res {
        let t = self.arg(args, 0);
        let s = match t {
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            Cell::Str(_) if !self.is_string_cell(t) => {
                return Err(Stop::ball(type_error("atomic", self.read(t))));
            }
            Cell::Atom(atoms::NIL) if !string => {
                return Err(Stop::ball(type_error("atom", Term::nil())));
            }
            _ => self.text_of(t).unwrap_or_default(),
        };
        // Character by character, as SWI-Prolog's towupper/towlower: a character whose
        // case mapping is several characters (`ß`) stays as it is.
        let one = |mut m: std::iter::Peekable<std::vec::IntoIter<char>>, c: char| match (
            m.next(),
            m.peek(),
        ) {
            (Some(x), None) => x,
            _ => c,
        };
        let s: String = s
            .chars()
            .map(|c| {
                let mapped: Vec<char> = if upper {
                    c.to_uppercase().collect()
                } else {
                    c.to_lowercase().collect()
                };
                one(mapped.into_iter().peekable(), c)
            })
            .collect();
        let y = self.heap()[args as usize + 1];
        if string {
            self.unify_string_text(y, &s)
        } else {
            self.unify_atom_text(y, &s)
        }
    }

    /// number_chars/2: the characters of a number, or the number the characters spell
    /// (leading layout allowed, as in the standard).
    fn number_chars(&mut self, args: u32) -> Res {
        let t = self.arg(args, 0);
        let l = self.heap()[args as usize + 1];
        // A list with a variable in it is read only when the number is unbound.
        match t {
            Cell::Str(a)
                if crate::bigint::from_heap(self.heap(), a).is_some() && !self.partial_text(l) =>
            {
                let s = self.text_of(t).unwrap_or_default();
                let chars = self.text_list(&s, true)?;
                Ok(self.unify(l, chars))
            }
            Cell::Int(_) | Cell::Float(_) if !self.partial_text(l) => {
                let s = self.text_of(t).unwrap_or_default();
                let chars = self.text_list(&s, true)?;
                Ok(self.unify(l, chars))
            }
            Cell::Ref(_) | Cell::Int(_) | Cell::Float(_) => {
                let s = self.codes_text(l, true)?;
                self.unify_number_text(t, s.trim_start())
            }
            other => Err(Stop::ball(type_error("number", self.read(other)))),
        }
    }

    /// '$atom_split'(Atom, Sep, Parts): the atoms between the occurrences of Sep.
    fn atom_split(&mut self, args: u32) -> Res {
        let (Some(text), Some(sep)) = (
            self.text_arg(self.heap()[args as usize], "atomic")?,
            self.text_arg(self.heap()[args as usize + 1], "atomic")?,
        ) else {
            return Err(Stop::ball(instantiation_error()));
        };
        let parts = text
            .split(sep.as_str())
            .map(|p| self.new_atom(p).map(Cell::Atom))
            .collect::<Result<Vec<Cell>, Stop>>()?;
        let list = self.make_list(&parts, Cell::Atom(atoms::NIL))?;
        Ok(self.unify(self.heap()[args as usize + 2], list))
    }

    /// atom_to_term(Text, Term, Bindings): Text read as a term, Bindings the list of
    /// `'Name' = Var` for its named variables.
    fn atom_to_term(&mut self, args: u32) -> Res {
        let Some(text) = self.text_arg(self.heap()[args as usize], "atomic")? else {
            return Err(Stop::ball(instantiation_error()));
        };
        let r = self.read_text(&text)?;
        let bindings: Vec<Term> = r
            .var_names
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.starts_with('_'))
            .map(|(i, n)| Term::compound("=", vec![Term::atom(n), Term::Var(i as u32)]))
            .collect();
        let both = Term::compound("-", vec![r.term, Term::list(bindings, Term::nil())]);
        let c = self.put_term(&both);
        let Cell::Str(a) = c else { return Ok(false) };
        let (t, b) = (self.heap()[a as usize + 1], self.heap()[a as usize + 2]);
        Ok(self.unify(self.heap()[args as usize + 1], t)
            && self.unify(self.heap()[args as usize + 2], b))
    }

    /// Whether `l` is a list of characters with no variable in it (walking it).
    fn partial_text(&self, l: Cell) -> bool {
        let mut t = self.deref(l);
        let mut n = 0usize;
        loop {
            match t {
                Cell::Str(a)
                    if self.heap()[a as usize] == Cell::Fun(atoms::CONS, 2)
                        && n < self.heap().len() =>
                {
                    if matches!(self.deref(self.heap()[a as usize + 1]), Cell::Ref(_)) {
                        return false;
                    }
                    n += 1;
                    t = self.deref(self.heap()[a as usize + 2]);
                }
                Cell::Atom(a) if a == atoms::NIL => return true,
                _ => return false,
            }
        }
    }

    pub(in crate::machine) fn string_concat(&mut self, args: u32, _f: Frame) -> Res {
        let (x, y) = (
            self.text_arg(self.heap()[args as usize], "atomic")?,
            self.text_arg(self.heap()[args as usize + 1], "atomic")?,
        );
        self.text_arg(self.heap()[args as usize + 2], "atomic")?;
        let (Some(x), Some(y)) = (x, y) else {
            return Err(Stop::ball(instantiation_error()));
        };
        let z = self.heap()[args as usize + 2];
        self.unify_string_text(z, &format!("{x}{y}"))
    }

    pub(in crate::machine) fn text_to_list(
        &mut self,
        args: u32,
        _f: Frame,
        b: TextToListKind,
    ) -> Res {
        let a0 = || self.heap()[args as usize];
        let chars = matches!(b, TextToListKind::AtomChars | TextToListKind::StringChars);
        let t = self.deref(a0());
        if let Cell::Str(_) = t
            && !self.is_string_cell(t)
        {
            let kind = if matches!(b, TextToListKind::AtomChars | TextToListKind::AtomCodes) {
                "atom"
            } else {
                "string"
            };
            return Err(Stop::ball(type_error(kind, self.read(t))));
        }
        if matches!(b, TextToListKind::AtomChars | TextToListKind::AtomCodes) {
            self.refuse_nil(t, "atom")?;
        }
        Ok(if let Some(s) = self.text_of(t) {
            let l = self.text_list(&s, chars)?;
            let y = self.heap()[args as usize + 1];
            self.unify(y, l)
        } else {
            let s = self.codes_text(self.heap()[args as usize + 1], chars)?;
            if matches!(b, TextToListKind::AtomCodes | TextToListKind::AtomChars) {
                self.unify_atom_text(t, &s)?
            } else {
                self.unify_string_text(t, &s)?
            }
        })
    }

    pub(in crate::machine) fn string_to_atom(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        Ok(if let Some(s) = self.text_of(t) {
            let y = self.heap()[args as usize + 1];
            self.unify_atom_text(y, &s)?
        } else {
            let Some(s) = self.text_of(self.heap()[args as usize + 1]) else {
                return Err(Stop::ball(instantiation_error()));
            };
            self.unify_string_text(t, &s)?
        })
    }

    pub(in crate::machine) fn number_string(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        Ok(match t {
            Cell::Int(_) | Cell::Float(_) => {
                let s = self.text_of(t).unwrap_or_default();
                let y = self.heap()[args as usize + 1];
                self.unify_string_text(y, &s)?
            }
            _ => {
                let Some(s) = self.text_of(self.heap()[args as usize + 1]) else {
                    return Err(Stop::ball(instantiation_error()));
                };
                // SWI-Prolog 9 fails, without a syntax error, on text that is not a
                // number, leading layout included.
                match Self::parse_number(&s) {
                    Some(n) if !s.starts_with(char::is_whitespace) => {
                        let n = self.put_term(&n);
                        self.unify(t, n)
                    }
                    _ => false,
                }
            }
        })
    }

    pub(in crate::machine) fn term_string(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        let y = self.heap()[args as usize + 1];
        // term_string(?Term, ?String): the text is read when given, else the term written.
        if let Some(text) = self.text_arg(y, "text")? {
            let r = self.read_text(&text)?;
            let c = self.put_term(&r.term);
            return Ok(self.unify(t, c));
        }
        let text = self.term_text(t, WriteOptions::QUOTED);
        self.unify_string_text(y, &text)
    }

    pub(in crate::machine) fn char_type(&mut self, args: u32, _f: Frame, codes: bool) -> Res {
        let a0 = || self.heap()[args as usize];
        let c = self.deref(a0());
        let ch = match c {
            Cell::Atom(a) if !codes => {
                let mut it = a.name().chars();
                match (it.next(), it.next()) {
                    (Some(ch), None) => ch,
                    _ => return Err(Stop::ball(type_error("character", self.read(c)))),
                }
            }
            Cell::Int(n) if codes => u32::try_from(n)
                .ok()
                .and_then(char::from_u32)
                .ok_or_else(|| Stop::ball(type_error("character_code", Term::Int(n))))?,
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            other => {
                return Err(Stop::ball(type_error(
                    if codes { "character_code" } else { "character" },
                    self.read(other),
                )));
            }
        };
        let ty = self.deref(self.heap()[args as usize + 1]);
        let as_cell = |x: char| {
            if codes {
                Cell::Int(x as i64)
            } else {
                Cell::Atom(Atom::new(&x.to_string()))
            }
        };
        Ok(match ty {
            Cell::Atom(t) => match t.name() {
                "alpha" => ch.is_alphanumeric() || ch == '_',
                "alnum" => ch.is_alphanumeric(),
                "digit" => ch.is_ascii_digit(),
                "space" | "white" => ch.is_whitespace(),
                "upper" => ch.is_uppercase(),
                "lower" => ch.is_lowercase(),
                "punct" => ch.is_ascii_punctuation(),
                "graph" => !ch.is_whitespace() && !ch.is_control(),
                "csym" => ch.is_alphanumeric() || ch == '_',
                "csymf" => ch.is_alphabetic() || ch == '_',
                "end_of_line" => ch == '\n' || ch == '\r',
                "ascii" => ch.is_ascii(),
                _ => false,
            },
            Cell::Str(a) => {
                let Cell::Fun(f, 1) = self.heap()[a as usize] else {
                    return Ok(false);
                };
                let arg = self.heap()[a as usize + 1];
                match f.name() {
                    "digit" => match ch.to_digit(10) {
                        Some(w) => self.unify(arg, Cell::Int(w as i64)),
                        None => false,
                    },
                    // SWI's reading: Char is the lowercase of U in to_lower(U), the
                    // uppercase of L in to_upper(L).
                    "to_lower" => {
                        let u = ch.to_uppercase().next().unwrap_or(ch);
                        self.unify(arg, as_cell(u))
                    }
                    "to_upper" => {
                        let l = ch.to_lowercase().next().unwrap_or(ch);
                        self.unify(arg, as_cell(l))
                    }
                    "upper" if ch.is_uppercase() => {
                        let l = ch.to_lowercase().next().unwrap_or(ch);
                        self.unify(arg, as_cell(l))
                    }
                    "lower" if ch.is_lowercase() => {
                        let u = ch.to_uppercase().next().unwrap_or(ch);
                        self.unify(arg, as_cell(u))
                    }
                    _ => false,
                }
            }
            Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
            _ => false,
        })
    }

    pub(in crate::machine) fn char_code(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        let one_char = |a: Atom| {
            let mut it = a.name().chars();
            match (it.next(), it.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            }
        };
        Ok(match t {
            Cell::Atom(a) => {
                let Some(c) = one_char(a) else {
                    return Err(Stop::ball(type_error("character", Term::Atom(a))));
                };
                let y = self.heap()[args as usize + 1];
                self.int_arg(y)?;
                self.unify(y, Cell::Int(c as i64))
            }
            Cell::Ref(_) => match self.arg(args, 1) {
                Cell::Int(n) => {
                    let Some(c) = u32::try_from(n).ok().and_then(char::from_u32) else {
                        return Err(Stop::ball(type_error("character_code", Term::Int(n))));
                    };
                    self.unify_atom_text(t, &c.to_string())?
                }
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                other => return Err(Stop::ball(type_error("integer", self.read(other)))),
            },
            other => return Err(Stop::ball(type_error("character", self.read(other)))),
        })
    }

    pub(in crate::machine) fn atom_length(&mut self, args: u32, _f: Frame) -> Res {
        let Some(s) = self.text_arg(self.heap()[args as usize], "text")? else {
            return Err(Stop::ball(instantiation_error()));
        };
        let y = self.heap()[args as usize + 1];
        self.count_arg(y)?;
        Ok(self.unify(y, Cell::Int(s.chars().count() as i64)))
    }

    pub(in crate::machine) fn number_codes(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        Ok(match t {
            Cell::Int(_) | Cell::Float(_) => {
                let s = self.text_of(t).unwrap_or_default();
                let l = self.text_list(&s, false)?;
                let y = self.heap()[args as usize + 1];
                self.unify(y, l)
            }
            Cell::Ref(_) => {
                let s = self.codes_text(self.heap()[args as usize + 1], false)?;
                self.unify_number_text(t, &s)?
            }
            Cell::Str(a) if crate::bigint::from_heap(self.heap(), a).is_some() => {
                let s = self.text_of(t).unwrap_or_default();
                let l = self.text_list(&s, false)?;
                let y = self.heap()[args as usize + 1];
                self.unify(y, l)
            }
            other => return Err(Stop::ball(type_error("number", self.read(other)))),
        })
    }

    pub(in crate::machine) fn atom_number(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        self.refuse_nil(t, "atom")?;
        Ok(match t {
            Cell::Atom(a) => match Self::parse_number(a.name()) {
                Some(n) => {
                    let n = self.put_term(&n);
                    let y = self.heap()[args as usize + 1];
                    self.unify(y, n)
                }
                None => false,
            },
            Cell::Ref(_) => match self.arg(args, 1) {
                n @ (Cell::Int(_) | Cell::Float(_)) => {
                    let s = self.text_of(n).unwrap_or_default();
                    self.unify_atom_text(t, &s)?
                }
                _ => return Err(Stop::ball(instantiation_error())),
            },
            other => return Err(Stop::ball(type_error("atom", self.read(other)))),
        })
    }

    pub(in crate::machine) fn atom_string(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        Ok(if let Some(s) = self.text_of(t) {
            let y = self.heap()[args as usize + 1];
            self.unify_string_text(y, &s)?
        } else {
            let Some(s) = self.text_of(self.heap()[args as usize + 1]) else {
                return Err(Stop::ball(instantiation_error()));
            };
            self.unify_atom_text(t, &s)?
        })
    }

    pub(in crate::machine) fn atom_concat(&mut self, args: u32, _f: Frame) -> Res {
        for i in 0..3 {
            self.refuse_nil(self.heap()[args as usize + i], "atom")?;
        }
        let (x, y) = (
            self.text_arg(self.heap()[args as usize], "atomic")?,
            self.text_arg(self.heap()[args as usize + 1], "atomic")?,
        );
        self.text_arg(self.heap()[args as usize + 2], "atomic")?;
        Ok(match (x, y) {
            (Some(x), Some(y)) => {
                let z = self.heap()[args as usize + 2];
                self.unify_atom_text(z, &format!("{x}{y}"))?
            }
            _ => {
                return self.retry(|m, at, s| m.redo_atom_concat(at, s), args, 0);
            }
        })
    }

    pub(in crate::machine) fn sub_atom(&mut self, args: u32, _f: Frame) -> Res {
        self.retry(|m, at, s| m.redo_sub_atom(at, s), args, 0)
    }

    /// sub_string/5: sub_atom/5 whose Sub is a string.
    pub(in crate::machine) fn sub_string(&mut self, args: u32, _f: Frame) -> Res {
        self.retry(|m, at, s| m.redo_sub_string(at, s), args, 0)
    }

    /// string_code(Index, String, Code): the code at 1-based Index; false out of range.
    fn string_code(&mut self, args: u32) -> Res {
        let Some(i) = self.int_arg(self.heap()[args as usize])? else {
            return Err(Stop::ball(instantiation_error()));
        };
        let Some(text) = self.text_arg(self.heap()[args as usize + 1], "string")? else {
            return Err(Stop::ball(instantiation_error()));
        };
        self.int_arg(self.heap()[args as usize + 2])?;
        let code = usize::try_from(i)
            .ok()
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| text.chars().nth(i));
        Ok(match code {
            Some(c) => self.unify(self.heap()[args as usize + 2], Cell::Int(c as i64)),
            None => false,
        })
    }

    /// split_string(String, SepChars, PadChars, Parts), as SWI-Prolog: the text is cut at
    /// every character of SepChars and each part stripped of PadChars at both ends (the
    /// leading pad is skipped before looking for the separator, so separators that also
    /// pad run together).
    fn split_string(&mut self, args: u32) -> Res {
        let mut texts = Vec::with_capacity(3);
        for i in 0..3 {
            let Some(t) = self.text_arg(self.heap()[args as usize + i], "string")? else {
                return Err(Stop::ball(instantiation_error()));
            };
            texts.push(t.chars().collect::<Vec<char>>());
        }
        let (text, sep, pad) = (&texts[0], &texts[1], &texts[2]);
        let is_pad = |c: char| pad.contains(&c);
        let (mut start, mut end) = (0, text.len());
        while start < end && is_pad(text[start]) {
            start += 1;
        }
        while end > start && is_pad(text[end - 1]) {
            end -= 1;
        }
        let mut parts: Vec<String> = Vec::new();
        loop {
            while start < end && is_pad(text[start]) {
                start += 1;
            }
            let mut stop = start;
            while stop < end && !sep.contains(&text[stop]) {
                stop += 1;
            }
            let mut last = stop;
            while last > start && is_pad(text[last - 1]) {
                last -= 1;
            }
            parts.push(text[start..last].iter().collect());
            if stop >= end {
                break;
            }
            start = stop + 1;
        }
        let total: usize = parts
            .iter()
            .map(|p| crate::strings::cells_for(p.len()))
            .sum();
        self.room(total)?;
        let cells: Vec<Cell> = parts.iter().map(|p| self.push_string(p)).collect();
        let list = self.make_list(&cells, Cell::Atom(atoms::NIL))?;
        Ok(self.unify(self.heap()[args as usize + 3], list))
    }

    pub(in crate::machine) fn term_to_atom(&mut self, args: u32, _f: Frame) -> Res {
        let a0 = || self.heap()[args as usize];
        let t = self.deref(a0());
        Ok(if matches!(t, Cell::Ref(_)) {
            let Some(text) = self.text_of(self.heap()[args as usize + 1]) else {
                return Err(Stop::ball(instantiation_error()));
            };
            let r = self.read_text(&text)?;
            let c = self.put_term(&r.term);
            self.unify(t, c)
        } else {
            let text = self.term_text(t, WriteOptions::QUOTED);
            let y = self.heap()[args as usize + 1];
            self.unify_atom_text(y, &text)?
        })
    }

    pub(in crate::machine) fn redo_atom_concat(&mut self, at: Resume, state: i64) -> Res {
        let args = at.args;
        {
            let Some(whole) = self.text_of(self.heap()[args as usize + 2]) else {
                return Err(Stop::ball(instantiation_error()));
            };
            let chars: Vec<char> = whole.chars().collect();
            let k = state as usize;
            if k > chars.len() {
                return Ok(false);
            }
            if k < chars.len() {
                self.retry_later(at, state + 1);
            }
            let x: String = chars[..k].iter().collect();
            let y: String = chars[k..].iter().collect();
            let (a, c) = (self.heap()[args as usize], self.heap()[args as usize + 1]);
            Ok(self.unify_atom_text(a, &x)? && self.unify_atom_text(c, &y)?)
        }
    }

    pub(in crate::machine) fn redo_sub_atom(&mut self, at: Resume, state: i64) -> Res {
        self.redo_sub_text(at, state, false)
    }

    pub(in crate::machine) fn redo_sub_string(&mut self, at: Resume, state: i64) -> Res {
        self.redo_sub_text(at, state, true)
    }
}
