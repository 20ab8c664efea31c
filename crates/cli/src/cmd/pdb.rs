//! `resolu pdb`: pattern databases of the sliding-tile puzzle built ahead of time, listed
//! and checked. The loader it shares with `resolu taquin --heuristic pdb` (cache directory,
//! progress bar, memory refusal) is [`crate::tables`].

use crate::common::{CmdResult, Exit, Format, bad_input, default_memory_bytes, write_json};
use crate::input_errors_fr::part;
use clap::{Args as ClapArgs, Subcommand};
use resolu_puzzles::cache;
use resolu_puzzles::sliding::pdb::{self, Partition};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::common::Io;
use crate::tables::{build_bar, dir_of, goal_puzzle, progress_of};

/// Flags of `resolu pdb`.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  resolu pdb build --size 4 --pattern 5-5-5       the three 5-tile tables of the 15-puzzle
  resolu pdb build --pattern 7-8 --goal '0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15'   (slow: minutes)
  resolu pdb info                                  what is cached, with sizes and checksums
  resolu pdb verify --pdb-dir /tmp/tables          read every file whole and check it

Tables live in $XDG_CACHE_HOME/resolu/pdb, else ~/.cache/resolu/pdb; --pdb-dir chooses
another directory. A file records the board size, the goal, the partition, a format version
and a checksum; `resolu taquin --heuristic pdb:7-8 --goal G` uses what `resolu pdb build
--pattern 7-8 --goal G` built (a missing or damaged table is built on first use).
Partitions: 7-8, 6-6-3, 5-5-5 (4x4), 6-6-6-6 (5x5, Korf and Felner's groups), other sizes
like 4-4 or 3-4-4, or groups of tile names: '1,2,3,4/5,6,7,8'. Groups given by sizes take
the tiles in the order of their goal cells. `pdb verify` exits 1 if a file is damaged.")]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What `resolu pdb` does.
#[derive(Subcommand, Debug)]
pub enum Action {
    /// Build (or rebuild) the tables of a partition and store them.
    Build(BuildArgs),
    /// List the cached tables: board, goal, partition, size, build time, checksum.
    Info(DirArgs),
    /// Read every cached table whole and check its checksum and length.
    Verify(DirArgs),
}

/// Where the tables are.
#[derive(ClapArgs, Debug, Clone, Default)]
pub struct DirArgs {
    /// The directory of the tables [default: $XDG_CACHE_HOME/resolu/pdb or
    /// ~/.cache/resolu/pdb].
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Flags of `resolu pdb build`.
#[derive(ClapArgs, Debug)]
pub struct BuildArgs {
    /// Board size: N for N x N, or ROWSxCOLS [default: the goal's, else 4].
    #[arg(long, value_name = "SIZE")]
    pub size: Option<String>,
    /// The goal: standard, snail, or a board [default: standard].
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,
    /// The partition [default: the best for the size: 7-8 on 4x4, 6-6-6-6 on 5x5].
    #[arg(long, value_name = "PARTITION")]
    pub pattern: Option<String>,
    /// Rebuild even when a good file is cached.
    #[arg(long)]
    pub force: bool,
    /// Refuse to build when the tables and the search need more than this many megabytes
    /// [default: half the available memory, at most 8 GiB] (exit 3).
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,
    #[command(flatten)]
    pub dir: DirArgs,
}

/// Runs `resolu pdb`.
pub fn run(args: Args, io: &mut Io) -> CmdResult {
    match args.action {
        Action::Build(b) => build(b, io),
        Action::Info(d) => info(d, io, false),
        Action::Verify(d) => info(d, io, true),
    }
}

fn build(args: BuildArgs, io: &mut Io) -> CmdResult {
    let puzzle = goal_puzzle(args.size.as_deref(), args.goal.as_deref())?;
    let partition = match &args.pattern {
        Some(p) => Partition::parse(&puzzle, p).map_err(|e| {
            bad_input(crate::tr!(
                "refusal-flag",
                flag = "--pattern",
                message = part(e)
            ))
        })?,
        None => Partition::best_for(&puzzle),
    };
    let dir = dir_of(&args.dir.pdb_dir)?;
    let max_memory = args
        .max_memory
        .map_or_else(default_memory_bytes, |mb| mb << 20);
    let path = pdb::cache_file(&dir, &puzzle, &partition);
    let json = args.dir.format == Format::Json;
    let cached = !args.force && pdb::read_tables(&puzzle, &partition, &path).is_ok();
    let started = Instant::now();
    if !cached {
        let bar = build_bar();
        let progress = progress_of(&bar);
        // Ctrl-C stops the build (nothing is written) rather than the process, between the
        // groups' searches too.
        let hold = crate::progress::hold_interrupts();
        let built = pdb::build_and_store_watched(
            &puzzle,
            &partition,
            &path,
            max_memory,
            &progress,
            Some(&crate::progress::MONITOR),
        );
        drop(hold);
        bar.finish_and_clear();
        if let Err(e) = built {
            if let Some(reason) = e.stop_reason() {
                if json {
                    write_json(
                        io.out,
                        &serde_json::json!({"built": false, "reason": reason, "error": e.to_string()}),
                    )?;
                } else {
                    let reason = e.to_string();
                    writeln!(io.out, "{}", crate::tr!("stopped", reason = reason))?;
                }
                return Ok(Exit::Limit);
            }
            return Err(bad_input(e));
        }
    }
    let header = cache::read_header_of(&path).map_err(|e| bad_input(e.to_string()))?;
    if json {
        write_json(
            io.out,
            &serde_json::json!({
                "file": path.display().to_string(),
                "size": format!("{}x{}", puzzle.rows(), puzzle.cols()),
                "goal": puzzle.goal_grid().one_line(),
                "partition": partition.sizes(),
                "groups": partition.describe(&puzzle),
                "bytes": header.len,
                "build_ms": header.build_ms,
                "checksum": format!("{:016x}", header.checksum),
                "built": !cached,
                "seconds": started.elapsed().as_secs_f64(),
            }),
        )?;
    } else {
        let said = crate::tr!(
            "pdb-built",
            sizes = partition.sizes().to_string(),
            groups = partition.describe(&puzzle).to_string(),
            size = format!("{}x{}", puzzle.rows(), puzzle.cols()),
            goal = puzzle.goal_grid().one_line(),
            cached = if cached { "yes" } else { "no" }
        );
        writeln!(io.out, "{said}")?;
        let said = crate::tr!(
            "pdb-file",
            path = path.display().to_string(),
            bytes = header.len.to_string(),
            seconds = format!("{:.1}", header.build_ms as f64 / 1000.0),
            checksum = format!("{:016x}", header.checksum)
        );
        writeln!(io.out, "{said}")?;
    }
    Ok(Exit::Success)
}

/// `info` lists headers; `verify` reads each file whole.
fn info(args: DirArgs, io: &mut Io, verify: bool) -> CmdResult {
    let dir = dir_of(&args.pdb_dir)?;
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "table"))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => {
            return Err(bad_input(crate::tr!(
                "refusal-origin",
                origin = dir.display().to_string(),
                message = e.to_string()
            )));
        }
    };
    files.sort();
    let json = args.format == Format::Json;
    let mut damaged = 0;
    let mut rows = Vec::new();
    for path in &files {
        let (header, problem) = check(path, verify);
        damaged += usize::from(problem.is_some());
        rows.push((path.clone(), header, problem));
    }
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|(path, header, problem)| {
                let mut v = serde_json::json!({
                    "file": path.display().to_string(),
                    "ok": problem.is_none(),
                    "error": problem,
                });
                if let (Some(h), serde_json::Value::Object(map)) = (header, &mut v) {
                    map.insert("key".into(), h.key.clone().into());
                    map.insert("bytes".into(), h.len.into());
                    map.insert("build_ms".into(), h.build_ms.into());
                    map.insert("checksum".into(), format!("{:016x}", h.checksum).into());
                }
                v
            })
            .collect();
        write_json(
            io.out,
            &serde_json::json!({
                "dir": dir.display().to_string(),
                "tables": list,
                "verified": verify,
                "damaged": damaged,
            }),
        )?;
    } else {
        let dir = dir.display().to_string();
        writeln!(io.out, "{}", crate::tr!("pdb-info-heading", dir = dir))?;
        if rows.is_empty() {
            writeln!(io.out, "  {}", crate::tr!("pdb-info-none"))?;
        }
        for (path, header, problem) in &rows {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            match header {
                Some(h) => {
                    let state = match problem {
                        Some(p) => crate::tr!("pdb-info-damaged", problem = p),
                        None if verify => " -- ok".to_string(),
                        None => String::new(),
                    };
                    let said = crate::tr!(
                        "pdb-info-table",
                        mb = format!("{:.1}", h.len as f64 / 1e6),
                        seconds = format!("{:.1}", h.build_ms as f64 / 1000.0),
                        checksum = format!("{:016x}", h.checksum)
                    );
                    writeln!(io.out, "  {name}\n    {}\n    {said}{state}", h.key)?
                }
                None => {
                    let problem = problem
                        .clone()
                        .unwrap_or_else(|| crate::tr!("pdb-unreadable"));
                    let said = crate::tr!("pdb-info-unreadable", name = name, problem = problem);
                    writeln!(io.out, "  {said}")?
                }
            }
        }
    }
    Ok(if damaged > 0 && verify {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}

/// The header of a table file and, when verifying, what is wrong with it.
fn check(path: &Path, verify: bool) -> (Option<cache::TableHeader>, Option<String>) {
    match cache::read_header_of(path) {
        Err(e) => (None, Some(e.to_string())),
        Ok(h) => {
            let problem = if verify {
                cache::read(path, &h.key).err().map(|e| e.to_string())
            } else {
                None
            };
            (Some(h), problem)
        }
    }
}
