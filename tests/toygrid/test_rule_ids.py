"""Every rule ID of toy_grid's list (rule_ids.txt) is named by a test's `rule` marker, checked
the way tests/test_rule_coverage.py checks a shipped system's tests/rule_ids/<id>.txt (which
also wants more than 50 IDs: a real checklist, not a toy's)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_every_toy_rule_id_is_named_by_a_test(tmp_path):
    out = tmp_path / "ids.txt"
    env = dict(os.environ, STRIFE_RULE_IDS_OUT=str(out))
    subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                    "tests.rulecollect", "-p", "no:cacheprovider", str(HERE)],
                   cwd=HERE.parent.parent, env=env, capture_output=True, text=True, timeout=300)
    named = set(out.read_text(encoding="utf-8").split())
    ids = (HERE / "rule_ids.txt").read_text(encoding="utf-8").split()
    assert len(ids) == 8
    assert [i for i in ids if i not in named] == []
