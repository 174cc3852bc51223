"""Runs every scenario file under tests/scenarios, marked with the rule IDs the file lists.

A file's `rules = ["GEM-23", ...]` becomes one @pytest.mark.rule per ID, so `pytest -m rule` and
rule-coverage reports see scenario files exactly like hand-written rule tests.
"""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.engine import scenario as sc

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FILES = sorted(HERE.rglob("*.toml"))


def _rules(path: Path) -> list[str]:
    try:
        rules = tomllib.loads(path.read_text(encoding="utf-8")).get("rules", [])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []                      # the test itself reports the broken file
    return [r for r in rules if isinstance(r, str)] if isinstance(rules, list) else []


# A scenario file named tvNN_*.toml is that test vector of its system's checklist.
TV_PREFIX = {"gems": "GEM-TV-", "gemwielders": "GW-TV-", "bindings": "BND-T-",
             "gu_masters": "GU-T-"}


def _vector(path: Path) -> list[str]:
    prefix = TV_PREFIX.get(path.parent.name)
    if prefix and path.name[:2] == "tv" and path.name[2:4].isdigit():
        return [prefix + path.name[2:4]]
    return []


def _param(path: Path):
    ids = list(dict.fromkeys(_rules(path) + _vector(path)))
    return pytest.param(path, id=str(path.relative_to(HERE)),
                        marks=[pytest.mark.rule(r) for r in ids])


def test_there_are_scenarios():
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_scenario(path: Path):
    result = sc.run_file(path)          # a malformed file raises ScenarioError: a failure
    assert result.scenario.rules, f"{path.name} names no rule IDs"
    assert result.differences == [], "\n".join(result.differences)


def test_every_scenario_names_its_test_vector_in_name_and_comment():
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        prefix = TV_PREFIX.get(path.parent.name)
        if prefix is not None:
            tv = prefix + path.name[2:4]
            assert text.lstrip().startswith(f"# {tv}"), f"{path.name}: comment must name {tv}"
            assert f'name = "{tv}' in text, f"{path.name}: name must start with {tv}"


def test_the_examples_in_the_documentation_run_and_pass(tmp_path):
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    examples = doc[doc.index("## Examples"):].split("```toml\n")[1:]
    blocks = [b.split("```")[0] for b in examples if "[match]" in b]
    assert len(blocks) >= 2
    for n, block in enumerate(blocks):
        path = tmp_path / f"example{n}.toml"
        path.write_text(block, encoding="utf-8")
        result = sc.run_file(path)
        assert result.differences == [], (block, result.differences)


def test_the_command_passes_a_good_file_and_reports_a_changed_one(tmp_path):
    good = HERE / "gems" / "tv01_contact_needs_more_than_15.toml"
    run = [sys.executable, "-m", "game", "scenario"]
    out = subprocess.run(run + [str(good)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed, 0 failed" in out.stdout
    changed = tmp_path / "changed.toml"
    changed.write_text(good.read_text(encoding="utf-8").replace("total = 15\ncontact = false",
                                                                "total = 16\ncontact = true"),
                       encoding="utf-8")
    out = subprocess.run(run + [str(changed)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 1
    assert "FAIL" in out.stdout and "total is 15, expected 16" in out.stdout
    broken = tmp_path / "broken.toml"
    broken.write_text("[match]\nsystem = \"gems\"\n[[step]]\naction = {kind = \"gems.teleport\"}\n",
                      encoding="utf-8")
    out = subprocess.run(run + [str(broken)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 1
    assert "unknown action kind 'gems.teleport'" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr
