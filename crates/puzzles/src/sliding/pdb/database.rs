//! The heuristic of a pattern database: the lookups of its groups' tables, with reflection,
//! and the per-thread cache of recent values for the in-place updates.

use super::*;

/// One group's table.
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub(super) tiles: Vec<u8>,
    pub(super) placements: Placements,
    pub(super) table: Arc<[u8]>,
}

/// How a cell and tile map to their mirror images about the main diagonal.
#[derive(Clone, Debug)]
pub(super) struct Mirror {
    pub(super) cell: Vec<u8>,
    pub(super) tile: Vec<u8>,
}

/// The heuristic of a pattern database: the sum of the groups' tables, the larger of the
/// board's and its mirror image's when the goal allows; or, for the exact table of a
/// small board, the distance itself.
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    pub(super) cells: usize,
    /// The puzzle the tables are for: its rows and goal (tiles by cell).
    pub(super) rows: usize,
    pub(super) goal: Arc<[u8]>,
    /// Tells databases apart in the per-thread cache of recent values (clones share it:
    /// they share the tables).
    pub(super) id: u64,
    pub(super) kind: Kind,
}

/// The source of [`PatternDatabase`] ids; 0 marks an empty cache slot.
pub(super) static NEXT_DATABASE_ID: AtomicU64 = AtomicU64::new(1);

pub(super) fn next_database_id() -> u64 {
    NEXT_DATABASE_ID.fetch_add(1, Ordering::Relaxed)
}

/// How many slots the per-thread cache of recent values has (a power of two).
pub(super) const RECENT_SLOTS: usize = 1024;
/// The most groups whose values a cache slot holds (per orientation).
pub(super) const RECENT_GROUPS: usize = 8;
/// The most cells of a board whose tiles' cells a slot holds.
pub(super) const RECENT_CELLS: usize = 32;

/// The values of each group, direct then mirrored, of one recent board, and the cell of
/// each tile (decoding the packed board is a third of an update's work).
#[derive(Clone, Copy)]
pub(super) struct Recent {
    pub(super) database: u64,
    pub(super) cells: u128,
    pub(super) values: [u8; 2 * RECENT_GROUPS],
    pub(super) pos: [u8; RECENT_CELLS],
}

impl Recent {
    const EMPTY: Recent = Recent {
        database: 0,
        cells: 0,
        values: [0; 2 * RECENT_GROUPS],
        pos: [0; RECENT_CELLS],
    };
}

thread_local! {
    /// The group values of the boards an in-place search has evaluated lately, so that a
    /// child's value costs the lookups of the moved tile's group alone (see
    /// [`PatternDatabase::update_in_place`]). Direct-mapped: a slot holds the last board
    /// hashed to it.
    static RECENT: RefCell<[Recent; RECENT_SLOTS]> =
        const { RefCell::new([Recent::EMPTY; RECENT_SLOTS]) };
}

#[inline]
pub(super) fn recent_slot(database: u64, cells: u128) -> usize {
    let folded = (cells as u64) ^ ((cells >> 64) as u64).rotate_left(29) ^ database;
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT_SLOTS.trailing_zeros())) as usize
}

#[derive(Clone, Debug)]
pub(super) enum Kind {
    Additive {
        groups: Vec<Group>,
        /// The group of each tile (usize::MAX for none).
        group_of: Vec<usize>,
        mirror: Option<Mirror>,
    },
    Exact {
        boards: FullBoards,
        distance: Arc<[u8]>,
    },
}

impl PatternDatabase {
    /// The additive heuristic of `partition` from its tables, in the order of its groups.
    /// Reflection is used when `reflect` is asked and the goal is symmetric. A table given
    /// as an `Arc<[u8]>` ([`load_or_build`]) is kept as it is; a `Vec<u8>` is copied once.
    pub fn additive<T: Into<Arc<[u8]>>>(
        puzzle: &SlidingPuzzle,
        partition: &Partition,
        tables: Vec<T>,
        reflect: bool,
    ) -> PatternDatabase {
        let mut group_of = vec![usize::MAX; puzzle.cells()];
        for (i, g) in partition.groups.iter().enumerate() {
            for &t in g {
                group_of[t as usize] = i;
            }
        }
        let groups = partition
            .groups
            .iter()
            .zip(tables)
            .map(|(g, t)| Group {
                tiles: g.clone(),
                placements: Placements::new(puzzle, g),
                table: t.into(),
            })
            .collect();
        let mirror = if reflect { mirror_of(puzzle) } else { None };
        PatternDatabase {
            cells: puzzle.cells(),
            rows: puzzle.rows(),
            goal: puzzle.goal_tiles().into(),
            id: next_database_id(),
            kind: Kind::Additive {
                groups,
                group_of,
                mirror,
            },
        }
    }

    /// The exact distance table of a small board (all its boards, a byte each), built
    /// here: a perfect heuristic. Refused above 12 cells, and when the table would take
    /// more than `max_memory` bytes ([`NumberedError::TooBig`]).
    pub fn exact(puzzle: &SlidingPuzzle, max_memory: u64) -> Result<PatternDatabase, PdbError> {
        if puzzle.cells() > 12 {
            return Err("an exact table is built for boards of 12 cells at most".into());
        }
        let boards = FullBoards::new(puzzle)?;
        let goal = boards.rank_tiles(puzzle.goal_tiles());
        let report = NumberedBfs::new(&boards)
            .encoding(Encoding::Byte)
            .max_memory_bytes(max_memory)
            .run(&[goal])?;
        let distance = report
            .table
            .map(|t| t.bytes().to_vec())
            .unwrap_or_default()
            .into();
        Ok(PatternDatabase {
            cells: puzzle.cells(),
            rows: puzzle.rows(),
            goal: puzzle.goal_tiles().into(),
            id: next_database_id(),
            kind: Kind::Exact { boards, distance },
        })
    }

    /// Whether the tables are those of `puzzle`'s size and goal (the start does not
    /// matter): a database is only a heuristic for the puzzles it fits.
    pub fn fits(&self, puzzle: &SlidingPuzzle) -> bool {
        self.rows == puzzle.rows() && *self.goal == *puzzle.goal_tiles()
    }

    /// Whether the mirror image is looked up too.
    pub fn reflects(&self) -> bool {
        matches!(
            &self.kind,
            Kind::Additive {
                mirror: Some(_),
                ..
            }
        )
    }

    /// The value of the board given as the cell of each tile (`pos[t]`).
    #[inline]
    pub(super) fn sum(groups: &[Group], pos: &[u8]) -> u32 {
        groups.iter().map(|g| Self::lookup(g, pos)).sum()
    }

    #[inline]
    pub(super) fn lookup(g: &Group, pos: &[u8]) -> u32 {
        let mut cells = [0u8; MAX_CELLS];
        for (i, &t) in g.tiles.iter().enumerate() {
            cells[i] = pos[t as usize];
        }
        g.placements.value(&g.table, &cells[..g.tiles.len()])
    }

    /// The heuristic's value on a board given as tiles row-major.
    pub fn value_of_tiles(&self, tiles: &[u8]) -> u32 {
        let mut pos = [0u8; MAX_CELLS];
        for (cell, &t) in tiles.iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        self.value_of_positions(&pos[..self.cells], tiles)
    }

    pub(super) fn value_of_positions(&self, pos: &[u8], tiles: &[u8]) -> u32 {
        match &self.kind {
            Kind::Exact { boards, distance } => {
                u32::from(distance[boards.rank_tiles(tiles) as usize])
            }
            Kind::Additive { groups, mirror, .. } => {
                let direct = Self::sum(groups, pos);
                match mirror {
                    None => direct,
                    Some(m) => {
                        let mut mirrored = [0u8; MAX_CELLS];
                        for (t, &c) in pos.iter().enumerate() {
                            mirrored[m.tile[t] as usize] = m.cell[c as usize];
                        }
                        direct.max(Self::sum(groups, &mirrored[..pos.len()]))
                    }
                }
            }
        }
    }

    /// The value of the board `m` leads to from `parent` ([`InPlaceHeuristic`]).
    ///
    /// With reflection the value is the larger of two sums, and the parent's value alone
    /// does not say how the move changes it. The in-place searches pass nothing else, so
    /// the group values of recently evaluated boards are kept per thread, keyed by the
    /// board: the parent, evaluated just before its children in a depth-first search, is
    /// nearly always there, and the child then costs one lookup per orientation (the moved
    /// tile's group), not one per group and orientation (8 on the 24-puzzle). A board not
    /// found is evaluated in full; the value is the same either way.
    pub(super) fn child_value<C: Cells>(&self, parent: &Board<C>, m: &Move) -> u32 {
        let Kind::Additive {
            groups,
            group_of,
            mirror,
        } = &self.kind
        else {
            return self.value(&parent.apply(*m));
        };
        let (Some(key), true) = (
            parent.cells.as_u128(),
            groups.len() <= RECENT_GROUPS && self.cells <= RECENT_CELLS,
        ) else {
            return self.value(&parent.apply(*m));
        };
        let n = groups.len();
        let child = parent.cells.slide(m.tile, m.from as usize, m.to as usize);
        let child_key = child.as_u128().unwrap_or_default();
        RECENT.with_borrow_mut(|recent| {
            let slot = &recent[recent_slot(self.id, key)];
            let (mut values, mut pos) = if slot.database == self.id && slot.cells == key {
                (slot.values, slot.pos)
            } else {
                let mut pos = [0u8; RECENT_CELLS];
                for cell in 0..self.cells {
                    pos[parent.cells.get(cell) as usize] = cell as u8;
                }
                let mut values = [0u8; 2 * RECENT_GROUPS];
                for (v, g) in values.iter_mut().zip(groups) {
                    *v = Self::lookup(g, &pos) as u8;
                }
                if let Some(mr) = mirror {
                    for (v, g) in values[RECENT_GROUPS..].iter_mut().zip(groups) {
                        *v = Self::lookup_mirrored(g, &pos, mr) as u8;
                    }
                }
                (values, pos)
            };
            pos[m.tile as usize] = m.to;
            pos[0] = m.from;
            let g = group_of[m.tile as usize];
            if g != usize::MAX {
                values[g] = Self::lookup(&groups[g], &pos) as u8;
            }
            let mut best = values[..n].iter().map(|&v| u32::from(v)).sum::<u32>();
            if let Some(mr) = mirror {
                let gm = group_of[mr.tile[m.tile as usize] as usize];
                if gm != usize::MAX {
                    values[RECENT_GROUPS + gm] = Self::lookup_mirrored(&groups[gm], &pos, mr) as u8;
                }
                let mirrored = values[RECENT_GROUPS..RECENT_GROUPS + n]
                    .iter()
                    .map(|&v| u32::from(v))
                    .sum::<u32>();
                best = best.max(mirrored);
            }
            recent[recent_slot(self.id, child_key)] = Recent {
                database: self.id,
                cells: child_key,
                values,
                pos,
            };
            best
        })
    }

    /// The value of group `g` on the mirror image of the board whose tiles are on `pos`:
    /// the mirror image's tile `u` stands on the mirror of the cell of tile `mirror.tile[u]`
    /// (the reflection is its own inverse).
    #[inline]
    pub(super) fn lookup_mirrored(g: &Group, pos: &[u8], mirror: &Mirror) -> u32 {
        let mut cells = [0u8; MAX_CELLS];
        for (i, &u) in g.tiles.iter().enumerate() {
            cells[i] = mirror.cell[pos[mirror.tile[u as usize] as usize] as usize];
        }
        g.placements.value(&g.table, &cells[..g.tiles.len()])
    }

    pub(super) fn value<C: Cells>(&self, board: &Board<C>) -> u32 {
        let mut pos = [0u8; MAX_CELLS];
        let mut tiles = [0u8; MAX_CELLS];
        for (cell, tile) in tiles.iter_mut().enumerate().take(self.cells) {
            *tile = board.cells.get(cell);
            pos[*tile as usize] = cell as u8;
        }
        self.value_of_positions(&pos[..self.cells], &tiles[..self.cells])
    }
}

impl<C: Cells> Heuristic<Board<C>, Move> for PatternDatabase {
    fn estimate(&self, board: &Board<C>) -> f64 {
        f64::from(self.value(board))
    }

    /// Without reflection only the moved tile's group changes: its entry before and after
    /// the move replace each other in the parent's sum (two lookups). With reflection the
    /// heuristic is a maximum of two sums, which the parent's value does not split, so
    /// both sums are recomputed (for 7-8, four lookups: as many as the incremental form
    /// would need for the two sums).
    #[inline]
    fn update(&self, parent: &Board<C>, parent_h: f64, m: &Move, child: &Board<C>) -> f64 {
        if let Kind::Additive {
            groups,
            group_of,
            mirror: None,
        } = &self.kind
        {
            let g = group_of[m.tile as usize];
            if g == usize::MAX {
                return parent_h;
            }
            let mut pos = [0u8; MAX_CELLS];
            for cell in 0..self.cells {
                pos[parent.cells.get(cell) as usize] = cell as u8;
            }
            let before = Self::lookup(&groups[g], &pos[..self.cells]);
            pos[m.tile as usize] = m.to;
            let after = Self::lookup(&groups[g], &pos[..self.cells]);
            return parent_h - f64::from(before) + f64::from(after);
        }
        f64::from(self.value(child))
    }
}

impl<C: Cells> InPlaceHeuristic<Board<C>, Move, u32> for PatternDatabase {
    #[inline]
    fn update_in_place(&self, parent: &Board<C>, _: u32, m: &Move) -> u32 {
        self.child_value(parent, m)
    }
}

/// The reflection about the main diagonal, when it maps the goal onto itself up to the
/// names of the tiles: a square board whose blank's goal cell is on the diagonal.
pub(super) fn mirror_of(puzzle: &SlidingPuzzle) -> Option<Mirror> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if rows != cols {
        return None;
    }
    let n = puzzle.cells();
    let cell: Vec<u8> = (0..n)
        .map(|c| ((c % cols) * cols + c / cols) as u8)
        .collect();
    let goal = puzzle.goal_cells();
    if cell[goal[0] as usize] != goal[0] {
        return None;
    }
    let tile = (0..n)
        .map(|t| puzzle.goal_tiles()[cell[goal[t] as usize] as usize])
        .collect();
    Some(Mirror { cell, tile })
}

impl PatternDatabase {
    /// The best heuristic of this module for `puzzle`, built in memory (no cache): the
    /// exact table up to 10 cells, else the additive tables of
    /// [`Partition::best_for`] with reflection.
    pub fn best_in_memory(
        puzzle: &SlidingPuzzle,
        max_memory: u64,
    ) -> Result<PatternDatabase, PdbError> {
        if puzzle.cells() <= 10 {
            return PatternDatabase::exact(puzzle, max_memory);
        }
        let partition = Partition::best_for(puzzle);
        let tables = build_tables(puzzle, &partition, max_memory, &|_| ())?;
        Ok(PatternDatabase::additive(puzzle, &partition, tables, true))
    }
}
