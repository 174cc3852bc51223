"""Bindings sight: whether one hex can target another, cover, and concealment.

Owns: reading the board's sight properties (cell `solid`, `cover`, `conceal`, `dark`) and the
state's active features (walls obstruct, veils conceal) into the answer combat, the AI and the
client's targeting overlay all use: `sight(state, a, b)` -> Sight. The geometry (sample lines,
grazes, seams) lives in game/engine/tactics/hexsight.py.

Readings (see README's house-rule table):
- BND-84: targetable only if some sample line (centre or a corner pulled 1% inward, 7 per hex)
  joins the two hexes without entering a `solid` hex or a wall feature. `cover` cells are low
  obstacles: they never stop targeting.
- BND-85/86: cover when the centre line enters a solid, cover or wall hex that is not adjacent
  to the attacker's hex (end hexes never count).
- BND-88..91, GM-19: concealment = summed `conceal` (cells plus active veil features) over the
  hexes a line crosses, the target's and attacker's own hexes included (standing in smoke
  conceals), capped at 3. House rule concealment_line "best" takes the least-concealed clear
  sample line, "centre" the centre line.
- BND-93: a target hex with `dark` gives total concealment (3).
- GM-23: house rule graze_blocks; by default a line touching only an edge or corner passes.
Hexes off the board are open ground to lines.

Cost (BND-91's guesses are listed in every attacker's legal actions): `unseen` looks at the
board's open hexes only, bounds each pair with bit boards before any line is summed, works a
long reach out over the whole board at once, and keeps the bare board's answers (no walls or
veils) per hex: a pair whose lines no wall or veil comes near keeps the bare answer, and one
the bare board sees into stays seen when its witness lines touch none of them (a centre-line
witness is tested against the centre line's bit mask before the lines are walked). Each hex's
walk over the board (the open hexes in listing order, with their templates) is kept per
board, as is what the sums read of each hex near a pair (hexsight.pair_cell, by offset and
template bit: under walls and veils the sums run on bits, with no hex moved into the pair's
frame), and `can_see` reads the solid hexes near a pair from the same bit boards (or, with no
wall standing, asks the bare board's Viewer, whose lines are the same). Every table is capped (_MEMO_LIMIT, _VIEWERS_PER_BOARD, one entry per hex or per
offset of the board).

Must not: roll dice, change the state, or resolve an attack (combat.py applies the miss chance,
BND-92, and disadvantage from cover). Never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from game.engine.boards.hex import Cube, HexLayout, cube_area, cube_distance
from game.engine.tactics import hexsight as hs
from game.engine.tactics.memo import Kept, keep

from . import sighttable
from .boardcache import per_board
from .house import house
from .state import BindingsState, Hex

TOTAL_CONCEALMENT = 3            # BND-91: the highest level; more crossed hexes stay at 3
PixelLine = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class Sight:
    """What hex `a` sees of hex `b`.

    can_see: BND-84, some sample line is unobstructed. cover: BND-85/86 (attack at
    disadvantage). concealment: 0..3 (BND-88..91, 93); miss_chance = concealment / 6 (combat
    rolls it, BND-92). targetable: a creature there may be targeted (can_see and concealment
    below total; at 3 only the hex may be attacked, BND-91). dark: b is a darkness hex.
    lines: map-pixel segments to draw, the centre line first, then the clear line used (omitted
    when it is the centre line or none is clear). blocked_by: obstacle hexes (offset) the centre
    line enters that count for cover, or, when nothing is targetable, the solid/wall hexes on
    it. concealed_by: hexes whose concealment was counted."""

    can_see: bool
    cover: bool
    concealment: int
    miss_chance: float
    targetable: bool
    dark: bool = False
    lines: tuple[PixelLine, ...] = ()
    blocked_by: tuple[Hex, ...] = ()
    concealed_by: tuple[Hex, ...] = ()


def _active(feature: Any, tick: int) -> bool:
    return feature.until < 0 or tick < feature.until


class Viewer:
    """Sight questions against one state: reads the board and the active features once, and
    remembers each hex's properties, so many questions in a row (the AI scoring positions, the
    client's overlay over every hex) cost a fraction of separate `sight` calls. Make a new one
    after the state changes (features grow and expire; the board itself never changes), or ask
    `viewer(state)`, which hands out one shared Viewer per board, active walls and veils and
    sight house rules: everything an answer depends on, so its remembered answers stay true
    from position to position."""

    def __init__(self, state: BindingsState) -> None:
        board = state.board
        if board is None:
            raise ValueError("sight needs the state's board (attach it after loading)")
        self._setup(board, _reading(state))

    @classmethod
    def of(cls, board: Any, reading: Reading) -> "Viewer":
        """A Viewer for `board` under `reading` (house rules, walls, veils; see `_reading`)."""
        view = cls.__new__(cls)
        view._setup(board, reading)
        return view

    def _setup(self, board: Any, reading: Reading) -> None:
        self.board = board
        self.layout = HexLayout.from_board(board)
        self.reading = reading
        self.graze, self.mode, walls, veils = reading
        self.walls: set[Hex] = set(walls)
        self.veils: dict[Hex, int] = dict(veils)
        # What lines meet, by cube: the board's part is read once per board (_board_cubes),
        # the active walls and veils are added here. Off the map is open ground to lines.
        solid, cover, conceal = per_board("sight cubes", board, _board_cubes)
        lay, on = self.layout, board.in_bounds
        wall_c = {lay.to_cube(*h) for h in self.walls if on(*h)}
        self._solid = solid | wall_c
        self._obstacle = cover | self._solid
        self._conceal = dict(conceal)
        for h, v in self.veils.items():
            if on(*h):
                k = lay.to_cube(*h)
                self._conceal[k] = self._conceal.get(k, 0) + v
        # (a, b) -> answer: a Viewer never changes what it reads, so each pair is worked out once
        self._sights: dict[tuple[Hex, Hex], Sight] = {}
        self._visible: dict[tuple[Hex, Hex], bool] = {}
        self._unseen: dict[tuple[Hex, int], tuple[Hex, ...]] = {}
        self._unseen_rings: dict[Hex, tuple[int, tuple[tuple[int, Hex], ...]]] = {}
        # the bare board's listings read from a shipped table (sighttable.preload), by hex, in
        # _unseen_rings' form; never emptied (one entry per open hex of the board)
        self._shipped: dict[Hex, tuple[int, tuple[tuple[int, Hex], ...]]] = {}
        self._bits: tuple[int, int, int, int, int, int] | None = None
        self._obstacle_bits: int | None = None     # solid, cover and wall hexes (_near_pair)
        self._weighted: list[tuple[Cube, int] | None] | None = None
        # what the active walls and veils touch: an unseen answer whose lines pass none of
        # these hexes is the bare board's answer (see _unseen_from)
        self._walls_c = frozenset(wall_c)
        self._veils_c = frozenset(lay.to_cube(*h) for h in self.veils if on(*h))
        # the bare board's pair answers met on the way, by unordered pair: 0 for hidden, else
        # hexsight.crossings_witness's reason (see _unseen_from)
        self._pairs: dict[tuple[Cube, Cube], int | None] = {}
        self._everywhere: dict[Hex, frozenset[Hex]] = {}
        # the open hexes each open hex has no line to on the bare board, from a shipped table
        # (sighttable.preload; the same dict in every Viewer of the board under the table's
        # house rules): walls only take lines away, so none of these pairs ever has one
        self._nolines: dict[Hex, frozenset[Hex]] = {}
        self._features_c = self._walls_c | self._veils_c
        # with no wall standing, lines (BND-84) are the bare board's: `_shared` hands this Viewer
        # the bare one, so the pairs it has answered serve every set of veils
        self._lines: Viewer | None = None
        # the fast unseen test sums whole non-negative concealment; anything else asks sight()
        self._conceal_whole = all(isinstance(v, int) and v >= 0 for v in self._conceal.values())

    def hex(self, c: Cube) -> Hex:
        return self.layout.from_cube(c)

    def solid(self, c: Cube) -> bool:
        return c in self._solid

    def obstacle(self, c: Cube) -> bool:
        """Anything that gives cover on the centre line: solid, cover or wall."""
        return c in self._obstacle

    def conceal(self, c: Cube) -> int:
        return self._conceal.get(c, 0)

    def sight(self, a: Hex, b: Hex) -> Sight:
        """How hex `a` sees hex `b` (see the module docstring for the readings)."""
        key = (a, b)
        got = self._sights.get(key)
        if got is None:
            if len(self._sights) >= _MEMO_LIMIT:
                self._sights.clear()
            got = self._sights[key] = _sight(self, a, b, self.graze, self.mode)
        return got

    def can_see(self, a: Hex, b: Hex) -> bool:
        """BND-84 alone: `sight(a, b).can_see` without working out cover and concealment (what
        listing targets needs, many times a position)."""
        key = (a, b)
        got = self._visible.get(key)
        if got is None:
            done = self._sights.get(key)
            no_line = self._nolines.get(a)
            if done is not None:
                got = done.can_see
            elif a == b:
                got = True
            elif no_line is not None and b in no_line:
                got = False
            elif no_line is not None and not self._walls_c and b in self._nolines:
                got = True                    # two open hexes, a line on the bare board
            elif self._lines is not None:
                got = self._lines.can_see(a, b)     # veils never stop a line: the bare answer
            else:
                got = self._clear_line(a, b)
            if len(self._visible) >= _MEMO_LIMIT:
                self._visible.clear()
            self._visible[key] = got
        return got

    def _clear_line(self, a: Hex, b: Hex) -> bool:
        """hexsight.clear_line_exists for two hexes, the solid hexes near the pair read from
        the bit boards through the pair's template (the listing's bounds) rather than asked
        hex by hex over the pair's region."""
        lay, board = self.layout, self.board
        ca, cb = lay.to_cube(*a), lay.to_cube(*b)
        if not (board.in_bounds(*a) and board.in_bounds(*b)):
            # the grid's templates fit around the board's own hexes only
            return hs.clear_line_exists(ca, cb, self._solid.__contains__, self.graze)
        grid = per_board("sight grid", board, _Grid)
        t = grid.template(cb[0] - ca[0], cb[1] - ca[1])
        shift = grid.bit(ca)
        mask = t & (self._bitboard(grid)[3] >> shift)
        base, cube_at = shift - grid.off, grid.cube_at
        blocking: list[Cube] = []
        while mask:
            v = mask.bit_length() - 1
            blocking.append(cube_at[v + base])
            mask ^= 1 << v
        return hs.clear_line_among(ca, cb, blocking, self.graze)

    def unseen(self, a: Hex, reach: int) -> tuple[Hex, ...]:
        """BND-91 / GM-22: the open hexes within `reach` of `a` that `a` has a line to (BND-84)
        but cannot see into (total concealment, from the hexes crossed or darkness, BND-93):
        the hexes an attack may be aimed at as a guess. Occupants play no part, so the answer
        gives nobody away, and it is remembered per (hex, reach) like the pair answers."""
        key = (a, reach)
        got = self._unseen.get(key)
        if got is None:
            # worked out once per hex at the longest reach asked so far; shorter reaches (a
            # combatant's other moves) are a prefix of it, the hexes coming ring by ring
            done = self._unseen_rings.get(a)
            if done is None or done[0] < reach:
                done = self._shipped.get(a)           # a shipped table's answer (sighttable)
            if done is None or done[0] < reach:
                upto = reach
                if not self._conceal and not per_board("sight dark", self.board, _board_dark):
                    found: tuple[tuple[int, Hex], ...] = ()   # nothing here hides a hex
                else:
                    # a long reach is worked out over the whole board at once: a combatant's
                    # ranged moves differ in reach, and one pass serves them all
                    if reach > _SHORT_REACH:
                        upto = max(reach, per_board("sight grid", self.board, _Grid).span)
                    found = tuple(self._unseen_from(a, upto))
                done = self._unseen_rings[a] = (upto, found)
            got = tuple(h for dist, h in done[1] if dist <= reach)
            self._keep_unseen(key, got)
        return got

    def _keep_unseen(self, key: tuple[Hex, int], got: tuple[Hex, ...]) -> None:
        if len(self._unseen) >= _MEMO_LIMIT // 16:
            self._unseen.clear()
            self._unseen_rings.clear()
        self._unseen[key] = got

    def unseen_everywhere(self, a: Hex) -> frozenset[Hex]:
        """`unseen(a, reach)` for a reach that spans the whole board, as a set (remembered per
        hex, at most one entry per hex of the board)."""
        got = self._everywhere.get(a)
        if got is None:
            shipped = self._shipped.get(a)
            if shipped is not None:
                rows: Iterable[tuple[int, Hex]] = shipped[1]
            else:
                rows = self._unseen_from(a, per_board("sight grid", self.board, _Grid).span)
            got = self._everywhere[a] = frozenset(h for _, h in rows)
        return got

    def _unseen_from(self, a: Hex, reach: int) -> list[tuple[int, Hex]]:
        # The same answer as `sight(a, h).can_see and .concealment >= 3` for each hex, without
        # working out cover and the lines to draw, in the order of cube_area (ring by ring:
        # the legal list, and so a seeded game, depends on it). Only the board's open hexes
        # are looked at, never the rings' hexes off the map.
        lay = self.layout
        ca = lay.to_cube(*a)
        grid = per_board("sight grid", self.board, _Grid)
        if not self._conceal_whole:
            # concealment that is not whole and non-negative: ask sight() hex by hex
            found = []
            for q, r, s, h in grid.open:
                dist = cube_distance(ca, (q, r, s))
                if 0 < dist <= reach and (q, r, s) not in self._walls_c:
                    got = self.sight(a, h)
                    if got.can_see and got.concealment >= TOTAL_CONCEALMENT:
                        found.append((dist, _ring_index(q - ca[0], r - ca[1], dist), h))
            found.sort()
            return [(dist, h) for dist, _, h in found]
        # The bare board's answer for `a`, where the walls and veils change nothing: a pair's
        # answer depends only on the hexes in its region (hexsight.region_from_origin), so a
        # hex whose region holds no wall or veil hex keeps the board's answer. Combatants come
        # back to the same hexes while veils come and go; the board's answer stays.
        # Where the bare board does not hide a hex, it may know why: a witness (hexsight's
        # crossings_witness), lines that stay clear and under 3 unless a wall or veil touches
        # them; when the walls and veils near the pair touch none of them, the hex stays seen.
        plain: frozenset[Hex] | None = None
        witnesses: dict[tuple[Cube, Cube], int | None] = {}
        if self._features_c and reach > _SHORT_REACH:
            bare = _bare(self.board, self.graze, self.mode)
            plain = bare.unseen_everywhere(a)
            witnesses = bare._pairs
        conceal, graze, mode = self._conceal, self.graze, self.mode
        levels0, levels1, levels2, solid_bits, wall_bits, veil_bits = self._bitboard(grid)
        shift = grid.bit(ca)
        # the concealment, solid hexes and feature hexes around `a`, placed like a template
        near0, near1, near2 = levels0 >> shift, levels1 >> shift, levels2 >> shift
        near_solid, near_wall = solid_bits >> shift, wall_bits >> shift
        near_feature = near_wall | veil_bits >> shift
        pairs = None if self._features_c else self._pairs       # the bare board's, symmetric
        base = shift - grid.off                 # template bit v is board bit v + base
        cube_at = grid.cube_at

        def cells(mask: int) -> list[Cube]:
            """The hexes of the set bits of a template-shaped mask, placed around `a`."""
            out_c: list[Cube] = []
            while mask:                 # highest bit first: one big-int step fewer a bit
                v = mask.bit_length() - 1
                out_c.append(cube_at[v + base])
                mask ^= 1 << v
            return out_c

        dark, walls = grid.dark, self._walls_c
        visible = self._visible
        weighted_at = self._weighted_at(grid)

        def weighted(mask: int) -> list[tuple[Cube, int]]:
            """(hex, concealment) of the set bits of a template-shaped mask around `a`."""
            out_w: list[tuple[Cube, int]] = []
            while mask:
                v = mask.bit_length() - 1
                out_w.append(weighted_at[v + base])
                mask ^= 1 << v
            return out_w
        no_line = self._nolines.get(a) or frozenset()
        stride, off = grid.stride, grid.off
        plans = grid.plans(graze)
        qa, ra, sa = ca
        centre_only = mode == "centre"

        def fill(plan: dict[int, Any], d: Cube, v: int) -> Any:
            """The offset's table entry for template bit v, worked out the first time it is met
            (an entry is a non-empty tuple: `plan.get(v) or fill(...)` asks only on a miss)."""
            x = cube_at[v + base]
            return grid.cell(plan, graze, d, v, (x[0] - qa, x[1] - ra, x[2] - sa))

        def entries(mask: int, plan: dict[int, Any], d: Cube) -> list[tuple[int, Any]]:
            """(template bit, the offset's table entry) for each set bit of `mask`, highest bit
            first (one big-int step fewer a bit)."""
            out: list[tuple[int, Any]] = []
            while mask:
                v = mask.bit_length() - 1
                mask ^= 1 << v
                out.append((v, plan.get(v) or fill(plan, d, v)))
            return out

        def sums_hide(dq: int, dr: int, t: int, ok: int) -> bool:
            """crossings_witness(...) == 0 for `a` and the hex at (dq, dr): whether every clear
            sample line (the centre line, in "centre" mode) crosses concealment 3 or more,
            with each hex's lines and seams (hexsight.pair_cell) kept per offset and bit."""
            plan = plans.get(ok)
            if plan is None:
                # an offset's first pair: crossings_witness itself (its tables are shared by
                # the offset's twelve images, so a new offset costs less there); the offset's
                # table is filled from its next pair on
                grid.plan(graze, ok, dq, dr)
                c = (qa + dq, ra + dr, sa - dq - dr)
                return hs.crossings_witness(ca, c, weighted(t & near0), cells(t & near_solid),
                                            graze, mode, TOTAL_CONCEALMENT, witness=False) == 0
            d = (dq, dr, -dq - dr)
            near = t & near_solid
            if not centre_only:
                # two lines that most often see in when the centre line does not, each as the
                # hexes it crosses or runs beside (a generous count): clear of solid hexes and
                # still under 3 there, it is a clear line that sees in
                quick = plan.get(-2)
                if quick is None:
                    # drawn once the offset has come back often enough to pay for it
                    seen_n = plan[-3] = plan.get(-3, 0) + 1
                    quick = grid.quick_lines(plan, entries(t, plan, d), d) \
                        if seen_n >= _QUICK_AFTER else ()
                for block, count in quick:
                    if not block & near:
                        m = count & near0
                        if not m or m.bit_count() + (count & near1).bit_count() + (
                                count & near2).bit_count() < TOTAL_CONCEALMENT:
                            return False
            ends = (1 << off) | (1 << (dr * stride + dq + off))
            # (the two walks below are `entries` written out: most of the listing's time
            # under walls and veils is spent in them)
            blocked = 0
            mask = near & ~ends
            while mask:
                v = mask.bit_length() - 1
                mask ^= 1 << v
                e = plan.get(v) or fill(plan, d, v)
                blocked |= e[0]
                for vn, sm in e[1]:                 # a seam of two: as solid as they are
                    if near >> vn & 1:
                        blocked |= sm
            clear = hs.ALL_LINES & ~blocked
            if not clear:
                return False                               # no clear line: nothing to guess at
            adds: list[tuple[int, int]] = []
            bits = mask = t & near0
            while mask:
                v = mask.bit_length() - 1
                mask ^= 1 << v
                e = plan.get(v) or fill(plan, d, v)
                w = weighted_at[v + base][1]
                adds.append((e[0], w))
                for vn, sm in e[1]:                 # a seam of two: the smaller weight
                    if bits >> vn & 1:
                        sw = weighted_at[vn + base][1]
                        adds.append((sm, w if w < sw else sw))
            l2 = hs.lines_reaching_three(adds)
            if centre_only:
                return bool(l2 & 1)                        # the centre line is bit 0
            return not clear & ~l2

        def sees(h: Hex, c: Cube, t: int) -> bool:
            """Viewer.can_see(a, h), from the solid hexes of the pair's template (kept with
            can_see's answers)."""
            key = (a, h)
            got = visible.get(key)
            if got is None:
                got = hs.clear_line_among(ca, c, cells(t & near_solid), graze)
                if len(visible) >= _MEMO_LIMIT:
                    visible.clear()
                visible[key] = got
            return got

        found = []
        # the open hexes as seen from `a`, each with its distance and template (kept per hex)
        for (_q, _r, c, h), (dist, dq, dr, t, tc, ok) in (
                grid.order_from(ca) if reach > _SHORT_REACH else grid.order_near(ca, reach)):
            if dist > reach:
                continue
            if plain is not None:
                nearby = t & near_feature
                if not nearby:
                    if h in plain:
                        found.append((dist, _ring_index(dq, dr, dist), h))
                    continue
                if c in walls:
                    continue
                if h in plain:
                    # hidden on the bare board: walls only take lines away and veils only add
                    # to them, so it stays hidden while some line is clear (BND-84)
                    if not t & near_wall or sees(h, c, t):
                        found.append((dist, _ring_index(dq, dr, dist), h))
                    continue
                if h in dark:         # darkness answers by the line alone: walls only block
                    continue
                # (a board read from a shipped table met no pairs on the way: nothing to ask)
                why = witnesses.get((ca, c) if ca < c else (c, ca)) if witnesses else None
                if why is not None:
                    if why == hs.NO_CLEAR_LINE:
                        continue
                    if why and why & _CENTRE_WITNESS:
                        # the centre line is a witness: when no wall or veil hex so much as
                        # touches it (the generous mask is a superset of what lines_touching
                        # counts), it stays clear and under 3, and the hex stays seen (the test
                        # below, cheaply)
                        if not tc & nearby:
                            continue
                    if why and why & ~hs.lines_touching(ca, c, cells(nearby)):
                        continue
            if c in walls or h in no_line:         # no line on the bare board: none now
                continue
            if h in dark:                                         # BND-93: a line is enough
                hidden = sees(h, c, t)
            elif not conceal:
                continue
            else:
                # not enough concealment anywhere a line could pass (the levels nest: a hex
                # at level 2 or 3 is at level 1 too, so three hexes at level 1 are enough
                # and none at all is too few)
                m = t & near0
                if not m:
                    continue
                n = m.bit_count()
                if n < TOTAL_CONCEALMENT and (n + (t & near1).bit_count()
                                              + (t & near2).bit_count()) < TOTAL_CONCEALMENT:
                    continue
                # the centre line, counted generously (every hex it so much as touches):
                # clear of anything solid and still under 3, it is a clear line that sees
                # in, so the hex is not unseen in either line mode
                m = tc & near0
                n = m.bit_count() if m else 0
                if not tc & near_solid and (n < TOTAL_CONCEALMENT and (
                        n + (tc & near1).bit_count() + (tc & near2).bit_count())
                        < TOTAL_CONCEALMENT):
                    if pairs is not None:
                        # the centre line is the witness (see crossings_witness); _remember_pair
                        # written out, as this is most hexes of a bare board's listing
                        if len(pairs) >= _MEMO_LIMIT:
                            pairs.clear()
                        pairs[(ca, c) if ca < c else (c, ca)] = _CENTRE_WITNESS
                    continue
                # the bare board's pairs are symmetric (lines and sums read the same from
                # either end; darkness, the one-sided rule, is answered above)
                if pairs is None:
                    # under walls and veils: yes or no, the sums read through the template
                    hidden = sums_hide(dq, dr, t, ok)
                    if hidden:
                        found.append((dist, _ring_index(dq, dr, dist), h))
                    continue
                key = (ca, c) if ca < c else (c, ca)
                if key in pairs:
                    hidden = pairs[key] == 0
                else:
                    why = hs.crossings_witness(
                        ca, c, weighted(t & near0), cells(t & near_solid), graze, mode,
                        TOTAL_CONCEALMENT)
                    self._remember_pair(key, why)
                    hidden = why == 0
            if hidden:
                found.append((dist, _ring_index(dq, dr, dist), h))
        found.sort()
        return [(dist, h) for dist, _, h in found]

    def _remember_pair(self, key: tuple[Cube, Cube], why: int | None) -> None:
        pairs = self._pairs
        if len(pairs) >= _MEMO_LIMIT:
            pairs.clear()
        pairs[key] = why

    def _bitboard(self, grid: "_Grid") -> tuple[int, int, int, int, int, int]:
        """The concealment as three bit boards in the grid's layout (bit set: at least 1, 2, 3
        there), the solid hexes (walls included) and the wall and veil hexes, each moved up by
        the grid's template origin: shifted down by a hex's bit, a board lines up with the
        grid's templates around that hex, and a bit count bounds what any line from the hex
        can cross before a line is looked at."""
        got = self._bits
        if got is not None:
            return got
        off = grid.off
        levels = [0, 0, 0]
        for c, w in self._conceal.items():
            i = grid.bit(c) + off
            for k in range(min(w, TOTAL_CONCEALMENT)):
                levels[k] |= 1 << i
        solid_bits = 0
        for c in self._solid:
            solid_bits |= 1 << (grid.bit(c) + off)
        wall_bits = veil_bits = 0
        for c in self._walls_c:
            wall_bits |= 1 << (grid.bit(c) + off)
        for c in self._veils_c:
            veil_bits |= 1 << (grid.bit(c) + off)
        got = self._bits = (levels[0], levels[1], levels[2], solid_bits, wall_bits, veil_bits)
        return got

    def _near_pair(self, a: Hex, b: Hex, ca: Cube, cb: Cube
                   ) -> tuple[list[Cube], list[Cube], list[tuple[Cube, int]]] | None:
        """The solid hexes, obstacle hexes (solid, cover or wall) and (hex, concealment) near
        the pair a, b, read from the bit boards through the pair's template; None when they
        cannot be (a hex off the board, or concealment that is not whole and non-negative:
        the caller asks hex by hex)."""
        board = self.board
        if not self._conceal_whole or not (board.in_bounds(*a) and board.in_bounds(*b)):
            return None
        grid = per_board("sight grid", board, _Grid)
        t = grid.template(cb[0] - ca[0], cb[1] - ca[1])
        shift = grid.bit(ca)
        bits = self._bitboard(grid)
        obstacle_bits = self._obstacle_bits
        if obstacle_bits is None:
            obstacle_bits = bits[3]
            for c in per_board("sight cubes", board, _board_cubes)[1]:      # cover hexes
                obstacle_bits |= 1 << (grid.bit(c) + grid.off)
            self._obstacle_bits = obstacle_bits
        base, cube_at = shift - grid.off, grid.cube_at
        weighted_at = self._weighted_at(grid)
        out: tuple[list[Cube], list[Cube], list] = ([], [], [])
        for mask, into in ((t & (bits[3] >> shift), out[0]), (t & (obstacle_bits >> shift), out[1])):
            while mask:
                low = mask & -mask
                into.append(cube_at[low.bit_length() - 1 + base])
                mask ^= low
        mask = t & (bits[0] >> shift)
        while mask:
            low = mask & -mask
            out[2].append(weighted_at[low.bit_length() - 1 + base])
            mask ^= low
        return out

    def _weighted_at(self, grid: "_Grid") -> list[tuple[Cube, int] | None]:
        """(hex, concealment) by the hex's place in the grid's layout (`grid.cube_at`), for the
        hexes with any: a listing's sums take them by bit, with no look-up by hex."""
        got = self._weighted
        if got is None:
            got = [None] * len(grid.cube_at)
            for c, w in self._conceal.items():
                got[grid.bit(c)] = (c, w)
            self._weighted = got
        return got

    def local_features(self, a: Hex, radius: int) -> tuple[tuple[Hex, ...], tuple[tuple[Hex, int], ...]]:
        """The active walls and veil hexes within `radius` of `a`: all of the state's features
        that a question about lines from `a` no longer than radius - 2 can depend on."""
        lay = self.layout
        ca = lay.to_cube(*a)
        # sorted tuples, not sets: remembered keys of plain tuples drop out of the garbage
        # collector's tracking, sets never do
        walls = tuple(sorted(h for h in self.walls if cube_distance(ca, lay.to_cube(*h)) <= radius))
        veils = tuple(sorted((h, v) for h, v in self.veils.items()
                             if cube_distance(ca, lay.to_cube(*h)) <= radius))
        return walls, veils

    def sight_map(self, a: Hex, cells: Iterable[Hex] | None = None) -> dict[Hex, Sight]:
        """Sight from `a` to each of `cells` (default: every hex of the board), for overlays."""
        return {c: self.sight(a, c) for c in (self.board.coords() if cells is None else cells)}


def _board_cubes(board: Any) -> tuple[frozenset[Cube], frozenset[Cube], dict[Cube, int]]:
    """The board's solid hexes, cover hexes and concealment per hex, as cubes (sight's reading
    of the cells, BND-84..90)."""
    lay = HexLayout.from_board(board)
    solid: set[Cube] = set()
    cover: set[Cube] = set()
    conceal: dict[Cube, int] = {}
    for x, y in board.coords():
        p = board.cells[y][x]
        c = lay.to_cube(x, y)
        if p.get("solid", False):
            solid.add(c)
        if p.get("cover", False):
            cover.add(c)
        v = int(p.get("conceal", 0) or 0)
        if v:
            conceal[c] = v
    return frozenset(solid), frozenset(cover), conceal


# (q, r, cube, hex): an open hex of a board as the listing walks it (_Grid.walk)
WalkEntry = tuple[int, int, Cube, Hex]
# (distance, dq, dr, template, centre line, offset key): what a listing reads of an offset
OffsetEntry = tuple[int, int, int, int, int, int]
# a row of the listing: an open hex and its offset from the hex looked from
OrderRow = tuple[WalkEntry, OffsetEntry]
# the offset entry of a hex from itself: further than any reach, so a listing passes it by
_ITSELF: OffsetEntry = (1 << 30, 0, 0, 0, 0, 0)
# an offset (dq, dr) as one number, dr * _OFFSET_ROW + dq (what the sums' tables are kept by:
# hashing a number costs less than hashing a pair): two offsets never share a number while |dq|
# stays under half of it, which the map loader's cell limit (tmx.MAX_CELLS, 250,000) ensures
# for any board shape
_OFFSET_ROW = 1 << 20


class _Grid:
    """What the unseen listing reads from a board once (one per board, see boardcache): its
    open hexes in board order (cube and offset), its dark hexes, and a bit layout for bit
    boards over axial coordinates with the region templates (hexsight's region for an offset:
    every hex a line between the two hexes could touch) and centre-line templates drawn in it.

    The layout pads the board by 3 hexes on every side: a line between two hexes of the board
    never touches a hex further out (a region reaches 2 hexes beside the centre line), so every
    template bit lands in the padded board whichever of its hexes it is drawn around. Templates
    are remembered per offset; a board has at most (2 width) x (2 height) offsets between its
    hexes, so the tables stay bounded by the board."""

    PAD = 3

    def __init__(self, board: Any) -> None:
        lay = HexLayout.from_board(board)
        cubes = [(lay.to_cube(x, y), (x, y)) for x, y in board.coords()]
        self.qmin = min(c[0] for c, _ in cubes) - self.PAD
        self.rmin = min(c[1] for c, _ in cubes) - self.PAD
        self.stride = max(c[0] for c, _ in cubes) + self.PAD - self.qmin + 1
        rows = max(c[1] for c, _ in cubes) + self.PAD - self.rmin + 1
        self.off = rows * self.stride         # where the origin sits in a template
        self.span = rows + self.stride        # no two hexes of the board are further apart
        self.open: tuple[tuple[int, int, int, Hex], ...] = tuple(
            (c[0], c[1], c[2], h) for c, h in cubes
            if not board.cells[h[1]][h[0]].get("solid", False))
        self.dark: frozenset[Hex] = frozenset(
            h for _, h in cubes if board.cells[h[1]][h[0]].get("dark", False))
        self.templates: dict[tuple[int, int], int] = {}
        self.centres: dict[tuple[int, int], int] = {}
        # the open hexes as the walk reads them (q, r, cube, hex), and each offset met so far
        # by its key (see _OFFSET_ROW) with its (distance, dq, dr, template, centre line): a
        # row then costs one look-up, not a measure
        self.walk: tuple[WalkEntry, ...] = tuple((q, r, (q, r, s), h) for q, r, s, h in self.open)
        self._by_cube = {w[2]: w for w in self.walk}
        self._offsets: dict[int, OffsetEntry] = {0: _ITSELF}
        # per hex looked from, the offset entry of each hex of `walk` (one shared entry per
        # offset: a hex's rows cost one reference each, not a tuple each)
        self._orders: dict[Cube, tuple[OffsetEntry, ...]] = {}
        # the sums' tables (plans, plan, cell): by graze house rule, offset and template bit
        self._plans: dict[bool, dict[int, dict[int, Any]]] = {}
        self._cells = 0
        # the hex at each bit of the layout (the inverse of `bit`), padding included
        self.cube_at: tuple[Cube, ...] = tuple(
            (q, r, -q - r) for r in range(self.rmin, self.rmin + rows)
            for q in range(self.qmin, self.qmin + self.stride))

    def order_from(self, c: Cube) -> Iterable[OrderRow]:
        """Every open hex of the board in board order, each with its offset entry from `c`
        (distance, dq, dr, template, centre line, offset key; `c` itself comes with _ITSELF).
        The entries are worked out once per hex of the board and kept, so a listing walks a
        ready list instead of measuring every hex and looking up its templates again for each
        set of walls and veils."""
        got = self._orders.get(c)
        if got is None:
            got = self._orders[c] = self._entries(c, self.walk)
        return zip(self.walk, got)

    def order_near(self, c: Cube, radius: int) -> Iterable[OrderRow]:
        """The rows of `order_from(c)` within `radius` (for a short reach: fewer than the
        board's hexes), in area order. Read from the area even when the hex's whole order is
        kept: a reach of 1 or 2 asks about 7 or 19 hexes, and walking the kept order meant
        stepping over every other open hex of the board (280 on the Pass) to find them."""
        by_cube = self._by_cube
        cells = [got for x in cube_area(c, radius) if (got := by_cube.get(x)) is not None]
        return [row for row in zip(cells, self._entries(c, cells)) if row[1][0] <= radius]

    def _entries(self, c: Cube, cells: Sequence[WalkEntry]) -> tuple[OffsetEntry, ...]:
        """The offset entry from `c` of each of `cells`, met offsets drawn and kept."""
        offsets = self._offsets
        qa, ra = c[0], c[1]
        ka = ra * _OFFSET_ROW + qa
        out: list[OffsetEntry] = []
        append = out.append
        for q, r, _cube, _h in cells:
            ok = r * _OFFSET_ROW + q - ka
            got = offsets.get(ok)
            if got is None:
                dq, dr = q - qa, r - ra
                got = offsets[ok] = (max(abs(dq), abs(dr), abs(dq + dr)), dq, dr,
                                     self.template(dq, dr), self.centre(dq, dr), ok)
            append(got)
        return tuple(out)

    def draw_all(self) -> None:
        """Every template and centre line the board's open hexes can ask for, drawn now (once
        per board: a few milliseconds with the shipped geometry, as a match opens): the offsets
        between any two rows' runs of open hexes, a superset of the pairs' offsets."""
        runs: dict[int, list[int]] = {}
        for q, r, _s, _h in self.open:
            got = runs.get(r)
            if got is None:
                runs[r] = [q, q]
            else:
                got[0], got[1] = min(got[0], q), max(got[1], q)
        offsets: set[tuple[int, int]] = set()
        for r1, (lo1, hi1) in runs.items():
            for r2, (lo2, hi2) in runs.items():
                dr = r2 - r1
                offsets.update((dq, dr) for dq in range(lo2 - hi1, hi2 - lo1 + 1))
        offsets.discard((0, 0))
        templates, centres = self.templates, self.centres
        for dq, dr in offsets:
            if (dq, dr) not in templates:
                self.template(dq, dr)
            if (dq, dr) not in centres:
                self.centre(dq, dr)

    def plans(self, graze: bool) -> dict[int, dict[int, Any]]:
        """Per offset (by its key, see _OFFSET_ROW), what the sums read of each template bit
        asked so far (see `cell`)."""
        got = self._plans.get(graze)
        if got is None:
            got = self._plans[graze] = {}
        return got

    def plan(self, graze: bool, ok: int, dq: int, dr: int) -> dict[int, Any]:
        """The table of `cell` answers for the offset (dq, dr), kept under its key `ok`: empty
        at first (an offset's first pair is summed without it); the offset's
        hexsight.pair_frame is kept under -1 (no template bit) once a cell is asked for, and
        the listing keeps its quick lines there too (see _QUICK_AFTER)."""
        plans = self.plans(graze)
        if self._cells >= _PLAN_CELLS:
            plans.clear()               # bounded: start afresh (each entry is a look-up away)
            self._cells = 0
        got = plans[ok] = {}
        return got

    def cell(self, plan: dict[int, Any], graze: bool, d: Cube, v: int, rel: Cube
             ) -> tuple[int, tuple[tuple[int, int], ...]]:
        """hexsight.pair_cell for the offset d and the hex at template bit v (`rel` from the
        pair's first hex), its seams' neighbours as template bits, kept in `plan`."""
        frame = plan.get(-1)
        if frame is None:
            frame = plan[-1] = hs.pair_frame(d, graze)
        m, seams = hs.pair_cell(d, rel, graze, frame)
        if seams:
            stride, off = self.stride, self.off
            got = plan[v] = (m, tuple((nb[1] * stride + nb[0] + off, sm) for nb, sm in seams))
        else:
            got = plan[v] = (m, ())
        self._cells += 1
        return got

    def quick_lines(self, plan: dict[int, Any], cells: list[tuple[int, Any]], d: Cube
                    ) -> tuple[tuple[int, int], ...]:
        """For the offset d, from its table's entry for every bit of its template (`cells`:
        (template bit, entry) pairs, as the listing's `entries` reads them), the lines of
        _QUICK_LINES as template masks, kept in `plan` under -2: (the hexes that can block the
        line: those it enters and both hexes of each seam it runs along, ends left out; the
        hexes it crosses for the sums: the same, ends in). A seam's two hexes both counted are
        at least its smaller weight once, and both checked for solid cover the seam's own rule,
        so a line whose hexes are all clear and sum under 3 by these masks is a clear line
        seeing in."""
        stride, off = self.stride, self.off
        ends = (1 << off) | (1 << (d[1] * stride + d[0] + off))
        count = [0] * len(_QUICK_LINES)
        for v, e in cells:
            for k, line in enumerate(_QUICK_LINES):
                if e[0] >> line & 1:
                    count[k] |= 1 << v
                for vn, sm in e[1]:
                    if sm >> line & 1:
                        count[k] |= (1 << v) | (1 << vn)
        got = plan[-2] = tuple((c & ~ends, c) for c in count)
        return got

    def bit(self, c: Cube) -> int:
        """Where hex `c` sits in a board laid out in this grid."""
        return (c[1] - self.rmin) * self.stride + (c[0] - self.qmin)

    def template(self, dq: int, dr: int) -> int:
        """hexsight's region for the offset (dq, dr) as a bit mask around the origin, or a
        little more: every hex within 2 (and a margin) of the centre line, drawn a row at a
        time. Everything the listing does with a template holds for any superset of the region
        (bounds, the hexes handed to hexsight, which features are near). Drawn once per
        offset and kept."""
        got = self.templates.get((dq, dr))
        if got is not None:
            return got
        t = 0
        stride, off = self.stride, self.off
        for r, q_lo, q_hi in hs.near_segment_rows((dq, dr, -dq - dr), hs.REGION_ROWS_RADIUS):
            t |= ((1 << (q_hi - q_lo + 1)) - 1) << (r * stride + q_lo + off)
        self.templates[(dq, dr)] = t
        return t

    def centre(self, dq: int, dr: int) -> int:
        """The hexes the centre line from the origin to (dq, dr) touches (an edge or a corner is
        enough), as a bit mask like `template`'s."""
        got = self.centres.get((dq, dr))
        if got is None:
            stride, off = self.stride, self.off
            got = 0
            for rc in hs.centre_line_touches((dq, dr, -dq - dr)):
                got |= 1 << (rc[1] * stride + rc[0] + off)
            self.centres[(dq, dr)] = got
        return got


def _ring_index(dq: int, dr: int, radius: int) -> int:
    """Where the offset (dq, dr) at distance `radius` comes in cube_ring(origin, radius): the
    ring starts at radius steps in direction 4 and walks directions 0..5, radius steps each."""
    ds = -dq - dr
    if radius == 0:
        return 0
    if ds == radius and dq < 0:
        return dq + radius                    # from (-R, 0, R) along direction 0
    if dr == -radius and dq >= 0:
        return radius + dq                    # from (0, -R, R) along direction 1
    if dq == radius and dr < 0:
        return 2 * radius + dr + radius       # from (R, -R, 0) along direction 2
    if ds == -radius and dr >= 0:
        return 3 * radius + dr                # from (R, 0, -R) along direction 3
    if dr == radius and dq <= 0:
        return 4 * radius - dq                # from (0, R, -R) along direction 4
    return 5 * radius + radius - dr           # from (-R, R, 0) along direction 5


def _board_dark(board: Any) -> bool:
    """Whether any hex of the board is dark (BND-93)."""
    return any(board.cells[y][x].get("dark", False) for x, y in board.coords())


_CENTRE_WITNESS = 1 << hs.CENTRE_LINE     # a pair's witness when its centre line sees in
_SHORT_REACH = 4              # longer reaches are listed over the whole board at once
# the sample lines (hexsight's numbering in a pair's least image) the unseen sums try before
# summing all 49: over the benchmark's random games these two see in for four of five hexes
# the centre line does not settle (any lines would give the same answers, more slowly)
_QUICK_LINES = (15, 33)
# the summed pair of an offset on which its quick lines are drawn (kept in its table: the count
# under -3, the lines under -2): drawn on the second, the first listings of a match paid for
# every offset they met (about 1 ms more at worst) for the same total
_QUICK_AFTER = 4
_PLAN_CELLS = 200_000         # template bits the sums' tables hold per board (a few MB)
_MEMO_LIMIT = 50_000          # pairs one Viewer remembers (a few MB) before starting afresh
# unseen listings kept per board, the oldest let go first: over the benchmark's twelve random
# games none of 1,744 hits came from further than 4,096 listings ago (12,500 held about 6 MB)
_UNSEEN_KEPT = 4096
_VIEWERS_PER_BOARD = 16       # feature sets remembered per board

# what sight reads from the state besides the board (see _reading)
Reading = tuple[bool, str, frozenset[Hex], frozenset[tuple[Hex, int]]]


def _reading(state: BindingsState) -> Reading:
    """What sight reads from the state besides the board: the two house rules, the hexes the
    active walls fill and each active veil hex's summed concealment."""
    tick = state.tick
    walls: set[Hex] = set()
    veils: dict[Hex, int] = {}
    for f in state.features:
        if not _active(f, tick):
            continue
        if f.kind == "wall":
            walls.update((int(h[0]), int(h[1])) for h in f.cells)
        elif f.kind == "veil" and f.conceal:
            for h in f.cells:
                key = (int(h[0]), int(h[1]))
                veils[key] = veils.get(key, 0) + int(f.conceal)
    return (bool(house(state, "graze_blocks")), str(house(state, "concealment_line")),
            frozenset(walls), frozenset(veils.items()))


def viewer(state: BindingsState) -> Viewer:
    """The shared Viewer for this state's board, features and house rules (see Viewer)."""
    board = state.board
    if board is None:
        raise ValueError("sight needs the state's board (attach it after loading)")
    return _shared(board, _reading(state))


def prepare(board: Any) -> None:
    """Read what is shipped for sight on this board (sighttable: the line masks, region rows,
    centre lines and seams, and the board's bare listing when there is one) and draw the
    board's templates (_Grid.draw_all) as a match opens, not when its first position asks."""
    sighttable.install_geometry()
    per_board("sight grid", board, _Grid).draw_all()
    _bare(board, *sighttable.READING)


def _bare(board: Any, graze: bool, mode: str) -> Viewer:
    """The Viewer of the board alone (no walls, no veils) under these house rules, kept apart
    from the feature sets `_shared` comes and goes through: its answers stay true all match."""
    bare: dict[tuple[bool, str], Viewer] = per_board("sight bare", board, lambda _b: {})
    got = bare.get((graze, mode))
    if got is None:
        got = bare[(graze, mode)] = Viewer.of(board, (graze, mode, frozenset(), frozenset()))
        if (graze, mode) == sighttable.READING:
            sighttable.preload(got)          # the shipped maps' bare answers, built beforehand
    return got


def _shared(board: Any, reading: Reading) -> Viewer:
    """The one Viewer per board and reading (at most _VIEWERS_PER_BOARD kept per board; the
    bare board's is `_bare`, kept apart)."""
    if not reading[2] and not reading[3]:
        return _bare(board, reading[0], reading[1])
    shared: dict[Reading, Viewer] = per_board("sight", board, lambda _b: {})
    got = shared.get(reading)
    if got is None:
        if len(shared) >= _VIEWERS_PER_BOARD:
            shared.clear()
        got = shared[reading] = Viewer.of(board, reading)
        bare = _bare(board, reading[0], reading[1])
        got._nolines = bare._nolines
        if not reading[2]:
            got._lines = bare
    return got


def sight(state: BindingsState, a: Hex, b: Hex, attacker_id: str | None = None) -> Sight:
    """How hex `a` (the attacker's) sees hex `b` (the target's) in this state, under the match's
    house rules. `attacker_id` names who looks (accepted for callers' convenience; sight itself
    does not depend on who stands where: creatures never obstruct lines, BND-GM-28)."""
    return viewer(state).sight(tuple(a), tuple(b))


def unseen(state: BindingsState, a: Hex, reach: int) -> tuple[Hex, ...]:
    """Viewer.unseen for this state (BND-91): the open hexes within `reach` of `a` that `a`
    has a line to but cannot see into. Remembered per board: a short reach's answer keyed by
    the walls and veils near `a` rather than all of them, so a wall raised across the map does
    not make it be worked out again; a long reach's by all of them (nearly all are near)."""
    return unseen_by(viewer(state), a, reach)


def unseen_by(view: Viewer, a: Hex, reach: int) -> tuple[Hex, ...]:
    """`unseen` through a Viewer the caller already holds (`viewer(state)`): a listing asks it
    for several moves of one position and reads the state's walls and veils once."""
    a = (int(a[0]), int(a[1]))
    got = view._unseen.get((a, reach))          # this very feature set asked before: cheaper
    if got is not None:
        return got
    if reach > _SHORT_REACH:
        # the walls and veils near a long reach are nearly all of them, so another feature
        # set's answer almost never serves (none of 2,595 over the benchmark's games, against
        # 1,744 of 3,987 for short reaches): kept under the whole reading (whose sets keep
        # their hashes), not the features near `a` read anew on every miss. It still serves
        # the same feature set once its Viewer has gone (a long session, a look-ahead)
        key: tuple = (a, reach, view.reading)
    else:
        key = (a, reach, view.graze, view.mode, view.local_features(a, reach + 3))
    shared: Kept = per_board("unseen", view.board, lambda _b: Kept())
    got = shared.get(key)
    if got is None:
        got = view.unseen(a, reach)
        keep(shared, key, got, _UNSEEN_KEPT)
    else:
        view._keep_unseen((a, reach), got)
    return got


def can_see(state: BindingsState, a: Hex, b: Hex) -> bool:
    """BND-84: whether hex `a` can target hex `b` at all (`sight(...).can_see`, cheaper)."""
    return viewer(state).can_see(tuple(a), tuple(b))


def sight_of(state: BindingsState, attacker_id: str, target_id: str) -> Sight:
    """Sight from one combatant's hex to another's."""
    att, tgt = state.combatants[attacker_id], state.combatants[target_id]
    return sight(state, (att.x, att.y), (tgt.x, tgt.y), attacker_id)


def _sight(view: Viewer, a: Hex, b: Hex, graze: bool, mode: str) -> Sight:
    lay = view.layout
    ca, cb = lay.to_cube(*a), lay.to_cube(*b)
    dark = bool(view.board.prop(b[0], b[1], "dark", False))

    def px(p: hs.Point) -> tuple[float, float]:
        return hs.point_to_pixel(lay, p)

    centre = hs.line_points(ca, cb, hs.CENTRE_LINE)
    lines: list[PixelLine] = [(px(centre[0]), px(centre[1]))]
    if ca == cb:
        conceal = min(TOTAL_CONCEALMENT, view.conceal(ca))
        if dark:
            conceal = TOTAL_CONCEALMENT
        return Sight(True, False, conceal, conceal / 6, conceal < TOTAL_CONCEALMENT, dark,
                     tuple(lines), (), (b,) if view.conceal(ca) else ())

    # BND-86: obstacles next to the attacker never give cover (the end hexes never obstruct).
    def next_to_attacker(c: Cube) -> bool:
        return cube_distance(c, ca) == 1

    near = view._near_pair(a, b, ca, cb)
    if near is None:
        clear = hs.clear_lines(ca, cb, view._solid.__contains__, graze)
        can_see = bool(clear)
        cover = can_see and hs.centre_line_blocked(ca, cb, view.obstacle, graze, next_to_attacker)
    else:
        # the solid, obstacle and weighted hexes near the pair from the bit boards, rather
        # than each hex of its region asked in turn (the same lines and sums: hexsight's
        # *_among functions take any superset of the region's hexes)
        solid_near, obstacles_near, weighted_near = near
        clear = hs.clear_lines_among(ca, cb, solid_near, graze)
        can_see = bool(clear)
        cover = can_see and bool(hs.obstructed_among(
            ca, cb, [c for c in obstacles_near if not next_to_attacker(c)], graze) & 1)
    on_centre = hs.centre_line_cells(ca, cb, graze)[1:-1] if cover or not can_see else []
    if cover:
        blocked = [view.hex(c) for c in on_centre if view.obstacle(c) and not next_to_attacker(c)]
        if not blocked:     # only a seam between two obstacles: name both sides
            blocked = _seam_hexes(view, ca, cb, view.obstacle, next_to_attacker)
    elif not can_see:
        blocked = [view.hex(c) for c in on_centre if view.solid(c)]
        if not blocked:
            blocked = _seam_hexes(view, ca, cb, view.solid, None)
    else:
        blocked = []

    conceal = 0
    concealed_by: tuple[Hex, ...] = ()
    if can_see:
        if near is None:
            best = hs.min_crossings(ca, cb, view.conceal, view.solid, graze, mode, clear)
        else:
            best = hs.min_crossings_among(ca, cb, near[2], clear, graze, mode)
        assert best is not None
        conceal = min(TOTAL_CONCEALMENT, int(best.total))
        concealed_by = tuple(view.hex(c) for c in best.cells)
        if best.index != hs.CENTRE_LINE:
            p, q = hs.line_points(ca, cb, best.index)
            lines.append((px(p), px(q)))
        elif clear and clear[0] != hs.CENTRE_LINE:
            p, q = hs.line_points(ca, cb, clear[0])
            lines.append((px(p), px(q)))
    if dark:
        conceal = TOTAL_CONCEALMENT               # BND-93
    return Sight(can_see=can_see, cover=cover, concealment=conceal, miss_chance=conceal / 6,
                 targetable=can_see and conceal < TOTAL_CONCEALMENT, dark=dark,
                 lines=tuple(lines), blocked_by=tuple(blocked), concealed_by=concealed_by)


def _seam_hexes(view: Viewer, ca: Cube, cb: Cube, pred: Callable[[Cube], bool],
                skip: Callable[[Cube], bool] | None) -> list[Hex]:
    p, q = hs.line_points(ca, cb, hs.CENTRE_LINE)
    out: list[Hex] = []
    for c1, c2 in hs.segment_seams(p, q):
        if pred(c1) and pred(c2) and not (skip and (skip(c1) or skip(c2))):
            out.extend((view.hex(c1), view.hex(c2)))
    return out
