//! The flags of set_prolog_flag/2 and current_prolog_flag/2.

use super::Database;
use crate::term::Term;
use crate::{arith, ops};

impl Database {
    /// set_prolog_flag/2: `unknown` (error, fail, warning), `double_quotes` (codes, chars,
    /// atom, string), `debug` (true, false) and new flags (created, as SWI-Prolog does);
    /// the read-only flags (`bounded`, `max_integer`, ...) raise a permission error.
    pub(crate) fn set_flag(&mut self, flag: &Term, value: &Term) -> Result<(), Term> {
        let domain = |d: &str| {
            arith::error_term(Term::compound(
                "domain_error",
                vec![Term::atom(d), value.clone()],
            ))
        };
        let name = match flag {
            Term::Atom(f) => f.name(),
            Term::Var(_) => return Err(arith::instantiation_error()),
            other => return Err(arith::type_error("atom", other.clone())),
        };
        if matches!(value, Term::Var(_)) {
            return Err(arith::instantiation_error());
        }
        let atom_value = match value {
            Term::Atom(v) => Some(v.name()),
            _ => None,
        };
        match name {
            "bounded"
            | "max_integer"
            | "min_integer"
            | "integer_rounding_function"
            | "max_arity" => {
                return Err(arith::error_term(Term::compound(
                    "permission_error",
                    vec![Term::atom("modify"), Term::atom("flag"), flag.clone()],
                )));
            }
            "unknown" => match atom_value {
                Some("fail" | "warning") => self.unknown_fail = true,
                Some("error") => self.unknown_fail = false,
                _ => return Err(domain("unknown")),
            },
            "double_quotes" => match atom_value {
                Some("codes" | "chars" | "atom" | "string") => {}
                _ => return Err(domain("double_quotes")),
            },
            "debug" => match atom_value {
                Some("true" | "false") => {}
                _ => return Err(domain("flag_value")),
            },
            _ => {}
        }
        if name != "unknown" {
            match self.flags.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value.clone(),
                None => self.flags.push((name.to_string(), value.clone())),
            }
        }
        if name == "double_quotes" {
            self.syntax
                .set_double_quotes(ops::DoubleQuotes::from_name(atom_value.unwrap_or("codes")));
        }
        Ok(())
    }

    /// The value of a flag set by set_prolog_flag/2 (or its default).
    pub(crate) fn flag(&self, name: &str) -> Option<Term> {
        self.flags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// Every flag and its value, for current_prolog_flag/2.
    pub(crate) fn flag_list(&self) -> Vec<(String, Term)> {
        let mut v = vec![
            // Integers are unbounded; max_integer and min_integer give the range of the
            // 64-bit fast path (SWI-Prolog 9 omits them when unbounded).
            ("bounded".to_string(), Term::atom("false")),
            ("max_integer".to_string(), Term::Int(i64::MAX)),
            ("min_integer".to_string(), Term::Int(i64::MIN)),
            (
                "integer_rounding_function".to_string(),
                Term::atom("toward_zero"),
            ),
            ("max_arity".to_string(), Term::atom("unbounded")),
            (
                "unknown".to_string(),
                Term::atom(if self.unknown_fail { "fail" } else { "error" }),
            ),
        ];
        v.extend(self.flags.iter().cloned());
        v
    }
}
