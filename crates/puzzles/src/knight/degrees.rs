//! The lab's pictures of Warnsdorff's rule ("first fail": the free square with the fewest
//! onward moves first): the matrix of free neighbours of an empty board, and, step by step
//! along a tour, the candidates' numbers of free neighbours; and the colour argument that
//! rules a start out before any search.

use super::{MOVES, TourOptions};

/// The number of squares a knight's move away from each square of an empty `rows` x `cols`
/// board: the matrix Warnsdorff's rule starts from.
///
/// ```
/// use resolu_puzzles::knight::degree_matrix;
/// assert_eq!(degree_matrix(5, 5)[2], [4, 6, 8, 6, 4]);
/// ```
pub fn degree_matrix(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let empty = vec![vec![false; cols]; rows];
    (0..rows)
        .map(|r| (0..cols).map(|c| free_neighbours(&empty, (r, c))).collect())
        .collect()
}

/// A matrix of small numbers as text, right-aligned columns.
pub fn draw_degrees(matrix: &[Vec<u8>]) -> String {
    let mut s = String::new();
    for row in matrix {
        let cells: Vec<String> = row.iter().map(|d| d.to_string()).collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

/// One step of a tour seen by Warnsdorff's rule: from the head, the free squares a knight's
/// move away with their numbers of free neighbours (once the head is visited), and the
/// square the tour went to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateStep {
    /// The number the chosen square gets (2 for the first move).
    pub step: usize,
    /// The square the knight leaves.
    pub from: (usize, usize),
    /// The free squares a move away, in the course's move order, with their free neighbours.
    pub candidates: Vec<((usize, usize), u8)>,
    /// The square the tour went to.
    pub chosen: (usize, usize),
}

/// The candidates and their degrees at each step of `path` (a tour or part of one, squares
/// in order) on a `rows` x `cols` board: the tour replayed, so a search that backtracked
/// shows only the choices that stayed.
pub fn warnsdorff_steps(rows: usize, cols: usize, path: &[(usize, usize)]) -> Vec<CandidateStep> {
    let mut visited = vec![vec![false; cols]; rows];
    let mut steps = Vec::new();
    for (k, pair) in path.windows(2).enumerate() {
        let (from, chosen) = (pair[0], pair[1]);
        visited[from.0][from.1] = true;
        let candidates = moves_from(rows, cols, from)
            .filter(|&(r, c)| !visited[r][c])
            .map(|sq| (sq, free_neighbours(&visited, sq)))
            .collect();
        steps.push(CandidateStep {
            step: k + 2,
            from,
            candidates,
            chosen,
        });
    }
    steps
}

/// Why no tour with these options can exist by the colours of the squares, if so.
///
/// A knight's move changes the colour of its square ((row + col) % 2), so a tour alternates
/// colours. On a board with an odd number of squares, one colour (that of the corners,
/// (row + col) even) has one square more than the other: an open tour must start and end on
/// it, and a closed tour, which has as many squares of each colour, cannot exist.
///
/// ```
/// use resolu_puzzles::knight::{colour_obstruction, TourOptions};
/// let opts = TourOptions { start: (0, 1), ..TourOptions::square(5) };
/// assert!(colour_obstruction(&opts).is_some());
/// assert!(colour_obstruction(&TourOptions::square(5)).is_none());
/// ```
pub fn colour_obstruction(opts: &TourOptions) -> Option<String> {
    let squares = opts.rows.saturating_mul(opts.cols);
    if squares.is_multiple_of(2) || squares == 1 {
        return None;
    }
    let (light, dark) = (squares.div_ceil(2), squares / 2);
    let (r, c) = opts.start;
    if opts.closed {
        return Some(format!(
            "a knight's move changes the colour of its square, so a closed tour has as many \
             squares of each colour; the {}x{} board has {light} of the corners' colour and \
             {dark} of the other",
            opts.rows, opts.cols
        ));
    }
    ((r + c) % 2 == 1).then(|| {
        format!(
            "a knight's move changes the colour of its square, so a tour of the {}x{} board \
             ({light} squares of the corners' colour, {dark} of the other) must start and end \
             on the corners' colour; ({r}, {c}) is of the other colour (row + column odd)",
            opts.rows, opts.cols
        )
    })
}

fn moves_from(
    rows: usize,
    cols: usize,
    (r, c): (usize, usize),
) -> impl Iterator<Item = (usize, usize)> {
    MOVES.iter().filter_map(move |&(dr, dc)| {
        let nr = r.checked_add_signed(dr as isize)?;
        let nc = c.checked_add_signed(dc as isize)?;
        (nr < rows && nc < cols).then_some((nr, nc))
    })
}

fn free_neighbours(visited: &[Vec<bool>], square: (usize, usize)) -> u8 {
    let (rows, cols) = (visited.len(), visited.first().map_or(0, Vec::len));
    moves_from(rows, cols, square)
        .filter(|&(r, c)| !visited[r][c])
        .count() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_by_five_matrix_is_the_course_s() {
        let m = degree_matrix(5, 5);
        assert_eq!(
            draw_degrees(&m),
            "2 3 4 3 2\n3 4 6 4 3\n4 6 8 6 4\n3 4 6 4 3\n2 3 4 3 2\n"
        );
    }

    #[test]
    fn the_first_step_from_a_corner_sees_two_squares_of_degree_five() {
        let steps = warnsdorff_steps(5, 5, &[(0, 0), (1, 2)]);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].candidates, vec![((1, 2), 5), ((2, 1), 5)]);
        assert_eq!(steps[0].step, 2);
    }
}
