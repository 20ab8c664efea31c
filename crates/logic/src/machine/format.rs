//! format/1,2,3: the directives of SWI-Prolog's format/2 that programs use most.

use super::*;

impl Machine<'_> {
    /// format/2's directives: ~w ~p ~q ~a ~d ~s ~e ~f ~g ~c ~r ~i ~n ~~ and the column
    /// stops ~N| ~N+ (padding after the text; ~t fill positions are ignored).
    pub(super) fn format(&self, fmt: &str, args: &[Cell]) -> Result<String, Stop> {
        let mut out = String::new();
        let mut last_stop = 0usize;
        let mut next = args.iter();
        let mut chars = fmt.chars().peekable();
        let fmt_error =
            |msg: &str| Stop::ball(error_term(Term::compound("format", vec![Term::atom(msg)])));
        while let Some(c) = chars.next() {
            if c != '~' {
                out.push(c);
                continue;
            }
            let mut num = String::new();
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
                'w' | 'p' => out.push_str(&crate::write::write(&self.read(take()?))),
                'q' => out.push_str(&crate::write::writeq(&self.read(take()?))),
                'a' => {
                    let a = take()?;
                    out.push_str(
                        &self
                            .text_of(a)
                            .ok_or_else(|| fmt_error("~a expects an atom"))?,
                    )
                }
                'd' => match self.deref(take()?) {
                    Cell::Int(n) => {
                        let s = n.unsigned_abs().to_string();
                        let k = count.unwrap_or(0);
                        if n < 0 {
                            out.push('-');
                        }
                        if k > 0 {
                            let s = format!("{s:0>width$}", width = k + 1);
                            let (int, frac) = s.split_at(s.len() - k);
                            out.push_str(int);
                            out.push('.');
                            out.push_str(frac);
                        } else {
                            out.push_str(&s);
                        }
                    }
                    _ => return Err(fmt_error("~d expects an integer")),
                },
                'e' | 'f' | 'g' => {
                    let x = match self.eval(take()?)? {
                        Num::I(n) => n as f64,
                        Num::F(x) => x,
                    };
                    let k = count.unwrap_or(6);
                    out.push_str(&match d {
                        'e' => {
                            // C's %e: at least two exponent digits, with a sign.
                            let t = format!("{x:.k$e}");
                            let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
                            let (sign, digits) = match e.strip_prefix('-') {
                                Some(d) => ('-', d),
                                None => ('+', e),
                            };
                            format!("{m}e{sign}{digits:0>2}")
                        }
                        'f' => format!("{x:.k$}"),
                        _ => format!("{x}"),
                    });
                }
                's' => {
                    let a = take()?;
                    out.push_str(&self.codes_text(a, false)?);
                }
                'c' => match self.deref(take()?) {
                    Cell::Int(n) => {
                        let ch = u32::try_from(n)
                            .ok()
                            .and_then(char::from_u32)
                            .unwrap_or('?');
                        for _ in 0..count.unwrap_or(1) {
                            out.push(ch);
                        }
                    }
                    _ => return Err(fmt_error("~c expects a character code")),
                },
                'r' => match self.deref(take()?) {
                    Cell::Int(n) => {
                        let radix = count.unwrap_or(8).clamp(2, 36) as u32;
                        let mut v = n.unsigned_abs();
                        let mut digits = Vec::new();
                        loop {
                            digits.push(
                                std::char::from_digit((v % radix as u64) as u32, radix)
                                    .unwrap_or('?'),
                            );
                            v /= radix as u64;
                            if v == 0 {
                                break;
                            }
                        }
                        if n < 0 {
                            out.push('-');
                        }
                        out.extend(digits.iter().rev());
                    }
                    _ => return Err(fmt_error("~r expects an integer")),
                },
                'i' => {
                    take()?;
                }
                'n' => {
                    for _ in 0..count.unwrap_or(1) {
                        out.push('\n');
                    }
                }
                '~' => out.push('~'),
                '|' | '+' => {
                    // Column stops: pad with spaces (text left-aligned; ~t fill
                    // positions are not supported).
                    let line_start = out.rfind('\n').map_or(0, |i| i + 1);
                    let col = out[line_start..].chars().count();
                    let target = if d == '|' {
                        count.unwrap_or(col)
                    } else {
                        last_stop + count.unwrap_or(8)
                    };
                    for _ in col..target {
                        out.push(' ');
                    }
                    last_stop = target.max(col);
                }
                't' => {}
                other => return Err(fmt_error(&format!("unknown directive ~{other}"))),
            }
        }
        Ok(out)
    }
}
