"""The contract suite: every registered rule system (and the test-only toy race) must pass it.

New systems are picked up automatically from game.engine.registry.all_systems(). A system provides
`example_config(seed)`; every check plays seeded random legal games through Match.submit.
"""
from __future__ import annotations

import pytest

from game.engine import registry
from tests.contract import checks, toy


def _system_ids() -> list:
    try:
        ids = [s.id for s in registry.all_systems()]
    except Exception as exc:      # a system that cannot even be imported fails loudly, not silently
        return [pytest.param(f"import-error:{exc.__class__.__name__}: {exc}", id="import-error")]
    return ids + [toy.SYSTEM_ID]


# Seeded random games per check: enough to meet most stages of a system, few enough that each
# system's whole contract stays under about 30 s.
SEEDS = list(range(1, 9))
END_SEEDS = [1, 2, 3]


@pytest.fixture(params=_system_ids())
def system(request):
    system_id = request.param
    if system_id.startswith("import-error:"):
        pytest.fail(f"the rule systems cannot be imported: {system_id[len('import-error:'):]}")
    if system_id == toy.SYSTEM_ID:
        with toy.registered() as s:
            yield s
    else:
        yield registry.get(system_id)


def test_metadata_and_example_config(system):
    checks.check_metadata(system)


def test_random_play_keeps_invariants_and_actions_survive_json(system):
    logs = checks.check_random_play(system, SEEDS)
    assert len(set(logs)) > 1, "every seed gave the same game: is the seed used?"


def test_random_games_end(system):
    lengths = checks.check_random_games_end(system, END_SEEDS)
    assert all(n > 0 for n in lengths)


@pytest.mark.parametrize("seed", [2, 5])
def test_state_json_round_trip(system, seed):
    assert checks.check_state_json_round_trip(system, seed) > 0


@pytest.mark.parametrize("seed", [3, 8])
def test_save_and_load_mid_match(system, seed, tmp_path):
    checks.check_save_load_mid_match(system, seed, tmp_path)


@pytest.mark.parametrize("seed", [4, 9])
def test_replaying_the_log_gives_the_identical_state(system, seed):
    checks.check_replay(system, seed)


def test_same_seed_same_game(system):
    checks.check_determinism(system, 6)


@pytest.mark.parametrize("seed", [1, 7])
def test_illegal_actions_are_refused_and_change_nothing(system, seed):
    assert checks.check_illegal_actions(system, seed) > 0


def test_view_works_for_every_seat(system):
    checks.check_views(system, 10)


def test_undo_restores_the_position(system):
    # not every system offers undo often; the check is that whenever it does, it is exact
    for seed in (11, 12):
        checks.check_undo(system, seed)


@pytest.mark.parametrize("seed", [2, 11])
def test_every_listed_action_is_accepted(system, seed):
    assert checks.check_legal_accepted(system, seed) > 0


@pytest.mark.parametrize("seed", [4, 13])
def test_each_legal_part_is_its_share_of_the_list(system, seed):
    # systems without parts pass trivially (None everywhere); gems, bindings and gu_masters
    # have them
    compared = checks.check_legal_parts(system, seed)
    if system.id in ("gems", "bindings", "gu_masters"):
        assert compared > 0


@pytest.mark.parametrize("seed", [3, 12])
def test_refusals_say_why(system, seed):
    counts = checks.check_refusals_say_why(system, seed)
    assert counts["mangled"] > 0 and counts["unknown_kind"] > 0
