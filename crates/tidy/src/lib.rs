//! The size rules of the codebase, checked by `cargo test` (see `tests/limits.rs`):
//! no source file longer than [`MAX_FILE_LINES`] before its tests, and no function longer
//! than [`MAX_FUNCTION_LINES`] outside tests. They keep every file and function small
//! enough for a newcomer to read in one sitting; a change that crosses them splits the code
//! by responsibility instead of raising the numbers.
//!
//! The scanner reads Rust text, not a syntax tree: it blanks out comments, strings
//! (raw strings included) and character literals, then matches braces. That is enough for
//! the two rules and keeps this crate free of dependencies.
//!
//! ```
//! let source = "fn short() {\n    let s = \"}\";\n}\n";
//! let functions = resolu_tidy::functions(source);
//! assert_eq!(functions.len(), 1);
//! assert_eq!((functions[0].name.as_str(), functions[0].lines), ("short", 3));
//! ```

/// The longest a source file may be, counted up to its first `#[cfg(test)]` line.
pub const MAX_FILE_LINES: usize = 1_000;

/// The longest a function may be, from its `fn` line to its closing brace.
pub const MAX_FUNCTION_LINES: usize = 150;

/// A function found in a source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// The 1-based line of its `fn` keyword.
    pub line: usize,
    /// Its length in lines, from the `fn` line to the closing brace.
    pub lines: usize,
}

/// The part of a file that the rules count: everything before its first `#[cfg(test)]`
/// line (the tests module, by this codebase's habit, closes the file).
pub fn before_tests(source: &str) -> &str {
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        if line.trim_start().starts_with("#[cfg(test)]") {
            return &source[..offset];
        }
        offset += line.len();
    }
    source
}

/// The number of lines of `source` that the file rule counts.
pub fn counted_lines(source: &str) -> usize {
    before_tests(source).lines().count()
}

/// The functions with a body in `source` (outside its tests), nested ones included.
pub fn functions(source: &str) -> Vec<Function> {
    let code = blank_literals(before_tests(source));
    let bytes = code.as_bytes();
    let line_of = |at: usize| code[..at].bytes().filter(|&b| b == b'\n').count() + 1;
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(pos) = code[at..].find("fn ") {
        let start = at + pos;
        at = start + 3;
        let word_start = start == 0 || !is_ident(bytes[start - 1]);
        if !word_start {
            continue;
        }
        let name: String = code[at..]
            .trim_start()
            .chars()
            .take_while(|&c| c.is_alphanumeric() || c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body opens at the first `{` before any `;` (a declaration without a body).
        let Some(open) = code[at..].find(['{', ';']).map(|p| at + p) else {
            break;
        };
        if bytes[open] == b';' {
            continue;
        }
        let mut depth = 0usize;
        let mut close = None;
        for (i, &b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { break };
        let line = line_of(start);
        found.push(Function {
            name,
            line,
            lines: line_of(close) - line + 1,
        });
    }
    found
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `source` with comments, strings and character literals replaced by spaces (newlines
/// kept, so that line numbers stay), leaving only code for brace matching.
fn blank_literals(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = bytes.to_vec();
    let blank = |from: usize, to: usize, out: &mut Vec<u8>| {
        for b in &mut out[from..to] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |p| i + p);
            blank(i, end, &mut out);
            i = end;
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            let mut j = i;
            while j < bytes.len() {
                if bytes[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if bytes[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(i, j, &mut out);
            i = j;
        } else if let Some(end) = raw_string_end(bytes, i) {
            blank(i, end, &mut out);
            i = end;
        } else if bytes[i] == b'"' && (i == 0 || !is_ident(bytes[i - 1]) || bytes[i - 1] == b'b') {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(bytes.len());
            blank(i, end, &mut out);
            i = end;
        } else if bytes[i] == b'\'' {
            // A character literal ('x', '\n', '\u{7f}', '{'), not a lifetime ('a).
            let end = if rest.get(1) == Some(&b'\\') {
                rest.iter()
                    .skip(2)
                    .position(|&b| b == b'\'')
                    .map(|p| i + 2 + p + 1)
            } else {
                let c = source[i + 1..].chars().next();
                c.map(|c| i + 1 + c.len_utf8())
                    .filter(|&after| bytes.get(after) == Some(&b'\''))
                    .map(|after| after + 1)
            };
            match end {
                Some(end) => {
                    blank(i, end, &mut out);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    // Only ASCII bytes inside literals were replaced, by ASCII spaces, and every multi-byte
    // character either stays whole or lies inside a blanked literal whose bytes all became
    // spaces, so the text stays valid UTF-8; lossy conversion is a belt for the braces.
    String::from_utf8_lossy(&out).into_owned()
}

/// The end (exclusive) of a raw string starting at `i` (`r"..."`, `r#"..."#`, `br#"..."#`).
fn raw_string_end(bytes: &[u8], i: usize) -> Option<usize> {
    if i > 0 && is_ident(bytes[i - 1]) && bytes[i - 1] != b'b' {
        return None;
    }
    let start = if bytes[i..].starts_with(b"br") {
        i + 2
    } else if bytes[i] == b'r' {
        i + 1
    } else {
        return None;
    };
    let hashes = bytes[start..].iter().take_while(|&&b| b == b'#').count();
    if bytes.get(start + hashes) != Some(&b'"') {
        return None;
    }
    let mut closing = vec![b'"'];
    closing.extend(std::iter::repeat_n(b'#', hashes));
    let body = start + hashes + 1;
    bytes[body..]
        .windows(closing.len())
        .position(|w| w == closing.as_slice())
        .map(|p| body + p + closing.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_in_literals_and_comments_are_ignored() {
        let source = "fn a() {\n    let s = r#\"}}\"#;\n    let c = '}';\n    // }\n    /* } */\n    let t: &'static str = \"{\";\n}\nfn b() { }\n";
        let found = functions(source);
        assert_eq!(
            found,
            vec![
                Function {
                    name: "a".into(),
                    line: 1,
                    lines: 7
                },
                Function {
                    name: "b".into(),
                    line: 8,
                    lines: 1
                },
            ]
        );
    }

    #[test]
    fn declarations_without_body_and_tests_are_skipped() {
        let source = "trait T {\n    fn f(&self);\n}\nfn g() {\n}\n#[cfg(test)]\nmod tests {\n    fn long() {\n\n\n    }\n}\n";
        let found = functions(source);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "g");
        assert_eq!(counted_lines(source), 5);
    }
}
