//! The cache of tables on disk: the file's key and name, reading it checked, and
//! loading it or building and storing it.

use super::*;

/// Where and how a table came to be loaded.
#[derive(Clone, Debug)]
pub enum Source {
    /// Read from the cache file.
    Cached,
    /// Built now (no file, or the file was unusable: the reason).
    Built(Option<String>),
}

/// A progress event of [`load_or_build`].
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// Building group `group` (0-based) of `groups`, `tiles` tiles.
    Group {
        /// Which group.
        group: usize,
        /// How many groups.
        groups: usize,
        /// Tiles in the group.
        tiles: usize,
    },
    /// A layer of the current group's search is done.
    Layer(LayerDone),
}

/// The key a table file records: board size, goal, partition, format of the payload.
pub fn cache_key(puzzle: &SlidingPuzzle, partition: &Partition) -> String {
    format!(
        "sliding-pdb/2 size {}x{} goal {} partition {}",
        puzzle.rows(),
        puzzle.cols(),
        puzzle.goal_grid().one_line(),
        partition.describe(puzzle)
    )
}

/// The file name of a partition's tables in a cache directory: readable size and sizes,
/// and a hash of the key (goal and tiles) so that tables of different goals coexist.
pub fn cache_file(dir: &Path, puzzle: &SlidingPuzzle, partition: &Partition) -> PathBuf {
    let key = cache_key(puzzle, partition);
    dir.join(format!(
        "pdb-{}x{}-{}-{:016x}.table",
        puzzle.rows(),
        puzzle.cols(),
        partition.sizes(),
        cache::checksum(key.as_bytes())
    ))
}

/// The default directory of the pattern databases, from the environment values given:
/// `pdb` in resolu's cache directory ([`cache::default_dir`]), so
/// `$XDG_CACHE_HOME/resolu/pdb`, else `$HOME/.cache/resolu/pdb`.
pub fn default_dir(
    xdg_cache_home: Option<&std::ffi::OsStr>,
    home: Option<&std::ffi::OsStr>,
) -> Option<PathBuf> {
    cache::default_dir(xdg_cache_home, home).map(|d| d.join("pdb"))
}

/// The tables of a partition as read or loaded, one per group in the partition's order,
/// shared with the heuristics that use them.
pub type Tables = Vec<Arc<[u8]>>;

/// Reads the tables of `partition` from `path`, checked, each group's table straight into
/// its own memory.
pub fn read_tables(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    path: &Path,
) -> Result<Tables, CacheError> {
    // The header and the file's size are checked before anything is allocated: a missing,
    // foreign or short file must not cost the tables' memory (a 15-tile pattern's would be
    // 10 TB, which no allocator gives).
    let key = cache_key(puzzle, partition);
    let header = cache::read_header_of(path)?;
    if header.key != key {
        return Err(CacheError::KeyMismatch {
            path: path.to_path_buf(),
            found: header.key,
            expected: key,
        });
    }
    let total: u64 = partition
        .groups
        .iter()
        .map(|g| group_table_bytes(puzzle, g.len()))
        .sum();
    let on_disk = std::fs::metadata(path).map_or(0, |m| m.len());
    if header.len != total {
        return Err(CacheError::Corrupt(path.to_path_buf()));
    }
    if on_disk < total {
        return Err(CacheError::Truncated(path.to_path_buf()));
    }
    // Each group's table is allocated where it will live and read into it: no payload
    // buffer beside the tables, and no copy into the `Arc` the heuristic keeps (the 7-8
    // tables are 288 MB). Collecting a sized iterator builds the `Arc` in place.
    let mut tables: Vec<Arc<[u8]>> = partition
        .groups
        .iter()
        .map(|g| {
            (0..group_table_bytes(puzzle, g.len()))
                .map(|_| 0u8)
                .collect()
        })
        .collect();
    let mut parts: Vec<&mut [u8]> = tables.iter_mut().filter_map(|t| Arc::get_mut(t)).collect();
    cache::read_parts(path, &key, &mut parts)?;
    Ok(tables)
}

/// The tables of `partition`, read from `dir` when a good file is there, else built,
/// stored and returned; [`Source`] says which (and why a file was not used).
pub fn load_or_build(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    dir: &Path,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(Tables, Source), PdbError> {
    load_or_build_watched(puzzle, partition, dir, max_memory, progress, None)
}

/// [`load_or_build`], a build watched by `monitor` (Ctrl-C stops it: nothing is written).
pub fn load_or_build_watched(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    dir: &Path,
    max_memory: u64,
    progress: &(dyn Fn(Progress) + Sync),
    monitor: Option<&resolu_search::Monitor>,
) -> Result<(Tables, Source), PdbError> {
    check_size(puzzle)?;
    let path = cache_file(dir, puzzle, partition);
    match read_tables(puzzle, partition, &path) {
        Ok(t) => Ok((t, Source::Cached)),
        Err(e) => {
            let why = match e {
                CacheError::Missing(_) => None,
                other => Some(other.to_string()),
            };
            let t = super::build::build_and_store_watched(
                puzzle, partition, &path, max_memory, progress, monitor,
            )?;
            Ok((t.into_iter().map(Arc::from).collect(), Source::Built(why)))
        }
    }
}
