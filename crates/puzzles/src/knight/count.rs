//! Counting the tours from every start square, one start per class of the board's
//! symmetries (see [`count_all_starts`]).

use super::{KnightError, KnightTour, MOVES, TourOptions};
use resolu_search::{BacktrackOutcome, BacktrackStats, StopReason};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// The directed tours from every start square, counted from one square of each class of
/// the board's symmetries (8 on a square board, 4 on another rectangle): a symmetry maps
/// the tours from a square one to one onto the tours from its image, so each class's count
/// is its representative's times the class size. Returns the total and, per class, the
/// representative, the class size and its outcome; the total is exact only if every
/// outcome is `Exhausted`. `opts.method` and `opts.prune` change no count, only the tries.
///
/// Open tours on boards of at most 64 squares are counted on bit boards (one `u64` of free
/// squares, the squares with one or no free neighbour kept as bit sets, so the dead-end
/// tests of a node are a few bit operations); each class's tree is cut a few moves deep into
/// tasks that up to `threads` threads take in turn, so the threads finish together;
/// `max_tries` bounds each class's tries, checked every 16,384 nodes per thread. Closed
/// tours and larger boards go through the backtracking engine, a class per thread at a time
/// (each with its share of `limits`' memory).
///
/// ```
/// use resolu_puzzles::knight::{count_all_starts, TourOptions};
/// use resolu_search::Limits;
/// let opts = TourOptions { prune: true, ..TourOptions::square(5) };
/// let (total, classes) = count_all_starts(opts, Limits::default(), 1).unwrap();
/// assert_eq!(total, 1728); // directed open tours of 5x5 (OEIS A165134)
/// assert_eq!(classes.len(), 6); // 25 squares, 6 classes
/// ```
pub fn count_all_starts(
    opts: TourOptions,
    limits: resolu_search::Limits,
    threads: usize,
) -> Result<(u64, Vec<StartClass>), KnightError> {
    let (rows, cols) = (opts.rows, opts.cols);
    KnightTour::new(opts)?;
    let images = |(r, c): (usize, usize)| -> Vec<(usize, usize)> {
        let (fr, fc) = (rows - 1 - r, cols - 1 - c);
        let mut v = vec![(r, c), (fr, c), (r, fc), (fr, fc)];
        if rows == cols {
            v.extend([(c, r), (fc, r), (c, fr), (fc, fr)]);
        }
        v
    };
    let mut classes: Vec<StartClass> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let mut orbit = images((r, c));
            orbit.sort_unstable();
            orbit.dedup();
            if orbit[0] == (r, c) {
                classes.push(StartClass {
                    start: (r, c),
                    size: orbit.len() as u64,
                    outcome: None,
                });
            }
        }
    }
    if !opts.closed && rows * cols <= BIT_BOARD_SQUARES {
        count_open_by_bits(rows, cols, &mut classes, limits, threads);
    } else {
        count_by_backtracking(opts, &mut classes, limits, threads);
    }
    let total = classes
        .iter()
        .filter_map(|c| c.outcome.as_ref().map(|o| o.stats.solutions * c.size))
        .sum();
    Ok((total, classes))
}

/// The classes' counts by the generic backtracking engine, one class per thread at a time
/// (closed tours, boards of more than 64 squares).
fn count_by_backtracking(
    opts: TourOptions,
    classes: &mut [StartClass],
    limits: resolu_search::Limits,
    threads: usize,
) {
    let workers = threads.clamp(1, classes.len().max(1));
    let limits = limits.max_memory_bytes(limits.max_memory_bytes / workers as u64);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; classes.len()]);
    let starts: Vec<(usize, usize)> = classes.iter().map(|c| c.start).collect();
    let work = || {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&start) = starts.get(k) else { break };
            let outcome = KnightTour::new(TourOptions { start, ..opts })
                .map(|mut tour| resolu_search::backtrack::count(&mut tour, limits));
            if let (Ok(outcome), Ok(mut r)) = (outcome, results.lock()) {
                r[k] = Some(outcome);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(work);
        }
        work();
    });
    for (class, outcome) in classes
        .iter_mut()
        .zip(results.into_inner().unwrap_or_default())
    {
        class.outcome = outcome;
    }
}

/// The classes' counts of open tours by [`BitCounter`]: each class's tree is cut at
/// [`TASK_DEPTH`] into tasks that the threads take in turn, so the work spreads evenly
/// whatever the classes' sizes. A class's tries, backtracks and tours are summed over its
/// tasks, its time is the time its tasks took (summed over the threads).
fn count_open_by_bits(
    rows: usize,
    cols: usize,
    classes: &mut [StartClass],
    limits: resolu_search::Limits,
    threads: usize,
) {
    let started = Instant::now();
    let all = if rows * cols == 64 {
        u64::MAX
    } else {
        (1u64 << (rows * cols)) - 1
    };
    let mut tasks = Vec::new();
    let mut per_class: Vec<BacktrackStats> = Vec::with_capacity(classes.len());
    for (k, class) in classes.iter().enumerate() {
        let start = class.start.0 * cols + class.start.1;
        let mut counter = BitCounter::new(rows, cols, all);
        counter.visit(start);
        counter.split(k, start, 1, &mut tasks);
        per_class.push(counter.stats);
    }
    let tries: Vec<AtomicU64> = per_class.iter().map(|s| AtomicU64::new(s.tries)).collect();
    let stop = Mutex::new(None);
    let stopped = AtomicBool::new(false);
    let shared = SharedLimits {
        limits,
        started,
        tries: &tries,
        stop: &stop,
        stopped: &stopped,
    };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(per_class);
    let workers = threads.clamp(1, tasks.len().max(1));
    let work = || {
        let mut counter = BitCounter::new(rows, cols, all);
        let mut local: Vec<BacktrackStats> = vec![BacktrackStats::default(); classes.len()];
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(task) = tasks.get(k) else { break };
            if stopped.load(Ordering::Relaxed) {
                break;
            }
            let task_started = Instant::now();
            counter.reset(task.free);
            counter.stats = BacktrackStats::default();
            let mut published = 0;
            let class = task.class;
            let depth = u64::from(all.count_ones() - task.free.count_ones());
            let done = counter.count(usize::from(task.head), depth, &mut |stats| {
                shared.tries[class].fetch_add(stats.tries - published, Ordering::Relaxed);
                published = stats.tries;
                shared.stop()
            });
            if done.is_none() {
                shared.raise(None);
            }
            let s = &mut local[class];
            s.tries += counter.stats.tries;
            s.backtracks += counter.stats.backtracks;
            s.solutions += counter.stats.solutions;
            s.max_depth = s.max_depth.max(counter.stats.max_depth);
            s.elapsed += task_started.elapsed();
        }
        if let Ok(mut results) = results.lock() {
            for (total, s) in results.iter_mut().zip(&local) {
                total.tries += s.tries;
                total.backtracks += s.backtracks;
                total.solutions += s.solutions;
                total.max_depth = total.max_depth.max(s.max_depth);
                total.elapsed += s.elapsed;
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(work);
        }
        work();
    });
    let reason = stop
        .into_inner()
        .ok()
        .flatten()
        .unwrap_or(StopReason::Exhausted);
    for (class, stats) in classes
        .iter_mut()
        .zip(results.into_inner().unwrap_or_default())
    {
        class.outcome = Some(BacktrackOutcome { reason, stats });
    }
}

impl SharedLimits<'_> {
    /// Whether the run must stop: a limit reached here or by another thread.
    fn stop(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        let limits = &self.limits;
        if let Some(monitor) = limits.monitor {
            let tries = self.tries.iter().map(|t| t.load(Ordering::Relaxed)).sum();
            monitor.publish(tries, 0);
            if monitor.is_interrupted() {
                return self.raise(Some(StopReason::Interrupted));
            }
        }
        if let Some(max) = limits.max_tries
            && self.tries.iter().any(|t| t.load(Ordering::Relaxed) >= max)
        {
            return self.raise(Some(StopReason::NodeLimit));
        }
        if limits.timeout.is_some_and(|t| self.started.elapsed() >= t) {
            return self.raise(Some(StopReason::TimeLimit));
        }
        false
    }

    /// Stops every thread, recording `reason` if it is the first.
    fn raise(&self, reason: Option<StopReason>) -> bool {
        if let (Some(reason), Ok(mut stop)) = (reason, self.stop.lock()) {
            stop.get_or_insert(reason);
        }
        self.stopped.store(true, Ordering::Relaxed);
        true
    }
}

/// A class of start squares under the board's symmetries, with its count.
#[derive(Clone, Debug)]
pub struct StartClass {
    /// The representative (the smallest square of the class, row-major).
    pub start: (usize, usize),
    /// The number of squares in the class.
    pub size: u64,
    /// The count from the representative (`None` if it could not run).
    pub outcome: Option<resolu_search::BacktrackOutcome>,
}

/// Open tours on boards of at most 64 squares are counted by [`BitCounter`], not by the
/// generic backtracking engine: a board is one `u64` of free squares, each square's free
/// neighbours are counted incrementally, and the squares left with one or no free
/// neighbour are kept as bit sets, so the dead-end tests of a node are a few bit
/// operations over the whole board (the engine's `leaves_no_dead_end` looked at the
/// neighbours of two squares, through the band's index arithmetic, at every try).
const BIT_BOARD_SQUARES: usize = 64;

/// Depth (squares visited, the start included) at which [`count_all_starts`] cuts each
/// class's tree into tasks for the threads: a few hundred per class on 6x6, so that no
/// thread waits on one long class at the end.
const TASK_DEPTH: usize = 7;

/// Nodes between two checks of the limits (the clock, the monitor, the tries).
const CHECK_EVERY_NODES: u64 = 1 << 14;

/// The counting search over one bit a square (row-major, at most 64 squares).
struct BitCounter {
    /// The knight's neighbours of each square.
    adj: [u64; BIT_BOARD_SQUARES],
    /// The unvisited squares.
    free: u64,
    /// Free neighbours of each square (visited or not).
    degree: [u8; BIT_BOARD_SQUARES],
    /// The squares with no free neighbour.
    no_exit: u64,
    /// The squares with exactly one free neighbour.
    one_exit: u64,
    stats: BacktrackStats,
    /// Nodes left before the next check of the limits.
    countdown: u64,
}

/// What the threads of [`count_all_starts`] share for the limits.
struct SharedLimits<'a> {
    limits: resolu_search::Limits,
    started: std::time::Instant,
    /// Tries of each class published so far (`max_tries` applies to a class, as it does to
    /// one backtracking run).
    tries: &'a [std::sync::atomic::AtomicU64],
    /// The first limit reached (by any thread).
    stop: &'a std::sync::Mutex<Option<StopReason>>,
    stopped: &'a std::sync::atomic::AtomicBool,
}

/// A subtree of one class's search: its head and free squares after the task depth.
#[derive(Clone, Copy)]
struct Task {
    class: usize,
    head: u8,
    free: u64,
}

impl BitCounter {
    /// The counter for a `rows` x `cols` board (at most 64 squares) with `free` unvisited.
    fn new(rows: usize, cols: usize, free: u64) -> Self {
        let mut adj = [0u64; BIT_BOARD_SQUARES];
        for r in 0..rows {
            for c in 0..cols {
                for (dr, dc) in MOVES {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                        adj[r * cols + c] |= 1 << (nr as usize * cols + nc as usize);
                    }
                }
            }
        }
        let mut counter = BitCounter {
            adj,
            free,
            degree: [0; BIT_BOARD_SQUARES],
            no_exit: 0,
            one_exit: 0,
            stats: BacktrackStats::default(),
            countdown: CHECK_EVERY_NODES,
        };
        counter.reset(free);
        counter
    }

    /// Sets the free squares and recounts the degrees.
    fn reset(&mut self, free: u64) {
        self.free = free;
        self.no_exit = 0;
        self.one_exit = 0;
        for square in 0..BIT_BOARD_SQUARES {
            let degree = (self.adj[square] & free).count_ones() as u8;
            self.degree[square] = degree;
            match degree {
                0 => self.no_exit |= 1 << square,
                1 => self.one_exit |= 1 << square,
                _ => {}
            }
        }
    }

    #[inline(always)]
    fn visit(&mut self, v: usize) {
        self.free &= !(1 << v);
        let mut around = self.adj[v];
        while around != 0 {
            let u = around.trailing_zeros() as usize;
            around &= around - 1;
            let bit = 1u64 << u;
            self.degree[u & 63] -= 1;
            match self.degree[u & 63] {
                1 => self.one_exit |= bit,
                0 => {
                    self.one_exit &= !bit;
                    self.no_exit |= bit;
                }
                _ => {}
            }
        }
    }

    #[inline(always)]
    fn unvisit(&mut self, v: usize) {
        let mut around = self.adj[v];
        while around != 0 {
            let u = around.trailing_zeros() as usize;
            around &= around - 1;
            let bit = 1u64 << u;
            self.degree[u & 63] += 1;
            match self.degree[u & 63] {
                1 => {
                    self.no_exit &= !bit;
                    self.one_exit |= bit;
                }
                2 => self.one_exit &= !bit,
                _ => {}
            }
        }
        self.free |= 1 << v;
    }

    /// Whether the free squares can still all be visited from `head` as far as the degrees
    /// tell: when more than one is left, no free square without a free neighbour (only the head could enter it, and it
    /// could not leave), and at most one square, out of the head's reach, with a single free
    /// neighbour (it can only be the tour's end). A pruned branch has no tour, so the count
    /// is unchanged.
    #[inline(always)]
    fn may_finish(&self, head: usize) -> bool {
        let free = self.free;
        if free & free.wrapping_sub(1) == 0 {
            // The last square (or none) has no free neighbour: it ends the tour.
            return true;
        }
        if self.no_exit & free != 0 {
            return false;
        }
        let ends = self.one_exit & free & !self.adj[head & 63];
        ends & ends.wrapping_sub(1) == 0
    }

    /// Counts the open tours that finish the path ending at `head` (`depth` squares
    /// visited), into `stats.solutions`. `None` when the limits stopped it.
    fn count(
        &mut self,
        head: usize,
        depth: u64,
        check: &mut impl FnMut(&BacktrackStats) -> bool,
    ) -> Option<()> {
        let free = self.free;
        let next = self.adj[head & 63] & free;
        if free & free.wrapping_sub(1) == 0 {
            // One square left (or none): a tour if the head reaches it.
            if free == 0 {
                self.stats.solutions += 1;
            } else if next != 0 {
                self.stats.tries += 1;
                self.stats.solutions += 1;
                self.stats.max_depth = self.stats.max_depth.max(depth);
            }
            return Some(());
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = CHECK_EVERY_NODES;
            if check(&self.stats) {
                return None;
            }
        }
        self.stats.max_depth = self.stats.max_depth.max(depth - 1);
        let mut moves = next;
        while moves != 0 {
            let v = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            self.stats.tries += 1;
            self.visit(v);
            let result = if self.may_finish(v) {
                self.count(v, depth + 1, check)
            } else {
                Some(())
            };
            self.unvisit(v);
            self.stats.backtracks += 1;
            result?;
        }
        Some(())
    }

    /// The tasks of one class: the tree from `head` down to [`TASK_DEPTH`] squares visited,
    /// its nodes counted in `stats` (and the tours ending above the depth).
    fn split(&mut self, class: usize, head: usize, depth: usize, out: &mut Vec<Task>) {
        if depth == TASK_DEPTH || self.free & self.free.wrapping_sub(1) == 0 {
            out.push(Task {
                class,
                head: head as u8,
                free: self.free,
            });
            return;
        }
        self.stats.max_depth = self.stats.max_depth.max(depth as u64 - 1);
        let mut moves = self.adj[head & 63] & self.free;
        while moves != 0 {
            let v = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            self.stats.tries += 1;
            self.visit(v);
            if self.may_finish(v) {
                self.split(class, v, depth + 1, out);
            }
            self.unvisit(v);
            self.stats.backtracks += 1;
        }
    }
}
