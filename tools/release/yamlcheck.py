"""Check the release workflow file: that it is well-formed YAML and has the shape GitHub Actions
needs (a tag trigger, a build on Windows, macOS and the oldest Ubuntu runner, steps that each run
something, a release job that attaches the archives).

Owns: reading the workflow. With PyYAML installed it is the parser; without it (the game does
not depend on it) a small reader of the block-style YAML subset workflow files use: mappings,
sequences, plain and quoted scalars, one-line [flow, lists] and {flow: maps}, `|` and `>` block
texts, comments. It refuses tabs in indentation, inconsistent indentation, duplicate keys and
unclosed quotes or brackets, naming the line, which are the mistakes a hand edit makes.

Must not: be used for YAML from anywhere else (it reads our one file), or import the game.

    python -m tools.release.yamlcheck .github/workflows/release.yml
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
# the runners the release is built on: Linux on the oldest Ubuntu GitHub still offers, so the
# bundle's glibc is as old as we can make it
RUNNERS = ("ubuntu-22.04", "windows-latest", "macos-latest")


class YamlError(ValueError):
    """The text is not YAML this reader accepts; the message names the line."""


# -- the small reader -----------------------------------------------------------------------------
class _Line:
    __slots__ = ("indent", "text", "number")

    def __init__(self, indent: int, text: str, number: int):
        self.indent, self.text, self.number = indent, text, number


def _strip_comment(text: str, number: int) -> str:
    quote = None
    for k, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"" and (k == 0 or text[k - 1] in " [{,:-"):
            quote = ch
        elif ch == "#" and (k == 0 or text[k - 1] in " \t"):
            return text[:k].rstrip()
    if quote:
        raise YamlError(f"line {number}: unclosed quote")
    return text.rstrip()


def _split_top(text: str, sep: str, number: int) -> list[str]:
    """Split at `sep` outside quotes and brackets."""
    parts, depth, quote, start = [], 0, None, 0
    for k, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    if quote or depth:
        raise YamlError(f"line {number}: unclosed quote or bracket")
    parts.append(text[start:])
    return parts


def _key_split(text: str, number: int) -> tuple[str, str] | None:
    """`key: value` -> (key, value); None when the text is not a mapping entry."""
    quote, depth = None, 0
    for k, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"" and k == 0:
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == ":" and depth == 0 and (k + 1 == len(text) or text[k + 1] == " "):
            return _scalar(text[:k].strip(), number), text[k + 1:].strip()
    return None


def _scalar(text: str, number: int) -> Any:
    if text and text[0] in "'\"":
        if len(text) < 2 or text[-1] != text[0]:
            raise YamlError(f"line {number}: unclosed quote in {text!r}")
        body = text[1:-1]
        return body.replace("''", "'") if text[0] == "'" else \
            body.replace('\\"', '"').replace("\\\\", "\\")
    if text[:1] == "[":
        if text[-1:] != "]":
            raise YamlError(f"line {number}: unclosed [")
        inner = text[1:-1].strip()
        return [] if not inner else [_scalar(p.strip(), number)
                                     for p in _split_top(inner, ",", number)]
    if text[:1] == "{":
        if text[-1:] != "}":
            raise YamlError(f"line {number}: unclosed {{")
        out = {}
        inner = text[1:-1].strip()
        for part in (_split_top(inner, ",", number) if inner else []):
            pair = _key_split(part.strip(), number)
            if pair is None:
                raise YamlError(f"line {number}: {part!r} is not key: value")
            out[pair[0]] = _scalar(pair[1], number)
        return out
    if text in ("true", "false"):
        return text == "true"
    if text in ("null", "~", ""):
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


class _Reader:
    def __init__(self, text: str):
        self.raw = text.splitlines()
        self.lines: list[_Line] = []
        for number, line in enumerate(self.raw, 1):
            body = line.lstrip(" ")
            if body.startswith("\t"):
                raise YamlError(f"line {number}: a tab in the indentation")
            content = _strip_comment(body, number)
            if content and content != "---":
                self.lines.append(_Line(len(line) - len(body), content, number))
        self.at = 0

    def peek(self) -> _Line | None:
        return self.lines[self.at] if self.at < len(self.lines) else None

    def block(self, indent: int) -> Any:
        line = self.peek()
        if line is None or line.indent < indent:
            return None
        if line.indent != indent:
            raise YamlError(f"line {line.number}: unexpected indentation")
        if line.text == "-" or line.text.startswith("- "):
            return self.sequence(indent)
        return self.mapping(indent)

    def value(self, rest: str, line: _Line, indent: int) -> Any:
        """The value after `key:` or `- `: inline, a block text, or a nested block."""
        if rest and rest[0] in "|>":
            return self.block_text(line, indent, folded=rest[0] == ">")
        if rest:
            return _scalar(rest, line.number)
        nxt = self.peek()
        if nxt is not None and nxt.indent > indent:
            return self.block(nxt.indent)
        if nxt is not None and nxt.indent == indent and nxt.text.startswith("- "):
            return self.sequence(indent)        # a list may sit at its key's own indentation
        return None

    def block_text(self, line: _Line, indent: int, folded: bool) -> str:
        # the raw lines below the key that are indented deeper (or blank) belong to the text
        first = line.number                    # 1-based: the next raw line is raw[first]
        body: list[str] = []
        k = first
        while k < len(self.raw) and (not self.raw[k].strip()
                                     or len(self.raw[k]) - len(self.raw[k].lstrip(" ")) > indent):
            body.append(self.raw[k])
            k += 1
        while self.peek() is not None and self.peek().number <= k:
            self.at += 1
        while body and not body[-1].strip():
            body.pop()
        if not body:
            return ""
        cut = min(len(b) - len(b.lstrip(" ")) for b in body if b.strip())
        lines = [b[cut:] for b in body]
        return (" ".join(lines) if folded else "\n".join(lines)) + "\n"

    def mapping(self, indent: int) -> dict:
        out: dict = {}
        while (line := self.peek()) is not None and line.indent == indent:
            if line.text.startswith("- "):
                raise YamlError(f"line {line.number}: a list item among mapping keys")
            pair = _key_split(line.text, line.number)
            if pair is None:
                raise YamlError(f"line {line.number}: expected `key: value`")
            key, rest = pair
            if key in out:
                raise YamlError(f"line {line.number}: duplicate key {key!r}")
            self.at += 1
            out[key] = self.value(rest, line, indent)
        if line is not None and line.indent > indent:
            raise YamlError(f"line {line.number}: unexpected indentation")
        return out

    def sequence(self, indent: int) -> list:
        out: list = []
        while (line := self.peek()) is not None and line.indent == indent \
                and (line.text == "-" or line.text.startswith("- ")):
            rest = line.text[1:].lstrip(" ")
            if rest and _key_split(rest, line.number) is not None and rest[0] not in "[{'\"":
                # `- key: value` opens a mapping indented where `key` starts
                line.indent = indent + len(line.text) - len(rest)
                line.text = rest
                out.append(self.mapping(line.indent))
            else:
                self.at += 1
                out.append(self.value(rest, line, indent))
        if line is not None and line.indent > indent:
            raise YamlError(f"line {line.number}: unexpected indentation")
        return out


def load(text: str, prefer_pyyaml: bool = True) -> Any:
    """The document as Python data, by PyYAML when installed (and preferred), else our reader."""
    if prefer_pyyaml:
        try:
            import yaml
        except ImportError:
            pass
        else:
            return yaml.safe_load(text)
    reader = _Reader(text)
    doc = reader.block(reader.lines[0].indent if reader.lines else 0)
    if reader.peek() is not None:
        raise YamlError(f"line {reader.peek().number}: unexpected indentation")
    return doc


# -- the workflow's shape -------------------------------------------------------------------------
def problems(doc: Any) -> list[str]:
    """What the release workflow lacks; empty when it has the shape the release needs."""
    if not isinstance(doc, dict):
        return ["the workflow is not a mapping"]
    out = []
    trigger = doc.get("on", doc.get(True))      # YAML 1.1 readers turn the key `on` into True
    tags = (trigger or {}).get("push", {}).get("tags") if isinstance(trigger, dict) else None
    if not tags:
        out.append("it does not run on a pushed tag (on: push: tags)")
    jobs = doc.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return out + ["it has no jobs"]
    runners: list[str] = []
    for name, job in jobs.items():
        if not isinstance(job, dict) or "runs-on" not in job:
            out.append(f"job {name} has no runs-on")
            continue
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        listed = matrix.get("os") if isinstance(matrix, dict) else None
        runners += listed if isinstance(listed, list) else [str(job["runs-on"])]
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            out.append(f"job {name} has no steps")
            continue
        for k, step in enumerate(steps, 1):
            if not isinstance(step, dict) or not ({"run", "uses"} & set(step)):
                out.append(f"job {name}, step {k}: neither run nor uses")
    for runner in RUNNERS:
        if runner not in runners:
            out.append(f"no job builds on {runner}")
    text = repr(doc)
    for needed in ("tools.release.check", "SHA256SUMS"):
        if needed not in text:
            out.append(f"the workflow never mentions {needed}")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else WORKFLOW
    try:
        found = problems(load(path.read_text(encoding="utf-8")))
    except (YamlError, OSError) as exc:
        found = [str(exc)]
    for problem in found:
        print(f"{path}: {problem}", file=sys.stderr)
    if not found:
        print(f"{path}: well-formed, tag-triggered, builds on {', '.join(RUNNERS)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
