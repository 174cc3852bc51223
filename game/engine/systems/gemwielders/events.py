"""Gemwielders events: the past-tense facts the rules report, beside the shared ones in
game.engine.events (TurnStarted, TurnEnded, MatchEnded, RulingMade, Note).

Owns: the event records of the gemwielders system, each field documented. Kinds are
"gw.<name>" and never change once saved. No field may be called `kind`.

Hidden information: an event that shows a hidden card carries `reveals = True` (undo is refused
after it, game.engine.events.revealed_hidden) and, where only one seat may see it,
`seat_visible` = that seat. `redact(event, seat)` gives what another seat may know: card ids and
content ids replaced by "?" (counts stay).

Must not: carry live state objects or decide anything. The client animates these and then
re-reads the state as the truth.

Core facts: DamageDealt inherits game.engine.events.DamageDealt (the victim is the seat, `hp` is
its life); its kind and JSON are unchanged.

Layout: flow events first (A); effect events in the marked section at the end (B).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.engine import events as core
from game.engine.events import event
from game.engine.records import Record


def redact(ev: Any, seat: int) -> Any:
    """The event as `seat` may see it: an event meant for another seat only has its `cards`
    and `cids` replaced by "?" placeholders of the same length."""
    vis = getattr(ev, "seat_visible", None)
    if vis is None or vis == seat:
        return ev
    changes: dict[str, Any] = {}
    for name in ("cards", "cids"):
        if hasattr(ev, name):
            changes[name] = tuple("?" for _ in getattr(ev, name))
    for name in ("card", "cid"):
        if hasattr(ev, name) and getattr(ev, name):
            changes[name] = "?"
    return dataclasses.replace(ev, **changes) if changes else ev


# --- set-up ------------------------------------------------------------------------------------

@event("gw.first_player_chosen")
@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Record):
    """`seat` is Player 1, chosen at random (GW-04)."""
    seat: int


@event("gw.gembearer_chosen")
@dataclass(frozen=True, slots=True)
class GembearerChosen(Record):
    """`seat` took Gembearer `gembearer` (content id) (GW-05)."""
    seat: int
    gembearer: str


@event("gw.deck_shuffled")
@dataclass(frozen=True, slots=True)
class DeckShuffled(Record):
    """`seat`'s deck was shuffled; `size` cards. `from_discard` when the discard pile became the
    new deck (GW-46). seat None = the gem card deck (GW-09, GW-12)."""
    seat: int | None
    size: int
    from_discard: bool = False


@event("gw.row_dealt")
@dataclass(frozen=True, slots=True)
class RowDealt(Record):
    """Row slots `slots` were filled with `cards` (ids) / `cids` from the gem card deck
    (GW-11, GW-18). `left` gem cards remain in the deck."""
    slots: tuple[int, ...]
    cards: tuple[str, ...]
    cids: tuple[str, ...]
    left: int
    reveals = True


@event("gw.row_redealt")
@dataclass(frozen=True, slots=True)
class RowRedealt(Record):
    """Player 2 (`seat`) sent the row back and reshuffled the gem card deck (GW-12)."""
    seat: int


# --- turns and phases --------------------------------------------------------------------------

@event("gw.phase_started")
@dataclass(frozen=True, slots=True)
class PhaseStarted(Record):
    """`seat`'s `phase` began on turn `turn` (GW-14)."""
    seat: int
    phase: str
    turn: int


@event("gw.phase_skipped")
@dataclass(frozen=True, slots=True)
class PhaseSkipped(Record):
    """`seat`'s `phase` was skipped; `reason` says why (GW-15)."""
    seat: int
    phase: str
    reason: str


# --- draft -------------------------------------------------------------------------------------

@event("gw.gem_taken")
@dataclass(frozen=True, slots=True)
class GemTaken(Record):
    """`seat` socketed a `gem`; `socketed` now on the Gembearer, `pool_left` of that type (GW-19)."""
    seat: int
    gem: str
    socketed: int
    pool_left: int


@event("gw.card_drafted")
@dataclass(frozen=True, slots=True)
class CardDrafted(Record):
    """`seat` drafted `card` (`cid`) from row `slot` into their discard pile (GW-22)."""
    seat: int
    slot: int
    card: str
    cid: str


@event("gw.card_scrapped")
@dataclass(frozen=True, slots=True)
class CardScrapped(Record):
    """`card` (`cid`) went to the scrap pile from `zone` ("row", "hand", "defense", ...) by
    `seat` (GW-16, GW-22, GW-51). `to_stack` when it was a Source that went back to the
    Source stack instead (GW-52)."""
    seat: int
    card: str
    cid: str
    zone: str
    to_stack: bool = False


@event("gw.source_taken")
@dataclass(frozen=True, slots=True)
class SourceTaken(Record):
    """`seat` put Source `card` from the stack into their discard; `left` remain (GW-23)."""
    seat: int
    card: str
    left: int


@event("gw.step_passed")
@dataclass(frozen=True, slots=True)
class StepPassed(Record):
    """`seat` passed draft step `step` (or steps up to it)."""
    seat: int
    step: int


# --- cards and counters ------------------------------------------------------------------------

@event("gw.cards_drawn")
@dataclass(frozen=True, slots=True)
class CardsDrawn(Record):
    """`seat` drew `cards` (`cids`) from their deck; the other seat sees only how many
    (`seat_visible`). `short` = how many could not be drawn (GW-U-18)."""
    seat: int
    cards: tuple[str, ...]
    cids: tuple[str, ...]
    short: int = 0
    reveals = True

    @property
    def seat_visible(self) -> int:
        return self.seat


@event("gw.card_played")
@dataclass(frozen=True, slots=True)
class CardPlayed(Record):
    """`seat` played `card` (`cid`) as a `how` ("skill", "source", "modification") (GW-26..30).
    `paid` are the optional clause flags chosen."""
    seat: int
    card: str
    cid: str
    how: str
    paid: tuple[bool, ...] = ()
    reveals = True


@event("gw.card_used")
@dataclass(frozen=True, slots=True)
class CardUsed(Record):
    """`seat` used `card` (a modification id or "bearer") and paid `cost` power (GW-31/32)."""
    seat: int
    card: str
    cost: int


@event("gw.card_moved")
@dataclass(frozen=True, slots=True)
class CardMoved(Record):
    """`card` (`cid`) of `seat` went from zone `src` to zone `dst` (e.g. "table" -> "discard")."""
    seat: int | None
    card: str
    cid: str
    src: str
    dst: str


@event("gw.defense_added")
@dataclass(frozen=True, slots=True)
class DefenseAdded(Record):
    """`seat` put `card` face down at position `index` of their setup (GW-33). Only the owner
    sees which card (`seat_visible`)."""
    seat: int
    card: str
    cid: str
    index: int

    @property
    def seat_visible(self) -> int:
        return self.seat


@event("gw.power_changed")
@dataclass(frozen=True, slots=True)
class PowerChanged(Record):
    """`seat`'s power went by `delta` to `power` (never below 0; GW-27). `why` names the cause."""
    seat: int
    delta: int
    power: int
    why: str = ""


@event("gw.life_changed")
@dataclass(frozen=True, slots=True)
class LifeChanged(Record):
    """`seat`'s life went by `delta` to `life` (capped at 50, GW-02); `lost_to_cap` is gain
    that the cap swallowed. `why` names the cause."""
    seat: int
    delta: int
    life: int
    lost_to_cap: int = 0
    why: str = ""


@event("gw.readied")
@dataclass(frozen=True, slots=True)
class Readied(Record):
    """`seat`'s Gembearer and modifications `cards` were set ready (GW-44)."""
    seat: int
    cards: tuple[str, ...]


@event("gw.clause_skipped")
@dataclass(frozen=True, slots=True)
class ClauseSkipped(Record):
    """The optional clause `clause` of `card` did not resolve: `why` ("declined",
    "cannot pay", "already fired this turn")."""
    seat: int
    card: str
    clause: int
    why: str


# --- attack ------------------------------------------------------------------------------------

@event("gw.attack_card_placed")
@dataclass(frozen=True, slots=True)
class AttackCardPlaced(Record):
    """`seat` put attack card `card` (`cid`) down for the attack (GW-35)."""
    seat: int
    card: str
    cid: str
    reveals = True


@event("gw.attack_announced")
@dataclass(frozen=True, slots=True)
class AttackAnnounced(Record):
    """`seat` attacks with `cards` for `total` (GW-35)."""
    seat: int
    cards: tuple[str, ...]
    total: int


@event("gw.defense_revealed")
@dataclass(frozen=True, slots=True)
class DefenseRevealed(Record):
    """`seat`'s whole setup was turned up: `cards` / `cids` left to right; `total` the
    defense value (GW-36)."""
    seat: int
    cards: tuple[str, ...]
    cids: tuple[str, ...]
    total: int
    reveals = True


@event("gw.effect_resolving")
@dataclass(frozen=True, slots=True)
class EffectResolving(Record):
    """The effect `key` (a card id, "bearer:<seat>", ...) of `seat` starts to resolve as
    `source` ("reveal", "other", "hit", "miss", "play", "use")."""
    seat: int
    key: str
    source: str


@event("gw.attack_compared")
@dataclass(frozen=True, slots=True)
class AttackCompared(Record):
    """`sword` against `shield`: `result` is "hit" (strictly greater) or "miss" (GW-40)."""
    attacker: int
    sword: int
    shield: int
    result: str


@event("gw.damage_dealt")
@dataclass(frozen=True, slots=True)
class DamageDealt(core.DamageDealt):
    """`seat` (core `victim`) lost `amount` life from the hit; `life` is what is left (GW-42;
    core `hp`). The hit is the attack just compared (core `source` is "attack")."""
    seat: int
    amount: int
    life: int

    @property
    def victim(self) -> int:
        return self.seat

    @property
    def hp(self) -> int:
        return self.life

    @property
    def source(self) -> str:
        return "attack"


@event("gw.attack_cleared")
@dataclass(frozen=True, slots=True)
class AttackCleared(Record):
    """The attack cards went to the attacker's discard and the revealed defense to the
    defender's (GW-43)."""
    attacker: int
    attack_cards: tuple[str, ...]
    defense_cards: tuple[str, ...]


# --- end of game -------------------------------------------------------------------------------

@event("gw.gem_deck_empty")
@dataclass(frozen=True, slots=True)
class GemDeckEmpty(Record):
    """The gem card deck ran out on turn `turn`; the game ends per the house rule (GW-49)."""
    turn: int
    ends: str


@event("gw.both_down")
@dataclass(frozen=True, slots=True)
class BothDown(Record):
    """Both players are at 0 or below; the phase is finished before comparing (GW-48)."""
    phase: str


# --- effect events (B) -------------------------------------------------------------------------

@event("gw.cards_discarded")
@dataclass(frozen=True, slots=True)
class CardsDiscarded(Record):
    """`seat` discarded `cards` (`cids`) from hand to their discard pile (GW-50); `at_random`
    when the match Rng picked them (GW-59). Discards are public: the pile is face up."""
    seat: int
    cards: tuple[str, ...]
    cids: tuple[str, ...]
    at_random: bool = False
    reveals = True


@event("gw.deck_looked")
@dataclass(frozen=True, slots=True)
class DeckLooked(Record):
    """`seat` looked at the top `cards` (`cids`) of their own deck (Intuition); only that seat
    sees which (`seat_visible`)."""
    seat: int
    cards: tuple[str, ...]
    cids: tuple[str, ...]
    reveals = True

    @property
    def seat_visible(self) -> int:
        return self.seat


@event("gw.deck_reordered")
@dataclass(frozen=True, slots=True)
class DeckReordered(Record):
    """`seat` put `count` looked-at cards back on top of their deck in an order only they know."""
    seat: int
    count: int


@event("gw.defense_peeked")
@dataclass(frozen=True, slots=True)
class DefensePeeked(Record):
    """`seat` secretly looked at the opponent's face-down defense card `card` (`cid`) at
    position `index` (0 = leftmost); only `seat` sees which (`seat_visible`)."""
    seat: int
    index: int
    card: str
    cid: str
    reveals = True

    @property
    def seat_visible(self) -> int:
        return self.seat


@event("gw.value_modified")
@dataclass(frozen=True, slots=True)
class ValueModified(Record):
    """An effect of `seat` changed the attack maths (GW-56): `stat` "sword" or "shield";
    `target` a card id or "total"; `delta` the change, or `set_to` when a card now counts as
    that value (set_shield)."""
    seat: int
    stat: str
    target: str
    delta: int = 0
    set_to: int | None = None


@event("gw.turn_buffed")
@dataclass(frozen=True, slots=True)
class TurnBuffed(Record):
    """`seat`'s attack value gets `delta` more for the rest of this turn; `total` is the buff now."""
    seat: int
    delta: int
    total: int


@event("gw.marked_used")
@dataclass(frozen=True, slots=True)
class MarkedUsed(Record):
    """An effect turned `card` (a modification id or "bearer") of `seat` sideways; `already`
    when it was used before, which changes nothing (GW-55)."""
    seat: int
    card: str
    already: bool = False


@event("gw.marked_ready")
@dataclass(frozen=True, slots=True)
class MarkedReady(Record):
    """An effect set `card` (a modification id or "bearer") of `seat` ready; `already` when it
    was ready before, which changes nothing (GW-55)."""
    seat: int
    card: str
    already: bool = False
