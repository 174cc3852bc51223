"""The soak command: random-legal games with invariants checked after every action; a failure
is printed, saved for replay, and makes the exit status 1."""
from __future__ import annotations

from game.cli import soak
from game.engine import saves
from tests.contract import toy


class BreaksLate(toy.ToyRace):
    """The toy race whose invariant check fails once seat 0 has moved five squares."""
    id = "toy_breaks_late"

    def check_invariants(self, state):
        return ["seat 0 ran too far"] if state.positions[0] >= 5 else []

    def example_config(self, seed):
        return toy.MatchConfig(self.id, seed, setup={"goal": 40})


def test_a_clean_system_soaks_without_failures(tmp_path, capsys):
    with toy.registered():
        assert soak.main(["--system", "toy_race", "--games", "3", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "toy_race: 3 games" in out and "0 failures" in out
    assert not list(tmp_path.iterdir())


def test_a_broken_invariant_is_reported_and_saved_for_replay(tmp_path, capsys):
    with toy.registered(BreaksLate()):
        assert soak.main(["--system", "toy_breaks_late", "--games", "2",
                          "--out", str(tmp_path)]) == 1
        out = capsys.readouterr().out
        assert "FAIL toy_breaks_late" in out and "invariant broken: seat 0 ran too far" in out
        saved = saves.peek(sorted(tmp_path.glob("*.json"))[0])
        assert saved["label"] == f"soak failure at action {saved['actions']}"   # the last one
        files = sorted(tmp_path.glob("*.json"))
        assert len(files) == 2
        replayed = saves.load(files[0])            # the save replays to the failing position
        assert replayed.state.positions[0] >= 5
