//! The opening book of `resolu connect4`: read from the checked table cache (the file of the
//! pattern databases: key, version, checksum, written under a temporary name and renamed),
//! built on first need with a progress bar; a damaged or foreign file is reported and
//! rebuilt, never used.

use crate::common::{CliError, bad_input};
use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressStyle};
use resolu_games::connect4::Connect4;
use resolu_games::connect4::book::Book;
use resolu_puzzles::cache::{self, CacheError};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// The flags of the opening book.
#[derive(ClapArgs, Debug, Clone)]
pub struct BookArgs {
    /// Use the opening book of every position of at most N stones (built on first use
    /// and kept in the cache directory; 0: no book).
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=16))]
    pub book: u32,
    /// The directory of the book [default: `connect4` in resolu's cache directory].
    #[arg(long, value_name = "DIR")]
    pub book_dir: Option<PathBuf>,
}

/// The cache key of a book: what it is, its board and its depth.
fn key(game: &Connect4, depth: u32) -> String {
    format!(
        "connect4 book {}x{} depth {depth}",
        game.width(),
        game.height()
    )
}

fn path(game: &Connect4, depth: u32, dir: Option<&PathBuf>) -> Result<PathBuf, CliError> {
    let dir = match dir {
        Some(d) => d.clone(),
        None => cache::default_dir(
            std::env::var_os("XDG_CACHE_HOME").as_deref(),
            std::env::var_os("HOME").as_deref(),
        )
        .ok_or_else(|| bad_input(crate::tr!("refusal-no-cache-dir", flag = "--book-dir")))?
        .join("connect4"),
    };
    Ok(dir.join(format!(
        "book-{}x{}-depth{depth}.table",
        game.width(),
        game.height()
    )))
}

/// The book the flags ask for (None for `--book 0`): read if its file is sound, else
/// built (the reason said on standard error) and stored.
pub fn load(game: &Connect4, args: &BookArgs) -> Result<Option<Arc<Book>>, CliError> {
    if args.book == 0 {
        return Ok(None);
    }
    let path = path(game, args.book, args.book_dir.as_ref())?;
    let key = key(game, args.book);
    match cache::read(&path, &key) {
        Ok(table) => match Book::from_bytes(&table.payload) {
            Ok(book) if book.size() == (game.width(), game.height()) => {
                return Ok(Some(Arc::new(book)));
            }
            Ok(_) => {
                let path = path.display().to_string();
                eprintln!("{}", crate::tr!("connect4-book-other-board", path = path));
            }
            Err(e) => {
                let why = format!("{}: {e}", path.display());
                eprintln!("{}", crate::tr!("connect4-book-rebuilding", why = why));
            }
        },
        Err(CacheError::Missing(_)) => {}
        Err(e) => eprintln!(
            "{}",
            crate::tr!("connect4-book-rebuilding", why = e.to_string())
        ),
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(&crate::tr!("connect4-book-bar-template"))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(crate::tr!(
        "connect4-book-building",
        depth = args.book.to_string()
    ));
    let clock = Instant::now();
    let built = Book::build(game, args.book, 22, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let book = built
        .map_err(|e| bad_input(crate::tr!("refusal-connect4-book", message = e.to_string())))?;
    let ms = clock.elapsed().as_millis() as u64;
    if let Err(e) = cache::write(&path, &key, ms, &book.to_bytes()) {
        eprintln!(
            "{}",
            crate::tr!("connect4-book-not-stored", error = e.to_string())
        );
    }
    Ok(Some(Arc::new(book)))
}
