"""The shipped sight tables (sighttable.py): each shipped bindings map's table is what building it
from the map gives now, a board's answers are the same with and without its table, and a table
is only ever found for the board it was built from (an edited map or a player's own map builds
its answers as it plays)."""
from __future__ import annotations

import json

import pytest

from game import paths
from game.engine.boards.tmx import load_board
from game.engine.systems.bindings import sight as S
from game.engine.systems.bindings import sighttable as T
from game.engine.systems.bindings.boardcache import forget

MAPS = sorted(paths.maps_dir().glob("bindings_*.tmx"))


def test_every_shipped_map_has_its_table_as_built_now_and_no_table_is_left_over():
    # a map edited, or the geometry changed without TABLE_VERSION raised, fails here
    assert MAPS
    assert T.write_all(check=True) == []


@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-93")
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_a_board_lists_the_same_unseen_hexes_with_and_without_its_table(path):
    board = load_board(path)
    forget(board)
    loaded = S._bare(board, False, "best")
    assert loaded._shipped, "the shipped map's table was not found"
    plain = S.Viewer.of(board, (False, "best", frozenset(), frozenset()))    # builds its own
    assert not plain._shipped
    cells = [h for _q, _r, _s, h in S._Grid(board).open]
    # what a table adds is bounded by the board: one listing per open hex
    assert set(loaded._shipped) == set(cells)
    for a in cells[::7]:
        for reach in (1, 4, 5, 12, 60):
            assert loaded.unseen(a, reach) == plain.unseen(a, reach), (a, reach)
        assert loaded.unseen_everywhere(a) == plain.unseen_everywhere(a), a


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-91")
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_under_walls_and_veils_a_board_answers_the_same_with_and_without_its_table(
        path, tmp_path, monkeypatch):
    # the table's no-line pairs let listings and can_see skip pairs walls can never open
    board = load_board(path)
    forget(board)
    cells = [h for _q, _r, _s, h in S._Grid(board).open]
    walls = frozenset(cells[len(cells) // 3: len(cells) // 3 + 4])
    veils = frozenset((h, 2) for h in cells[len(cells) // 2: len(cells) // 2 + 7])
    readings = [(False, "best", walls, veils), (False, "best", frozenset(), veils),
                (False, "best", walls, frozenset())]

    def answers():
        out = []
        for reading in readings:
            view = S._shared(board, reading)
            for a in cells[::9]:
                out.append((a, view.unseen(a, 60), [view.can_see(a, b) for b in cells[::4]]))
        return out

    with_table = answers()
    assert S._bare(board, False, "best")._nolines, "the shipped map's no-line pairs"
    some = next(a for a in cells if S._bare(board, False, "best")._nolines[a])
    far = next(iter(S._bare(board, False, "best")._nolines[some]))
    assert not S.Viewer.of(board, (False, "best", frozenset(), frozenset())).can_see(some, far)
    monkeypatch.setattr(T, "tables_dir", lambda: tmp_path)     # no table shipped at all
    forget(board)
    assert not S._bare(board, False, "best")._nolines
    assert answers() == with_table
    forget(board)


@pytest.mark.rule("BND-91")
def test_an_edited_board_finds_no_table_and_builds_its_own_answers():
    board = load_board(MAPS[0])
    forget(board)
    fp = T.fingerprint(board)
    assert T.load(board) is not None
    x, y = next(h for _q, _r, _s, h in S._Grid(board).open
                if not board.cells[h[1]][h[0]].get("conceal"))
    board.cells[y][x] = dict(board.cells[y][x], conceal=3)    # smoke where the map had none
    forget(board)
    assert T.fingerprint(board) != fp
    assert T.load(board) is None
    view = S._bare(board, False, "best")
    assert not view._shipped
    # the new smoke is unseen from a neighbour that sees into it on the shipped map
    near = next(h for _q, _r, _s, h in S._Grid(board).open
                if h != (x, y) and S.cube_distance(view.layout.to_cube(*h),
                                                    view.layout.to_cube(x, y)) == 2)
    assert (x, y) in view.unseen(near, 2)


def test_a_board_with_no_table_plays_from_its_own_answers(tmp_path, monkeypatch):
    monkeypatch.setattr(T, "tables_dir", lambda: tmp_path)     # no table shipped at all
    board = load_board(MAPS[0])
    forget(board)
    assert T.load(board) is None
    assert not S._bare(board, False, "best")._shipped


def test_a_table_filed_under_another_boards_fingerprint_is_refused(tmp_path, monkeypatch):
    board = load_board(MAPS[0])
    forget(board)
    table = T.build(board)
    table["fingerprint"] = "0" * 32                    # contents of some other board
    monkeypatch.setattr(T, "tables_dir", lambda: tmp_path)
    (tmp_path / f"{T.fingerprint(board)}.json").write_text(json.dumps(table))
    with pytest.raises(ValueError, match="does not match"):
        T.load(board)
    forget(board)


def test_other_house_rules_never_read_the_table():
    board = load_board(MAPS[0])
    forget(board)
    assert not S._bare(board, True, "best")._shipped
    assert not S._bare(board, False, "centre")._shipped
    with pytest.raises(ValueError):
        T.preload(S.Viewer.of(board, (True, "best", frozenset(), frozenset())))


def test_the_shipped_line_masks_are_the_geometrys_answers(monkeypatch):
    from game.engine.tactics import hexsight as hs
    monkeypatch.setattr(hs, "_KNOWN", {})
    data = (T.tables_dir() / T.GEOMETRY_FILE).read_bytes()
    assert hs.install_masks(data) > 10_000
    # pairs near and far, both graze readings, against the geometry worked out in place
    for d in [(1, 0, -1), (3, -1, -2), (7, -2, -5), (12, 5, -17), (-9, 20, -11)]:
        for rc in hs.region_from_origin(d):
            for graze in (False, True):
                assert hs._origin_mask(d, rc, graze) == hs._mask.__wrapped__(hs.ORIGIN, d, rc, graze)


def test_a_pairs_mask_table_reads_the_shipped_masks_at_their_keys(monkeypatch):
    """The per-pair tables the sums read (hexsight._PairMasks) find a hex's mask in the shipped
    table by key arithmetic of their own: every hex of a spread of canonical pairs comes out as
    the geometry worked out in place, without asking _origin_mask (so not by falling back)."""
    from game.engine.tactics import hexsight as hs
    monkeypatch.setattr(hs, "_KNOWN", {})
    hs.install_masks((T.tables_dir() / T.GEOMETRY_FILE).read_bytes())
    checked = []
    for d in [(1, 0, -1), (3, -1, -2), (7, -2, -5), (12, 5, -17), (-9, 20, -11), (30, -30, 0)]:
        image, _ = hs._least_image(d)
        for graze in (False, True):
            expected = {rc: hs._mask.__wrapped__(hs.ORIGIN, image, rc, graze)
                        for rc in hs.region_from_origin(image)}
            with monkeypatch.context() as m:
                m.setattr(hs, "_origin_mask", None)     # a fallback would fail loudly
                table = hs._PairMasks(image, graze)
                got = {rc: table[rc] for rc in expected}
            assert got == expected
            checked.append(len(got))
    assert min(checked) > 5


def test_a_line_mask_table_that_the_geometry_does_not_give_is_refused(monkeypatch):
    import zlib
    from game.engine.tactics import hexsight as hs
    monkeypatch.setattr(hs, "_KNOWN", {})
    raw = bytearray(zlib.decompress(hs.build_masks(reach=2)))
    n = int.from_bytes(raw[1:5], "little")
    for at in range(5 + 4 * n, len(raw), 8):           # every mask wrong by one line
        raw[at] ^= 1
    with pytest.raises(ValueError, match="does not match"):
        hs.install_masks(zlib.compress(bytes(raw)))
    with pytest.raises(ValueError, match="damaged"):
        hs.install_masks(zlib.compress(bytes(raw[:-3])))
    raw[0] = hs.MASK_TABLE_VERSION + 1
    with pytest.raises(ValueError, match="version"):
        hs.install_masks(zlib.compress(bytes(raw)))
    assert not hs._KNOWN


def test_a_mask_key_reads_back_as_the_pair_and_hex_it_was_made_of():
    from game.engine.tactics import hexsight as hs
    for d in [(1, 0, -1), (30, -12, -18), (-30, 5, 25)]:
        for rc in [(0, 0, 0), (-2, 3, -1), (31, -31, 0)]:
            for graze in (False, True):
                assert hs._from_known_key(hs._known_key(d, rc, graze)) == (d, rc, graze)


@pytest.fixture
def no_extras():
    """hexsight without its shipped extras for the test; the shipped table back afterwards."""
    from game.engine.tactics import hexsight as hs
    hs._uninstall_extras()
    yield hs
    hs._uninstall_extras()
    T.install_geometry()


def test_the_shipped_rows_centre_lines_and_seams_are_the_geometrys_answers(no_extras):
    hs = no_extras
    data = (T.tables_dir() / T.EXTRAS_FILE).read_bytes()
    assert hs.install_extras(data) == 2790              # every offset within reach 30
    pairs = [(1, 0, -1), (0, 2, -2), (3, -1, -2), (-2, 5, -3), (7, -2, -5), (12, 5, -17),
             (-9, 20, -11), (30, -30, 0), (-17, 2, 15)]
    for d in pairs:
        assert hs.near_segment_rows(d, hs.REGION_ROWS_RADIUS) == \
            list(hs._near_segment_rows.__wrapped__(d, hs.REGION_ROWS_RADIUS))
        assert hs.centre_line_touches(d) == hs._centre_touches_in_place(d)
        # every seam a sum can ask for, inside the region and out (a template is wider)
        seams: dict = {}
        area = {x for rc in hs.region_from_origin(d) for x in hs.cube_area(rc, 1)}
        for rc in sorted(area):
            for k in range(3):
                assert hs._seam(d, rc, k, seams) == (
                    hs._seam_mask.__wrapped__(hs.ORIGIN, d, rc, k)
                    if hs._edge_holds_a_sample(hs.ORIGIN, rc, k) else 0), (d, rc, k)
    # beyond the table's reach the seams are worked out in place
    far = (31, -1, -30)
    assert far not in hs._ROWS_AT
    rc = next(rc for rc in hs.region_from_origin(far) if hs._origin_seam_dirs(rc))
    k = hs._origin_seam_dirs(rc)[0]
    assert hs._seam(far, rc, k, {}) == hs._seam_mask.__wrapped__(hs.ORIGIN, far, rc, k)


def test_an_extras_table_that_the_geometry_does_not_give_is_refused(no_extras, monkeypatch):
    import zlib
    hs = no_extras
    good = hs.build_extras(reach=3)
    d0 = (2, -1, -1)

    def built_with(name, wrong):
        """A table built while `name` gives one wrong answer (for the offset or hex d0)."""
        real = getattr(hs, name)
        pure = getattr(real, "__wrapped__", real)

        def fake(*args):
            got = pure(*args)
            return wrong(got) if d0 in args[:2] else got
        def shim(*args):                # a cached function: callers keep the real answers
            return real(*args)
        shim.__wrapped__ = fake         # type: ignore[attr-defined]
        with monkeypatch.context() as m:
            m.setattr(hs, name, shim if pure is not real else fake)
            return hs.build_extras(reach=3)

    wrong_tables = {
        "rows": built_with("_near_segment_rows", lambda rows: rows[:-1]),
        "centre": built_with("_centre_touches_in_place", lambda cells: cells[:-1]),
        "seam": built_with("_seam_mask", lambda m: m ^ 1 if m else 1),
        "image": built_with("_least_image_in_place", lambda got: (got[0], (got[1] + 1) % 12)),
        "seam edges": built_with("_seam_dirs_in_place", lambda ks: ks + (2,) if 2 not in ks
                                 else ks[:-1]),
    }
    for what, data in wrong_tables.items():
        assert data != good, what
        with pytest.raises(ValueError, match="does not match|damaged"):
            hs.install_extras(data)
    raw = zlib.decompress(good)
    with pytest.raises(ValueError, match="damaged"):
        hs.install_extras(zlib.compress(raw[:-3]))
    with pytest.raises(ValueError, match="damaged"):
        hs.install_extras(zlib.compress(raw + b"\0"))
    with pytest.raises(ValueError, match="version"):
        hs.install_extras(zlib.compress(bytes([hs.EXTRAS_VERSION + 1]) + raw[1:]))
    assert not hs._ROWS_AT and not hs._CENTRES_AT and not hs._KNOWN_SEAMS
    assert not hs._KNOWN_WHICH and not hs._KNOWN_SEAM_DIRS
    assert hs.install_extras(good) == 36                    # the offsets within 3


def test_a_board_draws_every_template_and_centre_line_its_listing_asks_for_as_it_opens():
    board = load_board(paths.maps_dir() / "bindings_pass.tmx")
    forget(board)
    S.prepare(board)
    grid = S.per_board("sight grid", board, S._Grid)
    templates, centres = dict(grid.templates), dict(grid.centres)
    fresh = S._Grid(board)                      # draws each offset when first asked
    for q, r, s, _h in grid.open:
        for _walk, (_dist, dq, dr, t, _tc, _ok) in grid.order_from((q, r, s)):
            if (dq, dr) == (0, 0):
                continue                            # the hex itself
            assert templates[(dq, dr)] == t == fresh.template(dq, dr)
            assert centres[(dq, dr)] == fresh.centre(dq, dr)
    assert grid.templates == templates and grid.centres == centres     # nothing met late
