//! sub_atom/5 and sub_string/5 without copying the text for each solution: an atom's text
//! is read in place, the candidates come straight from what is bound (a bound Sub is
//! searched for, two bound numbers fix the one candidate), and an ASCII text is indexed
//! by bytes (the enumeration state remembers whether it is, so that a 5 MB atom is
//! scanned once, not once per solution).

use super::{Cell, Context, Res, Resume, Stop, instantiation_error};

/// The state's flag: whether the text is known to be ASCII (then [`ASCII_YES`] says it).
const ASCII_KNOWN: i64 = 1 << 62;
const ASCII_YES: i64 = 1 << 61;
/// The enumeration position, below the flags.
const POS_MASK: i64 = ASCII_YES - 1;

/// The text and how to index it by characters.
struct Text<'t> {
    s: &'t str,
    ascii: bool,
    /// Its length in characters.
    n: usize,
}

impl Text<'_> {
    /// The byte offset of character `ci`.
    fn byte(&self, ci: usize) -> usize {
        if self.ascii {
            return ci;
        }
        self.s
            .char_indices()
            .nth(ci)
            .map_or(self.s.len(), |(b, _)| b)
    }

    /// Characters `b .. b + l`.
    fn slice(&self, b: usize, l: usize) -> &str {
        let start = self.byte(b);
        let end = if self.ascii {
            b + l
        } else {
            start
                + self.s[start..]
                    .char_indices()
                    .nth(l)
                    .map_or(self.s.len() - start, |(k, _)| k)
        };
        &self.s[start..end]
    }

    /// The first character position at or after `from` where `sub` occurs.
    fn find(&self, sub: &str, from: usize) -> Option<usize> {
        if from > self.n {
            return None;
        }
        let start = self.byte(from);
        let at = self.s[start..].find(sub)?;
        Some(if self.ascii {
            from + at
        } else {
            from + self.s[start..start + at].chars().count()
        })
    }
}

/// What the call fixed: Before, Length, After and Sub (its text and length).
struct Wanted {
    b: Option<usize>,
    l: Option<usize>,
    a: Option<usize>,
    sub: Option<String>,
}

/// The first candidate `(before, length)` at or after enumeration position `pos`, and the
/// position to resume from (`None`: no candidate can follow).
fn candidate(t: &Text, w: &Wanted, pos: usize) -> Option<((usize, usize), Option<usize>)> {
    let n = t.n;
    let fits = |b: usize, l: usize| b + l <= n && w.a.is_none_or(|a| a + b + l == n);
    if let Some(sub) = &w.sub {
        let l = sub.chars().count();
        if w.l.is_some_and(|x| x != l) {
            return None;
        }
        let b = match (w.b, w.a) {
            (Some(b), _) => (pos == 0).then_some(b)?,
            (None, Some(a)) => (pos == 0).then_some(n.checked_sub(a + l)?)?,
            (None, None) => t.find(sub, pos)?,
        };
        let single = w.b.is_some() || w.a.is_some();
        let ok = fits(b, l) && (!single || t.slice(b, l) == sub);
        return ok.then_some(((b, l), (!single).then_some(b + 1)));
    }
    let (b, l, next) = match (w.b, w.l, w.a) {
        (Some(b), Some(l), _) => (b, l, None),
        (Some(b), None, Some(a)) => (b, n.checked_sub(a + b)?, None),
        (None, Some(l), Some(a)) => (n.checked_sub(a + l)?, l, None),
        (Some(b), None, None) => (b, pos, Some(pos + 1)),
        (None, Some(l), None) => (pos, l, Some(pos + 1)),
        (None, None, Some(a)) => (pos, n.checked_sub(a + pos)?, Some(pos + 1)),
        (None, None, None) => {
            // Every (B, L), B ascending then L: the position is B * (n + 1) + L.
            let (b, l) = (pos / (n + 1), pos % (n + 1));
            if b + l > n {
                let next = (b + 1) * (n + 1);
                return if b < n { candidate(t, w, next) } else { None };
            }
            (b, l, Some(pos + 1))
        }
    };
    if next.is_none() && pos > 0 {
        return None;
    }
    fits(b, l).then_some(((b, l), next))
}

impl Context<'_, '_> {
    /// sub_atom/5 and sub_string/5 (`string`: Sub is a string): the candidate at
    /// enumeration position `state` (with the text's ASCII flags), in SWI-Prolog's order
    /// (B ascending, then L ascending).
    pub(super) fn redo_sub_text(&mut self, at: Resume, state: i64, string: bool) -> Res {
        let args = at.args;
        if state == 0 {
            for i in 1..=3 {
                self.count_arg(self.heap()[(args + i) as usize])?;
            }
        }
        self.refuse_nil(self.heap()[args as usize], "atom")?;
        let owned;
        let s: &str = match self.deref(self.heap()[args as usize]) {
            // An atom's text is read in place: it lives as long as the process.
            Cell::Atom(a) => a.name(),
            c => match self.text_arg(c, "atom")? {
                Some(text) => {
                    owned = text;
                    &owned
                }
                None => return Err(Stop::ball(instantiation_error())),
            },
        };
        let ascii = if state & ASCII_KNOWN != 0 {
            state & ASCII_YES != 0
        } else {
            s.is_ascii()
        };
        let n = if ascii { s.len() } else { s.chars().count() };
        let text = Text { s, ascii, n };
        let num = |m: &Self, i: u32| match m.arg(args, i) {
            Cell::Int(v) => usize::try_from(v).ok(),
            _ => None,
        };
        let wanted = Wanted {
            b: num(self, 1),
            l: num(self, 2),
            a: num(self, 3),
            sub: self.atom_or_string_text(self.heap()[args as usize + 4]),
        };
        let pos = (state & POS_MASK) as usize;
        let Some(((b, l), next)) = candidate(&text, &wanted, pos) else {
            return Ok(false);
        };
        self.charge(l / 16 + 1)?;
        if let Some(next) = next {
            let flags = ASCII_KNOWN | if ascii { ASCII_YES } else { 0 };
            self.retry_later(at, flags | next as i64);
        }
        let cell = |m: &Self, i: u32| m.heap()[(args + i) as usize];
        let after = n - b - l;
        if !(self.unify(cell(self, 1), Cell::Int(b as i64))
            && self.unify(cell(self, 2), Cell::Int(l as i64))
            && self.unify(cell(self, 3), Cell::Int(after as i64)))
        {
            return Ok(false);
        }
        if wanted.sub.is_some() {
            // A bound Sub (atom or string) was matched above.
            return Ok(true);
        }
        let sub = text.slice(b, l).to_string();
        if string {
            self.unify_string_text(cell(self, 4), &sub)
        } else {
            self.unify_atom_text(cell(self, 4), &sub)
        }
    }
}
