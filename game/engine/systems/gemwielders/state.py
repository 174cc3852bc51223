"""Gemwielders match state: plain, mutable dataclasses that serialise to JSON.

Owns: the shape of a Gemwielders match: every card instance (unique id + content id), the zones
that hold them, both players' counters, the shared gem pool, gem card deck, draft row, Source
stack and scrap pile, the phase and draft-step progress, pending mid-action stages, the effect
queue and the attack in progress. Rules code (rules.py, effects.py) mutates a copy of it inside
`Match.submit`.

Must not: hold content definitions (those come from content.py by content id) or presentation.

Zones (GW card conservation: every card id lives in exactly one of them):
  each player: deck (index 0 = top), hand, discard (last = top), defense (left/oldest first),
  mods (modifications in play in that player's area);
  shared: gem_deck (index 0 = top), row (5 slots, None = empty), sources (the Source stack),
  scrap (face up, out of the game), table (cards put down and not yet settled: a skill or Source
  while it resolves, the attack cards of the attack in progress).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, Callable

from game.engine.stateclone import record_dict
from game.engine.tactics.pending import Pending as TPending
from game.engine.tactics.pending import stack_from_json, stack_to_json

LIFE_START = 50          # GW-01
LIFE_CAP = 50            # GW-02
HAND_SIZE = 5            # GW-07, GW-45
ROW_SIZE = 5             # GW-11, GW-18
MAX_GEMS = 5             # GW-20
BEARER = "bearer"        # the key UseCard uses for a player's Gembearer

PHASES = ("setup", "draft", "main", "attack", "draw", "over")


@dataclass(slots=True, frozen=True)   # frozen: copies share Card objects (see _COPY_PLAN)
class Card:
    """One physical card. `id` is unique in the match ("c1", "c2", ...); `cid` is its content
    id (a weapon, gem card or Source in game/data/gemwielders). In a redacted view a hidden card
    is a placeholder: id "?<n>" and cid "hidden"."""

    id: str
    cid: str


@dataclass(slots=True)
class Player:
    seat: int
    gembearer: str | None = None             # content id; None until chosen (GW-05)
    gems: list[str] = field(default_factory=list)   # socketed gem letters in order (GW-20/21)
    bearer_ready: bool = True                 # GW-53: comes into play ready
    life: int = LIFE_START
    power: int = 0                            # GW-03; never below 0 (GW-27)
    deck: list[str] = field(default_factory=list)     # top first; order hidden from everyone
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # public; last is the top
    defense: list[str] = field(default_factory=list)  # face down, left (oldest) first (GW-33)
    mods: list[str] = field(default_factory=list)     # modifications in play, in play order
    used: list[str] = field(default_factory=list)     # ids of mods turned sideways (GW-31)
    knows: list[str] = field(default_factory=list)    # hidden card ids this seat has seen
    # (own deck top after a look, an opponent's face-down defense card after a peek); a view
    # shows these instead of placeholders. Cleared for a deck when it is shuffled.
    buffs: dict[str, int] = field(default_factory=dict)  # this-turn modifiers ("attack": 2);
    # cleared at the end of every turn
    flags: dict[str, Any] = field(default_factory=dict)  # free JSON-able per-player memory for
    # effects (e.g. counters a card keeps); never cleared by the flow


def Pending(stage: str, seat: int, handler: str = "rules",  # noqa: N802  (reads as a record)
            data: dict[str, Any] | None = None) -> TPending:
    """A mid-action choice (tactics.pending.Pending) routed by `handler`: "rules" for the
    flow's own stages, "effects" for choices raised inside effects.resolve, whose `data` holds
    the rest of the effect list and its ctx."""
    return TPending(stage, seat, None, {} if data is None else data, handler)


@dataclass(slots=True)
class Attack:
    """The attack in progress (GW-35..43). Attack cards sit in `GwState.table`; the revealed
    defense cards stay in the defender's `defense` list until cleanup (GW-43).

    `sword` / `shield` hold per-card deltas from effects (card id -> n, GW-56; "counts as N"
    is stored as the delta from the print, so later changes add to it); `bonus_sword` / `bonus_shield` change the totals. Values are
    floored at 0 per card and per total (GW-U-15). `step` is where the sequence stands:
    choose -> reveal -> attack_effects -> defense_effects -> other_effects -> compare ->
    result_effects -> damage -> cleanup -> done."""

    attacker: int
    defender: int
    cards: list[str] = field(default_factory=list)    # in the order they were put down
    announced: int | None = None          # the total announced (GW-35)
    revealed: list[str] = field(default_factory=list)  # defender's setup, left to right
    sword: dict[str, int] = field(default_factory=dict)
    shield: dict[str, int] = field(default_factory=dict)
    bonus_sword: int = 0
    bonus_shield: int = 0
    bonus_damage: int = 0                 # effects that change damage (GW-U-14)
    step: str = "choose"
    order: list[str] = field(default_factory=list)     # attacker's chosen effect order (keys)
    resolved: list[str] = field(default_factory=list)  # effect keys resolved so far, in order
    result: str | None = None             # "hit" or "miss" (GW-40)
    damage: int = 0


@dataclass(slots=True)
class GwState:
    house: dict[str, Any]                 # resolved house rules
    cards: dict[str, Card] = field(default_factory=dict)
    players: list[Player] = field(default_factory=lambda: [Player(0), Player(1)])
    pool: dict[str, int] = field(default_factory=dict)   # gem type letter -> tokens left
    gem_deck: list[str] = field(default_factory=list)    # top first (GW-09)
    row: list[str | None] = field(default_factory=lambda: [None] * ROW_SIZE)
    sources: list[str] = field(default_factory=list)     # the Source stack (GW-10)
    scrap: list[str] = field(default_factory=list)       # GW-51
    table: list[str] = field(default_factory=list)       # cards resolving / attacking now
    first: int = 0                        # seat of Player 1 (GW-04)
    turn: int = 0                         # 1 = Player 1's first turn; 0 during set-up
    active: int = 0                       # seat whose turn it is
    phase: str = "setup"
    draft_step: int = 1                   # lowest draft step still open this phase (GW-24)
    redealt: bool = False                 # Player 2 used the one redeal (GW-12)
    pending: list[TPending] = field(default_factory=list)   # stack; last is answered first
    queue: list[dict[str, Any]] = field(default_factory=list)
    # effect work items resolved in order when nothing is pending:
    # {"owner": seat, "effects": [...], "ctx": {...}}
    attack: Attack | None = None
    attacked: bool = False                # this turn's attack phase has been used
    fired: list[str] = field(default_factory=list)   # once-per-turn keys "card:hit" (GW-41)
    deck_out_turn: int | None = None      # turn in which the gem card deck ran out (GW-49)
    both_down: bool = False               # both at 0 or below: finish the phase (GW-48)
    over: bool = False
    winner: int | None = None
    end_reason: str = ""
    next_id: int = 1
    content: str = "default"              # which content set the match uses
    inline: dict[str, Any] | None = None  # set-up `content` table: inline content laid over
    # that set (content.for_state); plain JSON, shared by copies, never changed in place
    stacked: dict[str, list[str]] = field(default_factory=dict)
    # set-up key `stack`: content ids put on top of "deck0", "deck1", "gem_deck" after the
    # shuffle (scenarios and tutorials fix deck orders with it)
    names: list[str] = field(default_factory=list)
    # the seats' names as the table gave them (the match's seat names), seat 0 first, for the
    # words that end the game; empty when none was given: "Player 1" is seat 0, as the client
    # calls it (the rules' Player 1, who moves first, may be either seat)

    # --- helpers every module uses ------------------------------------------------------------
    def p(self, seat: int) -> Player:
        return self.players[seat]

    def other(self, seat: int) -> int:
        return 1 - seat

    def seat_name(self, seat: int) -> str:
        """The seat as players read it: the name the table gave it, else 'Player N' (by seat)."""
        return (self.names[seat] if 0 <= seat < len(self.names) and self.names[seat]
                else f"Player {seat + 1}")

    def cid(self, card_id: str) -> str:
        return self.cards[card_id].cid

    def new_card(self, cid: str) -> str:
        cid_ = f"c{self.next_id}"
        self.next_id += 1
        self.cards[cid_] = Card(cid_, cid)
        return cid_

    def to_json(self) -> dict[str, Any]:
        d = record_dict(self)                   # dataclasses.asdict's answer, made directly
        d["pending"] = stack_to_json(self.pending)
        if d["inline"] is None:
            del d["inline"]      # a match on shipped content saves exactly as it always has
        if not d["names"]:
            del d["names"]       # seats without names (and older saves): the snapshot as before
        return d

    def copy(self) -> "GwState":
        """A fully independent copy, equal field for field (see `_COPY_PLAN`). Same as
        `copy.deepcopy(state)`, only much faster."""
        return _copy_obj(self)


def state_from_dict(d: dict[str, Any]) -> GwState:
    """Rebuild a state from `GwState.to_json()` output (read back through JSON)."""
    d = dict(d)
    d.pop("version", None)
    cards = {k: Card(**v) for k, v in d.pop("cards").items()}
    players = [Player(**p) for p in d.pop("players")]
    pending = stack_from_json(d.pop("pending"))
    attack = d.pop("attack")
    return GwState(cards=cards, players=players, pending=pending,
                   attack=Attack(**attack) if attack is not None else None, **d)


# --- fast copying ----------------------------------------------------------------------------------
# Match.submit deep-copies the state before every action and view() copies it for every decision
# a bot or the client makes, so the generic deepcopy (slow on slotted dataclasses) dominated AI
# games. This copy follows the state's known shapes: containers are copied, atoms and `Card`
# objects are shared. Cards are treated as immutable once made (nothing reassigns a card's id or
# content id; a view puts placeholders into its own copied `cards` dict), which is what makes
# sharing them safe. A slot missing from the plan falls back to deepcopy, so a new field is
# never shared by mistake, only copied slowly. `house` and `buffs` hold only atoms (house rule
# values are options checked when the match is made; a buff is a number), so a flat copy is a
# full one. `inline` is shared: the set-up writes it once and nothing changes it afterwards (a
# change would be a new table, as a save's reload makes), and sharing it is what lets
# content.for_state find its built set by identity.

_ATOMS = frozenset({int, str, bool, float, type(None)})


def _share(value: Any) -> Any:
    return value


def _atoms_list(value: list) -> list:
    return value[:]


def _atoms_dict(value: dict) -> dict:
    return value.copy()


def _json(value: Any) -> Any:
    """Deep copy of JSON-like data (pending stage data, queue items, flags)."""
    t = type(value)
    if t in _ATOMS:
        return value
    # most values inside are atoms (house rules, ctx, buffs): test the type inline rather than
    # call once per value
    if t is list:
        return [v if type(v) in _ATOMS else _json(v) for v in value]
    if t is dict:
        out = value.copy()
        for k, v in value.items():
            if type(v) not in _ATOMS:
                out[k] = _json(v)
        return out
    if t is tuple:
        return tuple(_json(v) for v in value)
    if t in _COPIERS:
        return _copy_obj(value)
    return copy.deepcopy(value)


def _cards(value: dict[str, Card]) -> dict[str, Card]:
    return value.copy()          # Card objects are shared (see above)


def _players(value: list[Player]) -> list[Player]:
    return [_copy_obj(p) for p in value]


def _pending(value: list[TPending]) -> list[TPending]:
    return [_copy_obj(p) for p in value]


def _attack(value: Attack | None) -> Attack | None:
    return None if value is None else _copy_obj(value)


def _lists_dict(value: dict[str, list]) -> dict[str, list]:
    return {k: v[:] for k, v in value.items()}


_COPY_PLAN: dict[type, dict[str, Callable[[Any], Any]]] = {
    Card: {"id": _share, "cid": _share},
    Player: {
        "seat": _share, "gembearer": _share, "gems": _atoms_list, "bearer_ready": _share,
        "life": _share, "power": _share, "deck": _atoms_list, "hand": _atoms_list,
        "discard": _atoms_list, "defense": _atoms_list, "mods": _atoms_list,
        "used": _atoms_list, "knows": _atoms_list, "buffs": _atoms_dict, "flags": _json,
    },
    TPending: {"stage": _share, "seat": _share, "actor": _share, "handler": _share,
               "data": _json},
    Attack: {
        "attacker": _share, "defender": _share, "cards": _atoms_list, "announced": _share,
        "revealed": _atoms_list, "sword": _atoms_dict, "shield": _atoms_dict,
        "bonus_sword": _share, "bonus_shield": _share,
        "bonus_damage": _share, "step": _share, "order": _atoms_list,
        "resolved": _atoms_list, "result": _share, "damage": _share,
    },
    GwState: {
        "house": _atoms_dict, "cards": _cards, "players": _players, "pool": _atoms_dict,
        "gem_deck": _atoms_list, "row": _atoms_list, "sources": _atoms_list,
        "scrap": _atoms_list, "table": _atoms_list, "first": _share, "turn": _share,
        "active": _share, "phase": _share, "draft_step": _share, "redealt": _share,
        "pending": _pending, "queue": _json, "attack": _attack, "attacked": _share,
        "fired": _atoms_list, "deck_out_turn": _share, "both_down": _share, "over": _share,
        "winner": _share, "end_reason": _share, "next_id": _share, "content": _share,
        "inline": _share, "stacked": _lists_dict, "names": _atoms_list,
    },
}


def _fallback(value: Any) -> Any:
    return copy.deepcopy(value)


class _Copier:
    """The plan of one class turned into the fewest steps: every field read at once (in
    `__init__` order), lists and dicts of atoms copied by slicing in a plain loop, only the
    other copied fields through their function, and the copy built by the class's own
    `__init__` (with every field given, so no default factory runs). Shared fields cost
    nothing. Calling a function per field was most of the time of a copy, and the AI copies the
    state for every decision (through `view`)."""

    __slots__ = ("cls", "get", "lists", "dicts", "calls")

    def __init__(self, cls: type, plan: dict[str, Callable[[Any], Any]]) -> None:
        names = [f.name for f in fields(cls)]
        if any(not f.init for f in fields(cls)):
            raise TypeError(f"{cls.__name__}: every field must be an __init__ argument")
        steps = [plan.get(name, _fallback) for name in names]
        self.cls = cls
        self.get = attrgetter(*names)
        self.lists = tuple(i for i, f in enumerate(steps) if f is _atoms_list)
        self.dicts = tuple(i for i, f in enumerate(steps) if f is _atoms_dict)
        self.calls = tuple((i, f) for i, f in enumerate(steps)
                           if f not in (_share, _atoms_list, _atoms_dict))

    def __call__(self, obj: Any) -> Any:
        values = list(self.get(obj))
        for i in self.lists:
            values[i] = values[i][:]
        for i in self.dicts:
            values[i] = values[i].copy()
        for i, step in self.calls:
            values[i] = step(values[i])
        return self.cls(*values)


def _copy_player(p: Player) -> Player:
    """`_COPY_PLAN[Player]` written out (about twice as fast as `_Copier`; a bot decision copies
    both players through view). tests/gemwielders/test_state_copy.py checks it keeps the plan."""
    return Player(seat=p.seat, gembearer=p.gembearer, gems=p.gems[:],
                  bearer_ready=p.bearer_ready, life=p.life, power=p.power, deck=p.deck[:],
                  hand=p.hand[:], discard=p.discard[:], defense=p.defense[:], mods=p.mods[:],
                  used=p.used[:], knows=p.knows[:], buffs=p.buffs.copy(), flags=_json(p.flags))


def _copy_state(s: GwState) -> GwState:
    """`_COPY_PLAN[GwState]` written out, like `_copy_player`."""
    return GwState(
        house=s.house.copy(), cards=s.cards.copy(), players=[_copy_player(p) for p in s.players],
        pool=s.pool.copy(), gem_deck=s.gem_deck[:], row=s.row[:], sources=s.sources[:],
        scrap=s.scrap[:], table=s.table[:], first=s.first, turn=s.turn, active=s.active,
        phase=s.phase, draft_step=s.draft_step, redealt=s.redealt,
        pending=[_copy_obj(p) for p in s.pending], queue=_json(s.queue),
        attack=None if s.attack is None else _copy_obj(s.attack), attacked=s.attacked,
        fired=s.fired[:], deck_out_turn=s.deck_out_turn, both_down=s.both_down, over=s.over,
        winner=s.winner, end_reason=s.end_reason, next_id=s.next_id, content=s.content,
        inline=s.inline, stacked={k: v[:] for k, v in s.stacked.items()}, names=s.names[:])


_COPIERS: dict[type, Callable[[Any], Any]] = {
    cls: _Copier(cls, plan) for cls, plan in _COPY_PLAN.items()}
_COPIERS[Player] = _copy_player
_COPIERS[GwState] = _copy_state


def _copy_obj(obj: Any) -> Any:
    return _COPIERS[type(obj)](obj)


def _deepcopy(self: Any, memo: dict) -> Any:
    out = _copy_obj(self)
    memo[id(self)] = out
    return out


for _cls in (Player, Attack, GwState):
    _cls.__deepcopy__ = _deepcopy  # type: ignore[attr-defined]
