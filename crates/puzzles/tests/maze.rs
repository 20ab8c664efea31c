//! Mazes: parsing with line and column errors, every path replayed square by square, BFS and
//! A* paths as short as an independent flood fill says, the backtracking walk valid.

#![allow(clippy::unwrap_used)]

use resolu_puzzles::maze::{Maze, MazeError, MazeWalk};
use resolu_search::backtrack;
use resolu_search::{Algorithm, Limits, Runner, StopReason};
use std::collections::VecDeque;

const MAZES: [&str; 3] = [
    include_str!("../../../examples/mazes/classic.maze"),
    include_str!("../../../examples/mazes/rooms.maze"),
    include_str!("../../../examples/mazes/walled.maze"),
];

/// The text's squares, read here independently of the library.
fn grid(text: &str) -> Vec<Vec<char>> {
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.chars().collect())
        .collect()
}

fn free(g: &[Vec<char>], r: i64, c: i64) -> bool {
    r >= 0
        && c >= 0
        && g.get(r as usize)
            .and_then(|row| row.get(c as usize))
            .is_some_and(|&ch| ch != '#')
}

fn find(g: &[Vec<char>], what: char) -> (usize, usize) {
    for (r, row) in g.iter().enumerate() {
        if let Some(c) = row.iter().position(|&ch| ch == what) {
            return (r, c);
        }
    }
    panic!("no {what}");
}

/// Shortest path length in steps by flood fill, if the exit is reachable.
fn flood(g: &[Vec<char>]) -> Option<usize> {
    let (s, e) = (find(g, 'S'), find(g, 'E'));
    let mut dist = vec![vec![usize::MAX; 64]; 64];
    dist[s.0][s.1] = 0;
    let mut queue = VecDeque::from([s]);
    while let Some((r, c)) = queue.pop_front() {
        for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if free(g, nr, nc) && dist[nr as usize][nc as usize] == usize::MAX {
                dist[nr as usize][nc as usize] = dist[r][c] + 1;
                queue.push_back((nr as usize, nc as usize));
            }
        }
    }
    (dist[e.0][e.1] != usize::MAX).then_some(dist[e.0][e.1])
}

/// From S to E, one orthogonal step at a time, on free squares, no square twice.
fn check_path(g: &[Vec<char>], path: &[(usize, usize)]) {
    assert_eq!(path[0], find(g, 'S'));
    assert_eq!(*path.last().unwrap(), find(g, 'E'));
    for w in path.windows(2) {
        let d = w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1);
        assert_eq!(d, 1, "{:?} -> {:?}", w[0], w[1]);
    }
    for &(r, c) in path {
        assert!(free(g, r as i64, c as i64), "({r}, {c}) is a wall");
    }
    let mut seen = path.to_vec();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), path.len(), "a square twice");
}

#[test]
fn every_algorithm_finds_a_valid_path_and_bfs_and_astar_the_shortest() {
    for text in MAZES {
        let g = grid(text);
        let shortest = flood(&g);
        let maze = Maze::parse(text).unwrap();

        let mut walk = MazeWalk::new(&maze);
        let outcome = backtrack::first(&mut walk, Limits::default());
        match shortest {
            Some(len) => {
                assert_eq!(outcome.reason, StopReason::Solved);
                check_path(&g, &walk.path());
                // No path is shorter than the shortest (a path of n squares has n - 1 steps).
                let steps = walk.path().len() - 1;
                assert!(steps >= len, "{steps} steps, the shortest {len}");
            }
            None => assert_eq!(outcome.reason, StopReason::Exhausted),
        }

        let problem = maze.problem();
        for algo in [Algorithm::Bfs, Algorithm::Astar] {
            let outcome = Runner::new(&problem)
                .heuristic(problem.manhattan())
                .run(algo);
            match shortest {
                Some(len) => {
                    let path = outcome.path.unwrap();
                    assert_eq!(path.len(), len, "{algo}");
                    let squares: Vec<_> = path.states().map(|&s| problem.square(s)).collect();
                    check_path(&g, &squares);
                }
                None => assert_eq!(outcome.reason, StopReason::Exhausted),
            }
        }
    }
}

#[test]
fn the_walk_is_longer_than_the_shortest_path_in_the_rooms() {
    let maze = Maze::parse(MAZES[1]).unwrap();
    let mut walk = MazeWalk::new(&maze);
    let outcome = backtrack::first(&mut walk, Limits::default());
    assert_eq!(outcome.reason, StopReason::Solved);
    // East first along the top corridor, down the right side, east into a dead end at the
    // end of row 7 (two backtracks), then west along row 7: 32 moves against 20 for the
    // shortest path.
    assert_eq!(walk.path().len() - 1, 32);
    assert_eq!(outcome.stats.backtracks, 2);
    assert_eq!(flood(&grid(MAZES[1])), Some(20));
    let drawn = maze.draw(&walk.path());
    assert!(
        drawn.starts_with("###############\n#Soooooooooooo#\n"),
        "{drawn}"
    );
    assert_eq!(drawn.matches('o').count(), walk.path().len() - 2);
}

#[test]
fn dead_ends_stay_marked_so_each_square_is_entered_at_most_once() {
    // East and south are tried before west: from S the walk fills the whole 6x40 room, a
    // dead end, before it turns west to the exit. With squares left by backtracking marked,
    // each is entered once and tried from at most 4 times; were they freed again, the walk
    // would try every self-avoiding path of the room (the tries limit stops it).
    let mut text = String::from("E");
    text.push_str(&"#".repeat(40));
    text.push_str("\n.S");
    text.push_str(&".".repeat(39));
    text.push('\n');
    for _ in 0..5 {
        text.push('#');
        text.push_str(&".".repeat(40));
        text.push('\n');
    }
    let g = grid(&text);
    let free_squares = g.iter().flatten().filter(|&&ch| ch != '#').count() as u64;
    assert_eq!(free_squares, 6 * 40 + 2);
    let maze = Maze::parse(&text).unwrap();
    let mut walk = MazeWalk::new(&maze);
    let outcome = backtrack::first(&mut walk, Limits::new().max_tries(4 * free_squares));
    assert_eq!(outcome.reason, StopReason::Solved, "{:?}", outcome.stats);
    assert!(
        outcome.stats.tries <= 4 * free_squares,
        "{:?}",
        outcome.stats
    );
    // Every room square but S was entered, then left for good.
    assert_eq!(outcome.stats.backtracks, 6 * 40 - 1);
    assert_eq!(walk.path(), [(1, 1), (1, 0), (0, 0)]);
    check_path(&g, &walk.path());
}

fn error(text: &str) -> MazeError {
    Maze::parse(text).unwrap_err()
}

#[test]
fn bad_mazes_give_line_and_column() {
    let e = error("#####\n#S.x#\n#..E#\n");
    assert_eq!((e.line, e.column), (2, 4));
    assert!(e.message.contains("'x'"), "{e}");
    assert_eq!(e.to_string(), format!("line 2, column 4: {}", e.message));

    let e = error("S.S\n..E\n");
    assert_eq!((e.line, e.column), (1, 3));
    assert!(e.message.contains("second start") && e.message.contains("line 1, column 1"));

    let e = error("S.E\n.E.\n");
    assert_eq!((e.line, e.column), (2, 2));

    let e = error("S..\n...\n");
    assert!(e.message.contains("no exit"), "{e}");
    assert_eq!((e.line, e.column), (2, 4));

    let e = error("...\n..E\n\n\n");
    assert!(e.message.contains("no start"), "{e}");
    assert_eq!(e.line, 2);

    let e = error("\n  \n");
    assert!(e.message.contains("empty"));
    let e = error("S .E");
    assert_eq!((e.line, e.column), (1, 2));
}

#[test]
fn ragged_rows_are_walled_and_windows_line_ends_accepted() {
    let maze = Maze::parse("S..\r\n.\r\n..E\r\n").unwrap();
    assert_eq!((maze.rows(), maze.cols()), (3, 3));
    assert!(!maze.is_free(1, 1) && maze.is_free(1, 0));
    assert_eq!(maze.start(), (0, 0));
    assert_eq!(maze.exit(), (2, 2));
    assert_eq!(maze.to_string(), "S..\n.##\n..E\n");
}
