//! format/1,2,3: the directives of SWI-Prolog's format/2 that programs use most.

use super::*;
use crate::machine::output::REPEAT_STEP;
use crate::write::WriteOptions;

/// Pads the text of the column segment that starts at byte `seg` of `out` to `width`
/// characters: at its fill points (`~t`), the padding shared among them, or after the
/// text without one.
fn pad_segment(out: &mut String, seg: usize, fills: &[(usize, char)], width: usize) {
    let len = out[seg..].chars().count();
    if len >= width {
        return;
    }
    let pad = width - len;
    if fills.is_empty() {
        out.extend(std::iter::repeat_n(' ', pad));
        return;
    }
    let share = pad / fills.len();
    let extra = pad % fills.len();
    // Insert from the last fill point back, so that earlier byte positions stay valid.
    for (i, &(at, c)) in fills.iter().enumerate().rev() {
        let n = share + usize::from(i + 1 == fills.len()) * extra;
        let text: String = std::iter::repeat_n(c, n).collect();
        out.insert_str(at, &text);
    }
}

/// The most fraction digits `format!` is asked for: every digit of an `f64` past it is a
/// zero (an `f64`'s exact expansion has at most 1,074 fraction digits, 767 significant
/// ones), and a precision past 65,535 is out of range for `format!` (it panics).
const MAX_EXACT_DIGITS: usize = 1100;

/// `~Ne`, `~Nf`, `~Ng` of `x` with `k` digits after the point: exact for any `k` (SWI-Prolog
/// prints `~70000f` of 1.0 as 1.000...0 with 70,000 zeros).
fn float_directive(d: char, x: f64, k: usize) -> String {
    let exact = k.min(MAX_EXACT_DIGITS);
    let zeros = k - exact;
    match d {
        'e' => {
            // C's %e: at least two exponent digits, with a sign.
            let t = format!("{x:.exact$e}");
            let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
            let (sign, digits) = match e.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', e),
            };
            let pad = if x.is_finite() { zeros } else { 0 };
            format!("{m}{}e{sign}{digits:0>2}", "0".repeat(pad))
        }
        'f' => {
            let mut t = format!("{x:.exact$}");
            if x.is_finite() {
                t.extend(std::iter::repeat_n('0', zeros));
            }
            t
        }
        _ => format!("{x}"),
    }
}

/// A `format` error with this message.
fn fmt_error(msg: &str) -> Stop {
    Stop::ball(error_term(Term::compound("format", vec![Term::atom(msg)])))
}

/// The error of directive `d` given an argument of the wrong type.
fn arg_type(d: char, culprit: Term) -> Stop {
    Stop::ball(error_term(Term::compound(
        "format_argument_type",
        vec![Term::atom(&d.to_string()), culprit],
    )))
}

/// `n` written in base `radix` (clamped to 2..=36), as `~Nr` does.
fn radix_text(n: i64, radix: usize) -> String {
    let radix = radix.clamp(2, 36) as u32;
    let mut v = n.unsigned_abs();
    let mut digits = Vec::new();
    loop {
        digits.push(std::char::from_digit((v % radix as u64) as u32, radix).unwrap_or('?'));
        v /= radix as u64;
        if v == 0 {
            break;
        }
    }
    if n < 0 {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

/// The column segment being formatted: where it starts in the text, its column, and
/// its fill points (`~t`: where in the text, with which character).
#[derive(Default)]
struct Columns {
    seg: usize,
    col: usize,
    fills: Vec<(usize, char)>,
}

impl Columns {
    /// A new line starts at byte `at` of the text.
    fn new_line(&mut self, at: usize) {
        (self.seg, self.col) = (at, 0);
        self.fills.clear();
    }
}

impl Context<'_, '_> {
    /// format/2's directives: ~w ~p ~q ~a ~d ~s ~e ~f ~g ~c ~r ~i ~n ~~, the column
    /// stops ~N| and ~N+ and the fill points ~t (~`Ct fills with C). On an error, the
    /// text formatted so far comes with it (SWI-Prolog writes it before raising).
    /// With `spill`, a long repetition (`~*c`, `~Nn`) is written to the output as it
    /// goes, with the text before it, rather than built in the returned text.
    pub(super) fn format(
        &mut self,
        fmt: &str,
        args: &[Cell],
        spill: bool,
    ) -> Result<String, (String, Stop)> {
        let mut out = String::new();
        match self.format_into(&mut out, fmt, args, spill) {
            Ok(()) => Ok(out),
            Err(e) => Err((out, e)),
        }
    }

    fn format_into(
        &mut self,
        out: &mut String,
        fmt: &str,
        args: &[Cell],
        spill: bool,
    ) -> Result<(), Stop> {
        let mut cols = Columns::default();
        let mut next = args.iter();
        let mut chars = fmt.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '~' {
                out.push(c);
                if c == '\n' {
                    cols.new_line(out.len());
                }
                continue;
            }
            let mut num = String::new();
            let mut fill_char = None;
            if chars.peek() == Some(&'`') {
                chars.next();
                fill_char = chars.next();
            }
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit() || **d == '*') {
                num.push(*d);
                chars.next();
            }
            let Some(d) = chars.next() else {
                return Err(fmt_error("truncated format"));
            };
            let mut take = || {
                next.next()
                    .copied()
                    .ok_or_else(|| fmt_error("not enough arguments"))
            };
            let count: Option<usize> = if num == "*" {
                match self.deref(take()?) {
                    Cell::Int(n) => Some(n.max(0) as usize),
                    _ => None,
                }
            } else {
                num.parse().ok()
            };
            match d {
                'w' | 'p' | 'q' | 'a' | 's' => self.format_text(out, d, take()?)?,
                'd' => self.format_d(out, take()?, count)?,
                'e' | 'f' | 'g' => {
                    let x = self.eval(take()?)?.f();
                    self.check_text_room(count.unwrap_or(6))?;
                    out.push_str(&float_directive(d, x, count.unwrap_or(6)));
                }
                'c' => {
                    let code = take()?;
                    self.format_c(out, &mut cols, code, count.unwrap_or(1) as u64, spill)?;
                }
                'r' => match self.deref(take()?) {
                    Cell::Int(n) => out.push_str(&radix_text(n, count.unwrap_or(8))),
                    _ => return Err(fmt_error("~r expects an integer")),
                },
                'i' => {
                    take()?;
                }
                'n' => {
                    let k = count.unwrap_or(1) as u64;
                    if spill && k > 4096 {
                        self.spill_repeated(out, '\n', k)?;
                    } else {
                        self.format_room(out, k)?;
                        out.extend(std::iter::repeat_n('\n', k as usize));
                    }
                    cols.new_line(out.len());
                }
                '~' => out.push('~'),
                't' => {
                    let c = fill_char
                        .or_else(|| count.and_then(|n| char::from_u32(n as u32)))
                        .unwrap_or(' ');
                    cols.fills.push((out.len(), c));
                }
                '|' | '+' => self.column_stop(out, &mut cols, d, count)?,
                other => {
                    return Err(Stop::ball(error_term(Term::compound(
                        "existence_error",
                        vec![
                            Term::atom("format_character"),
                            Term::atom(&other.to_string()),
                        ],
                    ))));
                }
            }
        }
        if next.next().is_some() {
            return Err(fmt_error("too many arguments"));
        }
        Ok(())
    }

    /// The text directives `~w`, `~p`, `~q` (the term written with the database's
    /// operators), `~a` (an atomic) and `~s` (a string or a code list) of the value `a`.
    fn format_text(&mut self, out: &mut String, d: char, a: Cell) -> Result<(), Stop> {
        match d {
            'w' => out.push_str(&self.term_text(a, WriteOptions::default())),
            'p' | 'q' => out.push_str(&self.term_text(a, WriteOptions::QUOTED)),
            'a' => match self.deref(a) {
                Cell::Ref(_) => return Err(Stop::ball(instantiation_error())),
                Cell::Str(_) if self.text_of(a).is_none() => {
                    return Err(arg_type('a', self.read(a)));
                }
                _ => out.push_str(&self.text_of(a).unwrap_or_default()),
            },
            _ => {
                let text = match self.deref(a) {
                    Cell::Atom(_) => self.text_of(a).unwrap_or_default(),
                    Cell::Str(_) if self.is_string_cell(a) => self.text_of(a).unwrap_or_default(),
                    _ => self.codes_text(a, false)?,
                };
                out.push_str(&text);
            }
        }
        Ok(())
    }

    /// `~Nc`: the character of code `code`, `k` times; with `spill` and no fill point
    /// pending, a long run goes to the output as it is made.
    fn format_c(
        &mut self,
        out: &mut String,
        cols: &mut Columns,
        code: Cell,
        k: u64,
        spill: bool,
    ) -> Result<(), Stop> {
        let Cell::Int(n) = self.deref(code) else {
            return Err(fmt_error("~c expects a character code"));
        };
        let ch = u32::try_from(n)
            .ok()
            .and_then(char::from_u32)
            .unwrap_or('?');
        if spill && cols.fills.is_empty() && k > 4096 {
            cols.col += out[cols.seg..].chars().count() + k as usize;
            cols.seg = 0;
            self.spill_repeated(out, ch, k)
        } else {
            self.format_room(out, k * ch.len_utf8() as u64)?;
            out.extend(std::iter::repeat_n(ch, k as usize));
            Ok(())
        }
    }

    /// The column stops `~N|` (to column N) and `~N+` (N columns past the segment's
    /// start): the segment padded at its fill points, a new segment started.
    fn column_stop(
        &mut self,
        out: &mut String,
        cols: &mut Columns,
        d: char,
        count: Option<usize>,
    ) -> Result<(), Stop> {
        let col = cols.col + out[cols.seg..].chars().count();
        let target = if d == '|' {
            count.unwrap_or(col)
        } else {
            cols.col + count.unwrap_or(8)
        };
        self.format_room(out, target.saturating_sub(col) as u64)?;
        pad_segment(out, cols.seg, &cols.fills, target.saturating_sub(cols.col));
        cols.fills.clear();
        cols.seg = out.len();
        cols.col = target.max(col);
        Ok(())
    }

    /// `~Nd` of the value `a`: an integer (or an expression giving one), with `N` digits
    /// after an inserted point.
    fn format_d(&mut self, out: &mut String, a: Cell, count: Option<usize>) -> Result<(), Stop> {
        let (negative, s) = match self.deref(a) {
            Cell::Int(n) => (n < 0, n.unsigned_abs().to_string()),
            Cell::Float(_) => return Err(arg_type('d', self.read(a))),
            _ => match self.eval(a)? {
                Num::I(n) => (n < 0, n.unsigned_abs().to_string()),
                Num::B(b) => (
                    b.sign() == num_bigint::Sign::Minus,
                    b.magnitude().to_string(),
                ),
                Num::F(_) => return Err(arg_type('d', self.read(a))),
            },
        };
        let k = count.unwrap_or(0);
        self.check_text_room(k)?;
        if negative {
            out.push('-');
        }
        if k > 0 {
            // Padded by hand: a width past 65,535 is out of range for
            // `format!` (it panics).
            let zeros = (k + 1).saturating_sub(s.len());
            let mut padded = String::with_capacity(s.len() + zeros);
            padded.extend(std::iter::repeat_n('0', zeros));
            padded.push_str(&s);
            let (int, frac) = padded.split_at(padded.len() - k);
            out.push_str(int);
            out.push('.');
            out.push_str(frac);
        } else {
            out.push_str(&s);
        }
        Ok(())
    }
}

impl Context<'_, '_> {
    /// Writes the text formatted so far, then `c` `n` times (format's `~*c` with a huge
    /// count): `out` is left empty.
    pub(in crate::machine) fn spill_repeated(
        &mut self,
        out: &mut String,
        c: char,
        n: u64,
    ) -> Result<(), Stop> {
        let before = std::mem::take(out);
        self.write_out(&before)?;
        self.write_out_repeated(c, n)
    }

    /// Room for `more` bytes of formatted text after `out` (format/3's text, built
    /// whole): past the memory budget, or refused, `resource_error(memory)`.
    pub(in crate::machine) fn format_room(
        &mut self,
        out: &mut String,
        more: u64,
    ) -> Result<(), Stop> {
        let total = (out.len() as u64).saturating_add(more);
        if total > self.budget() {
            return Err(self.out_of_memory(true));
        }
        if total > REPEAT_STEP {
            self.charge(more as usize)?;
        }
        let more = usize::try_from(more).map_err(|_| self.out_of_memory(false))?;
        if out.try_reserve(more).is_err() {
            return Err(self.out_of_memory(false));
        }
        Ok(())
    }
}
