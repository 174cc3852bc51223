"""Bindings time made visible: pure functions from a BindingsState to the view records the segment
timeline (timeline.py) and the flight overlay (flight.py) in this package draw.

Owns: reading the clock (round, segment, whose turn, who is done, delayed or down), each
combatant's remaining round budget (BND-36/37), its slot this segment, cooldowns (BND-101) and
conditions, and everything in flight, as frozen, hashable records: `timeline_view(state)` ->
TimelineView, `flight_view(state)` -> FlightView, `sight_view(state, a, b)` -> SightLine,
`push_steps(events)` -> AnimStep list for CombatantPushed. Because the records are frozen and
hashable, a widget can compare this frame's record with the last one and redraw only on change.

The "next segment" hexes are a preview of what the engine does on the owner's next turn (the
projectile's next `rate` hexes as combat.simulate walks them: along the cube line toward its
target's current hex, through walls and rock (GM-14), until the end of its reach; the pushback's
next `rate` hexes away from its source; the wall's next `rate` planned cells). Where the engine
has its own walk (combat.simulate, movement.preview_pushback) it is asked, so the picture can
never disagree with the rules; tests advance a real match one segment and compare.

How the client calls it (K1's battle scene):
    tv = timeline_view(match.state)                 # every frame; cheap; hashable
    (optional: seen = orders_from_events(match.history); timeline_view(state, seen) keeps the
     order past columns really had, BND-29 leads included)
    fv = flight_view(match.state)                   # every frame
    sl = sight_view(match.state, attacker_hex, hovered_hex)   # while aiming a move
    steps = push_steps(events)                      # after submit, with the other AnimSteps

Must not: decide a rule, change the state, roll dice, or touch pygame (render/ and ui/ draw).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

from game.client.presenters import AnimStep
from game.engine.boards.hex import Cube, HexLayout, cube_distance, cube_round
from game.engine.systems.bindings import content as content_mod
from game.engine.systems.bindings import movement
from game.engine.systems.bindings.combat import simulate
from game.engine.systems.bindings.events import CombatantPushed, SegmentStarted
from game.engine.systems.bindings.house import house
from game.engine.systems.bindings.sight import sight
from game.engine.systems.bindings.state import (SEGMENTS_PER_ROUND, BindingsState, Hex,
                                                round_segment, tick_of)
from game.engine.tactics.lines import cube_path

Colour = tuple[int, int, int]

# BND-36: the three non-Swift budgets of a round; BND-37: two Swifts besides.
BUDGETS: tuple[tuple[str, ...], ...] = (("full",), ("standard", "move"), ("move", "move"))
SWIFTS_PER_ROUND = 2
ACTION_NAMES = {"full": "Full", "standard": "Standard", "move": "Move", "swift": "Swift",
                "free": "Free"}
MOVEMENT_NAMES = {"move": "Move", "dash": "Dash", "dodge": "Dodge", "swim": "Swim",
                  "step": "Step"}
TRIGGER_WORDS = {"enemy_in_range": "when an enemy comes in reach",
                 "attacked": "when it is attacked"}             # BND-25
SIDE_COLOURS: tuple[Colour, ...] = ((88, 150, 230), (226, 96, 78))
SCHOOL_COLOURS: dict[str, Colour] = {
    "aeromancy": (170, 226, 240), "petramancy": (176, 140, 96), "hydromancy": (80, 150, 235),
    "pyromancy": (245, 128, 52), "basic": (220, 220, 210), "weapon": (210, 210, 220),
    "maneuver": (226, 196, 120)}


# ---------------------------------------------------------------------------- records
@dataclass(frozen=True, slots=True)
class Budget:
    """What is left of a combatant's round budget. `options` lists the non-Swift combinations
    still open (e.g. (("full",), ("standard", "move"), ("move", "move")) when nothing is spent);
    `halves` is how many of the two budget halves remain (a Full takes both); `best` names the
    biggest action each remaining half can still be ("standard" or "move"); `full` is True while
    a Full action is still possible."""

    options: tuple[tuple[str, ...], ...]
    halves: int
    best: tuple[str, ...]
    full: bool
    swifts_left: int
    swifts_max: int = SWIFTS_PER_ROUND

    @property
    def text(self) -> str:
        if not self.options:
            return "no action left this round"
        return " or ".join(" + ".join(ACTION_NAMES[a] for a in o) for o in self.options)


@dataclass(frozen=True, slots=True)
class Ongoing:
    """One thing under way that belongs to a combatant: kind is "attack", "movement",
    "pushback" (one it caused), "pushed" (one it suffers), "wall", "veil" or "readied".
    `next_tick` is the tick it next acts in (None: nothing more scheduled); `eta_tick` the tick
    it lands, ends or fades; `segments_left` how many of the owner's turns it still takes."""

    id: str
    kind: str
    owner: str
    label: str
    detail: str
    move: str = ""
    target: str | None = None
    next_tick: int | None = None
    eta_tick: int | None = None
    segments_left: int = 0
    colour: Colour = (220, 220, 210)
    glyph: str = ""
    outcome: str = ""        # attacks: "contact", "short", "gone", "open"


@dataclass(frozen=True, slots=True)
class Mark:
    """Something that happens on a combatant's turn in one segment: kind "advance" (its attack
    flies on), "contact" (its attack reaches the target), "resolve" (an attack deferred to this
    defender's turn settles), "move" (its movement gives hexes), "push" (a pushback it caused
    moves on), "grow" (its wall grows). `text` is a short caption, `tip` a sentence."""

    kind: str
    glyph: str
    colour: Colour
    text: str
    tip: str


@dataclass(frozen=True, slots=True)
class Turn:
    """One combatant's turn in one segment. status: "acting", "done", "waiting", "delayed"
    (round 1, may not start an action yet: BND-19..21), "down" (out of the fight)."""

    cid: str
    status: str
    lead: bool = False
    slot_used: bool = False
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True, slots=True)
class Segment:
    """One segment column: `when` is "past", "current", "future" (later in this round) or
    "next" (the next round's first segment, where leads from BND-29 go first)."""

    round: int
    segment: int
    tick: int
    when: str
    turns: tuple[Turn, ...]

    @property
    def label(self) -> str:
        if self.round < 1:
            return "Opening"              # BND-23: the one action before round 1
        return f"S{self.segment}" if self.when != "next" else f"R{self.round} S{self.segment}"


@dataclass(frozen=True, slots=True)
class CombatantTime:
    """A combatant as the timeline shows it; hover text comes from `tooltip()`."""

    id: str
    name: str
    side: int
    glyph: str
    colour: Colour
    outline: Colour
    hp: int
    max_hp: int
    down: bool
    rank: int                                   # 1 = first; 0 when not ranked
    budget: Budget
    slot_used: bool                             # has started an action in this segment
    acting: bool
    delayed_until: int | None                   # round 1: first segment it may act in
    lead: bool                                  # goes first in the next S1 (BND-29)
    ongoing: tuple[Ongoing, ...] = ()
    cooldowns: tuple[tuple[str, str, int], ...] = ()     # (move id, name, ready round)
    conditions: tuple[tuple[str, str, str], ...] = ()    # (id, name, "until R2 S1")
    readied: str = ""
    unused: str = ""                            # "rise" / "lead" chosen for the round's end

    def tooltip(self) -> tuple[str, list[tuple[str, str] | str]]:
        """(title, lines) for battle_widgets.draw_tooltip."""
        lines: list[tuple[str, str] | str] = []
        lines.append(("HP", f"{self.hp} / {self.max_hp}" + ("  (down)" if self.down else "")))
        if self.rank:
            lines.append(("Initiative", f"rank {self.rank}" + ("  · leads next S1"
                                                                 if self.lead else "")))
        lines.append(("Budget left", self.budget.text))
        lines.append(("Swift", f"{self.budget.swifts_left} of {self.budget.swifts_max} left"))
        lines.append(("Slot this segment", "used" if self.slot_used else "free"))
        if self.delayed_until:
            lines.append(("Round 1", f"cannot start an action before S{self.delayed_until}"))
        for o in self.ongoing:
            lines.append((o.label, o.detail))
        for _mid, name, ready in self.cooldowns:
            lines.append((name, f"ready in round {ready}"))
        for _cid, name, until in self.conditions:
            lines.append((name, until))
        if self.readied:
            lines.append(("Readied", self.readied))
        if self.unused:
            lines.append(("Round end", {"rise": "spends unused actions to rise in rank",
                                        "lead": "spends a Standard to go first next S1"}
                          .get(self.unused, self.unused)))
        return self.name, lines


@dataclass(frozen=True, slots=True)
class TimelineView:
    round: int
    segment: int
    tick: int
    acting: str | None
    over: bool
    segments: tuple[Segment, ...]
    combatants: tuple[CombatantTime, ...]       # in rank order, then unranked
    opening: str | None = None                  # pre-combat action pending (BND-23)

    def combatant(self, cid: str) -> CombatantTime | None:
        for c in self.combatants:
            if c.id == cid:
                return c
        return None


@dataclass(frozen=True, slots=True)
class Flight:
    """An attack on the map. `trail` runs from its origin to its front hex `pos`; `next_path`
    is what it will enter on its attacker's next turn (tick `next_tick`); `contact_next` says it
    reaches its target then; `short` that it runs out of reach; `eta_tick` when it lands if
    nothing moves."""

    id: str
    move: str
    name: str
    attacker: str
    target: str | None
    colour: Colour
    glyph: str
    origin: Hex
    pos: Hex
    goal: Hex
    trail: tuple[Hex, ...]
    next_path: tuple[Hex, ...]
    next_tick: int | None
    contact_next: bool
    short: bool
    eta_tick: int | None
    status: str
    label: str


@dataclass(frozen=True, slots=True)
class Push:
    """A pushback in progress: `subject` at `pos` will be moved along `next_path` on the
    pusher's next turn (tick `next_tick`), then along `later_path`."""

    id: str
    subject: str
    by: str
    pos: Hex
    source: Hex
    done_path: tuple[Hex, ...]
    next_path: tuple[Hex, ...]
    later_path: tuple[Hex, ...]
    remaining: int
    rate: int
    next_tick: int | None
    label: str


@dataclass(frozen=True, slots=True)
class Structure:
    """A wall or veil: `cells` placed, `next_cells` grow on the owner's next turn, `later_cells`
    after that; it fades at tick `until` (-1: stays)."""

    id: str
    kind: str
    owner: str
    move: str
    name: str
    colour: Colour
    cells: tuple[Hex, ...]
    next_cells: tuple[Hex, ...]
    later_cells: tuple[Hex, ...]
    conceal: int
    until: int
    label: str
    caption: str = ""            # short map caption: "Earth Wall +1 S2"


@dataclass(frozen=True, slots=True)
class FlightView:
    tick: int
    flights: tuple[Flight, ...] = ()
    pushes: tuple[Push, ...] = ()
    structures: tuple[Structure, ...] = ()


@dataclass(frozen=True, slots=True)
class SightLine:
    """A targeting line from hex `a` to hex `b`, from the engine's sight(): `lines` are map
    pixels at scale 1 (the centre line first); `cover` and `concealment` as measured; the hexes
    that cause them; `label` a short caption ("cover · conceal 1 (1/6 miss)")."""

    a: Hex
    b: Hex
    can_see: bool
    targetable: bool
    cover: bool
    concealment: int
    lines: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    blocked_by: tuple[Hex, ...]
    concealed_by: tuple[Hex, ...]
    label: str


# ---------------------------------------------------------------------------- helpers
def when_label(tick: int, now: int) -> str:
    """"S2" inside the current round, "R3 S1" beyond it."""
    r, s = round_segment(tick)
    nr, _ = round_segment(now)
    return f"S{s}" if r == nr else f"R{r} S{s}"


def remaining_budget(spent: Iterable[str], swifts: int) -> Budget:
    """BND-36/37: which non-Swift combinations are still open after `spent`, and Swifts left."""
    spent = [s for s in spent if s not in ("swift", "free")]
    options: list[tuple[str, ...]] = []
    for combo in BUDGETS:
        rest = list(combo)
        ok = True
        for s in spent:
            if s in rest:
                rest.remove(s)
            else:
                ok = False
                break
        if ok and rest and tuple(rest) not in options:
            options.append(tuple(rest))
    full = ("full",) in options
    halves = max((len(o) for o in options), default=0)
    best: list[str] = []
    if halves == 2:
        best = ["standard", "move"]
    elif halves == 1:
        best = ["standard" if any("standard" in o for o in options) else "move"]
    return Budget(tuple(options), halves, tuple(best), full,
                  max(0, SWIFTS_PER_ROUND - int(swifts)))


def _content(state: BindingsState) -> Any:
    """The content the match's rules read (its inline content laid over the shipped set)."""
    return content_mod.content_of(state)


def _presentation() -> Any:
    return content_mod.presentation()


def _hex_colour(text: str, default: Colour) -> Colour:
    try:
        t = text.lstrip("#")
        return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)
    except (ValueError, AttributeError, IndexError):
        return default


def move_name(move_id: str, c: Any = None) -> str:
    """A move's name in `c` (the match's content, `_content(state)`; default: the shipped set),
    else a movement mode's name, else the id made readable."""
    c = c if c is not None else content_mod.content()
    if c is not None and move_id in c.moves:
        return c.moves[move_id].name
    return MOVEMENT_NAMES.get(move_id, move_id.replace("_", " ").title())


def move_look(move_id: str, c: Any = None) -> tuple[Colour, str]:
    """(colour, glyph) of a move: assets/bindings/moves.toml, else its school's colour in `c`
    (as for move_name)."""
    p = _presentation()
    if p is not None and move_id in p.moves:
        t = p.moves[move_id]
        return _hex_colour(t["colour"], (230, 230, 230)), t["glyph"]
    c = c if c is not None else content_mod.content()
    if c is not None and move_id in c.moves:
        m = c.moves[move_id]
        return SCHOOL_COLOURS.get(m.school, (230, 230, 230)), m.name[:1]
    return (230, 230, 230), move_id[:1].upper()


def combatant_look(state: BindingsState, cid: str) -> tuple[Colour, Colour, str]:
    """(fill colour, outline colour, glyph) of a combatant from assets/bindings/combatants.toml,
    else its side's colour and its initial."""
    c = state.combatants[cid]
    side = SIDE_COLOURS[c.side % len(SIDE_COLOURS)]
    p = _presentation()
    if p is not None and c.sheet in p.combatants:
        t = p.combatants[c.sheet]
        return (_hex_colour(t["colour"], side), _hex_colour(t.get("outline", "#202020"),
                                                           (32, 32, 32)), t["glyph"])
    return side, (32, 32, 32), (c.name[:1] or "?").upper()


def _layout(state: BindingsState) -> HexLayout | None:
    b = state.board
    if b is None or getattr(b, "orientation", "") != "hexagonal":
        return None
    return HexLayout.from_board(b)


def _next_turn_tick(state: BindingsState, cid: str, last_tick: int) -> int | None:
    """The tick of `cid`'s next turn on which its ongoing things advance: this segment if its
    turn is still to come (or is under way and has not yet advanced them), else the next one."""
    c = state.combatants.get(cid)
    if c is None or c.down or state.over:
        return None
    now = state.tick
    if last_tick >= now:
        return now + 1
    if state.opening is not None:
        return now
    order = state.seg_order
    if cid in order:
        i = order.index(cid)
        if i > state.turn or (i == state.turn and not state.turn_begun):
            return now
    return now + 1


def _turn_ticks(state: BindingsState, start: int | None, count: int) -> list[int]:
    if start is None or count <= 0:
        return []
    return [start + k for k in range(count)]


def attack_goal(state: BindingsState, a: Any) -> Hex:
    """Where an attack is heading: its target's current hex (GM-14 "track"), else the hex it
    was aimed at."""
    if a.target and house(state, "projectile_tracking") == "track":
        t = state.combatants.get(a.target)
        if t is not None and not t.down:
            return (t.x, t.y)
    return tuple(a.aim)  # type: ignore[return-value]


def _reach_left(a: Any) -> int:
    """Hexes the attack may still cover before it falls short (GM-21: `max_travel` is the whole
    reach, `travelled` what it has used)."""
    return max(0, int(a.max_travel) - int(a.travelled))


def simulate_attack(state: BindingsState, a: Any, limit: int = 200) -> tuple[list[Hex], str, Hex | None]:
    """An attack's flight as the engine walks it (combat.simulate), assuming nobody moves:
    (hexes entered, how it ends, where): "contact" (it reaches its goal, or a creature in the way
    under GM-28: the hex), "short" (out of reach: the hex it falls in), "gone" (its target is
    down: where it is) or "open" (still flying after `limit` hexes). Walls and rock do not
    stop a projectile in flight (GM-14), so a path may run through them. An attack that reaches
    an empty aimed hex counts as "contact" here: it lands there, and the engine tells what it
    finds."""
    if a.target is not None and a.target not in state.combatants:
        return [], "gone", tuple(a.pos)
    if _layout(state) is None:
        return [], "open", None
    steps, end = simulate(state, a, limit)
    last: Hex = steps[-1] if steps else tuple(a.pos)  # type: ignore[assignment]
    if end == "gone":
        return [], "gone", tuple(a.pos)
    if end in ("contact", "empty"):
        return steps, "contact", last
    if end == "short":
        return steps, "short", last
    return steps, "open", None


def live_attacks(state: BindingsState) -> list[Any]:
    """The attacks still to show: not done, and not one that waits on a target the engine's own
    walk (combat.simulate) calls gone. An attack deferred to its target's turn (BND-13) whose
    target fell first stays in the state, waiting for a turn that never comes; drawing it
    would leave its marker and caption on the fallen combatant for the rest of the battle."""
    out = []
    for a in state.attacks:
        if a.status == "done":
            continue
        if a.status in ("awaiting_defence", "deferred") and \
                simulate_attack(state, a, limit=1)[1] == "gone":
            continue
        out.append(a)
    return out


def preview_attack(state: BindingsState, a: Any) -> tuple[list[Hex], bool, bool]:
    """(hexes entered on its next advance, contacts then, falls short then)."""
    steps, end, _at = simulate_attack(state, a)
    nxt = steps[:a.rate]
    within = len(steps) <= a.rate if end == "contact" else len(steps) < a.rate
    return nxt, end == "contact" and within, end == "short" and within


def attack_eta(state: BindingsState, a: Any, next_tick: int | None) -> int | None:
    """The tick it reaches its goal if nothing moves and nothing blocks it (BND-50), else None."""
    if next_tick is None:
        return None
    steps, end, _at = simulate_attack(state, a)
    if end != "contact":
        return None
    return next_tick + max(1, math.ceil(len(steps) / max(1, a.rate))) - 1


def push_line(lay: HexLayout, source: Hex, subject: Hex, n: int) -> list[Hex]:
    """`n` hexes directly away from `source`, continuing the straight line from `source` through
    `subject` (BND-72)."""
    if n <= 0:
        return []
    a, b = lay.to_cube(*source), lay.to_cube(*subject)
    d = cube_distance(a, b)
    if d == 0:
        return []
    k = (d + n) / d
    far: Cube = cube_round(a[0] + (b[0] - a[0]) * k + 1e-6, a[1] + (b[1] - a[1]) * k + 2e-6,
                           a[2] + (b[2] - a[2]) * k - 3e-6)
    line = cube_path(a, far)
    i = line.index(b) if b in line else d
    return [lay.from_cube(c) for c in line[i + 1:i + 1 + n]]


def preview_push(state: BindingsState, p: Any) -> tuple[list[Hex], list[Hex]]:
    """(hexes the subject enters on the pusher's next turn, the rest of the straight line after
    that). The engine's movement.preview_pushback and its plan are used when present."""
    if p.path:
        nxt = list(movement.preview_pushback(state, p))
        later: list[Hex] = []
        plan = list(movement._plan(state, p))
        done = len(p.path) - 1 + len(nxt)
        if len(nxt) == min(int(p.rate), int(p.remaining)):     # not stopped early
            later = plan[done:len(p.path) - 1 + int(p.remaining)]
        return nxt, later
    lay = _layout(state)
    subj = state.combatants.get(p.subject)
    if lay is None or subj is None:
        return [], []
    rest = push_line(lay, tuple(p.source), (subj.x, subj.y), int(p.remaining))
    return rest[:p.rate], rest[p.rate:]


# ---------------------------------------------------------------------------- ongoing
def _attack_ongoing(state: BindingsState, a: Any) -> tuple[Ongoing, int | None, int | None]:
    colour, glyph = move_look(a.move, _content(state))
    name = move_name(a.move, _content(state))
    tname = state.combatants[a.target].name if a.target in state.combatants else "the hex"
    if a.status in ("awaiting_defence", "deferred", "resolving"):
        # "resolving": it has landed and waits on a stage (use_dodge, circumstance)
        detail = (f"waits for {tname}'s answer" if a.status == "awaiting_defence"
                  else "lands now, once the choice is made" if a.status == "resolving"
                  else f"settles on {tname}'s turn ({when_label(state.tick, state.tick)})")
        return (Ongoing(a.id, "attack", a.attacker, f"{name} at {tname}", detail, a.move,
                        a.target, state.tick, state.tick, 0, colour, glyph, "contact"),
                state.tick, state.tick)
    nt = _next_turn_tick(state, a.attacker, a.advanced_tick)
    steps, outcome, _at = simulate_attack(state, a)
    rate = max(1, int(a.rate))
    if outcome == "contact":
        advances = max(1, math.ceil(len(steps) / rate))
    else:                   # it stops while trying the hex after its last one
        advances = len(steps) // rate + 1
    eta = None if nt is None or outcome in ("open", "gone") else nt + advances - 1
    moving = "" if advances <= 1 else f" if {tname} stays" if a.target else ""
    if outcome == "gone":
        detail = "its target is down: it stops"
    elif nt is None or eta is None:
        detail = "stalled" if nt is None else "in flight"
    elif outcome == "contact":
        detail = f"hits {when_label(eta, state.tick)}{moving}"
    else:
        detail = f"falls short {when_label(eta, state.tick)}{moving}"
    segs = 0 if eta is None or nt is None else eta - nt + 1
    return (Ongoing(a.id, "attack", a.attacker, f"{name} at {tname}", detail, a.move, a.target,
                    nt, eta, segs, colour, glyph, outcome), nt, eta)


def _movement_ongoing(state: BindingsState, m: Any) -> tuple[Ongoing, list[int]]:
    name = MOVEMENT_NAMES.get(m.mode, m.mode)
    nt = _next_turn_tick(state, m.owner, m.refreshed_tick)
    # `segments_left` counts the owner's turns still to come that give hexes
    ticks = _turn_ticks(state, nt, m.segments_left)
    parts = []
    if m.refreshed_tick == state.tick:
        parts.append(f"{m.now} hex{'es' if m.now != 1 else ''} left now")
    if ticks:
        parts.append(f"{m.rate}/segment until {when_label(ticks[-1], state.tick)}")
    elif not parts:
        parts.append("ends this segment")
    if m.bonus:
        parts.append(f"+{m.bonus} bonus")
    return (Ongoing(m.id, "movement", m.owner, name, ", ".join(parts), m.mode, None,
                    ticks[0] if ticks else None, ticks[-1] if ticks else state.tick, len(ticks),
                    (120, 220, 140), name[:1]), ticks)


def _push_ongoing(state: BindingsState, p: Any) -> tuple[Ongoing, Ongoing, list[int]]:
    nt = _next_turn_tick(state, p.by, p.advanced_tick)
    segs = math.ceil(p.remaining / max(1, p.rate)) if p.remaining > 0 else 0
    ticks = _turn_ticks(state, nt, segs)
    subj = state.combatants.get(p.subject)
    by = state.combatants.get(p.by)
    sname = subj.name if subj else p.subject
    byname = by.name if by else p.by
    end = when_label(ticks[-1], state.tick) if ticks else "now"
    caused = Ongoing(p.id, "pushback", p.by, f"Pushing {sname}",
                     f"{p.remaining} hex{'es' if p.remaining != 1 else ''} to go, done {end}",
                     "", p.subject, ticks[0] if ticks else None, ticks[-1] if ticks else None,
                     len(ticks), (236, 196, 70), "»")
    suffered = Ongoing(p.id, "pushed", p.subject, f"Pushed by {byname}",
                       f"{p.remaining} hex{'es' if p.remaining != 1 else ''} to go, done {end}; "
                       "its own movement waits", "", p.by,
                       ticks[0] if ticks else None, ticks[-1] if ticks else None, len(ticks),
                       (236, 196, 70), "»")
    return caused, suffered, ticks


def _feature_ongoing(state: BindingsState, f: Any) -> tuple[Ongoing, list[int]]:
    name = move_name(f.move, _content(state))
    colour, glyph = move_look(f.move, _content(state))
    ticks: list[int] = []
    if f.plan and f.rate > 0:
        nt = _next_turn_tick(state, f.owner, f.grown_tick)
        ticks = _turn_ticks(state, nt, math.ceil(len(f.plan) / f.rate))
    parts = []
    if ticks:
        parts.append(f"grows {f.rate}/segment until {when_label(ticks[-1], state.tick)}")
    if f.until >= 0:
        parts.append(f"gone from {when_label(f.until, state.tick)}")
    return (Ongoing(f.id, f.kind, f.owner, name, ", ".join(parts) or "stays", f.move, None,
                    ticks[0] if ticks else None, f.until if f.until >= 0 else None, len(ticks),
                    colour, glyph), ticks)


# ---------------------------------------------------------------------------- the timeline
def _delayed_until(state: BindingsState, c: Any) -> int | None:
    if state.round <= 1 and c.first_segment > 1:
        return int(c.first_segment)
    return None


def _projected_lead(state: BindingsState) -> list[str]:
    """Who goes first in the next round's S1 (BND-29): those that chose "lead" for this round's
    end and still have the Standard it costs (turns.end_round appends them in rank order)."""
    out = []
    for cid in state.order:
        c = state.combatants[cid]
        if c.unused_choice == "lead" and not c.down and remaining_budget(c.spent, 0).halves \
                and "standard" in remaining_budget(c.spent, 0).best:
            out.append(cid)
    return out


def _column_order(state: BindingsState, seg: int, when: str,
                  seen: dict[int, tuple[str, ...]] | None) -> tuple[list[str], set[str]]:
    """(turn order, the leads in it) for segment `seg` of this round (`when` past/current/
    future) or of the next round ("next")."""
    tick = tick_of(state.round + (1 if when == "next" else 0), seg)
    leads: list[str] = []
    if when == "current" and state.seg_order:
        order = list(state.seg_order)
        if seg == 1:
            leads = [c for c in state.lead if c in order]
    elif seen and tick in seen:
        order = list(seen[tick])
    elif when == "next":
        leads = _projected_lead(state)
        order = [*dict.fromkeys([*leads, *state.order])]
    elif seg == 1 and when == "past" and state.lead:
        order = [*dict.fromkeys([*state.lead, *state.order])]
        leads = list(state.lead)
    else:
        order = list(state.order)
    # down combatants stay in view, crossed out, after those still fighting
    missing = [cid for cid, c in state.combatants.items() if cid not in order and c.down]
    return order + missing, set(leads)


def _marks(state: BindingsState) -> dict[tuple[str, int], list[Mark]]:
    out: dict[tuple[str, int], list[Mark]] = {}

    def add(cid: str, tick: int, m: Mark) -> None:
        out.setdefault((cid, tick), []).append(m)

    for a in live_attacks(state):
        o, nt, eta = _attack_ongoing(state, a)
        name = move_name(a.move, _content(state))
        tname = state.combatants[a.target].name if a.target in state.combatants else "the hex"
        if a.status in ("awaiting_defence", "deferred") and a.target:
            add(a.target, state.tick, Mark("resolve", o.glyph, (232, 80, 64), "!",
                                           f"{name} from {state.combatants[a.attacker].name} "
                                           f"settles on {tname}'s turn"))
            continue
        if nt is None:
            continue
        last = eta if eta is not None else nt
        for t in range(nt, last + 1):
            if t == eta and o.outcome == "contact":
                add(a.attacker, t, Mark("contact", o.glyph, (232, 80, 64), "hit",
                                        f"{name} reaches {tname}"))
            elif t == eta:
                add(a.attacker, t, Mark("stop", o.glyph, (150, 150, 160), "x",
                                        f"{name} {o.detail}"))
            else:
                add(a.attacker, t, Mark("advance", o.glyph, o.colour, f"{a.rate}",
                                        f"{name} flies {a.rate} hexes toward {tname}"))
    for m in state.movements:
        o, ticks = _movement_ongoing(state, m)
        for t in ticks:
            add(m.owner, t, Mark("move", o.glyph, o.colour, f"{m.rate}",
                                 f"{o.label}: {m.rate} hexes"))
    for p in state.pushbacks:
        if p.remaining <= 0:
            continue
        caused, _s, ticks = _push_ongoing(state, p)
        left = int(p.remaining)
        for t in ticks:
            n = min(p.rate, left)
            left -= n
            add(p.by, t, Mark("push", "»", caused.colour, f"{n}", f"{caused.label}: {n} hexes"))
    for f in state.features:
        o, ticks = _feature_ongoing(state, f)
        for t in ticks:
            add(f.owner, t, Mark("grow", o.glyph, o.colour, f"+{f.rate}",
                                 f"{o.label} grows {f.rate} hexes"))
    return out


def _combatant_times(state: BindingsState) -> list[CombatantTime]:
    per: dict[str, list[Ongoing]] = {cid: [] for cid in state.combatants}
    for a in live_attacks(state):
        if a.attacker in per:
            per[a.attacker].append(_attack_ongoing(state, a)[0])
    for m in state.movements:
        if m.owner in per:
            per[m.owner].append(_movement_ongoing(state, m)[0])
    for p in state.pushbacks:
        if p.remaining > 0:
            caused, suffered, _t = _push_ongoing(state, p)
            if p.by in per:
                per[p.by].append(caused)
            if p.subject in per:
                per[p.subject].append(suffered)
    for f in state.features:
        if f.owner in per:
            per[f.owner].append(_feature_ongoing(state, f)[0])
    cont = _content(state)
    leads = set(_projected_lead(state))
    ranked = [cid for cid in state.order if cid in state.combatants]
    ids = ranked + [cid for cid in state.combatants if cid not in ranked]
    out = []
    for cid in ids:
        c = state.combatants[cid]
        fill, outline, glyph = combatant_look(state, cid)
        cds = []
        for mid, used in sorted(c.cooldowns.items()):
            cd = cont.moves[mid].cooldown if cont is not None and mid in cont.moves else 0
            ready = int(used) + cd + 1                     # BND-101
            if cd > 0 and ready > state.round:
                cds.append((mid, move_name(mid, cont), ready))
        conds = []
        for cond in c.conditions:
            if cond.until >= 0 and state.tick >= cond.until:
                continue
            cname = (cont.conditions[cond.id].name if cont is not None
                     and cond.id in cont.conditions else cond.id.title())
            until = ("until removed" if cond.until < 0 else
                     f"until {when_label(cond.until, state.tick)}")
            conds.append((cond.id, cname, until))
        if c.readied:
            r = c.readied if isinstance(c.readied, dict) else {}
            act = r.get("action") if isinstance(r.get("action"), dict) else {}
            mv = str(r.get("move") or act.get("move") or "")
            trigger = str(r.get("trigger", ""))
            readied = (f"{move_name(mv, cont) if mv else 'an action'} "
                       f"{TRIGGER_WORDS.get(trigger, 'when ' + trigger.replace('_', ' '))}, "
                       "this round only")
        else:
            readied = ""
        out.append(CombatantTime(
            id=cid, name=c.name, side=c.side, glyph=glyph, colour=fill, outline=outline,
            hp=c.hp, max_hp=c.max_hp, down=c.down,
            rank=ranked.index(cid) + 1 if cid in ranked else 0,
            budget=remaining_budget(c.spent, c.swifts),
            slot_used=c.slot_tick == state.tick, acting=state.acting == cid,
            delayed_until=_delayed_until(state, c), lead=cid in leads,
            ongoing=tuple(per[cid]), cooldowns=tuple(cds), conditions=tuple(conds),
            readied=readied, unused=c.unused_choice or ""))
    return out


def timeline_view(state: BindingsState,
                  seen_orders: dict[int, tuple[str, ...]] | None = None,
                  show_next: bool = True) -> TimelineView:
    """The segment timeline for this state. `seen_orders` (tick -> order, from SegmentStarted
    events) lets past columns show the order they really had; `show_next` adds the next round's
    first segment (where BND-29 leads go first)."""
    marks = _marks(state)
    segs: list[Segment] = []
    columns = [(state.round, s, "past" if s < state.segment else "current"
                if s == state.segment else "future") for s in range(1, SEGMENTS_PER_ROUND + 1)]
    if show_next:
        columns.append((state.round + 1, 1, "next"))
    if state.round < 1:
        # before round 1 (BND-23): the opening action, then round 1 as it will run
        columns = [(state.round, state.segment, "current")] + [
            (1, s, "future") for s in range(1, SEGMENTS_PER_ROUND + 1)]
    for rnd, seg, when in columns:
        tick = tick_of(rnd, seg)
        order, leads = _column_order(state, seg, when, seen_orders)
        if rnd < 1:
            order, leads = list(state.seg_order), set()
        turns = []
        for i, cid in enumerate(order):
            c = state.combatants.get(cid)
            if c is None:
                continue
            if c.down:
                status = "down"
            elif rnd == 1 and c.first_segment > seg:
                status = "delayed"
            elif when == "past":
                status = "done"
            elif when == "current":
                if state.over:
                    status = "done"
                elif state.opening is not None:
                    status = "acting" if cid == state.opening else "waiting"
                elif i < state.turn:
                    status = "done"
                elif i == state.turn:
                    status = "acting"
                else:
                    status = "waiting"
            else:
                status = "waiting"
            turns.append(Turn(cid, status, cid in leads,
                              when == "current" and c.slot_tick == tick,
                              tuple(marks.get((cid, tick), ()))))
        segs.append(Segment(rnd, seg, tick, when, tuple(turns)))
    return TimelineView(state.round, state.segment, state.tick, state.acting, state.over,
                        tuple(segs), tuple(_combatant_times(state)), state.opening)


# ---------------------------------------------------------------------------- the map overlay
def flight_view(state: BindingsState) -> FlightView:
    """Everything in flight on the map, with next-segment previews."""
    lay = _layout(state)
    flights = []
    for a in live_attacks(state):
        o, nt, eta = _attack_ongoing(state, a)
        path, contact, short = preview_attack(state, a)
        if a.status in ("awaiting_defence", "deferred"):
            path, contact, short = [], True, False
        origin, pos = tuple(a.origin), tuple(a.pos)
        trail: tuple[Hex, ...] = (origin, pos) if origin != pos else (pos,)
        if lay is not None and origin != pos:
            trail = tuple(lay.from_cube(c) for c in cube_path(lay.to_cube(*origin),
                                                              lay.to_cube(*pos)))
        label = o.detail.split(" if ")[0]
        flights.append(Flight(a.id, a.move, move_name(a.move, _content(state)), a.attacker, a.target, o.colour,
                              o.glyph, origin, pos, attack_goal(state, a), trail, tuple(path),
                              nt, contact, short, eta, a.status, label))
    pushes = []
    for p in state.pushbacks:
        subj = state.combatants.get(p.subject)
        if subj is None or p.remaining <= 0:
            continue
        nxt, later = preview_push(state, p)
        caused, _s, ticks = _push_ongoing(state, p)
        nt = ticks[0] if ticks else None
        wanted = min(int(p.rate), int(p.remaining))
        if nt is None:
            label = "push waits"
        elif len(nxt) < wanted:
            label = (f"pushed {len(nxt)}, then stops against an obstacle "
                     f"{when_label(nt, state.tick)}")
        else:
            label = f"pushed {len(nxt)} {when_label(nt, state.tick)}"
        pushes.append(Push(p.id, p.subject, p.by, (subj.x, subj.y), tuple(p.source),
                           tuple(tuple(h) for h in p.path), tuple(nxt), tuple(later),
                           int(p.remaining), int(p.rate), nt, label))
    structures = []
    for f in state.features:
        if f.until >= 0 and state.tick >= f.until:
            continue
        o, ticks = _feature_ongoing(state, f)
        nxt, later = _growth(state, f) if ticks else ([], [tuple(h) for h in f.plan])
        caption = (f"{o.label} +{len(nxt)} {when_label(ticks[0], state.tick)}" if ticks and nxt
                   else "")
        structures.append(Structure(f.id, f.kind, f.owner, f.move, o.label, o.colour,
                                    tuple(tuple(h) for h in f.cells), tuple(nxt), tuple(later),
                                    int(f.conceal), int(f.until), o.detail, caption))
    return FlightView(state.tick, tuple(flights), tuple(pushes), tuple(structures))


def _growth(state: BindingsState, f: Any) -> tuple[list[Hex], list[Hex]]:
    """(cells a wall adds on its owner's next turn, the plan after that): as combat._grow, the
    next `rate` planned hexes, skipping any with a creature or solid rock in them."""
    b = state.board
    occupied = {(c.x, c.y) for c in state.combatants.values() if not c.down}
    plan = [tuple(h) for h in f.plan]
    nxt: list[Hex] = []
    i = 0
    while i < len(plan) and len(nxt) < max(1, int(f.rate)):
        h = plan[i]
        i += 1
        if h in occupied or (b is not None and b.prop(h[0], h[1], "solid", False)):
            continue
        nxt.append(h)  # type: ignore[arg-type]
    return nxt, plan[i:]  # type: ignore[return-value]


def sight_view(state: BindingsState, a: Hex, b: Hex, attacker_id: str | None = None) -> SightLine:
    """The engine's sight from `a` to `b` (G's sight.py), as a drawable record."""
    s = sight(state, a, b, attacker_id)
    parts = []
    if not s.can_see:
        parts.append("no line of sight")
    else:
        if s.cover:
            parts.append("cover: disadvantage")
        if s.concealment:
            parts.append(("total concealment" if s.concealment >= 3 else
                          f"concealment {s.concealment}") + f" ({s.concealment}/6 miss)")
        if not parts:
            parts.append("clear shot")
    return SightLine(tuple(a), tuple(b), s.can_see, s.targetable, s.cover, s.concealment,
                     tuple(s.lines), tuple(s.blocked_by), tuple(s.concealed_by),
                     " · ".join(parts))


def orders_from_events(events: Iterable[Any],
                       into: dict[int, tuple[str, ...]] | None = None) -> dict[int, tuple[str, ...]]:
    """tick -> turn order from SegmentStarted events (match.history, then each submit's), for
    timeline_view's `seen_orders`, so past columns keep the order they had (leads included)."""
    out = into if into is not None else {}
    for e in events:
        if isinstance(e, SegmentStarted):
            out[tick_of(e.round, e.segment)] = tuple(e.order)
    return out


def push_steps(events: Iterable[Any]) -> list[AnimStep]:
    """Board animation steps ("knock" slides) for the CombatantPushed events in `events`."""
    return [AnimStep("knock", e.subject, tuple(tuple(h) for h in e.path))
            for e in events if isinstance(e, CombatantPushed) and e.path]
