"""The player's client settings: window, UI scale, animation speed and "don't ask again" flags.

Owns: the `Settings` record, its JSON file in `game.paths.user_config_dir()` (written atomically
with `game.engine.saves.atomic_write_text`), and the rule that a missing, corrupt or partly wrong
file never stops the game: bad values fall back to defaults and `Settings.notice` says what was
ignored so the title screen can show it.

Must not: touch pygame or any scene; the app applies the values.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from game import paths
from game.engine.saves import atomic_write_text

FILE_NAME = "settings.json"
VERSION = 1

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080),
                                             (2560, 1440))
MIN_WINDOW = (1280, 720)
UI_SCALES: tuple[float, ...] = (0.75, 0.875, 1.0, 1.125, 1.25, 1.5)
#: name -> multiplier on animation step time (0 = skip animations entirely)
ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


@dataclass(slots=True)
class Settings:
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: str = "normal"
    #: prompt id -> True once the player ticked "don't ask again"
    dont_ask: dict[str, bool] = field(default_factory=dict)
    #: the New match screen's last choices per system (map, seats, house rules) and the last
    #: system started: the screen opens on them (checked against what exists when it opens)
    last_matches: dict[str, dict] = field(default_factory=dict)
    last_system: str = ""
    #: set when loading had to ignore something; shown once to the player, never saved
    notice: str = ""

    # -- derived ------------------------------------------------------------------------------
    @property
    def animation_factor(self) -> float:
        """Multiply an animation's duration by this (0.0 = do not animate)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def should_ask(self, prompt_id: str) -> bool:
        return not self.dont_ask.get(prompt_id, False)

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"version": VERSION, "window_size": list(self.window_size),
                "fullscreen": self.fullscreen, "ui_scale": self.ui_scale,
                "animation_speed": self.animation_speed,
                "dont_ask": {k: True for k, v in sorted(self.dont_ask.items()) if v},
                "last_matches": self.last_matches, "last_system": self.last_system}

    @classmethod
    def from_json(cls, data: object) -> tuple["Settings", list[str]]:
        """Settings from a parsed document, plus the problems found (each value that was bad
        falls back to its default on its own, so one typo does not lose the rest)."""
        s = cls()
        problems: list[str] = []
        if not isinstance(data, dict):
            return s, ["the file does not hold a settings object"]

        size = data.get("window_size", list(s.window_size))
        if (isinstance(size, list) and len(size) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in size)):
            s.window_size = (max(MIN_WINDOW[0], min(size[0], 7680)),
                             max(MIN_WINDOW[1], min(size[1], 4320)))
        else:
            problems.append(f"window_size {size!r}")

        full = data.get("fullscreen", s.fullscreen)
        if isinstance(full, bool):
            s.fullscreen = full
        else:
            problems.append(f"fullscreen {full!r}")

        scale = data.get("ui_scale", s.ui_scale)
        if isinstance(scale, (int, float)) and not isinstance(scale, bool) and 0.5 <= scale <= 2.0:
            s.ui_scale = float(scale)
        else:
            problems.append(f"ui_scale {scale!r}")

        speed = data.get("animation_speed", s.animation_speed)
        if speed in ANIMATION_SPEEDS:
            s.animation_speed = speed
        else:
            problems.append(f"animation_speed {speed!r}")

        dont = data.get("dont_ask", {})
        if isinstance(dont, dict):
            s.dont_ask = {str(k): True for k, v in dont.items() if v is True}
        else:
            problems.append(f"dont_ask {dont!r}")

        last = data.get("last_matches", {})
        if isinstance(last, dict) and len(last) <= 32:
            s.last_matches = {k: v for k, v in last.items()
                              if isinstance(k, str) and _plain_choice(v)}
        else:
            problems.append("last_matches")
        system = data.get("last_system", "")
        if isinstance(system, str) and len(system) <= 64:
            s.last_system = system
        else:
            problems.append(f"last_system {system!r}")
        return s, problems


def _plain_choice(value: object) -> bool:
    """A remembered New match choice of the expected shape: a map id, up to 8 seats of texts,
    house rules of plain values (what they mean is checked when the screen opens)."""
    if not isinstance(value, dict) or not isinstance(value.get("map", ""), str):
        return False
    seats = value.get("seats", [])
    if not isinstance(seats, list) or len(seats) > 8 or not all(
            isinstance(s, dict) and all(isinstance(s.get(k, ""), (str, type(None)))
                                        for k in ("kind", "name", "team")) for s in seats):
        return False
    house = value.get("house", {})
    return isinstance(house, dict) and len(house) <= 128 and all(
        isinstance(k, str) and isinstance(v, (str, int, float, bool)) for k, v in house.items())


def settings_path() -> Path:
    return paths.user_config_dir() / FILE_NAME


def load(path: Path | None = None) -> Settings:
    """The saved settings, or defaults. Never raises for a bad file: `notice` says what happened
    (the broken file is left as it is until the player changes a setting)."""
    path = path or settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        s = Settings()
        s.notice = f"Settings file {path} could not be read ({exc.__class__.__name__}); using defaults."
        return s
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        s = Settings()
        s.notice = (f"Settings file {path} is corrupt (line {exc.lineno}, column {exc.colno}); "
                    f"using defaults.")
        return s
    s, problems = Settings.from_json(data)
    if problems:
        s.notice = f"Settings file {path}: ignored {', '.join(problems)}; using defaults for those."
    return s


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically. Raises OSError if the folder cannot be written."""
    path = path or settings_path()
    atomic_write_text(path, json.dumps(settings.to_json(), indent=2) + "\n")
