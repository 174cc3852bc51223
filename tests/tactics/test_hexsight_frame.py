"""Hex sight geometry cached for the pair moved to the origin gives what it gives in place
(tactics.hexsight._frame): regions, sample-line masks and seam masks agree everywhere."""
from __future__ import annotations

from game.engine.rng import Rng
from game.engine.tactics import hexsight as hs


def _moved(c: hs.Cube, by: hs.Cube) -> hs.Cube:
    return c[0] + by[0], c[1] + by[1], c[2] + by[2]


def test_moved_geometry_equals_geometry_in_place():
    pick = Rng.from_seed(7)
    checked = 0
    for _ in range(150):
        q, r = pick.randint(-60, 60), pick.randint(-60, 60)
        dq, dr = pick.randint(-12, 12), pick.randint(-12, 12)
        a, b = (q, r, -q - r), (q + dq, r + dr, -q - r - dq - dr)
        if a == b:
            continue
        ca, d, _ = hs._frame(a, b)
        cb = _moved(d, ca)
        in_place = hs._region(ca, cb)
        moved = hs._region(hs.ORIGIN, d)
        # the same hexes (at the origin they come in the least image's order)
        assert sorted(in_place) == sorted(_moved(c, ca) for c in moved)
        for rc in moved:
            c = _moved(rc, ca)
            for graze in (False, True):
                assert hs._mask(ca, cb, c, graze) == hs._mask(hs.ORIGIN, d, rc, graze)
            for k in range(3):
                assert hs._seam_mask(ca, cb, c, k) == hs._seam_mask(hs.ORIGIN, d, rc, k)
            checked += 1
    assert checked > 1000


def test_one_pass_masks_equal_the_line_by_line_tests() -> None:
    """_mask and _seam_mask test the 49 lines in one pass; each bit must equal the single-line
    test it replaces (_enters, _along_edge), or sight would change."""
    origin = hs.ORIGIN
    for dq in range(-4, 5):
        for dr in range(-4, 5):
            d = (dq, dr, -dq - dr)
            segs = hs._segments(origin, d)
            for cq in range(-5, 6):
                for cr in range(-5, 6):
                    c = (cq, cr, -cq - cr)
                    near = hs._near(origin, d, c)
                    for graze in (False, True):
                        want = 0
                        if near:
                            for i, (p, q) in enumerate(segs):
                                if hs._enters(p, q, c, graze):
                                    want |= 1 << i
                        assert hs._mask.__wrapped__(origin, d, c, graze) == want
                    for k in range(6):
                        want = 0
                        if near:
                            for i, (p, q) in enumerate(segs):
                                if hs._along_edge(p, q, c, k):
                                    want |= 1 << i
                        assert hs._seam_mask.__wrapped__(origin, d, c, k) == want


def test_a_region_is_every_hex_near_the_centre_line_in_walk_order() -> None:
    """_region tries each hex once; it must give what testing every hex around every hex of the
    line walk gives, in the same order (the unseen listing's bounds are drawn from it)."""
    from game.engine.boards.hex import cube_area, cube_line

    def by_definition(a, b):
        pa, pb = hs.cube_to_point(a), hs.cube_to_point(b)
        seen: dict = {}
        for c in cube_line(a, b):
            for x in cube_area(c, 2):
                if x not in seen and hs._dist_to_segment(hs.cube_to_point(x), pa, pb) <= 2.0 + 1e-6:
                    seen[x] = None
        return tuple(seen)

    start = (3, -7, 4)
    for dq in range(-9, 10):
        for dr in range(-9, 10):
            b = (start[0] + dq, start[1] + dr, start[2] - dq - dr)
            assert hs._region.__wrapped__(start, b) == by_definition(start, b), (dq, dr)


def test_rows_near_a_segment_hold_its_region_and_the_centre_line_touches_agree() -> None:
    """near_segment_rows draws a pair's region a row at a time (the unseen listing's bounds
    must never be narrower than the region), and centre_line_touches, which tries only the
    rows within 1 of the centre line, finds what line_touches finds over the whole region."""
    for dq in range(-10, 11):
        for dr in range(-10, 11):
            d = (dq, dr, -dq - dr)
            if d == hs.ORIGIN:
                continue
            rows = hs.near_segment_rows(d, 2.0 + 1e-3)
            drawn = {(q, r, -q - r) for r, lo, hi in rows for q in range(lo, hi + 1)}
            region = set(hs.region_from_origin(d))
            assert region <= drawn, d
            assert all(hs._dist_to_segment(hs.cube_to_point(c), hs.cube_to_point(hs.ORIGIN),
                                           hs.cube_to_point(d)) <= 2.0 + 2e-3 for c in drawn)
            want = {rc for rc in region if hs.line_touches(d, rc, hs.CENTRE_LINE)}
            assert set(hs.centre_line_touches.__wrapped__(d)) == want, d


def test_an_edge_off_every_start_point_has_no_line_along_it() -> None:
    """_edge_holds_a_sample settles a seam without looking at the other end: where it says no,
    no sample line of any pair from the origin runs along that edge (the line-by-line test),
    and it says no for most edges (what makes it worth asking first)."""
    origin = hs.ORIGIN
    edges = settled = 0
    for cq in range(-6, 7):
        for cr in range(-6, 7):
            c = (cq, cr, -cq - cr)
            for k in range(6):
                edges += 1
                if hs._edge_holds_a_sample(origin, c, k):
                    continue
                settled += 1
                for dq in range(-7, 8):
                    for dr in range(-7, 8):
                        d = (dq, dr, -dq - dr)
                        if d == origin:
                            continue
                        assert not any(hs._along_edge(p, q, c, k)
                                       for p, q in hs._segments(origin, d)), (c, k, d)
    assert settled > 0.8 * edges


def test_masks_shared_by_the_grids_symmetries_equal_the_masks_in_place() -> None:
    """_origin_mask works a pair's masks out once for its twelve images (turns by 60 degrees and
    the mirror) and renumbers the sample lines; every bit must equal what _mask finds for the
    pair itself, or sight would change. Every offset out to 8 hexes, every hex of its region
    and around the origin, both graze rules."""
    from game.engine.boards.hex import cube_area
    hs._origin_mask.cache_clear()
    checked = 0
    for d in cube_area(hs.ORIGIN, 8):
        if d == hs.ORIGIN:
            continue
        for rc in sorted(set(hs._region(hs.ORIGIN, d)) | set(cube_area(hs.ORIGIN, 2))):
            for graze in (False, True):
                assert hs._origin_mask(d, rc, graze) == hs._mask.__wrapped__(hs.ORIGIN, d, rc, graze), \
                    (d, rc, graze)
                checked += 1
    assert checked > 13000


def test_the_symmetries_send_sample_points_onto_sample_points() -> None:
    """Each of the twelve symmetries moves a hex's sample points where its sample table says
    (up to rounding), the ground _origin_mask's renumbering stands on."""
    import math
    for perm, sign, samples in hs._SYMMETRIES:
        for c in ((0, 0, 0), (3, -1, -2), (-2, 5, -3)):
            moved = (sign * c[perm[0]], sign * c[perm[1]], sign * c[perm[2]])
            before, after = hs.sample_points(c), hs.sample_points(moved)
            # the linear map the symmetry is, read off two hexes' centres
            for i, p in enumerate(before):
                q = after[samples[i]]
                image = _apply(perm, sign, p)
                assert math.dist(image, q) < 1e-9, (perm, sign, c, i)


def _apply(perm: tuple[int, int, int], sign: int, p: hs.Point) -> hs.Point:
    """A symmetry applied to a cartesian point (through fractional cube coordinates)."""
    c = hs.point_to_cube(p)
    return hs.cube_to_point((sign * c[perm[0]], sign * c[perm[1]], sign * c[perm[2]]))
