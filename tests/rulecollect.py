"""A pytest plugin that lists every rule ID a test names: by a `rule` marker, or a test vector
in the test function name (test_GEM_TV_35_...). Used by test_rule_coverage.

Loaded only by that test's subprocess (`-p tests.rulecollect`); it writes one ID per line to the
file named by STRIFE_RULE_IDS_OUT after collection and runs nothing.
"""
from __future__ import annotations

import os
import re

# test_GEM_TV_35_... or test_BND_T_01_... names a test vector in the function name; any
# checklist prefix of capitals counts, so a new system's tests need no change here
_NAMED = re.compile(r"(?<![A-Za-z])([A-Z]{2,5})_(TV|T|GM|U|X)_(\d+)")


def pytest_collection_modifyitems(session, config, items) -> None:
    out = os.environ.get("STRIFE_RULE_IDS_OUT")
    if not out:
        return
    ids = set()
    for item in items:
        for mark in item.iter_markers("rule"):
            ids.update(str(a) for a in mark.args)
        name = getattr(item, "originalname", None) or item.name
        ids.update("-".join(m.groups()) for m in _NAMED.finditer(name))
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(sorted(ids)) + "\n")
