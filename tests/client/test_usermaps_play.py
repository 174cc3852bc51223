"""`strife-table play --map FILE`: a good map opens straight on its match (hotseat or --ai seats)
and runs a few frames under the dummy video driver; a bad map prints check-map's problems and
exits 1 before any window exists."""
from __future__ import annotations

import pygame
import pytest

from game import usermaps
from game.cli import play
from game.client.app import App
from tests.usermaps.test_usermaps import broken_spawn_map

pytestmark = pytest.mark.client


@pytest.fixture
def frames(monkeypatch):
    """Every frame the App steps: the names of the scenes on its stack, and any fatal error."""
    seen: list[tuple[list[str], str | None]] = []
    step = App.step

    def recording(self, *args, **kwargs):
        out = step(self, *args, **kwargs)
        seen.append(([type(s).__name__ for s in self.stack], self._fatal))
        return out

    monkeypatch.setattr(App, "step", recording)
    # App.run ends with pygame.quit(), which would spoil the fonts other tests have cached in
    # this process; the window still closes
    monkeypatch.setattr(pygame, "quit", pygame.display.quit)
    return seen


@pytest.fixture
def no_window(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a window was opened")
    monkeypatch.setattr(App, "__init__", refuse)


def test_a_map_of_the_players_starts_at_once_against_the_ai(frames, monkeypatch):
    path = usermaps.new_map("rpgstuck", "Vault")
    made = []
    real = play.map_match

    def keep(*args):
        match = real(*args)
        made.append(match)
        return match
    monkeypatch.setattr(play, "map_match", keep)
    code = play.main(["--map", str(path), "--ai", "1:easy", "--seed", "7", "--frames", "4",
                      "--size", "1280x720", "--windowed"])
    assert code == 0
    assert len(frames) == 4 and all(fatal is None for _, fatal in frames)
    assert frames[-1][0] == ["BattleScene"]
    [match] = made
    assert match.config.map == "user:vault.tmx" and match.config.seed == 7
    assert [(s.kind, s.difficulty) for s in match.config.seats] == [("human", "normal"),
                                                                     ("ai", "easy")]


@pytest.mark.parametrize("name", ["gems_riverbend.tmx", "bindings_grove.tmx"])
def test_a_shipped_map_starts_hotseat_with_its_system_from_the_map(frames, name):
    assert play.main(["--map", name, "--frames", "3", "--size", "1280x720", "--windowed"]) == 0
    assert all(fatal is None for _, fatal in frames)
    assert frames[-1][0][-1] in ("BattleScene", "HandoffScene")


def test_a_bad_map_prints_check_maps_problems_and_opens_no_window(tmp_path, no_window, capsys):
    broken = broken_spawn_map(tmp_path)
    assert play.main(["--map", str(broken)]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        f"{broken}: layer 'spawns' (6, 0): spawn side0_slot0: stands on a solid tile"]
    assert "cannot be played with gems" in err


def test_a_map_naming_no_system_and_a_missing_file_are_refused_without_a_window(
        tmp_path, no_window, capsys):
    path = usermaps.new_map("gems", "Plain")
    path.write_text(path.read_text(encoding="utf-8").replace(
        '<property name="system" type="string" value="gems"/>', ""), encoding="utf-8")
    assert play.main(["--map", str(path)]) == 1
    assert "give one with --system" in capsys.readouterr().err
    assert play.main(["--map", str(path), "--system", "gems", "--ai", "3"]) == 2
    assert "seat is a number from 0 to 1" in capsys.readouterr().err
    assert play.main(["--map", str(path), "--system", "gems", "--ai", "1:godlike"]) == 2
    assert "levels are" in capsys.readouterr().err
    assert play.main(["--map", str(tmp_path / "nowhere.tmx")]) == 1
    assert "no such map file" in capsys.readouterr().err
