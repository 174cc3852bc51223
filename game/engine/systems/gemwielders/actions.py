"""Gemwielders actions: what a seat may ask for. Each is a small frozen record registered by kind
("gw.<name>").

Owns: the action vocabulary. Which actions are allowed right now is decided only by
rules.legal_actions / rules.validate; applying them is rules.apply (and effects.answer for the
answers to stages an effect raised).

Must not: contain rules logic.

Card fields are card instance ids ("c17"); `UseCard.card` may also be "bearer" (the Gembearer).
`pay` is a tuple of flags, one per optional power clause of the card's text in printed order:
True = pay and resolve that clause (GW-27), False = skip it.

Set-up stages: ChooseGembearer (Player 1, then Player 2), Redeal / KeepRow (Player 2, GW-12).
Draft phase (steps in order, each at most once, GW-24): ScrapIneligible (step 1), SkipStep
(passes step 1 and refills the row), TakeGem (3), Draft / ScrapFromRow (4), TakeSource (5),
EndPhase (leave the draft phase for the main phase).
Main phase: PlaySkill, PlaySource, PlayModification, UseCard, AddDefense, EndPhase.
Attack phase: AddToAttack (put an attack card down), Announce (reveal and resolve), EndPhase
(no attack). Effect stages: OrderEffects, Pay / Decline, ChooseCards.
Draw phase runs by itself; EndTurn is the shared record and is offered only where the flow
waits for it (never: the draw phase ends the turn on its own), so it is refused.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import EndTurn, action
from game.engine.records import Record

__all__ = ["EndTurn"]


# --- set-up ------------------------------------------------------------------------------------

@action("gw.choose_gembearer")
@dataclass(frozen=True, slots=True)
class ChooseGembearer(Record):
    """Stage choose_gembearer: take Gembearer `gembearer` (content id) (GW-05)."""
    gembearer: str


@action("gw.redeal")
@dataclass(frozen=True, slots=True)
class Redeal(Record):
    """Stage redeal: Player 2 returns the row to the gem card deck, shuffles, deals 5 (GW-12)."""


@action("gw.keep_row")
@dataclass(frozen=True, slots=True)
class KeepRow(Record):
    """Stage redeal: Player 2 keeps the row as dealt."""


# --- draft phase -------------------------------------------------------------------------------

@action("gw.scrap_ineligible")
@dataclass(frozen=True, slots=True)
class ScrapIneligible(Record):
    """Draft step 1: scrap the row card in `slot` that nobody could ever draft (GW-16/17)."""
    slot: int


@action("gw.skip_step")
@dataclass(frozen=True, slots=True)
class SkipStep(Record):
    """Pass the current optional draft step (step 1 passes into the row refill, GW-18)."""


@action("gw.take_gem")
@dataclass(frozen=True, slots=True)
class TakeGem(Record):
    """Draft step 3: socket one gem of type `gem` from the pool (GW-19/20)."""
    gem: str


@action("gw.draft")
@dataclass(frozen=True, slots=True)
class Draft(Record):
    """Draft step 4: the row card in `slot` goes to your discard pile (GW-22)."""
    slot: int


@action("gw.scrap_from_row")
@dataclass(frozen=True, slots=True)
class ScrapFromRow(Record):
    """Draft step 4, the other choice: the row card in `slot` goes to the scrap pile (GW-22)."""
    slot: int


@action("gw.take_source")
@dataclass(frozen=True, slots=True)
class TakeSource(Record):
    """Draft step 5: a Source from the stack goes to your discard pile (GW-23)."""


@action("gw.end_phase")
@dataclass(frozen=True, slots=True)
class EndPhase(Record):
    """Finish the current phase (draft -> main -> attack -> draw). In the attack phase with no
    card put down it means: no attack this turn (GW-U-10)."""


# --- main phase --------------------------------------------------------------------------------

@action("gw.play_skill")
@dataclass(frozen=True, slots=True)
class PlaySkill(Record):
    """Play skill `card` from hand, paying the optional clauses flagged in `pay` (GW-26/27)."""
    card: str
    pay: tuple[bool, ...] = ()


@action("gw.play_source")
@dataclass(frozen=True, slots=True)
class PlaySource(Record):
    """Play Source `card`: gain 2 power; with pay=(True,) pay 2 after and return it to the
    stack (GW-28/29)."""
    card: str
    pay: tuple[bool, ...] = ()


@action("gw.play_modification")
@dataclass(frozen=True, slots=True)
class PlayModification(Record):
    """Put modification `card` into play, ready (GW-30, GW-53)."""
    card: str


@action("gw.use_card")
@dataclass(frozen=True, slots=True)
class UseCard(Record):
    """Use a ready modification `card` in your area, or "bearer" (GW-31/32): pay its use cost,
    turn it sideways, resolve; `pay` flags its optional clauses."""
    card: str
    pay: tuple[bool, ...] = ()


@action("gw.add_defense")
@dataclass(frozen=True, slots=True)
class AddDefense(Record):
    """Put `card` face down at the right end of your defense setup (GW-33, GW-U-11)."""
    card: str


# --- attack phase ------------------------------------------------------------------------------

@action("gw.add_to_attack")
@dataclass(frozen=True, slots=True)
class AddToAttack(Record):
    """Put attack card `card` from hand down for this attack (GW-35)."""
    card: str


@action("gw.announce")
@dataclass(frozen=True, slots=True)
class Announce(Record):
    """Announce the attack with the cards put down: the defense is revealed and resolved
    (GW-35..43)."""


# --- answers to stages -------------------------------------------------------------------------

@action("gw.order_effects")
@dataclass(frozen=True, slots=True)
class OrderEffects(Record):
    """Stage order_effects: the attacker's order for the listed effect keys (GW-37, GW-39)."""
    order: tuple[str, ...]


@action("gw.pay")
@dataclass(frozen=True, slots=True)
class Pay(Record):
    """Stage pay: pay the optional power cost the stage names and resolve its clause."""


@action("gw.decline")
@dataclass(frozen=True, slots=True)
class Decline(Record):
    """Stage pay: do not pay; the clause does not resolve."""


@action("gw.choose_cards")
@dataclass(frozen=True, slots=True)
class ChooseCards(Record):
    """Stage choose_cards: the cards picked for a discard, a look or a reorder (order counts
    where the stage says so)."""
    cards: tuple[str, ...]
