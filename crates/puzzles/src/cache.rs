//! Tables cached on disk: pattern databases, cube pruning tables and the like.
//!
//! A table is a byte payload built once and read many times. The file keeps with it what
//! identifies it (a *key*: the board size, goal and partition of a pattern database, say),
//! how long it took to build, a format version and a checksum, so that a file that does not
//! match what the caller wants, is truncated or is corrupt is reported and never used.
//!
//! Writes go to a temporary name in the same directory and are renamed into place, so two
//! processes building the same table at once cannot leave a half-written file under the
//! final name: the rename is atomic, and the last writer wins with a whole file.
//!
//! This module only reads and writes the files it is handed paths for; where tables live by
//! default is the caller's choice ([`default_dir`] computes the usual place from the
//! environment values it is given).
//!
//! ```
//! use resolu_puzzles::cache;
//! let dir = std::env::temp_dir().join(format!("resolu-cache-doc-{}", std::process::id()));
//! let path = dir.join("demo.table");
//! cache::write(&path, "demo 3x3", 12, &[1, 2, 3]).unwrap();
//! let table = cache::read(&path, "demo 3x3").unwrap();
//! assert_eq!(table.payload, vec![1, 2, 3]);
//! assert!(matches!(cache::read(&path, "demo 4x4"), Err(cache::CacheError::KeyMismatch { .. })));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::ffi::OsStr;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The first bytes of every table file.
const MAGIC: &[u8; 8] = b"RESOLUTB";
/// The version of the file layout; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 1;

/// Why a cached table cannot be used. Every variant but [`CacheError::Io`] means "rebuild".
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// No file at that path.
    #[error("no cached table at {0}")]
    Missing(PathBuf),
    /// The file does not start like a table file.
    #[error("{0} is not a resolu table file")]
    NotATable(PathBuf),
    /// The file was written by another version of the layout.
    #[error("{path}: format version {found}, expected {FORMAT_VERSION}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version it records.
        found: u32,
    },
    /// The file holds another table than the one asked for.
    #[error("{path} holds `{found}`, not `{expected}`")]
    KeyMismatch {
        /// The file.
        path: PathBuf,
        /// The key it records.
        found: String,
        /// The key asked for.
        expected: String,
    },
    /// The file is shorter than its header says.
    #[error("{0} is truncated")]
    Truncated(PathBuf),
    /// The payload does not match its checksum.
    #[error("{0} is corrupt (checksum mismatch)")]
    Corrupt(PathBuf),
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
}

/// A table read back from disk, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedTable {
    /// What the table is, as given to [`write()`].
    pub key: String,
    /// How long the table took to build, in milliseconds.
    pub build_ms: u64,
    /// The checksum of the payload ([`checksum`]).
    pub checksum: u64,
    /// The table's bytes.
    pub payload: Vec<u8>,
}

/// The 64-bit FNV-1a hash of `bytes`, eight lanes at a time so that a table of hundreds of
/// megabytes is checked in well under a second. Not cryptographic: it catches damage, not
/// forgery.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut hasher = Hasher::new();
    hasher.update(bytes);
    hasher.finish()
}

const PRIME: u64 = 0x0000_0100_0000_01b3;
const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// [`checksum`] over bytes that come in parts (the tables of several groups, written one
/// after the other without being concatenated first): the value is that of the
/// concatenation.
struct Hasher {
    lanes: [u64; 8],
    /// The start of an 8-byte chunk that a part ended in.
    carry: [u8; 8],
    carried: usize,
    len: u64,
}

impl Hasher {
    fn new() -> Hasher {
        Hasher {
            lanes: [OFFSET; 8],
            carry: [0; 8],
            carried: 0,
            len: 0,
        }
    }

    #[inline]
    fn mix(&mut self, chunk: &[u8]) {
        for (lane, &b) in self.lanes.iter_mut().zip(chunk) {
            *lane = (*lane ^ u64::from(b)).wrapping_mul(PRIME);
        }
    }

    fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.carried > 0 {
            let take = (8 - self.carried).min(bytes.len());
            self.carry[self.carried..self.carried + take].copy_from_slice(&bytes[..take]);
            self.carried += take;
            bytes = &bytes[take..];
            if self.carried < 8 {
                return;
            }
            let chunk = self.carry;
            self.mix(&chunk);
            self.carried = 0;
        }
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.mix(chunk);
        }
        let rest = chunks.remainder();
        self.carry[..rest.len()].copy_from_slice(rest);
        self.carried = rest.len();
    }

    fn finish(&self) -> u64 {
        let mut h = OFFSET;
        for lane in self.lanes {
            h = (h ^ lane).wrapping_mul(PRIME);
        }
        for &b in &self.carry[..self.carried] {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
        (h ^ self.len).wrapping_mul(PRIME)
    }
}

/// Writes a table under `path` (creating its directory), through a temporary file renamed
/// into place.
pub fn write(path: &Path, key: &str, build_ms: u64, payload: &[u8]) -> Result<(), CacheError> {
    write_parts(path, key, build_ms, &[payload])
}

/// [`write()`] with the payload given in parts, one after the other: a payload of several
/// large tables is written without a copy of them all.
pub fn write_parts(
    path: &Path,
    key: &str,
    build_ms: u64,
    parts: &[&[u8]],
) -> Result<(), CacheError> {
    let io_err = |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io_err)?;
    }
    write_atomically(path, |file| {
        file.write_all(MAGIC)?;
        file.write_all(&FORMAT_VERSION.to_le_bytes())?;
        file.write_all(&(key.len() as u32).to_le_bytes())?;
        file.write_all(key.as_bytes())?;
        file.write_all(&build_ms.to_le_bytes())?;
        let mut hasher = Hasher::new();
        for part in parts {
            hasher.update(part);
        }
        file.write_all(&hasher.len.to_le_bytes())?;
        file.write_all(&hasher.finish().to_le_bytes())?;
        for part in parts {
            file.write_all(part)?;
        }
        Ok(())
    })
    .map_err(io_err)
}

/// Writes a file whole or not at all: `fill` writes into a temporary file beside `path`,
/// which is synced and renamed over `path` only when every write succeeded. A failed
/// write (a full disk, an interrupted run) removes the temporary file and leaves whatever
/// was at `path` before untouched, so a reader never sees half a file under its name.
///
/// ```
/// use std::io::Write;
/// let path = std::env::temp_dir().join(format!("resolu-atomic-doc-{}", std::process::id()));
/// resolu_puzzles::cache::write_atomically(&path, |w| w.write_all(b"whole")).unwrap();
/// let failed = resolu_puzzles::cache::write_atomically(&path, |w| {
///     w.write_all(b"half")?;
///     Err(std::io::Error::other("disk full"))
/// });
/// assert!(failed.is_err());
/// assert_eq!(std::fs::read(&path).unwrap(), b"whole");
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn write_atomically(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut tmp_name = path
        .file_name()
        .unwrap_or(OsStr::new("table"))
        .to_os_string();
    tmp_name.push(format!(".tmp.{}.{nanos}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = (|| {
        let mut file = io::BufWriter::new(fs::File::create(&tmp)?);
        fill(&mut file)?;
        file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The header of a table file: everything but the payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableHeader {
    /// What the table is.
    pub key: String,
    /// How long it took to build, in milliseconds.
    pub build_ms: u64,
    /// The payload's length in bytes.
    pub len: u64,
    /// The payload's checksum as recorded.
    pub checksum: u64,
}

fn read_header(path: &Path, file: &mut impl Read) -> Result<TableHeader, CacheError> {
    let short = |e: io::Error| match e.kind() {
        io::ErrorKind::UnexpectedEof => CacheError::Truncated(path.to_path_buf()),
        _ => CacheError::Io {
            path: path.to_path_buf(),
            source: e,
        },
    };
    let mut magic = [0u8; 8];
    file.read_exact(&mut magic)
        .map_err(|_| CacheError::NotATable(path.to_path_buf()))?;
    if &magic != MAGIC {
        return Err(CacheError::NotATable(path.to_path_buf()));
    }
    let mut word = [0u8; 4];
    file.read_exact(&mut word).map_err(short)?;
    let version = u32::from_le_bytes(word);
    if version != FORMAT_VERSION {
        return Err(CacheError::Version {
            path: path.to_path_buf(),
            found: version,
        });
    }
    file.read_exact(&mut word).map_err(short)?;
    let key_len = u32::from_le_bytes(word) as usize;
    if key_len > 1 << 16 {
        return Err(CacheError::NotATable(path.to_path_buf()));
    }
    let mut key = vec![0u8; key_len];
    file.read_exact(&mut key).map_err(short)?;
    let key = String::from_utf8(key).map_err(|_| CacheError::NotATable(path.to_path_buf()))?;
    let mut long = [0u8; 8];
    file.read_exact(&mut long).map_err(short)?;
    let build_ms = u64::from_le_bytes(long);
    file.read_exact(&mut long).map_err(short)?;
    let len = u64::from_le_bytes(long);
    file.read_exact(&mut long).map_err(short)?;
    let checksum = u64::from_le_bytes(long);
    Ok(TableHeader {
        key,
        build_ms,
        len,
        checksum,
    })
}

fn open(path: &Path) -> Result<(fs::File, u64), CacheError> {
    // Opening a FIFO or a device would block or read forever: anything but a regular file
    // under a table's name is not a table (and is replaced when the table is rebuilt).
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(CacheError::NotATable(path.to_path_buf())),
        _ => {}
    }
    let file = fs::File::open(path).map_err(|source| match source.kind() {
        io::ErrorKind::NotFound => CacheError::Missing(path.to_path_buf()),
        _ => CacheError::Io {
            path: path.to_path_buf(),
            source,
        },
    })?;
    let size = file
        .metadata()
        .map_err(|source| CacheError::Io {
            path: path.to_path_buf(),
            source,
        })?
        .len();
    Ok((file, size))
}

/// Reads only the header of a table file (for listings): cheap, but the payload is not
/// checked; [`read`] checks it.
pub fn read_header_of(path: &Path) -> Result<TableHeader, CacheError> {
    let (file, _) = open(path)?;
    read_header(path, &mut io::BufReader::new(file))
}

/// Opens the table at `path`, checks its header against `key` and the file's size against
/// the header: the reader is left at the start of the payload.
fn open_checked(
    path: &Path,
    key: &str,
) -> Result<(io::BufReader<fs::File>, TableHeader), CacheError> {
    let (file, size) = open(path)?;
    let mut file = io::BufReader::new(file);
    let header = read_header(path, &mut file)?;
    if header.key != key {
        return Err(CacheError::KeyMismatch {
            path: path.to_path_buf(),
            found: header.key,
            expected: key.to_string(),
        });
    }
    // The header says how long the payload is; a file shorter than that is cut short, and
    // checking the size first avoids allocating what a damaged length field claims.
    let header_len = (8 + 4 + 4 + header.key.len() + 8 + 8 + 8) as u64;
    if size < header_len.saturating_add(header.len) {
        return Err(CacheError::Truncated(path.to_path_buf()));
    }
    if size > header_len.saturating_add(header.len) {
        return Err(CacheError::Corrupt(path.to_path_buf()));
    }
    Ok((file, header))
}

/// Reads the table at `path` if it is the table `key` names, whole and undamaged.
pub fn read(path: &Path, key: &str) -> Result<CachedTable, CacheError> {
    let (mut file, header) = open_checked(path, key)?;
    let mut payload = vec![0u8; header.len as usize];
    file.read_exact(&mut payload)
        .map_err(|_| CacheError::Truncated(path.to_path_buf()))?;
    if checksum(&payload) != header.checksum {
        return Err(CacheError::Corrupt(path.to_path_buf()));
    }
    Ok(CachedTable {
        key: header.key,
        build_ms: header.build_ms,
        checksum: header.checksum,
        payload,
    })
}

/// [`read`] into buffers the caller owns, one after the other (the counterpart of
/// [`write_parts`]): a payload of several tables is read into each table's own memory,
/// with no whole payload beside them. The parts' lengths must add up to the payload's
/// ([`CacheError::Corrupt`] otherwise); on an error the parts' contents are unspecified.
pub fn read_parts(
    path: &Path,
    key: &str,
    parts: &mut [&mut [u8]],
) -> Result<TableHeader, CacheError> {
    let (mut file, header) = open_checked(path, key)?;
    let total: u64 = parts.iter().map(|p| p.len() as u64).sum();
    if total != header.len {
        return Err(CacheError::Corrupt(path.to_path_buf()));
    }
    let mut hasher = Hasher::new();
    for part in parts.iter_mut() {
        file.read_exact(part)
            .map_err(|_| CacheError::Truncated(path.to_path_buf()))?;
        hasher.update(part);
    }
    if hasher.finish() != header.checksum {
        return Err(CacheError::Corrupt(path.to_path_buf()));
    }
    Ok(header)
}

/// The usual cache directory for resolu's tables, from the environment values given:
/// `$XDG_CACHE_HOME/resolu`, else `$HOME/.cache/resolu` (the XDG base directory
/// convention), else `None`.
///
/// ```
/// use std::ffi::OsStr;
/// use std::path::PathBuf;
/// use resolu_puzzles::cache::default_dir;
/// assert_eq!(default_dir(None, Some(OsStr::new("/home/ada"))),
///            Some(PathBuf::from("/home/ada/.cache/resolu")));
/// assert_eq!(default_dir(Some(OsStr::new("/tmp/c")), None), Some(PathBuf::from("/tmp/c/resolu")));
/// ```
pub fn default_dir(xdg_cache_home: Option<&OsStr>, home: Option<&OsStr>) -> Option<PathBuf> {
    match (xdg_cache_home, home) {
        (Some(xdg), _) if !xdg.is_empty() => Some(PathBuf::from(xdg).join("resolu")),
        (_, Some(home)) if !home.is_empty() => Some(PathBuf::from(home).join(".cache/resolu")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("resolu-cache-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// The checksum as it was computed on a whole payload before payloads could come in
    /// parts (files written then must still check).
    fn whole_payload_checksum(bytes: &[u8]) -> u64 {
        let mut lanes = [OFFSET; 8];
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            for (lane, &b) in lanes.iter_mut().zip(chunk) {
                *lane = (*lane ^ u64::from(b)).wrapping_mul(PRIME);
            }
        }
        let mut h = OFFSET;
        for lane in lanes {
            h = (h ^ lane).wrapping_mul(PRIME);
        }
        for &b in chunks.remainder() {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
        (h ^ bytes.len() as u64).wrapping_mul(PRIME)
    }

    #[test]
    fn a_payload_in_parts_has_the_checksum_of_the_whole() -> Result<(), CacheError> {
        let payload: Vec<u8> = (0..53u32).map(|i| (i * 37 % 251) as u8).collect();
        for a in 0..=payload.len() {
            for b in a..=payload.len() {
                let mut hasher = Hasher::new();
                for part in [&payload[..a], &payload[a..b], &payload[b..]] {
                    hasher.update(part);
                }
                assert_eq!(hasher.finish(), whole_payload_checksum(&payload), "{a} {b}");
            }
        }
        assert_eq!(checksum(&payload), whole_payload_checksum(&payload));
        let dir = temp_dir("parts");
        let path = dir.join("t.table");
        write_parts(&path, "k", 1, &[&payload[..20], &payload[20..]])?;
        assert_eq!(read(&path, "k")?.payload, payload);
        // Read back in parts that split it elsewhere than it was written.
        let (mut a, mut b, mut c) = (vec![0u8; 7], vec![0u8; 40], vec![0u8; 6]);
        let header = read_parts(&path, "k", &mut [&mut a, &mut b, &mut c])?;
        assert_eq!(header.checksum, checksum(&payload));
        assert_eq!([a, b, c].concat(), payload);
        // Parts that do not add up to the payload are refused.
        let mut short = vec![0u8; 52];
        assert!(matches!(
            read_parts(&path, "k", &mut [&mut short]),
            Err(CacheError::Corrupt(_))
        ));
        let _ = fs::remove_dir_all(&dir);
        Ok(())
    }

    #[test]
    fn damaged_files_are_reported_never_used() -> Result<(), CacheError> {
        let dir = temp_dir("damage");
        let path = dir.join("t.table");
        let payload: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        write(&path, "k", 5, &payload)?;
        assert_eq!(read(&path, "k")?.payload, payload);
        assert_eq!(read_header_of(&path)?.len, 1000);

        let good = fs::read(&path).map_err(|source| CacheError::Io {
            path: path.clone(),
            source,
        })?;
        let put = |bytes: &[u8]| fs::write(&path, bytes).map_err(|e| panic!("{e}"));
        // A flipped byte in the payload.
        let mut flipped = good.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x40;
        let _ = put(&flipped);
        assert!(matches!(read(&path, "k"), Err(CacheError::Corrupt(_))));
        let mut halves = (vec![0u8; 500], vec![0u8; 500]);
        assert!(matches!(
            read_parts(&path, "k", &mut [&mut halves.0, &mut halves.1]),
            Err(CacheError::Corrupt(_))
        ));
        // Cut short, inside the payload and inside the header.
        let _ = put(&good[..good.len() - 10]);
        assert!(matches!(read(&path, "k"), Err(CacheError::Truncated(_))));
        assert!(matches!(
            read_parts(&path, "k", &mut [&mut halves.0, &mut halves.1]),
            Err(CacheError::Truncated(_))
        ));
        let _ = put(&good[..14]);
        assert!(matches!(read(&path, "k"), Err(CacheError::Truncated(_))));
        // Not a table at all, and another version.
        let _ = put(b"hello");
        assert!(matches!(read(&path, "k"), Err(CacheError::NotATable(_))));
        let mut other = good.clone();
        other[8] = 9;
        let _ = put(&other);
        assert!(matches!(
            read(&path, "k"),
            Err(CacheError::Version { found: 9, .. })
        ));
        // The wrong key, and no file.
        let _ = put(&good);
        assert!(matches!(
            read(&path, "j"),
            Err(CacheError::KeyMismatch { .. })
        ));
        assert!(matches!(
            read(&dir.join("none"), "k"),
            Err(CacheError::Missing(_))
        ));
        let _ = fs::remove_dir_all(&dir);
        Ok(())
    }

    #[test]
    fn checksum_sees_every_byte_and_the_length() {
        let base = vec![0u8; 37];
        let h = checksum(&base);
        for i in 0..base.len() {
            let mut b = base.clone();
            b[i] = 1;
            assert_ne!(checksum(&b), h, "byte {i}");
        }
        assert_ne!(checksum(&base[..36]), h);
    }
}
