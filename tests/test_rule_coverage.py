"""Every rule ID of every checklist is named by at least one test.

tests/rule_ids/<system>.txt lists the IDs of that system's checklist (the rule, test-vector and
game-master/default entries; IDs only, no rule text). A test names an ID with
@pytest.mark.rule("ID") (scenario files through their `rules` list and tvNN file names), or a test
vector in its function name (test_GEM_TV_35_...). This collects the whole suite in a subprocess
with tests/rulecollect.py and reports every ID nobody names.

A system still being built may list rules it does not play yet in tests/rule_ids/<system>.open,
one `ID  why` per line. Those may stay unnamed, and only those: an ID there that a test names
is refused as stale, so the file can only shrink as rules land, and it is the written record of
what is missing (the issue that adds the system stays open while it has lines).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
LISTS = sorted((HERE / "rule_ids").glob("*.txt"))


@pytest.fixture(scope="module")
def named(tmp_path_factory) -> set[str]:
    out = tmp_path_factory.mktemp("rules") / "ids.txt"
    env = dict(os.environ, STRIFE_RULE_IDS_OUT=str(out), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "tests.rulecollect", "-p", "no:cacheprovider", str(HERE)],
                          cwd=HERE.parent, env=env, capture_output=True, text=True, timeout=600)
    assert out.exists(), f"collection failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return set(out.read_text(encoding="utf-8").split())


def test_there_are_rule_lists():
    assert {p.stem for p in LISTS} >= {"gems", "gemwielders"}


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_every_rule_id_is_named_by_a_test(path: Path, named: set[str]):
    ids = [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(ids) > 50
    open_ids = _open(path)
    assert set(open_ids) <= set(ids), f"{path.stem}.open lists ids the checklist does not have"
    missing = [i for i in ids if i not in named and i not in open_ids]
    assert not missing, f"{path.name}: no test names {', '.join(missing)}"
    stale = [i for i in open_ids if i in named]
    assert not stale, f"{path.stem}.open: tests now name {', '.join(stale)}; take them off"


def _open(path: Path) -> dict[str, str]:
    """The not-yet-played rules of a system still being built: id -> why."""
    f = path.with_suffix(".open")
    if not f.exists():
        return {}
    out: dict[str, str] = {}
    for line in f.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rid, _, why = line.strip().partition(" ")
            assert why.strip(), f"{f.name}: {rid} needs a reason"
            out[rid] = why.strip()
    return out
