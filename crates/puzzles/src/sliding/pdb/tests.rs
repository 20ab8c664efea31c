//! Unit tests of the table building (the rest is checked in `tests/pdb.rs`).
use super::*;
use crate::sliding::{Goal, Grid};

/// The values above 5 go through the list of larger values; no small board has any,
/// so the list is tested by sending lower values through it: the tables must not
/// change (they are checked against an independent search in tests/pdb.rs).
#[test]
fn values_kept_in_the_list_give_the_same_table() {
    let puzzle = SlidingPuzzle::new(
        &Grid::parse("1 2 3 4/5 6 7 8/9 10 11 _").unwrap(),
        Goal::Standard,
    )
    .unwrap();
    for tiles in [&[1u8, 2, 5, 6, 9][..], &[3, 4, 7, 8, 10, 11]] {
        let plain = build_group(&puzzle, tiles, u64::MAX, None).unwrap();
        let values: Vec<u8> = plain.iter().flat_map(|b| [b & 0xF, b >> 4]).collect();
        assert!(values.iter().any(|&v| v >= 2), "values of 2 or more");
        for more_from in 0..=BUILD_MORE {
            let listed =
                build_group_listing_from(&puzzle, tiles, u64::MAX, None, more_from, None).unwrap();
            assert_eq!(listed, plain, "values from {more_from} listed");
        }
    }
}

/// The list of large values counts against the budget: with every value listed, a
/// budget that holds the arrays and the list's reserve but not the whole list refuses
/// the build, and one that holds the list gives the same table.
#[test]
fn the_list_of_large_values_counts_against_the_budget() {
    let puzzle = SlidingPuzzle::new(
        &Grid::parse("1 2 3 4/5 6 7 8/9 10 11 _").unwrap(),
        Goal::Standard,
    )
    .unwrap();
    let tiles = [3u8, 4, 7, 8, 10, 11];
    let space = PatternSpace::new(&puzzle, &tiles);
    let peak = build_group_peak_bytes(&space);
    let refused = build_group_listing_from(&puzzle, &tiles, peak, None, 0, None).unwrap_err();
    assert!(
        matches!(refused, NumberedError::TooBig { needed, limit } if limit == peak && needed > peak),
        "{refused:?}"
    );
    // Every placement listed: at most twice their number of 8-byte entries.
    let roomy = peak + 16 * space.placements();
    let listed = build_group_listing_from(&puzzle, &tiles, roomy, None, 0, None).unwrap();
    assert_eq!(listed, build_group(&puzzle, &tiles, peak, None).unwrap());
}

/// Each entry of the reorder table is the rank of the indices after the move, worked
/// out by sorting the cells again.
#[test]
fn the_reorder_table_matches_sorting_the_cells_again() {
    for k in 1..=5usize {
        let table = reorder_table(k);
        let orders: u64 = (1..=k as u64).product();
        for order in 0..orders {
            let index = unrank_partial_permutation_vec(order, k);
            for i in 0..k {
                for b in 0..k {
                    // Tile i goes to just below the b-th smallest of the others (or
                    // above them all): positions as half-integers, then re-ranked.
                    let mut keys: Vec<(i32, usize)> = (0..k)
                        .filter(|&j| j != i)
                        .map(|j| (2 * i32::from(index[j]), j))
                        .collect();
                    keys.sort_unstable();
                    let slot = if b < keys.len() {
                        keys[b].0 - 1
                    } else {
                        2 * k as i32
                    };
                    keys.push((slot, i));
                    keys.sort_unstable();
                    let mut moved = vec![0u8; k];
                    for (new_index, &(_, j)) in keys.iter().enumerate() {
                        moved[j] = new_index as u8;
                    }
                    assert_eq!(moved[i], b as u8);
                    assert_eq!(
                        u64::from(table[((order as usize) * k + i) * k + b]),
                        rank_partial_permutation(&moved, k as u32)
                    );
                }
            }
        }
    }
}

/// The order's rank by packed comparisons (up to 8 tiles) or by slices (more) is the
/// rank of the partial permutation of the tiles' ranks within their set of cells, and
/// the placement's index, by one pass (up to 8) or two, is the set's rank and the
/// order's.
#[test]
fn the_order_rank_is_the_rank_of_the_ranks_within_the_set() {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let puzzle = SlidingPuzzle::new(
        &Grid::parse("1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 _").unwrap(),
        Goal::Standard,
    )
    .unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut all: Vec<u8> = (0..25).collect();
    for k in 1..=12usize {
        let tiles: Vec<u8> = (1..=k as u8).collect();
        let placements = Placements::new(&puzzle, &tiles);
        for _ in 0..300 {
            all.shuffle(&mut rng);
            let cells = &all[..k];
            let within: Vec<u8> = cells
                .iter()
                .map(|&c| cells.iter().filter(|&&d| d < c).count() as u8)
                .collect();
            let order = rank_partial_permutation(&within, k as u32);
            assert_eq!(placements.order_rank(cells), order, "{cells:?}");
            let mask = cells.iter().fold(0u64, |m, &c| m | 1 << c);
            let set = placements.set_rank(mask);
            assert_eq!(placements.index(cells), set * placements.orders + order);
        }
    }
}

fn unrank_partial_permutation_vec(order: u64, k: usize) -> Vec<u8> {
    let mut index = [0u8; MAX_CELLS];
    unrank_into(order, k, k as u32, &mut index);
    index[..k].to_vec()
}
