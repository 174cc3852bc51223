"""The one log formatter and animator for the core events (game.client.presenters.eventlog), and
every system's presenter on it: each core fact worded and animated once, a system's own events
from its table, and no event of a golden playthrough left without the line it had before the
presenters moved onto the shared formatter (eventlog_golden_lines.json holds, per playthrough
and event kind, how many events had a line then; a card-game event counts once per seat
reading it)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.client.presenters import AnimStep, LogLine
from game.client.presenters.eventlog import (DAMAGE, DOWN, FORCED, PLAIN, Animator, EventLog,
                                             Wording)
from game.engine.ai.runner import example_match
from game.engine.dice import Roll
from game.engine.events import (EVENTS, DamageDealt, DiceRolled, Downed, Healed,
                                InitiativeSettled, MatchEnded, Moved, Note, RulingMade, TurnEnded,
                                TurnStarted)
from game.engine.match import Match
from game.engine.systems.bindings import events as B
from game.engine.systems.gems import events as G

from tests.golden.record import PLAYTHROUGHS, path_of

HERE = Path(__file__).parent
NAMES = {"a": "Amber", "b": "Basalt", 0: "North", 1: "South"}


# test-only events on the core bases, with fields named as the core names
@dataclass(frozen=True, slots=True)
class Stepped(Moved):
    mover: str
    path: tuple[tuple[int, int], ...]
    mode: str
    forced: bool = False
    kind = "test.stepped"


@dataclass(frozen=True, slots=True)
class Hurt(DamageDealt):
    victim: str | int
    amount: int
    hp: int
    source: str = ""
    kind = "test.hurt"


@dataclass(frozen=True, slots=True)
class Mended(Healed):
    victim: str
    amount: int
    hp: int
    source: str = ""
    kind = "test.mended"


@dataclass(frozen=True, slots=True)
class Fell(Downed):
    victim: str
    cell: tuple[int, int] | None = None
    kind = "test.fell"


@dataclass(frozen=True, slots=True)
class Ranked(InitiativeSettled):
    order: tuple[str, ...]
    scores: tuple[int, ...]
    rerolls: int = 0
    kind = "test.ranked"


@dataclass(frozen=True, slots=True)
class Shouted:
    who: str
    word: str
    kind = "test.shouted"


def words(**kw) -> EventLog:
    return EventLog(Wording(name=lambda x: NAMES.get(x, str(x)), **kw))


def test_the_formatter_words_each_core_fact():
    log = words(moves={"walk": "walks"}, side_name=lambda s: NAMES[s])
    assert log.line(Stepped("a", ((1, 1), (2, 3)), "walk")).text == "Amber walks to 2,3"
    assert log.line(Stepped("a", ((1, 1), (2, 3)), "walk")).colour == PLAIN
    pushed = log.line(Stepped("a", ((4, 4),), "shove", forced=True))
    assert (pushed.text, pushed.colour) == ("Amber moves to 4,4", FORCED)   # unlisted mode
    assert log.line(Stepped("a", (), "walk")) is None                        # nothing moved
    hurt = log.line(Hurt("b", 3, 7))
    assert (hurt.text, hurt.colour) == ("Basalt takes 3 damage · 7 HP left", DAMAGE)
    assert log.line(Mended("a", 2, 9)).text == "Amber heals 2 · 9 HP"
    down = log.line(Fell("b"))
    assert (down.text, down.colour) == ("Basalt is down!", DOWN)
    assert log.line(Ranked(("a", "b"), (2, 1), 1)).text == \
        "Turn order: Amber (2) › Basalt (1) (ties re-rolled 1×)"
    turn = log.line(TurnStarted(0, "b", 4))
    assert (turn.text, turn.round) == ("Round 4 · Basalt's turn", 4)
    assert log.line(TurnStarted(1, None, 2)).text == "Round 2 · Player 2's turn"
    assert log.line(TurnEnded(0, "a")) is None
    assert log.line(MatchEnded(1, "last one standing")).text == "South wins: last one standing"
    assert log.line(MatchEnded(None, "time")).text == "Draw: time"
    assert log.line(RulingMade("GEM-GM-09", "re-roll ties")).text == "Ruling GEM-GM-09: re-roll ties"
    assert log.line(Note("hello")).text == "hello"


def test_a_roll_line_explains_each_term_and_colours_failures():
    roll = Roll("attack", "d20", (14,), (("STR", 3),), 17)
    line = words().line(DiceRolled(roll, "a", "Amber attacks: contact"), 2)
    assert line.terms == (("Roll for", "Attack"), ("d20", "14"), ("STR", "+3"), ("Total", "17"))
    assert (line.text, line.round) == ("Amber attacks: contact", 2)
    assert words().line(DiceRolled(roll, "a", "Amber misses")).colour != line.colour
    assert words().line(DiceRolled(roll, "a")).text == "Amber attack: d20 14 + STR 3 = 17"


def test_system_words_come_from_its_table_tails_and_flavour():
    log = words(downed="poofs!", hp_word="life", silent=frozenset({"test.fell"}),
                texts={"test.shouted": lambda e: f"{e.who} shouts {e.word}"},
                tails={"test.hurt": lambda e: f" from {e.source}" if e.source else ""},
                you=lambda who: who == 0)
    assert log.line(Shouted("Amber", "hey")).text == "Amber shouts hey"
    assert log.line(Hurt("b", 3, 7, "a rock")).text == "Basalt takes 3 damage from a rock · 7 life left"
    assert log.line(Hurt(0, 2, 40)).text == "North take 2 damage · 40 life left"
    assert log.line(Fell("b")) is None                      # silent by the system's say-so
    assert words(downed="poofs!").line(Fell("b")).text == "Basalt poofs!"


def test_an_event_without_words_still_gets_a_line():
    line = words().line(Shouted("a", "hey"))
    assert line is not None and line.text == "Shouted: who Amber, word hey"


def test_the_animator_plays_core_facts_and_the_system_table():
    anim = Animator(downed_text="Poof!", extra={"test.shouted": lambda e: AnimStep("float", e.who)})
    steps = anim.steps([Stepped("a", ((1, 1), (2, 1)), "walk"), Stepped("b", ((3, 3),), "x", True),
                        Hurt("b", 4, 1), Hurt("b", 0, 1), Mended("a", 2, 5), Fell("b"),
                        Shouted("a", "hey"), Note("nothing to play")])
    assert [(s.kind, s.unit) for s in steps] == [("move", "a"), ("knock", "b"), ("hit", "b"),
                                                 ("float", "a"), ("poof", "b"), ("float", "a")]
    assert steps[0].path == ((1, 1), (2, 1)) and steps[2].text == "-4"
    assert steps[3].text == "+2" and steps[4].text == "Poof!"


@pytest.mark.parametrize("events,expected", [
    ([G.UnitMoved("a", ((1, 2),), "walk"), G.UnitMoved("a", ((2, 2),), "knockback"),
      G.DamageTaken("a", 3, "melee", "b", 5), G.UnitPoofed("a", "gem_a", (2, 2))],
     [("move", "a"), ("knock", "a"), ("hit", "a"), ("poof", "a")]),
    ([B.CombatantMoved("a", ((0, 1),), "move"), B.CombatantPushed("a", ((0, 2),), 0),
      B.DamageDealt("a", 4, 0, "air_blast"), B.CombatantDowned("a")],
     [("move", "a"), ("knock", "a"), ("hit", "a"), ("poof", "a")]),
], ids=["gems", "bindings"])
def test_the_animator_moves_hits_and_downs_each_grid_system(events, expected):
    assert [(s.kind, s.unit) for s in Animator().steps(events)] == expected


# -- every golden playthrough: no event lost its line ------------------------------------------
def _presenter(system: str, match: Match):
    if system == "gems":
        from game.client.systems.gems.presenter import GemsPresenter
        return GemsPresenter(match)
    if system == "bindings":
        from game.client.systems.bindings.presenter import BindingsPresenter
        return BindingsPresenter(match)
    if system == "rpgstuck":
        from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
        return RpgStuckPresenter(match)
    if system == "gu_masters":
        from game.client.systems.gu_masters.presenter import GuMastersPresenter
        return GuMastersPresenter(match)
    from game.client.systems.gemwielders.presenter import GemwieldersPresenter
    return GemwieldersPresenter(match)


def _lines_per_kind(stem: str, system: str, match: Match) -> tuple[dict[str, int], list[str]]:
    events = []
    for line in path_of(stem).read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        for key in ("setup", "events"):
            events += [EVENTS.from_json(d) for d in rec.get(key, ())]
    p = _presenter(system, match)
    if system != "gemwielders":
        def dump(e):
            raise AssertionError(f"{e.kind} fell through to the generic field dump")
        p.event_log().fields_text = dump     # every event in the playthrough has its own words
    counts: dict[str, int] = {}
    texts: list[str] = []
    for e in events:
        if system == "gemwielders":        # both seats read the log, each its own redaction
            per_reader = [[x.text for x in p.log_entries([e], v)] for v in (0, 1)]
        else:
            per_reader = [[x.text for x in p.log_lines([e])]]
            assert all(isinstance(x, LogLine) for x in p.log_lines([e]))
        for got in per_reader:
            if got:
                counts[e.kind] = counts.get(e.kind, 0) + 1
            texts += got
    return counts, texts


@pytest.mark.parametrize("stem,system,map_name,seed,actions,bot", PLAYTHROUGHS,
                         ids=[p[0] for p in PLAYTHROUGHS])
def test_every_event_that_had_a_line_still_has_one(stem, system, map_name, seed, actions, bot):
    before = json.loads((HERE / "eventlog_golden_lines.json").read_text(encoding="utf-8"))[stem]
    match = Match.new(example_match(system, seed, map_name, (bot, bot)))
    now, texts = _lines_per_kind(stem, system, match)
    assert now == before
    assert len(texts) >= sum(before.values())
