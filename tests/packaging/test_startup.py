"""Start-up and the trimmed frozen build: what `make dist` leaves out must stay unused.

The frozen build (build.spec) drops OpenSSL and pygame-gui's unused fonts, and the title opens
without the match machinery; these tests keep the source honest about both, and check the
`play --first-frame` entry the start-up benchmark launches. The frozen executable itself is
checked by `.ci/run` (its `selftest --client`, which includes the media check below).
"""
from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# build.spec excludes these: the game must never import them (OpenSSL is not shipped)
LEFT_OUT = ("ssl", "_ssl", "_hashlib", "http", "urllib.request", "ftplib", "smtplib")


def _run(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               STRIFE_TABLE_HOME=str(tmp_path / "home"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_game_never_imports_what_the_frozen_build_leaves_out():
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for name in _imports(path):
            if any(name == out or name.startswith(out + ".") for out in LEFT_OUT):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


def test_hashing_works_without_openssl(tmp_path):
    # the frozen build has no _hashlib; hashlib must fall back to Python's own sha256, which the
    # AI runner's fingerprint uses
    done = _run("import sys; sys.modules['_hashlib'] = None\n"
                "import hashlib\n"
                "from game.engine.ai import runner\n"
                "print(hashlib.sha256(b'strife').hexdigest())", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == hashlib.sha256(b"strife").hexdigest()
    assert "was not found" not in done.stderr     # hashlib logs a missing algorithm this way


def test_the_title_opens_without_the_match_machinery(tmp_path):
    # start-up cost: the title lists saves and reads settings, neither of which needs a match,
    # the registry of rule systems or the map loader
    done = _run("import sys, json\n"
                "import game.client.app, game.client.scenes.title\n"
                "print(json.dumps(sorted(m for m in sys.modules if m.startswith('game.engine'))))",
                tmp_path)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert not loaded & {"game.engine.match", "game.engine.registry", "game.engine.boards.tmx"}
    assert not any(m.startswith("game.engine.systems") for m in loaded)


@pytest.mark.client
def test_first_frame_draws_the_title_once_and_reports_its_cpu_time(tmp_path):
    done = _run("import sys\nfrom game.__main__ import main\n"
                "sys.exit(main(['play', '--first-frame']))", tmp_path)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip().splitlines()[-1]
    assert line.startswith("first frame: ") and line.endswith(" s wall")
    cpu = float(line.split()[2])
    assert 0 < cpu < 60


@pytest.mark.client
def test_the_selftest_media_check_passes(tmp_path):
    done = _run("from game.cli.selftest import check_media\nok, line = check_media()\n"
                "print(ok, line)", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("True media: ")
