"""Saves and replays: versioned JSON holding config, seed, action log and a snapshot.

Owns: writing a match atomically (temporary file in the same folder, then rename, so a crash
never leaves half a save), and loading one back by replaying its log and checking the result
against the stored snapshot (an out-of-sync check), at once (`load`) or a slice at a time
(`Replay`, for a client that shows progress). Old formats pass through `_UPGRADES`.
The replay goes through `Match.submit`, so a loaded match's `history` holds the events of the
whole replayed log (set-up rolls, moves, attacks), ready for the battle log.

Must not: deserialise anything that can run code (JSON only), or leave any file changed when
loading fails.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.version import VERSION as GAME_VERSION

from . import safeio
from .records import RecordError
from .rules import ConfigError, IllegalAction, MatchConfig

if TYPE_CHECKING:
    # imported where a match is built (from_document): the title lists saves and the settings
    # are written through this module, and neither needs the match machinery and every rule
    # system behind it at start-up
    from .match import Match

FORMAT = "strife-table-save"
VERSION = 1
# A save's log: the longest battles seen are under 2,000 actions; a forced-dice entry is written
# by scenarios and tests and holds a handful of faces.
MAX_ACTIONS = 100_000
MAX_FORCED_PER_ENTRY = 1_000
MAX_FORCED_TOTAL = 10_000
LABEL_SHOWN = 120          # characters of a label `peek` hands to a list (a label is never longer)


class SaveError(Exception):
    """A save cannot be read or written. The message names the file and the problem."""

    def __init__(self, path: str | os.PathLike, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


def to_document(match: Match, label: str = "") -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        # the game that wrote it, for a bug report; loading goes by "version" (the format) only
        "game_version": GAME_VERSION,
        "system": match.config.system,
        "label": label,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "config": match.config.to_json(),
        "rules_version": match.system.rules_version,
        "summary": summary(match),
        "actions": list(match.log),
        "snapshot": match.snapshot(),
    }


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` so that readers see either the old file or the whole new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def clean_temporary(folder: str | os.PathLike, older_than: float = 60.0) -> list[Path]:
    """Remove what interrupted atomic writes left in `folder` (`.<name>.<random>.tmp`, see
    atomic_write_text) once they are `older_than` seconds old, so a write in progress is never
    touched. Returns what was removed; a file that cannot be removed is left for next time."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError:
        return removed
    for p in candidates:
        try:
            st = p.lstat()
            if not p.is_symlink() and p.is_file() and now - st.st_mtime >= older_than:
                p.unlink()
                removed.append(p)
        except OSError:
            continue
    return removed


def save(match: Match, path: str | os.PathLike, label: str = "") -> None:
    write_text(path, json.dumps(to_document(match, label), indent=1))


def write_text(path: str | os.PathLike, text: str) -> None:
    """Write a save's text atomically (see `atomic_write_text`); SaveError when it cannot be.
    Touches nothing but the file, so a writer thread may call it (client autosave)."""
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise SaveError(path, f"could not write the save ({exc.strerror or exc})") from None


# version -> function upgrading a document of that version to the next one
_UPGRADES: dict[int, Any] = {}


def _upgrade(doc: dict, path) -> dict:
    version = doc.get("version")
    if not isinstance(version, int):
        raise SaveError(path, "the save has no format version")
    if version > VERSION:
        raise SaveError(path, f"the save is from a newer Strife Table (format {version}; "
                              f"this version reads up to {VERSION})")
    while version < VERSION:
        step = _UPGRADES.get(version)
        if step is None:
            raise SaveError(path, f"format version {version} can no longer be read")
        doc = step(doc)
        version = doc["version"]
    return doc


def _check_log(actions: list, path: str | os.PathLike) -> None:
    """The log's limits, before anything is replayed: entries, and forced dice per entry and in
    all (a log forcing a million dice used to freeze the game for minutes before its error)."""
    if len(actions) > MAX_ACTIONS:
        raise SaveError(path, f"the action log holds {len(actions):,} entries; at most "
                              f"{MAX_ACTIONS:,} are read")
    forced = 0
    for i, entry in enumerate(actions):
        if not isinstance(entry, dict) or not ({"action", "force"} & set(entry)):
            raise SaveError(path, f"action {i + 1} of the log is malformed")
        if "force" in entry:
            faces = entry["force"]
            if not isinstance(faces, list) or not all(type(f) is int for f in faces):
                raise SaveError(path, f"action {i + 1} of the log cannot be replayed: forced "
                                      f"dice must be a list of whole numbers")
            if len(faces) > MAX_FORCED_PER_ENTRY:
                raise SaveError(path, f"action {i + 1} of the log forces {len(faces):,} dice; "
                                      f"at most {MAX_FORCED_PER_ENTRY} at a time")
            forced += len(faces)
            if forced > MAX_FORCED_TOTAL:
                raise SaveError(path, f"the log forces more than {MAX_FORCED_TOTAL:,} dice")


class Replay:
    """A save's log replayed a slice at a time, so a client can show progress and keep drawing.

    Making one checks the document's format and sections and sets the match up again (SaveError
    when any of that fails). `step(budget)` replays log entries until `budget` seconds have gone
    (None: to the end) and returns True once the log is replayed and the result matches the
    stored snapshot; it raises SaveError naming the entry that cannot be replayed, or the
    mismatch. `match` is the replayed match, to be used only once `step` returned True: every
    action went through `Match.submit`, so a save the rules refuse is refused here."""

    def __init__(self, doc: Any, path: str | os.PathLike = "<memory>"):
        self.path = path
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise SaveError(path, "this is not a Strife Table save")
        doc = _upgrade(doc, path)
        for key in ("config", "actions", "snapshot"):
            if key not in doc:
                raise SaveError(path, f"the save is missing its '{key}' section")
        if not isinstance(doc["actions"], list):
            raise SaveError(path, "the action log is not a list")
        _check_log(doc["actions"], path)
        from .match import Match      # here, not at the top: listing saves needs no rules
        try:
            config = MatchConfig.from_json(doc["config"])
            self._match = Match.new(config)
        except (ConfigError, ValueError, OSError) as exc:
            raise SaveError(path, f"the match cannot be set up again: {exc}") from None
        except (KeyError, TypeError, AttributeError) as exc:
            # an edited config of the wrong shape reaches the system's set-up; say so, never crash
            raise SaveError(path, f"the match cannot be set up again: the configuration is "
                                  f"malformed ({exc.__class__.__name__}: {exc})") from None
        self._actions: list = doc["actions"]
        self._snapshot = doc["snapshot"]
        made = doc.get("rules_version", 1)
        self._rules_version = made if isinstance(made, int) and not isinstance(made, bool) else 1
        self.done = 0                 # log entries replayed so far
        self.finished = False

    @property
    def total(self) -> int:
        return len(self._actions)

    def _changed_rules(self, problem: str) -> str:
        """`problem`, led by the rule changes made since the save was written, when there are
        some: its log was played under rules this version no longer has."""
        system = self._match.system
        since = [words for version, words in sorted(system.rules_changes.items())
                 if version > self._rules_version]
        if not since or self._rules_version >= system.rules_version:
            return problem
        return (f"the save was made before a change to the {system.name} rules "
                f"({'; '.join(since)}), and its log no longer replays under today's rules: "
                f"{problem}")

    @property
    def match(self) -> Match:
        if not self.finished:
            raise RuntimeError("the replay has not finished")   # a caller's bug
        return self._match

    def step(self, budget: float | None = None) -> bool:
        if self.finished:
            return True
        end = None if budget is None else time.perf_counter() + budget
        match, path, actions = self._match, self.path, self._actions
        while self.done < len(actions):
            i = self.done
            entry = actions[i]
            if not isinstance(entry, dict) or not ({"action", "force"} & set(entry)):
                raise SaveError(path, f"action {i + 1} of the log is malformed")
            try:
                match.apply_log_entry(entry)
            except (IllegalAction, RecordError, ValueError, KeyError, TypeError,
                    AttributeError) as exc:
                raise SaveError(path, self._changed_rules(
                    f"action {i + 1} of the log cannot be replayed: {exc}")) from None
            self.done = i + 1
            if end is not None and time.perf_counter() >= end:
                return False
        # compare as JSON: tuples in a fresh snapshot are lists in the stored one
        stored = self._snapshot
        if isinstance(stored, dict) and "state" in stored:
            stored = {**stored, "state": match.system.upgrade_saved_state(stored["state"])}
        fresh = json.loads(json.dumps(match.snapshot()))
        if isinstance(stored, dict) and isinstance(stored.get("state"), dict):
            # what a newer version adds from the set-up alone, an older save cannot hold
            absent = [k for k in match.system.set_up_keys if k not in stored["state"]]
            if absent and isinstance(fresh.get("state"), dict):
                fresh["state"] = {k: v for k, v in fresh["state"].items() if k not in absent}
        if fresh != stored:
            raise SaveError(path, self._changed_rules(
                "replaying the log does not reach the saved position (the save was edited, or "
                "the map or rules changed since)"))
        self.finished = True
        return True


def from_document(doc: Any, path: str | os.PathLike = "<memory>") -> Match:
    replay = Replay(doc, path)
    replay.step(None)
    return replay.match


def read_document(path: str | os.PathLike) -> Any:
    """A save file's JSON (not yet checked or replayed), read within safeio's limits (a regular
    file, its size, nesting, number and text sizes checked before or while parsing). SaveError
    names what is wrong."""
    try:
        raw = safeio.read_limited(path, safeio.MAX_SAVE_BYTES, "file")
    except safeio.FileRefused as exc:
        raise SaveError(path, exc.reason) from None
    if not raw.strip():
        raise SaveError(path, "the file is empty")
    try:
        return safeio.loads_json(raw, path, "file")
    except safeio.FileRefused as exc:
        raise SaveError(path, exc.reason) from None


def load(path: str | os.PathLike) -> Match:
    return from_document(read_document(path), path)


SEATS_SHOWN = 8             # seats `peek` lists (a match has a handful)


def summary(match: Match) -> dict[str, Any]:
    """What the load screen shows of a save without replaying it: the map, who sits where, how
    far the match has gone (RuleSystem.progress) and whether it is over."""
    return {"map": str(match.config.map or ""),
            "seats": [{"name": s.name, "kind": s.kind, "difficulty": s.difficulty}
                      for s in match.config.seats],
            "progress": match.system.progress(match.state),
            "over": bool(match.over)}


def _peek_summary(doc: dict) -> dict[str, Any]:
    """A save's summary as `peek` hands it on: plain texts cut to a list's width, at most
    SEATS_SHOWN seats; anything of the wrong shape is left out (a hand-edited or older save)."""
    raw = doc.get("summary")
    if not isinstance(raw, dict):
        return {}

    def text(value: Any) -> str:
        return value[:LABEL_SHOWN] if isinstance(value, str) else ""
    listed = raw.get("seats") if isinstance(raw.get("seats"), list) else []
    seats = [{"name": text(s.get("name")), "kind": text(s.get("kind")),
              "difficulty": text(s.get("difficulty"))}
             for s in listed if isinstance(s, dict)][:SEATS_SHOWN]
    return {"map": text(raw.get("map")), "seats": seats, "progress": text(raw.get("progress")),
            "over": raw.get("over") is True}


def peek(path: str | os.PathLike) -> dict:
    """The header of a save (system, label, time, number of actions) without replaying it, for
    the load screen; texts are cut to what a list can show."""
    doc = read_document(path)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(path, "this is not a Strife Table save")
    actions = doc.get("actions")

    def text(key: str) -> str:
        value = doc.get(key, "")
        return value[:LABEL_SHOWN] if isinstance(value, str) else ""
    system = doc.get("system")
    return {"system": system if isinstance(system, str) else None, "label": text("label"),
            "saved_at": text("saved_at"),
            "actions": len(actions) if isinstance(actions, list) else 0,
            "summary": _peek_summary(doc)}
