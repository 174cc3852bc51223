"""The rule-system contract written down: every registered system subclasses SystemBase, the base
names every hook the RuleSystem type lists, and the optional hooks' defaults are what callers
rely on (no hook is probed for with getattr)."""
from __future__ import annotations

import inspect

import pytest

from game.engine import registry
from game.engine.rules import MatchConfig, Refusal, RuleSystem, SystemBase


def _protocol_members() -> set[str]:
    names = {n for n in vars(RuleSystem) if not n.startswith("_")}
    return names | set(RuleSystem.__annotations__)


def test_the_base_names_every_member_of_the_contract():
    missing = sorted(n for n in _protocol_members() if not hasattr(SystemBase, n))
    assert missing == []


def test_every_hook_of_the_base_keeps_the_contracts_signature():
    for name in _protocol_members():
        proto = vars(RuleSystem).get(name)
        if not callable(proto):
            continue
        assert list(inspect.signature(getattr(SystemBase, name)).parameters) == \
            list(inspect.signature(proto).parameters), name


@pytest.mark.parametrize("system", registry.all_systems(), ids=lambda s: s.id)
def test_every_registered_system_subclasses_the_base(system):
    assert isinstance(system, SystemBase)
    assert system.id and system.name
    lo, hi = system.seat_count
    assert 1 <= lo <= hi


class _Bare(SystemBase):
    """Only the required parts: a one-action game."""
    id = "bare"
    name = "Bare"

    def legal_actions(self, state):
        return ["go"] if not state["over"] else []


def test_the_optional_hooks_default_to_nothing_and_validate_to_the_legal_list():
    bare = _Bare()
    state = {"over": False}
    assert bare.description == "" and bare.house_rules == () and bare.seat_count == (2, 2)
    assert bare.teams_for_map("any.tmx") == [] and bare.default_teams("any.tmx", 2) == []
    assert bare.extra_seats({"x": 1}) == []
    assert bare.match_stats(state) == []
    assert bare.check_invariants(state) == [] and bare.check_map(object()) == []
    assert bare.balance_hooks() is None
    assert bare.load_bots() is None
    assert bare.validate(state, "go") is None
    refused = bare.validate(state, "stop")
    assert isinstance(refused, Refusal) and "not allowed now" in str(refused)


def test_a_required_part_left_unwritten_fails_loudly():
    with pytest.raises(NotImplementedError):
        _Bare().setup(MatchConfig("bare"), None)
    with pytest.raises(NotImplementedError):
        _Bare().view({"over": False}, 0)


def test_only_systems_with_balance_hooks_offer_them():
    # the balance command asks the system object; one that offers none is refused by name
    from game.cli import balance
    from game.engine.rules import ConfigError
    offering = [s for s in registry.all_systems() if s.balance_hooks() is not None]
    assert offering, "some system offers balance hooks"
    for s in offering:
        hooks = s.balance_hooks()
        assert callable(hooks.roster) and callable(hooks.answer_pick) and callable(hooks.describe)
    without = [s for s in registry.all_systems() if s.balance_hooks() is None]
    for s in without:
        with pytest.raises(ConfigError, match="offers no balance hooks"):
            balance.hooks(s.id)


class _Saved:
    def to_json(self) -> dict:
        return {"round": 2}


def test_a_saved_state_carries_the_systems_state_version():
    bare = _Bare()
    assert bare.state_to_json(_Saved()) == {"round": 2, "version": 1}
    bare.state_version = 4
    assert bare.state_to_json(_Saved())["version"] == 4


@pytest.mark.parametrize("damage", [KeyError("units"), TypeError("not a list"),
                                    ValueError("bad version"), AttributeError("x")])
def test_reading_a_damaged_save_is_a_config_error_naming_the_system(damage):
    from game.engine.rules import ConfigError
    with pytest.raises(ConfigError, match="bare save state is damaged"):
        with _Bare().reading_save():
            raise damage


def test_reading_a_save_lets_its_own_config_errors_and_real_bugs_through():
    from game.engine.rules import ConfigError
    with pytest.raises(ConfigError, match="the map is gone"):
        with _Bare().reading_save():
            raise ConfigError("the map is gone")
    with pytest.raises(ZeroDivisionError):
        with _Bare().reading_save():
            1 / 0


@pytest.mark.parametrize("system", registry.all_systems(), ids=lambda s: s.id)
def test_a_damaged_save_of_every_system_is_refused_by_name(system):
    from game.engine.match import Match
    from game.engine.rules import ConfigError
    m = Match.new(system.example_config(5))
    data = system.state_to_json(m.state)
    assert data["version"] == system.state_version
    assert system.state_to_json(system.state_from_json(data)) == data
    broken = {k: v for k, v in data.items() if k != next(k for k in data if k != "version")}
    with pytest.raises(ConfigError, match=system.id):
        system.state_from_json(broken)


def test_only_the_deciding_seat_may_concede_and_only_while_someone_decides():
    from game.engine.actions import Concede
    from game.engine.decisions import Decision
    from game.engine.rules import refuse_concede
    deciding = Decision(1, "act", None, "your turn")
    assert refuse_concede(Concede(1), deciding) is None
    assert refuse_concede(Concede(0), deciding) == "only the seat that is deciding may concede"
    assert refuse_concede(Concede(1), None) == "only the seat that is deciding may concede"


def test_the_default_teams_take_the_offered_ones_in_turn():
    class Teams(_Bare):
        def teams_for_map(self, map_path):
            return [("red", "Red"), ("blue", "Blue")]
    assert Teams().default_teams("any.tmx", 3) == ["red", "blue", "red"]
