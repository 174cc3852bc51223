"""Gemwielders flow: set-up stages, the four phases of a turn, the draft steps, main-phase plays,
the attack sequence, the draw phase and the end of the game.

Owns: `legal_actions`, `validate` and `apply` for every action except the answers to stages an
effect raised (effects.answer), the effect queue driver (`run`), and the primitives effects use
to touch zones and counters (draw with the GW-46 reshuffle, life with the GW-02 cap, power that
never goes below 0, scrapping with the GW-52 Source exception, moving cards between zones).

Must not: implement an effect verb (effects.py does), read presentation data, import pygame, or
use `random` (every shuffle and random pick goes through the match Rng, GW-59).
"""
from __future__ import annotations

from itertools import product
from typing import Any, Iterable

from game.engine.events import MatchEnded, TurnEnded, TurnStarted
from game.engine.rng import Rng
from game.engine.tactics import pending as stages

from . import actions as A
from . import events as E
from . import content as content_mod
from . import effects as fx
from .content import CardDef, Content, eligible, requirement
from .house import house
from .state import BEARER, HAND_SIZE, MAX_GEMS, ROW_SIZE, Attack, GwState, Pending

# --- content access ----------------------------------------------------------------------------

def register_content(name: str, c: Content) -> None:
    """Make a content set built in code available under `name` (tests, scenarios); it goes
    into content.load's cache so effects find it too."""
    content_mod._CACHE[name] = c


# content.load's own cache, read directly first: the flow asks for a card's definition some
# twenty times per action, and a set in the cache was checked when it went in
_LOADED: dict[str, Content] = content_mod._CACHE


def content_of(state: GwState) -> Content:
    """The match's content: its set, with the set-up's inline content laid over it."""
    if state.inline is not None:
        return content_mod.for_state(state)
    c = _LOADED.get(state.content)
    return c if c is not None else content_mod.load(state.content)


def card(state: GwState, card_id: str) -> CardDef:
    """The content definition of a card instance."""
    return card_def_by_cid(state, state.cards[card_id].cid)


def bearer(state: GwState, seat: int):
    gb = state.players[seat].gembearer
    return content_of(state).bearers[gb] if gb else None


def steps(clause) -> list:
    """The effect steps of a clause (a Clause or None)."""
    return list(clause.effects) if clause is not None else []


# --- zones and counters -------------------------------------------------------------------------
# The primitives live once in effects.py (GW-46 reshuffle, GW-02 cap, GW-27 floor, GW-52);
# these wrappers give the flow an events-returning form.

def find_zone(state: GwState, card_id: str) -> tuple[int | None, str]:
    """(owner seat or None for shared zones, zone name) of a card; "nowhere" if lost."""
    try:
        return fx.locate(state, card_id)
    except KeyError:
        return None, "nowhere"


def move_card(state: GwState, card_id: str, seat: int | None, zone: str) -> list:
    """Move a card to `zone` of `seat` (player zones) or a shared zone (seat None)."""
    src_seat, src = fx.remove(state, card_id)
    if zone == "deck" or src == "deck":
        for p in state.players:
            if card_id in p.knows and zone != "deck":
                p.knows.remove(card_id)
    (getattr(state, zone) if seat is None else getattr(state.players[seat], zone)).append(card_id)
    return [E.CardMoved(src_seat if src_seat is not None else seat, card_id,
                        state.cards[card_id].cid, src, zone)]


def scrap_card(state: GwState, card_id: str, by: int) -> list:
    out: list = []
    fx.scrap_card(state, card_id, by, out)
    return out


def draw(state: GwState, seat: int, n: int, rng: Rng) -> list:
    out: list = []
    if n > 0:
        fx.draw(state, seat, n, rng, out)
    return out


def lose_life(state: GwState, seat: int, n: int, why: str = "") -> list:
    out: list = []
    if n > 0:
        fx.change_life(state, seat, -n, why, out)
    return out


def pay_power(state: GwState, seat: int, n: int, why: str = "") -> list | None:
    """Spend `n` power; None (and no change) when the player has less (GW-27)."""
    if n > state.players[seat].power:
        return None
    out: list = []
    if n > 0:
        fx.change_power(state, seat, -n, why, out)
    return out


# --- values (GW-56, GW-U-15) -------------------------------------------------------------------

def _floor(state: GwState, v: int) -> int:
    return max(0, v) if house(state, "negative_values") == "floor" else v


def is_hidden(state: GwState, card_id: str) -> bool:
    """A placeholder in a redacted view (system.view): its content is unknown to the viewer."""
    return state.cards[card_id].cid == "hidden"


def card_sword(state: GwState, card_id: str) -> int:
    a = state.attack
    if is_hidden(state, card_id):
        return 0                               # on a view: unknown, counted as 0
    base = card(state, card_id).sword
    return _floor(state, base + (a.sword.get(card_id, 0) if a else 0))


def card_shield(state: GwState, card_id: str) -> int:
    a = state.attack
    if is_hidden(state, card_id):
        return 0                               # on a view: unknown, counted as 0
    d = card(state, card_id)
    if d.kind != "defense":                 # a bluffed card counts 0 (GW-U-11)
        return 0
    return _floor(state, d.shield + (a.shield.get(card_id, 0) if a else 0))


def attack_total(state: GwState) -> int:
    a = state.attack
    if a is None:
        return 0
    total = sum(card_sword(state, c) for c in a.cards)
    total += a.bonus_sword + state.players[a.attacker].buffs.get("attack", 0)
    return max(0, total)


def defense_total(state: GwState) -> int:
    a = state.attack
    if a is None:
        return 0
    cards = a.revealed if a.revealed else state.players[a.defender].defense
    return max(0, sum(card_shield(state, c) for c in cards) + a.bonus_shield)


# --- eligibility (GW-16/17/22, GW-U-02/03/25) --------------------------------------------------

def can_draft(state: GwState, req: str, gems: list[str]) -> bool:
    if house(state, "numeric_requirements"):
        return len(req) <= len(gems)
    return eligible(req, gems)


def could_ever(state: GwState, req: str, gems: list[str]) -> bool:
    """GW-U-03: the gems still missing fit in the free sockets and the pool still holds the
    missing typed gems (and enough tokens for the wildcards). Competition is ignored."""
    free = MAX_GEMS - len(gems)
    pool_total = sum(state.pool.values())
    if house(state, "numeric_requirements"):
        need = max(0, len(req) - len(gems))
        return need <= free and need <= pool_total
    pool = state.pool
    n_missing = 0
    for g, n in requirement(req)[0]:
        m = max(0, n - gems.count(g))
        if pool.get(g, 0) < m:
            return False
        n_missing += m
    shortfall = max(0, len(req) - (len(gems) + n_missing))
    return n_missing + shortfall <= free and n_missing + shortfall <= pool_total


def step1_open(state: GwState) -> bool:
    """GW-17: the step-1 scrap exists only while both players have at least 3 gems."""
    return all(len(p.gems) >= 3 for p in state.players)


def scrappable_slots(state: GwState) -> list[int]:
    """GW-16: row slots holding a card no player could ever become eligible to draft."""
    if not step1_open(state):
        return []
    out = []
    for i, cid in enumerate(state.row):
        if cid is None:
            continue
        req = card(state, cid).req
        if not any(could_ever(state, req, p.gems) for p in state.players):
            out.append(i)
    return out


def draftable_slots(state: GwState, seat: int) -> list[int]:
    gems = state.players[seat].gems
    return [i for i, c in enumerate(state.row)
            if c is not None and can_draft(state, card(state, c).req, gems)]


# --- set-up (GW-01..12) ------------------------------------------------------------------------

def setup_state(state: GwState, rng: Rng, picks: dict[int, str]) -> list:
    """Everything up to the Gembearer choice: Player 1 at random, gem pool, gem card deck,
    Sources. The choice itself is a stage for Player 1, then Player 2 (GW-05), unless `picks`
    settle it."""
    c = content_of(state)
    events: list = []
    state.first = rng.randint(0, 1)                      # GW-04, GW-59
    events.append(E.FirstPlayerChosen(state.first))
    state.pool = dict(c.gems)                             # GW-08
    state.gem_deck = [state.new_card(cid) for cid in c.gem_cards]
    rng.shuffle(state.gem_deck)                           # GW-09
    stack_top(state, state.gem_deck, state.stacked.get("gem_deck", []))
    events.append(E.DeckShuffled(None, len(state.gem_deck)))
    src = c.source_cid
    state.sources = [state.new_card(src) for _ in range(c.source_count)]   # GW-10
    for seat in (state.first, 1 - state.first):
        if seat in picks:
            events += choose_gembearer(state, seat, picks[seat], rng)
    if len(picks) < 2:
        seat = state.first if state.first not in picks else 1 - state.first
        stages.push(state.pending, Pending("choose_gembearer", seat))
    return events


def stack_top(state: GwState, pile: list[str], cids: list[str]) -> None:
    """Put cards with content ids `cids` (top first) on top of a freshly shuffled pile: the
    set-up key `stack` lets scenarios and tutorials fix deck orders. Unknown ids are refused
    when the match is configured (system.setup)."""
    for placed, cid in enumerate(reversed(cids)):
        for i in range(placed, len(pile)):       # cards already put on top stay there
            if state.cards[pile[i]].cid == cid:
                pile.insert(0, pile.pop(i))
                break
        else:
            raise ValueError(f"no {cid!r} card left to put on top")


def choose_gembearer(state: GwState, seat: int, gb: str, rng: Rng) -> list:
    state.players[seat].gembearer = gb
    events: list = [E.GembearerChosen(seat, gb)]
    if all(p.gembearer for p in state.players):
        events += _deal_in(state, rng)
    return events


def _deal_in(state: GwState, rng: Rng) -> list:
    """GW-06/07/11: weapon decks shuffled, five cards each, the row dealt; then Player 2's
    optional redeal (GW-12)."""
    c = content_of(state)
    events: list = []
    for seat in (state.first, 1 - state.first):
        p = state.players[seat]
        deck = c.bearers[p.gembearer or ""].deck
        p.deck = [state.new_card(cid) for cid, n in deck.items() for _ in range(n)]
        rng.shuffle(p.deck)
        stack_top(state, p.deck, state.stacked.get(f"deck{seat}", []))
        events.append(E.DeckShuffled(seat, len(p.deck)))
    for seat in (state.first, 1 - state.first):
        events += draw(state, seat, HAND_SIZE, rng)
    events += refill_row(state)
    stages.push(state.pending, Pending("redeal", 1 - state.first))
    return events


def refill_row(state: GwState) -> list:
    """GW-18: fill every empty slot from the gem card deck (as many as it still has, GW-U-08)."""
    slots, cards = [], []
    for i in range(ROW_SIZE):
        if state.row[i] is None and state.gem_deck:
            state.row[i] = state.gem_deck.pop(0)
            slots.append(i)
            cards.append(state.row[i])
    events: list = []
    if slots:
        events.append(E.RowDealt(tuple(slots), tuple(cards),
                                 tuple(state.cards[c].cid for c in cards), len(state.gem_deck)))
    if not state.gem_deck and state.deck_out_turn is None and state.turn > 0:
        state.deck_out_turn = state.turn                 # GW-49
        events.append(E.GemDeckEmpty(state.turn, house(state, "deck_out_end")))
    return events


def redeal(state: GwState, rng: Rng) -> list:
    """GW-U-06: the five row cards go back, the deck is shuffled, five new ones are dealt."""
    back = [c for c in state.row if c is not None]
    state.row = [None] * ROW_SIZE
    state.gem_deck = back + state.gem_deck
    rng.shuffle(state.gem_deck)
    state.redealt = True
    seat = 1 - state.first
    return [E.RowRedealt(seat), E.DeckShuffled(None, len(state.gem_deck))] + refill_row(state)


# --- turns and phases (GW-13..15, GW-24, GW-44..49) --------------------------------------------

def start_turn(state: GwState, seat: int) -> list:
    state.turn += 1
    state.active = seat
    state.fired = []
    state.attacked = False
    state.attack = None
    events: list = [TurnStarted(seat, None, (state.turn + 1) // 2)]
    events += _start_draft(state)
    return events


def _start_draft(state: GwState) -> list:
    state.phase = "draft"
    state.draft_step = 1
    events: list = [E.PhaseStarted(state.active, "draft", state.turn)]
    if not scrappable_slots(state):
        # step 1 has nothing to offer: pass straight to the mandatory refill (GW-18)
        events += refill_row(state)
        state.draft_step = 3
    return events


def _enter(state: GwState, phase: str) -> list:
    state.phase = phase
    if phase == "draw":
        return []                  # run() plays the draw phase out (_draw_phase)
    events: list = [E.PhaseStarted(state.active, phase, state.turn)]
    if phase == "attack":
        # GW-15: Player 1 has no attack phase on their very first turn
        if state.turn == 1 and state.active == state.first:
            events.append(E.PhaseSkipped(state.active, "attack", "Player 1's first turn"))
            return events + _phase_over(state, "attack")
        state.attack = Attack(state.active, 1 - state.active)
    return events


def _phase_over(state: GwState, phase: str) -> list:
    """A phase ended: settle a simultaneous defeat (GW-48), then move on."""
    events: list = []
    if state.both_down:
        return events + _finish_by_life(state, "both players fell in the same phase")
    nxt = {"draft": "main", "main": "attack", "attack": "draw"}.get(phase)
    if nxt is not None:
        return events + _enter(state, nxt)
    return events


def _draw_phase(state: GwState, rng: Rng) -> list:
    """GW-44/45: ready everything, draw up to five; then the turn ends."""
    state.phase = "draw"
    seat = state.active
    p = state.players[seat]
    events: list = [E.PhaseStarted(seat, "draw", state.turn)]
    readied = tuple(p.used)
    p.used = []
    p.bearer_ready = True
    events.append(E.Readied(seat, readied))
    if len(p.hand) < HAND_SIZE:
        events += draw(state, seat, HAND_SIZE - len(p.hand), rng)
    events += check_life(state)
    if state.over:
        return events
    if state.both_down:
        return events + _finish_by_life(state, "both players fell in the same phase")
    return events + _end_turn(state)


def _end_turn(state: GwState) -> list:
    seat = state.active
    p = state.players[seat]
    events: list = []
    limit = house(state, "hand_limit")
    while limit and len(p.hand) > limit:               # GW-U-09 (house rule)
        events += move_card(state, p.hand[-1], seat, "discard")
    p.buffs = {}
    if house(state, "power_empties") and p.power:
        events.append(E.PowerChanged(seat, -p.power, 0, "end of turn"))
        p.power = 0
    events.append(TurnEnded(seat, None))
    # GW-49 / GW-U-08: the empty gem card deck ends the game at the chosen moment
    if state.deck_out_turn is not None:
        when = house(state, "deck_out_end")
        if when == "end_of_turn" or (when == "end_of_round" and seat != state.first):
            return events + _finish_by_life(state, "the gem card deck ran out")
    return events + start_turn(state, 1 - seat)


def _finish_by_life(state: GwState, reason: str) -> list:
    """Higher life wins; equal life means Player 2 wins (GW-48, GW-49)."""
    a, b = state.players[state.first].life, state.players[1 - state.first].life
    winner = state.first if a > b else 1 - state.first
    # the seats' names, as the table reads them (the rules' "Player 2" is who moved second)
    return _game_over(state, winner, f"{reason}; {state.seat_name(winner)} has more life"
                      if a != b else f"{reason}; equal life, which goes to the one who moved "
                                     f"second")


def _game_over(state: GwState, winner: int, reason: str) -> list:
    state.over = True
    state.winner = winner
    state.end_reason = reason
    state.phase = "over"
    stages.clear(state.pending)
    state.queue.clear()
    return [MatchEnded(winner, reason)]


def check_life(state: GwState) -> list:
    """GW-47/48, GW-U-17: one player at 0 or below loses at once; both at once finish the
    phase first."""
    if state.over or state.both_down:
        return []
    down = [p.seat for p in state.players if p.life <= 0]
    if len(down) == 1:
        loser = down[0]
        return _game_over(state, 1 - loser, f"{state.seat_name(loser)} has no life left")
    if len(down) == 2:
        state.both_down = True
        return [E.BothDown(state.phase)]
    return []


# --- the effect queue --------------------------------------------------------------------------

def queue_effects(state: GwState, owner: int, effects: list, ctx: dict[str, Any],
                  key: str | None = None) -> None:
    if not effects and key is None:
        return
    item: dict[str, Any] = {"owner": owner, "effects": list(effects), "ctx": dict(ctx)}
    if key is not None:
        item["key"] = key
    state.queue.append(item)


def run(state: GwState, rng: Rng) -> list:
    """Resolve queued effects and move the flow on until a choice is needed or the turn waits
    for its player."""
    events: list = []
    for _ in range(10000):
        events += check_life(state)
        if not state.over and state.deck_out_turn is not None \
                and house(state, "deck_out_end") == "immediately":
            events += _finish_by_life(state, "the gem card deck ran out")     # GW-U-08
        if state.over or state.pending:
            return events
        if state.queue:
            item = state.queue.pop(0)
            events += _process(state, item, rng)
            continue
        if state.attack is not None and state.attack.step not in ("choose", "done"):
            events += _attack_step(state, rng)
            continue
        if state.attack is not None and state.attack.step == "done":
            state.attack = None
            events += _phase_over(state, "attack")
            continue
        if state.phase == "draw" and not state.over:
            events += _draw_phase(state, rng)
            continue
        return events
    raise RuntimeError("the Gemwielders flow did not settle")


def _process(state: GwState, item: dict[str, Any], rng: Rng) -> list:
    events: list = []
    if "finish" in item:
        cid = item["finish"]
        if cid in state.table:                          # GW-26: to the discard once resolved
            events += move_card(state, cid, item["owner"], "discard")
        return events
    if "key" in item:
        a = state.attack
        if a is not None:
            a.resolved.append(item["key"])
        events.append(E.EffectResolving(item["owner"], item["key"], item["ctx"].get("source", "")))
    if item["effects"]:
        events += fx.resolve(state, item["owner"], item["effects"], item["ctx"], rng)
    return events


def clause_costs(effects: list) -> list[int]:
    """Costs of the optional power clauses of an effect list, in printed order (GW-27)."""
    return [s["cost"] for s in effects if "cost" in s]


def _gain_before(effects: list, index: int) -> int:
    """Power a list gains for certain before its `index`-th clause (GW-29: the Source gains
    first, so a player with 0 power may still pay)."""
    gained, seen = 0, 0
    for s in effects:
        if "cost" in s:
            if seen == index:
                return gained
            seen += 1
        elif s.get("verb") == "gain_power" and "if" not in s:
            gained += int(s.get("n", 0))
    return gained


def pay_options(effects: list, power: int) -> list[tuple[bool, ...]]:
    """Every affordable choice of optional clauses (each flag pays one clause in order)."""
    costs = clause_costs(effects)
    out = []
    for flags in product((False, True), repeat=len(costs)):
        spent, ok = 0, True
        for i, (f, cost) in enumerate(zip(flags, costs)):
            if f:
                spent += cost
                if spent > power + _gain_before(effects, i):
                    ok = False
                    break
        if ok:
            out.append(tuple(flags))
    return out


# --- the attack sequence (GW-35..43) ------------------------------------------------------------

def _ask_order(state: GwState, group: str, keys: list[str]) -> bool:
    """GW-37/39, GW-U-23: the attacker orders two or more effects; returns True if asked."""
    if len(keys) < 2 or house(state, "effect_order") == "printed":
        state.attack.order = list(keys)
        return False
    state.attack.order = []
    stages.push(state.pending, Pending("order_effects", state.attack.attacker, "rules",
                                       {"group": group, "keys": list(keys)}))
    return True


def _other_sources(state: GwState) -> list[tuple[str, int, list]]:
    """GW-39: the attacker's Gembearer `other` ability, modifications in the attacker's area
    that work `attacking`, and those in the defender's area that work `defending`."""
    a = state.attack
    out: list[tuple[str, int, list]] = []
    gb = bearer(state, a.attacker)
    if gb and gb.other:
        out.append((f"{BEARER}:{a.attacker}", a.attacker, steps(gb.other)))
    for mid in state.players[a.attacker].mods:
        if card(state, mid).attacking:
            out.append((mid, a.attacker, steps(card(state, mid).attacking)))
    for mid in state.players[a.defender].mods:
        if card(state, mid).defending:
            out.append((mid, a.defender, steps(card(state, mid).defending)))
    return out


def _result_sources(state: GwState, result: str) -> list[tuple[str, int, list]]:
    """GW-41, GW-U-13: attack cards (attacker's order), defense cards left to right, then the
    attacker's Gembearer and the modifications of both areas."""
    a = state.attack
    out: list[tuple[str, int, list]] = []
    ordered = [c for c in a.resolved if c in a.cards] + [c for c in a.cards if c not in a.resolved]
    for cid in ordered:
        if getattr(card(state, cid), result):
            out.append((cid, a.attacker, steps(getattr(card(state, cid), result))))
    for cid in a.revealed:
        d = card(state, cid)
        if d.kind == "defense" and getattr(d, result):
            out.append((cid, a.defender, steps(getattr(d, result))))
    gb = bearer(state, a.attacker)
    if gb and getattr(gb, result):
        out.append((f"{BEARER}:{a.attacker}", a.attacker, steps(getattr(gb, result))))
    for seat in (a.attacker, a.defender):
        for mid in state.players[seat].mods:
            if getattr(card(state, mid), result):
                out.append((mid, seat, steps(getattr(card(state, mid), result))))
    return out


def _ctx(state: GwState, key: str, source: str, payer: int | None = None) -> dict[str, Any]:
    a = state.attack
    ctx: dict[str, Any] = {"card": BEARER if key.startswith(BEARER) else key, "key": key,
                           "source": source}
    if a is not None:
        ctx["attacker"], ctx["defender"] = a.attacker, a.defender
    if payer is not None:
        ctx["payer"] = payer
    return ctx


def _attack_step(state: GwState, rng: Rng) -> list:
    a = state.attack
    events: list = []
    if a.step == "reveal":
        # GW-36: the whole setup turns face up
        a.revealed = list(state.players[a.defender].defense)
        events.append(E.DefenseRevealed(a.defender, tuple(a.revealed),
                                        tuple(state.cards[c].cid for c in a.revealed),
                                        defense_total(state)))
        a.step = "attack_effects"
        keys = [c for c in a.cards if card(state, c).reveal]
        _ask_order(state, "attack", keys)
        return events
    if a.step == "attack_effects":
        for key in a.order:                              # GW-37: the attacker's order
            queue_effects(state, a.attacker, steps(card(state, key).reveal),
                          _ctx(state, key, "reveal"), key)
        a.step = "defense_effects"
        return events
    if a.step == "defense_effects":
        for cid in a.revealed:                           # GW-38: leftmost (oldest) first
            d = card(state, cid)
            if d.kind == "defense" and d.reveal:
                queue_effects(state, a.defender, steps(d.reveal), _ctx(state, cid, "reveal"), cid)
        a.step = "other_effects"
        others = _other_sources(state)
        _ask_order(state, "other", [k for k, _, _ in others])
        return events
    if a.step == "other_effects":
        others = {k: (o, eff) for k, o, eff in _other_sources(state)}
        for key in a.order:                              # GW-39: the attacker's order
            if key in others:
                owner, eff = others[key]
                queue_effects(state, owner, eff, _ctx(state, key, "other"), key)
        a.step = "compare"
        return events
    if a.step == "compare":
        sword, shield = attack_total(state), defense_total(state)
        a.result = "hit" if sword > shield else "miss"   # GW-40: strictly greater
        events.append(E.AttackCompared(a.attacker, sword, shield, a.result))
        a.step = "damage" if house(state, "damage_timing") == "damage_first" else "result_effects"
        return events
    if a.step == "result_effects":
        payer_rule = house(state, "result_payer")
        for key, owner, eff in _result_sources(state, a.result or "miss"):
            fired = f"{key}:{a.result}"
            if fired in state.fired:                     # GW-41, GW-U-16: once per turn
                events.append(E.ClauseSkipped(owner, key, -1, "already fired this turn"))
                continue
            state.fired.append(fired)
            payer = a.attacker if payer_rule == "attacker" else owner   # GW-U-13
            queue_effects(state, owner, eff, _ctx(state, key, a.result or "miss", payer), key)
        a.step = "cleanup" if house(state, "damage_timing") == "damage_first" else "damage"
        return events
    if a.step == "damage":
        if a.result == "hit":
            # GW-42 with GW-U-14: totals as they stand after the Hit effects
            dmg = max(0, attack_total(state) - defense_total(state)) + a.bonus_damage
            if house(state, "damage_timing") == "damage_first":
                dmg = max(0, attack_total(state) - defense_total(state)) + a.bonus_damage
            a.damage = max(0, dmg)
            events += lose_life(state, a.defender, a.damage, "hit")
            events.append(E.DamageDealt(a.defender, a.damage, state.players[a.defender].life))
        a.step = "result_effects" if house(state, "damage_timing") == "damage_first" else "cleanup"
        return events
    if a.step == "cleanup":
        # GW-43: attack cards to the attacker's discard, revealed defense to the defender's
        atk = [c for c in a.cards if c in state.table]
        dfn = [c for c in a.revealed if c in state.players[a.defender].defense]
        for c in atk:
            move_card(state, c, a.attacker, "discard")
        for c in dfn:
            move_card(state, c, a.defender, "discard")
        events.append(E.AttackCleared(a.attacker, tuple(atk), tuple(dfn)))
        a.step = "done"
        return events
    raise RuntimeError(f"unknown attack step {a.step!r}")


# --- legal actions -----------------------------------------------------------------------------

def _use_window(state: GwState) -> bool:
    if state.phase == "main":
        return True
    return house(state, "use_timing") == "own_turn" and state.phase in ("draft", "attack") \
        and (state.attack is None or state.attack.step == "choose")


def usable(state: GwState, seat: int) -> list[tuple[str, list, int]]:
    """(key, use effects, use cost) for every ready use effect of `seat` (GW-31/32)."""
    p = state.players[seat]
    out = []
    gb = bearer(state, seat)
    if gb and gb.use and p.bearer_ready:
        out.append((BEARER, steps(gb.use), gb.use.cost))
    for mid in p.mods:
        d = card(state, mid)
        if d.use and mid not in p.used:
            out.append((mid, steps(d.use), d.use.cost))
    return out


def stage_legal(state: GwState) -> list:
    """Answers to the top pending stage handled here."""
    p = stages.top(state.pending)
    if p.stage == "choose_gembearer":
        taken = {q.gembearer for q in state.players if q.gembearer}
        # the neutral Gembearer is a set-up stand-in, not one of the game's to choose (GW-05)
        ids = [g for g in content_of(state).bearers if g != content_mod.NEUTRAL_BEARER]
        if house(state, "distinct_gembearers"):
            ids = [g for g in ids if g not in taken]     # GW-U-05
        return [A.ChooseGembearer(g) for g in ids]
    if p.stage == "redeal":
        return [A.KeepRow(), A.Redeal()] if not state.redealt else [A.KeepRow()]
    if p.stage == "order_effects":
        left = [k for k in p.data["keys"] if k not in state.attack.order]
        return [A.OrderEffects((k,)) for k in left]
    return []


def legal_actions(state: GwState) -> list:
    if state.over:
        return []
    if state.pending:
        top = stages.top(state.pending)
        if top.handler == "effects":
            return list(fx.legal(state))
        return stage_legal(state)
    seat = state.active
    p = state.players[seat]
    out: list = []
    if state.phase == "draft":
        step = state.draft_step
        if step == 1:
            out += [A.ScrapIneligible(s) for s in scrappable_slots(state)]
            out.append(A.SkipStep())
            return out
        if step <= 3 and len(p.gems) < MAX_GEMS:
            out += [A.TakeGem(g) for g in sorted(state.pool) if state.pool[g] > 0]
        if step <= 4:
            for s in draftable_slots(state, seat):
                out += [A.Draft(s), A.ScrapFromRow(s)]
        if step <= 5 and state.sources:
            out.append(A.TakeSource())
        out.append(A.EndPhase())
        return out
    if state.phase == "main":
        defs = content_of(state).cards
        bluffing = house(state, "bluffing")
        for cid in p.hand:
            d = defs[state.cards[cid].cid]
            if d.kind == "skill":
                out += [A.PlaySkill(cid, f) for f in pay_options(steps(d.play), p.power)]
            elif d.kind == "source":
                out += [A.PlaySource(cid, f) for f in pay_options(steps(d.play), p.power)]
            elif d.kind == "modification":
                out.append(A.PlayModification(cid))
            if d.kind == "defense" or bluffing:
                out.append(A.AddDefense(cid))
    if _use_window(state):
        for key, eff, cost in usable(state, seat):
            if cost <= p.power:
                out += [A.UseCard(key, f) for f in pay_options(eff, p.power - cost)]
    if state.phase == "attack" and state.attack is not None and state.attack.step == "choose":
        for cid in p.hand:
            if card(state, cid).kind == "attack":
                out.append(A.AddToAttack(cid))
        if state.attack.cards:
            out.append(A.Announce())
            return out
    if state.phase in ("main", "attack"):
        out.append(A.EndPhase())
    return out


def validate(state: GwState, action: Any) -> str | None:
    """Why `action` is not allowed now (None when it is)."""
    if state.over:
        return "the game is over"
    if state.pending:
        top = stages.top(state.pending)
        if top.handler == "effects":
            return fx.validate(state, action)
        if top.stage == "order_effects" and isinstance(action, A.OrderEffects):
            left = [k for k in top.data["keys"] if k not in state.attack.order]
            order = list(action.order)
            if not order or len(set(order)) != len(order) or any(k not in left for k in order):
                return f"order the remaining effects: {', '.join(left)}"
            return None
        if action in stage_legal(state):
            return None
        return f"waiting for an answer first ({top.stage.replace('_', ' ')})"
    if action in legal_actions(state):
        return None
    return _why_not(state, action)


def _why_not(state: GwState, action: Any) -> str:
    p = state.players[state.active]
    name = getattr(action, "kind", str(action))
    if isinstance(action, A.TakeGem):
        if state.phase != "draft" or state.draft_step > 3:
            return "taking a gem is draft step 3, which has passed (GW-24)"
        if len(p.gems) >= MAX_GEMS:
            return "a Gembearer holds at most 5 gems (GW-20)"
        return f"no {action.gem} gem is left in the pool"
    if isinstance(action, (A.Draft, A.ScrapFromRow)):
        if state.phase != "draft" or state.draft_step > 4:
            return "drafting is draft step 4, which has passed (GW-24)"
        return "that row slot holds no card you are eligible for (GW-22)"
    if isinstance(action, A.ScrapIneligible):
        if state.phase == "draft" and not step1_open(state):
            return "draft step 1 is open only while both players have 3 or more gems (GW-17)"
        return "only a card nobody could ever become eligible to draft may be scrapped in " \
               "step 1 (GW-16)"
    if isinstance(action, A.TakeSource):
        return "no Source can be taken now (draft step 5, once, while the stack has one)"
    if isinstance(action, (A.AddToAttack, A.Announce)):
        if state.turn == 1 and state.active == state.first:
            return "Player 1 does not attack on their first turn (GW-15)"
        return "attacks are made in the attack phase with attack cards from your hand"
    if isinstance(action, A.AddDefense):
        return "defense cards go down from your hand in your main phase (GW-33)"
    if isinstance(action, A.PlayModification):
        return "modifications are played from your hand in your main phase (GW-30)"
    if isinstance(action, (A.Redeal, A.KeepRow, A.ChooseGembearer, A.OrderEffects)):
        return "nobody is being asked that now"
    if isinstance(action, A.EndPhase):
        return "only the main and attack phases are ended by choice"
    if isinstance(action, A.SkipStep):
        return "that draft step cannot be skipped now (GW-24)"
    if isinstance(action, A.UseCard):
        return "that card is not ready, cannot be used now, or you cannot pay its cost (GW-31)"
    if isinstance(action, (A.PlaySkill, A.PlaySource)):
        return "that card cannot be played now, or the clauses flagged cannot be paid (GW-27)"
    return f"{name} is not allowed now"


# --- apply -------------------------------------------------------------------------------------

def apply(state: GwState, action: Any, rng: Rng) -> list:
    events: list = []
    if state.pending and stages.top(state.pending).handler == "effects":
        events += fx.answer(state, action, rng)
        return events + run(state, rng)
    events += _apply(state, action, rng)
    return events + run(state, rng)


def _apply(state: GwState, action: Any, rng: Rng) -> list:
    seat = state.active
    p = state.players[seat]
    if isinstance(action, A.ChooseGembearer):
        stage = stages.pop(state.pending)
        events = choose_gembearer(state, stage.seat, action.gembearer, rng)
        if state.players[1 - stage.seat].gembearer is None:
            stages.push(state.pending, Pending("choose_gembearer", 1 - stage.seat))
        return events
    if isinstance(action, (A.Redeal, A.KeepRow)):
        stages.pop(state.pending)
        events = redeal(state, rng) if isinstance(action, A.Redeal) else []
        return events + start_turn(state, state.first)     # GW-13
    if isinstance(action, A.OrderEffects):
        stage = stages.top(state.pending)
        state.attack.order += list(action.order)
        left = [k for k in stage.data["keys"] if k not in state.attack.order]
        if len(left) <= 1:
            state.attack.order += left
            stages.pop(state.pending)
        return []
    # draft phase (GW-16..24)
    if isinstance(action, (A.ScrapIneligible, A.SkipStep)):
        events = []
        if isinstance(action, A.ScrapIneligible):
            events += scrap_card(state, state.row[action.slot], seat)
        else:
            events.append(E.StepPassed(seat, 1))
        events += refill_row(state)
        state.draft_step = 3
        return events
    if isinstance(action, A.TakeGem):
        p.gems.append(action.gem)                        # GW-19/21: never removed
        state.pool[action.gem] -= 1
        state.draft_step = 4
        return [E.GemTaken(seat, action.gem, len(p.gems), state.pool[action.gem])]
    if isinstance(action, A.Draft):
        cid = state.row[action.slot]
        state.row[action.slot] = None                    # stays empty until step 2 (GW-24)
        p.discard.append(cid)
        state.draft_step = 5
        return [E.CardDrafted(seat, action.slot, cid, state.cards[cid].cid)]
    if isinstance(action, A.ScrapFromRow):
        state.draft_step = 5
        return scrap_card(state, state.row[action.slot], seat)
    if isinstance(action, A.TakeSource):
        cid = state.sources.pop()
        p.discard.append(cid)
        state.draft_step = 6
        return [E.SourceTaken(seat, cid, len(state.sources))] + _leave(state, rng)
    if isinstance(action, A.EndPhase):
        return _leave(state, rng)
    # main phase (GW-25..33)
    if isinstance(action, (A.PlaySkill, A.PlaySource)):
        events = move_card(state, action.card, None, "table")
        d = card(state, action.card)
        how = "source" if isinstance(action, A.PlaySource) else "skill"
        events.append(E.CardPlayed(seat, action.card, state.cards[action.card].cid, how,
                                   tuple(action.pay)))
        ctx = {"card": action.card, "key": action.card, "source": "play",
               "pay": list(action.pay), "payer": seat}
        queue_effects(state, seat, steps(d.play), ctx)
        state.queue.append({"owner": seat, "finish": action.card})
        return events
    if isinstance(action, A.PlayModification):
        d = card(state, action.card)
        # GW-30, GW-U-24: the card's data says whose area; it enters ready (GW-53)
        area = 1 - seat if d.zone == "opponent" else seat
        events = move_card(state, action.card, area, "mods")
        events.append(E.CardPlayed(seat, action.card, state.cards[action.card].cid,
                                   "modification"))
        return events
    if isinstance(action, A.UseCard):
        uses = {k: (eff, cost) for k, eff, cost in usable(state, seat)}
        eff, cost = uses[action.card]
        events = pay_power(state, seat, cost, "use") or []
        if action.card == BEARER:
            p.bearer_ready = False
        else:
            p.used.append(action.card)
        events.insert(0, E.CardUsed(seat, action.card, cost))
        key = action.card if action.card != BEARER else f"{BEARER}:{seat}"
        queue_effects(state, seat, eff, {"card": action.card,
                                         "key": key, "source": "use",
                                         "pay": list(action.pay), "payer": seat})
        return events
    if isinstance(action, A.AddDefense):
        fx.remove(state, action.card)
        p.defense.append(action.card)                    # GW-33: always at the right end
        return [E.DefenseAdded(seat, action.card, state.cards[action.card].cid,
                               len(p.defense) - 1)]
    # attack phase (GW-35..43)
    if isinstance(action, A.AddToAttack):
        events = move_card(state, action.card, None, "table")
        state.attack.cards.append(action.card)
        return [E.AttackCardPlaced(seat, action.card, state.cards[action.card].cid)]
    if isinstance(action, A.Announce):
        a = state.attack
        state.attacked = True
        a.announced = attack_total(state)
        a.step = "reveal"
        return [E.AttackAnnounced(seat, tuple(a.cards), a.announced)]
    raise ValueError(f"unhandled action {action!r}")


def _leave(state: GwState, rng: Rng) -> list:
    """EndPhase: leave the current phase for the next (the draw phase runs by itself)."""
    events: list = []
    if state.phase == "draft" and state.draft_step <= 2:
        events += refill_row(state)                       # step 2 is never skipped
    if state.phase == "attack":
        state.attack = None                               # no attack this turn (GW-U-10)
    events += _phase_over(state, state.phase)
    return events


def own_deck_contents(state: GwState, seat: int) -> list[str]:
    """The content ids of the cards in `seat`'s own deck, sorted by name: a player knows what
    their deck holds (every card that is theirs and not elsewhere), never its order (GW-U-19)."""
    cids = [state.cards[c].cid for c in state.players[seat].deck]
    return sorted(cids, key=lambda cid: (card_def_by_cid(state, cid).name, cid))


def card_def_by_cid(state: GwState, cid: str) -> CardDef:
    """The content definition of content id `cid` in this match's content."""
    c = _LOADED.get(state.content) if state.inline is None else content_mod.for_state(state)
    if c is None:
        c = content_mod.load(state.content)
    return c.cards[cid]


def hidden_zones(state: GwState, viewer: int) -> Iterable[tuple[int | None, str]]:
    """Zones whose order and contents `viewer` may not see (GW-U-19, GW-60)."""
    for p in state.players:
        yield p.seat, "deck"
        if p.seat != viewer and house(state, "public_info") != "open":
            yield p.seat, "hand"
            yield p.seat, "defense"
    yield None, "gem_deck"
