//! The experiment reports' sentences in this run's language: the lab writes its reports
//! through [`ReportWords`], whose every method is answered here from the catalogue
//! (`output.ftl`), so that the lab itself needs no translation machinery.

use crate::tr;
use resolu_lab::ReportWords;

/// The reports' words from the catalogue.
pub struct CatalogueWords;

impl ReportWords for CatalogueWords {
    fn item(&self, config: &str, text: &str) -> String {
        tr!("report-item", config = config, text = text)
    }
    fn plot_caption(&self, file: &str) -> String {
        match file {
            "nodes.svg" => tr!("report-plot-nodes"),
            "time.svg" => tr!("report-plot-time"),
            _ => tr!("report-plot-bstar"),
        }
    }
    fn summary_header(&self) -> String {
        tr!("report-summary-header")
    }
    fn taquin_title(&self, size: &str) -> String {
        tr!("report-taquin-title", size = size)
    }
    fn taquin_setup(
        &self,
        goal: &str,
        per_depth: usize,
        seed: u64,
        limits: &str,
        threads: usize,
        runs: usize,
    ) -> String {
        tr!(
            "report-taquin-setup",
            goal = goal,
            per_depth = per_depth.to_string(),
            seed = seed.to_string(),
            limits = limits,
            threads = threads.to_string(),
            runs = runs.to_string()
        )
    }
    fn reproduce(&self, command: &str) -> String {
        tr!("report-reproduce", command = command)
    }
    fn results(&self) -> String {
        tr!("report-results")
    }
    fn every_run(&self) -> String {
        tr!("report-every-run")
    }
    fn course_questions(&self) -> String {
        tr!("report-course-questions")
    }
    fn reach_question(&self) -> String {
        tr!("report-reach-question")
    }
    fn reach_all(&self, depth: u32) -> String {
        tr!("report-reach-all", depth = depth)
    }
    fn reach_up_to(&self, depth: u32) -> String {
        tr!("report-reach-up-to", depth = depth)
    }
    fn reach_none(&self) -> String {
        tr!("report-reach-none")
    }
    fn reach_detail(
        &self,
        depth: u32,
        nodes: &str,
        ms: &str,
        solved: usize,
        runs: usize,
    ) -> String {
        let said = tr!(
            "report-reach-detail",
            depth = depth,
            nodes = nodes,
            ms = ms,
            solved = solved.to_string(),
            runs = runs.to_string()
        );
        format!(" {said}")
    }
    fn astar_question(&self) -> String {
        tr!("report-astar-question")
    }
    fn astar_line(
        &self,
        heuristic: &str,
        depth: u32,
        nodes: &str,
        ms: &str,
        bstar: &str,
    ) -> String {
        tr!(
            "report-astar-line",
            heuristic = heuristic,
            depth = depth,
            nodes = nodes,
            ms = ms,
            bstar = bstar
        )
    }
    fn astar_compare(&self, depth: u32, best: &str, ratio: &str, worst: &str) -> String {
        tr!(
            "report-astar-compare",
            depth = depth,
            best = best,
            ratio = ratio,
            worst = worst
        )
    }
    fn question_4x4(&self) -> String {
        tr!("report-question-4x4")
    }
    fn korf_not_measured(&self) -> String {
        tr!("report-korf-not-measured")
    }
    fn every_nth(&self, step: usize) -> String {
        if step <= 1 {
            return tr!("report-every-board");
        }
        let ordinal = match (step % 10, step % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        tr!(
            "report-every-nth",
            step = step.to_string(),
            ordinal = ordinal
        )
    }
    fn korf_measured(
        &self,
        count: usize,
        which: &str,
        goal: &str,
        shortest: u32,
        longest: u32,
    ) -> String {
        tr!(
            "report-korf-measured",
            count = count.to_string(),
            which = which,
            goal = goal,
            shortest = shortest,
            longest = longest
        )
    }
    fn korf_header(&self) -> String {
        tr!("report-korf-header")
    }
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
        tr!(
            "report-korf-best",
            config = config,
            solved = solved.to_string(),
            boards = boards.to_string(),
            bstar = bstar,
            millions = millions,
            budget = budget,
            depth = depth
        )
    }
    fn hanoi_title(&self, pegs: usize) -> String {
        tr!("report-hanoi-title", pegs = pegs.to_string())
    }
    fn hanoi_setup(&self, goal_peg: usize, three_pegs: bool, runs: usize, command: &str) -> String {
        tr!(
            "report-hanoi-setup",
            goal_peg = goal_peg.to_string(),
            three = if three_pegs { "yes" } else { "no" },
            runs = runs.to_string(),
            command = command
        )
    }
    fn hanoi_how_far(&self) -> String {
        tr!("report-hanoi-how-far")
    }
    fn hanoi_largest(&self, instance: &str) -> String {
        tr!("report-hanoi-largest", instance = instance)
    }
    fn hanoi_none(&self) -> String {
        tr!("report-hanoi-none")
    }
    fn hanoi_longer(&self, count: usize) -> String {
        format!(" {}", tr!("report-hanoi-longer", count = count))
    }
}
