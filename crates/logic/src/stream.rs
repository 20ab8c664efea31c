//! The program's standard input, read lazily: read/1 takes the text of one term at a time
//! (up to its end token, `.` followed by layout), get_char/1 one character, each asking
//! the source for more only when what was read ahead runs out. Nothing is read before a
//! program asks, and a source that never ends (`yes 'a.' | ...`) is read no further than
//! the term wanted.

use crate::ops::Syntax;
use crate::reader::{self, ParseError, ReadTerm};
use std::io::{BufRead, Read, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The most bytes asked of a reader source at once (a line, or this much of a longer one).
const CHUNK: u64 = 64 * 1024;

/// Why a read failed.
#[derive(Debug)]
pub(crate) enum InputError {
    /// The term's text is not valid Prolog.
    Syntax(ParseError),
    /// The source gave bytes that are not UTF-8, or failed.
    Io(String),
    /// The text of one term grew past the bytes allowed (the memory budget).
    TooLarge,
}

impl From<ParseError> for InputError {
    fn from(e: ParseError) -> Self {
        InputError::Syntax(e)
    }
}

/// Where the text comes from.
enum Source {
    /// No input: reads see its end at once.
    None,
    /// A whole text, asked for at the first read.
    Text(Option<Box<dyn FnOnce() -> String>>),
    /// Lines asked for one at a time (a terminal), `None` at the end.
    Lines(Box<dyn FnMut() -> Option<String>>),
    /// A byte stream (standard input), read a line at a time.
    Reader(Box<dyn BufRead>),
}

/// Where the search for a term's end token stands, kept between the chunks of a term.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Scan {
    #[default]
    Code,
    /// Inside a quoted item opened by this byte (`'`, `"` or a back-quote).
    Quoted(u8),
    LineComment,
    BlockComment,
}

/// What read/1 and get_char/1 read, with the text read ahead of them.
pub(crate) struct Input {
    source: Source,
    /// Decoded text; bytes before `pos` are consumed.
    text: String,
    pos: usize,
    /// The bytes of an incomplete UTF-8 sequence at the end of the last chunk.
    carry: Vec<u8>,
    eof: bool,
    /// An error met after the text read so far, raised when a read needs more.
    bad: Option<InputError>,
    /// How far from `pos` the end-token search has looked, and its state there.
    scanned: usize,
    scan: Scan,
}

impl Default for Input {
    fn default() -> Self {
        Input::from_source(Source::None)
    }
}

impl Input {
    fn from_source(source: Source) -> Input {
        Input {
            source,
            text: String::new(),
            pos: 0,
            carry: Vec::new(),
            eof: false,
            bad: None,
            scanned: 0,
            scan: Scan::Code,
        }
    }

    /// A whole text, asked for at the first read.
    pub(crate) fn text(source: Box<dyn FnOnce() -> String>) -> Input {
        Input::from_source(Source::Text(Some(source)))
    }

    /// Lines asked for one at a time, as a terminal gives them.
    pub(crate) fn lines(source: Box<dyn FnMut() -> Option<String>>) -> Input {
        Input::from_source(Source::Lines(source))
    }

    /// A byte stream, decoded as UTF-8.
    pub(crate) fn reader(source: Box<dyn Read>) -> Input {
        Input::from_source(Source::Reader(Box::new(std::io::BufReader::new(source))))
    }

    /// Reads more text from the source: `Ok(false)` at its end.
    fn fill(&mut self) -> Result<bool, InputError> {
        if let Some(error) = self.bad.take() {
            return Err(error);
        }
        if self.eof {
            return Ok(false);
        }
        // What was consumed is dropped once it is most of the buffer.
        if self.pos > 0 && self.pos >= self.text.len() / 2 {
            self.text.drain(..self.pos);
            self.pos = 0;
        }
        let bytes = match &mut self.source {
            Source::None => None,
            Source::Text(f) => f.take().map(|f| f().into_bytes()),
            Source::Lines(next) => next().map(|mut l| {
                if !l.ends_with('\n') {
                    l.push('\n');
                }
                l.into_bytes()
            }),
            Source::Reader(r) => {
                let mut buf = Vec::new();
                let n = r
                    .by_ref()
                    .take(CHUNK)
                    .read_until(b'\n', &mut buf)
                    .map_err(|e| InputError::Io(format!("cannot read standard input: {e}")))?;
                (n > 0).then_some(buf)
            }
        };
        let Some(bytes) = bytes else {
            self.eof = true;
            if self.carry.is_empty() {
                return Ok(false);
            }
            self.carry.clear();
            return Err(InputError::Io(
                "the input is not valid UTF-8 (it ends inside a character)".into(),
            ));
        };
        self.carry.extend_from_slice(&bytes);
        let carry = std::mem::take(&mut self.carry);
        match std::str::from_utf8(&carry) {
            Ok(s) => self.text.push_str(s),
            Err(e) => {
                let good = e.valid_up_to();
                // The valid prefix was checked just above.
                self.text
                    .push_str(std::str::from_utf8(&carry[..good]).unwrap_or_default());
                match e.error_len() {
                    // A character cut by the chunk's end: its rest comes next.
                    None => self.carry = carry[good..].to_vec(),
                    // The error is raised when a read gets to the bad bytes; they are
                    // dropped, and the text after them read on.
                    Some(bad) => {
                        self.carry = carry[good + bad..].to_vec();
                        let error = InputError::Io(format!(
                            "the input is not valid UTF-8 (byte 0x{:02x})",
                            carry[good]
                        ));
                        if good == 0 {
                            return Err(error);
                        }
                        self.bad = Some(error);
                    }
                }
            }
        }
        Ok(true)
    }

    /// Marks the text from `pos` as not yet searched for an end token.
    fn consumed_to(&mut self, pos: usize) {
        self.pos = pos;
        self.scanned = 0;
        self.scan = Scan::Code;
    }

    /// The next term, `None` at the end of the input; the text of one term may not pass
    /// `max_bytes`.
    pub(crate) fn next_term(
        &mut self,
        max_bytes: u64,
        syntax: Rc<Syntax>,
    ) -> Result<Option<ReadTerm>, InputError> {
        loop {
            if let Some(end) = self.find_end() {
                let start = self.pos;
                // The layout character after the end token is part of it.
                let next = self.text[end + 1..]
                    .chars()
                    .next()
                    .filter(|c| c.is_whitespace())
                    .map_or(end + 1, |c| end + 1 + c.len_utf8());
                self.consumed_to(next);
                return parse_one(&self.text[start..=end], syntax);
            }
            if (self.text.len() - self.pos) as u64 > max_bytes {
                self.consumed_to(self.text.len());
                return Err(InputError::TooLarge);
            }
            if !self.fill()? {
                let start = self.pos;
                self.consumed_to(self.text.len());
                return parse_one(&self.text[start..], syntax);
            }
        }
    }

    /// The next character (not taken when `peek`), `None` at the end of the input.
    pub(crate) fn next_char(&mut self, peek: bool) -> Result<Option<char>, InputError> {
        while self.pos >= self.text.len() {
            if !self.fill()? {
                return Ok(None);
            }
        }
        let c = self.text[self.pos..].chars().next();
        if !peek && let Some(c) = c {
            self.consumed_to(self.pos + c.len_utf8());
        }
        Ok(c)
    }

    /// The byte offset of the next end token (`.` followed by layout, `%` or the end of
    /// the input, and not part of a symbol such as `=..`) after `pos`, outside quotes and
    /// comments; `None` when the text read so far holds none.
    fn find_end(&mut self) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut i = self.pos + self.scanned;
        // A decision that needs the next byte waits for it (unless at the end).
        let stop = if self.eof {
            bytes.len()
        } else {
            bytes.len().saturating_sub(1)
        };
        let symbol = |b: u8| b"+-*/\\^<>=~:.?@#&$".contains(&b);
        while i < stop {
            let b = bytes[i];
            let next = bytes.get(i + 1).copied();
            match self.scan {
                Scan::Quoted(q) => {
                    if b == b'\\' {
                        i += 1;
                    } else if b == q {
                        if next == Some(q) {
                            i += 1;
                        } else {
                            self.scan = Scan::Code;
                        }
                    }
                }
                Scan::LineComment => {
                    if b == b'\n' {
                        self.scan = Scan::Code;
                    }
                }
                Scan::BlockComment => {
                    if b == b'*' && next == Some(b'/') {
                        i += 1;
                        self.scan = Scan::Code;
                    }
                }
                Scan::Code => {
                    let prev = (i > self.pos).then(|| bytes[i - 1]);
                    match b {
                        b'%' => self.scan = Scan::LineComment,
                        b'/' if next == Some(b'*') => {
                            i += 1;
                            self.scan = Scan::BlockComment;
                        }
                        // 0'c: a character code, whatever the character is.
                        b'\''
                            if prev == Some(b'0')
                                && !(i >= self.pos + 2
                                    && (bytes[i - 2].is_ascii_alphanumeric()
                                        || bytes[i - 2] == b'_')) =>
                        {
                            match next {
                                Some(b'\\') => i += 2,
                                Some(b'\'') if bytes.get(i + 2) == Some(&b'\'') => i += 2,
                                _ => i += 1,
                            }
                            // Skip the rest of a multi-byte character.
                            while bytes.get(i + 1).is_some_and(|b| b & 0xc0 == 0x80) {
                                i += 1;
                            }
                        }
                        b'\'' | b'"' | b'`' => self.scan = Scan::Quoted(b),
                        b'.' if !prev.is_some_and(symbol)
                            && next.is_none_or(|n| n.is_ascii_whitespace() || n == b'%')
                            && !next.is_some_and(symbol) =>
                        {
                            return Some(i);
                        }
                        _ => {}
                    }
                }
            }
            i += 1;
        }
        self.scanned = i.min(bytes.len()).saturating_sub(self.pos);
        None
    }
}

/// Reads the one term of `text` (nothing but layout: `None`, the end of the input).
fn parse_one(text: &str, syntax: Rc<Syntax>) -> Result<Option<ReadTerm>, InputError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    Ok(reader::ClauseReader::with_syntax(text, syntax)?.next_clause()?)
}

/// Where the program's output goes, and since when some of it waits in the sink's buffer
/// (a sink may buffer: the machine flushes it when output waited long enough).
pub(crate) struct Output {
    sink: Box<dyn Write>,
    waiting_since: Option<Instant>,
}

/// How long written text may wait in a buffer before it is flushed.
const STALE_AFTER: Duration = Duration::from_millis(100);

impl Output {
    pub(crate) fn new(sink: Box<dyn Write>) -> Output {
        Output {
            sink,
            waiting_since: None,
        }
    }

    /// Notes that text waits to go out (in the sink, or in the machine before it).
    pub(crate) fn mark_waiting(&mut self) {
        if self.waiting_since.is_none() {
            self.waiting_since = Some(Instant::now());
        }
    }

    /// Whether text has waited long enough to be flushed.
    pub(crate) fn is_stale(&self) -> bool {
        self.waiting_since
            .is_some_and(|t| t.elapsed() >= STALE_AFTER)
    }

    /// Writes `text` to the sink, flushing it when `flush`.
    pub(crate) fn write(&mut self, text: &str, flush: bool) -> std::io::Result<()> {
        if !text.is_empty() {
            self.sink.write_all(text.as_bytes())?;
            self.mark_waiting();
        }
        if flush {
            self.waiting_since = None;
            self.sink.flush()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(text: &'static str) -> Input {
        Input::reader(Box::new(text.as_bytes()))
    }

    fn terms(text: &'static str) -> Vec<String> {
        let mut input = from(text);
        let mut out = Vec::new();
        while let Some(t) = input.next_term(u64::MAX, Rc::default()).unwrap() {
            out.push(t.term.to_string());
        }
        out
    }

    #[test]
    fn terms_are_read_one_at_a_time_past_quotes_comments_and_symbols() {
        assert_eq!(
            terms("a. 'x. y'. \"s. t\". % c.\n b /* . */ . X =.. Y. 0'. = C. 1.5 = F.\nlast."),
            [
                "a",
                "'x. y'",
                "\"s. t\"",
                "b",
                "_G0=.._G1",
                "46=_G0",
                "1.5=_G0",
                "last"
            ]
        );
    }

    #[test]
    fn an_endless_source_is_read_no_further_than_the_term() {
        let endless = std::io::repeat(b'a').take(1 << 30);
        let lines = Box::new(b"b.\n".as_slice().chain(endless));
        let mut input = Input::reader(lines);
        assert_eq!(
            input
                .next_term(1 << 20, Rc::default())
                .unwrap()
                .unwrap()
                .term
                .to_string(),
            "b"
        );
        assert!(matches!(
            input.next_term(1 << 20, Rc::default()),
            Err(InputError::TooLarge)
        ));
    }

    #[test]
    fn characters_and_terms_share_the_stream() {
        let mut input = from("ab. c.\né");
        assert_eq!(input.next_char(true).unwrap(), Some('a'));
        assert_eq!(input.next_char(false).unwrap(), Some('a'));
        assert_eq!(
            input
                .next_term(99, Rc::default())
                .unwrap()
                .unwrap()
                .term
                .to_string(),
            "b"
        );
        assert_eq!(input.next_char(false).unwrap(), Some('c'));
        assert_eq!(input.next_char(false).unwrap(), Some('.'));
        assert_eq!(input.next_char(false).unwrap(), Some('\n'));
        assert_eq!(input.next_char(false).unwrap(), Some('é'));
        assert_eq!(input.next_char(false).unwrap(), None);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error_not_the_end() {
        let mut input = Input::reader(Box::new(b"\xff\xfe.\n".as_slice()));
        assert!(matches!(
            input.next_term(99, Rc::default()),
            Err(InputError::Io(_))
        ));
    }
}
