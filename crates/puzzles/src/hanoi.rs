//! The Towers of Hanoi with any number of disks and pegs: the search problem, an admissible
//! heuristic, the optimal recursive solution for 3 pegs and Frame–Stewart for 4 or more.
//!
//! Disks are numbered by size from 0 (the smallest); pegs from 0. A state records the peg of
//! each disk, packed into a `u64` (2 bits a disk up to 4 pegs, 3 bits up to 8), so the
//! order of the disks on a peg is implied: smaller on top.
//!
//! ```
//! use resolu_puzzles::hanoi::{Hanoi, optimal_moves};
//! use resolu_search::{Algorithm, Runner};
//!
//! let hanoi = Hanoi::new(3, 3).unwrap();
//! let outcome = Runner::new(&hanoi).run(Algorithm::Bfs);
//! assert_eq!(outcome.path.unwrap().len(), 7);
//! assert_eq!(optimal_moves(&hanoi).len(), 7);
//! ```

use resolu_search::numbered::Ranked;
use resolu_search::{Heuristic, Problem, Successor};
use std::fmt;

/// A move: the top disk of `from` onto `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HanoiMove {
    /// The disk moved (0 is the smallest).
    pub disk: u8,
    /// The peg it leaves.
    pub from: u8,
    /// The peg it goes to.
    pub to: u8,
}

impl fmt::Display for HanoiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "disk {} from peg {} to peg {}",
            self.disk + 1,
            self.from,
            self.to
        )
    }
}

/// A situation: the peg of each disk, packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pegs(pub u64);

/// A Towers of Hanoi puzzle: all disks start on peg 0 and must end on the last peg.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hanoi {
    disks: usize,
    pegs: usize,
    bits: u32,
    start: Pegs,
    goal: Pegs,
}

/// Why a Towers of Hanoi puzzle or situation was refused. The messages are the command
/// line's (it prints them as they are).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HanoiError {
    /// Fewer than 3 pegs or more than 8.
    #[error("the pegs must number 3 to 8, not {0}")]
    PegCount(usize),
    /// No disk, or more than a state holds with that many pegs.
    #[error("with {pegs} pegs the disks must number 1 to {max}, not {disks}")]
    DiskCount {
        /// The pegs asked for.
        pegs: usize,
        /// The most disks a state holds with that many pegs.
        max: usize,
        /// The disks asked for.
        disks: usize,
    },
    /// A situation with another number of stacks than the puzzle's pegs.
    #[error("{expected} pegs expected, not {found}")]
    StackCount {
        /// The puzzle's pegs.
        expected: usize,
        /// The stacks given.
        found: usize,
    },
    /// A disk number beyond the puzzle's disks (numbered from 1).
    #[error("there is no disk {0}")]
    NoSuchDisk(usize),
    /// A disk given twice (numbered from 1).
    #[error("disk {0} appears twice")]
    DiskTwice(usize),
    /// A disk on a smaller one (numbered from 1), on peg `peg` (numbered from 0).
    #[error("disk {disk} lies on the smaller disk {below} (peg {peg})")]
    LargerOnSmaller {
        /// The disk on top.
        disk: usize,
        /// The smaller disk under it.
        below: usize,
        /// The peg.
        peg: usize,
    },
    /// A disk in no stack (numbered from 1).
    #[error("disk {0} is missing")]
    MissingDisk(usize),
    /// A number that cannot be a disk's size (sizes run from 1 to 64).
    #[error("{0} is not a disk size")]
    NotADiskSize(i64),
}

impl Hanoi {
    /// The puzzle with `disks` disks on `pegs` pegs: from peg 0 to the last peg. Refused
    /// with fewer than 3 pegs, more than 8, no disk, or more disks than a state holds (32
    /// with 4 pegs, 21 with 8).
    pub fn new(disks: usize, pegs: usize) -> Result<Hanoi, HanoiError> {
        if !(3..=8).contains(&pegs) {
            return Err(HanoiError::PegCount(pegs));
        }
        let bits = if pegs <= 4 { 2 } else { 3 };
        let max = 64 / bits as usize;
        if disks == 0 || disks > max {
            return Err(HanoiError::DiskCount { pegs, max, disks });
        }
        let mut h = Hanoi {
            disks,
            pegs,
            bits,
            start: Pegs(0),
            goal: Pegs(0),
        };
        h.goal = h.all_on(pegs - 1);
        Ok(h)
    }

    /// The same puzzle from another start situation.
    pub fn with_start(mut self, start: Pegs) -> Hanoi {
        self.start = start;
        self
    }

    /// Number of disks.
    pub fn disks(&self) -> usize {
        self.disks
    }

    /// Number of pegs.
    pub fn pegs(&self) -> usize {
        self.pegs
    }

    /// The goal peg (the last).
    pub fn goal_peg(&self) -> usize {
        self.pegs - 1
    }

    /// Every disk on `peg`.
    pub fn all_on(&self, peg: usize) -> Pegs {
        Pegs((0..self.disks).fold(0, |acc, d| acc | (peg as u64) << (d as u32 * self.bits)))
    }

    /// The peg of `disk` in `s`.
    #[inline]
    pub fn peg_of(&self, s: Pegs, disk: usize) -> usize {
        ((s.0 >> (disk as u32 * self.bits)) & ((1 << self.bits) - 1)) as usize
    }

    /// The course's situation number (lab 000): the sum of 2^(d-1+N·p) over the disks d
    /// (1 the smallest) on pegs p (0 first), N the number of disks, so a block of N bits per
    /// peg; `None` when it does not fit 64 bits.
    ///
    /// ```
    /// use resolu_puzzles::hanoi::Hanoi;
    /// let hanoi = Hanoi::new(3, 3).unwrap();
    /// assert_eq!(hanoi.situation_number(hanoi.all_on(2)), Some(448)); // 2^6 + 2^7 + 2^8
    /// assert_eq!(hanoi.situation_number(hanoi.all_on(0)), Some(7));
    /// ```
    pub fn situation_number(&self, s: Pegs) -> Option<u64> {
        if self.disks * self.pegs > 64 {
            return None;
        }
        Some((0..self.disks).fold(0, |sum, d| {
            sum | 1u64 << (d + self.disks * self.peg_of(s, d))
        }))
    }

    /// The disks on each peg, bottom first.
    pub fn stacks(&self, s: Pegs) -> Vec<Vec<u8>> {
        let mut stacks = vec![Vec::new(); self.pegs];
        for d in (0..self.disks).rev() {
            stacks[self.peg_of(s, d)].push(d as u8);
        }
        stacks
    }

    /// The top disk of each peg (`None` when empty).
    fn tops(&self, s: Pegs) -> [Option<u8>; 8] {
        let mut tops = [None; 8];
        for d in (0..self.disks).rev() {
            tops[self.peg_of(s, d)] = Some(d as u8);
        }
        tops
    }

    /// The move of the top disk of `from` onto `to`, if legal in `s`.
    pub fn legal(&self, s: Pegs, from: usize, to: usize) -> Option<HanoiMove> {
        if from >= self.pegs || to >= self.pegs || from == to {
            return None;
        }
        let tops = self.tops(s);
        let disk = tops[from]?;
        match tops[to] {
            Some(t) if t < disk => None,
            _ => Some(HanoiMove {
                disk,
                from: from as u8,
                to: to as u8,
            }),
        }
    }

    /// The situation after `m`.
    #[inline]
    pub fn apply(&self, s: Pegs, m: HanoiMove) -> Pegs {
        let shift = m.disk as u32 * self.bits;
        Pegs((s.0 & !(((1 << self.bits) - 1) << shift)) | (u64::from(m.to) << shift))
    }

    /// Replays `moves` from the start: the situation reached, or the index of the first
    /// illegal move.
    pub fn replay(&self, moves: &[HanoiMove]) -> Result<Pegs, usize> {
        let mut s = self.start;
        for (i, &m) in moves.iter().enumerate() {
            match self.legal(s, m.from as usize, m.to as usize) {
                Some(legal) if legal == m => s = self.apply(s, m),
                _ => return Err(i),
            }
        }
        Ok(s)
    }

    /// The pegs drawn as text, one line per peg: `peg 0: 3 2 1` (bottom first, sizes from 1).
    pub fn draw(&self, s: Pegs) -> String {
        self.stacks(s)
            .iter()
            .enumerate()
            .map(|(p, stack)| {
                let disks: Vec<String> = stack.iter().map(|d| (d + 1).to_string()).collect();
                format!("peg {p}: {}", disks.join(" "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The pegs on one line, bottom first, sizes from 1: `[3 2] [] [1]`.
    pub fn one_line(&self, s: Pegs) -> String {
        self.stacks(s)
            .iter()
            .map(|stack| {
                let disks: Vec<String> = stack.iter().map(|d| (d + 1).to_string()).collect();
                format!("[{}]", disks.join(" "))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The pegs drawn side by side, each disk as wide as its size, the peg numbers below:
    ///
    /// ```
    /// use resolu_puzzles::hanoi::Hanoi;
    /// use resolu_search::Problem;
    /// let h = Hanoi::new(2, 3).unwrap();
    /// let picture = "   |      |      |
    ///   =1=     |      |
    ///  ==2==    |      |
    /// ---------------------
    ///    0      1      2
    /// ";
    /// assert_eq!(h.picture(h.start()), picture);
    /// ```
    ///
    /// With 10 disks or more the size is no longer written inside the disk.
    pub fn picture(&self, s: Pegs) -> String {
        let mut text = String::new();
        self.draw_rows(s, &mut text);
        text.push_str(&self.picture_footer());
        text
    }

    /// The last two lines of every [`Hanoi::picture`]: the ground line and the peg
    /// numbers, the same in every situation (a replay draws them once).
    pub fn picture_footer(&self) -> String {
        let width = 2 * self.disks + 3;
        let mut text = "-".repeat(width * self.pegs);
        text.push('\n');
        let labels: String = (0..self.pegs).map(|p| format!("{p:^width$}")).collect();
        text.push_str(labels.trim_end());
        text.push('\n');
        text
    }

    /// The rows of [`Hanoi::picture`] above the ground line, drawn into `text` (cleared
    /// first): a replay that draws tens of thousands of situations reuses one buffer and
    /// allocates nothing per cell. Each cell is centred in `2n + 3` columns, so both
    /// sides get the same padding; trailing spaces are cut.
    pub fn draw_rows(&self, s: Pegs, text: &mut String) {
        let n = self.disks;
        text.clear();
        let stacks = self.stacks(s);
        // Row 0 is the tip of the pegs, row n the bottom.
        for row in 0..=n {
            let level = n - row; // disks below this row
            let line_start = text.len();
            for stack in &stacks {
                match stack.get(level) {
                    Some(&d) => {
                        let size = d as usize + 1;
                        let mid = if n < 10 {
                            char::from_digit(size as u32, 10).unwrap_or('|')
                        } else {
                            '|'
                        };
                        let pad = n + 1 - size;
                        text.extend(std::iter::repeat_n(' ', pad));
                        text.extend(std::iter::repeat_n('=', size));
                        text.push(mid);
                        text.extend(std::iter::repeat_n('=', size));
                        text.extend(std::iter::repeat_n(' ', pad));
                    }
                    None => {
                        text.extend(std::iter::repeat_n(' ', n + 1));
                        text.push('|');
                        text.extend(std::iter::repeat_n(' ', n + 1));
                    }
                }
            }
            let kept = text[line_start..].trim_end().len();
            text.truncate(line_start + kept);
            text.push('\n');
        }
    }

    /// The situation with the given stacks (one per peg, bottom first, disks numbered from
    /// 0 for the smallest): refused unless every disk appears once, larger under smaller.
    pub fn situation(&self, stacks: &[Vec<u8>]) -> Result<Pegs, HanoiError> {
        if stacks.len() != self.pegs {
            return Err(HanoiError::StackCount {
                expected: self.pegs,
                found: stacks.len(),
            });
        }
        let mut seen = vec![false; self.disks];
        let mut s = 0u64;
        for (p, stack) in stacks.iter().enumerate() {
            for (i, &d) in stack.iter().enumerate() {
                let Some(slot) = seen.get_mut(d as usize) else {
                    return Err(HanoiError::NoSuchDisk(d as usize + 1));
                };
                if std::mem::replace(slot, true) {
                    return Err(HanoiError::DiskTwice(d as usize + 1));
                }
                if i > 0 && stack[i - 1] < d {
                    return Err(HanoiError::LargerOnSmaller {
                        disk: d as usize + 1,
                        below: stack[i - 1] as usize + 1,
                        peg: p,
                    });
                }
                s |= (p as u64) << (u32::from(d) * self.bits);
            }
        }
        match seen.iter().position(|&x| !x) {
            Some(d) => Err(HanoiError::MissingDisk(d + 1)),
            None => Ok(Pegs(s)),
        }
    }

    /// A situation as the rule bases write it (`[[1,2,3],[],[]]`): each peg the list of its
    /// disks from the top, disks numbered by size from 1 for the smallest.
    ///
    /// ```
    /// use resolu_puzzles::hanoi::Hanoi;
    /// let hanoi = Hanoi::new(3, 3).unwrap();
    /// let start = hanoi.all_on(0);
    /// assert_eq!(hanoi.disk_lists(start), vec![vec![1, 2, 3], vec![], vec![]]);
    /// assert_eq!(hanoi.from_disk_lists(&hanoi.disk_lists(start)), Ok(start));
    /// ```
    pub fn disk_lists(&self, s: Pegs) -> Vec<Vec<i64>> {
        self.stacks(s)
            .iter()
            .map(|stack| stack.iter().rev().map(|&d| i64::from(d) + 1).collect())
            .collect()
    }

    /// The one legal move that leads from `s` to `next`, if there is one (how a rule base's
    /// new situation is checked to be a move).
    pub fn move_between(&self, s: Pegs, next: Pegs) -> Option<HanoiMove> {
        (0..self.pegs)
            .flat_map(|f| (0..self.pegs).map(move |t| (f, t)))
            .find_map(|(f, t)| self.legal(s, f, t).filter(|m| self.apply(s, *m) == next))
    }

    /// The situation that [`Hanoi::disk_lists`] writes, read back and checked as
    /// [`Hanoi::situation`] checks it (a size out of 1..=64 is not a disk).
    pub fn from_disk_lists(&self, pegs: &[Vec<i64>]) -> Result<Pegs, HanoiError> {
        let mut stacks = Vec::with_capacity(pegs.len());
        for peg in pegs {
            let mut stack = Vec::with_capacity(peg.len());
            for &n in peg.iter().rev() {
                if !(1..=64).contains(&n) {
                    return Err(HanoiError::NotADiskSize(n));
                }
                stack.push((n - 1) as u8);
            }
            stacks.push(stack);
        }
        self.situation(&stacks)
    }
}

impl Problem for Hanoi {
    type State = Pegs;
    type Action = HanoiMove;

    fn start(&self) -> Pegs {
        self.start
    }

    fn is_goal(&self, s: &Pegs) -> bool {
        *s == self.goal
    }

    /// Moves in the order (from, to) = (0, 1), (0, 2), ..., (1, 0), ...
    fn successors(&self, s: &Pegs, out: &mut Vec<Successor<Pegs, HanoiMove>>) {
        let tops = self.tops(*s);
        for from in 0..self.pegs {
            let Some(disk) = tops[from] else { continue };
            for (to, top) in tops.iter().enumerate().take(self.pegs) {
                if to != from && top.is_none_or(|t| t > disk) {
                    let m = HanoiMove {
                        disk,
                        from: from as u8,
                        to: to as u8,
                    };
                    out.push(Successor::new(m, self.apply(*s, m), 1.0));
                }
            }
        }
    }
}

/// An admissible heuristic for any number of pegs: each disk off the goal peg must move at
/// least once, and each disk on the goal peg with a disk off it somewhere below must leave
/// and come back (two moves).
#[derive(Clone, Debug)]
pub struct DisksOffGoal {
    hanoi: Hanoi,
}

impl DisksOffGoal {
    /// The heuristic for `hanoi`'s goal.
    pub fn new(hanoi: &Hanoi) -> Self {
        DisksOffGoal {
            hanoi: hanoi.clone(),
        }
    }
}

impl Heuristic<Pegs, HanoiMove> for DisksOffGoal {
    fn estimate(&self, s: &Pegs) -> f64 {
        let h = &self.hanoi;
        let goal = h.goal_peg();
        let mut moves = 0u32;
        // From the largest disk down: once a larger disk is off the goal peg, every smaller
        // disk on the goal peg sits on the wrong base and must move off and back.
        let mut base_wrong = false;
        for d in (0..h.disks).rev() {
            if h.peg_of(*s, d) != goal {
                moves += 1;
                base_wrong = true;
            } else if base_wrong {
                moves += 2;
            }
        }
        f64::from(moves)
    }
}

/// The optimal solution with 3 pegs (2^n − 1 moves, by the recursive algorithm); with more
/// pegs, the Frame–Stewart solution ([`frame_stewart`] moves), from the situation where
/// every disk is on peg 0 to the goal peg. It collects [`OptimalMoves`]; with many disks,
/// iterate over that instead.
pub fn optimal_moves(hanoi: &Hanoi) -> Vec<HanoiMove> {
    OptimalMoves::new(hanoi).collect()
}

/// The moves of [`optimal_moves`], generated one at a time.
///
/// The textbook recursion ("n − 1 disks aside, the largest across, n − 1 back on top") is
/// run as a loop over an explicit stack of pending tasks, so neither the call stack nor the
/// memory grows with the number of moves (2^32 − 1 of them for 32 disks).
///
/// ```
/// use resolu_puzzles::hanoi::{Hanoi, OptimalMoves, frame_stewart};
/// let hanoi = Hanoi::new(20, 4).unwrap();
/// assert_eq!(OptimalMoves::new(&hanoi).count() as u64, frame_stewart(20, 4));
/// ```
#[derive(Clone, Debug)]
pub struct OptimalMoves {
    stack: Vec<Task>,
    table: Vec<Vec<FrameStewart>>,
}

/// A pending piece of work of [`OptimalMoves`].
#[derive(Clone, Copy, Debug)]
enum Task {
    /// Move the `n` disks `base..base + n` (all on `from`, smaller on top) to `to`, using
    /// only the pegs of the bit mask `pegs` (whose disks, if any, are all larger).
    Tower {
        n: u8,
        base: u8,
        from: u8,
        to: u8,
        pegs: u16,
    },
    /// One move.
    Single(HanoiMove),
}

impl OptimalMoves {
    /// The moves that take every disk of `hanoi` from peg 0 to the goal peg.
    pub fn new(hanoi: &Hanoi) -> Self {
        OptimalMoves {
            stack: vec![Task::Tower {
                n: hanoi.disks as u8,
                base: 0,
                from: 0,
                to: hanoi.goal_peg() as u8,
                pegs: (1u16 << hanoi.pegs) - 1,
            }],
            table: frame_stewart_table(hanoi.disks, hanoi.pegs),
        }
    }
}

impl Iterator for OptimalMoves {
    type Item = HanoiMove;

    fn next(&mut self) -> Option<HanoiMove> {
        while let Some(task) = self.stack.pop() {
            let (n, base, from, to, pegs) = match task {
                Task::Single(m) => return Some(m),
                Task::Tower { n: 0, .. } => continue,
                Task::Tower {
                    n: 1,
                    base,
                    from,
                    to,
                    ..
                } => {
                    return Some(HanoiMove {
                        disk: base,
                        from,
                        to,
                    });
                }
                Task::Tower {
                    n,
                    base,
                    from,
                    to,
                    pegs,
                } => (n, base, from, to, pegs),
            };
            // Any free peg serves as the spare; the lowest keeps runs deterministic.
            let free = pegs & !(1 << from) & !(1 << to);
            let spare = free.trailing_zeros() as u8;
            let count = pegs.count_ones() as usize;
            // Tasks are pushed in reverse order of execution.
            if count == 3 {
                self.stack.push(Task::Tower {
                    n: n - 1,
                    base,
                    from: spare,
                    to,
                    pegs,
                });
                self.stack.push(Task::Single(HanoiMove {
                    disk: base + n - 1,
                    from,
                    to,
                }));
                self.stack.push(Task::Tower {
                    n: n - 1,
                    base,
                    from,
                    to: spare,
                    pegs,
                });
            } else {
                // Frame–Stewart: the top k disks to the spare with every peg, the n − k
                // others to the target without the spare (it holds smaller disks), the k
                // back on top of them.
                let k = self.table[count][n as usize].split as u8;
                self.stack.push(Task::Tower {
                    n: k,
                    base,
                    from: spare,
                    to,
                    pegs,
                });
                self.stack.push(Task::Tower {
                    n: n - k,
                    base: base + k,
                    from,
                    to,
                    pegs: pegs & !(1 << spare),
                });
                self.stack.push(Task::Tower {
                    n: k,
                    base,
                    from,
                    to: spare,
                    pegs,
                });
            }
        }
        None
    }
}

/// An entry of [`frame_stewart_table`].
#[derive(Clone, Copy, Debug, Default)]
struct FrameStewart {
    /// The number of moves.
    moves: u64,
    /// With 4 pegs or more and at least 2 disks, the k of Frame–Stewart: the top k disks
    /// go aside with every peg (the smallest k that reaches the minimum); 0 otherwise.
    split: usize,
}

/// `table[p][n]`: the Frame–Stewart number of moves for n disks on p pegs (p ≥ 3), and the
/// split that reaches it.
fn frame_stewart_table(disks: usize, pegs: usize) -> Vec<Vec<FrameStewart>> {
    let mut t = vec![vec![FrameStewart::default(); disks + 1]; pegs + 1];
    for p in 3..=pegs {
        for n in 1..=disks {
            t[p][n] = if p == 3 {
                FrameStewart {
                    moves: (1u64 << n) - 1,
                    split: 0,
                }
            } else {
                (1..n)
                    .map(|k| FrameStewart {
                        moves: 2 * t[p][k].moves + t[p - 1][n - k].moves,
                        split: k,
                    })
                    // The first of several minima: the smallest k.
                    .min_by_key(|e| e.moves)
                    .unwrap_or(FrameStewart { moves: 1, split: 0 })
            };
        }
    }
    t
}

/// The Frame–Stewart number of moves for `disks` disks on `pegs` pegs: 2^n − 1 for 3 pegs,
/// and the presumed optimum with more (proved for 4 pegs by Bousch, 2014).
///
/// ```
/// use resolu_puzzles::hanoi::frame_stewart;
/// let four: Vec<u64> = (1..=8).map(|n| frame_stewart(n, 4)).collect();
/// assert_eq!(four, [1, 3, 5, 9, 13, 17, 25, 33]);
/// ```
pub fn frame_stewart(disks: usize, pegs: usize) -> u64 {
    frame_stewart_table(disks, pegs.max(3))[pegs.max(3)][disks].moves
}

/// Situations numbered as numbers in base P (the peg of disk d is digit d), so the whole
/// state space is `0..P^N` with no gap and the exhaustive search of
/// [`resolu_search::numbered`] runs on a flat array of 2 bits a situation.
///
/// ```
/// use resolu_puzzles::hanoi::Hanoi;
/// use resolu_search::numbered::{NumberedBfs, Ranked};
/// let hanoi = Hanoi::new(3, 3).unwrap();
/// assert_eq!(Ranked::state_count(&hanoi), 27);
/// let start = hanoi.rank(&hanoi.all_on(0));
/// let report = NumberedBfs::new(&hanoi).run(&[start]).unwrap();
/// assert_eq!(report.reached(), 27);
/// assert_eq!(report.eccentricity(), 7);
/// ```
impl Ranked for Hanoi {
    type State = Pegs;

    /// P^N; more than 2^64 situations do not fit (the CLI refuses them by memory first).
    fn state_count(&self) -> u64 {
        (self.pegs as u64).saturating_pow(self.disks as u32)
    }

    #[inline]
    fn rank(&self, s: &Pegs) -> u64 {
        if self.pegs == 4 {
            // Two bits a disk and base 4: the packing is the number.
            return s.0;
        }
        (0..self.disks).rev().fold(0, |acc, d| {
            acc * self.pegs as u64 + self.peg_of(*s, d) as u64
        })
    }

    #[inline]
    fn unrank(&self, mut rank: u64) -> Pegs {
        if self.pegs == 4 {
            return Pegs(rank);
        }
        let mut packed = 0u64;
        for d in 0..self.disks {
            packed |= (rank % self.pegs as u64) << (d as u32 * self.bits);
            rank /= self.pegs as u64;
        }
        Pegs(packed)
    }

    fn for_each_successor(&self, s: &Pegs, visit: &mut dyn FnMut(Pegs)) {
        let tops = self.tops(*s);
        for from in 0..self.pegs {
            let Some(disk) = tops[from] else { continue };
            for (to, top) in tops.iter().enumerate().take(self.pegs) {
                if to != from && top.is_none_or(|t| t > disk) {
                    let m = HanoiMove {
                        disk,
                        from: from as u8,
                        to: to as u8,
                    };
                    visit(self.apply(*s, m));
                }
            }
        }
    }
}

/// The situations of a tower for the exhaustive search, numbered as by [`Ranked`], with
/// the neighbours computed on the number itself when there are 4 pegs (two bits a disk,
/// so the rank is the packed situation): the disks on a peg are the zero pairs of the
/// number XOR the peg repeated, the top disk is the lowest, a move flips two bits. Other
/// numbers of pegs go through [`Ranked`] (unrank, moves, rank).
///
/// ```
/// use resolu_puzzles::hanoi::{Hanoi, NumberedHanoi};
/// use resolu_search::numbered::NumberedBfs;
/// let hanoi = Hanoi::new(6, 4).unwrap();
/// let report = NumberedBfs::new(&NumberedHanoi(&hanoi)).run(&[0]).unwrap();
/// assert_eq!(report.reached(), 4096);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NumberedHanoi<'a>(pub &'a Hanoi);

impl resolu_search::numbered::Numbered for NumberedHanoi<'_> {
    fn state_count(&self) -> u64 {
        Ranked::state_count(self.0)
    }

    #[inline]
    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        let hanoi = self.0;
        if hanoi.pegs != 4 {
            let state = hanoi.unrank(rank);
            hanoi.for_each_successor(&state, &mut |s| out.push(hanoi.rank(&s)));
            return;
        }
        const LOW: u64 = 0x5555_5555_5555_5555;
        let used = LOW >> (64 - 2 * hanoi.disks as u32);
        // The lowest bit of the pair of each disk on peg p.
        let on = |p: u64| {
            let x = rank ^ (p * LOW);
            !(x | (x >> 1)) & used
        };
        let stacks = [on(0), on(1), on(2), on(3)];
        for from in 0..4u64 {
            let mine = stacks[from as usize];
            if mine == 0 {
                continue;
            }
            let top = mine & mine.wrapping_neg();
            for to in 0..4u64 {
                let theirs = stacks[to as usize];
                // Legal onto an empty peg or a larger top disk (a higher pair).
                if to != from && (theirs == 0 || theirs & theirs.wrapping_neg() > top) {
                    out.push(rank ^ ((from ^ to) * top));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resolu_search::{Algorithm, Runner};

    #[test]
    fn astar_and_idastar_are_optimal_with_the_heuristic() {
        // IDA* forgets visited situations, and Hanoi has many paths to each: it stays on
        // small towers (the benchmark measures how far it goes).
        for (n, pegs, algos) in [
            (6, 3, &[Algorithm::Astar][..]),
            (5, 4, &[Algorithm::Astar][..]),
            (4, 5, &[Algorithm::Astar][..]),
            (3, 3, &[Algorithm::IdaStar][..]),
            (3, 4, &[Algorithm::IdaStar][..]),
        ] {
            let h = Hanoi::new(n, pegs).unwrap();
            for &algo in algos {
                let out = Runner::new(&h).heuristic(DisksOffGoal::new(&h)).run(algo);
                let path = out.path.unwrap();
                assert_eq!(
                    path.len() as u64,
                    frame_stewart(n, pegs),
                    "{algo} {n} {pegs}"
                );
                let moves: Vec<HanoiMove> = path.actions().copied().collect();
                assert!(h.replay(&moves).is_ok());
            }
        }
    }

    #[test]
    fn numbered_moves_on_the_packed_number_are_the_moves() {
        use resolu_search::numbered::Numbered;
        for (disks, pegs) in [(5, 4), (1, 4), (4, 3), (3, 5)] {
            let h = Hanoi::new(disks, pegs).unwrap();
            let fast = NumberedHanoi(&h);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for rank in 0..Ranked::state_count(&h) {
                a.clear();
                b.clear();
                fast.successor_ranks(rank, &mut a);
                h.for_each_successor(&h.unrank(rank), &mut |s| b.push(h.rank(&s)));
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "{disks} disks, {pegs} pegs, rank {rank}");
            }
        }
    }

    #[test]
    fn illegal_moves_and_bad_sizes_are_refused() {
        let h = Hanoi::new(3, 3).unwrap();
        assert_eq!(h.legal(h.start(), 1, 2), None, "empty peg");
        let m = h.legal(h.start(), 0, 2).unwrap();
        let s = h.apply(h.start(), m);
        assert_eq!(h.legal(s, 0, 2), None, "larger disk on a smaller one");
        assert_eq!(h.replay(&[m, m]), Err(1));
        assert!(Hanoi::new(3, 2).is_err());
        assert!(Hanoi::new(0, 3).is_err());
        assert!(Hanoi::new(33, 4).is_err());
        assert!(Hanoi::new(32, 4).is_ok());
        assert_eq!(h.draw(h.start()), "peg 0: 3 2 1\npeg 1: \npeg 2: ");
    }
}
