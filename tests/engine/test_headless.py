"""The engine stays headless and deterministic: no pygame, no client, no `random`, no pickle/eval."""
from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import game.engine

ENGINE = Path(game.engine.__file__).resolve().parent
ROOT = ENGINE.parent.parent

FORBIDDEN_IMPORTS = {"random", "pickle", "cPickle", "dill", "shelve", "marshal", "pygame",
                     "pygame_gui"}
FORBIDDEN_CALLS = {"eval", "exec", "__import__"}


def engine_modules() -> list[str]:
    names = ["game.engine"]
    for info in pkgutil.walk_packages([str(ENGINE)], prefix="game.engine."):
        names.append(info.name)
    return names


def test_importing_every_engine_module_loads_no_display_code():
    modules = engine_modules()
    assert "game.engine.match" in modules and "game.engine.saves" in modules
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')\n"
        "             or m == 'game.client' or m.startswith('game.client.'))\n"
        "print(json.dumps(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def _problems(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level == 0 else []
        else:
            names = []
        for name in names:
            top = name.split(".")[0]
            if top in FORBIDDEN_IMPORTS or name.startswith("game.client"):
                found.append(f"{path.relative_to(root)}:{node.lineno} imports {name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in FORBIDDEN_CALLS:
            found.append(f"{path.relative_to(root)}:{node.lineno} calls {node.func.id}()")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "random":
            found.append(f"{path.relative_to(root)}:{node.lineno} uses random.{node.attr}")
    return found


def test_no_engine_module_imports_random_pickle_or_display_code_or_calls_eval():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 10
    problems = [p for f in files for p in _problems(f)]
    assert problems == []


def test_the_checker_itself_catches_each_forbidden_thing(tmp_path):
    # guard against a checker that silently passes everything
    samples = {
        "import random\n": "imports random",
        "from random import randint\n": "imports random",
        "import pickle\n": "imports pickle",
        "from pygame import Rect\n": "imports pygame",
        "from game.client.scene import Scene\n": "imports game.client.scene",
        "x = eval('1')\n": "calls eval()",
        "exec('x = 1')\n": "calls exec()",
    }
    for i, (code, fragment) in enumerate(samples.items()):
        f = tmp_path / f"probe_{i}.py"
        f.write_text(code, encoding="utf-8")
        found = _problems(f, tmp_path)
        assert any(fragment in p for p in found), (code, found)
