"""The Gemwielders rule system object: what Match calls.

Owns: set-up from a MatchConfig, routing actions to rules.py (and, through it, to effects.py),
the decision (who must choose what), the per-seat view with hidden cards replaced by
placeholders (GW-U-19, GW-60), JSON for saves, the invariants (card conservation, counters) and
the example match.

Must not: implement a rule itself beyond routing; import pygame or the client; use `random`.

`MatchConfig.setup` keys: `gembearers` (a list of two Gembearer ids by seat, settling the
GW-05 stages; omit for the stages; "neutral" is the plain built-in one), `content` (a content
set's name, default "default", or a table of inline content: `base` names the set it is laid
over, the other keys are the content files' sections, see content.lay_inline), `stack`
({"deck0" | "deck1" | "gem_deck": [card ids, top first]}: fixed tops after the shuffles).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.engine.actions import Concede
from game.engine.decisions import Decision
from game.engine.events import MatchEnded
from game.engine.rng import Rng
from game.engine.rules import (BalanceHooks, ConfigError, MatchConfig, SeatConfig,
                               SystemBase, refuse_concede)
from game.engine.tactics import pending as stages

from . import reference as reference_pages
from . import rules
from . import content as content_mod
from .content import content_spec, plain
from .house import HOUSE_RULES
from .state import LIFE_CAP, MAX_GEMS, PHASES, ROW_SIZE, Card, GwState, state_from_dict

STATE_VERSION = 1
HIDDEN = "hidden"

_PLACEHOLDERS: list[Card] = []
_PLACEHOLDER_IDS: list[str] = []


def _placeholders(n: int) -> None:
    """Make sure placeholder cards "?1".."?n" (hidden) exist. Cards are frozen, so every view
    shares these instead of building a few dozen new ones per view."""
    while len(_PLACEHOLDERS) < n:
        k = len(_PLACEHOLDERS) + 1
        _PLACEHOLDERS.append(Card(f"?{k}", HIDDEN))
        _PLACEHOLDER_IDS.append(f"?{k}")


_PROMPTS = {
    "choose_gembearer": "Choose your Gembearer",
    "redeal": "Keep this draft row, or send it back and deal a new one (once)?",
    "order_effects": "Choose which effect resolves next",
    "pay": "Pay for the optional clause?",
    "choose_cards": "Choose cards",
    "draft": "Draft phase",
    "main": "Main phase: play skills and modifications, use cards, add defense",
    "attack": "Attack phase: put attack cards down and announce, or pass",
}


# Decisions of a turn's own phases, by (seat, phase, draft step): Decision is frozen, and Match
# asks for the decision several times per action (before, after, for the undo point)
_TURN_DECISIONS: dict[tuple[int, str, int], Decision] = {}


class GemwieldersSystem(SystemBase):
    id = "gemwielders"
    set_up_keys = ("names",)  # the names the set-up gives: older saves lack them
    name = "Gemwielders"
    description = ("Two-player deck-builder: socket gems, draft gem cards into your deck, and "
                   "break through your rival's hidden defense before the gem card deck runs out.")
    house_rules = HOUSE_RULES

    def reference_entries(self) -> list:
        """The rules reference's pages made from this system's content (reference.py)."""
        return reference_pages.entries()
    seat_count = (2, 2)
    state_version = STATE_VERSION

    # --- set-up --------------------------------------------------------------------------------
    def setup(self, config: MatchConfig, rng: Rng) -> tuple[GwState, list]:
        if len(config.seats) != 2:
            raise ConfigError("Gemwielders is played by exactly 2 seats")
        setup = config.setup or {}
        unknown = set(setup) - {"gembearers", "content", "stack"}
        if unknown:
            raise ConfigError(f"gemwielders set-up: unknown keys {sorted(unknown)} "
                              f"(known: content, gembearers, stack)")
        state = GwState(house=dict(config.house_rules))
        if any(seat.name for seat in config.seats):
            state.names = [seat.name for seat in config.seats]
        state.content, state.inline = content_spec(setup.get("content", "default"))
        try:
            c = rules.content_of(state)
        except (ValueError, OSError) as exc:    # a broken or unknown content set names itself
            raise ConfigError(f"gemwielders content {state.content!r}: {exc}") from None
        picks: dict[int, str] = {}
        chosen = setup.get("gembearers")
        if chosen is not None:
            if not isinstance(chosen, list) or len(chosen) != 2:
                raise ConfigError("set-up 'gembearers' must list two Gembearer ids, by seat")
            for seat, gb in enumerate(chosen):
                if gb not in c.bearers:
                    raise ConfigError(f"set-up 'gembearers': unknown Gembearer {gb!r} "
                                      f"(known: {', '.join(sorted(c.bearers))})")
                picks[seat] = gb
            if state.house.get("distinct_gembearers", True) and chosen[0] == chosen[1]:
                raise ConfigError("both seats chose the same Gembearer, but the house rule "
                                  "'Distinct Gembearers' is on (GW-U-05)")
        stack = setup.get("stack", {})
        if not isinstance(stack, dict) or set(stack) - {"deck0", "deck1", "gem_deck"} or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v) for v in stack.values()):
            raise ConfigError("set-up 'stack' maps deck0, deck1 or gem_deck to lists of card ids "
                              "(top first)")
        for pile, cids in stack.items():
            bad = [x for x in cids if x not in c.cards]
            if bad:
                raise ConfigError(f"set-up 'stack.{pile}': unknown card {bad[0]!r}")
        if (set(stack) & {"deck0", "deck1"}) and chosen is None:
            raise ConfigError("set-up 'stack' of a weapon deck needs 'gembearers' too")
        state.stacked = {k: list(v) for k, v in stack.items()}
        try:
            events = rules.setup_state(state, rng, picks)
        except ValueError as exc:
            raise ConfigError(f"set-up 'stack': {exc}") from None
        events += rules.run(state, rng)
        return state, events

    # --- playing -------------------------------------------------------------------------------
    def legal_actions(self, state: GwState) -> list:
        out = rules.legal_actions(state)
        # the deciding seat may always give up; listed last (Concede.surrender tells bots and
        # the UI it is not a move)
        d = self.decision(state)
        if d is not None:
            out.append(Concede(d.seat))
        return out

    def validate(self, state: GwState, action: Any) -> str | None:
        if state.over:
            return "the game is over"
        if isinstance(action, Concede):
            return refuse_concede(action, self.decision(state))
        try:
            return rules.validate(state, action)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            return f"{getattr(action, 'kind', action)!r} does not fit the table ({exc})"

    def apply(self, state: GwState, action: Any, rng: Rng) -> list:
        if isinstance(action, Concede):
            state.over = True
            state.winner = 1 - action.seat
            state.phase = "over"
            stages.clear(state.pending)
            state.queue.clear()
            state.end_reason = f"{state.seat_name(action.seat)} conceded"
            return [MatchEnded(state.winner, state.end_reason)]
        # the action is a validated one (SystemBase.apply): Match.submit checked it against the
        # legal list of this position, so validating again here would build that list twice
        return rules.apply(state, action, rng)

    def decision(self, state: GwState) -> Decision | None:
        if state.over:
            return None
        if state.pending:
            p = stages.top(state.pending)
            prompt = str(p.data.get("prompt") or _PROMPTS.get(p.stage, p.stage.replace("_", " ")))
            return Decision(p.seat, p.stage, None, prompt)
        stage = state.phase
        step = min(state.draft_step, 5) if stage == "draft" else 0
        key = (state.active, stage, step)
        got = _TURN_DECISIONS.get(key)
        if got is None:
            prompt = f"Draft phase, step {step}" if step else _PROMPTS.get(stage, stage)
            got = _TURN_DECISIONS[key] = Decision(state.active, stage, None, prompt)
        return got

    def winner(self, state: GwState) -> int | None:
        return state.winner if state.over else None

    def is_over(self, state: GwState) -> bool:
        return state.over

    # --- hidden information (GW-U-19, GW-60) ----------------------------------------------------
    def view(self, state: GwState, seat: int) -> GwState:
        """A copy for `seat`: both deck orders, the gem card deck, the opponent's hand and
        face-down defense become placeholders (id "?<n>", cid "hidden"); counts and order stay.
        Cards the seat has seen (`knows`) stay visible; the opponent's `knows` is emptied."""
        v = state.copy()         # fast, independent copy (state.py); redacted below
        me = v.players[seat]
        hidden: list[str] = []   # hidden ids in the order their placeholders are numbered
        # cards offered to this seat in its own pending choice (a look at the deck top) are
        # seen by it, so they stay readable in its view
        known = set(me.knows)
        for p in v.pending:
            if p.seat == seat:
                known.update(c for c in p.data.get("options", []) if isinstance(c, str))
        ph_ids = _PLACEHOLDER_IDS

        def mask(ids: list) -> list:
            start = len(hidden)
            _placeholders(start + len(ids))
            if None not in ids and known.isdisjoint(ids):
                # the common case (a deck, a hand): every card hidden, numbered in a row
                hidden.extend(ids)
                return ph_ids[start:len(hidden)]
            out = []
            for cid in ids:
                if cid is None or cid in known:
                    out.append(cid)
                else:
                    out.append(ph_ids[len(hidden)])
                    hidden.append(cid)
            return out

        revealed = set(v.attack.revealed) if v.attack else set()
        for owner, zone in rules.hidden_zones(v, seat):
            if owner is None:
                setattr(v, zone, mask(getattr(v, zone)))
            else:
                pl = v.players[owner]
                ids = getattr(pl, zone)
                if zone == "defense":
                    setattr(pl, zone, [c if c in revealed else mask([c])[0] for c in ids])
                else:
                    setattr(pl, zone, mask(ids))
        if hidden:
            cards = v.cards          # the copy's own dict
            for cid in hidden:
                cards.pop(cid, None)
            # placeholders go last so the order of `cards` says nothing about hidden ids
            cards.update(zip(ph_ids[:len(hidden)], _PLACEHOLDERS))
        v.players[1 - seat].knows = []
        for p in v.pending:
            if p.seat != seat:
                p.data = {k: p.data[k] for k in ("prompt",) if k in p.data}
        if any(p.handler == "effects" and p.seat != seat for p in v.pending):
            v.queue = []
        return v

    # --- saving --------------------------------------------------------------------------------
    # state_to_json is SystemBase's: the state's to_json() with state_version added
    def state_from_json(self, data: dict) -> GwState:
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise ConfigError(f"gemwielders save state has version {data.get('version')!r} "
                              f"(expected {STATE_VERSION})" if isinstance(data, dict)
                              else "gemwielders save state must be an object")
        with self.reading_save():
            state = state_from_dict(data)
        if not isinstance(state.content, str):
            raise ConfigError(f"gemwielders save state: 'content' must name a content set, not "
                              f"{state.content!r}")
        if state.inline is not None:
            # inline content from a file is checked like a set-up's: a bad entry is refused
            # naming it and its key
            state.inline = plain(state.inline)
            if not isinstance(state.inline, dict):
                raise ConfigError("gemwielders save state: 'inline' must be a table of inline "
                                  "content")
            rules.content_of(state)
        return state

    def upgrade_saved_state(self, data: Any) -> Any:
        """Saves written before set-to-0 shield became a delta like any set value (GW-56) hold
        `attack.zeroed`, a list of cards counting 0: today that is a shield delta of minus the
        card's print. Anything not shaped like that is returned as it is (the comparison then
        reports the difference)."""
        attack = data.get("attack") if isinstance(data, dict) else None
        if not isinstance(attack, dict) or "zeroed" not in attack:
            return data
        attack = dict(attack)
        zeroed = attack.pop("zeroed")
        shield = dict(attack.get("shield") or {})
        cards = data.get("cards")
        if isinstance(zeroed, list) and isinstance(cards, dict) and zeroed:
            from .content import load
            try:
                defs = load(data.get("content", "default"))
                for cid in zeroed:
                    shield[cid] = -defs.card(cards[cid]["cid"]).shield
            except (AttributeError, KeyError, TypeError, ValueError):
                return data                  # not an older save's shape: left to the comparison
            attack["shield"] = shield
        return {**data, "attack": attack}

    # --- checks --------------------------------------------------------------------------------
    def progress(self, state: GwState) -> str:
        if state.turn <= 0:
            return "Setting up"
        lives = " to ".join(str(p.life) for p in state.players)
        return f"Turn {state.turn}, life {lives}"

    def check_invariants(self, state: GwState) -> list[str]:
        return check_invariants(state)

    def example_config(self, seed: int) -> MatchConfig:
        seats = [SeatConfig("human", name="Player 1"), SeatConfig("ai", name="Computer")]
        return MatchConfig(self.id, seed, seats, None, {}, {})

    def load_bots(self) -> None:
        """Importing ai.py registers this system's bots (kept out of start-up)."""
        from . import ai  # noqa: F401

    def scenario_start(self, state: GwState, shortcuts: dict[str, Any], rng: Rng) -> list:
        return scenario_shortcuts(state, shortcuts, rng)

    def balance_hooks(self) -> BalanceHooks:
        """The Gembearer roster and picks the balance command pairs up (in ai.py, beside the
        bots that play those games)."""
        from .ai import BALANCE
        return BALANCE


def zones_of(state: GwState) -> dict[str, list[str]]:
    """Every zone's card ids by a readable name (for invariants and debugging)."""
    out: dict[str, list[str]] = {}
    for p in state.players:
        for zone in ("deck", "hand", "discard", "defense", "mods"):
            out[f"seat{p.seat}.{zone}"] = list(getattr(p, zone))
    out["gem_deck"] = list(state.gem_deck)
    out["row"] = [c for c in state.row if c is not None]
    for zone in ("sources", "scrap", "table"):
        out[zone] = list(getattr(state, zone))
    return out


def check_invariants(state: GwState) -> list[str]:
    problems: list[str] = []
    seen: Counter = Counter()
    for ids in zones_of(state).values():
        seen.update(ids)
    for cid, n in seen.items():
        if n > 1:
            problems.append(f"card {cid} is in {n} zones")
        if cid not in state.cards:
            problems.append(f"zone holds unknown card {cid}")
    missing = set(state.cards) - set(seen)
    if missing:
        problems.append(f"cards in no zone: {sorted(missing)[:5]}")
    if len(state.row) != ROW_SIZE:
        problems.append(f"the draft row has {len(state.row)} slots")
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    for p in state.players:
        if p.life > LIFE_CAP:
            problems.append(f"seat {p.seat} has {p.life} life, above the cap (GW-02)")
        if p.power < 0:
            problems.append(f"seat {p.seat} has negative power (GW-27)")
        if len(p.gems) > MAX_GEMS:
            problems.append(f"seat {p.seat} has {len(p.gems)} gems (GW-20)")
        if any(u not in p.mods for u in p.used):
            problems.append(f"seat {p.seat} marks a card used that is not in play")
    for letter, n in state.pool.items():
        if n < 0:
            problems.append(f"gem pool holds {n} {letter}")
    try:
        c = rules.content_of(state)
        for letter, total in c.gems.items():
            socketed = sum(p.gems.count(letter) for p in state.players)
            if state.pool.get(letter, 0) + socketed != total:
                problems.append(f"gem {letter}: pool + sockets != {total}")
    except (content_mod.ContentError, OSError) as exc:  # a missing or broken set is a problem to report
        problems.append(f"content unavailable: {exc}")
    for p in state.pending:
        if p.seat not in (0, 1):
            problems.append(f"stage {p.stage} waits for seat {p.seat}")
    if state.over != (state.winner is not None):
        problems.append("over and winner disagree")
    if not state.over and state.turn > 0 and not state.pending and state.queue:
        problems.append("effects are queued but nothing waits for a choice")
    a = state.attack
    if a is not None and any(c not in state.table for c in a.cards) and a.step != "done":
        problems.append("an attack card is not on the table")
    return problems


GEMWIELDERS = GemwieldersSystem()


def scenario_shortcuts(state: GwState, shortcuts: dict[str, Any], rng: Rng) -> list:
    """A scenario's [start] shortcuts for gemwielders. `main_phase = 1` (or 2): the row is kept
    (GW-12) and the match goes straight to that player's first main phase; the draft phase of
    that turn and, for Player 2, Player 1's whole first turn are skipped: nothing happens in
    them (write hands, gems, power and the row with [start] set)."""
    unknown = sorted(set(shortcuts) - {"main_phase"})
    if unknown:
        raise ConfigError(f"[start] {unknown[0]!r}: gemwielders has no such shortcut (it knows: "
                          f"main_phase)")
    player = shortcuts.get("main_phase")
    if player is None:
        return []
    if player not in (1, 2) or isinstance(player, bool):
        raise ConfigError(f"[start] 'main_phase' must be 1 or 2 (Player 1 or Player 2), not "
                          f"{player!r}")
    top = stages.top(state.pending)
    if top is None or top.stage != "redeal":
        raise ConfigError("[start] 'main_phase' needs both Gembearers chosen in [setup] "
                          "(gembearers = [...]), so the match waits for the row decision")
    stages.pop(state.pending)                     # the row is kept (GW-12)
    seat = state.first if player == 1 else 1 - state.first
    state.turn = 0 if player == 1 else 1          # start_turn counts this turn on (GW-13)
    return rules.start_turn(state, seat) + rules._phase_over(state, "draft")
