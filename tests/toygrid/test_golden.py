"""toy_grid's golden playthrough: a seeded bot game stored action by action, played again and
diffed line by line (the same recorder as tests/golden, where a shipped system adds its row to
PLAYTHROUGHS). Re-record on purpose only, saying why in the commit:

    .venv/bin/python -m tests.toygrid.test_golden
"""
from __future__ import annotations

import sys
from pathlib import Path

from game.engine import registry
from tests.golden.record import play
from tests.toygrid.engine import TOY_GRID

STORED = Path(__file__).resolve().parent / "golden" / "toy_grid_field.jsonl"
RECIPE = ("toy_grid", None, 5, 200, "normal")    # system, map (its example's), seed, actions, bot


def test_toy_grid_playthrough_matches_the_stored_one(toy_grid):
    stored = STORED.read_text(encoding="utf-8").splitlines()
    fresh = play(*RECIPE)
    assert len(stored) > 10 and '"winner":' in stored[-1]
    for number, (old, new) in enumerate(zip(stored, fresh), start=1):
        assert new == old, f"line {number} differs:\nstored: {old[:600]}\nnow:    {new[:600]}"
    assert len(fresh) == len(stored)


if __name__ == "__main__":
    registry.register(TOY_GRID)
    STORED.parent.mkdir(exist_ok=True)
    STORED.write_text("\n".join(play(*RECIPE)) + "\n", encoding="utf-8")
    print(STORED)
    sys.exit(0)
