//! The cube model, its solvers and the 2x2x2 census, checked against published values and
//! an independent breadth-first search.

#![allow(clippy::unwrap_used)]

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use resolu_puzzles::cube::optimal::{OptimalTables, PdbSet};
use resolu_puzzles::cube::pocket::{self, Pocket, PocketCoord, PocketSpace};
use resolu_puzzles::cube::problem::{CubeProblem, distances_within};
use resolu_puzzles::cube::twophase::{TwoPhase, TwoPhaseConfig};
use resolu_puzzles::cube::{
    CubieCube, InvalidCube, Metric, Move, facelets, format_moves, parse_moves, random_scramble,
};
use resolu_search::numbered::{Numbered, NumberedError};
use std::sync::LazyLock;

fn cube(moves: &str) -> CubieCube {
    CubieCube::from_moves(&parse_moves(moves).unwrap())
}

fn order(moves: &str) -> usize {
    let seq = parse_moves(moves).unwrap();
    let mut c = CubieCube::SOLVED.apply_all(&seq);
    let mut n = 1;
    while !c.is_solved() {
        c = c.apply_all(&seq);
        n += 1;
        assert!(n < 10_000);
    }
    n
}

#[test]
fn every_face_turn_has_order_four_and_the_sexy_move_order_six() {
    for f in ["U", "R", "F", "D", "L", "B"] {
        assert_eq!(order(f), 4, "{f}");
        assert_eq!(order(&format!("{f}2")), 2, "{f}2");
        assert!(cube(&format!("{f} {f}'")).is_solved());
    }
    assert_eq!(order("R U R' U'"), 6);
    assert_eq!(order("R U"), 105);
}

#[test]
fn the_superflip_flips_every_edge_and_leaves_every_piece_home() {
    let c = cube("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    assert_eq!(c.cp, CubieCube::SOLVED.cp);
    assert_eq!(c.co, [0; 8]);
    assert_eq!(c.ep, CubieCube::SOLVED.ep);
    assert_eq!(c.eo, [1; 12]);
    let f = facelets::to_string(&c);
    // Every centre and corner sticker home, every edge sticker on the other face: the U
    // face reads U B U / L U R / U F U.
    assert_eq!(&f[0..9], "UBULURUFU");
}

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    let text = "R U2 F' L D' B2";
    assert_eq!(format_moves(&parse_moves(text).unwrap()), text);
    assert_eq!(format_moves(&parse_moves("RU2F'").unwrap()), "R U2 F'");
    let e = parse_moves("R U Q").unwrap_err();
    assert_eq!(e.column, 5);
    assert!(parse_moves("R3").is_err());
    assert_eq!(Metric::Quarter.length(&parse_moves("R2 U").unwrap()), 3);
}

#[test]
fn facelets_round_trip_on_random_cubes() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..200 {
        let c = CubieCube::random(&mut rng);
        assert!(c.check().is_ok());
        let f = facelets::to_string(&c);
        assert_eq!(facelets::parse(&f).unwrap(), c);
    }
    // R turns the F colour up onto U's right column.
    let f = facelets::to_string(&cube("R"));
    let u: Vec<char> = f.chars().take(9).collect();
    assert_eq!((u[2], u[5], u[8]), ('F', 'F', 'F'));
    assert_eq!((u[0], u[3], u[6]), ('U', 'U', 'U'));
    // Any six colours, named by the centres.
    let coloured: String = f
        .chars()
        .map(|c| match c {
            'U' => 'W',
            'R' => 'R',
            'F' => 'G',
            'D' => 'Y',
            'L' => 'O',
            _ => 'B',
        })
        .collect();
    assert_eq!(facelets::parse(&coloured).unwrap(), cube("R"));
}

fn swap(f: &str, a: usize, b: usize) -> String {
    let mut v: Vec<char> = f.chars().collect();
    v.swap(a, b);
    v.into_iter().collect()
}

#[test]
fn impossible_cubes_are_refused_with_the_reason() {
    let solved = facelets::to_string(&CubieCube::SOLVED);
    // Twist the URF corner: rotate its three stickers (facelets 8, 9, 20).
    let mut v: Vec<char> = facelets::to_string(&cube("R U")).chars().collect();
    let (a, b, c) = (v[8], v[9], v[20]);
    v[8] = c;
    v[9] = a;
    v[20] = b;
    let twisted: String = v.into_iter().collect();
    assert!(matches!(
        facelets::parse(&twisted),
        Err(InvalidCube::TwistedCorner(_))
    ));
    // Flip the UR edge (facelets 5 and 10).
    assert_eq!(
        facelets::parse(&swap(&solved, 5, 10)),
        Err(InvalidCube::FlippedEdge)
    );
    // Swap two edges: UR and UF (their U stickers and side stickers).
    let mut c = CubieCube::SOLVED;
    c.ep.swap(0, 1);
    assert_eq!(c.check(), Err(InvalidCube::Parity));
    let swapped = facelets::to_string(&c);
    assert_eq!(facelets::parse(&swapped), Err(InvalidCube::Parity));
    // Wrong colour counts.
    let mut v: Vec<char> = solved.chars().collect();
    v[0] = 'R';
    let e = facelets::parse(&v.into_iter().collect::<String>()).unwrap_err();
    assert!(e.to_string().contains("colour counts"), "{e}");
    assert!(
        facelets::parse("UUU")
            .unwrap_err()
            .to_string()
            .contains("54")
    );
    // Two centres alike.
    let e = facelets::parse(&swap(&solved, 0, 13)).unwrap_err();
    assert!(e.to_string().contains("two centres"), "{e}");
}

#[test]
fn random_cubes_are_valid_and_uniform_in_parity() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut odd = 0;
    for _ in 0..1000 {
        let c = CubieCube::random(&mut rng);
        assert!(c.check().is_ok());
        odd += c.corner_parity() as u32;
    }
    assert!((400..600).contains(&odd), "{odd}");
}

static HTM: LazyLock<Pocket> = LazyLock::new(|| Pocket::new(Metric::Half));

#[test]
fn pocket_census_matches_the_published_counts() {
    assert_eq!(
        HTM.counts(),
        vec![
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    let qtm = Pocket::new(Metric::Quarter);
    assert_eq!(
        qtm.counts(),
        vec![
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276
        ]
    );
}

#[test]
fn the_pocket_census_is_refused_over_its_memory_budget() {
    // 3,674,160 positions, a byte each: a 1 MB budget is refused before any allocation.
    let refused = Pocket::build(Metric::Half, 1 << 20, None, None).err();
    assert_eq!(
        refused,
        Some(NumberedError::TooBig {
            needed: Pocket::memory_bytes(),
            limit: 1 << 20
        })
    );
    assert_eq!(Pocket::memory_bytes(), 3_674_160);
}

#[test]
fn the_engine_sees_the_same_pocket_moves_as_the_successor_function() {
    for metric in [Metric::Half, Metric::Quarter] {
        let space = PocketSpace::new(metric);
        let (mut ranks, mut pairs) = (Vec::new(), Vec::new());
        for r in (0..pocket::POSITIONS as u32).step_by(7919) {
            ranks.clear();
            pairs.clear();
            space.successor_ranks(u64::from(r), &mut ranks);
            pocket::successors(r, metric, &mut pairs);
            let from_pairs: Vec<u64> = pairs.iter().map(|&(_, n)| u64::from(n)).collect();
            assert_eq!(ranks, from_pairs);
            for &(m, n) in &pairs {
                assert_eq!(pocket::turn(r, m), Some(n));
            }
        }
    }
    assert_eq!(pocket::turn(0, Move::from_index(9)), None);
}

#[test]
fn pocket_coordinate_round_trips() {
    for r in (0..pocket::POSITIONS as u32).step_by(997) {
        assert_eq!(PocketCoord::rank(&PocketCoord::unrank(r)), r);
    }
}

#[test]
fn pocket_solutions_replay_and_are_as_short_as_breadth_first_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for n in 0..40 {
        let scramble = random_scramble(n % 9, Metric::Half, &mut rng);
        let c = CubieCube::from_moves(&scramble);
        let solution = HTM.solve_cube(&c);
        assert!(
            pocket::is_solved(&c.apply_all(&solution)),
            "{}",
            format_moves(&scramble)
        );
        assert!(solution.len() <= scramble.len());
        if scramble.len() <= 5 {
            let problem = CubeProblem::new(c, Metric::Half, true);
            let bfs = resolu_search::Runner::new(&problem).run(resolu_search::Algorithm::Bfs);
            assert_eq!(
                bfs.path.unwrap().len(),
                solution.len(),
                "{}",
                format_moves(&scramble)
            );
        }
    }
}

#[test]
fn pocket_stickers_round_trip() {
    let c = cube("R U F' D L2 B");
    let s = pocket::to_string(&c);
    let back = pocket::parse(&s).unwrap();
    // The same cube up to a whole-cube rotation: the same solution length.
    assert_eq!(HTM.solve_cube(&back).len(), HTM.solve_cube(&c).len());
    assert!(pocket::parse("UUUU").is_err());
}

static TWO_PHASE: LazyLock<TwoPhase> = LazyLock::new(|| TwoPhase::build(&mut |_, _| {}));

#[test]
fn two_phase_solves_random_cubes_in_at_most_22_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..20 {
        let c = CubieCube::random(&mut rng);
        let r = TWO_PHASE.solve(&c, &TwoPhaseConfig::default());
        let s = r.solution.unwrap();
        assert!(s.len() <= 22, "{}", s.len());
        assert!(c.apply_all(&s).is_solved());
    }
    let superflip = cube("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    let s = TWO_PHASE
        .solve(&superflip, &TwoPhaseConfig::default())
        .solution
        .unwrap();
    assert!(superflip.apply_all(&s).is_solved());
    assert!(
        TWO_PHASE
            .solve(&CubieCube::SOLVED, &TwoPhaseConfig::default())
            .solution
            .unwrap()
            .is_empty()
    );
}

static SMALL: LazyLock<OptimalTables> =
    LazyLock::new(|| OptimalTables::build(&PdbSet::small(), &mut |_, _, _| {}));
static REFERENCE: LazyLock<rustc_hash::FxHashMap<CubieCube, u32>> =
    LazyLock::new(|| distances_within(4, Metric::Half));

#[test]
fn a_pattern_database_build_past_its_deadline_gives_up() {
    let past = std::time::Instant::now();
    assert!(OptimalTables::build_until(&PdbSet::small(), Some(past), &mut |_, _, _| {}).is_none());
    let later = past + std::time::Duration::from_secs(3600);
    let built = OptimalTables::build_until(&PdbSet::small(), Some(later), &mut |_, _, _| {});
    assert_eq!(built.map(|t| t.to_bytes()), Some(SMALL.to_bytes()));
}

#[test]
fn optimal_lengths_equal_those_of_breadth_first_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for n in 0..60 {
        let scramble = random_scramble(n % 6, Metric::Half, &mut rng);
        let c = CubieCube::from_moves(&scramble);
        let s = SMALL.solve(&c, Metric::Half, None).solution.unwrap();
        assert!(c.apply_all(&s).is_solved());
        let expected = REFERENCE.get(&c).copied().unwrap_or(5);
        assert_eq!(s.len() as u32, expected, "{}", format_moves(&scramble));
    }
}

#[test]
fn optimal_in_the_quarter_turn_metric_matches_breadth_first_search() {
    let reference = distances_within(4, Metric::Quarter);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for n in 0..30 {
        let scramble = random_scramble(n % 5, Metric::Quarter, &mut rng);
        let c = CubieCube::from_moves(&scramble);
        let s = SMALL.solve(&c, Metric::Quarter, None).solution.unwrap();
        assert!(s.iter().all(|m| m.turns != 2));
        assert!(c.apply_all(&s).is_solved());
        assert_eq!(s.len() as u32, reference[&c], "{}", format_moves(&scramble));
    }
    // A half turn's worth of quarter turns: R2 U needs R R U' (3), which repeats a face.
    let c = cube("R2 U");
    let s = SMALL.solve(&c, Metric::Quarter, None).solution.unwrap();
    assert_eq!(s.len(), 3);
    assert!(c.apply_all(&s).is_solved());
}

#[test]
fn moves_index_round_trip() {
    for (i, m) in Move::ALL.iter().enumerate() {
        assert_eq!(m.index(), i);
        assert!(CubieCube::SOLVED.apply(*m).apply(m.inverse()).is_solved());
    }
}

#[test]
fn coordinates_round_trip_and_moves_agree_with_the_cubie_model() {
    use resolu_puzzles::cube::coord;
    for v in 0..2187u16 {
        let mut c = CubieCube::SOLVED;
        coord::set_twist(&mut c, v);
        assert_eq!(coord::twist(&c), v);
        assert_eq!(c.twist_sum(), 0);
    }
    for v in 0..2048u16 {
        let mut c = CubieCube::SOLVED;
        coord::set_flip(&mut c, v);
        assert_eq!(coord::flip(&c), v);
    }
    for v in 0..495u16 {
        let mut c = CubieCube::SOLVED;
        coord::set_slice(&mut c, v);
        assert_eq!(coord::slice(&c), v);
    }
    for v in (0..40320u16).step_by(7) {
        let mut c = CubieCube::SOLVED;
        coord::set_corner_permutation(&mut c, v);
        assert_eq!(coord::corner_permutation(&c), v);
        coord::set_ud_edge_permutation(&mut c, v);
        assert_eq!(coord::ud_edge_permutation(&c), v);
    }
    // The 2x2x2's successor function (move tables) against the cubie model.
    let mut out = Vec::new();
    for r in (0..pocket::POSITIONS as u32).step_by(10_007) {
        out.clear();
        pocket::successors(r, Metric::Half, &mut out);
        assert_eq!(out.len(), 9);
        for &(m, next) in &out {
            let expected = PocketCoord::rank(&PocketCoord::unrank(r).apply(m));
            assert_eq!(next, expected, "rank {r}, move {m}");
        }
    }
}
