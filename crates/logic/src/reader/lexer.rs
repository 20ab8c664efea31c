//! The tokenizer of standard Prolog syntax: names, variables, numbers (with bases,
//! escapes, big integers), quoted text, punctuation and the end token, each with its
//! place and whether layout precedes it.

use super::{PResult, ParseError};
use crate::write::is_symbol_char;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Name(String),
    /// A quoted atom (never a functional-notation-only name, but still an operator).
    QName(String),
    Var(String),
    Int(i64),
    /// An integer beyond 64 bits.
    Big(num_bigint::BigInt),
    Float(f64),
    Str(String),
    /// Back-quoted text: a code list.
    BackQ(String),
    Punct(char),
    End,
    Eof,
}

#[derive(Clone, Debug)]
pub(super) struct Lexeme {
    pub(super) tok: Tok,
    pub(super) line: usize,
    pub(super) col: usize,
    /// Whether layout (space or comment) precedes the token.
    pub(super) layout: bool,
    pub(super) text: String,
}

/// Cloned to look ahead (see `TokensAhead`): the text is shared, not copied.
#[derive(Clone)]
pub(super) struct Lexer {
    chars: std::sync::Arc<[char]>,
    pos: usize,
    line: usize,
    col: usize,
}

impl Lexer {
    pub(super) fn new(src: &str) -> Self {
        Lexer {
            chars: src.chars().collect::<Vec<char>>().into(),
            pos: 0,
            line: 1,
            col: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.pos).copied()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn error(&self, line: usize, col: usize, message: &str, near: &str) -> ParseError {
        ParseError {
            line,
            column: col,
            message: message.to_string(),
            near: near.to_string(),
        }
    }

    /// Skips layout and comments; tells whether any was skipped.
    fn skip_layout(&mut self) -> PResult<bool> {
        let mut any = false;
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                    any = true;
                }
                Some('%') => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                    any = true;
                }
                Some('/') if self.peek_at(1) == Some('*') => {
                    let (l, c) = (self.line, self.col);
                    self.bump();
                    self.bump();
                    loop {
                        match self.peek() {
                            None => {
                                return Err(self.error(l, c, "unterminated block comment", "/*"));
                            }
                            Some('*') if self.peek_at(1) == Some('/') => {
                                self.bump();
                                self.bump();
                                break;
                            }
                            _ => {
                                self.bump();
                            }
                        }
                    }
                    any = true;
                }
                _ => return Ok(any),
            }
        }
    }

    pub(super) fn next(&mut self) -> PResult<Lexeme> {
        let layout = self.skip_layout()?;
        let (line, col, start) = (self.line, self.col, self.pos);
        let Some(c) = self.peek() else {
            return Ok(Lexeme {
                tok: Tok::Eof,
                line,
                col,
                layout,
                text: "end of text".into(),
            });
        };
        let tok = if c.is_ascii_digit() {
            self.number()?
        } else if c == '_' || c.is_uppercase() {
            let mut s = String::new();
            while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
                s.push(c);
                self.bump();
            }
            Tok::Var(s)
        } else if c.is_alphabetic() {
            let mut s = String::new();
            while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
                s.push(c);
                self.bump();
            }
            Tok::Name(s)
        } else if c == '\'' {
            self.bump();
            Tok::QName(self.quoted('\'', line, col)?)
        } else if c == '"' {
            self.bump();
            Tok::Str(self.quoted('"', line, col)?)
        } else if c == '`' {
            self.bump();
            Tok::BackQ(self.quoted('`', line, col)?)
        } else if "()[]{},|".contains(c) {
            self.bump();
            if c == '|' && self.peek() == Some('|') {
                self.bump();
                Tok::Name("||".into())
            } else {
                Tok::Punct(c)
            }
        } else if c == '!' || c == ';' {
            self.bump();
            Tok::Name(c.to_string())
        } else if c == '.'
            && self
                .peek_at(1)
                .is_none_or(|n| n.is_whitespace() || n == '%')
        {
            self.bump();
            Tok::End
        } else if is_symbol_char(c) {
            let mut s = String::new();
            while let Some(c) = self.peek().filter(|c| is_symbol_char(*c)) {
                s.push(c);
                self.bump();
            }
            Tok::Name(s)
        } else {
            self.bump();
            return Err(self.error(line, col, "unexpected character", &c.to_string()));
        };
        let text: String = self.chars[start..self.pos].iter().collect();
        Ok(Lexeme {
            tok,
            line,
            col,
            layout,
            text,
        })
    }

    fn number(&mut self) -> PResult<Tok> {
        let (line, col) = (self.line, self.col);
        if self.peek() == Some('0') {
            match self.peek_at(1) {
                Some('\'') => {
                    self.bump();
                    self.bump();
                    let c = match self.bump() {
                        Some('\\') => self.escape(line, col)?,
                        Some('\'') if self.peek() == Some('\'') => {
                            self.bump();
                            '\''
                        }
                        Some(c) => c,
                        None => {
                            return Err(self.error(line, col, "unterminated character code", "0'"));
                        }
                    };
                    return Ok(Tok::Int(c as i64));
                }
                Some(b @ ('x' | 'o' | 'b')) => {
                    let radix = match b {
                        'x' => 16,
                        'o' => 8,
                        _ => 2,
                    };
                    if self.peek_at(2).is_some_and(|d| d.is_digit(radix)) {
                        self.bump();
                        self.bump();
                        let mut s = String::new();
                        while let Some(d) = self.peek().filter(|d| d.is_digit(radix) || *d == '_') {
                            if d != '_' {
                                s.push(d);
                            }
                            self.bump();
                        }
                        return match i64::from_str_radix(&s, radix) {
                            Ok(n) => Ok(Tok::Int(n)),
                            Err(_) => num_bigint::BigInt::parse_bytes(s.as_bytes(), radix)
                                .map(Tok::Big)
                                .ok_or_else(|| self.error(line, col, "bad integer", &s)),
                        };
                    }
                }
                _ => {}
            }
        }
        let mut s = String::new();
        loop {
            match self.peek() {
                Some(d) if d.is_ascii_digit() => s.push(d),
                Some('_') if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => {}
                // SWI-Prolog's digit groups: `1 000 000` (one space between digits).
                Some(' ') if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => {}
                _ => break,
            }
            self.bump();
        }
        // `16'ff`: an integer in radix 2 to 36 (SWI-Prolog, Edinburgh syntax).
        if self.peek() == Some('\'')
            && let Ok(radix @ 2..=36) = s.parse::<u32>()
            && self.peek_at(1).is_some_and(|d| d.is_digit(radix))
        {
            self.bump();
            let mut digits = String::new();
            while let Some(d) = self.peek().filter(|d| d.is_digit(radix)) {
                digits.push(d);
                self.bump();
            }
            return num_bigint::BigInt::parse_bytes(digits.as_bytes(), radix)
                .map(|n| match i64::try_from(&n) {
                    Ok(i) => Tok::Int(i),
                    Err(_) => Tok::Big(n),
                })
                .ok_or_else(|| self.error(line, col, "bad integer", &digits));
        }
        let mut float = false;
        if self.peek() == Some('.') && self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) {
            float = true;
            s.push('.');
            self.bump();
            while let Some(d) = self.peek().filter(|d| d.is_ascii_digit()) {
                s.push(d);
                self.bump();
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let k = if matches!(self.peek_at(1), Some('+' | '-')) {
                2
            } else {
                1
            };
            if self.peek_at(k).is_some_and(|d| d.is_ascii_digit()) {
                float = true;
                for _ in 0..k {
                    if let Some(c) = self.bump() {
                        s.push(c);
                    }
                }
                while let Some(d) = self.peek().filter(|d| d.is_ascii_digit()) {
                    s.push(d);
                    self.bump();
                }
            }
        }
        if float {
            let x = s
                .parse::<f64>()
                .map_err(|_| self.error(line, col, "bad float", &s))?;
            // SWI-Prolog's special floats: `1.0Inf`, `1.5NaN` (as it writes them).
            let special = |l: &Self, word: &str| {
                word.chars()
                    .enumerate()
                    .all(|(k, c)| l.peek_at(k) == Some(c))
                    && !l
                        .peek_at(word.len())
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
            };
            if special(self, "Inf") && x >= 1.0 {
                for _ in 0..3 {
                    self.bump();
                }
                return Ok(Tok::Float(f64::INFINITY));
            }
            if special(self, "NaN") && (1.0..2.0).contains(&x) && x != 1.0 {
                for _ in 0..3 {
                    self.bump();
                }
                return Ok(Tok::Float(f64::NAN));
            }
            Ok(Tok::Float(x))
        } else {
            match s.parse::<i64>() {
                Ok(n) => Ok(Tok::Int(n)),
                Err(_) => s
                    .parse::<num_bigint::BigInt>()
                    .map(Tok::Big)
                    .map_err(|_| self.error(line, col, "bad integer", &s)),
            }
        }
    }

    fn escape(&mut self, line: usize, col: usize) -> PResult<char> {
        let c = self
            .bump()
            .ok_or_else(|| self.error(line, col, "unterminated escape", "\\"))?;
        Ok(match c {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'a' => '\x07',
            'b' => '\x08',
            'f' => '\x0c',
            'v' => '\x0b',
            'e' => '\x1b',
            'u' | 'U' => {
                // \uXXXX and \UXXXXXXXX: a character by its code point.
                let n = if c == 'u' { 4 } else { 8 };
                let mut s = String::new();
                for _ in 0..n {
                    match self.peek().filter(|d| d.is_ascii_hexdigit()) {
                        Some(d) => {
                            s.push(d);
                            self.bump();
                        }
                        None => return Err(self.error(line, col, "bad \\u escape", &s)),
                    }
                }
                u32::from_str_radix(&s, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| self.error(line, col, "bad \\u escape", &s))?
            }
            '0'..='7' => {
                // An octal escape, closed by a backslash (ISO 6.4.2.1).
                let mut s = String::from(c);
                while let Some(d) = self.peek().filter(|d| d.is_digit(8)) {
                    s.push(d);
                    self.bump();
                }
                // The closing backslash is optional, as in SWI-Prolog.
                if self.peek() == Some('\\') {
                    self.bump();
                }
                u32::from_str_radix(&s, 8)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| self.error(line, col, "bad octal escape", &s))?
            }
            's' => ' ',
            'x' => {
                let mut s = String::new();
                while let Some(d) = self.peek().filter(|d| d.is_ascii_hexdigit()) {
                    s.push(d);
                    self.bump();
                }
                if self.peek() == Some('\\') {
                    self.bump();
                }
                u32::from_str_radix(&s, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| self.error(line, col, "bad \\x escape", &s))?
            }
            '\\' | '\'' | '"' | '`' => c,
            other => return Err(self.error(line, col, "unknown escape", &format!("\\{other}"))),
        })
    }

    fn quoted(&mut self, q: char, line: usize, col: usize) -> PResult<String> {
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(self.error(line, col, "unterminated quoted text", &q.to_string()));
                }
                Some(c) if c == q => {
                    if self.peek() == Some(q) {
                        self.bump();
                        s.push(q);
                    } else {
                        return Ok(s);
                    }
                }
                Some('\\') => {
                    if self.peek() == Some('\n') {
                        self.bump();
                        continue;
                    }
                    s.push(self.escape(line, col)?);
                }
                Some(c) => s.push(c),
            }
        }
    }
}
