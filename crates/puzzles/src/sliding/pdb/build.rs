//! Building a group's table: the breadth-first search over its [`PatternSpace`], the
//! entries packed as it goes, within a memory budget.

use super::*;
use resolu_search::Monitor;

/// Bytes of a table of `placements` entries (4 bits each).
pub(super) fn table_bytes_for(placements: u64) -> u64 {
    placements.div_ceil(2)
}

/// While a group's table is built, its entries take 3 bits, 21 to a 64-bit word, rather
/// than the table's 4: with the search's array beside it, that is what keeps the 7-8 build
/// under 600 MB (the 8-tile table's 519 million entries take 198 MB so, 259 MB at 4 bits).
/// Values 0 to 5 are the entry's; [`BUILD_MORE`] says the value is 6 or more and is in the
/// list of larger values (few: the search reaches most placements close to their Manhattan
/// distance); [`BUILD_UNREACHED`] is not reached yet. Once the search is over and its array
/// freed, the entries are written out at 4 bits.
pub(super) const BUILD_PER_WORD: u64 = 21;
/// A 3-bit build entry: the value is 6 or more, in the list of larger values.
pub(super) const BUILD_MORE: u8 = 6;
/// A 3-bit build entry: not reached yet.
pub(super) const BUILD_UNREACHED: u64 = 7;

/// Bytes of the 3-bit build entries of `placements` placements.
pub(super) fn build_entries_bytes_for(placements: u64) -> u64 {
    placements.div_ceil(BUILD_PER_WORD) * 8
}

/// Bytes set aside for the list of values of 6 or more: room for one placement in 256 (8
/// bytes an entry, a list that doubles as it grows counted at its capacity). The 7-8 build
/// lists 568k of the 8-tile group's 519 million placements (0.11%, 4.5 MB), so this
/// 16 MB is 3.5 times what it needs; a build whose list outgrows what the budget leaves
/// is refused when its search ends ([`NumberedError::TooBig`]).
pub(super) fn build_list_reserve_bytes(placements: u64) -> u64 {
    placements.div_ceil(256) * 8
}

/// The most memory [`build_group`] holds at once for a group of `k` tiles: the search's
/// array beside the 3-bit entries, or the 3-bit entries beside the 4-bit table they are
/// written out to, and the list of values of 6 or more ([`build_list_reserve_bytes`]).
pub(super) fn build_group_peak_bytes(space: &PatternSpace) -> u64 {
    let entries = build_entries_bytes_for(space.placements());
    let search = Encoding::TwoBits.bytes_for(space.state_count());
    entries
        + search.max(table_bytes_for(space.placements()))
        + build_list_reserve_bytes(space.placements())
}

/// Builds the table of one group: for each placement (numbered as described at
/// [`PatternSpace`]), the fewest moves of those tiles to their goal cells, packed as
/// described at the module level. Refused when the search's array and the table would
/// exceed `max_memory` bytes.
pub fn build_group(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
) -> Result<Vec<u8>, NumberedError> {
    build_group_listing_from(puzzle, tiles, max_memory, observer, BUILD_MORE, None)
}

/// [`build_group`], with the values from `more_from` (at most [`BUILD_MORE`]) kept in the
/// list rather than in the 3-bit entries (the tests send every value through the list).
pub(super) fn build_group_listing_from(
    puzzle: &SlidingPuzzle,
    tiles: &[u8],
    max_memory: u64,
    observer: Option<&(dyn Fn(LayerDone) + Sync)>,
    more_from: u8,
    monitor: Option<&Monitor>,
) -> Result<Vec<u8>, NumberedError> {
    let more_from = more_from.min(BUILD_MORE);
    let space = PatternSpace::new(puzzle, tiles);
    let needed = build_group_peak_bytes(&space);
    if needed > max_memory {
        return Err(NumberedError::TooBig {
            needed,
            limit: max_memory,
        });
    }
    let placements = space.placements();
    // The list may take what the budget leaves beside the arrays (at least its reserve).
    let arrays = needed - build_list_reserve_bytes(placements);
    let list_limit = max_memory - arrays;
    // All ones: every entry BUILD_UNREACHED.
    let entries: Vec<AtomicU64> = (0..placements.div_ceil(BUILD_PER_WORD))
        .map(|_| AtomicU64::new(u64::MAX))
        .collect();
    let more = Mutex::new(Vec::new());
    let list_wanted = AtomicU64::new(0);
    let builder = TableBuilder {
        space: &space,
        entries: &entries,
        more: &more,
        more_from,
        list_limit,
        list_wanted: &list_wanted,
    };
    let mut bfs = NumberedBfs::new(&builder);
    if let Some(o) = observer {
        bfs = bfs.observer(o);
    }
    if let Some(m) = monitor {
        bfs = bfs.monitor(m);
    }
    // The search's array is freed when `run` returns: the 4-bit table is allocated after.
    bfs.run(&[space.goal_rank()])?;
    let wanted = list_wanted.into_inner();
    if wanted > 0 {
        return Err(NumberedError::TooBig {
            needed: arrays + wanted,
            limit: max_memory,
        });
    }
    let mut table = vec![0u8; table_bytes_for(placements) as usize];
    // 42 entries are 2 words of build entries and 21 bytes of the table.
    const WORDS: usize = 1 << 12;
    let bytes = WORDS / 2 * 21;
    table
        .par_chunks_mut(bytes)
        .zip(entries.par_chunks(WORDS))
        .for_each(|(out, words)| {
            for (i, w) in words.iter().enumerate() {
                let w = w.load(Ordering::Relaxed);
                for slot in 0..BUILD_PER_WORD as usize {
                    let index = i * BUILD_PER_WORD as usize + slot;
                    let Some(byte) = out.get_mut(index / 2) else {
                        break;
                    };
                    let v = ((w >> (3 * slot)) & 7) as u8;
                    let nibble = if u64::from(v) == BUILD_UNREACHED {
                        UNREACHED
                    } else {
                        v
                    };
                    *byte = if index.is_multiple_of(2) {
                        (*byte & 0xF0) | nibble
                    } else {
                        (*byte & 0x0F) | (nibble << 4)
                    };
                }
            }
        });
    drop(entries);
    for packed in more.into_inner().unwrap_or_else(|e| e.into_inner()) {
        let (index, extra) = (packed >> 8, (packed & 0xFF) as u8);
        let shift = 4 * (index % 2);
        let byte = &mut table[(index / 2) as usize];
        *byte = (*byte & !(0xF << shift)) | (extra << shift);
    }
    Ok(table)
}

/// The search of [`build_group`]: the pattern space, whose states write their placement's
/// entry when expanded. The search expands every state once, at its depth, in order of
/// depth, so the first state of a placement expanded gives its least distance over the
/// blank's regions; and the state is decoded there anyway, for its successors.
pub(super) struct TableBuilder<'a> {
    pub(super) space: &'a PatternSpace,
    /// The 3-bit entries ([`BUILD_PER_WORD`]).
    pub(super) entries: &'a [AtomicU64],
    /// Values of 6 or more: placement index << 8 | value.
    pub(super) more: &'a Mutex<Vec<u64>>,
    /// The least value kept in `more` ([`BUILD_MORE`] but in tests).
    pub(super) more_from: u8,
    /// The bytes `more` may take.
    pub(super) list_limit: u64,
    /// The bytes `more` would have grown to past `list_limit` (0 while it has not; the
    /// build is then refused).
    pub(super) list_wanted: &'a AtomicU64,
}

impl Numbered for TableBuilder<'_> {
    fn state_count(&self) -> u64 {
        self.space.state_count()
    }

    fn successor_ranks(&self, rank: u64, out: &mut Vec<u64>) {
        self.space.successor_ranks(rank, out);
    }

    #[inline]
    fn expand(&self, rank: u64, depth: u32, out: &mut Vec<u64>) {
        let space = self.space;
        let k = space.placements.k;
        let mut cells = [0u8; MAX_CELLS];
        let (pair, order) = space.decode(rank, &mut cells);
        let index = u64::from(space.set_of[pair]) * space.placements.orders + order;
        let shift = 3 * (index % BUILD_PER_WORD);
        let word = &self.entries[(index / BUILD_PER_WORD) as usize];
        // Most placements were written by a shallower state already (a placement has 2.75
        // states on average on 4x4): a plain load skips them.
        if (word.load(Ordering::Relaxed) >> shift) & 7 == BUILD_UNREACHED {
            let m = space.placements.manhattan(&cells[..k]);
            let extra = (depth.saturating_sub(m) / 2).min(u32::from(UNREACHED) - 1) as u8;
            let stored = u64::from(extra.min(self.more_from));
            // Other states of the placement expanded in this layer write the same value,
            // and an unreached entry is all ones: an AND writes it; the old word says
            // which call was first (the one that records a larger value).
            let old = word.fetch_and(!(7 << shift) | (stored << shift), Ordering::Relaxed);
            if (old >> shift) & 7 == BUILD_UNREACHED && extra >= self.more_from {
                let mut more = self.more.lock().unwrap_or_else(|e| e.into_inner());
                // A push that would make the list reallocate past its share of the budget
                // is not done: the build is refused when the search ends.
                let grown = if more.len() < more.capacity() {
                    more.capacity()
                } else {
                    (2 * more.capacity()).max(4)
                };
                if grown as u64 * 8 <= self.list_limit {
                    more.push(index << 8 | u64::from(extra));
                } else {
                    self.list_wanted
                        .fetch_max(grown as u64 * 8, Ordering::Relaxed);
                }
            }
        }
        space.successors(pair, order, &mut cells, out);
    }
}

/// Builds every table of `partition`, in the order of its groups, concatenated.
pub fn build_tables(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Vec<u8>>, PdbError> {
    build_tables_watched(puzzle, partition, max_memory, progress, None)
}

/// [`build_tables`], stopped within a few milliseconds when `monitor`'s flag is raised
/// (Ctrl-C on the command line: [`NumberedError::Interrupted`], which says how far the
/// group's search went).
pub fn build_tables_watched(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
    monitor: Option<&Monitor>,
) -> Result<Vec<Vec<u8>>, PdbError> {
    check_size(puzzle)?;
    let needed = partition.build_peak_bytes(puzzle);
    if needed > max_memory {
        return Err(NumberedError::TooBig {
            needed,
            limit: max_memory,
        }
        .into());
    }
    let layer = |l: LayerDone| progress(Progress::Layer(l));
    let mut tables = vec![Vec::new(); partition.groups.len()];
    // What the tables built so far hold is not the next group's to use.
    let mut done = 0u64;
    for i in partition.build_order() {
        let g = &partition.groups[i];
        progress(Progress::Group {
            group: i,
            groups: partition.groups.len(),
            tiles: g.len(),
        });
        tables[i] = build_group_listing_from(
            puzzle,
            g,
            max_memory.saturating_sub(done),
            Some(&layer),
            BUILD_MORE,
            monitor,
        )?;
        done += tables[i].len() as u64;
    }
    Ok(tables)
}

pub(super) fn check_size(puzzle: &SlidingPuzzle) -> Result<(), PdbError> {
    if puzzle.cells() > MAX_CELLS {
        return Err(format!("pattern databases take boards of {MAX_CELLS} cells at most").into());
    }
    Ok(())
}

/// Builds the tables and writes them to `path` (through a temporary file); returns them.
pub fn build_and_store(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    path: &Path,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Vec<u8>>, PdbError> {
    build_and_store_watched(puzzle, partition, path, max_memory, progress, None)
}

/// [`build_and_store`], stopped as [`build_tables_watched`] is (nothing written then).
pub fn build_and_store_watched(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    path: &Path,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
    monitor: Option<&Monitor>,
) -> Result<Vec<Vec<u8>>, PdbError> {
    let started = Instant::now();
    let tables = build_tables_watched(puzzle, partition, max_memory, progress, monitor)?;
    // The tables are written one after the other: a concatenated copy would double the
    // memory at the end of the build (288 MB more for 7-8, above its search's peak).
    let parts: Vec<&[u8]> = tables.iter().map(Vec::as_slice).collect();
    cache::write_parts(
        path,
        &cache_key(puzzle, partition),
        started.elapsed().as_millis() as u64,
        &parts,
    )?;
    Ok(tables)
}
