//! The numbered spaces: every board of a puzzle ([`FullBoards`], the census), and the
//! placements of a group of tiles with the blank's region ([`PatternSpace`]).

use super::*;

/// Writes into `out[..k]` the `k` values numbered `rank` among `n` (the inverse of
/// [`rank_partial_permutation`]), without allocating.
#[inline]
pub(super) fn unrank_into(mut rank: u64, k: usize, n: u32, out: &mut [u8]) {
    let mut digits = [0u32; MAX_CELLS];
    for i in (0..k).rev() {
        let radix = u64::from(n - i as u32);
        digits[i] = (rank % radix) as u32;
        rank /= radix;
    }
    let mut free = u64::MAX >> (64 - n);
    for i in 0..k {
        let mut f = free;
        for _ in 0..digits[i] {
            f &= f - 1;
        }
        let c = f.trailing_zeros() as u8;
        free &= !(1 << c);
        out[i] = c;
    }
}

/// The geometry a numbering needs: size and neighbour masks.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    pub(super) cells: usize,
    pub(super) cols: usize,
    pub(super) all: u64,
    pub(super) not_col0: u64,
    pub(super) not_last_col: u64,
    pub(super) neighbours: Vec<Vec<u8>>,
}

impl Geometry {
    pub(super) fn new(puzzle: &SlidingPuzzle) -> Geometry {
        let (n, cols) = (puzzle.cells(), puzzle.cols());
        let all = u64::MAX >> (64 - n);
        let col = |c: usize| {
            (0..n)
                .filter(|i| i % cols == c)
                .fold(0u64, |m, i| m | 1 << i)
        };
        Geometry {
            cells: n,
            cols,
            all,
            not_col0: all & !col(0),
            not_last_col: all & !col(cols - 1),
            neighbours: (0..n).map(|c| puzzle.neighbours(c).to_vec()).collect(),
        }
    }

    /// The cells of `free` connected to `seed` through `free`.
    #[inline]
    pub(super) fn flood(&self, seed: u64, free: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = (region
                | ((region << 1) & self.not_col0)
                | ((region >> 1) & self.not_last_col)
                | (region << self.cols)
                | (region >> self.cols))
                & free
                & self.all;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Every board of a puzzle, numbered by the permutation of its cells: rank of (cell of the
/// blank, cell of tile 1, ...). Half the ranks are boards the goal cannot reach.
#[derive(Clone, Debug)]
pub struct FullBoards {
    pub(super) geometry: Geometry,
}

impl FullBoards {
    /// The numbering for `puzzle`'s size, refused above 20 cells (20! is the last
    /// factorial below 2^64).
    pub fn new(puzzle: &SlidingPuzzle) -> Result<FullBoards, PdbError> {
        if puzzle.cells() > 20 {
            return Err(format!(
                "a census numbers every board; {} cells have too many",
                puzzle.cells()
            )
            .into());
        }
        Ok(FullBoards {
            geometry: Geometry::new(puzzle),
        })
    }

    /// The rank of a board given as tiles row-major.
    pub fn rank_tiles(&self, tiles: &[u8]) -> u64 {
        let mut pos = [0u8; MAX_CELLS];
        for (cell, &t) in tiles.iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        rank_partial_permutation(&pos[..tiles.len()], tiles.len() as u32)
    }

    /// The rank of a board.
    #[inline]
    pub fn rank<C: Cells>(&self, board: &Board<C>) -> u64 {
        let n = self.geometry.cells;
        let mut pos = [0u8; MAX_CELLS];
        for cell in 0..n {
            pos[board.cells.get(cell) as usize] = cell as u8;
        }
        rank_partial_permutation(&pos[..n], n as u32)
    }
}

impl Numbered for FullBoards {
    fn state_count(&self) -> u64 {
        permutations(self.geometry.cells as u64, self.geometry.cells as u64)
    }

    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        let n = self.geometry.cells;
        let mut pos = [0u8; MAX_CELLS];
        unrank_into(rank, n, n as u32, &mut pos);
        let mut tile_at = [0u8; MAX_CELLS];
        for (t, &c) in pos[..n].iter().enumerate() {
            tile_at[c as usize] = t as u8;
        }
        let blank = pos[0];
        for &nb in &self.geometry.neighbours[blank as usize] {
            let t = tile_at[nb as usize] as usize;
            pos[0] = nb;
            pos[t] = blank;
            out.push(rank_partial_permutation(&pos[..n], n as u32));
            pos[t] = nb;
            pos[0] = blank;
        }
    }
}

/// The boards at each distance from `puzzle`'s goal: an exhaustive search over
/// [`FullBoards`], 2 bits a board, refused when that needs more than `max_memory` bytes,
/// stopped when `monitor`'s flag is raised.
pub fn census(
    puzzle: &SlidingPuzzle,
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
    monitor: Option<&resolu_search::Monitor>,
) -> Result<BfsReport, PdbError> {
    let boards = FullBoards::new(puzzle)?;
    let goal = boards.rank_tiles(puzzle.goal_tiles());
    let mut bfs = NumberedBfs::new(&boards).max_memory_bytes(max_memory);
    if let Some(o) = observer {
        bfs = bfs.observer(o);
    }
    if let Some(m) = monitor {
        bfs = bfs.monitor(m);
    }
    Ok(bfs.run(&[goal])?)
}

/// How the placements of one group of `k` tiles on `n` cells are numbered, shared by the
/// builder and the lookups: a placement is (the set of cells the group covers, the order of
/// the group's tiles on those cells), ranked as `set × k! + order`, where `set` is the
/// colexicographic rank of the cell mask and `order` the rank of the permutation that says
/// which of the set's cells (counted from the lowest) each tile of the group is on. Tables
/// store, for each placement, `(d - m) / 2` in 4 bits, `d` the table's value and `m` the
/// Manhattan distance of the group's tiles (the value is never below it and has its parity:
/// each move of a tile of the group changes `m` by one), so that 15 values cover what a
/// byte would; 15 means *not reached*.
#[derive(Clone, Debug)]
pub(super) struct Placements {
    pub(super) cells: usize,
    pub(super) k: usize,
    /// `binomial[c * (k + 1) + i]` = C(c, i), for `c <= cells`, `i <= k`.
    pub(super) binomial: Vec<u64>,
    /// k!.
    pub(super) orders: u64,
    /// `manhattan[i * cells + c]`: the distance of the group's tile `i` on cell `c` to its
    /// goal cell.
    pub(super) manhattan: Vec<u8>,
}

/// The value of a table entry meaning "not reached".
pub(super) const UNREACHED: u8 = 15;

impl Placements {
    pub(super) fn new(puzzle: &SlidingPuzzle, tiles: &[u8]) -> Placements {
        let (n, k, cols) = (puzzle.cells(), tiles.len(), puzzle.cols());
        let mut binomial = vec![0u64; (n + 1) * (k + 1)];
        for c in 0..=n {
            for i in 0..=k {
                binomial[c * (k + 1) + i] = if i == 0 {
                    1
                } else if c == 0 {
                    0
                } else {
                    binomial[(c - 1) * (k + 1) + i - 1] + binomial[(c - 1) * (k + 1) + i]
                };
            }
        }
        let mut manhattan = vec![0u8; k * n];
        for (i, &t) in tiles.iter().enumerate() {
            let goal = puzzle.goal_cells()[t as usize] as usize;
            for c in 0..n {
                manhattan[i * n + c] =
                    ((c / cols).abs_diff(goal / cols) + (c % cols).abs_diff(goal % cols)) as u8;
            }
        }
        Placements {
            cells: n,
            k,
            binomial,
            orders: (1..=k as u64).product(),
            manhattan,
        }
    }

    /// The number of placements: C(n, k) k!.
    pub(super) fn count(&self) -> u64 {
        self.sets() * self.orders
    }

    /// The number of cell sets: C(n, k).
    pub(super) fn sets(&self) -> u64 {
        self.binomial[self.cells * (self.k + 1) + self.k]
    }

    /// The colexicographic rank of a mask of `k` cells.
    #[inline]
    pub(super) fn set_rank(&self, mut mask: u64) -> u64 {
        let mut rank = 0;
        let mut i = 1;
        while mask != 0 {
            let c = mask.trailing_zeros() as usize;
            rank += self.binomial[c * (self.k + 1) + i];
            mask &= mask - 1;
            i += 1;
        }
        rank
    }

    /// The rank of the order of the tiles on `cells`: the rank of the partial permutation
    /// of the tiles' ranks within their set of cells ([`rank_partial_permutation`]). A
    /// tile's digit there is the number of the set's cells below its own that no earlier
    /// tile holds, that is, the number of later tiles on lower cells: a few comparisons,
    /// no bit counts (this runs twice for every node IDA* generates).
    #[inline]
    pub(super) fn order_rank(&self, cells: &[u8]) -> u64 {
        if cells.len() <= 8 {
            return self.packed_ranks::<false>(cells).1;
        }
        let mut rank = 0u64;
        for (i, &c) in cells.iter().enumerate() {
            let later_below = cells[i + 1..].iter().filter(|&&d| d < c).count();
            rank = rank * (cells.len() - i) as u64 + later_below as u64;
        }
        rank
    }

    /// The placement index of the group's tiles on `cells` (in the group's order).
    #[inline]
    pub(super) fn index(&self, cells: &[u8]) -> u64 {
        if cells.len() > 8 {
            let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
            return self.set_rank(mask) * self.orders + self.order_rank(cells);
        }
        let (set, order) = self.packed_ranks::<true>(cells);
        set * self.orders + order
    }

    /// For up to 8 tiles: the rank of their set of cells (when `SET`, else 0) and of their
    /// order, in one pass of comparisons made 8 at a time on the cells packed into the
    /// bytes of a word (cells are below 128, so no byte borrows from the next). Each tile
    /// gets both its rank within the set (the tile of rank `r` on cell `c` adds C(c, r + 1)
    /// to the set's colexicographic rank) and its digit of the order.
    #[inline]
    pub(super) fn packed_ranks<const SET: bool>(&self, cells: &[u8]) -> (u64, u64) {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let k = cells.len();
        let packed = cells
            .iter()
            .enumerate()
            .fold(0u64, |w, (j, &c)| w | u64::from(c) << (8 * j));
        let lanes = if k == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * k)) - 1
        };
        // The number of bytes whose high bit is set.
        let count = |x: u64| (x >> 7).wrapping_mul(ONES) >> 56;
        let (mut set, mut order) = (0u64, 0u64);
        for (i, &c) in cells.iter().enumerate() {
            // The high bit of each byte of `below` says whether that tile's cell is lower
            // than `c`.
            let below = !((packed | HIGH) - u64::from(c) * ONES) & HIGH & lanes;
            if SET {
                set += self.binomial[c as usize * (k + 1) + count(below) as usize + 1];
            }
            let later = if i + 1 >= 8 {
                0
            } else {
                u64::MAX << (8 * (i + 1))
            };
            order = order * (k - i) as u64 + count(below & later);
        }
        (set, order)
    }

    /// The Manhattan distance of the group's tiles on `cells` to their goal cells.
    #[inline]
    pub(super) fn manhattan(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .map(|(i, &c)| u32::from(self.manhattan[i * self.cells + c as usize]))
            .sum()
    }

    /// The table's value for the group's tiles on `cells`.
    #[inline]
    pub(super) fn value(&self, table: &[u8], cells: &[u8]) -> u32 {
        let index = self.index(cells);
        let nibble = (table[(index / 2) as usize] >> (4 * (index % 2))) & 0xF;
        // An entry never reached (a placement the goal cannot reach) counts as its
        // Manhattan distance: still a lower bound, never used on a solvable board.
        let extra = if nibble == UNREACHED { 0 } else { nibble };
        self.manhattan(cells) + 2 * u32::from(extra)
    }
}

/// The abstract space of one group of tiles: (placement of the group's tiles, region of
/// the blank), numbered with no gaps. See the module documentation of `sliding::pdb`.
///
/// A state's rank is `(offset[set] + region) × k! + order`: `set` and `order` number the
/// placement as in the tables, `region` is the rank of the blank's region among the
/// connected regions of the free cells of `set` (ordered by their smallest cell), and
/// `offset` counts the regions of the sets before. On 4x4 a set of 8 cells leaves 2.75
/// regions on average, so the 8-tile space has 1.43 billion states (357 MB at 2 bits).
#[derive(Clone, Debug)]
pub struct PatternSpace {
    pub(super) geometry: Geometry,
    pub(super) placements: Placements,
    pub(super) goal_cells: Vec<u8>,
    pub(super) blank_goal: u8,
    /// The cell mask of each set.
    pub(super) set_mask: Vec<u64>,
    /// The cells of each set, increasing (`k` a set).
    pub(super) set_cells: Vec<u8>,
    /// `region_of[set * n + cell]`: the region of a free cell (255 on the set's cells).
    pub(super) region_of: Vec<u8>,
    /// Regions of the sets before each set (one more entry: the total).
    pub(super) offset: Vec<u64>,
    /// For each (set, region) pair, numbered `offset[set] + region`: the set.
    pub(super) set_of: Vec<u32>,
    /// For each (set, region) pair: the region's cells.
    pub(super) region_mask: Vec<u64>,
    /// For groups of at most 8 tiles, each order unranked ahead of time: the index in the
    /// set of each tile's cell, 4 bits a tile (decoding is most of the build's time).
    pub(super) order_index: Vec<u32>,
    /// For groups of at most [`REORDER_MAX_TILES`] tiles, `reorder[(order * k + i) * k +
    /// b]`: the order after tile `i` moves to index `b` of the new set (the tiles between
    /// its old and new index shift by one; the others keep theirs). A move changes the
    /// order only so, so a successor's order is one lookup in the parent's row of `k * k`
    /// entries instead of ranking a permutation.
    pub(super) reorder: Vec<u16>,
    /// The neighbours of each cell, as a mask.
    pub(super) neighbour_mask: Vec<u64>,
    /// `cell_index[set * n + cell]`: the index of a cell of a set among the set's cells.
    pub(super) cell_index: Vec<u8>,
    /// On boards of at most 20 cells, the set of each mask of `k` cells (the rank
    /// computed once; 4 MB at most).
    pub(super) set_of_mask: Vec<u32>,
    /// 2^64 / k! + 1, and whether multiplying by it divides every rank exactly by k!.
    pub(super) inverse: u128,
    pub(super) inverse_exact: bool,
}

/// The largest group given a [`PatternSpace::reorder`] table: 7 tiles take 494 KB, which
/// stays in cache; 8 would take 5 MB, which does not, and was no faster than ranking the
/// order again (3x4, 8-3: 12.1 s against 10.0-13.2 s of CPU).
pub(super) const REORDER_MAX_TILES: usize = 7;

/// `ONES_BELOW[used][x]`: the ones of `used` below bit `x`, for the orders of 8 tiles (the
/// build's inner loop).
pub(super) static ONES_BELOW: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut used = 0;
    while used < 256 {
        let mut x = 0;
        while x < 8 {
            t[used][x] = ((used as u32) & ((1 << x) - 1)).count_ones() as u8;
            x += 1;
        }
        used += 1;
    }
    t
};

impl PatternSpace {
    /// The space of `tiles` (internal numbers) in `puzzle`.
    pub fn new(puzzle: &SlidingPuzzle, tiles: &[u8]) -> PatternSpace {
        let geometry = Geometry::new(puzzle);
        let placements = Placements::new(puzzle, tiles);
        let (n, k) = (geometry.cells, tiles.len());
        let sets = placements.sets() as usize;
        let mut set_mask = Vec::with_capacity(sets);
        let mut set_cells = Vec::with_capacity(sets * k);
        let mut region_of = vec![u8::MAX; sets * n];
        let mut offset = Vec::with_capacity(sets + 1);
        let mut set_of = Vec::new();
        let mut region_mask = Vec::new();
        // Gosper's hack enumerates the masks of k bits in increasing order: colex order.
        let mut mask: u64 = (1u64 << k) - 1;
        for set in 0..sets {
            set_mask.push(mask);
            set_cells.extend((0..n as u8).filter(|&c| mask & (1 << c) != 0));
            offset.push(region_mask.len() as u64);
            let mut free = geometry.all & !mask;
            let mut region = 0u8;
            while free != 0 {
                let cells = geometry.flood(free & free.wrapping_neg(), free);
                free &= !cells;
                let mut rest = cells;
                while rest != 0 {
                    region_of[set * n + rest.trailing_zeros() as usize] = region;
                    rest &= rest - 1;
                }
                set_of.push(set as u32);
                region_mask.push(cells);
                region += 1;
            }
            if k > 0 && set + 1 < sets {
                let low = mask & mask.wrapping_neg();
                let ripple = mask.wrapping_add(low);
                mask = (((ripple ^ mask) >> 2) / low) | ripple;
            }
        }
        offset.push(region_mask.len() as u64);
        let order_index = if k <= 8 {
            (0..placements.orders)
                .map(|order| {
                    let mut index = [0u8; MAX_CELLS];
                    unrank_into(order, k, k as u32, &mut index);
                    (0..k).fold(0u32, |p, i| p | u32::from(index[i]) << (4 * i))
                })
                .collect()
        } else {
            Vec::new()
        };
        let reorder = if k <= REORDER_MAX_TILES {
            reorder_table(k)
        } else {
            Vec::new()
        };
        let neighbour_mask = geometry
            .neighbours
            .iter()
            .map(|ns| ns.iter().fold(0u64, |m, &c| m | 1 << c))
            .collect();
        let mut cell_index = vec![0u8; sets * n];
        for set in 0..sets {
            for (i, &c) in set_cells[set * k..(set + 1) * k].iter().enumerate() {
                cell_index[set * n + c as usize] = i as u8;
            }
        }
        let mut set_of_mask = Vec::new();
        if n <= 20 {
            set_of_mask = vec![u32::MAX; 1 << n];
            for (set, &m) in set_mask.iter().enumerate() {
                set_of_mask[m as usize] = set as u32;
            }
        }
        let orders = u128::from(placements.orders);
        let states = u128::from(offset[offset.len() - 1]) * orders;
        PatternSpace {
            inverse: (1u128 << 64) / orders + 1,
            inverse_exact: states * orders < 1u128 << 64,
            set_of_mask,
            cell_index,
            neighbour_mask,
            order_index,
            reorder,
            goal_cells: tiles
                .iter()
                .map(|&t| puzzle.goal_cells()[t as usize])
                .collect(),
            blank_goal: puzzle.goal_cells()[0],
            geometry,
            placements,
            set_mask,
            set_cells,
            region_of,
            offset,
            set_of,
            region_mask,
        }
    }

    /// The number of placements of the group: the entries of its table.
    pub fn placements(&self) -> u64 {
        self.placements.count()
    }

    /// The rank of the group's tiles on `cells` with the blank on `blank`.
    pub(super) fn state_rank(&self, cells: &[u8], blank: u8) -> u64 {
        let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
        let set = self.placements.set_rank(mask) as usize;
        let region = self.region_of[set * self.geometry.cells + blank as usize];
        (self.offset[set] + u64::from(region)) * self.placements.orders
            + self.placements.order_rank(cells)
    }

    /// The goal state: the group on its goal cells, the blank in the region of its goal
    /// cell.
    pub fn goal_rank(&self) -> u64 {
        self.state_rank(&self.goal_cells, self.blank_goal)
    }

    /// The pair number (`offset[set] + region`) and the order of a rank: a division by k!,
    /// done as a multiplication by its inverse (a 64-bit division is tens of cycles, and
    /// the build divides at every state); exact while rank × k! stays below 2^64, as it
    /// does for every space here.
    #[inline]
    pub(super) fn split(&self, rank: u64) -> (usize, u64) {
        let orders = self.placements.orders;
        let pair = if self.inverse_exact {
            ((u128::from(rank) * self.inverse) >> 64) as u64
        } else {
            rank / orders
        };
        (pair as usize, rank - pair * orders)
    }

    /// The pair number (`offset[set] + region`) and the order of a rank, and the cells of
    /// the group's tiles written into `cells`.
    #[inline]
    pub(super) fn decode(&self, rank: u64, cells: &mut [u8]) -> (usize, u64) {
        let k = self.placements.k;
        let (pair, order) = self.split(rank);
        let set = self.set_of[pair] as usize;
        let set_cells = &self.set_cells[set * k..(set + 1) * k];
        if let Some(&packed) = self.order_index.get(order as usize) {
            for (i, cell) in cells.iter_mut().enumerate().take(k) {
                *cell = set_cells[((packed >> (4 * i)) & 0xF) as usize];
            }
        } else {
            let mut index = [0u8; MAX_CELLS];
            unrank_into(order, k, k as u32, &mut index);
            for i in 0..k {
                cells[i] = set_cells[index[i] as usize];
            }
        }
        (pair, order)
    }

    /// Pushes the successors of the state `(pair, order)` whose group's tiles are on
    /// `cells`.
    #[inline]
    pub(super) fn successors(&self, pair: usize, order: u64, cells: &mut [u8], out: &mut Vec<u64>) {
        let (n, k) = (self.geometry.cells, self.placements.k);
        let region = self.region_mask[pair];
        let mask = self.set_mask[self.set_of[pair] as usize];
        let row = (order as usize) * k * k;
        for i in 0..k {
            let from = cells[i];
            let mut targets = self.neighbour_mask[from as usize] & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                // The tile slides into the blank's region; the blank is then in the region
                // of the cell it left.
                let after = mask ^ (1 << from) ^ (1 << to);
                let set = match self.set_of_mask.get(after as usize) {
                    Some(&set) => set as usize,
                    None => self.placements.set_rank(after) as usize,
                };
                // When no cell of the group lies between the two cells (always so for a
                // move along a row), every tile keeps its index in the set: same order.
                let (lo, hi) = (from.min(to), from.max(to));
                let between = ((1u64 << hi) - 1) & !((2u64 << lo) - 1);
                let order = if mask & between == 0 {
                    order
                } else if !self.reorder.is_empty() {
                    let b = usize::from(self.cell_index[set * n + to as usize]);
                    u64::from(self.reorder[row + i * k + b])
                } else if k <= 8 {
                    let index = &self.cell_index[set * n..(set + 1) * n];
                    cells[i] = to;
                    let mut order = 0u64;
                    let mut used = 0usize;
                    for (j, &c) in cells[..k].iter().enumerate() {
                        let x = index[c as usize];
                        let below = ONES_BELOW[used & 0xFF][usize::from(x & 7)];
                        order = order * (k - j) as u64 + u64::from(x - below);
                        used |= 1 << (x & 7);
                    }
                    cells[i] = from;
                    order
                } else {
                    cells[i] = to;
                    let order = self.placements.order_rank(&cells[..k]);
                    cells[i] = from;
                    order
                };
                let new_region = self.region_of[set * n + from as usize];
                out.push(
                    (self.offset[set] + u64::from(new_region)) * self.placements.orders + order,
                );
            }
        }
    }
}

/// The table of [`PatternSpace::reorder`] for groups of `k` tiles (at most 8: orders fit
/// in 16 bits).
pub(super) fn reorder_table(k: usize) -> Vec<u16> {
    let orders: u64 = (1..=k as u64).product();
    let mut table = Vec::with_capacity(orders as usize * k * k);
    let mut index = [0u8; MAX_CELLS];
    let mut moved = [0u8; MAX_CELLS];
    for order in 0..orders {
        unrank_into(order, k, k as u32, &mut index);
        for i in 0..k {
            let a = index[i];
            for b in 0..k as u8 {
                for j in 0..k {
                    let x = index[j];
                    moved[j] = if j == i {
                        b
                    } else if a < b && x > a && x <= b {
                        x - 1
                    } else if b < a && x >= b && x < a {
                        x + 1
                    } else {
                        x
                    };
                }
                table.push(rank_partial_permutation(&moved[..k], k as u32) as u16);
            }
        }
    }
    table
}

impl Numbered for PatternSpace {
    fn state_count(&self) -> u64 {
        self.offset[self.offset.len() - 1] * self.placements.orders
    }

    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        let mut cells = [0u8; MAX_CELLS];
        let (pair, order) = self.decode(rank, &mut cells);
        self.successors(pair, order, &mut cells, out);
    }
}
