//! [`Operators`]: a database's operators, to write its terms as its built-ins do.

use crate::ops::Syntax;
use crate::term::Term;
use crate::write::{WriteOptions, write_with};
use std::rc::Rc;

/// The operators of one [`crate::Database`] (the standard ones and those its op/3
/// directives defined), to write terms as its `writeq/1` and `write/1` do. It follows the
/// database: an op/3 run after it was taken counts. The free functions
/// [`crate::writeq`] and [`crate::write_plain`] and a term's `Display` know the standard
/// operators only.
///
/// ```
/// use resolu_logic::{Database, Term};
/// let mut db = Database::new();
/// db.consult(":- op(700, xfx, likes).").unwrap();
/// let t = Term::compound("likes", vec![Term::atom("john"), Term::atom("mary")]);
/// assert_eq!(db.operators().writeq(&t), "john likes mary");
/// assert_eq!(resolu_logic::writeq(&t), "likes(john,mary)");
/// ```
#[derive(Clone, Debug)]
pub struct Operators {
    syntax: Rc<Syntax>,
}

impl Operators {
    pub(crate) fn new(syntax: &Rc<Syntax>) -> Operators {
        Operators {
            syntax: Rc::clone(syntax),
        }
    }

    /// The syntax the operators come from.
    pub(crate) fn syntax(&self) -> &Syntax {
        &self.syntax
    }

    /// `t` as `writeq/1` writes it: quoted, with these operators.
    pub fn writeq(&self, t: &Term) -> String {
        self.writeq_at(t, 1200)
    }

    /// `t` as `writeq/1` writes it in a context of priority `prec` (an answer `X = (a:-b)`
    /// writes its value at 699, the right side of `=`).
    pub fn writeq_at(&self, t: &Term, prec: u32) -> String {
        let opts = WriteOptions {
            quoted: true,
            ..WriteOptions::default()
        };
        write_with(t, opts, prec, Some(&self.syntax))
    }

    /// `t` as `write/1` writes it: unquoted, with these operators.
    pub fn write(&self, t: &Term) -> String {
        write_with(t, WriteOptions::default(), 1200, Some(&self.syntax))
    }
}
