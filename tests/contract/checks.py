"""The contract every rule system must pass, as plain functions that raise AssertionError.

Owns: the checks test_contract.py runs over every registered system (and test_meta.py runs
against deliberately broken toys, to prove each check can fail). Each check plays seeded random
legal games through `Match.submit` with `RandomBot`, so nothing depends on a system's internals.

Must not: know any system's rules; everything goes through the RuleSystem protocol, Match and saves.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

from game.engine import saves
from dataclasses import dataclass

from game.engine.actions import ACTIONS, Concede, EndTurn, action
from game.engine.ai.base import RandomBot
from game.engine.match import Match
from game.engine.records import Record, RecordError, to_json
from game.engine.rng import Rng
from game.engine.rules import IllegalAction, MatchConfig

MAX_ACTIONS = 2000          # a random game that has not ended by then probably never will
LIMIT = 120                 # actions played by the checks that do not need a finished game


def as_json(value: Any) -> Any:
    """Through real JSON text: what a save would hold (tuples become lists, keys text)."""
    return json.loads(json.dumps(value))


def picture(match: Match) -> Any:
    """Everything that must not change when an action is refused."""
    return as_json({"snapshot": match.snapshot(), "log": match.log,
                    "decision": match.decision.to_json() if match.decision else None})


def legal_json(match: Match) -> list:
    return as_json([to_json(a) for a in match.legal_actions()])


def new_match(system: Any, seed: int) -> Match:
    config = system.example_config(seed)
    assert isinstance(config, MatchConfig), f"{system.id}.example_config must return a MatchConfig"
    assert config.system == system.id
    return Match.new(config)


Hook = Callable[[Match, list, Any], None]


def play(system: Any, seed: int, *, stop_after: int | None = None, before: Hook | None = None,
         after: Callable[[Match, Any, Any], None] | None = None) -> Match:
    """A seeded random legal game; checks invariants after every action and that a pending
    decision always has legal actions. Without `stop_after` the game must end within
    MAX_ACTIONS; with it, play stops there (or at the end, if sooner).
    `before(match, legal, action)` runs before each submit, `after(match, action, picture_before)`
    after it."""
    match = new_match(system, seed)
    seats = len(match.config.seats)
    bot, rng = RandomBot(), Rng.from_seed(seed).fork("contract-bot")
    problems = system.check_invariants(match.state)
    assert problems == [], f"seed {seed}, after set-up: {problems}"
    count = 0
    while not match.over:
        if stop_after is not None and count >= stop_after:
            return match
        decision = match.decision
        assert decision is not None, f"seed {seed}, action {count}: not over, yet no decision"
        assert 0 <= decision.seat < seats, f"seed {seed}: decision for seat {decision.seat}"
        legal = match.legal_actions()
        assert legal, (f"seed {seed}, action {count}: seat {decision.seat} must decide "
                       f"({decision.stage}) but has no legal action")
        for a in legal:
            if getattr(a, "surrender", False):
                assert getattr(a, "seat", decision.seat) == decision.seat, \
                    f"seed {seed}: {to_json(a)} is offered but seat {decision.seat} is deciding"
        action = bot.choose(match.view(decision.seat), legal, rng)
        if before is not None:
            before(match, legal, action)
        shot = picture(match) if after is not None else None
        match.submit(action)
        count += 1
        problems = system.check_invariants(match.state)
        assert problems == [], (f"seed {seed}, after action {count} "
                                f"({to_json(action)}): {problems}")
        if after is not None:
            after(match, action, shot)
        assert count < MAX_ACTIONS, (f"seed {seed}: no end after {MAX_ACTIONS} random legal "
                                     f"actions (still deciding: {match.decision})")
    assert match.decision is None, f"seed {seed}: the match is over but a decision is pending"
    assert match.legal_actions() == [], f"seed {seed}: the match is over but actions are legal"
    winner = match.winner
    assert winner is None or 0 <= winner < seats, f"seed {seed}: winner {winner!r}"
    return match


# -- the checks -------------------------------------------------------------------------------------
def _actions_round_trip(match: Match, legal: list, action: Any) -> None:
    for a in legal:
        data = as_json(to_json(a))
        assert ACTIONS.from_json(data) == a, f"legal action {data} does not survive JSON"


def check_random_play(system: Any, seeds: list[int], limit: int = LIMIT) -> list[str]:
    """The first `limit` random legal actions of many games keep invariants, always offer an
    action when a decision is pending, and every legal action survives JSON. Returns the logs'
    first action kinds (so callers can see the seeds made different games)."""
    return [json.dumps(play(system, seed, stop_after=limit, before=_actions_round_trip).log[:limit])
            for seed in seeds]


def check_random_games_end(system: Any, seeds: list[int]) -> list[int]:
    """Random legal games reach an end (with a winner or a draw) within MAX_ACTIONS."""
    return [len(play(system, seed).log) for seed in seeds]


def check_state_json_round_trip(system: Any, seed: int, every: int = 5) -> int:
    """At many points of a game the state survives JSON with the same legal actions and decision."""
    checked = 0

    def round_trip(match: Match, legal: list, action: Any) -> None:
        nonlocal checked
        if len(match.log) % every:
            return
        data = as_json(system.state_to_json(match.state))
        back = system.state_from_json(copy.deepcopy(data))
        assert as_json(system.state_to_json(back)) == data, "state changes through JSON"
        assert as_json([to_json(a) for a in system.legal_actions(back)]) == legal_json(match), \
            "a state read back from JSON allows different actions"
        d1, d2 = system.decision(back), match.decision
        assert (d1.to_json() if d1 else None) == (d2.to_json() if d2 else None), \
            "a state read back from JSON asks a different decision"
        assert system.check_invariants(back) == []
        checked += 1

    play(system, seed, stop_after=LIMIT, before=round_trip)
    return checked


def check_save_load_mid_match(system: Any, seed: int, folder: Path) -> None:
    """Save half-way, load: same snapshot, log, decision and legal actions, and both play on alike."""
    match = play(system, seed, stop_after=LIMIT // 2)
    path = folder / f"{system.id}-{seed}.json"
    saves.save(match, path, label="contract")
    loaded = saves.load(path)
    assert as_json(loaded.snapshot()) == as_json(match.snapshot()), "snapshot differs after load"
    assert loaded.log == match.log
    assert legal_json(loaded) == legal_json(match), "legal actions differ after load"
    assert loaded.decision == match.decision
    bot, rng = RandomBot(), Rng.from_seed(seed).fork("after-load")
    for _ in range(40):
        if match.over:
            break
        action = bot.choose(None, match.legal_actions(), rng)
        match.submit(action)
        loaded.submit(action)
        assert as_json(loaded.snapshot()) == as_json(match.snapshot()), \
            "the loaded match plays on differently (generator or state lost in the save)"


def check_replay(system: Any, seed: int) -> None:
    """Replaying a game's log from its config gives the identical state."""
    match = play(system, seed, stop_after=LIMIT)
    replay = Match.new(copy.deepcopy(match.config))
    for entry in as_json(match.log):
        replay.apply_log_entry(entry)
    assert as_json(replay.snapshot()) == as_json(match.snapshot()), "replay differs"
    assert replay.over == match.over and replay.winner == match.winner


def check_determinism(system: Any, seed: int) -> None:
    a, b = play(system, seed, stop_after=LIMIT), play(system, seed, stop_after=LIMIT)
    assert a.log == b.log and as_json(a.snapshot()) == as_json(b.snapshot()), \
        "the same seed and the same choices gave different games"


def mangled(action: Any) -> list:
    """Variants of a legal action with one field changed: nudged by one (another seat's action,
    the next tile) or pushed out of any sensible range (a unit that does not exist)."""
    data = to_json(action)
    out = []
    for key, value in data.items():
        if key == "kind" or isinstance(value, bool):
            continue
        variants: list[Any]
        if isinstance(value, int):
            variants = [value + 1, value - 1, value + 1000]
        elif isinstance(value, str):
            variants = [value + "_no_such_thing"]
        elif isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool)
                                                        for v in value):
            variants = [[v + 1 for v in value], [v + 1000 for v in value]]
        else:
            continue
        for bad in variants:
            try:
                out.append(ACTIONS.from_json({**data, key: bad}))
            except RecordError:
                continue
    return out


def check_illegal_actions(system: Any, seed: int, every: int = 4) -> int:
    """Mangled actions, and shared actions that are not in legal_actions (ending the turn,
    conceding for any seat), are refused with IllegalAction and change nothing. Returns how many
    refusals were tried. No exceptions: a system that lets the deciding seat concede lists
    Concede in legal_actions (bots know from `surrender` not to pick it lightly)."""
    tried = 0

    def try_illegal(match: Match, legal: list, action: Any) -> None:
        nonlocal tried
        if len(match.log) % every:
            return
        seats = len(match.config.seats)
        sample = legal[:: max(1, len(legal) // 8)]      # a spread of kinds, not only the first
        candidates = [m for a in sample for m in mangled(a)]
        candidates += [EndTurn()] + [Concede(s) for s in range(seats + 1)]
        legal_data = [as_json(to_json(a)) for a in legal]
        for bad in candidates:
            if as_json(to_json(bad)) in legal_data:
                continue
            before = picture(match)
            try:
                match.submit(bad)
            except IllegalAction:
                pass
            except Exception as exc:
                raise AssertionError(f"seed {seed}: {to_json(bad)} raised {exc.__class__.__name__}"
                                     f" ({exc}) instead of IllegalAction") from exc
            else:
                raise AssertionError(f"seed {seed}: {to_json(bad)} was accepted but is not in "
                                     f"legal_actions")
            assert picture(match) == before, f"refusing {to_json(bad)} changed the match"
            # Match refuses whatever is unlisted itself; the system's own validate, which gives
            # the reason, must agree that it is not allowed
            if not match.system.validate(match.state, bad):
                raise AssertionError(f"seed {seed}: {to_json(bad)} was accepted but is not in "
                                     f"legal_actions (validate finds nothing wrong with it)")
            tried += 1

    play(system, seed, stop_after=LIMIT, before=try_illegal)
    return tried


def check_views(system: Any, seed: int, every: int = 4) -> None:
    """view(state, seat) works for every seat and never changes the state."""

    def views(match: Match, legal: list, action: Any) -> None:
        if len(match.log) % every:
            return
        before = picture(match)
        for seat in range(len(match.config.seats)):
            match.view(seat)
        assert picture(match) == before, "view() changed the match"

    play(system, seed, stop_after=LIMIT, before=views)


def check_undo(system: Any, seed: int) -> int:
    """Whenever undo is offered it restores exactly the position before the action."""
    undone = 0

    def maybe_undo(match: Match, action: Any, before: Any) -> None:
        nonlocal undone
        if match.can_undo():
            after = picture(match)
            match.undo()
            assert picture(match) == before, f"undo of {to_json(action)} did not restore the match"
            match.submit(action)
            assert picture(match) == after, "redoing an undone action gave a different result"
            undone += 1

    play(system, seed, stop_after=LIMIT, after=maybe_undo)
    return undone


def check_metadata(system: Any) -> None:
    assert isinstance(system.id, str) and system.id == system.id.lower() and " " not in system.id
    assert system.name and system.description
    lo, hi = system.seat_count
    assert 1 <= lo <= hi
    ids = [h.id for h in system.house_rules]
    assert len(ids) == len(set(ids)), "house rule ids repeat"
    for h in system.house_rules:
        assert h.validate(h.default) == h.default, f"house rule {h.id}: default is not a choice"
    config = system.example_config(1)
    assert lo <= len(config.seats) <= hi
    assert MatchConfig.from_json(as_json(config.to_json())).to_json() == as_json(config.to_json())


# -- one definition of "allowed" ------------------------------------------------------------------
GENERIC = "is not allowed now"      # the words of a refusal that names no reason


@action("contract.unknown_kind")
@dataclass(frozen=True, slots=True)
class UnknownKind(Record):
    """An action kind no system knows (registered by the tests only)."""
    seat: int = 0


def refusal(match: Match, bad: Any) -> IllegalAction:
    """Submit `bad` and return the IllegalAction it must raise; nothing may change."""
    before = picture(match)
    try:
        match.submit(bad)
    except IllegalAction as exc:
        assert picture(match) == before, f"refusing {to_json(bad)} changed the match"
        return exc
    except Exception as exc:
        raise AssertionError(f"{to_json(bad)} raised {exc.__class__.__name__} ({exc}) instead "
                             f"of IllegalAction") from exc
    raise AssertionError(f"{to_json(bad)} was accepted but is not in legal_actions")


def check_legal_accepted(system: Any, seed: int, every: int = 15) -> int:
    """From positions sampled along a seeded random game, every listed legal action is accepted
    by Match.submit (each on its own copy of the match). Returns how many were submitted."""
    accepted = 0

    def try_all(match: Match, legal: list, action: Any) -> None:
        nonlocal accepted
        if len(match.log) % every:
            return
        for a in legal:
            said = match.system.validate(match.state, a)
            if said:
                raise AssertionError(f"seed {seed}, action {len(match.log)}: {to_json(a)} is "
                                     f"listed as legal but refused by validate: {said}")
            trial = copy.deepcopy(match)
            try:
                trial.submit(a)
            except IllegalAction as exc:
                raise AssertionError(f"seed {seed}, action {len(match.log)}: {to_json(a)} is "
                                     f"listed as legal but refused: {exc}") from exc
            accepted += 1

    play(system, seed, stop_after=LIMIT, before=try_all)
    return accepted


def check_legal_parts(system: Any, seed: int, every: int = 3) -> int:
    """From positions along a seeded random game, every part `legal_part` gives for an action
    kind holds exactly the listed legal actions of that kind, and nothing the list does not hold
    (so a single action checked by its part is allowed exactly when the list allows it).
    Returns how many parts were compared."""
    classes = [ACTIONS.cls_for(k) for k in ACTIONS.kinds()]
    compared = 0

    def compare(match: Match, legal: list, action: Any) -> None:
        nonlocal compared
        if len(match.log) % every:
            return
        listed = set(json.dumps(to_json(a), sort_keys=True) for a in legal)
        for cls in classes:
            part = system.legal_part(match.state, cls)
            if part is None:
                continue
            got = [json.dumps(to_json(a), sort_keys=True) for a in part]
            want = [j for a, j in zip(legal, (json.dumps(to_json(a), sort_keys=True)
                                              for a in legal)) if type(a) is cls]
            of_kind = [j for a, j in zip(part, got) if type(a) is cls]
            assert of_kind == want, (f"seed {seed}, action {len(match.log)}: legal_part for "
                                     f"{cls.__name__} gives {of_kind[:4]}, the list {want[:4]}")
            stray = [j for j in got if j not in listed]
            assert not stray, (f"seed {seed}, action {len(match.log)}: legal_part for "
                               f"{cls.__name__} holds {stray[:2]}, which the list does not")
            compared += 1

    play(system, seed, stop_after=LIMIT, before=compare)
    return compared


def check_refusals_say_why(system: Any, seed: int, every: int = 6) -> dict[str, int]:
    """Mangled actions (one field value wrong), an action for a seat that is not deciding, one
    whose text field (piece, move, card) is swapped for another value the game has used, and a
    kind the system does not know are refused with IllegalAction whose message is non-empty
    and, for all but the unknown kind, says why rather than the generic words. Returns how
    many refusals of each sort were checked."""
    counts = {"mangled": 0, "other_seat": 0, "unknown_kind": 0, "other_piece": 0}
    seen: dict[tuple[str, str], list[str]] = {}      # text field values met in legal actions

    def why(match: Match, legal: list, action: Any) -> None:
        for a in legal:
            for key, value in to_json(a).items():
                if key != "kind" and isinstance(value, str):
                    known = seen.setdefault((a.kind, key), [])
                    if value not in known:
                        known.append(value)
        if len(match.log) % every:
            return
        seats = len(match.config.seats)
        deciding = match.decision.seat
        legal_data = [as_json(to_json(a)) for a in legal]
        exc = refusal(match, UnknownKind(deciding))
        assert str(exc).strip(), f"seed {seed}: an unknown kind is refused without a reason"
        counts["unknown_kind"] += 1
        for other in range(seats):
            if other == deciding:
                continue
            for a in legal:
                data = to_json(a)
                if "seat" not in data or isinstance(data["seat"], bool):
                    continue
                bad = ACTIONS.from_json({**data, "seat": other})
                if as_json(to_json(bad)) in legal_data:
                    continue
                exc = refusal(match, bad)
                assert str(exc).strip() and GENERIC not in str(exc), \
                    f"seed {seed}: {to_json(bad)} (seat {deciding} is deciding) refused as: {exc}"
                counts["other_seat"] += 1
        sample = legal[:: max(1, len(legal) // 8)]
        for bad in (m for a in sample for m in mangled(a)):
            if as_json(to_json(bad)) in legal_data:
                continue
            exc = refusal(match, bad)
            assert str(exc).strip() and GENERIC not in str(exc), \
                f"seed {seed}: {to_json(bad)} refused without its reason: {exc}"
            counts["mangled"] += 1
        # a text field (the acting piece, a move, a card) swapped for a value the game used
        # elsewhere, e.g. a piece of the other side: out of turn, or not its to use
        for a in sample:
            data = to_json(a)
            for key, value in data.items():
                if key == "kind" or not isinstance(value, str):
                    continue
                for other in [v for v in seen.get((a.kind, key), []) if v != value][:3]:
                    bad = ACTIONS.from_json({**data, key: other})
                    if as_json(to_json(bad)) in legal_data:
                        continue
                    exc = refusal(match, bad)
                    assert str(exc).strip() and GENERIC not in str(exc), \
                        f"seed {seed}: {to_json(bad)} refused without its reason: {exc}"
                    counts["other_piece"] += 1

    play(system, seed, stop_after=LIMIT, before=why)
    return counts
