"""Any-point sight lines between hexes: which hexes a straight segment really passes through.

Owns: an ideal regular hex grid in cube space (every hex a regular hexagon of circumradius 1,
pointy side up; the grid's shape in cube space does not depend on Tiled's stagger axis, so one
embedding serves every layout), the seven sample points of a hex (centre and six corners pulled
1% inward: the invented core's `los_geometry`), the hexes a segment enters, whether any sample
line joins two hexes unobstructed (BND-84), the centre line (BND-85) and the sample line with the
least summed weight (concealment, BND-88 / BND-GM-19). Also the affine map from this space to
Tiled map pixels, so the client can draw the lines over the map.

Graze rule (BND-GM-23 default "graze is not an obstruction"): a segment enters a hex only if it
passes through the hex's interior; touching a corner or running exactly along an edge does not
enter. One exception keeps walls solid: a segment running exactly along the edge shared by two
obstructing hexes is obstructed (it would slip through the seam of a wall). With
`graze_blocks=True` every touched hex counts as entered (closed hexagons).

Cost: geometry per hex pair is cached (`functools.lru_cache`, pure functions of cube
coordinates, bounded), for the pair moved to the origin (see `_frame`), and a line mask once
for the twelve turned and mirrored images of a pair (see `_origin_mask`). A call tests only
the hexes near the pair's centre line for which the caller's predicate is true, against 49
sample lines held as bit masks: typically tens of microseconds once warm, about a millisecond
for a new distant pair. A new mask settles most
lines by their distance from the hex's centre and clips only the rest against its edges.
`crossings_witness` also says why a pair falls short (which lines stay under), so a caller
that remembers it can tell when more weight elsewhere cannot change the answer. The masks of
every pair within MASK_TABLE_REACH can be worked out beforehand (`build_masks`) and handed back
(`install_masks`, checked against the geometry as it is read): a system that ships them spares a
match's first positions the cost of new pairs.

Must not: know any rule system, read a Board, or use randomness. End hexes never obstruct.
"""
from __future__ import annotations

import math
import struct
import sys
import zlib
from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from game.engine.boards.hex import (CUBE_DIRECTIONS, Cube, HexLayout, cube_area, cube_line,
                                    cube_round)

Point = tuple[float, float]          # cartesian, in hex units (circumradius 1)
CubePoint = tuple[float, float, float]
Blocks = Callable[[Cube], bool]
Weight = Callable[[Cube], float]

SQRT3 = math.sqrt(3.0)
APOTHEM = SQRT3 / 2                   # centre to edge
INSET = 0.99                          # los_geometry: corners pulled 1% toward the centre
EPS = 1e-9                            # closer than this to an edge or corner counts as touching
SAMPLES = 7
LINES = SAMPLES * SAMPLES
ALL_LINES = (1 << LINES) - 1
CENTRE_LINE = 0                       # index of the centre-to-centre line (sample 0 to sample 0)

# Unit normals of the three pairs of parallel edges; each points at a neighbour's centre.
_NORMALS: tuple[Point, ...] = tuple((math.cos(math.radians(a)), math.sin(math.radians(a)))
                                    for a in (0.0, 60.0, 120.0))


# -- the embedding -------------------------------------------------------------------------------
def cube_to_point(c: Cube | CubePoint) -> Point:
    """The centre of a hex (or any fractional cube point) in cartesian hex units."""
    q, r = c[0], c[1]
    return SQRT3 * (q + r / 2.0), 1.5 * r


def point_to_cube(p: Point) -> CubePoint:
    """Fractional cube coordinates of a cartesian point (inverse of cube_to_point)."""
    r = p[1] / 1.5
    q = p[0] / SQRT3 - r / 2.0
    return q, r, -q - r


@lru_cache(maxsize=8192)
def sample_points(c: Cube) -> tuple[Point, ...]:
    """The centre, then the six corners pulled 1% inward, in a fixed order (remembered: every
    new pair's line masks start from them)."""
    cx, cy = cube_to_point(c)
    pts = [(cx, cy)]
    for k in range(6):
        a = math.radians(30.0 + 60.0 * k)
        pts.append((cx + INSET * math.cos(a), cy + INSET * math.sin(a)))
    return tuple(pts)


def cube_point_to_pixel(layout: HexLayout, p: CubePoint | Cube) -> tuple[float, float]:
    """Map pixels of a (fractional) cube point: the affine map that sends every hex centre to
    the centre Tiled draws it at. Corners land close to, not exactly on, Tiled's corners (its
    hexagons need not be regular)."""
    o, dq, dr = _pixel_frame(layout)
    return o[0] + p[0] * dq[0] + p[1] * dr[0], o[1] + p[0] * dq[1] + p[1] * dr[1]


def point_to_pixel(layout: HexLayout, p: Point) -> tuple[float, float]:
    return cube_point_to_pixel(layout, point_to_cube(p))


@lru_cache(maxsize=64)
def _pixel_frame(layout: HexLayout) -> tuple[Point, Point, Point]:
    def centre(c: Cube) -> Point:
        return layout.center(*layout.from_cube(c))
    o = centre((0, 0, 0))
    q1, r1 = centre((1, 0, -1)), centre((0, 1, -1))
    return o, (q1[0] - o[0], q1[1] - o[1]), (r1[0] - o[0], r1[1] - o[1])


# -- one segment against one hex ---------------------------------------------------------------
def _enters(p0: Point, p1: Point, c: Cube, graze_blocks: bool) -> bool:
    """Whether the segment passes through the hex's interior (or touches it, if graze_blocks)."""
    cx, cy = cube_to_point(c)
    bound = APOTHEM + EPS if graze_blocks else APOTHEM - EPS
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    lo, hi = 0.0, 1.0
    for nx, ny in _NORMALS:
        f0 = nx * (p0[0] - cx) + ny * (p0[1] - cy)
        df = nx * dx + ny * dy
        if abs(df) < 1e-15:
            if not -bound < f0 < bound:
                return False
            continue
        t_a, t_b = (-bound - f0) / df, (bound - f0) / df
        if t_a > t_b:
            t_a, t_b = t_b, t_a
        lo, hi = max(lo, t_a), min(hi, t_b)
        if lo >= hi:
            return False
    return True


def _edge_frame(c: Cube, d: int) -> tuple[float, float, float, float]:
    """The unit normal of hex c's edge facing cube direction d, and that edge's midpoint."""
    nb = (c[0] + CUBE_DIRECTIONS[d][0], c[1] + CUBE_DIRECTIONS[d][1],
          c[2] + CUBE_DIRECTIONS[d][2])
    cx, cy = cube_to_point(c)
    bx, by = cube_to_point(nb)
    nx, ny = (bx - cx) / SQRT3, (by - cy) / SQRT3
    return nx, ny, cx + nx * APOTHEM, cy + ny * APOTHEM


def _along_edge(p0: Point, p1: Point, c: Cube, d: int) -> bool:
    """Whether the segment runs (for a positive length) exactly along the edge of hex c that
    faces its neighbour in cube direction d."""
    nx, ny, mx, my = _edge_frame(c, d)
    if abs(nx * (p0[0] - mx) + ny * (p0[1] - my)) > EPS:
        return False
    if abs(nx * (p1[0] - mx) + ny * (p1[1] - my)) > EPS:
        return False
    tx, ty = -ny, nx
    s0 = tx * (p0[0] - mx) + ty * (p0[1] - my)
    s1 = tx * (p1[0] - mx) + ty * (p1[1] - my)
    lo, hi = max(min(s0, s1), -0.5), min(max(s0, s1), 0.5)   # the edge is 1 long
    return hi - lo > EPS


def segment_cells(p0: Point, p1: Point, graze_blocks: bool = False) -> list[Cube]:
    """The hexes whose interior the segment p0-p1 passes through (every hex it touches, when
    graze_blocks), ordered from p0 to p1."""
    a = _cube_of(p0)
    b = _cube_of(p1)
    found = []
    for c in _region_at(a, b):
        if _enters(p0, p1, c, graze_blocks):
            cx, cy = cube_to_point(c)
            found.append(((cx - p0[0]) * (p1[0] - p0[0]) + (cy - p0[1]) * (p1[1] - p0[1]), c))
    found.sort()
    return [c for _, c in found]


def segment_seams(p0: Point, p1: Point) -> list[tuple[Cube, Cube]]:
    """Pairs of neighbouring hexes whose shared edge the segment runs exactly along."""
    out = []
    for c in _region_at(_cube_of(p0), _cube_of(p1)):
        for d in range(3):        # each edge once: directions 0..2 from one side
            if _along_edge(p0, p1, c, d):
                out.append((c, (c[0] + CUBE_DIRECTIONS[d][0], c[1] + CUBE_DIRECTIONS[d][1],
                                c[2] + CUBE_DIRECTIONS[d][2])))
    return out


def _cube_of(p: Point) -> Cube:
    return cube_round(*point_to_cube(p))


# -- a pair of hexes: 49 sample lines as bit masks --------------------------------------------
@lru_cache(maxsize=32768)
def _region(a: Cube, b: Cube) -> tuple[Cube, ...]:
    """Hexes that any sample line between a and b could touch: centres within 2 of the centre
    segment (sample points lie within 1 of their centre, a hex within 1 of its centre). For a
    pair at the origin, the least of its twelve images' region moved back (one walk for the
    twelve; the hexes are the same, as every distance here has a margin far above rounding,
    and they come in the image's order)."""
    if a == ORIGIN:
        image, which = _least_image(b)
        if which:
            (p0, p1, p2), sign, _ = _SYMMETRIES[_INVERSE[which]]
            return tuple((sign * c[p0], sign * c[p1], sign * c[p2])
                         for c in _region(ORIGIN, image))
    pa, pb = cube_to_point(a), cube_to_point(b)
    seen: dict[Cube, None] = {}
    tried: set[Cube] = set()        # a hex too far from the segment once is too far always
    for c in cube_line(a, b):
        for o in _AREA_2:
            x = (c[0] + o[0], c[1] + o[1], c[2] + o[2])
            if x in tried:
                continue
            tried.add(x)
            if _dist_to_segment(cube_to_point(x), pa, pb) <= 2.0 + 1e-6:
                seen[x] = None
    return tuple(seen)


_AREA_2: tuple[Cube, ...] = tuple(cube_area((0, 0, 0), 2))   # cube_area's order, moved per hex


def _region_at(a: Cube, b: Cube) -> list[Cube]:
    """`_region(a, b)` as the pair's region at the origin moved to `a`: one cached entry per
    offset rather than per pair of hexes. Its hexes may differ from `_region(a, b)`'s only at
    the 2-from-the-segment margin (rounding of the moved centres), so it serves callers that
    test hexes a segment between the two centres' areas enters or runs along, all of them
    well inside that margin."""
    q0, r0, s0 = a
    return [(q + q0, r + r0, s + s0)
            for q, r, s in _region(ORIGIN, (b[0] - q0, b[1] - r0, b[2] - s0))]


def region_from_origin(d: Cube) -> tuple[Cube, ...]:
    """`_region` for the pair (origin, d): every hex any sample line from the origin hex to hex
    `d` could touch, relative to the origin (add the first hex to place it)."""
    return _region(ORIGIN, d)


def line_touches(d: Cube, rc: Cube, index: int) -> bool:
    """Whether sample line `index` of the canonical pair (origin, d) touches hex `rc` (relative
    to the origin), an edge or a corner being enough: the widest reading of which hexes a line
    meets, for bounds."""
    if rc == ORIGIN or rc == d:
        return True
    p0, p1 = line_points(ORIGIN, d, index)
    return _enters(p0, p1, rc, True)


@lru_cache(maxsize=16384)
def centre_line_touches(d: Cube) -> tuple[Cube, ...]:
    """The hexes of `region_from_origin(d)` that the centre line from the origin to `d` touches
    (`line_touches(d, rc, CENTRE_LINE)` for each; the centre line joins the two centres). A
    hex the line touches has its centre within 1 of it, so only those rows are tried. Worked
    out for the least of d's images under the grid's symmetries and moved back (the touching
    test has a margin far above rounding, as for `_origin_mask`), in row order either way."""
    shipped = _CENTRES_AT.get(d)
    if shipped is not None:
        return _decode_cells(_EXTRAS_RAW, *shipped)
    best, which = _least_image(d)
    if which:
        return _moved_touches(centre_line_touches(best), which)
    return _centre_line_touches(d)


def _centre_touches_in_place(d: Cube) -> tuple[Cube, ...]:
    """centre_line_touches worked out from the geometry alone (no shipped table, no cache)."""
    best, which = _least_image(d)
    return _moved_touches(_centre_line_touches(best), which) if which else _centre_line_touches(d)


def _moved_touches(cells: tuple[Cube, ...], which: int) -> tuple[Cube, ...]:
    """The touches of the least image moved back to the offset (symmetry `which` undone)."""
    (p0_, p1_, p2_), sign, _ = _SYMMETRIES[_INVERSE[which]]
    return tuple(sorted(((sign * c[p0_], sign * c[p1_], sign * c[p2_]) for c in cells),
                        key=_row_order))


def _row_order(c: Cube) -> tuple[int, int]:
    return c[1], c[0]


def _centre_line_touches(d: Cube) -> tuple[Cube, ...]:
    p0, p1 = cube_to_point(ORIGIN), cube_to_point(d)
    out = []
    for r, q_lo, q_hi in near_segment_rows(d, 1.0 + _ROW_MARGIN):
        for q in range(q_lo, q_hi + 1):
            rc = (q, r, -q - r)
            if rc == ORIGIN or rc == d or _enters(p0, p1, rc, True):
                out.append(rc)
    return tuple(out)


_ROW_MARGIN = 1e-3          # near_segment_rows' callers want supersets: a margin, not rounding


def near_segment_rows(d: Cube, radius: float) -> list[tuple[int, int, int]]:
    """See `_near_segment_rows` (the rows are worked out once per offset and radius, or read
    from the shipped extras at REGION_ROWS_RADIUS)."""
    if radius == REGION_ROWS_RADIUS:
        shipped = _ROWS_AT.get(d)
        if shipped is not None:
            return list(_decode_rows(_EXTRAS_RAW, *shipped))
    return list(_near_segment_rows(d, radius))


@lru_cache(maxsize=4096)
def _near_segment_rows(d: Cube, radius: float) -> tuple[tuple[int, int, int], ...]:
    """The hexes whose centre lies within `radius` of the segment from the origin's centre to
    d's, row by row: (r, first q, last q). The set within a distance of a segment is convex, so
    each row's share is one run of hexes; it is found from the ends of that row's chord (on
    the circles round the two ends or on the two sides parallel to the segment). Exact up to
    rounding: callers wanting a superset pass a radius with a margin. Cheap enough to bound a
    pair's region where `region_from_origin` would walk it hex by hex."""
    x1, y1 = cube_to_point(d)
    length = math.hypot(x1, y1)
    nx, ny = (-y1 / length, x1 / length) if length else (0.0, 0.0)
    rows = []
    r_lo = math.floor((min(0.0, y1) - radius) / 1.5)
    r_hi = math.ceil((max(0.0, y1) + radius) / 1.5)
    for r in range(r_lo, r_hi + 1):
        y = 1.5 * r
        xs: list[float] = []
        for cx, cy in ((0.0, 0.0), (x1, y1)):          # the circles round the two ends
            h = radius * radius - (y - cy) * (y - cy)
            if h >= 0:
                w = math.sqrt(h)
                xs += (cx - w, cx + w)
        if y1:                                          # the two sides, where this row meets them
            for side in (radius, -radius):
                t = (y - side * ny) / y1
                if 0.0 <= t <= 1.0:
                    xs.append(t * x1 + side * nx)
        if not xs:
            continue
        q_lo = math.ceil(min(xs) / SQRT3 - r / 2.0 - 1e-9)
        q_hi = math.floor(max(xs) / SQRT3 - r / 2.0 + 1e-9)
        if q_lo <= q_hi:
            rows.append((r, q_lo, q_hi))
    return tuple(rows)


def _dist_to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _canon(a: Cube, b: Cube) -> tuple[Cube, Cube, bool]:
    """The pair in a fixed order (so a->b and b->a share one cache entry and one answer)."""
    return (a, b, False) if a <= b else (b, a, True)


@lru_cache(maxsize=32768)
def _segments(a: Cube, b: Cube) -> tuple[tuple[Point, Point], ...]:
    """The 49 sample lines, index i*7+j joining sample i of a to sample j of b (canonical a<=b)."""
    sa, sb = sample_points(a), sample_points(b)
    return tuple((p, q) for p in sa for q in sb)


@lru_cache(maxsize=262144)
def _mask(a: Cube, b: Cube, c: Cube, graze_blocks: bool) -> int:
    """Bit i set: sample line i of the canonical pair (a, b) enters hex c."""
    if not _near(a, b, c):
        return 0
    # _enters for the 49 lines in one pass: the same arithmetic in the same order (so the same
    # bits), with the hex centre, the bound and each start point's offsets worked out once
    # instead of once per line; this is the cost of every pair of hexes not seen before.
    # Most lines are settled by their distance from the hex's centre alone: nearer than the
    # apothem (less a margin far above rounding) they pass through the inside, further than
    # the circumradius (plus the margin) they miss even the closed hexagon. Only lines in
    # between are clipped against the three pairs of edges.
    cx, cy = cube_to_point(c)
    bound = APOTHEM + EPS if graze_blocks else APOTHEM - EPS
    m = 0
    i = 0
    for p0, lines in _line_table(a, b):
        ox, oy = p0[0] - cx, p0[1] - cy
        f0s = None
        for dx, dy, length2 in lines:
            t = -(ox * dx + oy * dy) / length2
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            ex, ey = ox + t * dx, oy + t * dy
            dist2 = ex * ex + ey * ey
            if dist2 < _SURELY_IN2:
                m |= 1 << i
                i += 1
                continue
            if dist2 > _SURELY_OUT2:
                i += 1
                continue
            if f0s is None:
                f0s = [nx * ox + ny * oy for nx, ny in _NORMALS]
            lo, hi = 0.0, 1.0
            inside = True
            for k in range(3):
                f0 = f0s[k]
                nx, ny = _NORMALS[k]
                df = nx * dx + ny * dy
                if abs(df) < 1e-15:
                    if not -bound < f0 < bound:
                        inside = False
                        break
                    continue
                t_a, t_b = (-bound - f0) / df, (bound - f0) / df
                if t_a > t_b:
                    t_a, t_b = t_b, t_a
                if t_a > lo:
                    lo = t_a
                if t_b < hi:
                    hi = t_b
                if lo >= hi:
                    inside = False
                    break
            if inside:
                m |= 1 << i
            i += 1
    return m


# -- the grid's symmetries: a pair turned about the origin by a multiple of 60 degrees, or mirrored
# across the vertical line through it, has the same masks, renumbered
def _turn_sample(i: int, k: int) -> int:
    """Where sample point i of a hex goes when the hex is turned k times by 60 degrees
    (counter-clockwise in cube_to_point's frame): the centre stays, corner m (1..6) becomes
    corner m + k, counted round."""
    return 0 if i == 0 else (i - 1 + k) % 6 + 1


_MIRROR_SAMPLE = (0, 3, 2, 1, 6, 5, 4)   # x -> -x: the corner at 30 degrees goes to 150, ...


def _symmetry(mirror: bool, k: int) -> tuple[tuple[int, int, int], int, tuple[int, ...]]:
    """One of the twelve symmetries fixing the origin (mirror first, then k turns), as the cube
    it makes of c = (c[p0], c[p1], c[p2]) times a sign, and where it sends each sample point.
    A turn makes (-r, -s, -q) of (q, r, s); the mirror (s, r, q)."""
    perm, sign = (2, 1, 0) if mirror else (0, 1, 2), 1
    for _ in range(k):
        perm, sign = (perm[1], perm[2], perm[0]), -sign
    samples = tuple(_turn_sample(_MIRROR_SAMPLE[i] if mirror else i, k) for i in range(SAMPLES))
    return perm, sign, samples


_SYMMETRIES = tuple(_symmetry(mirror, k) for mirror in (False, True) for k in range(6))


def _renumbering(samples: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Tables that take a mask of the moved pair back to the pair itself: line
    samples[i]*7 + samples[j] of the moved pair is line i*7 + j here. For each 7-bit group
    (one start sample's lines) its bits renumbered, and where each moved start's group goes."""
    back = [0] * SAMPLES
    for i, moved in enumerate(samples):
        back[moved] = i
    groups = tuple(sum(1 << back[j] for j in range(SAMPLES) if g >> j & 1) for g in range(128))
    return groups, tuple(SAMPLES * back[i] for i in range(SAMPLES))


def _inverse(n: int) -> int:
    """The symmetry that undoes symmetry n."""
    probe = (1, 2, -3)
    (a0, a1, a2), sa, _ = _SYMMETRIES[n]
    moved = (sa * probe[a0], sa * probe[a1], sa * probe[a2])
    for m, ((b0, b1, b2), sb, _) in enumerate(_SYMMETRIES):
        if (sb * moved[b0], sb * moved[b1], sb * moved[b2]) == probe:
            return m
    raise AssertionError(n)


_INVERSE = tuple(_inverse(n) for n in range(len(_SYMMETRIES)))
_RENUMBER = tuple(_renumbering(samples) for _, _, samples in _SYMMETRIES)


def _renumber(m: int, tables: tuple[tuple[int, ...], tuple[int, ...]]) -> int:
    """A mask of the moved pair, numbered for the pair itself (see _renumbering)."""
    groups, starts = tables
    out = 0
    for i in range(SAMPLES):
        g = m >> (SAMPLES * i) & 127
        if g:
            out |= groups[g] << starts[i]
    return out


@lru_cache(maxsize=65536)
def _least_image(d: Cube) -> tuple[Cube, int]:
    """The least of d's twelve images under the grid's symmetries, and which symmetry makes it
    (0: d itself), found once per offset (read from the shipped extras within their reach)."""
    known = _KNOWN_WHICH.get(d)
    if known is not None:
        (p0, p1, p2), sign, _ = _SYMMETRIES[known]
        return (sign * d[p0], sign * d[p1], sign * d[p2]), known
    return _least_image_in_place(d)


def _least_image_in_place(d: Cube) -> tuple[Cube, int]:
    """_least_image worked out from the symmetries alone (no shipped table, no cache)."""
    best, which = d, 0
    for n in range(1, 12):
        (p0, p1, p2), sign, _ = _SYMMETRIES[n]
        image = (sign * d[p0], sign * d[p1], sign * d[p2])
        if image < best:
            best, which = image, n
    return best, which


# 32,768 masks (a few MB): the twelve benchmark games on the two shipped maps ask about 10,600
# distinct ones; 262,144 would have let a long session keep tens of MB of them
@lru_cache(maxsize=32768)
def _origin_mask(d: Cube, rc: Cube, graze_blocks: bool) -> int:
    """`_mask(ORIGIN, d, rc, graze_blocks)`, worked out once for the twelve images of a pair
    under the grid's symmetries: the pair is moved until d is the least of its images, that
    mask is worked out (or remembered) and renumbered back. Sample points go to sample points,
    and every threshold of `_mask` has a margin far above the rounding of a moved coordinate
    (as for `_frame`'s moves), so the bits are those `_mask` finds in place (a test checks it
    hex by hex)."""
    best, which = _least_image(d)
    if which == 0:
        if _KNOWN:
            got = _KNOWN.get(_known_key(d, rc, graze_blocks))
            if got is not None:
                return got
        return _mask.__wrapped__(ORIGIN, d, rc, graze_blocks)
    (p0, p1, p2), sign, _ = _SYMMETRIES[which]
    moved = (sign * rc[p0], sign * rc[p1], sign * rc[p2])
    return _renumber(_origin_mask(best, moved, graze_blocks), _RENUMBER[which])


# -- shipped masks: `_origin_mask`'s canonical answers worked out beforehand (install_masks)
MASK_TABLE_REACH = 30          # pairs up to this far apart (further than a shipped map is wide)
MASK_TABLE_VERSION = 2         # raise when _mask's answers or the table's layout change
_KNOWN: dict[int, int] = {}    # _known_key(d, rc, graze) -> mask, filled by install_masks
_CHECKED_ENTRIES = 24          # entries worked out again when a table is installed


def _known_key(d: Cube, rc: Cube, graze_blocks: bool) -> int:
    """(d, rc, graze) as one small int (each coordinate within 63 of the origin): 29 bits."""
    return ((((d[0] + 64) * 128 + d[1] + 64) * 128 + rc[0] + 64) * 128 + rc[1] + 64) * 2 \
        + graze_blocks


def _from_known_key(k: int) -> tuple[Cube, Cube, bool]:
    graze, k = k & 1, k >> 1
    rr, k = (k & 127) - 64, k >> 7
    rq, k = (k & 127) - 64, k >> 7
    dr, dq = (k & 127) - 64, (k >> 7) - 64
    return (dq, dr, -dq - dr), (rq, rr, -rq - rr), bool(graze)


def _canonical(d: Cube) -> bool:
    """Whether d is the least of its twelve images (the pairs _origin_mask works out)."""
    return _least_image(d)[1] == 0


def build_masks(reach: int = MASK_TABLE_REACH) -> bytes:
    """Every canonical pair's masks within `reach`, for both graze readings, over the hexes of
    the pair's region (what install_masks reads): a version byte, the entry count, the keys
    (_known_key, 4 bytes each) and the masks (8 bytes each), little-endian, zlib-packed."""
    keys, masks = array("I"), array("Q")
    for d in cube_area(ORIGIN, reach):
        if d == ORIGIN or not _canonical(d):
            continue
        for rc in _region(ORIGIN, d):
            for graze in (False, True):
                keys.append(_known_key(d, rc, graze))
                masks.append(_mask.__wrapped__(ORIGIN, d, rc, graze))
    if sys.byteorder != "little":
        keys.byteswap()
        masks.byteswap()
    head = bytes([MASK_TABLE_VERSION]) + len(keys).to_bytes(4, "little")
    return zlib.compress(head + keys.tobytes() + masks.tobytes(), 9)


def install_masks(data: bytes) -> int:
    """Let `_origin_mask` read the masks of `build_masks`' table (once per process; later calls
    do nothing). A table of another version or size, or one whose entries do not come out the
    same when a spread of them is worked out again here, is refused (ValueError): a stale table
    is never read. Returns the number of entries installed."""
    if _KNOWN:
        return len(_KNOWN)
    raw = zlib.decompress(data)
    if len(raw) < 5 or raw[0] != MASK_TABLE_VERSION:
        raise ValueError("the hex sight mask table is of another version or damaged")
    n = int.from_bytes(raw[1:5], "little")
    keys, masks = array("I"), array("Q")
    if keys.itemsize != 4 or masks.itemsize != 8 or len(raw) != 5 + 12 * n:
        raise ValueError("the hex sight mask table is of another version or damaged")
    keys.frombytes(raw[5:5 + 4 * n])
    masks.frombytes(raw[5 + 4 * n:])
    if sys.byteorder != "little":
        keys.byteswap()
        masks.byteswap()
    for i in range(0, n, max(1, n // _CHECKED_ENTRIES)):
        d, rc, graze = _from_known_key(keys[i])
        if _mask.__wrapped__(ORIGIN, d, rc, graze) != masks[i]:
            raise ValueError("the hex sight mask table does not match the geometry: rebuild it")
    _KNOWN.update(zip(keys, masks))
    return n


# -- shipped extras: the other geometry a match's first positions meet, worked out beforehand
# (build_extras / install_extras, same reach as the masks): the rows of the hexes near a pair's
# centre line at REGION_ROWS_RADIUS (bindings' listing templates), the hexes each centre line
# touches, and every seam mask that is not empty (a few hundred of the tens of thousands a
# listing may ask about, each a clipping walk when worked out in place). Rows and centre lines
# are read from the bytes when an offset is first asked for, not all at install.
EXTRAS_VERSION = 2
REGION_ROWS_RADIUS = 2.0 + 1e-3    # a region's rows with a margin: a superset, never less
_EXTRAS_RAW = bytearray()
_ROWS_AT: dict[Cube, tuple[int, int]] = {}       # offset -> (byte position, row count)
_CENTRES_AT: dict[Cube, tuple[int, int]] = {}    # offset -> (byte position, hex count)
_KNOWN_SEAMS: dict[tuple[Cube, Cube, int], int] = {}
_KNOWN_WHICH: dict[Cube, int] = {}                # offset -> _least_image's symmetry
_KNOWN_SEAM_DIRS: dict[Cube, tuple[int, ...]] = {}   # the hexes with any, within reach + 3
_EXTRAS_REACH = [0]                # the reach the installed extras cover (0: none installed)
_SEAM = struct.Struct("<bbbbBQ")
_REGION_REACH = 3                 # a template's hexes lie within this of the pair's line
_EXTRAS_MISMATCH = "the hex sight extras table does not match the geometry: rebuild it"


def _seam_candidates(d: Cube, dirs_of: Callable[[Cube], tuple[int, ...]]):
    """(rc, k) of every seam of the pair (origin, d) `_seam` may ask about that can hold a line
    (`dirs_of`: _seam_dirs_in_place, or a cache of it)."""
    for rc in _region(ORIGIN, d):
        for k in dirs_of(rc):
            yield rc, k


def build_extras(reach: int = MASK_TABLE_REACH) -> bytes:
    """The rows, centre lines and non-empty seams of every offset within `reach` (see above):
    a version byte and the reach, then for each offset in cube_area order its row count and rows
    (r, first q, last q), then for each offset its centre line's hex count and hexes (q, r),
    then the seam count and seams (offset, hex, direction, mask), zlib-packed."""
    out = bytearray([EXTRAS_VERSION, reach])
    offsets = [d for d in cube_area(ORIGIN, reach) if d != ORIGIN]
    for d in offsets:
        rows = _near_segment_rows.__wrapped__(d, REGION_ROWS_RADIUS)
        out.append(len(rows))
        out += struct.pack(f"<{3 * len(rows)}b", *(v for row in rows for v in row))
    for d in offsets:
        cells = _centre_touches_in_place(d)
        out.append(len(cells))
        out += struct.pack(f"<{2 * len(cells)}b", *(v for c in cells for v in c[:2]))
    dirs_of = lru_cache(maxsize=None)(_seam_dirs_in_place)     # this build's own memo
    seams = [(d, rc, k, m) for d in offsets for rc, k in _seam_candidates(d, dirs_of)
             if (m := _seam_mask.__wrapped__(ORIGIN, d, rc, k))]
    out += len(seams).to_bytes(4, "little")
    for d, rc, k, m in seams:
        out += _SEAM.pack(d[0], d[1], rc[0], rc[1], k, m)
    out += bytes(_least_image_in_place(d)[1] for d in offsets)
    dirs = [(rc, ks) for rc in cube_area(ORIGIN, reach + _REGION_REACH) if (ks := dirs_of(rc))]
    out += len(dirs).to_bytes(4, "little")
    for rc, ks in dirs:
        out += struct.pack("<bbB", rc[0], rc[1], sum(1 << k for k in ks))
    return zlib.compress(bytes(out), 9)


def install_extras(data: bytes) -> int:
    """Let the region rows, centre lines and seams read `build_extras`' table (once per
    process). A table of another version, a damaged one, or one whose entries do not come out
    the same when a spread of them is worked out again here, is refused (ValueError) and
    nothing is installed. Returns the number of offsets covered."""
    if _EXTRAS_REACH[0]:
        return len(_ROWS_AT)
    damaged = ValueError("the hex sight extras table is of another version or damaged")
    raw = zlib.decompress(data)
    if len(raw) < 2 or raw[0] != EXTRAS_VERSION:
        raise damaged
    reach = raw[1]
    offsets = [d for d in cube_area(ORIGIN, reach) if d != ORIGIN]
    rows_at: dict[Cube, tuple[int, int]] = {}
    centres_at: dict[Cube, tuple[int, int]] = {}
    seams: dict[tuple[Cube, Cube, int], int] = {}
    try:
        at = 2
        for table, width in ((rows_at, 3), (centres_at, 2)):
            for d in offsets:
                n = raw[at]
                table[d] = (at + 1, n)
                at += 1 + width * n
        count = int.from_bytes(raw[at:at + 4], "little")
        at += 4
        for _ in range(count):
            dq, dr, rq, rr, k, m = _SEAM.unpack_from(raw, at)
            seams[((dq, dr, -dq - dr), (rq, rr, -rq - rr), k)] = m
            at += _SEAM.size
        if at + len(offsets) > len(raw):
            raise damaged
        which = dict(zip(offsets, raw[at:at + len(offsets)]))
        at += len(offsets)
        count = int.from_bytes(raw[at:at + 4], "little")
        at += 4
        dirs: dict[Cube, tuple[int, ...]] = {}
        for _ in range(count):
            q, r, bits = struct.unpack_from("<bbB", raw, at)
            dirs[(q, r, -q - r)] = tuple(k for k in range(3) if bits >> k & 1)
            at += 3
    except (IndexError, struct.error):
        raise damaged from None
    if at != len(raw) or not all(n < len(_SYMMETRIES) for n in which.values()):
        raise damaged
    # a spread of entries worked out again: a table from other geometry is never read
    step = max(1, len(offsets) // _CHECKED_ENTRIES)
    for d in offsets[::step]:
        if _decode_rows(raw, *rows_at[d]) != _near_segment_rows.__wrapped__(d, REGION_ROWS_RADIUS):
            raise ValueError(_EXTRAS_MISMATCH)
        if _decode_cells(raw, *centres_at[d]) != _centre_touches_in_place(d):
            raise ValueError(_EXTRAS_MISMATCH)
    for d in offsets[:len(offsets) // 8:step]:        # near pairs: every seam, empty ones too
        for rc, k in _seam_candidates(d, _seam_dirs_in_place):
            if seams.get((d, rc, k), 0) != _seam_mask.__wrapped__(ORIGIN, d, rc, k):
                raise ValueError(_EXTRAS_MISMATCH)
    for (d, rc, k), m in list(seams.items())[::max(1, len(seams) // _CHECKED_ENTRIES)]:
        if m != _seam_mask.__wrapped__(ORIGIN, d, rc, k):
            raise ValueError(_EXTRAS_MISMATCH)
    for d in offsets[::step]:
        if which[d] != _least_image_in_place(d)[1]:
            raise ValueError(_EXTRAS_MISMATCH)
    for rc in list(dirs)[::max(1, len(dirs) // _CHECKED_ENTRIES)] + offsets[::step * 4]:
        if dirs.get(rc, ()) != _seam_dirs_in_place(rc):
            raise ValueError(_EXTRAS_MISMATCH)
    _EXTRAS_RAW[:] = raw
    _ROWS_AT.update(rows_at)
    _CENTRES_AT.update(centres_at)
    _KNOWN_SEAMS.update(seams)
    _KNOWN_WHICH.update(which)
    _KNOWN_SEAM_DIRS.update(dirs)
    _EXTRAS_REACH[0] = reach
    return len(rows_at)


def _decode_rows(raw: bytes | bytearray, pos: int, n: int) -> tuple[tuple[int, int, int], ...]:
    v = struct.unpack_from(f"<{3 * n}b", raw, pos)
    return tuple(zip(v[0::3], v[1::3], v[2::3]))


def _decode_cells(raw: bytes | bytearray, pos: int, n: int) -> tuple[Cube, ...]:
    v = struct.unpack_from(f"<{2 * n}b", raw, pos)
    return tuple((q, r, -q - r) for q, r in zip(v[0::2], v[1::2]))


def _uninstall_extras() -> None:
    """Forget the installed extras (tests: the geometry worked out in place again)."""
    _EXTRAS_RAW.clear()
    _ROWS_AT.clear()
    _CENTRES_AT.clear()
    _KNOWN_SEAMS.clear()
    _KNOWN_WHICH.clear()
    _KNOWN_SEAM_DIRS.clear()
    _EXTRAS_REACH[0] = 0
    _least_image.cache_clear()
    _origin_seam_dirs.cache_clear()
    _near_segment_rows.cache_clear()
    centre_line_touches.cache_clear()
    _seam_mask.cache_clear()
    _pair_seams.cache_clear()


LineRow = tuple[float, float, float]


@lru_cache(maxsize=1024)
def _line_table(a: Cube, b: Cube) -> tuple[tuple[Point, tuple[LineRow, ...]], ...]:
    """For each sample point of a: the point, and for each sample point of b the run and rise
    of the line between them (what `_enters` works out per line, kept for all the hexes a
    pair's masks are asked about) and its squared length."""
    sb = sample_points(b)
    out = []
    for p0 in sample_points(a):
        rows = []
        for p1 in sb:
            dx, dy = p1[0] - p0[0], p1[1] - p0[1]
            rows.append((dx, dy, dx * dx + dy * dy or math.inf))   # inf: a point, t = 0
        out.append((p0, tuple(rows)))
    return tuple(out)


# _mask's margins: a point nearer a hex's centre than the apothem is inside it, one further
# than the circumradius (1) is outside even the closed hexagon; 1e-6 dwarfs both EPS and
# rounding, so a line settled by distance gets the answer the edge clipping would give
_SURELY_IN2 = (APOTHEM - 1e-6) ** 2
_SURELY_OUT2 = (1.0 + 1e-6) ** 2


@lru_cache(maxsize=65536)
def _seam_mask(a: Cube, b: Cube, c: Cube, d: int) -> int:
    """Bit i set: sample line i of the canonical pair runs along c's edge toward direction d."""
    if not _edge_holds_a_sample(a, c, d) or not _near(a, b, c):
        return 0
    # _along_edge for the 49 lines in one pass (same arithmetic in the same order), the edge's
    # frame worked out once.
    nx, ny, mx, my = _edge_frame(c, d)
    tx, ty = -ny, nx
    on_b = [abs(nx * (p1[0] - mx) + ny * (p1[1] - my)) <= EPS for p1 in sample_points(b)]
    sb = sample_points(b)
    m = 0
    i = 0
    for p0 in sample_points(a):
        if abs(nx * (p0[0] - mx) + ny * (p0[1] - my)) > EPS:
            i += SAMPLES
            continue
        s0 = tx * (p0[0] - mx) + ty * (p0[1] - my)
        for j, p1 in enumerate(sb):
            if on_b[j]:
                s1 = tx * (p1[0] - mx) + ty * (p1[1] - my)
                lo, hi = max(min(s0, s1), -0.5), min(max(s0, s1), 0.5)   # the edge is 1 long
                if hi - lo > EPS:
                    m |= 1 << i
            i += 1
    return m


@lru_cache(maxsize=65536)
def _edge_holds_a_sample(a: Cube, c: Cube, d: int) -> bool:
    """Whether a sample point of hex a lies on the line of hex c's edge toward direction d (the
    test `_seam_mask` makes of each start point, the same arithmetic): no sample line from a
    can run along that edge otherwise, whatever the other end. From the origin only the edges
    on the three edge-parallel lines through its centre qualify, so most seams are settled
    here once per hex and direction instead of once per pair."""
    nx, ny, mx, my = _edge_frame(c, d)
    return any(abs(nx * (p0[0] - mx) + ny * (p0[1] - my)) <= EPS for p0 in sample_points(a))


@lru_cache(maxsize=65536)
def _origin_seam_dirs(rc: Cube) -> tuple[int, ...]:
    """The directions k (0..2) in which hex `rc`'s edge holds a sample point of the origin
    (`_edge_holds_a_sample(ORIGIN, rc, k)`): the only edges of rc a sample line from the origin
    can run along, so `_seam` is 0 for every other k. Empty for most hexes (the shipped
    extras list the others within their reach and 3)."""
    if max(abs(rc[0]), abs(rc[1]), abs(rc[2])) <= _EXTRAS_REACH[0] + _REGION_REACH \
            and _EXTRAS_REACH[0]:
        return _KNOWN_SEAM_DIRS.get(rc, ())
    return _seam_dirs_in_place(rc)


def _seam_dirs_in_place(rc: Cube) -> tuple[int, ...]:
    """_origin_seam_dirs worked out from the edges alone (no shipped table, no cache)."""
    return tuple(k for k in range(3) if _edge_holds_a_sample(ORIGIN, rc, k))


def _seam(d: Cube, rc: Cube, k: int, seams: dict[tuple[Cube, int], int]) -> int:
    """`_seam_mask(ORIGIN, d, rc, k)`, remembered in the pair's `seams` table."""
    if not _edge_holds_a_sample(ORIGIN, rc, k):
        return 0
    key = (rc, k)
    m = seams.get(key)
    if m is None:
        if max(abs(d[0]), abs(d[1]), abs(d[2])) <= _EXTRAS_REACH[0]:
            m = _KNOWN_SEAMS.get((d, rc, k), 0)        # the shipped table holds every non-empty one
        else:
            m = _seam_mask(ORIGIN, d, rc, k)
        seams[key] = m
    return m


def _near(a: Cube, b: Cube, c: Cube) -> bool:
    return _dist_to_segment(cube_to_point(c), cube_to_point(a), cube_to_point(b)) <= 2.0 + 1e-6


def _swap_index(i: int) -> int:
    """The same sample line seen from the other end."""
    return (i % SAMPLES) * SAMPLES + i // SAMPLES


def _frame(a: Cube, b: Cube) -> tuple[Cube, Cube, bool]:
    """The pair's canonical first hex, the second relative to it, and whether a, b were swapped.

    The geometry is the same wherever a pair lies (the grid looks alike from every hex), so the
    masks and regions are cached for the pair moved to the origin: one entry per direction and
    distance instead of one per pair of hexes, and a new pair costs a lookup, not 49 line tests
    per nearby hex. The results do not move: every threshold here has a margin (EPS, the line
    nudge) far above the rounding of a moved coordinate."""
    ca, cb, swapped = _canon(a, b)
    return ca, (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]), swapped


ORIGIN: Cube = (0, 0, 0)


def obstructed_lines(a: Cube, b: Cube, blocks: Blocks, graze_blocks: bool = False,
                     skip: Callable[[Cube], bool] | None = None) -> int:
    """Bit mask (canonical pair order) of sample lines between a and b obstructed by a hex for
    which `blocks` is true. End hexes, and hexes for which `skip` is true, never obstruct."""
    ca, d, _ = _frame(a, b)
    q0, r0, s0 = ca
    blocking: list[Cube] = []          # relative to ca
    for rc in _region(ORIGIN, d):
        c = (rc[0] + q0, rc[1] + r0, rc[2] + s0)
        if c != a and c != b and blocks(c) and not (skip is not None and skip(c)):
            blocking.append(rc)
    if not blocking:
        return 0
    return _lines_through(d, blocking, graze_blocks)


def _lines_through(d: Cube, blocking: list[Cube], graze_blocks: bool) -> int:
    """Bit mask of the sample lines of the canonical pair (origin, d) that enter any of the
    `blocking` hexes (relative to the origin). The seam between two of them is as solid as
    they are, unless grazes block anyway."""
    hit = 0
    bset = set(blocking)
    masks = _pair_masks(d, graze_blocks)
    seams = _pair_seams(d)
    for c in blocking:
        hit |= masks[c]
        if not graze_blocks:
            for k in _origin_seam_dirs(c):     # no other edge of c can carry a line
                dd = CUBE_DIRECTIONS[k]
                if (c[0] + dd[0], c[1] + dd[1], c[2] + dd[2]) in bset:
                    hit |= _seam(d, c, k, seams)
        if hit == ALL_LINES:
            break                      # every line is obstructed already
    return hit


def clear_lines(a: Cube, b: Cube, blocks: Blocks, graze_blocks: bool = False) -> list[int]:
    """Indices (in the caller's a->b order: i*7+j = sample i of a to sample j of b) of every
    unobstructed sample line, centre line first when it is clear."""
    return _clear_indices(a, b, obstructed_lines(a, b, blocks, graze_blocks))


def _clear_indices(a: Cube, b: Cube, obstructed: int) -> list[int]:
    _, _, swapped = _canon(a, b)
    free = ALL_LINES & ~obstructed
    out = [i for i in range(LINES) if free >> i & 1]
    if swapped:
        out = sorted(_swap_index(i) for i in out)
    return out


def obstructed_among(a: Cube, b: Cube, blocking: list[Cube], graze_blocks: bool = False) -> int:
    """obstructed_lines given the obstructing hexes near the pair (any superset of those in its
    region, as crossings_witness takes them; ends never obstruct) instead of a predicate asked
    hex by hex over the region."""
    ca, d, _ = _frame(a, b)
    q0, r0, s0 = ca
    rel = [(c[0] - q0, c[1] - r0, c[2] - s0) for c in blocking if c != a and c != b]
    return _lines_through(d, rel, graze_blocks) if rel else 0


def clear_lines_among(a: Cube, b: Cube, blocking: list[Cube], graze_blocks: bool = False
                      ) -> list[int]:
    """clear_lines given the obstructing hexes near the pair (see obstructed_among)."""
    return _clear_indices(a, b, obstructed_among(a, b, blocking, graze_blocks))


def clear_line_exists(a: Cube, b: Cube, blocks: Blocks, graze_blocks: bool = False) -> bool:
    """BND-84: some straight line joins a sample point of a to one of b without entering an
    obstructing hex (a and b themselves never obstruct)."""
    if a == b:
        return True
    return obstructed_lines(a, b, blocks, graze_blocks) != ALL_LINES


def clear_line_among(a: Cube, b: Cube, blocking: list[Cube], graze_blocks: bool = False) -> bool:
    """clear_line_exists given the obstructing hexes near the pair (any superset of those in
    its region, as crossings_witness takes them): a caller holding them already (bit boards)
    spares the walk over the region asking a predicate hex by hex."""
    if a == b:
        return True
    ca, d, _ = _frame(a, b)
    # in the least of the pair's images, as crossings_witness: whether all lines are shut
    # does not depend on how they are numbered
    image, which = _least_image(d)
    (p0, p1, p2), sign, _ = _SYMMETRIES[which]
    a0, a1, a2 = ca[p0], ca[p1], ca[p2]
    rel = [(sign * (c[p0] - a0), sign * (c[p1] - a1), sign * (c[p2] - a2))
           for c in blocking if c != a and c != b]
    return not rel or _lines_through(image, rel, graze_blocks) != ALL_LINES


def line_points(a: Cube, b: Cube, index: int) -> tuple[Point, Point]:
    """The two ends (cartesian) of sample line `index` from a to b."""
    return sample_points(a)[index // SAMPLES], sample_points(b)[index % SAMPLES]


def centre_line_cells(a: Cube, b: Cube, graze_blocks: bool = False) -> list[Cube]:
    """Hexes the centre-to-centre line enters, a first and b last."""
    return list(_centre_cells(a, b, graze_blocks))


@lru_cache(maxsize=32768)
def _centre_cells(a: Cube, b: Cube, graze_blocks: bool) -> tuple[Cube, ...]:
    if a == b:
        return (a,)
    # segment_cells, trying only the hexes the centre line touches at all (a hex it enters
    # is one it touches; the touches are shipped or kept per offset) rather than its region
    p0, p1 = cube_to_point(a), cube_to_point(b)
    q0, r0, s0 = a
    found = []
    for rq, rr, rs in centre_line_touches((b[0] - q0, b[1] - r0, b[2] - s0)):
        c = (rq + q0, rr + r0, rs + s0)
        if _enters(p0, p1, c, graze_blocks):
            cx, cy = cube_to_point(c)
            found.append(((cx - p0[0]) * (p1[0] - p0[0]) + (cy - p0[1]) * (p1[1] - p0[1]), c))
    found.sort()
    return tuple(c for _, c in found)


def centre_line_blocked(a: Cube, b: Cube, blocks: Blocks, graze_blocks: bool = False,
                        skip: Callable[[Cube], bool] | None = None) -> bool:
    """Whether the centre line is obstructed (BND-85), ends and `skip` hexes never counting."""
    if a == b:
        return False
    return bool(obstructed_lines(a, b, blocks, graze_blocks, skip) & 1)   # centre line is bit 0


@dataclass(frozen=True, slots=True)
class Crossing:
    """The chosen line and its summed weight; `index` is in the caller's a->b order."""

    total: float
    index: int
    cells: tuple[Cube, ...]        # weighted hexes the line crosses (ends included)


def line_weight(a: Cube, b: Cube, weight: Weight, index: int,
                graze_blocks: bool = False) -> Crossing:
    """Summed weight of the hexes sample line `index` (a->b order) crosses, ends included. A
    seam between two weighted hexes counts once, at the smaller weight."""
    return _weigh(a, b, weight, [index], graze_blocks)


def min_crossings(a: Cube, b: Cube, weight: Weight, blocks: Blocks | None = None,
                  graze_blocks: bool = False, mode: str = "best",
                  clear: list[int] | None = None) -> Crossing | None:
    """The sample line from a to b with the least summed weight over the hexes it crosses (end
    hexes included: standing in smoke conceals). mode "best" (BND-GM-19 default) considers
    every unobstructed sample line; "centre" only the centre line. Only lines not obstructed
    by `blocks` count; None when no line is clear. Ties go to the lowest index (centre first).
    `clear`, if given, is clear_lines(a, b, blocks, graze_blocks) already computed."""
    if mode not in ("best", "centre"):
        raise ValueError(f"concealment line mode must be 'best' or 'centre', not {mode!r}")
    if clear is not None:
        candidates = list(clear)
        if not candidates:
            return None
    elif blocks is not None:
        candidates = clear_lines(a, b, blocks, graze_blocks)
        if not candidates:
            return None
    else:
        candidates = list(range(LINES))
    if mode == "centre":
        candidates = [CENTRE_LINE]
    return _weigh(a, b, weight, candidates, graze_blocks)


def crossings_at_least(a: Cube, b: Cube, weights: dict[Cube, int], blocks: Blocks,
                       graze_blocks: bool, mode: str, threshold: int) -> bool:
    """Whether `min_crossings(a, b, weights.get, blocks, graze_blocks, mode)` exists and has a
    total of at least `threshold`, for whole, non-negative weights (see crossings_at_least_in,
    given the weighted and blocking hexes near the pair)."""
    ca, d, _ = _frame(a, b)
    q0, r0, s0 = ca
    weighted: list[tuple[Cube, int]] = []
    blocking: list[Cube] = []
    for rc in _region(ORIGIN, d):
        c = (rc[0] + q0, rc[1] + r0, rc[2] + s0)
        w = weights.get(c, 0)
        if w:
            weighted.append((c, w))
        if blocks(c):
            blocking.append(c)
    return crossings_at_least_in(a, b, weighted, blocking, graze_blocks, mode, threshold)


def crossings_at_least_in(a: Cube, b: Cube, weighted: list[tuple[Cube, int]],
                          blocking: list[Cube], graze_blocks: bool, mode: str,
                          threshold: int) -> bool:
    """crossings_at_least given the hexes near the pair (any superset of those in its region)
    with a weight, and those that block lines. The same sums as min_crossings (ends, line
    masks, seams at the smaller weight), kept as saturating counters for the 49 lines at once
    (bit k of levels[i]: line k has crossed at least i + 1), so no line is walked one by one
    and a pair under the threshold costs no line-of-sight test at all."""
    return crossings_witness(a, b, weighted, blocking, graze_blocks, mode, threshold) == 0


NO_CLEAR_LINE = -1      # crossings_witness: every sample line is obstructed


def crossings_witness(a: Cube, b: Cube, weighted: list[tuple[Cube, int]],
                      blocking: list[Cube], graze_blocks: bool, mode: str,
                      threshold: int, witness: bool = True) -> int | None:
    """crossings_at_least_in with the reason when the answer is no: 0 when the pair reaches the
    threshold; NO_CLEAR_LINE when no line is clear; else, when it can say without more work,
    a witness: a mask (canonical pair order, see obstructed_lines) of lines that all have to
    reach the threshold for the answer to become yes (the clear lines under it, or in "centre"
    mode the centre line), so more weight on hexes none of them touches changes nothing;
    None when the answer is no and there is no witness to hand. With `witness` False (a
    caller asking only yes or no) the clear lines under it are left in the image's order."""
    if mode not in ("best", "centre"):
        raise ValueError(f"concealment line mode must be 'best' or 'centre', not {mode!r}")
    ca, d, _ = _frame(a, b)
    # The sums are made with the pair moved to the least of its twelve images (_least_image):
    # the lines, masks and seams of the image are those of the pair with its lines renumbered,
    # so every hex reads the canonical mask itself (shared by the twelve images, never moved
    # and renumbered one by one) and only a witness is renumbered back, once.
    image, which = _least_image(d)
    (p0, p1, p2), sign, _ = _SYMMETRIES[which]
    a0, a1, a2 = ca[p0], ca[p1], ca[p2]
    total = 0
    wmap: dict[Cube, int] = {}             # the image's: ends are the origin and `image`
    for c, w in weighted:
        wmap[(sign * (c[p0] - a0), sign * (c[p1] - a1), sign * (c[p2] - a2))] = w
        total += w
    if total < threshold:
        return None
    # the lines the blocking hexes obstruct (as obstructed_lines: ends never obstruct), first:
    # a pair with no clear line needs no sums (a third of the pairs the unseen listing asks)
    rel = [(sign * (c[p0] - a0), sign * (c[p1] - a1), sign * (c[p2] - a2))
           for c in blocking if c != a and c != b]
    clear = ALL_LINES & ~_lines_through(image, rel, graze_blocks) if rel else ALL_LINES
    if not clear:
        return NO_CLEAR_LINE
    d = image
    masks = _pair_masks(d, graze_blocks)
    seams = _pair_seams(d)
    # (mask, weight) of every crossing: each weighted hex, and each seam between two of them
    # at the smaller weight (grazes pass, so a line along the seam entered neither)
    adds: list[tuple[int, int]] = []
    for rc, w in wmap.items():
        if rc == ORIGIN or rc == d:
            adds.append((ALL_LINES, w))
            continue
        m = masks[rc]
        if m:
            adds.append((m, w))
        if graze_blocks:
            continue
        for k in _origin_seam_dirs(rc):        # no other edge of rc can carry a line
            dd = CUBE_DIRECTIONS[k]
            nb = (rc[0] + dd[0], rc[1] + dd[1], rc[2] + dd[2])
            other = wmap.get(nb)
            if other is not None and nb != ORIGIN and nb != d:
                m = _seam(d, rc, k, seams)
                if m:
                    adds.append((m, min(w, other)))
    if threshold == 3:
        enough = lines_reaching_three(adds)
    else:
        levels = [0] * threshold
        for m, w in adds:
            for _ in range(min(w, threshold)):
                for k in range(threshold - 1, 0, -1):
                    levels[k] |= levels[k - 1] & m
                levels[0] |= m
        enough = levels[threshold - 1]
    if not enough:
        return None
    if mode == "centre":
        centre = 1 << CENTRE_LINE            # index 0 is the same in either order and image
        return 0 if enough & centre else centre
    under = clear & ~enough
    return _renumber(under, _RENUMBER[which]) if which and under and witness else under


PairCell = tuple[int, tuple[tuple[Cube, int], ...]]
# what pair_cell reads of an offset once: (swapped, the first hex's offset from the caller's
# first hex, the least image, its symmetry's axes and sign, the image's masks and seams tables)
PairFrame = tuple[bool, Cube, Cube, tuple[int, int, int], int, dict, dict, bool]


def pair_frame(d: Cube, graze_blocks: bool) -> PairFrame:
    """What `pair_cell` needs of the offset d alone, for a caller asking about many hexes."""
    swapped = d < ORIGIN                   # _canon: the lesser hex of the pair comes first
    dd = (-d[0], -d[1], -d[2]) if swapped else d
    image, which = _least_image(dd)
    axes, sign, _ = _SYMMETRIES[which]
    return (swapped, d if swapped else ORIGIN, image, axes, sign,
            _pair_masks(image, graze_blocks), _pair_seams(image), graze_blocks)


def pair_cell(d: Cube, rel: Cube, graze_blocks: bool,
              frame: PairFrame | None = None) -> PairCell:
    """What crossings_witness's sums read of one hex near a pair, for a caller that keeps it
    per offset: for the pair (origin, d) and the hex `rel` (both relative to the first hex of
    the pair as the caller orders it), the mask of the sample lines entering the hex, and its
    seams: (neighbour, mask of the lines running along the shared edge) for each edge that can
    carry a line and whose other side is not an end. Masks are numbered as in the least of the
    pair's twelve images (the same numbering for every hex of one offset, so they may be ORed
    and counted together, and the centre line is bit 0); an end hex gives (ALL_LINES, ()), as
    every line starts or ends inside it. `frame` is pair_frame(d, graze_blocks) when the caller
    holds it.

    Summed exactly as crossings_witness sums (each weighted hex's mask at its weight, each
    seam between two weighted hexes once at the smaller weight; the lines through a blocking
    hex and through the seam of two blocking hexes are obstructed, ends never obstructing),
    these give its answers: the property tests hold the two side by side."""
    if frame is None:
        frame = pair_frame(d, graze_blocks)
    swapped, shift, image, (p0, p1, p2), sign, masks, seams, graze = frame
    first = (rel[0] - shift[0], rel[1] - shift[1], rel[2] - shift[2]) if swapped else rel
    rc = (sign * first[p0], sign * first[p1], sign * first[p2])
    if rc == ORIGIN or rc == image:
        return ALL_LINES, ()
    m = masks[rc]
    if graze:
        return m, ()
    dirs = _origin_seam_dirs(rc)
    if not dirs:
        return m, ()
    out: list[tuple[Cube, int]] = []
    for k in dirs:
        dk = CUBE_DIRECTIONS[k]
        nb = (rc[0] + dk[0], rc[1] + dk[1], rc[2] + dk[2])
        if nb == ORIGIN or nb == image:
            continue
        sm = _seam(image, rc, k, seams)
        if sm:
            back = [0, 0, 0]                 # the neighbour moved back out of the image
            back[p0], back[p1], back[p2] = sign * nb[0], sign * nb[1], sign * nb[2]
            if swapped:
                back = [back[0] + shift[0], back[1] + shift[1], back[2] + shift[2]]
            out.append(((back[0], back[1], back[2]), sm))
    return m, tuple(out)


def lines_reaching_three(adds: list[tuple[int, int]]) -> int:
    """The lines whose summed weight reaches 3, from (mask of lines, whole weight >= 1) per
    crossing: crossings_witness's saturating counters (bit k of level i: line k has crossed at
    least i + 1) unrolled for the one threshold sight asks (BND-91's 3)."""
    l0 = l1 = l2 = 0
    for m, w in adds:
        if w >= 3:
            l0 |= m
            l1 |= m
            l2 |= m
        elif w == 2:
            l2 |= l0 & m
            l1 |= m
            l0 |= m
        else:
            l2 |= l1 & m
            l1 |= l0 & m
            l0 |= m
    return l2


def lines_touching(a: Cube, b: Cube, cells: list[Cube]) -> int:
    """Mask (canonical pair order) of the sample lines between a and b that touch any of
    `cells` (entering, running along an edge or meeting a corner: closed hexagons), so the
    lines whose sums a change of weight on those hexes could move. Ends touch every line."""
    ca, d, _ = _frame(a, b)
    q0, r0, s0 = ca
    out = 0
    for c in cells:
        if c == a or c == b:
            return ALL_LINES
        out |= _origin_mask(d, (c[0] - q0, c[1] - r0, c[2] - s0), True)
    return out


class _PairMasks(dict):
    """The `_origin_mask(d, rc, graze_blocks)` answers asked so far for one canonical pair, by
    hex (`masks[rc]`): one small dict per pair, so a lookup hashes the hex alone. A hex asked
    for the first time is read from the shipped table directly (the pair's part of its key
    worked out once), without `_origin_mask`'s call, cache and symmetry look-up: a match's
    first listings ask a few thousand of them."""
    __slots__ = ("d", "graze", "base")

    def __init__(self, d: Cube, graze_blocks: bool) -> None:
        super().__init__()
        self.d, self.graze = d, graze_blocks
        # _known_key(d, rc, graze) is base + 256 * rc[0] + 2 * rc[1] (hexes near a pair in
        # the table's reach lie well inside the key's 63 either way)
        self.base = ((((d[0] + 64) * 128 + d[1] + 64) * 128 + 64) * 128 + 64) * 2 + graze_blocks \
            if _KNOWN and max(abs(d[0]), abs(d[1]), abs(d[2])) <= MASK_TABLE_REACH else None

    def __missing__(self, rc: Cube) -> int:
        base = self.base
        m = None if base is None else _KNOWN.get(base + 256 * rc[0] + 2 * rc[1])
        if m is None:
            m = _origin_mask(self.d, rc, self.graze)
        self[rc] = m
        return m


@lru_cache(maxsize=1024)
def _pair_masks(d: Cube, graze_blocks: bool) -> _PairMasks:
    """The masks of the canonical pair (origin, d) by hex, worked out as they are asked for
    (see _PairMasks)."""
    return _PairMasks(d, graze_blocks)


@lru_cache(maxsize=1024)
def _pair_seams(d: Cube) -> dict[tuple[Cube, int], int]:
    """The `_seam_mask(ORIGIN, d, rc, k)` answers asked so far for one pair, by (hex, k)."""
    return {}


def _weigh(a: Cube, b: Cube, weight: Weight, candidates: list[int],
           graze_blocks: bool) -> Crossing:
    ca, d, swapped = _frame(a, b)
    q0, r0, s0 = ca
    # (hex relative to ca, the hex itself, its weight)
    weighted = [(rc, c, w) for rc in _region(ORIGIN, d)
                if (w := weight(c := (rc[0] + q0, rc[1] + r0, rc[2] + s0)))]
    return _weigh_cells(a, b, ca, d, swapped, weighted, candidates, graze_blocks)


def min_crossings_among(a: Cube, b: Cube, weighted: list[tuple[Cube, float]],
                        clear: list[int], graze_blocks: bool = False,
                        mode: str = "best") -> Crossing | None:
    """min_crossings given the weighted hexes near the pair (any superset of those in its
    region with a weight, hex by weight) and its clear lines (clear_lines' answer) instead
    of a weight asked hex by hex over the region. The chosen line's hexes come in the order
    of `weighted`."""
    if mode not in ("best", "centre"):
        raise ValueError(f"concealment line mode must be 'best' or 'centre', not {mode!r}")
    if not clear:
        return None
    candidates = [CENTRE_LINE] if mode == "centre" else list(clear)
    ca, d, swapped = _frame(a, b)
    q0, r0, s0 = ca
    cells = [((c[0] - q0, c[1] - r0, c[2] - s0), c, w) for c, w in weighted if w]
    return _weigh_cells(a, b, ca, d, swapped, cells, candidates, graze_blocks)


def _weigh_cells(a: Cube, b: Cube, ca: Cube, d: Cube, swapped: bool,
                 weighted: list[tuple[Cube, Cube, float]], candidates: list[int],
                 graze_blocks: bool) -> Crossing:
    ends = (a, b)
    per_cell: list[tuple[Cube, float, int]] = []
    for rc, c, w in weighted:
        if c in ends:
            per_cell.append((c, w, ALL_LINES))     # every sample line starts/ends inside
        else:
            per_cell.append((c, w, _origin_mask(d, rc, graze_blocks)))
    seams: list[tuple[Cube, Cube, float, int]] = []
    if not graze_blocks:
        wmap = {c: w for _, c, w in weighted}
        for rc, c, w in weighted:
            for k in range(3):
                dd = CUBE_DIRECTIONS[k]
                nb = (c[0] + dd[0], c[1] + dd[1], c[2] + dd[2])
                if nb in wmap and c not in ends and nb not in ends:
                    m = _seam_mask(ORIGIN, d, rc, k) if _edge_holds_a_sample(ORIGIN, rc, k) else 0
                    if m:
                        seams.append((c, nb, min(w, wmap[nb]), m))
    best: Crossing | None = None
    for idx in candidates:
        bit = 1 << (_swap_index(idx) if swapped else idx)
        total = 0.0
        cells: list[Cube] = []
        for c, w, m in per_cell:
            if m & bit:
                total += w
                cells.append(c)
        for c, nb, w, m in seams:
            if m & bit:
                total += w
                cells.append(c)
        if best is None or total < best.total:
            best = Crossing(total, idx, tuple(cells))
            if total == 0:
                break
    assert best is not None
    return best

