"""The benchmark's machine reference: a fixed piece of plain Python work timed before each
section, so a run shows how the machine stood when each figure was taken."""
from __future__ import annotations

import json

from benchmarks import __main__ as bench
from benchmarks import machine
from benchmarks.report import Row


def test_the_reference_work_is_the_same_work_every_time():
    (t1, sum1), (t2, sum2) = machine.reference(), machine.reference()
    assert sum1 == sum2 and sum1 > 0          # fixed work: the same answer
    assert t1 > 0 and t2 > 0                  # and it was timed


def test_each_section_header_and_the_json_carry_the_reference(monkeypatch, tmp_path, capsys):
    readings = iter([0.25, 0.5])
    monkeypatch.setattr(machine, "reference", lambda: (next(readings), 1))
    monkeypatch.setitem(bench.SECTIONS, "engine",
                        lambda quick: [Row("engine", "a figure", 1.0, "ms", 2.0)])
    out = tmp_path / "bench.json"
    assert bench.main(["--section", "engine", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "== engine   (reference work 0.250 s)" in printed
    assert "1 of 1 figures meet their goal (reference work at the end 0.500 s)" in printed
    meta = json.loads(out.read_text(encoding="utf-8"))["meta"]
    assert meta["reference_seconds"] == {"engine": 0.25, "end": 0.5}
