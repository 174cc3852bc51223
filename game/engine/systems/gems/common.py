"""Shared gems helpers: geometry of footprints, elevation, occupancy, damage and poofing, falls,
ids, sides and truces. Both the movement/turn rules (rules.py) and combat (combat.py) use them.

Owns: the one implementation of each of these small facts:
  footprint / footprint_at      tiles a unit covers (Size x Size from her top-left, GEM-GM-01)
  terrain                       a board's elevation, solid and water as flat lists, built once
                                per board (boards never change during a match)
  full_tiles / stand_test       occupy_problem answered for many tiles of one position
  tile_elevation / ground_elevation / unit_elevation
  occupancy / occupants / can_occupy / occupy_problem   (GEM-16, GEM-GM-34, GEM-47)
  apply_damage                  HP loss, shields, poofing into a gemstone (GEM-GM-03, GM-33)
  fall_damage / forced_fall     (GEM-14, GEM-GM-06..08)
  new_id, unit_name, side_of, seat_of, formed_units, sides_alive
  truce_between                 (GEM-51, GEM-GM-26)
  damage_bonus / ms_now         ability modifiers (empower, haste) and carrying/water on MS
  combat_roll / social_roll     d20 + CPR or SPR with a DiceRolled event (GEM-02, GEM-GM-24)

Must not: decide whose turn it is, validate actions or touch presentation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from game.engine import dice
from game.engine.boards import Board
from game.engine.boards.square import DIRECTIONS8 as DIRECTIONS  # noqa: F401 (gems modules)
from game.engine.boards.square import READING8 as NEIGHBOURS  # noqa: F401 (gems modules)
from game.engine.boards.square import chebyshev  # noqa: F401 (gems modules)
from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.tactics import pending as stages
from game.engine.tactics.footprint import block_at as footprint_at
from game.engine.tactics.footprint import cells_distance as footprint_distance  # noqa: F401

from . import events as ev
from .content import Content, content_with
from .house import house
from .state import GemsState, Item, Unit

Tile = tuple[int, int]

TILE_CAPACITY = 2           # GEM-16


# --- geometry --------------------------------------------------------------------------------
# Neighbours (NEIGHBOURS, reading order: searches break ties by it), compass DIRECTIONS,
# chebyshev, footprint_at (GEM-GM-01: Size x Size from her top-left) and footprint_distance are
# the toolkit's (boards/square.py, tactics/footprint.py).

def footprint(unit: Unit) -> list[Tile]:
    return footprint_at(unit.x, unit.y, unit.size)


@dataclass(frozen=True, slots=True)
class Terrain:
    """What the rules read from a board's cells, as flat lists indexed y * width + x: built
    once per board (boards never change during a match) so the hot searches look a tile up
    instead of asking the board's property dicts each time."""

    width: int
    height: int
    elevation: list[int]          # int(elevation or 0), as tile_elevation reads it
    solid: list[bool]             # the "solid" property (walls, cliffs)
    water: list[bool]             # the "water" property
    # ground elevation of a Size x Size body by its top-left (the highest tile it covers), for
    # the anchors whose whole block is on the board; filled per size on first use
    grounds: dict[int, list[int]] = field(default_factory=dict)

    def ground(self, size: int) -> list[int]:
        g = self.grounds.get(size)
        if g is None:
            w, h, el = self.width, self.height, self.elevation
            g = [0] * (w * h)
            for y in range(h - size + 1):
                for x in range(w - size + 1):
                    g[y * w + x] = max(el[(y + dy) * w + x + dx]
                                       for dy in range(size) for dx in range(size))
            self.grounds[size] = g
        return g


# id(board) -> (board, terrain); the board is kept so its id cannot be reused while cached
_TERRAIN: dict[int, tuple[Board, Terrain]] = {}


def terrain(state: GemsState) -> Terrain:
    """The board's Terrain, built on first use and then shared by every state on that board."""
    board = state.board
    hit = _TERRAIN.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_TERRAIN) > 64:
        _TERRAIN.clear()
    elevation, solid, water = [], [], []
    for y in range(board.height):
        for cell in board.cells[y][:board.width]:
            elevation.append(int(cell.get("elevation", 0) or 0))
            solid.append(bool(cell.get("solid", False)))
            water.append(bool(cell.get("water", False)))
    t = Terrain(board.width, board.height, elevation, solid, water)
    _TERRAIN[id(board)] = (board, t)
    return t


def in_bounds(state: GemsState, x: int, y: int) -> bool:
    return state.board is not None and state.board.in_bounds(x, y)


def tile_elevation(state: GemsState, x: int, y: int) -> int:
    t = terrain(state)
    if 0 <= x < t.width and 0 <= y < t.height:
        return t.elevation[y * t.width + x]
    return 0


def ground_elevation(state: GemsState, x: int, y: int, size: int = 1) -> int:
    """Elevation a Size x Size body stands at with its top-left on (x, y): the highest tile
    under it (she rests on the highest ground she covers)."""
    t = terrain(state)
    w, h = t.width, t.height
    if 0 <= x and 0 <= y and x + size <= w and y + size <= h:
        return t.ground(size)[y * w + x]
    return max(tile_elevation(state, tx, ty) for tx, ty in footprint_at(x, y, size))


def unit_elevation(state: GemsState, unit: Unit) -> int:
    """Her absolute elevation: the altitude of a flier in the air, else the ground under her."""
    if unit.altitude is not None:
        return unit.altitude
    return ground_elevation(state, unit.x, unit.y, unit.size)


def is_solid(state: GemsState, x: int, y: int) -> bool:
    """Walls and cliffs marked solid, and everything off the board."""
    if state.board is None:
        return True
    t = terrain(state)
    return not (0 <= x < t.width and 0 <= y < t.height) or t.solid[y * t.width + x]


def is_water(state: GemsState, x: int, y: int) -> bool:
    if state.board is None:
        return False
    t = terrain(state)
    return 0 <= x < t.width and 0 <= y < t.height and t.water[y * t.width + x]


# --- occupancy (GEM-16, GEM-GM-34) -----------------------------------------------------------

def on_ground(item: Item) -> bool:
    return item.held_by is None


def occupancy_index(state: GemsState) -> dict[Tile, list[str]]:
    """Every occupied tile and what stands there, in one pass: searches that test many tiles
    build it once and pass it to `occupants`, `occupancy` and `occupy_problem`."""
    idx: dict[Tile, list[str]] = {}
    for u in state.units.values():
        if u.formed and u.carried_by is None:
            if u.size == 1:                  # her one tile, without building the block
                idx.setdefault((u.x, u.y), []).append(u.id)
                continue
            for t in footprint_at(u.x, u.y, u.size):
                idx.setdefault(t, []).append(u.id)
    for i in state.items.values():
        if i.held_by is None:
            idx.setdefault((i.x, i.y), []).append(i.id)
    return idx


def occupants(state: GemsState, x: int, y: int,
              index: dict[Tile, list[str]] | None = None) -> list[str]:
    """Ids of what stands on (x, y): formed gems not being carried (a Size-2 gem counts on each
    of her tiles, GEM-GM-34) and loose items, poofed gemstones included (GEM-16)."""
    if index is not None:
        return list(index.get((x, y), ()))
    out = [u.id for u in state.units.values()
           if u.formed and u.carried_by is None
           and u.x <= x < u.x + u.size and u.y <= y < u.y + u.size]
    out += [i.id for i in state.items.values() if i.held_by is None and i.x == x and i.y == y]
    return out


def occupancy(state: GemsState, x: int, y: int, ignore: Iterable[str] = (),
              index: dict[Tile, list[str]] | None = None) -> int:
    skip = set(ignore)
    return sum(1 for o in occupants(state, x, y, index) if o not in skip)


def solid_item_at(state: GemsState, x: int, y: int,
                  index: dict[Tile, list[str]] | None = None) -> bool:
    if index is not None:
        return any(o in state.items and state.items[o].solid for o in index.get((x, y), ()))
    return any(i.held_by is None and i.solid and i.x == x and i.y == y
               for i in state.items.values())


def occupy_problem(state: GemsState, unit: Unit, x: int, y: int, flying: bool = False,
                   index: dict[Tile, list[str]] | None = None) -> str | None:
    """Why `unit` may not stand with her top-left on (x, y), or None if she may. A ground gem
    needs every covered tile on the board, not solid, and with room for one more (GEM-16,
    GEM-GM-34). A flier may pass over full tiles but not stop in one (GEM-47, GEM-GM-23), so
    callers use this for where she ends."""
    ignore = {unit.id}
    if unit.carrying:
        ignore.add(unit.carrying)
    t = terrain(state)
    w, h, solid = t.width, t.height, t.solid
    items = state.items
    for tx, ty in footprint_at(x, y, unit.size):
        if not (0 <= tx < w and 0 <= ty < h):
            return "that is off the map"
        if solid[ty * w + tx]:
            return "that tile is solid"
        if index is None:
            if solid_item_at(state, tx, ty):
                return "a solid object is in the way"
            if occupancy(state, tx, ty, ignore) >= TILE_CAPACITY:
                return "that tile already holds two"
            continue
        here = index.get((tx, ty))
        if not here:
            continue
        for o in here:
            if o in items and items[o].solid:
                return "a solid object is in the way"
        if sum(1 for o in here if o not in ignore) >= TILE_CAPACITY:
            return "that tile already holds two"
    return None


def full_tiles(state: GemsState, unit: Unit, index: dict[Tile, list[str]]) -> set[Tile]:
    """The tiles of this position `unit` may not cover because of what stands there: a solid
    object, or two occupants besides herself and her load (GEM-16, GEM-GM-34)."""
    ignore = {unit.id}
    if unit.carrying:
        ignore.add(unit.carrying)
    items = state.items
    full: set[Tile] = set()
    # one loop over each tile's occupants (this runs for every walk and flight a position
    # lists): full at the first solid object, else when the others fill it
    for t, here in index.items():
        others = 0
        for o in here:
            if o in items and items[o].solid:
                full.add(t)
                break
            if o not in ignore:
                others += 1
        else:
            if others >= TILE_CAPACITY:
                full.add(t)
    return full


def stand_test(state: GemsState, unit: Unit, full: set[Tile]) -> Callable[[int, int], bool]:
    """`occupy_problem(state, unit, x, y, index=index) is None` as a function of (x, y), for
    searches that ask about many tiles of one position; `full` is `full_tiles(state, unit,
    index)`. The board's part (on the map, not solid) is read from the Terrain."""
    t = terrain(state)
    w, h, solid, size = t.width, t.height, t.solid, unit.size
    if size == 1:
        def test1(x: int, y: int) -> bool:
            return (0 <= x < w and 0 <= y < h and not solid[y * w + x]
                    and (x, y) not in full)
        return test1

    def test(x: int, y: int) -> bool:
        if not (0 <= x and 0 <= y and x + size <= w and y + size <= h):
            return False
        for ty in range(y, y + size):
            for tx in range(x, x + size):
                if solid[ty * w + tx] or (tx, ty) in full:
                    return False
        return True
    return test


def can_occupy(state: GemsState, unit: Unit | str, x: int, y: int) -> bool:
    u = state.units[unit] if isinstance(unit, str) else unit
    return occupy_problem(state, u, x, y) is None


def free_tile_near(state: GemsState, x: int, y: int, radius: int = 3,
                   need: int = 1) -> Tile | None:
    """The nearest tile (ring by ring, then reading order) where `need` more occupants fit:
    where scattered items and put-down loads go."""
    for r in range(radius + 1):
        ring = [(x + dx, y + dy) for dy in range(-r, r + 1) for dx in range(-r, r + 1)
                if max(abs(dx), abs(dy)) == r]
        for tx, ty in ring:
            if (in_bounds(state, tx, ty) and not is_solid(state, tx, ty)
                    and not solid_item_at(state, tx, ty)
                    and occupancy(state, tx, ty) + need <= TILE_CAPACITY):
                return (tx, ty)
    return None


# --- ids, names, sides -----------------------------------------------------------------------

def new_id(state: GemsState, prefix: str) -> str:
    """A fresh id like "gemstone7", never used before in this match."""
    while True:
        candidate = f"{prefix}{state.next_id}"
        state.next_id += 1
        if candidate not in state.units and candidate not in state.items:
            return candidate


def unit_name(state: GemsState, uid: str | None) -> str:
    if uid is None:
        return "nobody"
    if uid in state.units:
        return state.units[uid].name
    if uid in state.items:
        return state.items[uid].name
    return uid


def side_of(state: GemsState, uid: str) -> int:
    return state.units[uid].side


def seat_of(state: GemsState, uid: str) -> int:
    """Seat i controls side i (gems brief)."""
    return state.units[uid].side


def formed_units(state: GemsState, side: int | None = None) -> list[Unit]:
    return [u for u in state.units.values() if u.formed and (side is None or u.side == side)]


def sides_alive(state: GemsState) -> set[int]:
    """Sides that still have a formed gem on the map (GEM-GM-32)."""
    return {u.side for u in state.units.values() if u.formed}


def allies(state: GemsState, a: str, b: str) -> bool:
    return state.units[a].side == state.units[b].side


def truce_between(state: GemsState, a: str, b: str) -> bool:
    """True while a truce binds `a` and `b` either way (GEM-51, GEM-GM-26: mutual, binding)."""
    ua, ub = state.units.get(a), state.units.get(b)
    if ua is None or ub is None:
        return False
    return ua.truces.get(b, 0) != 0 or ub.truces.get(a, 0) != 0


# --- modifiers -------------------------------------------------------------------------------

def content_of(state: GemsState) -> Content:
    """The content this match plays with: the shipped files with the set-up's inline content
    laid over them, resolved once and kept on the state (copies share it)."""
    got = state.content_set
    if got is None:
        got = state.content_set = content_with(state.content)
    return got


def _verb_total(state: GemsState, unit: Unit, verb: str) -> int:
    if not unit.active and not unit.effects:
        return 0                # the usual case, asked for on every attack and every step
    total = 0
    abilities = content_of(state).abilities
    for aid in unit.active:
        a = abilities.get(aid)
        if a and a["verb"] == verb:
            total += a["amount"]
    for eff in unit.effects:
        if eff.get("verb") == verb:
            total += int(eff.get("amount", 0))
    return total


def damage_bonus(state: GemsState, uid: str) -> int:
    """Extra damage on each of her arm attacks from "empower" abilities (GEM-GM-29)."""
    return _verb_total(state, state.units[uid], "empower")


def damage_reduction(state: GemsState, uid: str) -> int:
    """Damage taken off each attack against her by "shield" abilities."""
    return _verb_total(state, state.units[uid], "shield")


def load_size(state: GemsState, load_id: str) -> float:
    if load_id in state.units:
        return float(state.units[load_id].size)
    return float(state.items[load_id].size)


def carry_ratio(state: GemsState, carrier: Unit, load_id: str) -> float:
    """Load Size over carrier Size (GEM-54, GEM-GM-27)."""
    return load_size(state, load_id) / carrier.size


def ms_now(state: GemsState, unit: Unit) -> int:
    """Movement Speed for this turn: sheet MS plus haste, minus the water penalty (GEM-18);
    carrying a heavy load halves it (minimum 1) or, after a failed carry roll, makes it 0
    (GEM-55, GEM-GM-27). May be negative in water (GEM-19)."""
    ms = unit.ms + _verb_total(state, unit, "haste") - unit.ms_penalty
    if unit.carrying and (unit.carrying in state.units or unit.carrying in state.items):
        if carry_ratio(state, unit, unit.carrying) > 0.5:
            if not unit.carry_ok:
                return 0
            ms = max(1, ms // 2) if ms > 0 else ms
    return ms


# --- rolls -----------------------------------------------------------------------------------

def combat_roll(rng: Rng, unit: Unit, purpose: str, text: str = "") -> tuple[int, DiceRolled]:
    """A Combat Roll: d20 + CPR, nothing else (GEM-02, GEM-GM-10). `text` is the start of the
    log line; the dice breakdown is appended."""
    r = dice.roll(rng, "d20", purpose, modifiers=[("CPR", unit.cpr)])
    label = f"{text}: " if text else f"{unit.name} ({purpose}): "
    return r.total, DiceRolled(r, unit.id, label + r.breakdown())


def social_roll(rng: Rng, unit: Unit, purpose: str, text: str = "") -> tuple[int, DiceRolled]:
    """A Social Roll: d20 + SPR (GEM-GM-24)."""
    r = dice.roll(rng, "d20", purpose, modifiers=[("SPR", unit.spr)])
    label = f"{text}: " if text else f"{unit.name} ({purpose}): "
    return r.total, DiceRolled(r, unit.id, label + r.breakdown())


# --- moving things ---------------------------------------------------------------------------

def carried_anchor(width: int, height: int, size: int, x: int, y: int) -> Tile:
    """Where a carried gem of `size` sits when her carrier's top-left is (x, y): on the
    carrier's top-left tile, moved up and left only as far as the map's edge needs, so she
    covers the carrier's tile and none off the map. The rules leave where a big load rides to
    the table (GEM-53..55 say what carrying costs, not where the load is); this is our call, as
    a group at a table would hold the gem over the carrier, never over the edge."""
    return max(0, min(x, width - size)), max(0, min(y, height - size))


def place_unit(state: GemsState, uid: str, x: int, y: int) -> None:
    """Put a unit's top-left on (x, y); whatever she carries comes along (a carried gem where
    carried_anchor puts her)."""
    u = state.units[uid]
    u.x, u.y = x, y
    for item in state.items.values():
        if item.held_by == uid:
            item.x, item.y = x, y
    if u.carrying and u.carrying in state.units:
        c = state.units[u.carrying]
        place_unit(state, c.id, *carried_anchor(state.board.width, state.board.height, c.size,
                                                x, y))


def release_load(state: GemsState, carrier: Unit) -> list:
    """Free her arms of a carried load and put it down nearby (used by DropItem and poofing)."""
    out: list = []
    load = carrier.carrying
    if not load:
        return out
    carrier.carrying = None
    carrier.carry_ok = True
    for arm in carrier.arms:
        if arm.load == load:
            arm.load = None
    if load in state.units:
        g = state.units[load]
        g.carried_by = None
        spot = _spot_for_unit(state, g, carrier.x, carrier.y)
        if spot is not None:
            place_unit(state, g.id, *spot)
        out.append(ev.ItemPutDown(carrier.id, load, (g.x, g.y)))
    elif load in state.items:
        item = state.items[load]
        item.held_by = None
        spot = free_tile_near(state, carrier.x, carrier.y) or (carrier.x, carrier.y)
        item.x, item.y = spot
        out.append(ev.ItemPutDown(carrier.id, load, spot))
    return out


def _spot_for_unit(state: GemsState, g: Unit, x: int, y: int, radius: int = 3) -> Tile | None:
    for r in range(radius + 1):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dx), abs(dy)) == r and can_occupy(state, g, x + dx, y + dy):
                    return (x + dx, y + dy)
    return None


# --- damage and poofing (GEM-GM-03, GEM-GM-33) -----------------------------------------------

def apply_damage(state: GemsState, unit_id: str, amount: int, kind: str,
                 source: str) -> list:
    """Take `amount` HP from a formed gem. Shields ("shield" verb) reduce damage from attacks
    and from "melee" falls, never untyped damage. At HP <= 0 she poofs (GEM-GM-03): she drops
    what she holds, summoned weapons vanish, and a "gemstone" item of Size 0.5 takes her place on
    her tile, counting as one occupant (GEM-16, GEM-GM-33). Returns the events."""
    u = state.units[unit_id]
    if not u.formed or amount <= 0:
        return []
    prevented = 0
    if kind != "untyped" and kind != "fall":
        prevented = min(amount, damage_reduction(state, unit_id))
    dealt = amount - prevented
    u.hp -= dealt
    out: list = [ev.DamageTaken(unit_id, dealt, kind, source, u.hp, prevented)]
    if u.hp <= 0:
        out += poof(state, unit_id)
    return out


def poof(state: GemsState, unit_id: str) -> list:
    u = state.units[unit_id]
    out: list = []
    tile = (u.x, u.y)
    # lasting abilities end with her
    for aid in list(u.active):
        out.append(ev.AbilityEnded(unit_id, aid, "poofed"))
    u.active.clear()
    for eff in u.effects:
        out.append(ev.AbilityEnded(unit_id, eff.get("ability", ""), "poofed"))
    u.effects.clear()
    u.ms_penalty = 0
    out += release_load(state, u)
    # she may herself be carried: the carrier's arms are freed
    if u.carried_by and u.carried_by in state.units:
        carrier = state.units[u.carried_by]
        carrier.carrying = None
        carrier.carry_ok = True
        for arm in carrier.arms:
            if arm.load == unit_id:
                arm.load = None
        u.carried_by = None
    u.poofed = True
    u.altitude = None
    for arm in u.arms:
        if arm.holding and arm.holding in state.items:
            item = state.items[arm.holding]
            if item.hardlight:
                del state.items[item.id]
                out.append(ev.ItemDismissed(unit_id, item.id))
            else:
                item.held_by = None
                item.x, item.y = tile
        arm.holding = None
    gid = new_id(state, "gemstone")
    state.items[gid] = Item(id=gid, kind="gemstone", name=f"{u.name}'s gemstone", x=tile[0],
                            y=tile[1], size=0.5, carriable=True, damage=2, gem=unit_id)
    out.append(ev.UnitPoofed(unit_id, gid, tile))
    # dropped objects may overfill the tile: scatter them to the nearest room, and if gems
    # alone fill it (she was carried onto a shared tile), the gemstone rolls aside itself
    for item in list(state.items.values()):
        if item.held_by is None and (item.x, item.y) == tile and item.id != gid \
                and occupancy(state, *tile) > TILE_CAPACITY:
            spot = free_tile_near(state, tile[0], tile[1])
            if spot and spot != tile:
                item.x, item.y = spot
                out.append(ev.ItemMoved(item.id, spot, "scattered"))
    if occupancy(state, *tile) > TILE_CAPACITY:
        stone = state.items[gid]
        spot = free_tile_near(state, tile[0], tile[1])
        if spot and spot != tile:
            stone.x, stone.y = spot
            out.append(ev.ItemMoved(gid, spot, "rolled aside"))
    return out


def fall_damage(state: GemsState, size: int, height: int) -> int:
    """GEM-14 (default grouping, GEM-GM-07): (height - 2xSize) x 3; drops of at most 2xSize
    deal nothing. The literal house reading is height - 2xSizex3, floored at 0."""
    if height <= 2 * size:
        return 0
    if house(state, "fall_formula") == "literal":
        return max(0, height - 2 * size * 3)
    return (height - 2 * size) * 3


def fall(state: GemsState, unit_id: str, height: int, forced: bool, source: str = "fall") -> list:
    """A gem lands `height` levels lower. Fliers never take fall damage (GEM-GM-23); forced falls
    hurt unless the house rule says otherwise (GEM-GM-06); the damage type follows GEM-GM-08."""
    u = state.units[unit_id]
    dmg = 0
    if u.fms <= 0 and not (forced and not house(state, "forced_fall_damage")):
        dmg = fall_damage(state, u.size, height)
    out: list = [ev.UnitFell(unit_id, height, dmg, forced)]
    if dmg:
        kind = "melee" if house(state, "fall_damage_kind") == "melee" else "untyped"
        out += apply_damage(state, unit_id, dmg, kind, source)
    return out


def forced_fall(state: GemsState, unit_id: str, height: int, source: str = "fall") -> list:
    """A fall she did not choose (knockback, a current): no slots, GEM-14 damage (GEM-GM-06).
    Call after moving her to the lower tile; `height` is old elevation minus new."""
    if height <= 0:
        return []
    return fall(state, unit_id, height, True, source)


def check_end(state: GemsState) -> list:
    """End the encounter when at most one side still has formed gems (GEM-GM-32)."""
    from game.engine.events import MatchEnded
    if state.over:
        return []
    alive = sides_alive(state)
    if len(alive) > 1:
        return []
    state.over = True
    state.winner = next(iter(alive)) if alive else None
    stages.clear(state.pending)
    state.ready_open = False
    state.plans.clear()
    if state.winner is None:
        reason = "no gem is left standing"
    else:   # the winner is named by whoever reads the event; the reason names who is out
        out = [state.side_name(s) for s in sorted({u.side for u in state.units.values()})
               if s != state.winner]
        reason = (f"{out[0]} has no gem still formed" if len(out) == 1
                  else "no other side has a gem still formed")
    return [MatchEnded(state.winner, reason)]
