"""A party carried through a strife series: what the second battle starts from, short and long
rests between battles and their refusals (issue #13; RS-07, RS-09, RS-13, RS-136..142, SM-16,
TV-62, TV-63)."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from game.engine.actions import Concede
from game.engine.carry import SeriesError
from game.engine.rules import ConfigError
from game.engine.series import Series
from game.engine.systems.rpgstuck.carried import LONG_REST_SECONDS, TEMP_HP_SECONDS

from .engine_helpers import battle

PARTY = [("psion", "psion", 0, 1, 1), ("knight", "knight", 0, 1, 3), ("imp", "imp", 1, 8, 1)]


def series(house: dict[str, Any] | None = None) -> Series:
    return Series.start(battle(PARTY, house=house).config, side=0)


def fight(s: Series, hurt: Callable[[Any], None] = lambda state: None) -> Any:
    """One battle of the series: `hurt` changes the state as the fight would have, then the
    monsters give up (their seat concedes; the party ends its turns until then)."""
    m = s.next_battle()
    first = m.state
    hurt(first)
    m.edited()
    while not m.over:
        if m.decision.seat == 1:
            m.submit(Concede(1))
        else:
            m.submit(next(a for a in m.legal_actions() if a.kind == "end_turn"))
    s.finish_battle()
    return first


def member(s: Series, cid: str) -> dict[str, Any]:
    return s.carried["members"][cid]


@pytest.mark.rule("RS-07", "RS-09", "RS-13", "RS-141", "RS-142")
def test_the_second_battle_starts_where_the_first_left_the_party():
    s = series()

    def hurt(state):
        p = state.creatures["psion"]
        p.hp, p.max_hp, p.temp_hp = 12, 27, 4          # a max-HP reduction (RS-07)
        p.scores["STR"] -= 2                           # stat damage (RS-09)
        p.uses.update({"psi_pulse": 1, "sanguine_brave": 1})
    fight(s, hurt)
    second = s.next_battle().state.creatures["psion"]
    assert (second.hp, second.max_hp, second.temp_hp) == (12, 27, 4)   # RS-13: within the hour
    assert second.scores["STR"] == 6
    assert second.skills["athletics"] == battle(PARTY).state.creatures["psion"].skills[
        "athletics"] - 1                               # STR 8 -> 6: the modifier -1 -> -2
    # RS-142: a per-short-rest use stays spent without a rest; RS-141: a per-strife one is back
    assert second.uses == {"psi_pulse": 1}
    assert second.start_hp == 12
    assert s.match.system.check_invariants(s.match.state) == []


@pytest.mark.rule("RS-136", "RS-137", "RS-09", "RS-TV-62")
def test_tv62_a_short_rest_spending_two_of_four_hit_dice():
    s = series()

    def hurt(state):
        p = state.creatures["psion"]
        p.hp = 5
        p.scores["STR"] -= 3
        p.uses["psi_pulse"] = 1
    fight(s, hurt)
    p = member(s, "psion")
    assert (p["hd_total"], p["p"]) == (4, 2)           # level 3: Level + 1 hit dice (B-19)
    p["con"] = 2                                       # TV-62's CON +2 (the Psion has +1)
    s.rng.force([3, 6])
    out = s.rest("short", {"dice": {"psion": 2}})
    p = member(s, "psion")
    assert p["hp"] == 5 + 13                           # 3 + 6 + 2 x 2
    assert out.seconds == 30 * 60                      # 60 min x 2/4
    assert p["stat_damage"] == {"STR": 1}
    assert p["hd_spent"] == 2
    assert p["uses"] == {}                             # 2 dice >= P: recharged (RS-137)
    assert "2 lesser slots back" in out.lines[0]
    assert s.next_battle().state.creatures["psion"].hp == 18


@pytest.mark.rule("RS-137", "RS-TV-62")
def test_one_hit_die_heals_but_recharges_nothing():
    s = series()
    fight(s, lambda st: st.creatures["psion"].uses.update({"psi_pulse": 1}) or setattr(
        st.creatures["psion"], "hp", 10))
    s.rng.force([4])
    out = s.rest("short", {"dice": {"psion": 1}})
    assert member(s, "psion")["hp"] == 10 + 4 + 1
    assert member(s, "psion")["uses"] == {"psi_pulse": 1}
    assert "no recharge (RS-137)" in out.lines[0]
    assert out.seconds == 15 * 60


@pytest.mark.rule("RS-136")
def test_a_short_rest_spends_only_the_hit_dice_left_and_once_per_gap():
    s = series()
    fight(s)
    with pytest.raises(SeriesError, match="2 hit dice left"):
        s.rest("short", {"dice": {"knight": 3}})
    s.rest("short", {"dice": {"knight": 2}})
    assert member(s, "knight")["hd_spent"] == 2
    assert s.rest_options() == []                      # one rest between two battles
    with pytest.raises(SeriesError):
        s.rest("short", {})
    fight(s)
    assert member(s, "knight")["hd_spent"] == 2        # spent hit dice stay spent
    (short, _long) = s.rest_options()
    assert dict((c[0], c[2]) for c in short.counts)["knight"] == 0


@pytest.mark.rule("RS-13")
def test_temp_hp_runs_out_an_hour_after_the_battle_it_came_from():
    s = series()
    fight(s, lambda st: setattr(st.creatures["psion"], "temp_hp", 5))
    assert member(s, "psion")["temp_until"] == TEMP_HP_SECONDS
    s.rest("short", {"dice": {"psion": 4}})            # 60 minutes: past the hour
    assert member(s, "psion")["temp_hp"] == 0
    assert s.next_battle().state.creatures["psion"].temp_hp == 0


@pytest.mark.rule("RS-136", "RS-139")
def test_a_creature_at_0_hp_sits_out_until_hit_dice_bring_it_up():
    s = series()

    def drop(state):
        p = state.creatures["psion"]
        p.hp, p.status = 0, "unconscious"
    fight(s, drop)
    assert "psion" not in s.next_battle().state.creatures
    s.match = None                                     # that battle is not fought
    s.rests.clear()
    s.rng.force([5])
    s.rest("short", {"dice": {"psion": 1}})
    assert s.next_battle().state.creatures["psion"].hp == 6


@pytest.mark.rule("RS-138", "RS-07", "RS-09", "RS-142", "RS-SM-16")
def test_a_long_rest_after_the_third_battle_restores_everything():
    s = series()

    def worn(state):
        p = state.creatures["psion"]
        p.hp, p.max_hp = 8, 25
        p.scores["CON"] -= 2
        p.uses["psi_pulse"] = 1
    fight(s, worn)
    (short, long_) = s.rest_options()
    assert not long_.allowed and "third battle" in long_.why   # SM-16
    with pytest.raises(SeriesError, match="third battle"):
        s.rest("long")
    s.rest("short", {"dice": {"psion": 1}})
    fight(s)
    fight(s)
    assert [o.allowed for o in s.rest_options()] == [True, True]
    out = s.rest("long")
    p = member(s, "psion")
    assert (p["hp"], p["max_hp"], p["hd_spent"], p["stat_damage"], p["uses"]) == \
        (31, 31, 0, {}, {})
    assert out.seconds == LONG_REST_SECONDS
    assert s.next_battle().state.creatures["psion"].scores["CON"] == 12


@pytest.mark.rule("RS-139", "RS-138", "RS-TV-63")
def test_tv63_long_rest_refusals():
    s = series()
    fight(s, lambda st: setattr(st.creatures["psion"], "hp", 0) or setattr(
        st.creatures["psion"], "status", "unconscious"))
    fight(s)
    fight(s)
    out = s.rest("long")                               # the Psion starts at 0 HP
    assert "Psion: no benefit, starts at 0 HP (RS-139)" in out.lines
    assert member(s, "psion")["hp"] == 0
    assert member(s, "knight")["last_long"] == s.rests[-1]["start"]
    for _ in range(3):
        fight(s, lambda st: setattr(st.creatures["knight"], "hp", 3))
    before = s.clock
    out = s.rest("long")                               # 8 hours and three battles later
    assert "Knight: no benefit, had a long rest less than 24 hours before (RS-139)" in out.lines
    assert member(s, "knight")["hp"] == 3
    for _ in range(3):
        fight(s)
    wait = 24 * 3600
    assert any("24 hours" in line for line in s.rest_options()[1].lines)
    out = s.rest("long", {"wait": wait, "interruption": 60})
    assert "Knight: no benefit, interrupted for an hour or more (RS-138)" in out.lines
    assert s.clock > before + wait


@pytest.mark.rule("RS-138", "RS-07", "RS-TV-63")
def test_tv63_a_59_minute_interruption_keeps_the_benefit():
    s = series()
    for _ in range(3):
        fight(s, lambda st: setattr(st.creatures["knight"], "max_hp", 15) or setattr(
            st.creatures["knight"], "hp", 2))
    out = s.rest("long", {"interruption": 59})
    assert member(s, "knight")["hp"] == member(s, "knight")["max_hp"] == 20
    assert "Knight: rested fully (20 HP, all hit dice)" in out.lines


@pytest.mark.rule("RS-SM-16")
def test_the_rests_table_option():
    s = series({"rests": "short"})
    for _ in range(3):
        fight(s)
    assert [o.kind for o in s.rest_options()] == ["short"]
    s = series({"rests": "none"})
    fight(s)
    assert s.rest_options() == []
    assert s.next_battle().state.creatures["psion"].hp == 31


def test_a_carried_record_that_fits_no_creature_is_refused():
    s = series()
    fight(s)
    s.carried["members"]["ghost"] = dict(member(s, "knight"))
    with pytest.raises(ConfigError, match="ghost"):
        s.next_battle()


@pytest.mark.rule("RS-140")
def test_the_rest_screen_paces_short_rests_by_strifes_since_the_last_rest():
    s = series()
    fight(s)
    (short, _long) = s.rest_options()
    assert short.label == "Short rest"                 # one strife: a rested party lasts 2-3
    assert short.lines[0].startswith("1 strife since the party last rested")
    fight(s)                                           # no rest between: two strifes now
    (short, _long) = s.rest_options()
    assert short.label == "Short rest (advised)"
    assert short.lines[0].startswith("2 strifes since")
    fight(s)
    (short, _long) = s.rest_options()
    assert "past the usual 2-3" in short.lines[0]
    s.rest("short", {})                                # a rest starts the count again
    fight(s)
    (short, _long) = s.rest_options()
    assert short.label == "Short rest" and short.lines[0].startswith("1 strife since")


@pytest.mark.rule("RS-136", "RS-137", "RS-B-19")
def test_the_short_rest_offer_bounds_the_healing_by_the_hp_missing_and_reads_plainly():
    """#13 playtest: a Knight at full HP was offered "about +7" a hit die, and the rows read
    "hit dice (recharges from 2)", the outcome "1 hit dice", "1 lesser slots"."""
    s = series()
    fight(s, lambda st: setattr(st.creatures["psion"], "hp", 20))
    short = next(o for o in s.rest_options() if o.kind == "short")
    caps = dict(short.caps)
    psion = member(s, "psion")
    assert caps["psion"] == psion["max_hp"] - 20
    full = [cid for cid, m in s.carried["members"].items() if m["hp"] == m["max_hp"]]
    assert full and all(caps[cid] == 0 for cid in full)
    label = next(lab for cid, lab, _most, _gain in short.counts if cid == "psion")
    assert "recharges from" not in label and f"{psion['p']} or more" in label
    s.rng.force([4])
    out = s.rest("short", {"dice": {"psion": 1}})
    assert "spent 1 hit die [4]" in out.lines[0] and "1 lesser slot back" in out.lines[0]
