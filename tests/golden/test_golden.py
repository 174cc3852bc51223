"""Golden playthroughs (see record.py): every system plays its stored seeded game again, action for
action and event for event, so reshaping the engine cannot change a rule's outcome unseen."""
from __future__ import annotations

import pytest

from .record import PLAYTHROUGHS, path_of, play


@pytest.mark.parametrize("stem,system,map_name,seed,actions,bot", PLAYTHROUGHS,
                         ids=[p[0] for p in PLAYTHROUGHS])
def test_playthrough_matches_the_stored_one(stem, system, map_name, seed, actions, bot):
    stored = path_of(stem).read_text(encoding="utf-8").splitlines()
    fresh = play(system, map_name, seed, actions, bot)
    assert len(stored) > 10, f"{stem}: the stored playthrough is too short to guard anything"
    for number, (old, new) in enumerate(zip(stored, fresh), start=1):
        assert new == old, f"{stem}.jsonl line {number} differs:\nstored: {old[:600]}\nnow:    {new[:600]}"
    assert len(fresh) == len(stored), f"{stem}: {len(fresh)} lines now, {len(stored)} stored"
