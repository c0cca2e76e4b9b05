//! Playing Area: the offset ("brick") grid of squares, facings, arcs, aspect
//! and lines of sight, all in exact integer arithmetic so that a save replays
//! the same on every machine.
//!
//! Our reconstruction (docs/red_square/rulings.md): rows run west to east,
//! row 1 is the northern edge, and every second row (rows 2, 4, ... on the
//! board, odd indices here) is shifted half a square east. A square touches
//! six others. Positions are kept in half-square units: the centre of column
//! `c`, row `r` (both from 0) is at `x = 2c + (r mod 2)`, `y = 2r`, with `y`
//! growing southwards.

use serde::{Deserialize, Serialize};

/// A square, as its index `row * columns + column`.
pub type Sq = u16;

/// The eight facings, 45 degrees apart, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Facing {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Facing {
    pub const ALL: [Facing; 8] = [
        Facing::N,
        Facing::NE,
        Facing::E,
        Facing::SE,
        Facing::S,
        Facing::SW,
        Facing::W,
        Facing::NW,
    ];

    pub fn from_index(i: u8) -> Facing {
        Facing::ALL[(i % 8) as usize]
    }
    pub fn index(self) -> u8 {
        self as u8
    }
    /// The unit vector of the facing (x east, y south), in any scale.
    pub fn vector(self) -> (i32, i32) {
        match self {
            Facing::N => (0, -1),
            Facing::NE => (1, -1),
            Facing::E => (1, 0),
            Facing::SE => (1, 1),
            Facing::S => (0, 1),
            Facing::SW => (-1, 1),
            Facing::W => (-1, 0),
            Facing::NW => (-1, -1),
        }
    }
    /// Turned by `steps` of 45 degrees clockwise (negative: anticlockwise).
    pub fn turned(self, steps: i8) -> Facing {
        Facing::from_index((self.index() as i16 + steps as i16).rem_euclid(8) as u8)
    }
    pub fn about(self) -> Facing {
        self.turned(4)
    }
    /// Steps of 45 degrees between two facings (0 to 4).
    pub fn steps_to(self, other: Facing) -> u8 {
        let d = (other.index() as i16 - self.index() as i16).rem_euclid(8) as u8;
        d.min(8 - d)
    }
    pub fn key(self) -> &'static str {
        ["n", "ne", "e", "se", "s", "sw", "w", "nw"][self as usize]
    }
    pub fn name(self) -> &'static str {
        [
            "north",
            "north-east",
            "east",
            "south-east",
            "south",
            "south-west",
            "west",
            "north-west",
        ][self as usize]
    }
    pub fn parse(s: &str) -> Option<Facing> {
        Facing::ALL.into_iter().find(|f| f.key() == s)
    }
}

/// The six directions to a neighbouring square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    E,
    SE,
    SW,
    W,
    NW,
    NE,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::E, Dir::SE, Dir::SW, Dir::W, Dir::NW, Dir::NE];
    pub fn key(self) -> &'static str {
        ["e", "se", "sw", "w", "nw", "ne"][self as usize]
    }
    pub fn parse(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.key() == s)
    }
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 3) % 6]
    }
}

/// How a target is taken, from the target's facing (Fire Effect Table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aspect {
    /// Within 30 degrees of the target's front.
    Frontal,
    /// 30 to 60 degrees.
    Oblique,
    /// More than 60 degrees: flank or rear (enfiladed).
    Flank,
}

/// The grid of one scenario: its size and the precomputed lines of sight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub columns: u8,
    pub rows: u8,
    /// The squares strictly between each ordered pair (by `pair`), as ranges
    /// into `between_pool`.
    between_index: Vec<(u32, u16)>,
    between_pool: Vec<Sq>,
    /// Grid steps between each pair.
    distance: Vec<u8>,
}

impl Grid {
    pub fn new(columns: u8, rows: u8) -> Grid {
        let n = columns as usize * rows as usize;
        let mut g = Grid {
            columns,
            rows,
            between_index: Vec::with_capacity(n * n),
            between_pool: Vec::new(),
            distance: Vec::with_capacity(n * n),
        };
        for a in 0..n as Sq {
            for b in 0..n as Sq {
                let start = g.between_pool.len() as u32;
                if a != b {
                    g.compute_between(a, b);
                }
                let len = (g.between_pool.len() as u32 - start) as u16;
                g.between_index.push((start, len));
                g.distance.push(g.compute_distance(a, b));
            }
        }
        g
    }

    pub fn len(&self) -> usize {
        self.columns as usize * self.rows as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn col(&self, s: Sq) -> u8 {
        (s % self.columns as Sq) as u8
    }
    pub fn row(&self, s: Sq) -> u8 {
        (s / self.columns as Sq) as u8
    }
    pub fn at(&self, c: i32, r: i32) -> Option<Sq> {
        if c < 0 || r < 0 || c >= self.columns as i32 || r >= self.rows as i32 {
            None
        } else {
            Some((r * self.columns as i32 + c) as Sq)
        }
    }
    /// The centre in half-square units (x east, y south).
    pub fn centre(&self, s: Sq) -> (i32, i32) {
        let (c, r) = (self.col(s) as i32, self.row(s) as i32);
        (2 * c + (r & 1), 2 * r)
    }

    /// The square's name as the board shows it: column letter, row number.
    pub fn name(&self, s: Sq) -> String {
        let c = self.col(s);
        let mut name = String::new();
        if c >= 26 {
            name.push((b'A' + c / 26 - 1) as char);
        }
        name.push((b'A' + c % 26) as char);
        name.push_str(&(self.row(s) as u32 + 1).to_string());
        name
    }
    /// Parses a square's name ("C4"); `None` if it is not one of this grid.
    pub fn parse(&self, name: &str) -> Option<Sq> {
        let letters: String = name
            .chars()
            .take_while(|c| c.is_ascii_uppercase())
            .collect();
        let digits = &name[letters.len()..];
        if letters.is_empty() || letters.len() > 2 || digits.is_empty() {
            return None;
        }
        if !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let b = letters.as_bytes();
        let c = if b.len() == 1 {
            (b[0] - b'A') as i32
        } else {
            (b[0] - b'A' + 1) as i32 * 26 + (b[1] - b'A') as i32
        };
        let r: i32 = digits.parse().ok()?;
        self.at(c, r - 1)
    }

    /// The neighbour in direction `d`.
    pub fn neighbour(&self, s: Sq, d: Dir) -> Option<Sq> {
        let (c, r) = (self.col(s) as i32, self.row(s) as i32);
        let odd = r & 1;
        match d {
            Dir::E => self.at(c + 1, r),
            Dir::W => self.at(c - 1, r),
            Dir::NW => self.at(c - 1 + odd, r - 1),
            Dir::NE => self.at(c + odd, r - 1),
            Dir::SW => self.at(c - 1 + odd, r + 1),
            Dir::SE => self.at(c + odd, r + 1),
        }
    }
    pub fn neighbours(&self, s: Sq) -> impl Iterator<Item = (Dir, Sq)> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| self.neighbour(s, d).map(|n| (d, n)))
    }
    /// The direction from `a` to its neighbour `b`.
    pub fn dir_to(&self, a: Sq, b: Sq) -> Option<Dir> {
        self.neighbours(a).find(|&(_, n)| n == b).map(|(d, _)| d)
    }
    pub fn adjacent(&self, a: Sq, b: Sq) -> bool {
        self.distance(a, b) == 1
    }

    /// Range: the number of grid steps.
    pub fn distance(&self, a: Sq, b: Sq) -> u8 {
        self.distance[a as usize * self.len() + b as usize]
    }
    fn compute_distance(&self, a: Sq, b: Sq) -> u8 {
        let axial = |s: Sq| {
            let (c, r) = (self.col(s) as i32, self.row(s) as i32);
            (c - (r - (r & 1)) / 2, r)
        };
        let (q1, r1) = axial(a);
        let (q2, r2) = axial(b);
        let (dq, dr) = (q2 - q1, r2 - r1);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u8
    }

    /// The vector from the centre of `a` to the centre of `b`.
    pub fn vector(&self, a: Sq, b: Sq) -> (i32, i32) {
        let (ax, ay) = self.centre(a);
        let (bx, by) = self.centre(b);
        (bx - ax, by - ay)
    }

    /// Whether the centre of `to` lies within `half_arc` of facing `f` from
    /// `from` (the same square is never within an arc).
    pub fn within(&self, from: Sq, f: Facing, to: Sq, half_arc: Arc) -> bool {
        if from == to {
            return false;
        }
        within_angle(self.vector(from, to), f.vector(), half_arc)
    }

    /// How a target in `target` facing `tf` is taken by fire from `firer`.
    pub fn aspect(&self, target: Sq, tf: Facing, firer: Sq) -> Aspect {
        let v = self.vector(target, firer);
        if within_angle(v, tf.vector(), Arc::Deg30) {
            Aspect::Frontal
        } else if within_angle(v, tf.vector(), Arc::Deg60) {
            Aspect::Oblique
        } else {
            Aspect::Flank
        }
    }

    /// The neighbours a unit facing `f` may move into: those whose centres
    /// are within 45 degrees of its front (Explanatory Diagrams, Sample Moves).
    pub fn ahead(&self, s: Sq, f: Facing) -> impl Iterator<Item = Sq> + '_ {
        self.neighbours(s)
            .map(|(_, n)| n)
            .filter(move |&n| self.within(s, f, n, Arc::Deg45))
    }

    /// The facing nearest to the direction of `d` (for a unit that follows a
    /// road, or turns to the rear to retreat): of the two nearest, the one
    /// clockwise first.
    pub fn facing_towards(&self, a: Sq, b: Sq) -> Facing {
        let v = self.vector(a, b);
        let mut best = Facing::N;
        let mut best_key = (i64::MIN, 0i64);
        for f in Facing::ALL {
            let (fx, fy) = f.vector();
            let dot = (v.0 * fx + v.1 * fy) as i64;
            let len2 = (fx * fx + fy * fy) as i64;
            // Compare cos by dot / sqrt(len2): dot*|dot| / len2 keeps the sign.
            let key = (dot * dot.abs() * 2 / len2, -(f as i64));
            if key > best_key {
                best_key = key;
                best = f;
            }
        }
        best
    }

    /// The squares a line from the centre of `a` to the centre of `b` passes
    /// through (their interiors), in no particular order; `a` and `b` excluded.
    pub fn between(&self, a: Sq, b: Sq) -> &[Sq] {
        let (start, len) = self.between_index[a as usize * self.len() + b as usize];
        &self.between_pool[start as usize..start as usize + len as usize]
    }

    /// Where the line from `a` to `b` runs straight north or south, it runs
    /// along the edge between two squares in every second row: those pairs,
    /// each of which blocks the line only if both squares block it (our
    /// reading, docs/red_square/rulings.md).
    pub fn edge_pairs(&self, a: Sq, b: Sq) -> impl Iterator<Item = (Sq, Sq)> + '_ {
        let (ax, ay) = self.centre(a);
        let (bx, by) = self.centre(b);
        let rows = if ax == bx && ay != by {
            (ay.min(by) / 2 + 1)..(ay.max(by) / 2)
        } else {
            0..0
        };
        rows.filter(move |r| (r & 1) != (self.row(a) as i32 & 1))
            .filter_map(move |r| {
                // Centres in this row are at x = 2c + 1 (odd rows) or 2c.
                let odd = r & 1;
                let west = (ax - 1 - odd) / 2;
                Some((self.at(west, r)?, self.at(west + 1, r)?))
            })
    }

    fn compute_between(&mut self, a: Sq, b: Sq) {
        let (px, py) = self.centre(a);
        let (qx, qy) = self.centre(b);
        let (dx, dy) = (qx - px, qy - py);
        let (r0, r1) = (self.row(a).min(self.row(b)), self.row(a).max(self.row(b)));
        let (c0, c1) = (
            self.col(a).min(self.col(b)).saturating_sub(1),
            (self.col(a).max(self.col(b)) + 1).min(self.columns - 1),
        );
        for r in r0..=r1 {
            for c in c0..=c1 {
                let s = r as Sq * self.columns as Sq + c as Sq;
                if s == a || s == b {
                    continue;
                }
                let (sx, sy) = self.centre(s);
                if segment_meets_open_square(px, py, dx, dy, sx, sy) {
                    self.between_pool.push(s);
                }
            }
        }
    }
}

/// Half-angles of arcs and aspects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arc {
    Deg30,
    Deg45,
    Deg60,
    Deg90,
    All,
}

/// Whether vector `v` is within `arc` of direction `f`, exactly.
pub fn within_angle(v: (i32, i32), f: (i32, i32), arc: Arc) -> bool {
    let dot = (v.0 * f.0 + v.1 * f.1) as i64;
    let vv = (v.0 * v.0 + v.1 * v.1) as i64;
    let ff = (f.0 * f.0 + f.1 * f.1) as i64;
    match arc {
        Arc::All => true,
        Arc::Deg90 => dot >= 0,
        // cos(angle) >= cos(limit) <=> dot^2 >= cos^2(limit) |v|^2 |f|^2, dot > 0
        Arc::Deg60 => dot > 0 && 4 * dot * dot >= vv * ff,
        Arc::Deg45 => dot > 0 && 2 * dot * dot >= vv * ff,
        Arc::Deg30 => dot > 0 && 4 * dot * dot >= 3 * vv * ff,
    }
}

/// Whether the segment from (px, py) along (dx, dy) passes through the
/// interior of the square centred on (sx, sy) (half-size 1).
fn segment_meets_open_square(px: i32, py: i32, dx: i32, dy: i32, sx: i32, sy: i32) -> bool {
    // The open interval of t in (0, 1) where |p + t d - s| < 1 on one axis,
    // as fractions (num, den) with den > 0; None if empty.
    fn axis(p: i32, d: i32, s: i32) -> Option<((i64, i64), (i64, i64))> {
        if d == 0 {
            return if (p - s).abs() < 1 {
                Some(((0, 1), (1, 1)))
            } else {
                None
            };
        }
        let (lo, hi) = ((s - 1 - p) as i64, (s + 1 - p) as i64);
        let d = d as i64;
        if d > 0 {
            Some(((lo, d), (hi, d)))
        } else {
            Some(((hi, d).neg(), (lo, d).neg()))
        }
    }
    trait Neg {
        fn neg(self) -> Self;
    }
    impl Neg for (i64, i64) {
        fn neg(self) -> Self {
            (-self.0, -self.1)
        }
    }
    let less = |a: (i64, i64), b: (i64, i64)| a.0 * b.1 < b.0 * a.1;
    let Some((xl, xh)) = axis(px, dx, sx) else {
        return false;
    };
    let Some((yl, yh)) = axis(py, dy, sy) else {
        return false;
    };
    let lo = [xl, yl]
        .into_iter()
        .fold((0, 1), |m, v| if less(m, v) { v } else { m });
    let hi = [xh, yh]
        .into_iter()
        .fold((1, 1), |m, v| if less(v, m) { v } else { m });
    less(lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g() -> Grid {
        Grid::new(10, 8)
    }

    #[test]
    fn playing_area_squares_have_six_neighbours_and_names() {
        let g = g();
        let c4 = g.parse("C4").unwrap();
        assert_eq!(g.name(c4), "C4");
        assert_eq!(g.neighbours(c4).count(), 6);
        for (d, n) in g.neighbours(c4) {
            assert_eq!(g.distance(c4, n), 1);
            assert_eq!(g.neighbour(n, d.opposite()), Some(c4));
        }
        assert_eq!(g.parse("K1"), None, "column K is outside 10 columns");
        assert_eq!(g.parse("A0"), None);
        assert_eq!(g.parse("A9"), None);
        // Row 4 (index 3) is shifted east: its north-west neighbour is C3.
        assert_eq!(g.name(g.neighbour(c4, Dir::NW).unwrap()), "C3");
        assert_eq!(g.name(g.neighbour(c4, Dir::NE).unwrap()), "D3");
        let c3 = g.parse("C3").unwrap();
        assert_eq!(g.name(g.neighbour(c3, Dir::NW).unwrap()), "B2");
    }

    /// Sample Moves: a unit moves only into squares ahead of its facing.
    #[test]
    fn moves_ahead_by_facing() {
        let g = g();
        let s = g.parse("E4").unwrap();
        let ahead = |f: Facing| {
            let mut v: Vec<&str> = g
                .ahead(s, f)
                .map(|n| {
                    let d = g.dir_to(s, n).unwrap();
                    d.key()
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(ahead(Facing::N), ["ne", "nw"]);
        assert_eq!(ahead(Facing::NE), ["e", "ne"]);
        assert_eq!(ahead(Facing::E), ["e"]);
        assert_eq!(ahead(Facing::SE), ["e", "se"]);
        assert_eq!(ahead(Facing::S), ["se", "sw"]);
        assert_eq!(ahead(Facing::SW), ["sw", "w"]);
        assert_eq!(ahead(Facing::W), ["w"]);
        assert_eq!(ahead(Facing::NW), ["nw", "w"]);
    }

    /// The two fire diagrams (Explanatory Diagrams). x faces north; d stands
    /// two rows ahead of it and c two rows ahead and two columns east, both
    /// facing south; b is x's eastern neighbour, facing west.
    #[test]
    fn aspect_diagrams() {
        let g = g();
        let x = g.parse("E5").unwrap();
        let d = g.parse("E3").unwrap();
        let c = g.parse("G3").unwrap();
        let b = g.parse("F5").unwrap();
        // Diagram 1: x faces north.
        let xf = Facing::N;
        assert!(g.within(x, xf, d, Arc::Deg45), "x may fire at d");
        assert!(g.within(x, xf, c, Arc::Deg45), "x may fire at c");
        assert!(!g.within(x, xf, b, Arc::Deg45), "b is out of x's arc");
        assert_eq!(
            g.aspect(d, Facing::S, x),
            Aspect::Frontal,
            "x fires at d normally"
        );
        assert_eq!(
            g.aspect(c, Facing::S, x),
            Aspect::Oblique,
            "x fires at c obliquely"
        );
        assert_eq!(g.aspect(x, xf, b), Aspect::Flank, "b enfilades x");
        assert_eq!(
            g.aspect(x, xf, c),
            Aspect::Oblique,
            "c fires at x obliquely"
        );
        assert_eq!(g.aspect(x, xf, d), Aspect::Frontal, "d fires normally");
        assert!(g.within(c, Facing::S, x, Arc::Deg45) && g.within(d, Facing::S, x, Arc::Deg45));
        assert!(g.within(b, Facing::W, x, Arc::Deg45));
        // Diagram 2: x has wheeled to face east.
        let xf = Facing::E;
        assert_eq!(g.aspect(x, xf, d), Aspect::Flank, "d enfilades x");
        assert_eq!(g.aspect(x, xf, c), Aspect::Oblique, "c is oblique");
        assert_eq!(g.aspect(x, xf, b), Aspect::Frontal, "b fires normally");
        assert!(!g.within(x, xf, d, Arc::Deg45), "x cannot fire at d");
        assert!(g.within(x, xf, b, Arc::Deg45) && g.within(x, xf, c, Arc::Deg45));
        assert_eq!(
            g.aspect(b, Facing::W, x),
            Aspect::Frontal,
            "x fires at b normally"
        );
        assert_eq!(
            g.aspect(c, Facing::S, x),
            Aspect::Oblique,
            "and at c obliquely"
        );
    }

    #[test]
    fn playing_area_lines_of_sight_cross_the_squares_between() {
        let g = g();
        let a = g.parse("B2").unwrap();
        let b = g.parse("F2").unwrap();
        let mut names: Vec<String> = g.between(a, b).iter().map(|&s| g.name(s)).collect();
        names.sort();
        assert_eq!(names, ["C2", "D2", "E2"]);
        // Straight down a diagonal of the bricks.
        let a = g.parse("E3").unwrap();
        let b = g.parse("E5").unwrap();
        let mut names: Vec<String> = g.between(a, b).iter().map(|&s| g.name(s)).collect();
        names.sort();
        // The line runs along the edge between D4 and E4 (x = 2*4): neither
        // interior is crossed, so nothing lies between.
        assert!(names.is_empty(), "{names:?}");
        let pairs: Vec<(String, String)> = g
            .edge_pairs(a, b)
            .map(|(w, e)| (g.name(w), g.name(e)))
            .collect();
        assert_eq!(pairs, [("D4".to_string(), "E4".to_string())]);
        assert!(g.between(a, g.neighbour(a, Dir::E).unwrap()).is_empty());
        assert_eq!(g.distance(a, b), 2);
        assert_eq!(
            g.distance(g.parse("A1").unwrap(), g.parse("J8").unwrap()),
            13
        );
    }

    #[test]
    fn facing_towards_a_square() {
        let g = g();
        let a = g.parse("E4").unwrap();
        assert_eq!(g.facing_towards(a, g.parse("H4").unwrap()), Facing::E);
        assert_eq!(g.facing_towards(a, g.parse("E1").unwrap()), Facing::N);
        assert_eq!(Facing::N.steps_to(Facing::SE), 3);
        assert_eq!(Facing::N.turned(-1), Facing::NW);
    }
}
