//! Loading program text: clauses added, directives run, `initialization/1` goals kept
//! for the end of the text.

use super::{Consulted, Database, Origin};
use crate::errors::{ConsultError, SolveError};
use crate::reader::ReadTerm;
use crate::term::{Term, atoms};
use crate::{Options, arith, dcg};

/// Program text being loaded clause by clause into a database: see
/// [`Database::loading`]. Drop it without [`Loading::finish`] and the `initialization/1`
/// goals are not run nor the `double_quotes` flag restored.
pub struct Loading<'a> {
    db: &'a mut Database,
    options: Options,
    /// The flag before the text, restored at its end.
    double_quotes: Option<Term>,
    report: Consulted,
    /// `initialization/1` goals with their lines, run at the end of the text.
    init: Vec<(usize, Term)>,
}

impl Loading<'_> {
    /// Adds a clause read from the text (a grammar rule is translated first), or runs a
    /// directive (`:- G`, `?- G`); `initialization(G)` is kept for
    /// [`Loading::finish`]. A failing or erroneous directive is a warning of the report,
    /// unless a limit stopped it.
    pub fn add(&mut self, c: &ReadTerm) -> Result<(), ConsultError> {
        let directive = match &c.term {
            Term::Compound(f, args)
                if (*f == atoms::NECK || *f == atoms::QUERY) && args.len() == 1 =>
            {
                Some(&args[0])
            }
            _ => None,
        };
        if let Some(goal) = directive {
            if let Term::Compound(f, args) = goal
                && f.name() == "initialization"
            {
                self.init.push((c.line, args[0].clone()));
                return Ok(());
            }
            return self.db.run_directive(
                goal,
                &c.var_names,
                c.line,
                &self.options,
                &mut self.report,
            );
        }
        let translated;
        let clause = match &c.term {
            Term::Compound(f, args) if f.name() == "-->" && args.len() == 2 => {
                translated =
                    dcg::translate(&args[0], &args[1]).ok_or_else(|| ConsultError::Clause {
                        line: c.line,
                        error: SolveError::from_ball(arith::type_error(
                            "callable",
                            args[0].clone(),
                        )),
                    })?;
                &translated
            }
            other => other,
        };
        self.db
            .add_clause(clause, false, Origin::Consult)
            .map_err(|e| ConsultError::Clause {
                line: c.line,
                error: SolveError::from_ball(e),
            })?;
        self.report.clauses += 1;
        Ok(())
    }

    /// Ends the text: restores the `double_quotes` flag and runs the `initialization/1`
    /// goals; gives the report.
    pub fn finish(mut self) -> Result<Consulted, ConsultError> {
        if let Some(dq) = &self.double_quotes {
            let _ = self.db.set_flag(&Term::atom("double_quotes"), dq);
        }
        for (line, goal) in std::mem::take(&mut self.init) {
            self.db
                .run_directive(&goal, &[], line, &self.options, &mut self.report)?;
        }
        Ok(self.report)
    }
}

impl Database {
    /// Loads program text: clauses are added at the end of their predicates; directives
    /// (`:- dynamic f/1.`, `:- set_prolog_flag(unknown, fail).`, `:- initialization(G).`,
    /// any other goal) are run. A predicate of the library (`append/3`...) defined in the
    /// text replaces the library's.
    pub fn consult(&mut self, text: &str) -> Result<Consulted, ConsultError> {
        self.consult_with(text, &Options::default())
    }

    /// [`Database::consult`], the directives run under `options`' limits: a directive
    /// stopped by a limit, or calling halt/0,1, stops the loading with that error (a
    /// [`ConsultError::Clause`] whose error [`SolveError::is_limit`], or is
    /// [`SolveError::Halt`]).
    pub fn consult_with(
        &mut self,
        text: &str,
        options: &Options,
    ) -> Result<Consulted, ConsultError> {
        let mut clauses = self.clause_reader(text)?;
        let mut loading = self.loading(options);
        while let Some(c) = clauses.next_clause()? {
            loading.add(&c)?;
        }
        loading.finish()
    }

    /// Starts loading clauses that the caller reads itself, one at a time (with a
    /// [`crate::ClauseReader`], say, among items of its own): [`Loading::add`] adds each clause
    /// or runs each directive as [`Database::consult_with`] does, and
    /// [`Loading::finish`] ends the text.
    ///
    /// ```
    /// use resolu_logic::{ClauseReader, Database, Options};
    /// let mut db = Database::new();
    /// let mut reader = ClauseReader::new("p(1). note(hello). p(2).").unwrap();
    /// let mut loading = db.loading(&Options::default());
    /// while let Some(c) = reader.next_clause().unwrap() {
    ///     if c.term.to_string() != "note(hello)" {
    ///         loading.add(&c).unwrap();
    ///     }
    /// }
    /// assert_eq!(loading.finish().unwrap().clauses, 2);
    /// ```
    pub fn loading(&mut self, options: &Options) -> Loading<'_> {
        // The double_quotes flag is local to the text being loaded (as in SWI-Prolog):
        // what a directive sets is undone at the end.
        let double_quotes = self.flag("double_quotes");
        Loading {
            db: self,
            options: options.clone(),
            double_quotes,
            report: Consulted::default(),
            init: Vec::new(),
        }
    }

    fn run_directive(
        &mut self,
        goal: &Term,
        names: &[String],
        line: usize,
        options: &Options,
        report: &mut Consulted,
    ) -> Result<(), ConsultError> {
        let mut sols = self.solve_goal(goal, names, options.clone());
        let r = sols.next();
        report.output.push_str(&sols.take_output());
        match r {
            // halt/0,1 stops the loading there, as a limit does.
            Some(Err(error)) if error.is_limit() || matches!(error, SolveError::Halt(_)) => {
                return Err(ConsultError::Clause { line, error });
            }
            Some(Ok(_)) => {}
            None => report
                .warnings
                .push(format!("line {line}: directive failed: {goal}")),
            Some(Err(e)) => report
                .warnings
                .push(format!("line {line}: directive {goal}: {e}")),
        }
        Ok(())
    }
}
