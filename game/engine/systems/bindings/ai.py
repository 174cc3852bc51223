"""Bindings computer players: "easy", "normal" and "hard", registered with game.engine.ai.base.

Owns: how a bindings bot values a position (`Judge.evaluate`: hit points, a positional term per
own combatant, the attacks in flight), what an attack is worth (the engine's own forecast,
forecast.attack_odds, turned into expected loss of the target's value, so a likely drop counts
for much more than the HP it takes: focus fire), and the answer to every stage:
  * "act": every legal action is scored. Movement by the hex it ends on: the best attack it
    opens (now, or after one more segment of movement), the enemies that could see and reach it
    (each enemy's threat shared among the friends it already covers, and weighed up when
    outnumbered), the projectiles already flying at it (the flight walked hex by hex as
    combat.simulate does: walls and rock do not stop them, BND-GM-14), and a push to close in
    while no foe is in reach and sight. Attacks by their forecast, discounted per segment of
    flight (BND-50). Walls and veils by a dry run on a copy, the wall counted at its grown size.
    Brace and Stone Skin by the incoming loss they blunt; Swift boosts by the better hexes they
    reach; Ready (trigger "enemy_in_range" only) when nothing is in reach but a foe may walk in;
    SpendUnused by the ranks it buys (BND-27..30). Budget: a Standard still open is worth what
    a defence with it could save (nothing in S3), and a Move that closes the Standard costs the
    attack it forgoes.
  * "defend": each declaration, or none (the free Reaction), is priced by the expected loss of
    value plus the budget and slot it spends (Brace/Guarded count only under GM-06
    "action_first" and GM-11 "defence"); the cheapest wins.
  * "use_dodge": spent on the attack now resolving unless a bigger one lands later this segment
    (BND-GM-30: the AI picks the highest expected damage).
  * "opening": the best attack or movement, scored like a turn.
  * "circumstance": always "none" (a bot never rules for the table).
Difficulties: normal as above; hard adds a concave HP term (a point off a hurt foe is worth
more: focus fire, and guarding its own wounded) and looks one ply further within the turn: its
best few movement choices are dry-run with the real rules, corrected by what actually happens
(a readied enemy firing, a move cut short) and credited with a share of the best attack still
possible after the move (its best sixteen, `HARD_VERIFY`: 57 of 90 mirrored games against
normal, see README); easy
adds noise and now and then a random legal action.

Speed: the rules' sight (sight.py) samples 49 lines per pair, so positional scoring uses
`Judge.glance` (three lines over cached offsets; on random pairs of the shipped maps it agrees
with the rules' sight on 98% for whether a line exists, 94% for cover, 91% for the concealment
level) with per-decision and per-process memos; attacks use the rules' sight through the
forecast. A decision takes about 5-10 ms on the shipped maps.

Must not: mutate the view it is given (dry runs work on copies), read the match generator or
roll the real dice (dry runs use the bot's forked generator; attacks are valued by odds), or
ever answer with an action that is not in `legal`.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Generator, Iterable

from game.engine.actions import EndTurn
from game.engine.ai.base import LONG_STEP, run_thinking
from game.engine.boards.hex import HexLayout, cube_round
from game.engine.dice import parse as parse_dice
from game.engine.rng import Rng
from game.engine.tactics import bots
from game.engine.tactics.bots import register_bot
from game.engine.tactics.lines import cube_step

from . import actions as A
from . import budget, forecast, speeds
from .content import MoveDef, content_of
from .house import house
from .state import BindingsState, Combatant, Hex

# --- weights (hand-tuned against the random bot and each other) --------------------------------
ALIVE = 18.0           # a combatant still standing
HP = 1.0               # per hit point
OPPORTUNITY = 0.8      # share of the best attack a combatant could make from its hex
REACH_SHARE = 0.45     # ... when it must first move one segment to make it
THREAT = 0.35          # share of what the enemies could do to a combatant on that hex
THREAT_REACH = 0.4     # ... share when the enemy must move first
APPROACH = 2.5         # per segment of movement still needed before any attack is possible
FLIGHT = 0.9           # share of an attack in flight that will arrive (the target may still act)
FLIGHT_DISCOUNT = 0.85  # per segment an attack needs to arrive (the target can answer it)
KEEP_STANDARD = 1.5    # the worth of this round's Standard still unspent (defence, rise)
RISE = 1.2             # per initiative rank bought with unspent actions (BND-27/28)
LEAD = 0.8             # BND-29 lead
EFFORT = 0.05          # any action that changes nothing worth having loses to ending the turn
WIN = 10000.0
# hard only ("sharp" evaluation, dry-run checks)
FOLLOW_UP = 0.5        # share of the best attack still possible this turn after a move
CONCAVE = 0.8          # the concave HP term: slope 2*CONCAVE at 0 HP, 0 at full HP

_GLANCES: dict[tuple, dict] = {}
_CELLS: dict[int, tuple] = {}


_LINES: dict[tuple[int, int], tuple] = {}


def _rel_lines(delta: tuple[int, int]) -> tuple:
    """The cells strictly between hex 0 and hex `delta` (cube q, r) on the centre line and on
    two lines shifted 0.4 hex to either side, as offsets from the start (cube lines are the same
    under translation, so each direction is walked once per process). Each cell is
    (dq, dr, ds, next_to_start)."""
    got = _LINES.get(delta)
    if got is not None:
        return got
    dq, dr = delta
    ds = -dq - dr
    n = max(abs(dq), abs(dr), abs(ds))
    x, y = dq + dr / 2, dr * 0.8660254
    norm = (x * x + y * y) ** 0.5
    px, py = -y / norm * 0.4, x / norm * 0.4
    pr = py / 0.8660254
    pq = px - pr / 2
    eps = (1e-6, 2e-6, -3e-6)

    def walk(off: tuple[float, float, float], steps: int) -> tuple:
        cells = []
        for i in range(steps + 1):
            t = i / steps
            c = cube_round(dq * t + off[0], dr * t + off[1], ds * t + off[2])
            if c == (0, 0, 0) or c == (dq, dr, ds) or any(c == k[:3] for k in cells):
                continue
            near = max(abs(c[0]), abs(c[1]), abs(c[2])) <= 1
            cells.append((c[0], c[1], c[2], near))
        return tuple(cells)
    centre = walk(eps, n)
    left = walk((pq + eps[0], pr + eps[1], -pq - pr + eps[2]), 2 * n)
    right = walk((-pq + eps[0], -pr + eps[1], pq + pr + eps[2]), 2 * n)
    got = _LINES[delta] = (centre, left, right)
    if len(_LINES) > 20000:
        _LINES.clear()
        _LINES[delta] = got
    return got


_REACH: dict[tuple, int] = {}


def _reach(m: MoveDef) -> int:
    """How far the bot will use an attack: its range, or two penalty steps past it for
    projectiles with range increments (BND-81)."""
    key = (m.id, m.kind, m.ranged, m.range_hexes)
    got = _REACH.get(key)
    if got is None:
        if m.kind == "projectile" and m.ranged == "increments":
            got = m.range_hexes + NEAR_RANGE * MAX_PENALTY_STEPS
        else:
            got = max(1, m.range_hexes)
        _REACH[key] = got
    return got


def _board_cells(board: Any) -> tuple[frozenset, frozenset, dict, frozenset]:
    """(solid, cover, conceal levels, dark) hexes of a board, read once per board object."""
    key = id(board)
    got = _CELLS.get(key)
    if got is not None and got[0] is board:
        return got[1]
    solid, cover, dark = set(), set(), set()
    conceal: dict[Hex, int] = {}
    for x, y in board.coords():
        if board.prop(x, y, "solid", False):
            solid.add((x, y))
        if board.prop(x, y, "cover", False):
            cover.add((x, y))
        level = int(board.prop(x, y, "conceal", 0) or 0)
        if level:
            conceal[(x, y)] = level
        if board.prop(x, y, "dark", False):
            dark.add((x, y))
    cells = (frozenset(solid), frozenset(cover), conceal, frozenset(dark))
    if len(_CELLS) > 32:
        _CELLS.clear()
    _CELLS[key] = (board, cells)
    return cells
_GLANCE_MAX = 200000

NEAR_RANGE = 4         # hexes per -1 of range penalty (20 ft, BND-81)
MAX_PENALTY_STEPS = 2  # the bot never shoots further than two penalty steps past the range


def _system():
    from .system import BINDINGS
    return BINDINGS


# =============================================================================================
# Odds from the engine's forecast (2d6 totals, advantage / disadvantage as 3d6 added or taken away)
# =============================================================================================

# The dice part of a roll as forecast.roll_dist reads it: "2d6", "adv" (2d6 + 3d6), "dis"
# (2d6 - 3d6), "dis_drop" (GM-20 drop_dice: no dice left), "flat" (no dice), "flat_adv" (a flat
# value + 3d6, Brace on a Reaction, BND-45/GM-11).
_KINDS: dict[str, tuple[int, str]] = {
    "2d6": (2, "none"), "adv": (2, "advantage"), "dis": (2, "disadvantage"),
    "dis_drop": (2, "disadvantage"), "flat": (0, "none"), "flat_adv": (0, "advantage")}


@lru_cache(maxsize=None)
def _beats(off_kind: str, def_kind: str, margin: int, ties_hit: bool) -> float:
    """P(offence dice - defence dice > margin) (or >= with `ties_hit`, GM-13)."""
    mode = "drop_dice" if off_kind == "dis_drop" else "subtract_3d6"
    o_dice, o_edge = _KINDS[off_kind]
    d_dice, d_edge = _KINDS[def_kind]
    return float(forecast.p_beats(o_dice, o_edge, 0, d_dice, d_edge, margin, mode, ties_hit))


@lru_cache(maxsize=None)
def _damage_dist(dice: str, bonus: int) -> tuple[tuple[int, float], ...]:
    """Damage = dice + bonus, never below 0 (advantage never applies, BND-99)."""
    spec = parse_dice(dice) if dice else None
    dist = (forecast.damage_dist(spec.count, spec.sides, spec.bonus + bonus, False, 0)
            if spec is not None else {max(0, bonus): Fraction(1)})
    return tuple((v, float(p)) for v, p in sorted(dist.items()))


def combine_edges(sources: Iterable[int]) -> str:
    """BND-97: any advantage and any disadvantage cancel; several of one kind do not stack."""
    s = set(sources)
    if 1 in s and -1 in s:
        return "none"
    if 1 in s:
        return "advantage"
    if -1 in s:
        return "disadvantage"
    return "none"


# =============================================================================================
# The per-decision judge: positions, odds and values
# =============================================================================================

class Judge:
    """Everything one decision needs about the view, memoised: board cells, line checks, attack
    odds, positional values. Built once per decision on the view (never mutated)."""

    def __init__(self, state: BindingsState, side: int, sharp: bool = False,
                 anticipate: bool = False) -> None:
        """`anticipate` counts the hexes a growing wall has still to fill as already standing
        (a wall is worth what it will block once grown)."""
        self.state = state
        self.side = side
        self.sharp = sharp
        self.c = content_of(state)
        board = state.board
        if board is None:
            raise ValueError("the bot needs the view's board")
        self.board = board
        self.layout = HexLayout.from_board(board)
        self.tick = state.tick
        solid, cover, conceal, dark = _board_cells(board)
        self.solid: set[Hex] = set(solid)
        self.cover: frozenset[Hex] = cover
        self.conceal: dict[Hex, int] = dict(conceal)
        self.dark: frozenset[Hex] = dark
        for f in state.features:
            if f.until >= 0 and self.tick >= f.until:
                continue
            if f.kind == "wall":
                self.solid.update(tuple(h) for h in f.cells)
                if anticipate:
                    self.solid.update(tuple(h) for h in f.plan)
            elif f.kind == "veil" and f.conceal:
                for h in f.cells:
                    h = tuple(h)
                    self.conceal[h] = self.conceal.get(h, 0) + int(f.conceal)
        self._cubes: dict[Hex, tuple[int, int, int]] = {}
        self._attacks: dict[tuple[str, bool], list[MoveDef]] = {}
        self._covers: dict[str, set[str]] = {}
        self._stride: dict[str, int] = {}
        self.solid_c = {self.cube(h) for h in self.solid}
        self.cover_c = {self.cube(h) for h in self.cover}
        self.conceal_c = {self.cube(h): v for h, v in self.conceal.items()}
        self.dark_c = {self.cube(h) for h in self.dark}
        self.ties_hit = bool(house(state, "tie_hits"))
        self.tracking = house(state, "projectile_tracking") == "track"
        self.dis_kind = "dis_drop" if house(state, "disadv_mode") == "drop_dice" else "dis"
        self.reaction_static = house(state, "reaction_mode") == "static_defense"
        self._flight: dict[tuple, int | None] = {}
        # `glance` answers depend only on the layout and these cells, so they are shared
        # between decisions (and bots) of the same process while nothing is built or fades
        env = (self.layout, frozenset(self.solid), self.cover, self.dark,
               tuple(sorted(self.conceal.items())))
        memo = _GLANCES.get(env)
        if memo is None:
            if len(_GLANCES) >= 16:
                _GLANCES.clear()
            memo = _GLANCES[env] = {}
        self._glance: dict[tuple[Hex, Hex], tuple[bool, bool, int]] = memo
        self._gain: dict[tuple, float] = {}
        self._pos: dict[tuple[str, Hex], float] = {}
        self.units = [u for u in state.combatants.values() if not u.down]
        self.own = [u for u in self.units if u.side == side]
        self.enemies = [u for u in self.units if u.side != side]
        # outnumbered, every hit counts for more: cover, walls and veils are worth more too
        self.outnumbered = max(1.0, len(self.enemies) / max(1, len(self.own)))

    # -- geometry ----------------------------------------------------------------------------
    def dry_kind(self, move_id: str) -> bool:
        """Whether scoring `move_id` takes a dry run (walls, veils, boosts)."""
        m = self.c.moves.get(move_id)
        return m is not None and m.kind in ("structure", "area", "modifier")

    def long_kind(self, move_id: str) -> bool:
        """Whether scoring `move_id` is a long step: a boost's dry run, then every hex its
        movement reaches valued (up to about 10 ms; a wall's or veil's look is 1-2 ms)."""
        m = self.c.moves.get(move_id)
        return m is not None and m.kind == "modifier"

    def cube(self, h: Hex):
        got = self._cubes.get(h)
        if got is None:
            got = self._cubes[h] = self.layout.to_cube(h[0], h[1])
        return got

    def dist(self, a: Hex, b: Hex) -> int:
        cubes = self._cubes           # asked ~100k times a decision: skip the method calls
        ca = cubes.get(a) or self.cube(a)
        cb = cubes.get(b) or self.cube(b)
        return max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1]), abs(ca[2] - cb[2]))

    def flight(self, start: Hex, dest: Hex, travelled: int = 0, max_travel: int = 10 ** 6
               ) -> int | None:
        """Hexes a projectile at `start` still flies to reach `dest` if nothing moves, walking
        hex by hex as combat.simulate does (the next hex of the cube line from where it is), or
        None when it would fall short (BND-GM-21). Walls and rock on the way do not stop it
        (BND-GM-14: cover was fixed at launch), so hiding behind one is no answer."""
        key = (start, dest, travelled, max_travel)
        got = self._flight.get(key, -1)
        if got != -1:
            return got
        dc = self.cube(dest)
        cur = self.cube(start)
        steps = 0
        result: int | None = None
        for _ in range(200):
            if cur == dc:
                result = steps
                break
            if travelled + steps >= max_travel:
                break
            steps += 1
            cur = cube_step(cur, dc)
        self._flight[key] = result
        return result

    def glance(self, a: Hex, b: Hex) -> tuple[bool, bool, int]:
        """A quick stand-in for the rules' sight when scoring many hexes: three lines (the centre
        line and two shifted 0.4 hex to either side) instead of the rules' 49, walked over cached
        offsets, so far cheaper. (can_see, cover, concealment): under total concealment (3) a
        creature is attacked by aiming at its hex with a 3/6 miss chance (BND-91, GM-22), so
        can_see is what decides whether an attack is possible at all. It can be wrong at the
        edge of sight (see the module docstring for how often), which only shades a positional
        score: attacks themselves are valued by the forecast, with the rules' sight."""
        key = (a, b)
        got = self._glance.get(key)
        if got is not None:
            return got
        ca, cb = self.cube(a), self.cube(b)
        delta = (cb[0] - ca[0], cb[1] - ca[1])
        if delta == (0, 0):
            level = 3 if cb in self.dark_c else min(3, self.conceal_c.get(cb, 0))
            got = (True, False, level)
            self._glance[key] = got
            return got
        solid, cov, conceal = self.solid_c, self.cover_c, self.conceal_c
        centre, left, right = _rel_lines(delta)
        q0, r0, s0 = ca
        cover = False
        blocked = False
        seen_conceal = False
        for dq, dr, ds, near in centre:
            c = (q0 + dq, r0 + dr, s0 + ds)
            if c in solid:
                blocked = True
                cover = cover or not near
            elif c in cov and not near:
                cover = True
            if c in conceal:
                seen_conceal = True
        ends = conceal.get(ca, 0) + conceal.get(cb, 0)
        level = 9
        if not blocked:
            level = ends + sum(conceal.get((q0 + dq, r0 + dr, s0 + ds), 0)
                               for dq, dr, ds, _ in centre)
        if blocked or seen_conceal:
            # the centre line is blocked or concealed: the two shifted lines (the rules take any
            # clear line, and the least concealed one, GM-19)
            for line in (left, right):
                cells = [(q0 + dq, r0 + dr, s0 + ds) for dq, dr, ds, _ in line]
                if any(c in solid for c in cells):
                    continue
                level = min(level, ends + sum(conceal.get(c, 0) for c in cells))
        if level == 9:
            got = (False, False, 0)
        else:
            if cb in self.dark_c:
                level = 3
            got = (True, cover, min(3, level))
        if len(self._glance) >= _GLANCE_MAX:
            self._glance.clear()
        self._glance[key] = got
        return got

    # -- odds ----------------------------------------------------------------------------------
    def unit_value(self, u: Combatant, hp: int | None = None) -> float:
        hp = u.hp if hp is None else hp
        if u.down or hp <= 0:
            return 0.0
        v = ALIVE + HP * hp
        if self.sharp:
            top = max(1, u.max_hp)
            h = min(hp, top)
            v += CONCAVE * h * (2 * top - h) / top
        return v

    def _has_verb(self, u: Combatant, verb: str) -> bool:
        for cond in u.conditions:
            if cond.until >= 0 and self.tick >= cond.until:
                continue
            d = self.c.conditions.get(cond.id)
            if d is not None and verb in d.verbs:
                return True
        return False

    def defence_of(self, target: Combatant, declared: MoveDef | None = None,
                   braced: bool = False) -> tuple[str, int]:
        """(dice kind, flat part) of the defence the target rolls against an attack: a declared
        counter with a defence formula (DB + ability + 2d6), else the free Reaction (DB + INT,
        flat, BND-46/GM-12), with advantage from Brace or Guarded (BND-45)."""
        adv = braced or self._has_verb(target, "adv_defence")
        if declared is not None and declared.defence:
            return ("adv" if adv else "2d6"), target.db + target.mod(declared.defence)
        if not self.reaction_static:
            return "flat", 0          # damage_reduction mode: handled as no defence roll
        return ("flat_adv" if adv else "flat"), forecast.reaction_value(target)

    def attack_gain(self, attacker: Combatant, move: MoveDef, target: Combatant, a_hex: Hex,
                    t_hex: Hex, extra_edge: tuple[int, ...] = (), declared: MoveDef | None = None,
                    braced: bool = False, conceal: int | None = None, cover: bool | None = None,
                    penalty: int | None = None) -> tuple[float, float]:
        """(expected loss of the target's value, chance to hit) if `attacker` uses `move` on
        `target` standing at t_hex from a_hex. Cover, concealment and the range penalty are read
        from the centre line unless given."""
        if cover is None or conceal is None:
            _, lc, lv = self.glance(a_hex, t_hex)
            cover = lc if cover is None else cover
            conceal = lv if conceal is None else conceal
        d = self.dist(a_hex, t_hex)
        if penalty is None:
            penalty = 0
            if move.ranged == "increments" and d > move.range_hexes:
                penalty = -((d - move.range_hexes + NEAR_RANGE - 1) // NEAR_RANGE)
        edges = list(extra_edge)
        if cover:
            edges.append(-1)
        if move.kind == "melee" and self._has_verb(target, "melee_adv_against"):
            edges.append(1)
        if move.kind == "projectile" and self._has_verb(target, "ranged_dis_against"):
            edges.append(-1)
        edge = combine_edges(edges)
        key = (attacker.id, move.id, target.id, target.hp, edge, penalty, conceal,
               declared.id if declared else None, braced,
               self._has_verb(target, "adv_defence"))
        got = self._gain.get(key)
        if got is not None:
            return got
        off_kind = {"advantage": "adv", "disadvantage": self.dis_kind}.get(edge, "2d6")
        off_flat = attacker.ab + attacker.mod(move.offence or "STR") + penalty
        reduction = 0
        if move.contest:
            # maneuvers: the target always rolls DB + ability + 2d6 (content.py "contest")
            adv = braced or self._has_verb(target, "adv_defence")
            def_kind, def_flat = ("adv" if adv else "2d6"), target.db + target.mod(move.contest)
        else:
            def_kind, def_flat = self.defence_of(target, declared, braced)
            if not self.reaction_static and not (declared is not None and declared.defence):
                reduction = forecast.reaction_value(target)     # GM-12 "damage_reduction"
        p_hit = _beats(off_kind, def_kind, def_flat - off_flat, self.ties_hit)
        p_hit *= 1.0 - float(forecast.miss_chance(conceal))   # BND-92: the miss comes first
        dmg = _damage_dist(move.damage_dice,
                           move.damage_bonus - reduction + (attacker.mod(move.damage_ability)
                                                            if move.damage_ability else 0))
        before = self.unit_value(target)
        loss = 0.0
        for amount, p in dmg:
            loss += p * (before - self.unit_value(target, target.hp - amount))
        got = (p_hit * (loss + _extras(move)), p_hit)
        self._gain[key] = got
        return got

    def odds_gain(self, target: Combatant, move: MoveDef, p_hit: float,
                  damage: dict[int, Any]) -> float:
        """Expected loss of the target's value from a hit chance and a damage distribution
        (forecast.AttackOdds), plus the small worth of conditions and pushes."""
        before = self.unit_value(target)
        loss = sum(float(p) * (before - self.unit_value(target, target.hp - amount))
                   for amount, p in damage.items())
        return p_hit * (loss + _extras(move))

    # -- what a combatant can do from a hex ----------------------------------------------------
    def attacks_of(self, u: Combatant, ready_only: bool = True) -> list[MoveDef]:
        key = (u.id, ready_only)
        got = self._attacks.get(key)
        if got is not None:
            return got
        out: list[MoveDef] = []
        for mid in u.moves:
            m = self.c.moves.get(mid)
            if m is None or not m.is_attack or m.kind not in ("projectile", "melee"):
                continue
            if ready_only and not budget.cooldown_ready(self.state, u, mid):
                continue
            out.append(m)
        self._attacks[key] = out
        return out

    @staticmethod
    def reach_of(m: MoveDef) -> int:
        return _reach(m)

    def move_hexes(self, u: Combatant) -> int:
        got = self._stride.get(u.id)
        if got is None:
            got = self._stride[u.id] = max(1, speeds.move_rate(u.base_speed).hexes)
        return got

    def best_shot(self, u: Combatant, at: Hex, foes: list[Combatant],
                  positions: dict[str, Hex] | None = None) -> tuple[float, float]:
        """(best expected gain of an attack u could make from `at` now, best after moving one
        segment first), over `foes` at their hexes."""
        now = later = 0.0
        attacks = self.attacks_of(u)
        if not attacks:
            attacks = self.attacks_of(u, ready_only=False)
        stride = self.move_hexes(u)
        max_reach = max((self.reach_of(m) for m in attacks), default=0)
        for e in foes:
            eh = positions.get(e.id, (e.x, e.y)) if positions else (e.x, e.y)
            d = self.dist(at, eh)
            if d > max_reach + stride:
                continue
            seen, _, _ = self.glance(at, eh)
            for m in attacks:
                reach = self.reach_of(m)
                if d > reach + stride:
                    continue
                gain, _ = self.attack_gain(u, m, e, at, eh)
                if m.kind == "projectile" and m.speed > 0 and d > m.speed:
                    gain *= FLIGHT_DISCOUNT ** ((d - 1) // m.speed)
                if d <= reach and seen:
                    now = max(now, gain)
                else:
                    later = max(later, gain)
        return now, later

    def segments_to_reach(self, u: Combatant, at: Hex) -> float:
        """Segments of movement before u has any attack on an enemy: 0 if one is in reach and
        in sight, at least one when all in reach are out of sight (a foe hiding behind rock
        is found by walking round it: this keeps a winning side from waiting out the clock)."""
        attacks = self.attacks_of(u, ready_only=False)
        if not attacks or not self.enemies:
            return 0.0
        reach = max(self.reach_of(m) for m in attacks)
        best = None
        for e in self.enemies:
            eh = (e.x, e.y)
            d = self.dist(at, eh)
            need = max(0, d - reach) / self.move_hexes(u)
            if need == 0 and not self.glance(at, eh)[0]:
                need = 0.6
            if best is None or need < best:
                best = need
        return best or 0.0

    def covers(self, e: Combatant) -> set[str]:
        """The own combatants enemy e could attack from where it stands (in reach and seen)."""
        got = self._covers.get(e.id)
        if got is not None:
            return got
        eh = (e.x, e.y)
        attacks = self.attacks_of(e) or self.attacks_of(e, ready_only=False)
        reach = max((self.reach_of(m) for m in attacks), default=0)
        got = {u.id for u in self.own
               if self.dist(eh, (u.x, u.y)) <= reach and self.glance(eh, (u.x, u.y))[0]}
        self._covers[e.id] = got
        return got

    def threat_to(self, u: Combatant, at: Hex) -> float:
        """What the enemies could take from u if it stands on `at`: each enemy's best attack
        (full share when it can already see and reach `at`, THREAT_REACH when it must move
        first), split between u and the other own combatants that enemy already covers (it
        attacks one of them a round, so standing with friends in its reach costs less than
        standing alone)."""
        total = 0.0
        for e in self.enemies:
            eh = (e.x, e.y)
            d = self.dist(eh, at)
            stride = self.move_hexes(e)
            best = 0.0
            attacks = self.attacks_of(e) or self.attacks_of(e, ready_only=False)
            if not attacks or d > max(self.reach_of(m) for m in attacks) + stride:
                continue
            seen, _, _ = self.glance(eh, at)
            for m in attacks:
                reach = self.reach_of(m)
                if d > reach + stride:
                    continue
                gain, _ = self.attack_gain(e, m, u, eh, at)
                if d <= reach and seen:
                    best = max(best, gain)
                else:
                    best = max(best, THREAT_REACH * gain)
            if best:
                others = len(self.covers(e) - {u.id})
                total += best / (1 + others)
        return total

    def incoming_at(self, u: Combatant, at: Hex) -> float:
        """Expected loss from the attacks already aimed at u, if u stands on `at`: zero for one
        that would fall short (GM-21) or, aimed at a hex (GM-14 "hex"), lands elsewhere."""
        total = 0.0
        for a in self.state.attacks:
            if a.target != u.id or a.status == "done":
                continue
            attacker = self.state.combatants.get(a.attacker)
            m = self.c.moves.get(a.move)
            if attacker is None or m is None or attacker.down:
                continue
            pos = tuple(a.pos)
            if a.status == "flying":
                if not self.tracking and at != tuple(a.aim):
                    continue            # GM-14 "hex": it lands on the hex aimed at
                dest = at if self.tracking else tuple(a.aim)
                if self.flight(pos, dest, a.travelled, a.max_travel) is None:
                    continue
            edges = ()
            if a.edge == "advantage":
                edges = (1,)
            elif a.edge == "disadvantage":
                edges = (-1,)
            gain, _ = self.attack_gain(attacker, m, u, tuple(a.origin), at, edges,
                                       conceal=a.concealment, cover=a.cover,
                                       penalty=a.range_penalty)
            total += FLIGHT * gain
        return total

    def outgoing(self) -> float:
        """Expected worth of this side's attacks in flight at enemies (minus the enemies' at
        this side's combatants is counted per combatant in `position`)."""
        total = 0.0
        for a in self.state.attacks:
            if a.status == "done" or a.target is None:
                continue
            attacker = self.state.combatants.get(a.attacker)
            target = self.state.combatants.get(a.target)
            m = self.c.moves.get(a.move)
            if attacker is None or target is None or m is None or target.down:
                continue
            if attacker.side != self.side or target.side == self.side:
                continue
            th = (target.x, target.y)
            if a.status == "flying":
                if self.flight(tuple(a.pos), th, a.travelled, a.max_travel) is None:
                    continue
            gain, _ = self.attack_gain(attacker, m, target, tuple(a.origin), th,
                                       conceal=a.concealment, cover=a.cover,
                                       penalty=a.range_penalty)
            total += FLIGHT * gain
        return total

    def position(self, u: Combatant, at: Hex) -> float:
        """The positional worth of own combatant u standing on `at`."""
        key = (u.id, at)
        got = self._pos.get(key)
        if got is not None:
            return got
        now, later = self.best_shot(u, at, self.enemies)
        v = OPPORTUNITY * now + REACH_SHARE * OPPORTUNITY * later
        v -= APPROACH * self.segments_to_reach(u, at)
        v -= THREAT * self.outnumbered * self.threat_to(u, at)
        v -= self.incoming_at(u, at)
        self._pos[key] = v
        self._pos[key] = v
        return v

    def evaluate(self, moved: dict[str, Hex] | None = None) -> float:
        """The view's worth to `side`; `moved` relocates own combatants hypothetically."""
        st = self.state
        if st.over:
            if st.winner is None:
                return 0.0
            return WIN if st.winner == self.side else -WIN
        v = 0.0
        for u in self.own:
            at = moved.get(u.id, (u.x, u.y)) if moved else (u.x, u.y)
            v += self.unit_value(u) + self.position(u, at)
        for e in self.enemies:
            v -= self.unit_value(e)
        return v + self.outgoing()


# =============================================================================================
# Helpers on budgets
# =============================================================================================

def spent_after(c: Combatant, cost: str) -> list[str]:
    if cost in ("swift", "free"):
        return list(c.spent)
    return list(c.spent) + [cost]


def kills_standard(c: Combatant, cost: str) -> bool:
    """Whether spending `cost` now leaves no Standard for the rest of this round."""
    before = c.spent in ([], ["move"])
    after = spent_after(c, cost) in ([], ["move"])
    return before and not after


# =============================================================================================
# The bot
# =============================================================================================

class BindingsBot(bots.BotBase):
    """A bindings bot. `noise` (easy) adds uniform noise of that size to every score and
    `random_rate` is the chance of a plain random legal action; `sharp` (hard) uses the concave
    evaluation and `verify` dry-runs the best few movement choices with the real rules."""

    def __init__(self, name: str, noise: float = 0.0, random_rate: float = 0.0,
                 sharp: bool = False, verify: int = 0) -> None:
        super().__init__(name, noise, random_rate)
        self.sharp = sharp
        self.verify = verify

    # -- protocol ----------------------------------------------------------------------------
    def choose(self, view: BindingsState, legal: list, rng: Rng) -> Any:
        return run_thinking(self.think(view, legal, rng))

    def think(self, view: BindingsState, legal: list, rng: Rng) -> Generator[None, None, Any]:
        legal = bots.playable(legal)
        if len(legal) == 1:
            return legal[0]
        decision = _system().decision(view)
        side = decision.seat if decision is not None else 0
        stage = decision.stage if decision is not None else "act"
        if stage == "circumstance":
            for a in legal:
                if isinstance(a, A.Judge) and a.edge == "none":
                    return a
            return legal[0]
        pick = self.random_pick(legal, rng)
        if pick is not None:
            return pick
        yield None
        judge = Judge(view, side, self.sharp)
        if stage == "defend":
            return self._defend(judge, legal, rng)
        if stage == "use_dodge":
            return self._use_dodge(judge, legal)
        actor_id = decision.actor if decision is not None else view.acting
        actor = view.combatants.get(actor_id) if actor_id else None
        if actor is None:
            return self._fallback(legal)
        scored: list[tuple[float, int, Any]] = []
        base = judge.evaluate()
        yield None
        for n, a in enumerate(legal):
            # a slice an action for a client thinking in-process (AISeat's fallback): most
            # score in under 2 ms (a wall's or veil's dry run too); a boost is said to be long,
            # so it starts a slice of its own
            if isinstance(a, A.UseMove) and judge.long_kind(a.move):
                yield LONG_STEP
            v = self._score(judge, actor, a, base, rng)
            v = self.noisy(v, rng)
            scored.append((v, n, a))
            yield None
        scored.sort(key=lambda t: (-t[0], t[1]))
        if self.verify:
            return (yield from self._verify(judge, actor, scored, base, rng))
        return scored[0][2]

    def _fallback(self, legal: list) -> Any:
        for a in legal:
            if isinstance(a, EndTurn):
                return a
        return legal[0]

    # -- scoring one turn action -------------------------------------------------------------
    def _score(self, j: Judge, x: Combatant, a: Any, base: float, rng: Rng) -> float:
        here = (x.x, x.y)
        if isinstance(a, EndTurn):
            return base + self._keep_value(j, x)
        if isinstance(a, A.MoveTo):
            return (base - j.position(x, here) + j.position(x, tuple(a.to))
                    + self._keep_value(j, x) - EFFORT)
        if isinstance(a, A.StartMovement):
            return self._score_movement(j, x, a.mode, tuple(a.to), base)
        if isinstance(a, A.Opening):
            if a.move is None:
                return base
            if a.move in speeds.SEGMENTS:
                return self._score_movement(j, x, a.move, tuple(a.target), base, opening=True)
            return self._score_use(j, x, a.move, a.target, False, base, rng, opening=True)
        if isinstance(a, A.UseMove):
            return self._score_use(j, x, a.move, a.target, a.reduce, base, rng)
        if isinstance(a, A.SpendUnused):
            ranks = budget.unused_ranks(x)
            rank = j.state.order.index(x.id) if x.id in j.state.order else 0
            if a.mode == "rise":
                return base + RISE * min(ranks, rank)
            return base + (LEAD if rank > 0 else 0.0)
        if isinstance(a, A.StopMoving):
            return base - 2 * EFFORT
        if isinstance(a, A.Ready):
            return base + self._ready_value(j, x, a)
        return base - 5.0

    def _ready_value(self, j: Judge, x: Combatant, a: Any) -> float:
        """BND-25: holding an attack until a foe steps into its reach is worth it only when
        nothing is in reach now and some foe is close enough to walk in this round; the bot
        never readies against being attacked (trigger "attacked"), which a Dodge answers."""
        if a.trigger != "enemy_in_range" or j.state.segment >= 3:
            return -1.0
        m = j.c.moves.get(a.move)
        if m is None or not budget.can_afford(j.state, x, budget.move_cost(j.state, x, a.move)):
            return -1.0
        here = (x.x, x.y)
        now, _ = j.best_shot(x, here, j.enemies)
        if now > 0:
            return -1.0                      # something is in reach: attack it instead
        best = 0.0
        reach = max(1, m.range_hexes)
        for e in j.enemies:
            d = j.dist(here, (e.x, e.y))
            if reach < d <= reach + 2 * j.move_hexes(e):
                gain, _ = j.attack_gain(x, m, e, here, (e.x, e.y))
                best = max(best, gain)
        if best <= 0:
            return -1.0
        return self._keep_value(j, x) + 0.35 * best - 0.3

    def _keep_value(self, j: Judge, x: Combatant) -> float:
        """What holding the rest of the budget is worth: a Standard kept can answer an attack
        later this round (worth up to half of what the enemies threaten), so never more than
        KEEP_STANDARD, and nothing in the last segment (the budget resets; SpendUnused is how
        the last segment cashes it in, BND-27..30)."""
        if j.state.segment >= 3 or x.spent not in ([], ["move"]):
            return 0.0
        return min(KEEP_STANDARD, 0.5 * THREAT * j.threat_to(x, (x.x, x.y))
                   + 0.5 * j.incoming_at(x, (x.x, x.y))) + 0.2

    def _keep_after(self, j: Judge, x: Combatant, cost: str) -> float:
        """`_keep_value` if a Standard is still open after spending `cost`."""
        return self._keep_value(j, x) if spent_after(x, cost) in ([], ["move"]) else 0.0

    def _standard_cost(self, j: Judge, x: Combatant, cost: str) -> float:
        """Spending `cost` may forgo this round's attack."""
        if not kills_standard(x, cost):
            return 0.0
        now, later = j.best_shot(x, (x.x, x.y), j.enemies)
        left = 3 - j.state.segment          # segments after this one in the round
        if left <= 0:
            return 0.0
        return OPPORTUNITY * max(now, REACH_SHARE * later)

    def _score_movement(self, j: Judge, x: Combatant, mode: str, to: Hex, base: float,
                        opening: bool = False) -> float:
        here = (x.x, x.y)
        v = base - j.position(x, here) + j.position(x, to)
        cost = speeds.COSTS.get(mode, "move")
        if not opening:
            v += self._keep_after(j, x, cost) - self._standard_cost(j, x, cost)
        if mode == "move":
            # BND-52: a Move keeps giving hexes next segment: worth it while still far off
            need = j.segments_to_reach(x, to)
            v += APPROACH * min(1.0, need) * 0.8
        elif mode == "dodge":
            v += self._dodge_value(j, x, to)
        elif mode == "step":
            v -= 0.2                     # a Swift: cheap, but the step rarely beats a real move
        elif mode == "dash":
            v -= 0.1
        return v - EFFORT

    def _dodge_value(self, j: Judge, x: Combatant, at: Hex) -> float:
        """BND-54: a Dodge puts one incoming attack resolved this segment at disadvantage."""
        best = 0.0
        for atk in j.state.attacks:
            if atk.target != x.id or atk.status == "done":
                continue
            attacker = j.state.combatants.get(atk.attacker)
            m = j.c.moves.get(atk.move)
            if attacker is None or m is None:
                continue
            if atk.status == "flying":
                left = j.flight(tuple(atk.pos), at, atk.travelled, atk.max_travel)
                if left is None or left > atk.rate:
                    continue            # does not land this segment
            plain, _ = j.attack_gain(attacker, m, x, tuple(atk.origin), at, (),
                                     conceal=atk.concealment, cover=atk.cover,
                                     penalty=atk.range_penalty)
            dodged, _ = j.attack_gain(attacker, m, x, tuple(atk.origin), at, (-1,),
                                      conceal=atk.concealment, cover=atk.cover,
                                      penalty=atk.range_penalty)
            best = max(best, FLIGHT * (plain - dodged))
        return best

    def _score_use(self, j: Judge, x: Combatant, move_id: str, target: Any, reduce: bool,
                   base: float, rng: Rng, opening: bool = False) -> float:
        m = j.c.moves.get(move_id)
        if m is None:
            return base - 5.0
        cost = m.action
        if reduce:
            cost = budget.reduce_step(cost)
        if m.is_attack and m.kind in ("projectile", "melee"):
            return (base + self._attack_value(j, x, m, target)
                    - self._budget_charge(j, x, cost, opening))
        if m.kind == "self":
            return base + self._self_value(j, x, m) - self._budget_charge(j, x, cost, opening)
        if m.kind in ("structure", "area"):
            return (self._dry_value(j, x, m, target, reduce, base, rng)
                    - self._budget_charge(j, x, cost, opening))
        if m.kind == "modifier":
            return (self._dry_value(j, x, m, target, reduce, base, rng)
                    - self._budget_charge(j, x, cost, opening))
        return base - 5.0

    def _budget_charge(self, j: Judge, x: Combatant, cost: str, opening: bool) -> float:
        """What an action's cost forgoes, as a negative number: the Standard kept (see
        `_keep_after`), the round's attack when a Move spends it, the Move half of a Full."""
        if opening:
            return 0.0                  # the opening action is free (BND-GM-09)
        charge = self._standard_cost(j, x, cost) - self._keep_after(j, x, cost)
        if cost == "full":
            charge += 0.5
        elif cost == "swift":
            charge += 0.2
        return charge

    def _attack_value(self, j: Judge, x: Combatant, m: MoveDef, target: Any) -> float:
        if target is None:
            return -5.0
        th = (int(target[0]), int(target[1]))
        victim = None
        for u in j.units:
            if (u.x, u.y) == th:
                victim = u
                break
        if victim is None:
            return -3.0              # a guessed hex: the bot only aims at creatures it sees
        if victim.side == j.side:
            return -WIN / 10         # never at its own side (GM-31 allows it; the bot will not)
        # the engine's own forecast (STYLE habit 13: what the tooltip says is what the bot
        # weighs): hit chance against the free Reaction, damage distribution, arrival
        odds = forecast.attack_odds(j.state, x.id, m.id, th)
        if not odds.legal or odds.target != victim.id:
            return -3.0
        gain = j.odds_gain(victim, m, float(odds.hit), odds.damage)
        if odds.segments > 1:
            gain *= FLIGHT_DISCOUNT ** (odds.segments - 1)
        if m.cooldown:
            gain -= 0.25 * m.cooldown                  # keep it for when it matters more
        # pushing a foe out of one's own reach helps nobody
        if m.pushback_ft and m.kind == "melee" and not any(
                mm.kind == "projectile" for mm in j.attacks_of(x, ready_only=False)):
            gain -= 0.5
        return gain

    def _incoming_soon(self, j: Judge, x: Combatant) -> float:
        return j.incoming_at(x, (x.x, x.y)) + THREAT * j.threat_to(x, (x.x, x.y))

    def _self_value(self, j: Judge, x: Combatant, m: MoveDef) -> float:
        """Brace, Stone Skin, Tide Guard: advantage on defence for a while; worth a share of
        the expected loss it would prevent (attacks in flight at it, the enemies' threat)."""
        if not _grants_adv_defence(j, m) or j._has_verb(x, "adv_defence"):
            return -1.0
        if m.id == "brace" and house(j.state, "brace_scope") != "defence":
            return -1.0              # GM-11 "checks": Brace does nothing for defences
        return 0.45 * self._incoming_soon(j, x) - 0.5

    def _dry_value(self, j: Judge, x: Combatant, m: MoveDef, target: Any, reduce: bool,
                   base: float, rng: Rng) -> float:
        """Walls, veils and boosts: applied to a copy with the real rules, then valued."""
        if m.kind in ("structure", "area"):
            # only worth a look when someone is shooting or can shoot at this side
            if not j.enemies or target is None:
                return base - 5.0
            th = (int(target[0]), int(target[1]))
            if not self._between(j, x, th):
                return base - 5.0
        s = _dry_run(j.state, A.UseMove(x.id, m.id, target, reduce), rng.fork("dry" + m.id))
        if s is None:
            return base - 5.0
        j2 = Judge(s, j.side, j.sharp, anticipate=True)
        x2 = s.combatants[x.id]
        v = j2.evaluate()
        if m.kind == "modifier":
            # the boost's worth is the best hex its hexes reach this segment
            best = v
            for a in _system().legal_actions(s):
                if isinstance(a, A.MoveTo) and a.actor == x.id:
                    best = max(best, v - j2.position(x2, (x2.x, x2.y))
                               + j2.position(x2, tuple(a.to)))
            cur = base
            for a in _system().legal_actions(j.state):
                if isinstance(a, A.MoveTo) and a.actor == x.id:
                    cur = max(cur, base - j.position(x, (x.x, x.y)) + j.position(x, tuple(a.to)))
            return base + (best - cur) - EFFORT
        # a wall or veil keeps working for its rounds; the one-position evaluation sees only
        # the first of them
        rounds = max((e.rounds for e in m.effects if e.verb in ("wall", "veil")), default=1)
        return base + (v - base) * max(1, min(3, rounds)) - EFFORT

    def _between(self, j: Judge, x: Combatant, h: Hex) -> bool:
        """Whether hex h lies near the line from x to some enemy that could shoot it."""
        here = (x.x, x.y)
        for e in j.enemies:
            eh = (e.x, e.y)
            d = j.dist(here, eh)
            if d < 2 or d > 14:
                continue
            if j.dist(here, h) + j.dist(h, eh) <= d + 1 and 1 <= j.dist(here, h) <= 3:
                return True
        return False

    # -- stages ------------------------------------------------------------------------------
    def _defend(self, j: Judge, legal: list, rng: Rng) -> Any:
        options = [a for a in legal if isinstance(a, A.Defend)]
        if not options:
            return self._fallback(legal)
        atk_id = options[0].attack
        atk = next((a for a in j.state.attacks if a.id == atk_id), None)
        me = j.state.combatants.get(options[0].actor)
        if atk is None or me is None:
            return next((a for a in options if a.move is None), options[0])
        attacker = j.state.combatants.get(atk.attacker)
        m = j.c.moves.get(atk.move)
        if attacker is None or m is None:
            return next((a for a in options if a.move is None), options[0])
        edges: tuple[int, ...] = ()
        if atk.edge == "advantage":
            edges = (1,)
        elif atk.edge == "disadvantage":
            edges = (-1,)
        at = (me.x, me.y)
        first = house(j.state, "defend_order") == "action_first"
        best, best_v = None, None
        for opt in options:
            declared = j.c.moves.get(opt.move) if opt.move else None
            braced = False
            extra = edges
            cost = "free"
            if opt.move in speeds.SEGMENTS:
                cost = speeds.COSTS[opt.move]
                if opt.move == "dodge":
                    extra = edges + (-1,)           # BND-54
                declared = None
            elif declared is not None:
                cost = declared.action
                # Brace and Guarded work only if the defender's action resolves first (GM-06)
                # and, for Brace, covers defences (GM-11)
                braced = first and _grants_adv_defence(j, declared) and not (
                    declared.id == "brace" and house(j.state, "brace_scope") != "defence")
                if not declared.defence:
                    declared = None                   # Reaction still defends (BND-46)
            loss, _ = j.attack_gain(attacker, m, me, tuple(atk.origin), at, extra,
                                    declared=declared, braced=braced, conceal=atk.concealment,
                                    cover=atk.cover, penalty=atk.range_penalty)
            v = -loss
            if opt.move is None:
                v += self._keep_value(j, me)
            else:
                # the budget it spends, and this segment's slot (its own turn's action)
                v += self._keep_after(j, me, cost) - self._standard_cost(j, me, cost) - 0.4
            if best_v is None or v > best_v + 1e-9:
                best, best_v = opt, v
        return best

    def _use_dodge(self, j: Judge, legal: list) -> Any:
        yes = [a for a in legal if isinstance(a, A.UseDodge) and a.use]
        no = [a for a in legal if isinstance(a, A.UseDodge) and not a.use]
        if not yes or not no:
            return (yes or no or legal)[0]
        atk_id = yes[0].attack
        me = j.state.combatants.get(yes[0].actor)
        this = next((a for a in j.state.attacks if a.id == atk_id), None)
        if me is None or this is None:
            return yes[0]

        def worth(atk) -> float:
            attacker = j.state.combatants.get(atk.attacker)
            m = j.c.moves.get(atk.move)
            if attacker is None or m is None:
                return 0.0
            g, _ = j.attack_gain(attacker, m, me, tuple(atk.origin), (me.x, me.y), (),
                                 conceal=atk.concealment, cover=atk.cover,
                                 penalty=atk.range_penalty)
            return g
        mine = worth(this)
        # GM-30 reading: keep the Dodge for a bigger attack still landing this segment
        for other in j.state.attacks:
            if other.id == atk_id or other.target != me.id or other.status == "done":
                continue
            if other.status == "flying" and j.dist(tuple(other.pos), (me.x, me.y)) > other.rate:
                continue
            if worth(other) > mine + 0.5:
                return no[0]
        return yes[0]

    # -- hard: re-check the best few choices against the real rules -----------------------------
    def _verify(self, j: Judge, x: Combatant, scored: list, base: float,
                rng: Rng) -> Generator[None, None, Any]:
        """Hard: re-check the best few movement choices with the real rules on a copy. The
        estimate is corrected by what the dry run shows (a readied enemy firing, a move cut
        short), and a move after which an attack can still start this turn gets a share of the
        best such attack (one ply of the same turn: move, then strike)."""
        top = scored[0]
        checked = []
        here = (x.x, x.y)
        for v, n, a in scored[:self.verify]:
            if not isinstance(a, (A.StartMovement, A.MoveTo)):
                checked.append((v, n, a))
                continue
            yield LONG_STEP             # one dry run (and a listing) a slice of its own
            s = _dry_run(j.state, a, rng.fork(f"verify{n}"))
            if s is None:
                continue
            j2 = Judge(s, j.side, j.sharp)
            predicted = base - j.position(x, here) + j.position(x, tuple(a.to))
            v2 = v + (j2.evaluate() - predicted)
            x2 = s.combatants[x.id]
            if not s.pending and s.acting == x.id and budget.slot_free(s, x2):
                best = 0.0
                for b in _system().legal_actions(s):
                    if isinstance(b, A.UseMove) and b.target is not None:
                        m = j2.c.moves.get(b.move)
                        if m is not None and m.is_attack and m.kind in ("projectile", "melee"):
                            best = max(best, self._attack_value(j2, x2, m, b.target))
                v2 += FOLLOW_UP * max(0.0, best - self._keep_value(j2, x2))
            checked.append((v2, n, a))
        if not checked:
            return top[2]
        checked.sort(key=lambda t: (-t[0], t[1]))
        return checked[0][2]




def _extras(move: MoveDef) -> float:
    """Conditions and pushes are worth a little beyond the damage."""
    v = sum(1.5 * max(1, e.rounds) for e in move.effects if e.verb == "condition")
    return v + (0.6 if move.pushback_ft else 0.0)


def _grants_adv_defence(j: Judge, m: MoveDef) -> bool:
    """Whether using `m` puts a condition with advantage on defences on its user."""
    for e in m.effects_of("self_condition"):
        cd = j.c.conditions.get(e.condition)
        if cd is not None and "adv_defence" in cd.verbs:
            return True
    return False


def _dry_run(state: BindingsState, action: Any, rng: Rng) -> BindingsState | None:
    """`action` submitted on a throwaway match around `state` with the bot's generator
    (tactics.bots.dry_run); None if the rules refuse it (IllegalAction only: anything else is
    a bug and fails)."""
    return bots.dry_run(_system(), state, action, rng).state


@register_bot("bindings", "normal")
def normal_bot() -> BindingsBot:
    return BindingsBot("bindings-normal")


# hard dry-runs this many of its best-scored choices (movement only) with the real rules: with
# four it won 50 of 90 mirrored games against normal (benchmarks/ai_bindings.py, full), with
# eight 53, with sixteen 57 (think max 0.29 s -> 0.48 s a side's turn)
HARD_VERIFY = 16


@register_bot("bindings", "hard")
def hard_bot() -> BindingsBot:
    return BindingsBot("bindings-hard", sharp=True, verify=HARD_VERIFY)


@register_bot("bindings", "easy")
def easy_bot() -> BindingsBot:
    return BindingsBot("bindings-easy", noise=4.0, random_rate=0.15)


__all__ = ["BindingsBot", "Judge", "combine_edges"]
