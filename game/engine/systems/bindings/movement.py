"""Bindings movement: movement actions over segments, paths on the hex board, and pushbacks.

Owns: BND-51..57 (Move over two segments with NH+B bonus hexes, Dash along a straight line,
Dodge with its `dodging` condition, Swim through water over three segments, the five-foot step,
overlapping movements and BND-GM-15), BND-72..76 pushbacks (BND-GM-16/17), halved and frozen
movement from conditions (BND-77..79, BND-GM-26), which hexes a combatant can reach
(`reachable`, used by legal actions, the client and the AI) and what a pushback covers next
(`preview_pushback`).

Must not: decide whose turn it is (turns.py), resolve attacks (combat.py) or touch the budget
beyond budget.spend when a movement action starts.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from functools import lru_cache
from operator import itemgetter
from typing import Any, Callable

from game.engine import dice
from game.engine.boards.hex import HexLayout, cube_area, cube_distance
from game.engine.events import DiceRolled
from game.engine.tactics.forced import EDGE, OCCUPANT, SOLID, Ahead, Shove, shove
from game.engine.tactics.lines import cube_path, cube_path_at, hex_line
from game.engine.tactics.memo import Kept, keep

from . import budget, speeds
from . import events as ev
from .boardcache import per_board
from .content import content_of
from .house import house
from .state import BindingsState, Combatant, Condition, Hex, Movement, Pushback

MODES = tuple(speeds.SEGMENTS)

# -- the board -----------------------------------------------------------------------------------

# Keyed by id(board) with the board kept beside the value and compared on a hit: an id may be
# reused once a board is gone, and the stored reference keeps it alive while cached.
_LAYOUTS: dict[int, tuple[Any, HexLayout]] = {}


def layout(state: BindingsState) -> HexLayout:
    """The hex layout of the state's board (one per board object)."""
    b = state.board
    hit = _LAYOUTS.get(id(b))
    if hit is not None and hit[0] is b:
        return hit[1]
    if len(_LAYOUTS) > 64:
        _LAYOUTS.clear()
    lay = HexLayout.from_board(b)
    _LAYOUTS[id(b)] = (b, lay)
    return lay


def distance(state: BindingsState, a: Hex, b: Hex) -> int:
    lay = layout(state)
    return cube_distance(lay.to_cube(*a), lay.to_cube(*b))


def neighbours(state: BindingsState, h: Hex) -> list[Hex]:
    b = state.board
    return [n for n in layout(state).neighbours(*h) if b.in_bounds(*n)]


def wall_cells(state: BindingsState) -> frozenset[Hex]:
    """Hexes a standing wall feature fills (they block movement, BND-X-07 walls)."""
    tick = state.tick
    out: set[Hex] = set()
    for f in state.features:
        if f.kind == "wall" and (f.until < 0 or tick < f.until):
            out.update(tuple(c) for c in f.cells)
    return frozenset(out)


def blocks_movement(state: BindingsState, h: Hex, walls: frozenset[Hex] | None = None) -> bool:
    """Solid and cover hexes and walls are impassable to every movement (map contract)."""
    b = state.board
    if not b.in_bounds(*h):
        return True
    p = b.cells[h[1]][h[0]]
    if p.get("solid") or p.get("cover"):
        return True
    return h in (walls if walls is not None else wall_cells(state))


def is_water(state: BindingsState, h: Hex) -> bool:
    return bool(state.board.prop(h[0], h[1], "water", False))


def terrain_cost(state: BindingsState, h: Hex) -> int:
    v = state.board.prop(h[0], h[1], "move_cost", 1)
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else 1


def occupants(state: BindingsState) -> dict[Hex, str]:
    """Hex -> id of the standing combatant there (the down are out of the fight and of the way)."""
    return {(c.x, c.y): c.id for c in state.combatants.values() if not c.down}


# -- conditions that change movement --------------------------------------------------------------

def _verbs(state: BindingsState, c: Combatant) -> set[str]:
    if not c.conditions:
        return set()                # the common case, asked several times per legal listing
    conds = content_of(state).conditions
    tick = state.tick
    out: set[str] = set()
    for cond in c.conditions:
        if cond.until < 0 or tick < cond.until:
            d = conds.get(cond.id)
            if d is not None:
                out.update(d.verbs)
    return out


def halved(state: BindingsState, c: Combatant) -> bool:
    """A condition halves its movement (Staggered, Exhausted; BND-77/78, BND-GM-26)."""
    return "halve_movement" in _verbs(state, c)


def frozen(state: BindingsState, c: Combatant) -> bool:
    return "no_move" in _verbs(state, c)


def pushed(state: BindingsState, cid: str) -> bool:
    """A pushback on `cid` is unfinished, so its own movement is suspended (BND-74)."""
    return any(p.subject == cid and p.remaining > 0 for p in state.pushbacks)


def segment_rate(state: BindingsState, c: Combatant, m: Movement) -> tuple[int, int]:
    """(hexes this segment, bonus hexes usable) for movement `m` of `c` right now."""
    return _rate_now(state, c, m.mode, m.rate, m.bonus)


def _rate_now(state: BindingsState, c: Combatant, mode: str, hexes: int, bonus: int
              ) -> tuple[int, int]:
    """segment_rate for a movement of `mode` at (hexes, bonus) a segment."""
    if pushed(state, c.id) or frozen(state, c) or c.down:
        return 0, 0
    # A five-foot step is a fixed hex (BND-56, BND-40), not a share of the combatant's speed, so
    # Staggered's halving (GM-26) leaves it alone; reachable() offers the same one hex.
    if mode != "step" and halved(state, c):
        hexes, bonus = speeds.halve(hexes, bonus, house(state, "halving"))
    return hexes, bonus


# -- ongoing movements ----------------------------------------------------------------------------

def ongoing(state: BindingsState, cid: str) -> list[Movement]:
    return [m for m in state.movements if m.owner == cid]


def available(state: BindingsState, cid: str) -> int:
    """Hexes `cid` may still cover this segment with its ongoing movements (rates, Swift boosts
    and unspent bonus hexes; BND-51, BND-57)."""
    c = state.combatants[cid]
    total = 0
    for m in ongoing(state, cid):
        if m.refreshed_tick != state.tick:
            continue
        total += m.now + m.boost
        if m.bonus and segment_rate(state, c, m)[1]:
            total += m.bonus
    return total


def _spend_hexes(state: BindingsState, cid: str, cost: int) -> None:
    """Take `cost` hexes from this segment's allowances: rates first, then boosts, then the
    once-per-action bonus (so a 3H+1 Move splits 4+3 or 3+4, BND-T-21)."""
    ms = [m for m in ongoing(state, cid) if m.refreshed_tick == state.tick]
    c = state.combatants[cid]
    for attr in ("now", "boost", "bonus"):
        for m in ms:
            if cost <= 0:
                return
            if attr == "bonus" and not segment_rate(state, c, m)[1]:
                continue
            have = getattr(m, attr)
            take = min(have, cost)
            setattr(m, attr, have - take)
            cost -= take
    if cost > 0:
        raise ValueError(f"{cid} has not enough movement left")


def _modes_now(state: BindingsState, cid: str) -> set[str]:
    return {m.mode for m in ongoing(state, cid) if m.refreshed_tick == state.tick}


# -- paths ----------------------------------------------------------------------------------------

class _Terrain:
    """What movement reads from one board, read once (the board never changes in a match):
    each hex's on-board neighbours in cube direction order (the order hex_reach offers them,
    which decides ties between equal paths), and the step price into each hex for land, water
    and both kinds of movement (None: impassable; solid and cover always, BND map contract)."""

    def __init__(self, board: Any) -> None:
        lay = HexLayout.from_board(board)
        w, h = board.width, board.height
        self.layout = lay
        self.neighbours: dict[Hex, tuple[Hex, ...]] = {}
        # each hex of the board -> the one tuple standing for it in these tables. A search's
        # dicts start from the mover's hex: from this tuple (no longer watched by the garbage
        # collector once a pass has seen it, being made of numbers alone) they hold nothing
        # the collector must watch and so are never walked by it; from a new tuple for the
        # same hex, every remembered search and reach was walked by every young and middle
        # collection (a few percent of a hex map's play)
        self.hexes: dict[Hex, Hex] = {}
        # (swim, land) -> hex -> price of entering it, or None when that movement cannot
        self.price: dict[tuple[bool, bool], dict[Hex, int | None]] = {
            (s, l): {} for s in (False, True) for l in (False, True)}
        for y in range(h):
            for x in range(w):
                here = (x, y)
                self.hexes[here] = here
                self.neighbours[here] = tuple(lay.neighbours_in(x, y, w, h))
                p = board.cells[y][x]
                blocked = bool(p.get("solid") or p.get("cover"))
                water = bool(board.prop(x, y, "water", False))
                v = board.prop(x, y, "move_cost", 1)
                cost = v if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else 1
                for (swim, land), table in self.price.items():
                    ok = not blocked and (swim if water else land)
                    table[here] = cost if ok else None
        # hexes from which a Swim may start: water, or next to it (can_start)
        # the same prices by cube, for walks along cube lines (dash_ends)
        self.cube_price: dict[tuple[bool, bool], dict[tuple[int, int, int], int | None]] = {
            kinds: {lay.to_cube(*hx): v for hx, v in table.items()}
            for kinds, table in self.price.items()}
        wet = {hx for hx, p in self.price[(True, False)].items() if p is not None}
        self.near_water: frozenset[Hex] = frozenset(
            hx for hx, nbs in self.neighbours.items()
            if hx in wet or any(n in wet for n in nbs))
        # movement signature -> reachable hexes and paths (see paths())
        self.reach: Kept = Kept()
        self.in_bounds = board.in_bounds
        # (start, shut hexes, swim, land) -> (allowance searched, costs, paths): one search
        # serves every allowance up to the one it was made with (see paths())
        self.searches: Kept = Kept()
        # (line origin, start, allowance, swim, land) -> the strict Dash ends the terrain alone
        # allows, with their paths (see _dash_ends)
        self.dash: Kept = Kept()
        # each hex of the board by cube (off the board: absent), for dash_ends' lines
        self.cube_hex: dict[tuple[int, int, int], Hex] = {
            lay.to_cube(*hx): hx for hx in self.neighbours}
        # the same two tables keyed by one number per cube (_cube_key), so a new Dash's lines,
        # worked out once as offsets from the start, are read with additions alone
        self.key_hex: dict[int, Hex] = {_cube_key(c): hx for c, hx in self.cube_hex.items()}
        self.key_price: dict[tuple[bool, bool], dict[int, int | None]] = {
            kinds: {_cube_key(c): v for c, v in table.items()}
            for kinds, table in self.cube_price.items()}
        self.keyed = all(abs(c[0]) < _KEY_BOUND and abs(c[1]) < _KEY_BOUND for c in self.cube_hex)


    def dash_ends(self, origin: Hex, start: Hex, allowance: int, swim: bool, land: bool
                  ) -> tuple[tuple[Hex, tuple[Hex, ...]], ...]:
        """Hexes a strict Dash from `start` may end on as far as the board goes (on the map,
        the straight line from `origin` passes `start`, every hex after it enterable and the
        hexes' prices within `allowance`; BND-53), each with its path, in area order. Who
        stands where and walls are the caller's to check."""
        return self.dash_table(origin, start, allowance, swim, land).ends

    def dash_table(self, origin: Hex, start: Hex, allowance: int, swim: bool, land: bool
                   ) -> "_DashEnds":
        """`dash_ends` kept with what filtering them for a position reads (see _DashEnds)."""
        key = (origin, start, allowance, swim, land)
        got = self.dash.get(key)
        if got is not None:
            return got
        lay = self.layout
        done = lay.distance(origin, start)
        if not done and self.keyed and allowance < _KEY_BOUND:
            got = _DashEnds(self._new_dash_ends(lay.to_cube(*start), allowance, swim, land))
            keep(self.dash, key, got, _DASH_ENDS_KEPT)
            return got
        price = self.cube_price[(swim, land)]
        oc, sc = lay.to_cube(*origin), lay.to_cube(*start)
        hex_at = self.cube_hex
        out: list[tuple[Hex, tuple[Hex, ...]]] = []
        for cube in cube_area(sc, allowance):
            # the rest of a Dash keeps to the line it began on: only lines from the origin whose
            # hex number `done` is the start qualify; a Dash already under way tests that one hex
            # before walking the line (most of the area fails it), a new one (done 0) passes all
            if cube == sc or (done and cube_path_at(oc, cube, done) != sc):
                continue
            h = hex_at.get(cube)
            if h is None:
                continue                                  # off the board
            # the line walked in cubes (hex_line is the same line, cell by cell), its prices
            # read in one pass (None: off the board or impassable); only the ends kept are
            # turned into cells
            rest_c = cube_path(oc, cube)[done + 1:]
            steps = list(map(price.get, rest_c))
            if None in steps:
                continue
            if sum(steps) <= allowance:
                out.append((h, tuple(map(hex_at.__getitem__, rest_c))))
        got = _DashEnds(tuple(out))
        keep(self.dash, key, got, _DASH_ENDS_KEPT)
        return got


    def _new_dash_ends(self, start: tuple[int, int, int], allowance: int, swim: bool, land: bool
                       ) -> tuple[tuple[Hex, tuple[Hex, ...]], ...]:
        """dash_ends for a Dash that begins at `start` (its line's origin): the same ends in
        the same order, each line read through the offsets of `_dash_lines`."""
        price = self.key_price[(swim, land)].get
        hex_at = self.key_hex.get
        base = _cube_key(start)
        offsets, lines = _dash_plan(allowance)
        # every hex of the area read once; each line then picks its own hexes' prices and
        # cells by place (an itemgetter: one call a line, not one look-up a hex)
        prices = [price(base + k) for k in offsets]
        cells: list[Hex | None] | None = None
        out: list[tuple[Hex, tuple[Hex, ...]]] = []
        for i, pick in lines:
            if prices[i] is None:
                continue                      # off the board, or the end cannot be entered
            steps = pick(prices)
            if None in steps or sum(steps) > allowance:
                continue
            if cells is None:
                cells = [hex_at(base + k) for k in offsets]
            out.append((cells[i], pick(cells)))
        return tuple(out)


class _DashEnds:
    """One strict Dash's ends as the terrain allows them (`ends`: (hex, path) in area order),
    with what a position's filter reads: the same as a dict, and for each hex the ends whose
    path enters it. A position drops the ends on an occupied hex or past a shut one (a wall, a
    standing enemy): a copy of the dict less those few, rather than every path tested against
    every shut hex (most ends pass none)."""

    __slots__ = ("ends", "table", "_through")

    def __init__(self, ends: tuple[tuple[Hex, tuple[Hex, ...]], ...]) -> None:
        self.ends = ends
        self.table: dict[Hex, tuple[Hex, ...]] = dict(ends)
        self._through: dict[Hex, list[Hex]] | None = None

    def open(self, occ: Mapping[Hex, Any], shut: set[Hex]) -> dict[Hex, tuple[Hex, ...]]:
        """The ends not on an occupied hex whose paths enter no shut hex, in `ends` order."""
        through = self._through
        if through is None:
            through = self._through = {}
            for h, rest in self.ends:
                for x in rest:
                    got = through.get(x)
                    if got is None:
                        through[x] = [h]
                    else:
                        got.append(h)
        out = self.table.copy()
        pop = out.pop
        for s in shut:
            cut = through.get(s)
            if cut is not None:
                for h in cut:
                    pop(h, None)
        for h in occ:
            pop(h, None)
        return out


# a cube (q, r, s) as one number, q * _KEY_ROW + r: offsets from a cube add to its number (for
# cubes and offsets whose q and r stay under _KEY_BOUND, which _Terrain.keyed checks)
_KEY_BOUND = 1 << 12
_KEY_ROW = 1 << 14


def _cube_key(c: tuple[int, int, int]) -> int:
    return c[0] * _KEY_ROW + c[1]


@lru_cache(maxsize=64)
def _dash_lines(allowance: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every hex within `allowance` of the origin but the origin, in cube_area order, with the
    hexes of the cube line to it after the origin, all as _cube_key offsets (cube lines with
    the default nudge move with their ends: see hex.cube_line)."""
    origin = (0, 0, 0)
    return tuple((_cube_key(c), tuple(_cube_key(x) for x in cube_path(origin, c)[1:]))
                 for c in cube_area(origin, allowance) if c != origin)


@lru_cache(maxsize=64)
def _dash_plan(allowance: int) -> tuple[tuple[int, ...], tuple[tuple[int, Callable], ...]]:
    """_dash_lines(allowance) by place: the area's offsets (each line's end, in the lines'
    order, so line i ends on offset i) and for each line its end's place with a getter of the
    places of its hexes after the origin (a tuple whatever the length)."""
    lines = _dash_lines(allowance)
    offsets = tuple(end for end, _ in lines)
    place = {k: i for i, k in enumerate(offsets)}
    plan = []
    for i, (_end, rest) in enumerate(lines):
        where = [place[k] for k in rest]          # a cube line stays inside the area it ends in
        pick = itemgetter(*where) if len(where) > 1 else _one(where[0])
        plan.append((i, pick))
    return offsets, tuple(plan)


def _one(i: int) -> Callable[[list], tuple]:
    return lambda seq: (seq[i],)


def _terrain(state: BindingsState) -> _Terrain:
    return per_board("movement", state.board, _Terrain)


def prepare(board: Any) -> None:
    """Read the board's movement tables (_Terrain) as a match opens, not in its first turn."""
    per_board("movement", board, _Terrain)


class Ground:
    """What every path search of one mover in one position reads besides its kinds and
    allowance: who stands where, the standing walls, the Dash house rule, and the memo key
    they make. Worked out once per listing (rules.turn_actions asks reachable for every mode
    with one Ground) instead of once per mode; make a new one after the position changes."""

    __slots__ = ("cid", "start", "side", "occ", "walls", "shut", "shut_key", "key", "strict",
                 "terrain")

    def __init__(self, state: BindingsState, cid: str) -> None:
        c = state.combatants[cid]
        self.cid = cid
        self.terrain = _terrain(state)          # the board's tables, for every search here
        here = (c.x, c.y)
        # the board's own tuple for the hex (see _Terrain.hexes)
        self.start: Hex = self.terrain.hexes.get(here, here)
        side = self.side = c.side
        # hex -> id of the standing combatant there (the down are out of the fight and the way),
        # and the side standing there; every other standing combatant as (x, y, side)
        occ: dict[Hex, str] = {}
        listed: list[tuple[int, int, int]] = []
        walls = self.walls = wall_cells(state)
        # hexes no path may enter: walls (BND-X-07) and standing enemies (allies may be passed)
        shut = set(walls)
        for o in state.combatants.values():
            if o.down:
                continue
            h = (o.x, o.y)
            occ[h] = o.id
            if o.side != side:
                shut.add(h)
            if o.id != cid:
                listed.append((o.x, o.y, o.side))
        self.occ = occ
        self.shut = shut
        self.shut_key = _sorted(shut)                                # a tuple: see below
        listed.sort()
        others = tuple(listed)
        dash_line = house(state, "dash_line")
        self.strict = dash_line == "strict"
        # sets as sorted tuples: a key of tuples of ints is dropped from the collector's
        # tracking, a frozenset never is, and thousands of remembered keys made every full
        # collection slower (the worst legal_actions calls were such collections)
        self.key = (self.start, c.side, others, _sorted(walls), dash_line)


def _sorted(items: frozenset | set) -> tuple:
    return tuple(sorted(items)) if items else ()


def _dash_origin(state: BindingsState, cid: str) -> Hex | None:
    for m in ongoing(state, cid):
        if m.mode == "dash" and m.refreshed_tick == state.tick and m.origin is not None:
            return tuple(m.origin)  # type: ignore[return-value]
    return None


def paths(state: BindingsState, cid: str, kinds: frozenset[str], allowance: int,
          line_from: Hex | None = None, ground: Ground | None = None
          ) -> Mapping[Hex, tuple[Hex, ...]]:
    """Every hex `cid` may end on with `allowance` hexes of movement of `kinds` (a set of modes),
    mapped to the path (hexes entered, start excluded). Terrain move_cost counts; allies may be
    passed, enemies not; no path ends on an occupied hex; water only by Swim and Swim only in
    water; Dash alone follows the straight cube line (BND-53, BND-GM-25 "strict"), from
    `line_from` (where the Dash began) when it has already covered part of it. `ground` is
    this position's Ground for `cid` when the caller holds one.

    Remembered per board under everything the answer reads (positions and sides, walls, kinds,
    allowance, the Dash house rule and line): the mapping returned is shared, read it only."""
    if allowance <= 0 or not kinds:
        return {}
    if ground is None:
        ground = Ground(state, cid)
    elif ground.cid != cid:
        raise ValueError(f"a Ground read for {ground.cid!r} cannot answer for {cid!r}")
    terrain = ground.terrain
    swim, land = "swim" in kinds, bool(kinds - {"swim"})
    # the answer reads the kinds only as water or land, and the Dash line alone reads where
    # the Dash began: Move, Dodge and MoveTo with the same allowance share one entry
    key = (ground.key, "dash", allowance, line_from) if kinds == _DASH else \
        (ground.key, swim, land, allowance)
    hit = terrain.reach.get(key)
    if hit is not None:
        return hit
    start = ground.start
    occ = ground.occ
    shut = ground.shut
    price = terrain.price[(swim, land)]

    out: Mapping[Hex, tuple[Hex, ...]]
    if kinds == _DASH and ground.strict:
        origin = line_from if line_from is not None else start
        out = terrain.dash_table(origin, start, allowance, swim, land).open(occ, shut)
    else:
        # A search bounded by a larger allowance settles every hex within this one at the same
        # cost, through the same parent, in the same order (entries dearer than this allowance
        # are popped only after all cheaper ones), so Move, Dodge, Step and MoveTo from one
        # position share a search and still walk the paths a search of their own would find.
        skey = (start, ground.shut_key, swim, land)
        done = terrain.searches.get(skey)
        if done is None or done[0] < allowance:
            costs, parents = _search(terrain.neighbours, price, shut, start, allowance)
            upto = allowance
            keep(terrain.searches, skey, (allowance, costs, parents), _SEARCHES_KEPT)
        else:
            upto, costs, parents = done
        if kinds == _DASH:
            # "loose": any route no longer than the straight line to the same hex
            lay = terrain.layout
            ends = {h: None for h, cost in costs.items()
                    if cost <= allowance and h != start and h not in occ
                    and _steps(parents, h) <= lay.distance(start, h)}
        elif upto == allowance:
            # searched to this very allowance: every hex it reached is within it
            ends = dict.fromkeys(costs)
            del ends[start]
            for h in occ:
                ends.pop(h, None)
        else:
            ends = {h: None for h, cost in costs.items()
                    if cost <= allowance and h != start and h not in occ}
        out = _Reach(ends, parents)
    keep(terrain.reach, key, out, _REACHES_KEPT)
    return out


class _Reach(Mapping):
    """A search's answer for one allowance: the hexes reached -> the path to each (hexes
    entered, start excluded), a path walked back through the search's parents when first
    asked (a listing reads the hexes alone; a move reads one path)."""

    __slots__ = ("_hexes", "_parents", "_paths")

    def __init__(self, hexes: dict[Hex, None], parents: dict[Hex, Hex | None]) -> None:
        self._hexes = hexes
        self._parents = parents
        self._paths: dict[Hex, tuple[Hex, ...]] = {}

    def __getitem__(self, h: Hex) -> tuple[Hex, ...]:
        got = self._paths.get(h)
        if got is None:
            if h not in self._hexes:
                raise KeyError(h)
            back = []
            parents = self._parents
            node: Hex | None = h
            while parents[node] is not None:          # the start is the one without a parent
                back.append(node)
                node = parents[node]
            got = self._paths[h] = tuple(reversed(back))
        return got

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._hexes)

    def __len__(self) -> int:
        return len(self._hexes)

    def __contains__(self, h: object) -> bool:
        return h in self._hexes

    def __repr__(self) -> str:
        return f"_Reach({dict(self)!r})"


def _steps(parents: dict[Hex, Hex | None], h: Hex) -> int:
    """How many hexes the search's path to `h` enters."""
    n = 0
    node = parents[h]
    while node is not None:
        n += 1
        node = parents[node]
    return n


_DASH = frozenset({"dash"})
_UNREACHED = 1 << 30            # a search's cost for a hex it has not reached (above any allowance)
# entries the movement memos keep (per board): searches and reaches are a position's, dash ends
# a hex's and allowance's. Over the benchmark's twelve random games almost no answer came back
# from further than 1,000 entries ago (18 of 9,179 reach hits; 36 of 8,733 search hits from
# further than 512; none of 4,154 dash hits), while 4,096 searches held about 10 MB and 50,000
# dash ends could have held 90 MB: a long session's memory grew by what the larger memos kept
# and never served. A search is about 2.5 KB, a reach 1 KB, a Dash's ends 2.3 KB.
_SEARCHES_KEPT = 512
_REACHES_KEPT = 1024
_DASH_ENDS_KEPT = 1024




def _search(neighbours: dict[Hex, tuple[Hex, ...]], price: dict[Hex, int | None],
            shut: set[Hex], start: Hex, allowance: int
            ) -> tuple[dict[Hex, int], dict[Hex, Hex | None]]:
    """tactics.reach.hex_reach specialised to read the tables above: the same Dijkstra, settling
    equal costs in the order they were first offered (neighbour order, then insertion), so it
    finds the very paths hex_reach finds and replays stay as recorded. Returns each reached
    hex's cost and the hex its path comes from (None for the start): _Reach walks a path back
    when it is asked for."""
    costs: dict[Hex, int] = {start: 0}
    parents: dict[Hex, Hex | None] = {start: None}
    # every price is a whole number of at least 1, so the open hexes wait in one list per cost
    # and each list is taken in the order its hexes were offered: the order a heap keyed by
    # (cost, offer number) pops them in, with no keys to build or compare
    waiting: list[list[Hex]] = [[] for _ in range(allowance + 1)]
    waiting[0].append(start)
    known = costs.get
    for c, bucket in enumerate(waiting):
        if c == allowance:
            break           # nothing goes further: the last hexes offer no neighbours
        for node in bucket:
            if c > costs[node]:
                continue            # a stale entry: the node was settled cheaper already
            for nb in neighbours[node]:
                step = price[nb]
                if step is None or nb in shut:
                    continue
                total = c + step
                if total > allowance or total >= known(nb, _UNREACHED):
                    continue
                costs[nb] = total
                parents[nb] = node
                waiting[total].append(nb)
    return costs, parents


def start_allowance(state: BindingsState, cid: str, mode: str) -> tuple[frozenset[str], int]:
    """The movement kinds and hexes `cid` would have this segment right after starting `mode`."""
    c = state.combatants[cid]
    r = speeds.rate(mode, c.base_speed, c.swim_speed)
    hexes, bonus = _rate_now(state, c, mode, r.hexes, r.bonus)
    total = hexes + bonus
    kinds = {mode}
    if house(state, "movement_overlap") == "stack" or mode in ("move", "swim"):
        for m in ongoing(state, cid):
            if house(state, "movement_overlap") == "stack" or m.mode == mode:
                if m.refreshed_tick == state.tick:
                    total += m.now + m.boost + (m.bonus if segment_rate(state, c, m)[1] else 0)
                    kinds.add(m.mode)
    return frozenset(kinds), total


def reachable(state: BindingsState, cid: str, mode: str | None = None,
              ground: Ground | None = None) -> Mapping[Hex, tuple[Hex, ...]]:
    """Hexes `cid` can reach now -> path: with a new movement action of `mode`, or (mode None)
    with what its ongoing movements still give this segment (MoveTo). For the client's
    highlights and the AI; the same function builds the legal actions (with one `ground`, this
    position's Ground for `cid`, for all the modes it lists)."""
    if mode is None:
        kinds = frozenset(_modes_now(state, cid))
        return paths(state, cid, kinds, available(state, cid), _dash_origin(state, cid), ground)
    if mode == "step":
        c = state.combatants[cid]
        if frozen(state, c) or pushed(state, cid):
            return {}
        return paths(state, cid, _STEP, 1, None, ground)      # BND-56: one hex
    kinds, allowance = start_allowance(state, cid, mode)
    return paths(state, cid, kinds, allowance, None, ground)


_STEP = frozenset({"step"})


# -- starting and spending movement -----------------------------------------------------------------

def can_start(state: BindingsState, c: Combatant, mode: str) -> bool:
    """Budget, slot and conditions allow starting `mode` now (not whether any hex is reachable)."""
    if mode not in MODES or c.down or frozen(state, c):
        return False
    if not budget.slot_free(state, c) or not budget.can_afford(state, c, speeds.COSTS[mode]):
        return False
    if mode == "swim":
        here = (c.x, c.y)
        return is_water(state, here) or any(is_water(state, n) for n in neighbours(state, here))
    return True


def startable_modes(state: BindingsState, c: Combatant) -> list[str]:
    """The MODES `can_start` allows now, in MODES order, with what they share (down, frozen,
    the slot) checked once: a listing asks about every mode."""
    if c.down or frozen(state, c) or not budget.slot_free(state, c):
        return []
    out = []
    for mode in MODES:
        if not budget.can_afford(state, c, speeds.COSTS[mode]):
            continue
        if mode == "swim" and (c.x, c.y) not in _terrain(state).near_water:
            continue
        out.append(mode)
    return out


def begin(state: BindingsState, cid: str, mode: str) -> list:
    """Create a movement action of `mode` for `cid` (no budget spent here: StartMovement spends
    it; a Dodge declared as a defence is paid by combat). Ends ongoing movements of other kinds
    under BND-GM-15 "replace"; a Dodge also gives `dodging` for this segment (BND-54)."""
    c = state.combatants[cid]
    out: list = []
    if house(state, "movement_overlap") == "replace":
        for m in list(ongoing(state, cid)):
            overlap = m.mode == mode and mode in ("move", "swim")     # BND-57
            if not overlap:
                state.movements.remove(m)
                out.append(ev.MovementEnded(cid, m.mode, "replaced"))
    r = speeds.rate(mode, c.base_speed, c.swim_speed)
    left = speeds.SEGMENTS[mode] - 1
    if pushed(state, cid) and house(state, "suspended_move") == "deferred":
        left += 1              # BND-GM-16 "deferred": this suspended segment does not count
    m = Movement(state.new_id("mv"), cid, mode, r.hexes, state.tick, segments_left=left,
                 bonus=r.bonus, origin=(c.x, c.y) if mode == "dash" else None)
    state.movements.append(m)
    _refresh(state, c, m, out)
    if mode == "dodge":
        c.conditions.append(Condition("dodging", state.tick + 1, "dodge"))
        out.append(ev.ConditionGained(cid, "dodging", state.tick + 1, "dodge"))
    return out


def _refresh(state: BindingsState, c: Combatant, m: Movement, out: list) -> None:
    """Set this segment's hexes of `m` (BND-74: none while a pushback is unfinished)."""
    m.refreshed_tick = state.tick
    m.boost = 0
    if pushed(state, c.id):
        m.now = 0
        out.append(ev.MovementSuspended(c.id))
        return
    m.now = segment_rate(state, c, m)[0]


def refresh_turn(state: BindingsState, cid: str) -> list:
    """At the start of `cid`'s turn: each ongoing movement gives this segment's hexes, or ends
    when its segments are used up (BND-52..55; across the round boundary too, BND-GM-08)."""
    c = state.combatants[cid]
    out: list = []
    for m in list(ongoing(state, cid)):
        if m.refreshed_tick >= state.tick:
            continue
        if m.segments_left <= 0:
            state.movements.remove(m)
            out.append(ev.MovementEnded(cid, m.mode, "done"))
            continue
        if pushed(state, cid) and house(state, "suspended_move") == "deferred":
            m.refreshed_tick = state.tick       # BND-GM-16 "deferred": this segment not counted
            m.now = 0
            m.boost = 0
            out.append(ev.MovementSuspended(cid))
            continue
        m.segments_left -= 1
        _refresh(state, c, m, out)
    return out


def end_turn(state: BindingsState, cid: str) -> list:
    """Hexes not covered this segment are lost; movements with no segment left end."""
    out: list = []
    for m in list(ongoing(state, cid)):
        if m.refreshed_tick != state.tick:
            continue
        m.now = 0
        m.boost = 0
        if m.segments_left <= 0:
            state.movements.remove(m)
            out.append(ev.MovementEnded(cid, m.mode, "done"))
    return out


def stop(state: BindingsState, cid: str, reason: str = "stopped") -> list:
    """End every ongoing movement of `cid`; what was left is forfeited (BND-52)."""
    out = []
    for m in list(ongoing(state, cid)):
        state.movements.remove(m)
        out.append(ev.MovementEnded(cid, m.mode, reason))
    return out


def boost(state: BindingsState, cid: str, hexes: int, modes: tuple[str, ...] = ()) -> bool:
    """A Swift modifier's extra hexes for an ongoing movement of one of `modes` this segment
    (BND-35); False when there is none to boost."""
    for m in ongoing(state, cid):
        if m.refreshed_tick == state.tick and (not modes or m.mode in modes):
            if not pushed(state, cid):
                m.boost += hexes
            return True
    return False


def go(state: BindingsState, cid: str, to: Hex, rng: Any, mode: str | None = None,
       reach: Mapping[Hex, tuple[Hex, ...]] | None = None) -> list:
    """Move `cid` to `to` along its cheapest legal path, paying the hexes (MoveTo, or the first
    part of StartMovement), then let readied actions watching for it fire (BND-25)."""
    c = state.combatants[cid]
    if (c.x, c.y) == tuple(to):
        return []
    reach = reach if reach is not None else reachable(state, cid, None)
    path = reach.get(tuple(to))
    if path is None:
        raise ValueError(f"{c.name} cannot reach {tuple(to)} now")
    cost = sum(terrain_cost(state, h) for h in path)
    _spend_hexes(state, cid, cost)
    c.x, c.y = path[-1]
    for m in ongoing(state, cid):
        if m.refreshed_tick == state.tick:
            m.moved += len(path)
            break
    used = mode or next(iter(sorted(_modes_now(state, cid))), "move")
    out: list = [ev.CombatantMoved(cid, tuple(path), used, available(state, cid))]
    from . import turns
    out += turns.check_ready_triggers(state, cid, rng)
    return out


def start(state: BindingsState, cid: str, mode: str, to: Hex, rng: Any) -> list:
    """StartMovement: pay the Move (or Swift for a step), begin the movement, go to `to`."""
    c = state.combatants[cid]
    # one reading of who stands where serves both searches: paying and beginning the movement
    # below changes the budget and the movements, never a position or a wall
    ground = Ground(state, cid)
    reach = reachable(state, cid, mode, ground)
    if tuple(to) != (c.x, c.y) and tuple(to) not in reach:
        raise ValueError(f"{c.name} cannot reach {tuple(to)} with {mode}")
    cost = speeds.COSTS[mode]
    budget.spend(state, c, cost, slot=True)
    out: list = [ev.ActionStarted(cid, mode, cost, tuple(to))]
    out += begin(state, cid, mode)
    if tuple(to) != (c.x, c.y):
        out += go(state, cid, tuple(to), rng, mode=mode,
                  reach=paths(state, cid, frozenset(_modes_now(state, cid)),
                              available(state, cid), _dash_origin(state, cid), ground))
    return out


# -- pushback (BND-72..76) ------------------------------------------------------------------------

def _plan(state: BindingsState, p: Pushback) -> list[Hex]:
    """The straight line away from the source, from where the push began (path[0]); long enough
    for the whole push."""
    lay = layout(state)
    s, a = lay.to_cube(*p.source), lay.to_cube(*p.path[0])
    d = cube_distance(s, a)
    total = len(p.path) - 1 + p.remaining
    if d == 0 or total <= 0:
        return []
    k = math.ceil(total / d)
    far = (a[0] + (a[0] - s[0]) * k, a[1] + (a[1] - s[1]) * k, a[2] + (a[2] - s[2]) * k)
    return hex_line(lay, tuple(p.path[0]), lay.from_cube(far))[1:]


def _ahead(state: BindingsState, p: Pushback) -> Callable[[Hex, Hex], Ahead]:
    """What each next hex of a pushback holds: obstacles and other standing creatures stop it
    before the hex (BND-GM-17)."""
    occ = occupants(state)
    walls = wall_cells(state)

    def look(here: Hex, h: Hex) -> Ahead:
        if not state.board.in_bounds(*h):
            return Ahead(EDGE)
        if blocks_movement(state, h, walls):
            return Ahead(SOLID)
        if h in occ and occ[h] != p.subject:
            return Ahead(OCCUPANT, (occ[h],))
        return Ahead()
    return look


def _walk(state: BindingsState, p: Pushback, hexes: int, plan: list[Hex]) -> Shove:
    """The next stretch of pushback `p` along its line `plan`, up to `hexes` (and what is left
    of it)."""
    done = len(p.path) - 1
    return shove(tuple(p.path[-1]), plan[done:done + min(hexes, p.remaining)],
                 _ahead(state, p))


def preview_pushback(state: BindingsState, p: Pushback) -> list[Hex]:
    """The hexes pushback `p` will cover when it next advances (up to `rate`, stopping before
    an obstacle or a creature), for the client's and the AI's forecast."""
    return list(_walk(state, p, p.rate, _plan(state, p)).path[1:])


def _push(state: BindingsState, p: Pushback, hexes: int, rng: Any) -> list:
    c = state.combatants[p.subject]
    plan = _plan(state, p)
    went = _walk(state, p, hexes, plan)
    moved: list[Hex] = list(went.path[1:])
    out: list = []
    p.path.extend(moved)
    p.remaining -= len(moved)
    # BND-GM-17: it stops next to what is in the way
    blocked_at: Hex | None = went.at if went.stop else None
    if moved:
        c.x, c.y = moved[-1]
    if not plan and p.remaining:
        blocked_at = tuple(p.path[0])
    remaining = 0 if blocked_at is not None else p.remaining
    out.append(ev.CombatantPushed(p.subject, tuple(moved), remaining))
    p.advanced_tick = state.tick
    if blocked_at is not None:
        p.remaining = 0
        state.pushbacks.remove(p)
        out.append(ev.PushbackEnded(p.subject, "blocked", blocked_at))
        if house(state, "pushback_collision") == "damage" and not c.down:
            out += _collision(state, c, rng)
    elif p.remaining <= 0:
        state.pushbacks.remove(p)
        out.append(ev.PushbackEnded(p.subject, "complete", None))
    if moved and not c.down:
        from . import turns
        out += turns.check_ready_triggers(state, p.subject, rng)
    return out


def _collision(state: BindingsState, c: Combatant, rng: Any) -> list:
    """BND-GM-17 "damage": 1d6 to a creature slammed into something."""
    roll = dice.roll(rng, "1d6", "collision")
    amount = roll.total
    c.hp = max(0, c.hp - amount)
    out: list = [DiceRolled(roll, c.id, f"{c.name} hits an obstacle: {amount}"),
                 ev.DamageDealt(c.id, amount, c.hp, "collision")]
    if c.hp == 0:
        from . import combat        # combat imports this module: its knock_down also ends attacks
        out += combat.knock_down(state, c)
    return out


def knock_down(state: BindingsState, c: Combatant) -> list:
    """HP 0: out of the fight; its movements end (the invented core's Down)."""
    if c.down:
        return []
    c.down = True
    out: list = [ev.CombatantDowned(c.id)]
    out += stop(state, c.id, "down")
    state.pushbacks = [p for p in state.pushbacks if p.subject != c.id]
    return out


def start_pushback(state: BindingsState, subject: str, by: str, source: Hex, hexes: int,
                   rate: int, rng: Any) -> list:
    """A pushback begins at contact (BND-72): `subject` is pushed `rate` hexes at once, directly
    away from `source`; the rest follows on `by`'s turns (BND-73, BND-76). Its own movement this
    segment stops (BND-74)."""
    c = state.combatants[subject]
    if hexes <= 0 or rate <= 0 or c.down:
        return []
    # one pushback on a creature at a time: a new one replaces the unfinished one
    state.pushbacks = [p for p in state.pushbacks if p.subject != subject]
    p = Pushback(state.new_id("pb"), subject, by, tuple(source), rate, hexes, state.tick,
                 path=[(c.x, c.y)])
    state.pushbacks.append(p)
    for m in ongoing(state, subject):
        m.now = 0
        m.boost = 0
    out: list = [ev.PushbackStarted(subject, by, tuple(source), hexes, rate)]
    out += _push(state, p, rate, rng)
    return out


def advance_pushbacks(state: BindingsState, owner: str, rng: Any) -> list:
    """On `owner`'s turn: the pushbacks it caused move on `rate` hexes (BND-73/76). A pushback
    whose pusher is down moves on its subject's turn instead, so it always ends."""
    out: list = []
    tick = state.tick
    for p in list(state.pushbacks):
        if p.advanced_tick >= tick:
            continue
        pusher = state.combatants.get(p.by)
        mine = p.by == owner or (p.subject == owner and (pusher is None or pusher.down))
        if mine and p in state.pushbacks:
            out += _push(state, p, p.rate, rng)
    return out
