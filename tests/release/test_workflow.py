"""The release workflow (.github/workflows/release.yml) parses and has the shape the release
needs; the small YAML reader behind the check refuses the mistakes a hand edit makes."""
from __future__ import annotations

import pytest

from tools.release import yamlcheck


def workflow() -> dict:
    return yamlcheck.load(yamlcheck.WORKFLOW.read_text(encoding="utf-8"), prefer_pyyaml=False)


def test_the_workflow_parses_and_has_the_release_shape():
    doc = workflow()
    assert yamlcheck.problems(doc) == []
    assert doc["name"] == "release"
    assert doc["on"]["push"]["tags"] == ["v*"]


def test_it_builds_on_windows_macos_and_the_oldest_ubuntu_then_attaches():
    jobs = workflow()["jobs"]
    assert jobs["build"]["strategy"]["matrix"]["os"] == [
        "ubuntu-22.04", "windows-latest", "macos-latest"]
    runs = "\n".join(step.get("run", "") for step in jobs["build"]["steps"])
    assert "make release" in runs and "tools.release.check" in runs
    assert jobs["release"]["needs"] == "build"
    attach = "\n".join(step.get("run", "") for step in jobs["release"]["steps"])
    assert "SHA256SUMS" in attach and "gh release create" in attach


def test_pyyaml_agrees_with_the_small_reader_when_installed():
    yaml = pytest.importorskip("yaml")
    text = yamlcheck.WORKFLOW.read_text(encoding="utf-8")
    theirs = yaml.safe_load(text)
    theirs["on"] = theirs.pop(True, theirs.get("on"))      # YAML 1.1 reads `on` as true
    assert theirs == workflow()


def test_the_reader_reads_the_subset():
    text = ("a: 1\nb:\n  - x\n  - 'y # not a comment'\n  - k: v\n    m: [1, \"two\", three]\n"
            "c: |\n  line one\n    kept indent\nd: {e: f}  # comment\ng:\n- same indent list\n")
    assert yamlcheck.load(text, prefer_pyyaml=False) == {
        "a": 1, "b": ["x", "y # not a comment", {"k": "v", "m": [1, "two", "three"]}],
        "c": "line one\n  kept indent\n", "d": {"e": "f"}, "g": ["same indent list"]}


@pytest.mark.parametrize("text, says", [
    ("a:\n\tb: 1\n", "tab"),
    ("a: 1\na: 2\n", "duplicate key"),
    ("a:\n  b: 1\n   c: 2\n", "indentation"),
    ("a: [1, 2\n", "unclosed"),
    ("a: 'open\n", "unclosed"),
    ("a: 1\n- b\n", "list item"),
])
def test_the_reader_refuses_hand_edit_mistakes_naming_the_line(text, says):
    with pytest.raises(yamlcheck.YamlError, match=says) as caught:
        yamlcheck.load(text, prefer_pyyaml=False)
    assert "line " in str(caught.value)


def test_problems_names_what_a_broken_workflow_lacks():
    broken = {"on": {"push": {"branches": ["main"]}},
              "jobs": {"build": {"runs-on": "ubuntu-latest", "steps": [{"name": "nothing"}]}}}
    found = "\n".join(yamlcheck.problems(broken))
    assert "pushed tag" in found and "neither run nor uses" in found
    assert "windows-latest" in found and "ubuntu-22.04" in found
