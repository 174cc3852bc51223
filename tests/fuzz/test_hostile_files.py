"""The fuzz suite: generated broken maps, saves and scenario files, and the hostile inputs found
by hand. For each: a clear answer (the file loads, or the error names the file and says what is
wrong), no other exception (no traceback reaches a player), the file unchanged on disk, and an
answer within a few seconds (a per-case alarm turns a hang into a failure).
"""
from __future__ import annotations

import hashlib
import signal
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.engine import saves
from game.engine import scenario as sc
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.boards import BoardError, check_board_file, load_board
from game.engine.match import Match
from tests.fuzz import generate

ROOT = Path(__file__).resolve().parents[2]
ANSWER_WITHIN = 2.0       # seconds the issue allows for each input


def _base_save() -> dict:
    """A real save to mutate: a short seeded gems game and a card game, one each."""
    m = Match.new(example_match("gemwielders", 5, difficulties=("random", "random")))
    bot = make_bot("gemwielders", "random")
    while not m.over and len(m.log) < 60:
        m.submit(ask_bot(m, bot, m.decision.seat))
    return saves.to_document(m, "fuzz base")


CASES = (generate.map_cases(110) + generate.save_cases(_base_save(), 70)
         + generate.scenario_cases(60) + generate.fixed_cases())


@contextmanager
def alarm(seconds: float):
    def hung(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s")
    old = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    import shutil
    d = tmp_path_factory.mktemp("hostile")
    shutil.copytree(ROOT / "maps" / "tilesets", d / "tilesets")
    shutil.copy(ROOT / "maps" / "propertytypes.json", d / "propertytypes.json")
    return d


def fingerprint(p: Path) -> str | None:
    if p.is_symlink() or not p.is_file():
        return None
    return hashlib.sha256(p.read_bytes()).hexdigest()


def answer(case: generate.Case, path: Path) -> str:
    """What the game says of the file: "ok" or the error text (which must name the file)."""
    if case.kind == "map":
        problems = check_board_file(path)
        for p in problems:
            assert str(path) in str(p), str(p)
        try:
            load_board(path)
        except BoardError as exc:
            assert str(path) in str(exc)
            assert problems, "load_board refused a map check_board_file passed"
            return str(exc)
        assert not problems, "check_board_file found problems in a map load_board accepted"
        return "ok"
    if case.kind == "save":
        for reader in (saves.peek, saves.load):
            try:
                reader(path)
            except saves.SaveError as exc:
                assert exc.path == str(path) and exc.problem.strip()
                return str(exc)
        return "ok"
    try:
        scenario = sc.load(path)
    except sc.ScenarioError as exc:
        assert str(path) in str(exc) and exc.problem.strip()
        return str(exc)
    result = sc.run(scenario)               # differences and errors are answers, not crashes
    return result.status


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_hostile_file_gets_a_clear_answer_quickly_and_stays_untouched(folder, case):
    path = folder / f"{case.name}{case.suffix}"
    if case.make is not None:
        case.make(path)
    else:
        path.write_bytes(case.data)
    before = fingerprint(path)
    t0 = time.monotonic()
    with alarm(10 * ANSWER_WITHIN):         # a hang fails the test instead of stopping the suite
        said = answer(case, path)
    spent = time.monotonic() - t0
    assert said
    assert "Traceback" not in said
    assert fingerprint(path) == before
    assert spent < ANSWER_WITHIN * 3, f"answered in {spent:.1f} s"   # slack for a loaded CI


def test_the_suite_is_as_large_as_the_issue_asks():
    assert len(CASES) >= 200
    assert {c.kind for c in CASES} == {"map", "save", "scenario"}
