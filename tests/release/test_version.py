"""The version has one home (game/version.py) and shows wherever a player or a bug report looks:
`--version`, the title screen's corner, and the header of every save and series file."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game import __version__
from game.__main__ import main
from game.engine import saves
from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.version import VERSION
from tests.client.conftest import app  # noqa: F401  (the headless App fixture)

ROOT = Path(__file__).resolve().parents[2]


def test_version_is_a_dotted_release_number_and_the_package_reexports_it():
    parts = VERSION.split(".")
    assert len(parts) == 3 and all(p.isdigit() for p in parts), VERSION
    assert __version__ == VERSION


def test_pyproject_reads_the_version_from_its_one_home():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.version.VERSION"}


def test_dash_dash_version_prints_the_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"strife-table {VERSION}"
    assert main(["-V"]) == 0
    assert capsys.readouterr().out.strip() == f"strife-table {VERSION}"


def test_python_dash_m_game_version_in_a_fresh_process(tmp_path):
    env = dict(os.environ, STRIFE_TABLE_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"strife-table {VERSION}"


def test_every_save_header_names_the_game_version(tmp_path):
    match = Match.new(example_match("gems", 1))
    assert saves.to_document(match)["game_version"] == VERSION
    path = tmp_path / "slot.json"
    saves.save(match, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["game_version"] == VERSION
    assert doc["version"] == saves.VERSION      # the format number stays what loading reads
    assert saves.load(path).log == match.log


@pytest.mark.client
def test_title_screen_shows_the_version(app, monkeypatch):  # noqa: F811
    from game.client.scene import reset
    from game.client.scenes import title

    drawn: list[str] = []
    real = title.draw.text

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(title.draw, "text", record)
    app.apply(reset(title.TitleScene(app)))
    app.settle()
    assert title.version_label() == f"v{VERSION}"
    assert f"v{VERSION}" in drawn


def test_a_series_file_header_names_the_game_version_too():
    from game.engine.series import Series
    from tests.engine.test_series import PARTY
    from tests.rpgstuck.engine_helpers import battle

    series = Series.start(battle(PARTY).config)
    series.next_battle()
    doc = series.to_document()
    assert doc["game_version"] == VERSION
    assert doc["match"]["game_version"] == VERSION     # the battle inside it, a save of its own
