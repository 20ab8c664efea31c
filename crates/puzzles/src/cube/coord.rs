//! Coordinates: a cube's pieces of interest numbered `0..n`, so that a move is a table
//! lookup and a distance table is a flat array indexed by the number.
//!
//! Kociemba's coordinates: corner `twist` (3^7 = 2187), edge `flip` (2^11 = 2048), the
//! `slice` combination of the four middle-layer edges (C(12,4) = 495), and, in the subgroup
//! of phase 2, the corner permutation (8! = 40320), the permutation of the eight U/D-layer
//! edges (40320) and that of the four slice edges (24).
//!
//! [`bfs_depths`] is the breadth-first search over numbered states that every table here
//! is built with: one byte per state (its depth, or [`UNSEEN`]), no hash table and no queue;
//! each layer is found by scanning the array for the previous one (forward), or, once most
//! states are reached, by scanning the states still unseen for a neighbour in the previous
//! layer (backward: fewer probes then).

use super::cubie::{CubieCube, MOVE_CUBES};

/// The depth byte of a state not reached (yet).
pub const UNSEEN: u8 = 0xFF;

/// Binomial coefficient C(n, k) for the small numbers used here.
pub const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    r as u32
}

/// The Lehmer rank (0..n!) of a permutation of `0..n`.
pub fn rank_permutation(p: &[u8]) -> u32 {
    let n = p.len();
    let mut rank = 0u32;
    for i in 0..n {
        let smaller_after = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u32;
        rank = rank * (n - i) as u32 + smaller_after;
    }
    rank
}

/// The permutation of `0..out.len()` with Lehmer rank `rank`, written into `out`.
pub fn unrank_permutation(mut rank: u32, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0u8; 16];
    for i in (0..n).rev() {
        let base = (n - i) as u32;
        digits[i] = (rank % base) as u8;
        rank /= base;
    }
    let mut left: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        out[i] = left.remove(digits[i] as usize);
    }
}

/// Corner twist: the twists of corners 0..7 in base 3 (the eighth follows).
pub fn twist(c: &CubieCube) -> u16 {
    c.co[..7].iter().fold(0u16, |a, &t| a * 3 + t as u16)
}

/// Sets the corner twists of `c` to those of coordinate `value`.
pub fn set_twist(c: &mut CubieCube, mut value: u16) {
    let mut sum = 0;
    for i in (0..7).rev() {
        c.co[i] = (value % 3) as u8;
        sum += c.co[i];
        value /= 3;
    }
    c.co[7] = (3 - sum % 3) % 3;
}

/// Edge flip: the flips of edges 0..11 in base 2 (the twelfth follows).
pub fn flip(c: &CubieCube) -> u16 {
    c.eo[..11].iter().fold(0u16, |a, &f| a * 2 + f as u16)
}

/// Sets the edge flips of `c` to those of coordinate `value`.
pub fn set_flip(c: &mut CubieCube, mut value: u16) {
    let mut sum = 0;
    for i in (0..11).rev() {
        c.eo[i] = (value % 2) as u8;
        sum += c.eo[i];
        value /= 2;
    }
    c.eo[11] = sum % 2;
}

/// Where the four middle-layer (slice) edges FR FL BL BR are, as a combination: 0 when
/// they are in the slice (positions 8..12), whatever their order.
pub fn slice(c: &CubieCube) -> u16 {
    let mut a = 0;
    let mut x = 0;
    for j in (0..12).rev() {
        if c.ep[j] >= 8 {
            a += choose(11 - j as u32, x + 1);
            x += 1;
        }
    }
    a as u16
}

/// Places the slice edges of `c` as coordinate `value` says (the other edges in order).
pub fn set_slice(c: &mut CubieCube, value: u16) {
    let mut a = value as i64;
    let mut x = 4u32;
    let mut ep = [u8::MAX; 12];
    for (j, e) in ep.iter_mut().enumerate() {
        let k = choose(11 - j as u32, x) as i64;
        if x > 0 && a - k >= 0 {
            *e = 8 + (4 - x) as u8;
            a -= k;
            x -= 1;
        }
    }
    let mut other = 0;
    for e in ep.iter_mut() {
        if *e == u8::MAX {
            *e = other;
            other += 1;
        }
    }
    c.ep = ep;
}

/// The corner permutation (0..40320).
pub fn corner_permutation(c: &CubieCube) -> u16 {
    rank_permutation(&c.cp) as u16
}

/// Sets the corner permutation of `c`.
pub fn set_corner_permutation(c: &mut CubieCube, value: u16) {
    unrank_permutation(value as u32, &mut c.cp);
}

/// The permutation of the eight U/D edges (0..40320), meaningful in phase 2 only, where
/// they stay in positions 0..8.
pub fn ud_edge_permutation(c: &CubieCube) -> u16 {
    rank_permutation(&c.ep[..8]) as u16
}

/// Sets the permutation of the eight U/D edges (slice edges home).
pub fn set_ud_edge_permutation(c: &mut CubieCube, value: u16) {
    unrank_permutation(value as u32, &mut c.ep[..8]);
    for i in 8..12 {
        c.ep[i] = i as u8;
    }
}

/// The permutation of the four slice edges within the slice (0..24), meaningful in phase 2.
pub fn slice_permutation(c: &CubieCube) -> u8 {
    let p = [c.ep[8] - 8, c.ep[9] - 8, c.ep[10] - 8, c.ep[11] - 8];
    rank_permutation(&p) as u8
}

/// Sets the permutation of the slice edges (the U/D edges home).
pub fn set_slice_permutation(c: &mut CubieCube, value: u8) {
    let mut p = [0u8; 4];
    unrank_permutation(value as u32, &mut p);
    for i in 0..8 {
        c.ep[i] = i as u8;
    }
    for i in 0..4 {
        c.ep[8 + i] = p[i] + 8;
    }
}

/// A move table: `table[value * moves + m]` is the coordinate after move `m` (an index in
/// `move_indices`).
pub fn move_table(
    size: usize,
    move_indices: &[usize],
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut table = vec![0u16; size * move_indices.len()];
    for value in 0..size {
        let mut c = CubieCube::SOLVED;
        set(&mut c, value);
        for (k, &m) in move_indices.iter().enumerate() {
            table[value * move_indices.len() + k] = get(&c.multiply(&MOVE_CUBES[m])) as u16;
        }
    }
    table
}

/// Breadth-first search over `size` numbered states from `starts`, where `next(state, k)`
/// is the state after move `k` of `moves` (every move's inverse must be a move too: the
/// backward layers look for a neighbour one layer closer). Returns the depth of every
/// state ([`UNSEEN`] for the unreachable ones); `progress(reached, size)` is called after
/// each layer.
pub fn bfs_depths(
    size: usize,
    starts: &[u32],
    moves: usize,
    next: impl Fn(u32, usize) -> u32,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<u8> {
    let mut depth = vec![UNSEEN; size];
    let mut reached = 0u64;
    for &s in starts {
        if depth[s as usize] == UNSEEN {
            depth[s as usize] = 0;
            reached += 1;
        }
    }
    let mut layer_size = reached;
    let mut d = 0u8;
    while layer_size > 0 && d < UNSEEN - 1 {
        let unseen = size as u64 - reached;
        let mut added = 0u64;
        if layer_size < unseen {
            for s in 0..size {
                if depth[s] != d {
                    continue;
                }
                for k in 0..moves {
                    let t = next(s as u32, k) as usize;
                    if depth[t] == UNSEEN {
                        depth[t] = d + 1;
                        added += 1;
                    }
                }
            }
        } else {
            for s in 0..size {
                if depth[s] != UNSEEN {
                    continue;
                }
                if (0..moves).any(|k| depth[next(s as u32, k) as usize] == d) {
                    depth[s] = d + 1;
                    added += 1;
                }
            }
        }
        reached += added;
        layer_size = added;
        d += 1;
        progress(reached, size as u64);
    }
    depth
}

/// The number of states at each depth of a table made by [`bfs_depths`].
pub fn depth_counts(depths: &[u8]) -> Vec<u64> {
    let mut counts: Vec<u64> = Vec::new();
    for &d in depths {
        if d == UNSEEN {
            continue;
        }
        if counts.len() <= d as usize {
            counts.resize(d as usize + 1, 0);
        }
        counts[d as usize] += 1;
    }
    counts
}
