"""Gemwielders effects: the one closed vocabulary of verbs that card content names, each
implemented once here with one AI hint (a rough value estimate in life points).

Owns: VERBS (parameters, player-facing text, AI value and the function that applies each verb),
CONDITIONS, `resolve` (run an effect list for its owner), the effect stages it raises for choices
made mid-resolution (`pay`, `choose_cards`; STYLE habit 4) with `legal`, `validate` and `answer`
for them, and the zone primitives the verbs share (drawing with the GW-46 reshuffle, discarding,
scrapping with GW-52, life with the GW-02 cap, power never below 0).

Must not: run the turn flow (rules.py moves phases, orders attack effects, compares, deals
damage, checks who lost), read presentation, or use `random` (every random pick and shuffle uses
the match Rng passed in, GW-59).

An effect list is a list of steps (validated by content.py): a verb `{"verb": "draw", "n": 2}`
or an optional power clause `{"cost": 2, "effects": [...], "otherwise": [...]}` (GW-27); either
may carry `"if": {"attack_cards": n}` / `{"gems": n}`. Resolution is a queue: the steps left and
the ctx are plain JSON, so a choice pauses it in `state.pending` (handler "effects") and the
answer resumes it, across saves.

ctx keys (JSON-able, given by the flow): `card` (instance id of the card whose text resolves, or
"bearer"), `source` ("play", "use", "reveal", "hit", "miss", "other", "attacking",
"defending"), `attacker` / `defender` (seats, during an attack), `pay` (optional list of bools,
one per power clause of the list in printed order, answered up front by PlaySkill / UseCard /
PlaySource; a clause without a flag is asked as a `pay` stage). resolve keeps its own
bookkeeping in ctx under keys starting with "_".
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, Callable

from game.engine.rng import Rng
from game.engine.tactics import pending as stages

from . import events as ev
from .actions import ChooseCards, Decline, Pay
from .state import BEARER, LIFE_CAP, Pending

if TYPE_CHECKING:
    from .state import GwState

Step = dict[str, Any]
Ctx = dict[str, Any]

HANDLER = "effects"


class NeedChoice(Exception):
    """Raised inside a verb when it needs a player's choice; resolve turns it into a stage."""

    def __init__(self, stage: str, seat: int, data: dict[str, Any]):
        super().__init__(stage)
        self.stage, self.seat, self.data = stage, seat, data


# --- zone primitives (shared by the verbs; the flow may call them too) -------------------------

def touch_deck(state: "GwState", seat: int, rng: Rng, out: list, need: int = 1) -> None:
    """GW-46: before a deck is drawn from or looked at, if it holds fewer than `need` cards
    the discard pile is shuffled and goes under what is left (the cards still on the deck are
    the ones already being handled). Nobody knows the new order, so `knows` forgets those ids."""
    p = state.p(seat)
    if len(p.deck) >= need or not p.discard:
        return
    pile = list(p.discard)
    p.discard.clear()
    rng.shuffle(pile)
    p.deck.extend(pile)
    for s in range(2):
        known = state.p(s).knows
        known[:] = [c for c in known if c not in pile]
    out.append(ev.DeckShuffled(seat, len(pile), True))


def draw(state: "GwState", seat: int, n: int, rng: Rng, out: list) -> None:
    """Draw `n` cards one at a time, reshuffling whenever the deck runs dry (GW-45, GW-46);
    with both piles empty the rest are simply not drawn (GW-U-18)."""
    p = state.p(seat)
    got: list[str] = []
    short = 0
    for _ in range(n):
        touch_deck(state, seat, rng, out)
        if not p.deck:
            short += 1
            continue
        got.append(p.deck.pop(0))
    p.hand.extend(got)
    out.append(ev.CardsDrawn(seat, tuple(got), tuple(state.cid(c) for c in got), short))


def change_life(state: "GwState", seat: int, delta: int, why: str, out: list) -> None:
    """Gain or lose life; a gain past the cap is lost (GW-02). Life may go below 0 (the flow
    decides defeat, GW-47/48)."""
    p = state.p(seat)
    new = p.life + delta
    lost = 0
    if delta > 0 and new > LIFE_CAP:
        new = max(LIFE_CAP, p.life)       # the cap never lowers life that is already there
        lost = p.life + delta - new
    real = new - p.life
    p.life = new
    out.append(ev.LifeChanged(seat, real, new, lost, why))


def change_power(state: "GwState", seat: int, delta: int, why: str, out: list) -> None:
    """Gain or pay power: never below 0 (GW-27), and at most the power-cap house rule
    (GW-U-07; 0 = no cap)."""
    from .house import house
    p = state.p(seat)
    new = max(0, p.power + delta)
    cap = house(state, "power_cap")
    if cap and delta > 0:
        new = min(new, max(cap, p.power))
    real = new - p.power
    p.power = new
    out.append(ev.PowerChanged(seat, real, new, why))


def locate(state: "GwState", card: str) -> tuple[int | None, str]:
    """(owner seat or None for shared zones, zone name) of a card instance."""
    for p in state.players:
        for zone in ("hand", "deck", "discard", "defense", "mods"):
            if card in getattr(p, zone):
                return p.seat, zone
    for zone in ("table", "sources", "scrap", "gem_deck"):
        if card in getattr(state, zone):
            return None, zone
    if card in state.row:
        return None, "row"
    raise KeyError(f"card {card!r} is in no zone")


def remove(state: "GwState", card: str) -> tuple[int | None, str]:
    """Take a card out of whatever zone holds it; returns where it was."""
    seat, zone = locate(state, card)
    if zone == "row":
        state.row[state.row.index(card)] = None
    elif seat is None:
        getattr(state, zone).remove(card)
    else:
        p = state.p(seat)
        getattr(p, zone).remove(card)
        if zone == "mods" and card in p.used:
            p.used.remove(card)
    return seat, zone


def is_source(state: "GwState", card: str) -> bool:
    from .content import for_state
    return for_state(state).card(state.cid(card)).kind == "source"


def scrap_card(state: "GwState", card: str, by: int, out: list) -> None:
    """GW-51: to the face-up scrap pile, out of the game; GW-52: a Source goes back on top of
    the Source stack instead."""
    _, zone = remove(state, card)
    to_stack = is_source(state, card)
    (state.sources if to_stack else state.scrap).append(card)
    out.append(ev.CardScrapped(by, card, state.cid(card), zone, to_stack))


def discard_cards(state: "GwState", seat: int, cards: list[str], at_random: bool, out: list) -> None:
    """GW-50: from hand to the owner's discard pile."""
    p = state.p(seat)
    for c in cards:
        p.hand.remove(c)
        p.discard.append(c)
    out.append(ev.CardsDiscarded(seat, tuple(cards), tuple(state.cid(c) for c in cards), at_random))


# --- verbs -------------------------------------------------------------------------------------

def _who(owner: int, step: Step) -> int:
    return owner if step.get("who", "self") == "self" else 1 - owner


def _why(ctx: Ctx) -> str:
    return f"{ctx.get('source', 'effect')}:{ctx.get('card') or ''}"


def _v_gain_power(state, owner, step, ctx, rng, out):
    change_power(state, owner, step["n"], _why(ctx), out)


def _v_pay_power(state, owner, step, ctx, rng, out):
    change_power(state, owner, -step["n"], _why(ctx), out)


def _v_gain_life(state, owner, step, ctx, rng, out):
    change_life(state, _who(owner, step), step["n"], _why(ctx), out)


def _v_lose_life(state, owner, step, ctx, rng, out):
    change_life(state, _who(owner, step), -step["n"], _why(ctx), out)


def _v_draw(state, owner, step, ctx, rng, out):
    draw(state, _who(owner, step), step["n"], rng, out)


def _v_discard(state, owner, step, ctx, rng, out):
    seat = _who(owner, step)
    hand = state.p(seat).hand
    n = min(step["n"], len(hand))
    if n == 0:
        return
    if step["mode"] == "random":
        # GW-59, GW-TV-40: one Rng index per card, into the hand as it stands.
        picked = []
        for _ in range(n):
            rest = [c for c in hand if c not in picked]
            picked.append(rest[rng.randint(0, len(rest) - 1)])
        discard_cards(state, seat, picked, True, out)
        return
    if n == len(hand):          # no real choice: the whole hand goes
        discard_cards(state, seat, list(hand), False, out)
        return
    raise NeedChoice("choose_cards", seat, {
        "verb": "discard", "options": list(hand), "count": n, "ordered": False,
        "prompt": f"Discard {_plural(n, 'card')}"})


def _finish_discard(state, owner, data, cards, rng, out):
    discard_cards(state, data["seat"], list(cards), False, out)


def _v_look_top(state, owner, step, ctx, rng, out):
    p = state.p(owner)
    touch_deck(state, owner, rng, out, need=step["n"])   # GW-46, GW-TV-26
    seen = p.deck[:step["n"]]
    if not seen:
        return
    out.append(ev.DeckLooked(owner, tuple(seen), tuple(state.cid(c) for c in seen)))
    for c in seen:
        if c not in p.knows:
            p.knows.append(c)
    take = min(step["take"], len(seen))
    if take == len(seen):
        _take_from_top(state, owner, seen, out)
        return
    if take == 0:
        _reorder_or_ask(state, owner, seen, out)
        return
    raise NeedChoice("choose_cards", owner, {
        "verb": "look_top", "phase": "take", "options": list(seen), "count": take,
        "ordered": False, "prompt": f"Put {_plural(take, 'card')} into your hand"})


def _take_from_top(state, owner, cards, out):
    p = state.p(owner)
    for c in cards:
        p.deck.remove(c)
        p.hand.append(c)
    # a card taken from the deck is private like a draw: CardsDrawn carries seat_visible
    out.append(ev.CardsDrawn(owner, tuple(cards), tuple(state.cid(c) for c in cards)))


def _reorder_or_ask(state, owner, rest, out):
    if len(rest) <= 1:
        return
    raise NeedChoice("choose_cards", owner, {
        "verb": "look_top", "phase": "order", "options": list(rest), "count": len(rest),
        "ordered": True, "prompt": "Order the cards to put back, top first"})


def _finish_look_top(state, owner, data, cards, rng, out):
    if data["phase"] == "take":
        _take_from_top(state, owner, list(cards), out)
        rest = [c for c in data["options"] if c not in cards]
        _reorder_or_ask(state, owner, rest, out)
        return
    p = state.p(owner)
    for c in cards:
        p.deck.remove(c)
    p.deck[0:0] = list(cards)
    out.append(ev.DeckReordered(owner, len(cards)))


def _defense_targets(state, owner, ctx) -> list[str]:
    atk = state.attack
    return list(atk.revealed) if atk is not None else []


def _v_scrap(state, owner, step, ctx, rng, out):
    target = step["target"]
    if target == "this":
        card = ctx.get("card")
        if card and card != BEARER:
            scrap_card(state, card, owner, out)
        return
    if target == "hand_choice":
        options = list(state.p(owner).hand)
    elif target == "discard_choice":
        options = list(state.p(owner).discard)
    else:                                    # defense_choice: the attack's revealed defense
        options = [c for c in _defense_targets(state, owner, ctx)]
    if not options:
        return
    if len(options) == 1:
        scrap_card(state, options[0], owner, out)
        return
    raise NeedChoice("choose_cards", owner, {
        "verb": "scrap", "options": options, "count": 1, "ordered": False,
        "prompt": "Choose a card to scrap"})


def _finish_scrap(state, owner, data, cards, rng, out):
    for c in cards:
        scrap_card(state, c, owner, out)


def _v_return_source(state, owner, step, ctx, rng, out):
    """GW-29: this Source goes back to the stack instead of the discard pile. The flow moves a
    played card to the discard only if it is still on the table after resolving."""
    card = ctx.get("card")
    if card and card in state.table:
        state.table.remove(card)
        state.sources.append(card)
        out.append(ev.CardMoved(owner, card, state.cid(card), "table", "sources"))


def _mark(state, seat, card, ready: bool, out):
    """GW-55: readying a ready card or using a used one is legal and changes nothing."""
    p = state.p(seat)
    if card == BEARER:
        already = p.bearer_ready == ready
        p.bearer_ready = ready
    else:
        already = (card not in p.used) == ready
        if ready and card in p.used:
            p.used.remove(card)
        elif not ready and card not in p.used:
            p.used.append(card)
    out.append((ev.MarkedReady if ready else ev.MarkedUsed)(seat, card, already))


def _mark_verb(ready: bool):
    def apply(state, owner, step, ctx, rng, out):
        target = step["target"]
        seat = 1 - owner if target.startswith("opponent_") else owner
        kind = target.removeprefix("opponent_")
        if kind == "gembearer":
            _mark(state, seat, BEARER, ready, out)
        elif kind == "all_modifications":
            for m in list(state.p(seat).mods):
                _mark(state, seat, m, ready, out)
        else:                                    # modification_choice
            mods = list(state.p(seat).mods)
            if len(mods) == 1:
                _mark(state, seat, mods[0], ready, out)
            elif mods:
                raise NeedChoice("choose_cards", owner, {
                    "verb": step["verb"], "seat": seat, "options": mods, "count": 1,
                    "ordered": False,
                    "prompt": "Choose a modification to " + ("ready" if ready else "mark used")})
    return apply


def _finish_mark(ready: bool):
    def finish(state, owner, data, cards, rng, out):
        for c in cards:
            _mark(state, data["seat"], c, ready, out)
    return finish


def _card_sword(state, card) -> int:
    from .content import for_state
    return for_state(state).card(state.cid(card)).sword + state.attack.sword.get(card, 0)


def _v_mod_sword(state, owner, step, ctx, rng, out):
    atk = state.attack
    if atk is None:
        return
    target = step["target"]
    if target == "total":
        atk.bonus_sword += step["n"]
        out.append(ev.ValueModified(owner, "sword", "total", step["n"]))
        return
    if target == "this":
        card = ctx.get("card")
        if card not in atk.cards:
            return
    else:                                        # highest: ties go to the first put down
        if not atk.cards:
            return
        card = max(atk.cards, key=lambda c: (_card_sword(state, c), -atk.cards.index(c)))
    atk.sword[card] = atk.sword.get(card, 0) + step["n"]
    out.append(ev.ValueModified(owner, "sword", card, step["n"]))


def _shield_targets(state, step, ctx) -> list[str]:
    atk = state.attack
    target = step["target"]
    if target == "leftmost":
        return atk.revealed[:1]
    if target == "all":
        return list(atk.revealed)
    card = ctx.get("card")                        # this
    return [card] if card in atk.revealed else []


def _v_mod_shield(state, owner, step, ctx, rng, out):
    atk = state.attack
    if atk is None:
        return
    if step["target"] == "total":
        atk.bonus_shield += step["n"]
        out.append(ev.ValueModified(owner, "shield", "total", step["n"]))
        return
    for card in _shield_targets(state, step, ctx):
        atk.shield[card] = atk.shield.get(card, 0) + step["n"]
        out.append(ev.ValueModified(owner, "shield", card, step["n"]))


def _v_set_shield(state, owner, step, ctx, rng, out):
    atk = state.attack
    if atk is None:
        return
    from .content import for_state
    cards = for_state(state)
    for card in _shield_targets(state, step, ctx):
        # "counts as N" replaces the print and every change so far, and later changes apply on
        # top of it: stored as a delta from the print, the same for 0 as for any N (GW-37/38/56)
        atk.shield[card] = step["value"] - cards.card(state.cid(card)).shield
        out.append(ev.ValueModified(owner, "shield", card, 0, step["value"]))


def _v_peek_defense(state, owner, step, ctx, rng, out):
    """Hidden information for the peeker only: the id joins her `knows`, the event is hers."""
    setup = state.p(1 - owner).defense
    i = step["index"]
    if not -len(setup) <= i < len(setup):
        return
    card = setup[i]
    knows = state.p(owner).knows
    if card not in knows:
        knows.append(card)
    out.append(ev.DefensePeeked(owner, i % len(setup), card, state.cid(card)))


def _v_turn_buff(state, owner, step, ctx, rng, out):
    buffs = state.p(owner).buffs
    buffs["attack"] = buffs.get("attack", 0) + step["n"]
    out.append(ev.TurnBuffed(owner, step["n"], buffs["attack"]))


# --- the vocabulary ----------------------------------------------------------------------------

def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


_WHO = ("self", "opponent")
_REQ = ...


@dataclass(frozen=True)
class Verb:
    """One verb: `params` maps name -> (type, default or ... if required, allowed values);
    `apply(state, owner, step, ctx, rng, out)` does it (raising NeedChoice for a choice) and
    `finish(state, owner, data, cards, rng, out)` completes it from a ChooseCards answer;
    `value(step)` is the AI hint: roughly what it is worth to its owner in life points;
    `text(step)` the player-facing words."""

    params: dict[str, tuple[type, Any, tuple]]
    apply: Callable
    value: Callable[[Step], float]
    text: Callable[[Step], str]
    finish: Callable | None = None
    summary: str = ""


def _who_text(step: Step, mine: str, theirs: str) -> str:
    return mine if step.get("who", "self") == "self" else theirs


VERBS: dict[str, Verb] = {
    "gain_power": Verb(
        {"n": (int, _REQ, ())}, _v_gain_power, lambda s: 0.8 * s["n"],
        lambda s: f"Gain {s['n']} power.", summary="the owner gains n power"),
    "pay_power": Verb(
        {"n": (int, _REQ, ())}, _v_pay_power, lambda s: -0.8 * s["n"],
        lambda s: f"Lose {s['n']} power.", summary="the owner loses n power (never below 0)"),
    "gain_life": Verb(
        {"n": (int, _REQ, ()), "who": (str, "self", _WHO)}, _v_gain_life,
        lambda s: (0.7 if s.get("who", "self") == "self" else -0.7) * s["n"],
        lambda s: _who_text(s, f"Gain {s['n']} life.", f"Your opponent gains {s['n']} life."),
        summary="gain n life, capped at 50 (GW-02)"),
    "lose_life": Verb(
        {"n": (int, _REQ, ()), "who": (str, "opponent", _WHO)}, _v_lose_life,
        lambda s: (1.0 if s.get("who", "opponent") == "opponent" else -1.0) * s["n"],
        lambda s: _who_text(s, f"Lose {s['n']} life.", f"Your opponent loses {s['n']} life."),
        summary="the named player loses n life"),
    "draw": Verb(
        {"n": (int, _REQ, ()), "who": (str, "self", _WHO)}, _v_draw,
        lambda s: (1.5 if s.get("who", "self") == "self" else -1.5) * s["n"],
        lambda s: _who_text(s, f"Draw {_plural(s['n'], 'card')}.",
                            f"Your opponent draws {_plural(s['n'], 'card')}."),
        summary="draw n, reshuffling the discard when the deck is empty (GW-46)"),
    "discard": Verb(
        {"n": (int, _REQ, ()), "who": (str, "self", _WHO),
         "mode": (str, "choice", ("choice", "random"))}, _v_discard,
        lambda s: (-1.0 if s.get("who", "self") == "self" else 1.4) * s["n"],
        lambda s: (_who_text(s, "Discard", "Your opponent discards") + f" {_plural(s['n'], 'card')}"
                   + (" at random." if s.get("mode") == "random"
                      else "." if s.get("who", "self") == "self" else " of their choice.")),
        finish=_finish_discard, summary="from hand to discard (GW-50), chosen or at random (GW-59)"),
    "look_top": Verb(
        {"n": (int, _REQ, ()), "take": (int, 1, ())}, _v_look_top,
        lambda s: 0.3 * s["n"] + 1.6 * s["take"],
        lambda s: (f"Look at your top {_plural(s['n'], 'card')}; "
                   + (f"take {s['take']} into your hand, the rest back on top in any order."
                      if s["take"] else "put them back in any order.")),
        finish=_finish_look_top, summary="look at the top n (GW-46 mid-look), keep `take`, reorder"),
    "scrap": Verb(
        {"target": (str, "this", ("this", "hand_choice", "discard_choice", "defense_choice"))},
        _v_scrap,
        lambda s: {"this": 0.0, "hand_choice": 0.5, "discard_choice": 0.5, "defense_choice": 2.5}[s["target"]],
        lambda s: {"this": "Scrap this card.", "hand_choice": "Scrap a card from your hand.",
                   "discard_choice": "Scrap a card from your discard pile.",
                   "defense_choice": "Scrap a revealed defense card."}[s["target"]],
        finish=_finish_scrap, summary="to the scrap pile (GW-51); a Source returns to the stack (GW-52)"),
    "return_source": Verb(
        {}, _v_return_source, lambda s: 1.0,
        lambda s: "Return this card to the Source stack instead of discarding it.",
        summary="GW-29: the played Source returns to the stack"),
    "ready": Verb(
        {"target": (str, "gembearer", ("gembearer", "modification_choice", "all_modifications"))},
        _mark_verb(True), lambda s: 1.5 if s["target"] != "all_modifications" else 2.5,
        lambda s: {"gembearer": "Ready your Gembearer.",
                   "modification_choice": "Ready one of your modifications.",
                   "all_modifications": "Ready all your modifications."}[s["target"]],
        finish=_finish_mark(True), summary="set ready; already ready is fine (GW-55)"),
    "use": Verb(
        {"target": (str, "opponent_gembearer",
                    ("gembearer", "opponent_gembearer", "modification_choice",
                     "opponent_modification_choice", "opponent_all_modifications"))},
        _mark_verb(False), lambda s: 1.2 if s["target"].startswith("opponent_") else -1.0,
        lambda s: {"gembearer": "Mark your Gembearer used.",
                   "opponent_gembearer": "Mark your opponent's Gembearer used.",
                   "modification_choice": "Mark one of your modifications used.",
                   "opponent_modification_choice": "Mark one of your opponent's modifications used.",
                   "opponent_all_modifications": "Mark all your opponent's modifications used."}[s["target"]],
        finish=_finish_mark(False), summary="turn sideways; already used is fine (GW-55)"),
    "mod_sword": Verb(
        {"n": (int, _REQ, ()), "target": (str, "total", ("total", "this", "highest"))},
        _v_mod_sword, lambda s: float(s["n"]) if s["target"] != "highest" else -float(s["n"]),
        lambda s: {"total": f"{_signed(s['n'])} to the attack value.",
                   "this": f"This card gets {_signed(s['n'])} sword.",
                   "highest": f"The strongest attack card gets {_signed(s['n'])} sword."}[s["target"]],
        summary="change an attack card's or the total's sword (GW-56)"),
    "mod_shield": Verb(
        {"n": (int, _REQ, ()), "target": (str, "total", ("total", "this", "leftmost", "all"))},
        _v_mod_shield,
        lambda s: (float(s["n"]) if s["target"] in ("total", "this") else -float(s["n"])),
        lambda s: {"total": f"{_signed(s['n'])} to the defense value.",
                   "this": f"This card gets {_signed(s['n'])} shield.",
                   "leftmost": f"The leftmost defense card gets {_signed(s['n'])} shield.",
                   "all": f"Every revealed defense card gets {_signed(s['n'])} shield."}[s["target"]],
        summary="change a defense card's or the total's shield (GW-56)"),
    "set_shield": Verb(
        {"target": (str, "leftmost", ("leftmost", "this", "all")), "value": (int, 0, ())},
        _v_set_shield, lambda s: 3.0,
        lambda s: {"leftmost": "The leftmost defense card",
                   "this": "This card", "all": "Every revealed defense card"}[s["target"]]
        + f" counts as {s['value']} shield.",
        summary="a defense card counts as a fixed shield value"),
    "peek_defense": Verb(
        {"index": (int, 0, ())}, _v_peek_defense, lambda s: 0.6,
        lambda s: ("Secretly look at your opponent's "
                   + ({0: "leftmost", 1: "second", 2: "third", -1: "rightmost"}.get(s["index"], f"#{s['index'] + 1}"))
                   + " face-down defense card."),
        summary="hidden information for the peeker only"),
    "turn_buff": Verb(
        {"n": (int, _REQ, ())}, _v_turn_buff, lambda s: 0.8 * s["n"],
        lambda s: f"{_signed(s['n'])} to your attack value this turn.",
        summary="adds to the owner's attack value until the turn ends"),
}

# Conditions a step may carry under "if": name -> (test, words for the card text).
CONDITIONS: dict[str, tuple[Callable[["GwState", int, Ctx, int], bool], str]] = {
    "attack_cards": (lambda state, owner, ctx, n:
                     state.attack is not None and len(state.attack.cards) >= n,
                     "the attack uses {n} or more cards"),
    "gems": (lambda state, owner, ctx, n: len(state.p(owner).gems) >= n,
             "you have {n} or more gems"),
}


def hint(steps: list[Step], power_value: float = 0.8) -> float:
    """The AI's rough worth of an effect list to its owner, in life points: verbs by their
    hint, a power clause by what it gives less what it costs (never below what `otherwise`
    gives, since paying is optional)."""
    total = 0.0
    for step in steps:
        if "cost" in step:
            paid = hint(step["effects"], power_value) - power_value * step["cost"]
            total += max(paid, hint(step["otherwise"], power_value))
        else:
            total += VERBS[step["verb"]].value(step)
    return total


# --- resolution --------------------------------------------------------------------------------

def _payer(state: "GwState", owner: int, ctx: Ctx) -> int:
    """GW-U-13: each card's owner pays its optional costs; house rule "attacker" makes the
    attacker pay for Hit/Miss clauses, as the glossary literally says (GW-58)."""
    from .house import house
    if ctx.get("payer") is not None:         # the flow already settled it
        return ctx["payer"]
    if ctx.get("source") in ("hit", "miss") and house(state, "result_payer") == "attacker" \
            and ctx.get("attacker") is not None:
        return ctx["attacker"]
    return owner


def _fired_key(ctx: Ctx, clause_no: int) -> str | None:
    """GW-41 / GW-U-16: each card's Hit or Miss clause fires at most once per turn."""
    if ctx.get("source") not in ("hit", "miss"):
        return None
    return f"{ctx.get('key') or ctx.get('card')}:{ctx['source']}:{clause_no}"


def resolve(state: "GwState", owner: int, effects: list[Step], ctx: Ctx, rng: Rng) -> list:
    """Resolve `effects` for `owner` in printed order. Returns the events; if a choice is
    needed, a Pending(handler="effects") is pushed and resolution stops until `answer`."""
    out: list = []
    _run(state, owner, list(effects), dict(ctx), rng, out)
    return out


def _run(state, owner, steps, ctx, rng, out) -> None:
    ctx.setdefault("_clause", 0)
    while steps:
        step = steps.pop(0)
        cond = step.get("if")
        if cond and not all(CONDITIONS[k][0](state, owner, ctx, v) for k, v in cond.items()):
            if "cost" in step:
                ctx["_clause"] += 1
            continue
        if "cost" in step:
            no = ctx["_clause"]
            ctx["_clause"] += 1
            decision = _clause_decision(state, owner, step, no, ctx, out)
            if decision is None:                 # ask: a pay stage, then carry on from here
                payer = _payer(state, owner, ctx)
                stages.push(state.pending, Pending("pay", payer, HANDLER, {
                    "owner": owner, "clause": step, "no": no, "rest": steps, "ctx": ctx,
                    "prompt": _named(state, owner, ctx, f"pay {step['cost']} power? "
                                     f"{_describe(step['effects'])}")}))
                return
            steps[0:0] = _take_clause(state, owner, step, no, decision, ctx, out)
            continue
        try:
            VERBS[step["verb"]].apply(state, owner, step, ctx, rng, out)
        except NeedChoice as need:
            stages.push(state.pending, Pending(need.stage, need.seat, HANDLER, {
                **need.data, "seat": need.data.get("seat", need.seat), "owner": owner,
                "rest": steps, "ctx": ctx,
                "prompt": _named(state, owner, ctx, need.data["prompt"])}))
            return


def _named(state: "GwState", owner: int, ctx: Ctx, prompt: str) -> str:
    """A stage prompt headed by the card (or Gembearer ability) it comes from."""
    from .content import for_state
    card = ctx.get("card")
    try:
        c = for_state(state)
        if card == BEARER:
            key = str(ctx.get("key", ""))
            seat = int(key.rpartition(":")[2]) if key.startswith(BEARER + ":") else owner
            name = c.bearers[state.p(seat).gembearer].ability
        elif card:
            name = c.card(state.cid(card)).name
        else:
            return prompt[0].upper() + prompt[1:]
    except (KeyError, ValueError, TypeError):
        return prompt[0].upper() + prompt[1:]
    return f"{name}: {prompt[0].lower()}{prompt[1:]}"


def _describe(steps: list[Step]) -> str:
    from .content import describe
    return describe(steps)


def _clause_decision(state, owner, step, no, ctx, out) -> bool | None:
    """True/False if already settled (flags given, cannot pay, fired this turn); None to ask."""
    key = _fired_key(ctx, no)
    card = str(ctx.get("card") or "")
    payer = _payer(state, owner, ctx)
    if key is not None and key in state.fired:
        out.append(ev.ClauseSkipped(payer, card, no, "already fired this turn"))
        return False
    flags = ctx.get("pay")
    wanted = None
    if flags is not None and no < len(flags):
        wanted = bool(flags[no])
    if state.p(payer).power < step["cost"]:
        # GW-27: an unaffordable clause simply does not resolve; power never goes below 0
        out.append(ev.ClauseSkipped(payer, card, no, "cannot pay"))
        return False
    return wanted


def _take_clause(state, owner, step, no, pay: bool, ctx, out) -> list[Step]:
    """The steps that replace a settled clause: its effects after paying, else `otherwise`."""
    payer = _payer(state, owner, ctx)
    if not pay:
        if not any(isinstance(e, ev.ClauseSkipped) and e.clause == no for e in out[-1:]):
            out.append(ev.ClauseSkipped(payer, str(ctx.get("card") or ""), no, "declined"))
        return list(step["otherwise"])
    change_power(state, payer, -step["cost"], _why(ctx), out)
    key = _fired_key(ctx, no)
    if key is not None:
        state.fired.append(key)
    return list(step["effects"])


# --- stages: legal answers, validation, answering ----------------------------------------------

def _top(state: "GwState") -> Pending | None:
    top = stages.top(state.pending)
    if top is not None and top.handler == HANDLER:
        return top
    return None


def legal(state: "GwState") -> list:
    """Every answer to the top effect stage (empty when the top stage is not ours)."""
    top = _top(state)
    if top is None:
        return []
    if top.stage == "pay":
        out: list = []
        if state.p(top.seat).power >= top.data["clause"]["cost"]:
            out.append(Pay())
        out.append(Decline())
        return out
    d = top.data
    if d["ordered"]:
        picks = permutations(d["options"], d["count"])
    else:
        picks = combinations(d["options"], d["count"])
    return [ChooseCards(tuple(p)) for p in picks]


def validate(state: "GwState", action: Any) -> str | None:
    """None if `action` answers the top effect stage, else why not (in a player's words)."""
    top = _top(state)
    if top is None:
        return "no effect is waiting for a choice"
    if top.stage == "pay":
        if isinstance(action, Decline):
            return None
        if not isinstance(action, Pay):
            return "choose whether to pay for the clause"
        if state.p(top.seat).power < top.data["clause"]["cost"]:
            return f"not enough power: it costs {top.data['clause']['cost']}"
        return None
    if not isinstance(action, ChooseCards):
        return "choose cards first"
    d = top.data
    cards = list(action.cards)
    if len(cards) != d["count"]:
        return f"choose exactly {d['count']} card{'s' if d['count'] != 1 else ''}"
    if len(set(cards)) != len(cards) or any(c not in d["options"] for c in cards):
        return "those cards are not among the choices"
    return None


def answer(state: "GwState", action: Any, rng: Rng) -> list:
    """Apply the answer to the top effect stage and carry on resolving its list."""
    why = validate(state, action)
    if why is not None:
        from game.engine.rules import IllegalAction
        raise IllegalAction(why)
    top = stages.pop(state.pending)
    d = top.data
    owner, steps, ctx = d["owner"], list(d["rest"]), dict(d["ctx"])
    out: list = []
    if top.stage == "pay":
        steps[0:0] = _take_clause(state, owner, d["clause"], d["no"], isinstance(action, Pay),
                                  ctx, out)
    else:
        try:
            VERBS[d["verb"]].finish(state, owner, d, tuple(action.cards), rng, out)
        except NeedChoice as need:           # a verb with two choices (look_top: take, order)
            stages.push(state.pending, Pending(need.stage, need.seat, HANDLER, {
                **need.data, "seat": need.data.get("seat", need.seat), "owner": owner,
                "rest": steps, "ctx": ctx,
                "prompt": _named(state, owner, ctx, need.data["prompt"])}))
            return out
    _run(state, owner, steps, ctx, rng, out)
    return out
