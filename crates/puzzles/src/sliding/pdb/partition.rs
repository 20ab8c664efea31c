//! Partitions of the tiles into groups, the named ones and their memory needs.

use super::*;

/// A partition of the tiles into groups (internal tile numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// The groups, each a list of tiles.
    pub groups: Vec<Vec<u8>>,
}

/// Named partitions for `pdb:NAME`.
pub const PARTITION_NAMES: [&str; 4] = ["7-8", "6-6-3", "5-5-5", "6-6-6-6"];

impl Partition {
    /// Tiles in the order of their goal cells, row-major (the blank skipped).
    pub(super) fn goal_order(puzzle: &SlidingPuzzle) -> Vec<u8> {
        puzzle
            .goal_tiles()
            .iter()
            .copied()
            .filter(|&t| t != 0)
            .collect()
    }

    /// Groups of the given sizes, filled with the tiles in the order of their goal cells
    /// (so each group is a compact block of the goal).
    pub fn of_sizes(puzzle: &SlidingPuzzle, sizes: &[usize]) -> Result<Partition, PdbError> {
        let order = Self::goal_order(puzzle);
        if sizes.iter().sum::<usize>() != order.len() {
            return Err(format!(
                "the partition {} does not cover the {} tiles of a {}x{} board",
                sizes
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("-"),
                order.len(),
                puzzle.rows(),
                puzzle.cols()
            )
            .into());
        }
        let mut groups = Vec::new();
        let mut rest = &order[..];
        for &s in sizes {
            groups.push(rest[..s].to_vec());
            rest = &rest[s..];
        }
        Ok(Partition { groups })
    }

    /// The partition of Korf and Felner for the 24-puzzle (their 6-6-6-6, symmetric about
    /// the main diagonal), written in goal cells of the blank-first goal and mapped to the
    /// tiles of `puzzle`'s goal.
    pub(super) fn twenty_four(puzzle: &SlidingPuzzle) -> Partition {
        const CELLS: [[u8; 6]; 4] = [
            [1, 2, 5, 6, 7, 12],
            [3, 4, 8, 9, 13, 14],
            [10, 11, 15, 16, 20, 21],
            [17, 18, 19, 22, 23, 24],
        ];
        // The blank of Korf's goal is in cell 0; with another goal, cells shift so that
        // the blank's goal cell is left out.
        let blank = puzzle.goal_cells()[0];
        let groups = CELLS
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&c| {
                        let cell = if c == blank { 0 } else { c };
                        puzzle.goal_tiles()[cell as usize]
                    })
                    .collect()
            })
            .collect();
        Partition { groups }
    }

    /// The best partition known here for the board's size: 7-8 on 4x4, 6-6-6-6 on 5x5,
    /// groups of at most 6 tiles in goal order elsewhere.
    pub fn best_for(puzzle: &SlidingPuzzle) -> Partition {
        match (puzzle.rows(), puzzle.cols()) {
            (4, 4) => Partition::of_sizes(puzzle, &[7, 8]).unwrap_or_else(|_| Self::chunks(puzzle)),
            (5, 5) => Self::twenty_four(puzzle),
            _ => Self::chunks(puzzle),
        }
    }

    pub(super) fn chunks(puzzle: &SlidingPuzzle) -> Partition {
        Partition {
            groups: Self::goal_order(puzzle)
                .chunks(6)
                .map(<[u8]>::to_vec)
                .collect(),
        }
    }

    /// Reads `7-8`, `6-6-3`, `5-5-5`, `6-6-6-6` (on 5x5, Korf and Felner's groups), other
    /// sizes like `4-4-4-3`, or explicit groups of tile names: `1,2,3,4/5,6,7,8/...`.
    pub fn parse(puzzle: &SlidingPuzzle, text: &str) -> Result<Partition, PdbError> {
        let text = text.trim();
        if text == "6-6-6-6" && (puzzle.rows(), puzzle.cols()) == (5, 5) {
            return Ok(Self::twenty_four(puzzle));
        }
        if text.contains('/') || text.contains(',') {
            let mut groups = Vec::new();
            let mut seen = vec![false; puzzle.cells()];
            for group in text.split('/') {
                let mut tiles = Vec::new();
                for name in group.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let t = (1..puzzle.cells() as u8)
                        .find(|&t| puzzle.label(t) == name)
                        .ok_or_else(|| format!("no tile named '{name}' in the partition"))?;
                    if std::mem::replace(&mut seen[t as usize], true) {
                        return Err(
                            format!("tile '{name}' is in two groups of the partition").into()
                        );
                    }
                    tiles.push(t);
                }
                if tiles.is_empty() {
                    return Err("a group of the partition is empty".into());
                }
                groups.push(tiles);
            }
            return Ok(Partition { groups });
        }
        let sizes = text
            .split('-')
            .map(|s| s.trim().parse::<usize>().ok().filter(|&n| n > 0))
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| {
                format!(
                    "bad partition '{text}' (expected {}, sizes like 4-4-4-3, or groups of tiles like 1,2,3/4,5,6)",
                    PARTITION_NAMES.join(", ")
                )
            })?;
        Partition::of_sizes(puzzle, &sizes)
    }

    /// The partition as the sizes of its groups: `7-8`.
    pub fn sizes(&self) -> String {
        self.groups
            .iter()
            .map(|g| g.len().to_string())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// The partition with tile names: `1,2,3/4,5,6`.
    pub fn describe(&self, puzzle: &SlidingPuzzle) -> String {
        self.groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&t| puzzle.label(t))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Bytes of all the tables (4 bits an entry).
    pub fn table_bytes(&self, puzzle: &SlidingPuzzle) -> u64 {
        self.groups
            .iter()
            .map(|g| group_table_bytes(puzzle, g.len()))
            .sum()
    }

    /// The order in which the groups are built: the largest search first, so that its
    /// array lives beside its own table only.
    pub(super) fn build_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.groups.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.groups[i].len()));
        order
    }

    /// The most memory the build needs at once: over the groups in their build order, the
    /// tables built before and the group's own peak: its search's array (2 bits a state of
    /// its [`PatternSpace`]) beside its 3-bit build entries, or those beside its table.
    pub fn build_peak_bytes(&self, puzzle: &SlidingPuzzle) -> u64 {
        let mut done = 0u64;
        let mut peak = 0u64;
        for i in self.build_order() {
            let g = &self.groups[i];
            let space = PatternSpace::new(puzzle, g);
            peak = peak.max(done + build_group_peak_bytes(&space));
            done += group_table_bytes(puzzle, g.len());
        }
        peak
    }
}

/// Bytes of the table of a group of `k` tiles.
pub(super) fn group_table_bytes(puzzle: &SlidingPuzzle, k: usize) -> u64 {
    table_bytes_for(permutations(puzzle.cells() as u64, k as u64))
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sizes())
    }
}
