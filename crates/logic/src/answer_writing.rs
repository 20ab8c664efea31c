//! Writing answers as the prover finds them: straight from its heap to an output stream,
//! never as a whole text (nor a copied term) in memory, within the query's limits (its
//! time limit and interrupt stop the writing too), abbreviated as SWI-Prolog's top level
//! abbreviates them or whole.
//!
//! ```
//! use resolu_logic::{AnswerForm, Database, Options};
//!
//! let mut db = Database::new();
//! let q = resolu_logic::parse_query("numlist(1, 20, L)").unwrap();
//! let mut sols = db.solve(&q, Options::default());
//! assert!(matches!(sols.next_answer(), Some(Ok(()))));
//! let mut text = Vec::new();
//! sols.write_answer(&mut text, AnswerForm::Abbreviated).unwrap();
//! assert_eq!(String::from_utf8(text).unwrap(), "L = [1,2,3,4,5,6,7,8,9|...]");
//! ```

use crate::answer_names::{AnswerNames, NamedTerms};
use crate::write::{SyntaxText, WriteStop, write_answer_value};
use crate::{Answer, Solutions, SolveError, Term};

/// How an answer's values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnswerForm {
    /// As SWI-Prolog's top level (its `answer_write_options`, `max_depth(10)`): a list
    /// after 9 elements as `[1,2,3,4,5,6,7,8,9|...]`, a subterm nested deeper than 10
    /// levels as `...`.
    Abbreviated,
    /// Whole.
    Whole,
}

impl AnswerForm {
    /// The writer's depth bound (0: none).
    fn max_depth(self) -> usize {
        match self {
            AnswerForm::Abbreviated => 10,
            AnswerForm::Whole => 0,
        }
    }
}

/// Why an answer could not be written whole.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerWriteError {
    /// The output stream failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A limit of the query (its time limit, its interrupt, its memory budget) stopped the
    /// writing: the query is over, as if the search itself had stopped there.
    #[error("{0}")]
    Stopped(SolveError),
}

impl From<WriteStop> for AnswerWriteError {
    fn from(s: WriteStop) -> Self {
        match s {
            WriteStop::Io(e) => AnswerWriteError::Io(e),
            WriteStop::Limit(e) => AnswerWriteError::Stopped(e),
        }
    }
}

impl Answer {
    /// The answer as a top level shows it, `X = Value, Y = Value` (`true` without any
    /// binding), in `form`: what [`Solutions::write_answer`] writes, from the answer read
    /// back. Unbound variables are named as SWI-Prolog 9 names them: by the query
    /// variable left unbound (whose own binding `A = A` is left out), `_` when they occur
    /// once in the answer, `_A`, `_B`... when they occur more than once.
    pub fn text(&self, form: AnswerForm) -> String {
        let mut names = AnswerNames::of_bindings(&self.bindings);
        let mut text = SyntaxText {
            text: String::new(),
            syntax: Some(self.operators.syntax()),
        };
        for (name, value) in &self.bindings {
            if let Term::Var(v) = value
                && names.is_own_name(*v, name)
            {
                continue;
            }
            if !text.text.is_empty() {
                text.text.push_str(", ");
            }
            text.text.push_str(name);
            text.text.push_str(" = ");
            let mut source = NamedTerms {
                names: &mut names,
                term: std::marker::PhantomData,
            };
            // Writing to a string cannot fail.
            let _ = write_answer_value(&mut source, value, form.max_depth(), &mut text);
        }
        if text.text.is_empty() {
            text.text.push_str("true");
        }
        text.text
    }
}

impl Solutions<'_> {
    /// Finds the next answer, as [`Iterator::next`], but leaves it on the prover's heap
    /// rather than reading it back: [`Solutions::write_answer`] and
    /// [`Solutions::write_answer_json`] then write it, in the memory it already takes.
    /// `Some(Ok(()))`: an answer is there to write (no proof tree is kept for it).
    pub fn next_answer(&mut self) -> Option<Result<(), SolveError>> {
        match self.m.next_solution() {
            Ok(true) => Some(Ok(())),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// Writes the answer found by [`Solutions::next_answer`] as a top level shows it:
    /// `X = Value, Y = Value`, `true` when the query has no variable to show; unbound
    /// variables named as in [`Answer::text`]: `L = [A,_]`, `T = f(_A,_A,_)`.
    pub fn write_answer(
        &mut self,
        out: &mut dyn std::io::Write,
        form: AnswerForm,
    ) -> Result<(), AnswerWriteError> {
        Ok(self.m.write_bindings(out, form.max_depth(), false)?)
    }

    /// Writes the answer found by [`Solutions::next_answer`] as the JSON object
    /// `{"X":"Value",...}`, each value whole as `writeq/1` writes it (as the [`crate::Term`]'s
    /// `Display`), unbound variables numbered `_G1`, `_G2`... in this answer. A stop in the middle leaves the object unfinished: the caller closes it.
    pub fn write_answer_json(
        &mut self,
        out: &mut dyn std::io::Write,
    ) -> Result<(), AnswerWriteError> {
        Ok(self.m.write_bindings(out, 0, true)?)
    }
}

/// Appends `text` escaped as inside a JSON string, as `serde_json` escapes it.
pub(crate) fn json_escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
}
