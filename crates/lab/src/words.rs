//! The words of the Markdown reports: every sentence a report writes comes from a
//! [`ReportWords`], whose methods are English by default ([`English`]). A caller that
//! speaks another language (the command line, in French) implements the trait with its
//! own catalogue; the lab itself stays free of any translation machinery. Numbers come
//! already written (`"0.012"`), so that a translation never changes a figure.

/// The sentences of the experiment reports, English unless a method is overridden.
pub trait ReportWords {
    /// A bullet naming a configuration: "- `astar/h2`: TEXT".
    fn item(&self, config: &str, text: &str) -> String {
        format!("- `{config}`: {text}")
    }
    /// The caption of the plot written to `file` (one of [`crate::output::PLOTS`]).
    fn plot_caption(&self, file: &str) -> String {
        crate::output::PLOTS
            .iter()
            .find(|(f, _)| *f == file)
            .map_or_else(String::new, |(_, what)| (*what).to_string())
    }
    /// The header row of the summary table.
    fn summary_header(&self) -> String {
        "| depth | configuration | runs | solved | median expanded | median time (ms) | median b* |"
            .into()
    }
    /// The taquin report's title.
    fn taquin_title(&self, size: &str) -> String {
        format!("Sliding-tile puzzle {size}: algorithms and heuristics")
    }
    /// The taquin study's setup.
    fn taquin_setup(
        &self,
        goal: &str,
        per_depth: usize,
        seed: u64,
        limits: &str,
        threads: usize,
        runs: usize,
    ) -> String {
        format!(
            "Goal `{goal}`; {per_depth} instances per depth (seed {seed}), each of exactly the \
             optimal length shown; limits per run: {limits}; {threads} threads; {runs} runs in all."
        )
    }
    /// The command that reproduces a study.
    fn reproduce(&self, command: &str) -> String {
        format!("Reproduce with `{command}`.")
    }
    /// The heading of the results.
    fn results(&self) -> String {
        "Results".into()
    }
    /// Where every run is.
    fn every_run(&self) -> String {
        "Every run is in `runs.csv`.".into()
    }
    /// The heading of the course's questions.
    fn course_questions(&self) -> String {
        "The course's questions".into()
    }
    /// The question of the lengths each heuristic reaches, and its preamble.
    fn reach_question(&self) -> String {
        "**Which optimal lengths can each heuristic reach?** Within the limits above:".into()
    }
    /// Every instance solved, up to the deepest depth studied.
    fn reach_all(&self, depth: u32) -> String {
        format!("every instance solved, up to {depth} moves")
    }
    /// Every instance solved up to `depth`, not beyond.
    fn reach_up_to(&self, depth: u32) -> String {
        format!("every instance solved up to {depth} moves, not beyond")
    }
    /// Not every instance solved at the smallest depth.
    fn reach_none(&self) -> String {
        "not every instance solved even at the smallest depth".into()
    }
    /// The figures at the deepest depth, after a reach.
    fn reach_detail(
        &self,
        depth: u32,
        nodes: &str,
        ms: &str,
        solved: usize,
        runs: usize,
    ) -> String {
        format!(" (at {depth} moves: median {nodes} nodes, {ms} ms, {solved}/{runs} solved)")
    }
    /// The question of A*'s time.
    fn astar_question(&self) -> String {
        "**How long does A* take, and how much does the heuristic matter?**".into()
    }
    /// A*'s figures with one heuristic (`bstar`: ", b* = 1.234" or nothing).
    fn astar_line(
        &self,
        heuristic: &str,
        depth: u32,
        nodes: &str,
        ms: &str,
        bstar: &str,
    ) -> String {
        format!(
            "- A* with `{heuristic}` at {depth} moves: median {nodes} expanded nodes in {ms} ms{bstar}."
        )
    }
    /// The best heuristic against the worst.
    fn astar_compare(&self, depth: u32, best: &str, ratio: &str, worst: &str) -> String {
        format!(
            "At {depth} moves `{best}` expands {ratio} times fewer nodes than `{worst}`: \
             a better-informed admissible heuristic prunes exponentially more of the tree, \
             which the lower b* measures."
        )
    }
    /// The question of the 4x4.
    fn question_4x4(&self) -> String {
        "**What length can be considered for the 4x4?**".into()
    }
    /// Korf's boards not measured.
    fn korf_not_measured(&self) -> String {
        "Not measured in this run (`--korf 0`). Korf's 100 random 4x4 boards need 41 to 66 \
         moves (53 on average)."
            .into()
    }
    /// Which of Korf's boards were taken, one in `step`.
    fn every_nth(&self, step: usize) -> String {
        if step <= 1 {
            return "every board".into();
        }
        let suffix = match (step % 10, step % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!("every {step}{suffix}")
    }
    /// The boards of Korf's measured.
    fn korf_measured(
        &self,
        count: usize,
        which: &str,
        goal: &str,
        shortest: u32,
        longest: u32,
    ) -> String {
        format!(
            "Measured on {count} of Korf's 100 random 4x4 boards ({which}; goal `{goal}`; \
             optimal lengths {shortest}..{longest} moves), with the same limits:"
        )
    }
    /// The header row of the table of Korf's boards.
    fn korf_header(&self) -> String {
        "| configuration | solved | longest solved | median nodes (solved) | stopped by |".into()
    }
    /// The best configuration on Korf's boards, and what a minute of it reaches.
    #[allow(clippy::too_many_arguments)]
    fn korf_best(
        &self,
        config: &str,
        solved: usize,
        boards: usize,
        bstar: &str,
        millions: &str,
        budget: &str,
        depth: &str,
    ) -> String {
        format!(
            "The best here is `{config}`: {solved} of {boards} boards solved. The median b* of its \
             solved runs is {bstar} at {millions} million nodes per second; a search of N nodes \
             reaches the depth d where b* + ... + b*^d = N, so one minute ({budget} \
             nodes) reaches about {depth} moves with it, to compare with the 41 to 66 \
             moves (53 on average) of Korf's random boards. Runs stopped by a limit count as \
             unsolved above: the limits, not the algorithms, decide how far the others get."
        )
    }
    /// The Hanoi report's title.
    fn hanoi_title(&self, pegs: usize) -> String {
        format!("Towers of Hanoi on {pegs} pegs: search against recursion")
    }
    /// The Hanoi study's setup (`three_pegs`: the optimum is 2^n − 1, else Frame–Stewart's).
    fn hanoi_setup(&self, goal_peg: usize, three_pegs: bool, runs: usize, command: &str) -> String {
        format!(
            "Each instance moves n disks from peg 0 to peg {goal_peg}; its optimal length (the depth \
             below) is {}. {runs} runs in all. Reproduce with `{command}`.",
            if three_pegs {
                "2^n − 1"
            } else {
                "the Frame–Stewart number"
            }
        )
    }
    /// The heading of the methods' reach.
    fn hanoi_how_far(&self) -> String {
        "How far each method goes".into()
    }
    /// The largest tower a method solved.
    fn hanoi_largest(&self, instance: &str) -> String {
        format!("largest tower solved: {instance}")
    }
    /// A method that solved nothing.
    fn hanoi_none(&self) -> String {
        "solved no instance within the limits".into()
    }
    /// Solutions longer than the optimum.
    fn hanoi_longer(&self, count: usize) -> String {
        format!(" ({count} solutions longer than the optimum)")
    }
}

/// The reports in English.
pub struct English;

impl ReportWords for English {}
