"""docs/new-system.md and the toy agree: every path the guide names exists, every toolkit name
its table points newcomers at is really in that module, and the places it lists are the ones
the shipped systems use."""
from __future__ import annotations

import re
from pathlib import Path

from game.engine.tactics import (boardbuild, bots, content, footprint, forced, hexsight, house,
                                 initiative, lines, odds, pending, reach)

ROOT = Path(__file__).resolve().parent.parent.parent
GUIDE = (ROOT / "docs" / "new-system.md").read_text(encoding="utf-8")
MODULES = {m.__name__.rsplit(".", 1)[1]: m for m in (boardbuild, bots, content, footprint, forced,
                                                      hexsight, house, initiative, lines, odds,
                                                      pending, reach)}
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def toolkit_rows() -> list[str]:
    table = GUIDE.split("| need | module |", 1)[1].split("\n\n", 1)[0]
    return [row.split("|")[2] for row in table.splitlines()[2:]]


def test_every_toolkit_name_in_the_guide_exists():
    checked = 0
    for cell in toolkit_rows():
        module = None
        for token in re.findall(r"`([^`]+)`", cell):
            token = token.split("(", 1)[0]
            head, _, attr = token.partition(".")
            if head in MODULES:
                module = MODULES[head]
                if not attr:
                    continue
                token = attr
            if module is None or not NAME.fullmatch(token):
                continue               # prose such as `state.pending` or `HOUSE.read`
            assert hasattr(module, token), f"the guide names {module.__name__}.{token}"
            checked += 1
    assert checked >= 25


def test_every_path_the_guide_names_exists():
    paths = {p for p in re.findall(r"`((?:game|tests|maps|docs)/[^`<>* ]+)`", GUIDE)}
    assert len(paths) > 20
    missing = sorted(p for p in paths if not (ROOT / p.rstrip("/")).exists())
    assert missing == []


def test_the_shipped_systems_live_where_the_guide_says():
    from game.client.systems import CLIENT_SYSTEMS
    from game.engine import registry
    for system in registry.all_systems():
        sid = system.id
        assert (ROOT / "game/engine/systems" / sid / "README.md").is_file()
        assert (ROOT / "game/client/systems" / sid / "__init__.py").is_file()
        assert (ROOT / "game/data" / sid).is_dir()
        assert (ROOT / "tests/rule_ids" / f"{sid}.txt").is_file()
        assert f"**{sid}**" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert {s.id for s in CLIENT_SYSTEMS} == {s.id for s in registry.all_systems()}
