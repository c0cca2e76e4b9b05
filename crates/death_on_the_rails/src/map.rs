//! The board: areas drawn as a grid of letters, their terrain, centre dots and
//! railway, compiled into adjacency, range (8. Range) and line of sight
//! (7. Line of sight), all computed once when the map is loaded.

use crate::data::{MapFile, Terrain};
use engine::data::{DataError, Problems, SourceFile};
use serde::Serialize;

pub type AreaId = u8;

/// The most areas a map may have (area sets are 128-bit masks).
pub const MAX_AREAS: usize = 128;

/// A set of areas, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct AreaSet(pub u128);

/// `1 << a` for each area number `a`. On x86-64 a 128-bit shift by a
/// varying amount takes several instructions and a conditional move; a
/// lookup takes one load. (Area numbers wrap at [`MAX_AREAS`], as the
/// shift would in a release build; maps never have more.)
static SINGLE: [u128; MAX_AREAS] = {
    let mut bits = [0u128; MAX_AREAS];
    let mut a = 0;
    while a < MAX_AREAS {
        bits[a] = 1 << a;
        a += 1;
    }
    bits
};

impl AreaSet {
    pub const EMPTY: AreaSet = AreaSet(0);
    pub fn single(a: AreaId) -> AreaSet {
        AreaSet(SINGLE[a as usize % MAX_AREAS])
    }
    pub fn contains(self, a: AreaId) -> bool {
        self.0 & AreaSet::single(a).0 != 0
    }
    pub fn insert(&mut self, a: AreaId) {
        self.0 |= AreaSet::single(a).0;
    }
    /// The set without area `a`.
    pub fn without(self, a: AreaId) -> AreaSet {
        AreaSet(self.0 & !AreaSet::single(a).0)
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn intersects(self, other: AreaSet) -> bool {
        self.0 & other.0 != 0
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// The areas in the set, lowest first.
    pub fn iter(self) -> AreaIter {
        AreaIter {
            bits: self.0 as u64,
            high: (self.0 >> 64) as u64,
            base: 0,
        }
    }
}

/// The areas of an [`AreaSet`], lowest first. The set is gone through as
/// two 64-bit halves, the high one only once the low one is done: on x86-64
/// finding and clearing the lowest bit of a 128-bit number takes several
/// instructions, of a 64-bit one two, and maps rarely have 64 areas.
#[derive(Clone)]
pub struct AreaIter {
    bits: u64,
    high: u64,
    base: AreaId,
}

impl Iterator for AreaIter {
    type Item = AreaId;
    fn next(&mut self) -> Option<AreaId> {
        if self.bits == 0 {
            if self.high == 0 {
                return None;
            }
            (self.bits, self.high, self.base) = (self.high, 0, 64);
        }
        let a = self.base + self.bits.trailing_zeros() as AreaId;
        self.bits &= self.bits - 1;
        Some(a)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Area {
    /// The grid character that draws this area.
    pub key: char,
    pub name: String,
    pub terrain: Terrain,
    /// Centre dots, in cells from the grid's top-left corner.
    pub dots: Vec<[f32; 2]>,
    pub railway: bool,
}

impl Area {
    /// The area's size: its number of centre dots (stacking).
    pub fn size(&self) -> usize {
        self.dots.len()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Map {
    pub name: String,
    pub width: usize,
    pub height: usize,
    /// Row by row, `width * height` cells; `None` is off the map.
    pub cells: Vec<Option<AreaId>>,
    pub areas: Vec<Area>,
    pub adjacent: Vec<AreaSet>,
    /// Areas joined to each area by railway track.
    pub rail_next: Vec<AreaSet>,
    /// Areas with railway.
    pub railway_areas: AreaSet,
    /// Shortest number of area steps between two areas, `n * n`; 255 when unreachable.
    pub distance: Vec<u8>,
    /// Areas each area has line of sight to.
    pub line_of_sight: Vec<AreaSet>,
    /// `within[a][r]`: the areas at most `r` steps from `a` (r up to `MAX_RANGE`).
    pub within: Vec<[AreaSet; MAX_RANGE + 1]>,
}

/// The longest range kept in `Map::within`; farther counts as `MAX_RANGE`.
pub const MAX_RANGE: usize = 15;

pub const UNREACHABLE: u8 = 255;

impl Map {
    pub fn area_count(&self) -> usize {
        self.areas.len()
    }
    pub fn distance(&self, a: AreaId, b: AreaId) -> u8 {
        self.distance[a as usize * self.areas.len() + b as usize]
    }
    pub fn sees(&self, from: AreaId, to: AreaId) -> bool {
        self.line_of_sight[from as usize].contains(to)
    }
    pub fn area_by_key(&self, key: &str) -> Option<AreaId> {
        let mut chars = key.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        self.areas
            .iter()
            .position(|a| a.key == c)
            .map(|i| i as AreaId)
    }
    pub fn all(&self) -> AreaSet {
        let n = self.areas.len();
        if n == 128 {
            AreaSet(u128::MAX)
        } else {
            AreaSet((1u128 << n) - 1)
        }
    }
    /// The areas within `steps` of `from` (including `from`).
    pub fn within(&self, from: AreaId, steps: u8) -> AreaSet {
        if steps as usize >= MAX_RANGE {
            return self.all();
        }
        self.within[from as usize][steps as usize]
    }
}

/// Reads and checks a map file. All problems found are returned together.
pub fn compile_map(file: &SourceFile, raw: &MapFile) -> Result<Map, Vec<DataError>> {
    let mut problems = Problems::default();
    let grid_text = raw.grid.get_ref();
    // The grid is a multi-line string; find where its text starts in the file
    // so that a bad cell can be pointed at.
    let grid_start = raw.grid.span().start;
    let text_start = file.text[grid_start..]
        .find("\"\"\"")
        .map(|i| grid_start + i + 3)
        .unwrap_or(grid_start);
    let rows: Vec<&str> = grid_text.lines().filter(|l| !l.trim().is_empty()).collect();
    if rows.is_empty() {
        problems.at(
            file,
            &raw.grid,
            "the grid is empty: draw the areas with one letter a cell",
        );
        return Err(problems.0);
    }
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let height = rows.len();

    // Areas, in the order of their keys.
    let mut keys: Vec<char> = Vec::new();
    let mut area_entries = Vec::new();
    for (key, entry) in raw.areas.get_ref() {
        let mut chars = key.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c != '.' && !c.is_whitespace() => {
                keys.push(c);
                area_entries.push(entry);
            }
            _ => problems.at(
                file,
                entry,
                format!("area key \"{key}\" must be one character (not '.' or a space), the character that draws it in the grid"),
            ),
        }
    }
    if keys.len() > MAX_AREAS {
        problems.at(
            file,
            &raw.areas,
            format!(
                "a map may have at most {MAX_AREAS} areas; this one has {}",
                keys.len()
            ),
        );
        return Err(problems.0);
    }

    let mut cells = vec![None; width * height];
    let mut seen_unknown: Vec<char> = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == '.' || c == ' ' {
                continue;
            }
            match keys.iter().position(|k| *k == c) {
                Some(i) => cells[y * width + x] = Some(i as AreaId),
                None => {
                    if !seen_unknown.contains(&c) {
                        seen_unknown.push(c);
                        let offset = locate_cell(&file.text, text_start, y, x);
                        problems.push(file.error_at(
                            offset..offset,
                            format!(
                                "grid cell '{c}' (row {}, column {}) has no entry under [areas]",
                                y + 1,
                                x + 1
                            ),
                        ));
                    }
                }
            }
        }
    }

    let n = keys.len();
    let mut areas = Vec::with_capacity(n);
    for (i, entry) in area_entries.iter().enumerate() {
        let key = keys[i];
        let a = entry.get_ref();
        let cell_count = cells.iter().filter(|c| **c == Some(i as AreaId)).count();
        if cell_count == 0 {
            problems.at(
                file,
                entry,
                format!("area '{key}' ({}) is not drawn in the grid", a.name),
            );
        } else if !is_connected(&cells, width, height, i as AreaId) {
            problems.at(
                file,
                entry,
                format!(
                    "area '{key}' ({}) is drawn in pieces; an area must be one connected shape",
                    a.name
                ),
            );
        }
        if a.dots.get_ref().is_empty() {
            problems.at(
                file,
                &a.dots,
                format!("area '{key}' needs at least one centre dot"),
            );
        }
        let mut dots = Vec::new();
        for dot in a.dots.get_ref() {
            let [x, y] = *dot.get_ref();
            let inside = x >= 0.0
                && y >= 0.0
                && (x as usize) < width
                && (y as usize) < height
                && cells[(y as usize) * width + x as usize] == Some(i as AreaId);
            if !inside {
                problems.at(
                    file,
                    dot,
                    format!("centre dot [{x}, {y}] is not inside area '{key}'"),
                );
            }
            dots.push([x, y]);
        }
        areas.push(Area {
            key,
            name: a.name.clone(),
            terrain: a.terrain,
            dots,
            railway: false,
        });
    }
    if !problems.is_empty() {
        return Err(problems.0);
    }

    // Adjacency: areas whose cells share an edge.
    let mut adjacent = vec![AreaSet::EMPTY; n];
    for y in 0..height {
        for x in 0..width {
            let Some(a) = cells[y * width + x] else {
                continue;
            };
            let mut link = |b: Option<AreaId>| {
                if let Some(b) = b
                    && b != a
                {
                    adjacent[a as usize].insert(b);
                    adjacent[b as usize].insert(a);
                }
            };
            if x + 1 < width {
                link(cells[y * width + x + 1]);
            }
            if y + 1 < height {
                link(cells[(y + 1) * width + x]);
            }
        }
    }

    // Railway.
    let mut rail_next = vec![AreaSet::EMPTY; n];
    for line in &raw.railway {
        let mut prev: Option<AreaId> = None;
        for key in line.get_ref() {
            let Some(id) = keys
                .iter()
                .position(|k| key.get_ref().chars().eq(std::iter::once(*k)))
            else {
                problems.at(
                    file,
                    key,
                    format!(
                        "railway names area \"{}\", which is not on this map",
                        key.get_ref()
                    ),
                );
                prev = None;
                continue;
            };
            let id = id as AreaId;
            areas[id as usize].railway = true;
            if let Some(p) = prev {
                if !adjacent[p as usize].contains(id) {
                    problems.at(
                        file,
                        key,
                        format!(
                            "railway runs from '{}' to '{}', which do not touch",
                            areas[p as usize].key,
                            key.get_ref()
                        ),
                    );
                }
                rail_next[p as usize].insert(id);
                rail_next[id as usize].insert(p);
            }
            prev = Some(id);
        }
    }
    if !problems.is_empty() {
        return Err(problems.0);
    }

    let distance = all_distances(&adjacent);
    let line_of_sight = all_lines_of_sight(&cells, width, height, &areas);
    let within = (0..n)
        .map(|a| {
            let mut w = [AreaSet::EMPTY; MAX_RANGE + 1];
            for (r, set) in w.iter_mut().enumerate() {
                for b in 0..n {
                    if (distance[a * n + b] as usize) <= r {
                        set.insert(b as AreaId);
                    }
                }
            }
            w
        })
        .collect();
    let mut railway_areas = AreaSet::EMPTY;
    for (i, a) in areas.iter().enumerate() {
        if a.railway {
            railway_areas.insert(i as AreaId);
        }
    }
    Ok(Map {
        railway_areas,
        name: raw.name.clone(),
        width,
        height,
        cells,
        areas,
        adjacent,
        rail_next,
        distance,
        line_of_sight,
        within,
    })
}

/// Byte offset of grid cell (row, column) in the file, for error messages.
fn locate_cell(text: &str, start: usize, row: usize, col: usize) -> usize {
    let mut offset = start;
    let mut nonblank = 0;
    for line in text[start..].split_inclusive('\n') {
        if !line.trim().is_empty() {
            if nonblank == row {
                let byte = line.char_indices().nth(col).map(|(b, _)| b).unwrap_or(0);
                return offset + byte;
            }
            nonblank += 1;
        }
        offset += line.len();
    }
    start
}

fn is_connected(cells: &[Option<AreaId>], width: usize, height: usize, area: AreaId) -> bool {
    let Some(first) = cells.iter().position(|c| *c == Some(area)) else {
        return true;
    };
    let total = cells.iter().filter(|c| **c == Some(area)).count();
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![first];
    seen[first] = true;
    let mut count = 0;
    while let Some(i) = stack.pop() {
        count += 1;
        let (x, y) = (i % width, i / width);
        let mut visit = |j: usize| {
            if !seen[j] && cells[j] == Some(area) {
                seen[j] = true;
                stack.push(j);
            }
        };
        if x > 0 {
            visit(i - 1);
        }
        if x + 1 < width {
            visit(i + 1);
        }
        if y > 0 {
            visit(i - width);
        }
        if y + 1 < height {
            visit(i + width);
        }
    }
    count == total
}

/// Range (rule 8): the least number of moves from one area to another.
fn all_distances(adjacent: &[AreaSet]) -> Vec<u8> {
    let n = adjacent.len();
    let mut dist = vec![UNREACHABLE; n * n];
    for from in 0..n {
        let row = &mut dist[from * n..(from + 1) * n];
        row[from] = 0;
        let mut frontier = AreaSet::single(from as AreaId);
        let mut reached = frontier;
        let mut d = 0u8;
        while !frontier.is_empty() && d < UNREACHABLE - 1 {
            d += 1;
            let mut next = AreaSet::EMPTY;
            for a in frontier.iter() {
                next.0 |= adjacent[a as usize].0;
            }
            next.0 &= !reached.0;
            for a in next.iter() {
                row[a as usize] = d;
            }
            reached.0 |= next.0;
            frontier = next;
        }
    }
    dist
}

/// Line of sight (rule 7): from some centre dot of one area to some centre dot of the
/// other, the straight line crosses no forest or building area (other than the
/// two areas themselves). Units do not block.
fn all_lines_of_sight(
    cells: &[Option<AreaId>],
    width: usize,
    height: usize,
    areas: &[Area],
) -> Vec<AreaSet> {
    let n = areas.len();
    let mut los = vec![AreaSet::EMPTY; n];
    for a in 0..n {
        los[a].insert(a as AreaId);
        for b in (a + 1)..n {
            let clear = areas[a].dots.iter().any(|p| {
                areas[b].dots.iter().any(|q| {
                    !segment_blocked(
                        cells,
                        width,
                        height,
                        areas,
                        *p,
                        *q,
                        a as AreaId,
                        b as AreaId,
                    )
                })
            });
            if clear {
                los[a].insert(b as AreaId);
                los[b].insert(a as AreaId);
            }
        }
    }
    los
}

/// Whether the segment p-q runs through the inside of a blocking area other
/// than `a` and `b`. Grazing the edge of a forest, or passing through a single
/// corner point, does not block; running between two forest cells does.
///
/// The segment is cut wherever it crosses a grid line; between two cuts it
/// lies in one cell or along one grid line, so testing the middle of each
/// piece is exact: the piece is inside the blocking region when every cell
/// touching that middle point is blocking.
#[allow(clippy::too_many_arguments)]
fn segment_blocked(
    cells: &[Option<AreaId>],
    width: usize,
    height: usize,
    areas: &[Area],
    p: [f32; 2],
    q: [f32; 2],
    a: AreaId,
    b: AreaId,
) -> bool {
    let mut cuts: Vec<f32> = vec![0.0, 1.0];
    for axis in 0..2 {
        let (from, to) = (p[axis], q[axis]);
        if (to - from).abs() < 1e-9 {
            continue;
        }
        let (lo, hi) = (from.min(to).ceil() as i32, from.max(to).floor() as i32);
        for k in lo..=hi {
            let t = (k as f32 - from) / (to - from);
            if t > 0.0 && t < 1.0 {
                cuts.push(t);
            }
        }
    }
    cuts.sort_by(|x, y| x.total_cmp(y));
    let blocking = |cx: i32, cy: i32| -> bool {
        if cx < 0 || cy < 0 || cx as usize >= width || cy as usize >= height {
            return false;
        }
        match cells[cy as usize * width + cx as usize] {
            Some(c) => c != a && c != b && areas[c as usize].terrain.blocks_line_of_sight(),
            None => false,
        }
    };
    const EPS: f32 = 1e-4;
    for w in cuts.windows(2) {
        if w[1] - w[0] < 1e-6 {
            continue;
        }
        let t = (w[0] + w[1]) / 2.0;
        let (x, y) = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t);
        let xs = [(x - EPS).floor() as i32, (x + EPS).floor() as i32];
        let ys = [(y - EPS).floor() as i32, (y + EPS).floor() as i32];
        if xs.iter().all(|&cx| ys.iter().all(|&cy| blocking(cx, cy))) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The looked-up single-area masks are the shifts they stand for, up to
    /// the last area number a map may have.
    #[test]
    fn area_sets_hold_every_area_number() {
        let mut all = AreaSet::EMPTY;
        for a in 0..MAX_AREAS as AreaId {
            assert_eq!(AreaSet::single(a).0, 1u128 << a);
            all.insert(a);
            assert!(all.contains(a));
            assert!(!all.without(a).contains(a));
            assert_eq!(all.without(a).len(), a as u32);
        }
        assert_eq!(all.0, u128::MAX);
    }

    /// Going through a set gives its areas lowest first, in either half
    /// and across the middle.
    #[test]
    fn area_sets_list_their_areas_lowest_first() {
        let lists: [&[AreaId]; 6] = [
            &[],
            &[0],
            &[3, 17, 63],
            &[64, 100, 127],
            &[0, 63, 64, 127],
            &[5, 62, 65],
        ];
        for list in lists {
            let mut set = AreaSet::EMPTY;
            for &a in list {
                set.insert(a);
            }
            assert_eq!(set.iter().collect::<Vec<_>>(), list);
        }
        let all: Vec<AreaId> = AreaSet(u128::MAX).iter().collect();
        assert_eq!(all, (0..MAX_AREAS as AreaId).collect::<Vec<_>>());
    }

    fn strip(terrain_of_middle: Terrain) -> (Vec<Option<AreaId>>, Vec<Area>) {
        // Three areas side by side, two cells high: 0 | 1 | 2.
        let cells = vec![Some(0), Some(1), Some(2), Some(0), Some(1), Some(2)];
        let area = |t| Area {
            key: 'x',
            name: String::new(),
            terrain: t,
            dots: vec![],
            railway: false,
        };
        (
            cells,
            vec![
                area(Terrain::Open),
                area(terrain_of_middle),
                area(Terrain::Open),
            ],
        )
    }

    #[test]
    fn line_of_sight_through_the_middle_of_a_forest_is_blocked_even_along_an_inner_edge() {
        let (cells, areas) = strip(Terrain::Forest);
        // Along the row boundary y = 1, between the forest's two cells.
        assert!(segment_blocked(
            &cells,
            3,
            2,
            &areas,
            [0.5, 1.0],
            [2.5, 1.0],
            0,
            2
        ));
        assert!(segment_blocked(
            &cells,
            3,
            2,
            &areas,
            [0.5, 0.5],
            [2.5, 0.5],
            0,
            2
        ));
        let (cells, areas) = strip(Terrain::Open);
        assert!(!segment_blocked(
            &cells,
            3,
            2,
            &areas,
            [0.5, 1.0],
            [2.5, 1.0],
            0,
            2
        ));
    }

    #[test]
    fn grazing_the_edge_of_a_forest_does_not_block() {
        // Row 0: open, open, open; row 1: forest, forest, forest (area 1).
        let cells = vec![Some(0), Some(0), Some(2), Some(1), Some(1), Some(1)];
        let (_, areas) = strip(Terrain::Forest);
        assert!(!segment_blocked(
            &cells,
            3,
            2,
            &areas,
            [0.0, 1.0],
            [3.0, 1.0],
            0,
            2
        ));
        // A forest does not block sight out of itself.
        assert!(!segment_blocked(
            &cells,
            3,
            2,
            &areas,
            [0.5, 1.5],
            [2.5, 0.5],
            1,
            2
        ));
    }

    #[test]
    fn area_sets_iterate_in_order() {
        let mut s = AreaSet::EMPTY;
        for a in [3, 0, 127, 64] {
            s.insert(a);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3, 64, 127]);
        assert_eq!(s.len(), 4);
    }
}
