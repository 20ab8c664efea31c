//! Reading and writing boards as text, and the named goals.

use std::fmt;

/// A board as written by a user: its size and its cells, row-major, `None` for the blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The cells, row-major; `None` is the blank.
    pub cells: Vec<Option<String>>,
}

/// Why a board or a pair of boards was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError(pub String);

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GridError {}

/// The accepted forms of a board, shown by every refusal so that a wrong board can be
/// rewritten at once.
pub const ACCEPTED_FORMS: &str = "write it as 'b h c / a f d / g _ e' (rows separated by '/'), \
[2, 8, 3, 1, 6, 4, 7, 0, 5] or 2 8 3 1 6 4 7 0 5 (a square count of cells, row by row), or \
[[b,h,c],[a,f,d],[g,vide,e]]; the blank is 0, _, . or vide";

fn err<T>(msg: impl Into<String>) -> Result<T, GridError> {
    Err(GridError(format!("{}; {ACCEPTED_FORMS}", msg.into())))
}

/// Whether a written cell is the blank (`vide` is the course's word for it).
fn is_blank(cell: &str) -> bool {
    matches!(cell, "0" | "_" | ".") || cell.eq_ignore_ascii_case("vide")
}

/// The rows of a board written as the labs write it, or `None` for the plain form: a
/// Prolog list of rows (`[[b,h,c],[a,f,d],[g,vide,e]]`), or a flat list of a square count
/// of cells, bracketed with commas (the notebook's `[2, 8, 3, 1, 6, 4, 7, 0, 5]`) or on one
/// line with spaces (`2 8 3 1 6 4 7 0 5`).
fn lab_rows(text: &str) -> Option<Result<Vec<Vec<&str>>, GridError>> {
    let text = text.trim();
    if let Some(inner) = text.strip_prefix('[') {
        let Some(inner) = inner.strip_suffix(']') else {
            return Some(err("a list opened by '[' is not closed by ']'"));
        };
        let inner = inner.trim();
        if inner.starts_with('[') {
            let mut rows = Vec::new();
            for row in inner.split(']') {
                let row = row.trim().trim_start_matches(',').trim();
                if row.is_empty() {
                    continue;
                }
                let Some(row) = row.strip_prefix('[') else {
                    return Some(err(format!(
                        "a row of a list of rows is not a list: '{row}'"
                    )));
                };
                rows.push(split_list(row));
            }
            return Some(Ok(rows));
        }
        return Some(square(split_list(inner)));
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let one_line = !text.contains(['/', '\n']);
    (one_line && words.len() > 1).then(|| square(words))
}

/// The cells of a list written `a, b, c` (commas, spaces or both).
fn split_list(list: &str) -> Vec<&str> {
    list.split([',', ' ', '\t'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// A flat list of cells cut into the rows of a square board.
fn square(cells: Vec<&str>) -> Result<Vec<Vec<&str>>, GridError> {
    let n = cells.len();
    let side = (1..=n).find(|s| s * s >= n).unwrap_or(0);
    if side * side != n {
        return err(format!(
            "a flat list of cells makes a square board (9 cells: 3x3, 16: 4x4), this one has \
             {n} cells"
        ));
    }
    Ok(cells.chunks(side).map(<[&str]>::to_vec).collect())
}

impl Grid {
    /// Parses a board: rows separated by `/` or new lines, cells by white space; a row
    /// written without spaces (`abc`) is read one character per cell. The labs' forms are
    /// read too: a flat list of a square count of cells (`[2, 8, 3, 1, 6, 4, 7, 0, 5]` or
    /// `2 8 3 1 6 4 7 0 5`, 9 cells making 3x3, 16 making 4x4) and a Prolog list of rows
    /// (`[[b,h,c],[a,f,d],[g,vide,e]]`). The blank is `0`, `_`, `.` or `vide`. A refusal
    /// says why and shows the accepted forms.
    ///
    /// ```
    /// use resolu_puzzles::sliding::Grid;
    /// let g = Grid::parse("b h c / a f d / g _ e").unwrap();
    /// assert_eq!((g.rows, g.cols), (3, 3));
    /// assert_eq!(g, Grid::parse("bhc/afd/g_e").unwrap());
    /// assert_eq!(g, Grid::parse("[[b,h,c],[a,f,d],[g,vide,e]]").unwrap());
    /// let n = Grid::parse("[2, 8, 3, 1, 6, 4, 7, 0, 5]").unwrap();
    /// assert_eq!(n, Grid::parse("2 8 3 / 1 6 4 / 7 _ 5").unwrap());
    /// assert!(Grid::parse("ab/c").is_err()); // rows of unequal length
    /// ```
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let rows = match lab_rows(text) {
            Some(rows) => rows?,
            None => plain_rows(text),
        };
        Grid::from_rows(&rows)
    }

    /// A board from its rows of written cells, checked.
    fn from_rows(rows: &[Vec<&str>]) -> Result<Grid, GridError> {
        if rows.is_empty() {
            return err("empty board");
        }
        let cols = rows[0].len();
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != cols) {
            return err(format!(
                "rows of unequal length: row 1 has {cols} cells, row {} has {}",
                i + 1,
                r.len()
            ));
        }
        if rows.len() < 2 || cols < 2 {
            return err(format!(
                "a board has at least 2 rows and 2 columns, this one is {}x{cols}",
                rows.len()
            ));
        }
        let cells: Vec<Option<String>> = rows
            .iter()
            .flatten()
            .map(|c| (!is_blank(c)).then(|| c.to_string()))
            .collect();
        let blanks = cells.iter().filter(|c| c.is_none()).count();
        if blanks != 1 {
            return err(format!(
                "a board has exactly one blank (0, _, . or vide), this one has {blanks}"
            ));
        }
        let mut seen: Vec<&str> = cells.iter().flatten().map(String::as_str).collect();
        seen.sort_unstable();
        if let Some(w) = seen.windows(2).find(|w| w[0] == w[1]) {
            return err(format!("tile {} appears more than once", w[0]));
        }
        Ok(Grid {
            rows: rows.len(),
            cols,
            cells,
        })
    }

    /// The tiles in ascending order: numerically when every tile is a number,
    /// alphabetically otherwise.
    pub fn sorted_tiles(&self) -> Vec<String> {
        let mut tiles: Vec<String> = self.cells.iter().flatten().cloned().collect();
        if tiles.iter().all(|t| t.parse::<u64>().is_ok()) {
            tiles.sort_by_key(|t| t.parse::<u64>().unwrap_or(u64::MAX));
        } else {
            tiles.sort();
        }
        tiles
    }

    /// The `standard` goal for this board's tiles: ascending, row-major, blank last.
    pub fn standard_goal(&self) -> Grid {
        let mut cells: Vec<Option<String>> = self.sorted_tiles().into_iter().map(Some).collect();
        cells.push(None);
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells,
        }
    }

    /// The `snail` goal for this board's tiles: ascending along a clockwise spiral from the
    /// top-left corner, the blank where the spiral ends (`abc/h_d/gfe` on 3x3).
    pub fn snail_goal(&self) -> Grid {
        let mut cells = vec![None; self.rows * self.cols];
        let tiles = self.sorted_tiles();
        for (tile, pos) in tiles.into_iter().zip(spiral(self.rows, self.cols)) {
            cells[pos] = Some(tile);
        }
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells,
        }
    }

    /// The board on one line, rows separated by `/` (`bhc/afd/g_e`; cells separated by
    /// spaces when a tile is longer than one character).
    pub fn one_line(&self) -> String {
        let wide = self.cells.iter().flatten().any(|c| c.chars().count() > 1);
        let cell = |c: &Option<String>| c.clone().unwrap_or_else(|| "_".into());
        self.cells
            .chunks(self.cols)
            .map(|row| {
                let row: Vec<String> = row.iter().map(cell).collect();
                row.join(if wide { " " } else { "" })
            })
            .collect::<Vec<_>>()
            .join(if wide { " / " } else { "/" })
    }
}

/// The rows of a board in the plain form: rows separated by `/` or new lines, cells by
/// white space, a row without spaces read one character per cell.
fn plain_rows(text: &str) -> Vec<Vec<&str>> {
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in text.split(['/', '\n']) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let row = if words.len() == 1 {
            // A row has at least two cells, so one word is a row written without spaces.
            line.char_indices()
                .map(|(i, c)| &line[i..i + c.len_utf8()])
                .collect()
        } else {
            words
        };
        rows.push(row);
    }
    rows
}

/// Positions of a rows x cols board along the clockwise spiral from the top-left corner.
fn spiral(rows: usize, cols: usize) -> Vec<usize> {
    let mut order = Vec::with_capacity(rows * cols);
    let (mut top, mut bottom, mut left, mut right) =
        (0isize, rows as isize - 1, 0isize, cols as isize - 1);
    while top <= bottom && left <= right {
        for c in left..=right {
            order.push((top, c));
        }
        for r in top + 1..=bottom {
            order.push((r, right));
        }
        if top < bottom {
            for c in (left..right).rev() {
                order.push((bottom, c));
            }
        }
        if left < right {
            for r in (top + 1..bottom).rev() {
                order.push((r, left));
            }
        }
        top += 1;
        bottom -= 1;
        left += 1;
        right -= 1;
    }
    order
        .into_iter()
        .map(|(r, c)| r as usize * cols + c as usize)
        .collect()
}

impl fmt::Display for Grid {
    /// Draws the board as a grid with borders.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .cells
            .iter()
            .flatten()
            .map(|c| display_width(c))
            .max()
            .unwrap_or(1);
        let rule = format!(
            "+{}",
            format!("{}+", "-".repeat(width + 2)).repeat(self.cols)
        );
        writeln!(f, "{rule}")?;
        for row in self.cells.chunks(self.cols) {
            write!(f, "|")?;
            for c in row {
                let label = c.as_deref().unwrap_or(" ");
                // Padded by columns on the screen, not by chars: 日 takes two.
                let pad = width.saturating_sub(display_width(label));
                write!(f, " {}{label} |", " ".repeat(pad))?;
            }
            writeln!(f)?;
            writeln!(f, "{rule}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snail_goal_is_the_course_spiral() {
        let g = Grid::parse("b h c / a f d / g _ e").unwrap();
        assert_eq!(g.snail_goal(), Grid::parse("abc/h_d/gfe").unwrap());
        let g = Grid::parse("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0").unwrap();
        assert_eq!(
            g.snail_goal(),
            Grid::parse("1 2 3 4/12 13 14 5/11 0 15 6/10 9 8 7").unwrap()
        );
        assert_eq!(spiral(2, 3), vec![0, 1, 2, 5, 4, 3]);
    }

    #[test]
    fn numeric_tiles_sort_as_numbers() {
        let g = Grid::parse("10 2 3/4 5 6/7 8 _ / 1 9 11").unwrap();
        assert_eq!(
            g.standard_goal().one_line(),
            "1 2 3 / 4 5 6 / 7 8 9 / 10 11 _"
        );
    }

    #[test]
    fn bad_boards_are_refused_with_a_reason() {
        for (text, why) in [
            ("", "empty"),
            ("abc/d_", "unequal"),
            ("a_b", "at least 2 rows"),
            ("ab/cd", "exactly one blank"),
            ("a_/_b", "exactly one blank"),
            ("aa/b_", "more than once"),
        ] {
            let e = Grid::parse(text).unwrap_err();
            assert!(e.0.contains(why), "{text}: {e}");
        }
    }
}

/// The columns `text` takes on a terminal: two for East Asian wide and fullwidth characters
/// (CJK, Hangul, fullwidth forms, most emoji), none for combining marks, one otherwise.
fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| match c as u32 {
            0x0300..=0x036F | 0x200B..=0x200F | 0xFE00..=0xFE0F => 0,
            0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x1F300..=0x1F64F
            | 0x1F900..=0x1F9FF
            | 0x20000..=0x3FFFD => 2,
            _ => 1,
        })
        .sum()
}

#[cfg(test)]
mod width_tests {
    use super::*;

    #[test]
    fn wide_characters_keep_the_columns_aligned() {
        assert_eq!(display_width("日"), 2);
        assert_eq!(display_width("é"), 1);
        assert_eq!(display_width("12"), 2);
        let grid = Grid::parse("日 b/c _").unwrap_or_else(|e| panic!("{e}"));
        let text = grid.to_string();
        let widths: Vec<usize> = text.lines().map(display_width).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{text}");
    }
}
