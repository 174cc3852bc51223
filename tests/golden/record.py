"""Golden playthroughs: a seeded game per system and map, every action and event stored as JSON.

A playthrough is played by seeded random-legal bots or seeded AI bots (the same stream the match gives any bot), so
it walks many rules in a few hundred actions; the stored file is what the engine did on the day it
was recorded. `tests/golden/test_golden.py` plays each again and diffs it line by line: a refactor
that changes any rule's outcome shows as the first differing line.

Re-record on purpose only (a rule change that is meant), and say why in the commit; name the
playthroughs the change is meant for (no name: every one):

    .venv/bin/python -m tests.golden.record [STEM ...]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from game.engine.ai.base import RandomBot, load_bots, make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.match import Match
from game.engine.records import to_json

HERE = Path(__file__).parent

#: (file stem, system id, map or None, seed, actions, bot difficulty or "random")
PLAYTHROUGHS: tuple[tuple[str, str, str | None, int, int, str], ...] = (
    ("gems_riverbend", "gems", "gems_riverbend.tmx", 72, 250, "random"),
    ("gems_quarry", "gems", "gems_quarry.tmx", 11, 250, "random"),
    ("gems_riverbend_ai", "gems", "gems_riverbend.tmx", 3, 220, "easy"),
    ("bindings_pass", "bindings", "bindings_pass.tmx", 7, 300, "random"),
    ("bindings_grove", "bindings", "bindings_grove.tmx", 11, 300, "random"),
    ("bindings_crossing", "bindings", "hex_crossing.tmx", 5, 300, "random"),
    ("bindings_pass_ai", "bindings", "bindings_pass.tmx", 3, 400, "normal"),
    ("gemwielders", "gemwielders", None, 7, 400, "random"),
    ("gemwielders_ai", "gemwielders", None, 3, 400, "normal"),
    ("rpgstuck_crypt", "rpgstuck", "rpgstuck_crypt.tmx", 7, 300, "random"),
    ("rpgstuck_crypt_ai", "rpgstuck", "rpgstuck_crypt.tmx", 3, 300, "normal"),
    ("gu_masters_cliffs", "gu_masters", "gu_cliffs.tmx", 9, 400, "random"),
    ("gu_masters_marsh_ai", "gu_masters", "gu_marsh.tmx", 3, 300, "normal"),
)


def play(system: str, map_name: str | None, seed: int, actions: int, bot: str) -> list[str]:
    """The playthrough as lines of JSON: the config, the set-up events, then one line per action
    with the events it caused, and a last line with the final snapshot."""
    config = example_match(system, seed, map_name, (bot, bot))
    match = Match.new(config)
    dump = lambda obj: json.dumps(obj, sort_keys=True, separators=(",", ":"))  # noqa: E731
    lines = [dump({"config": config.to_json()}),
             dump({"setup": [to_json(e) for e in match.initial_events]})]
    load_bots(system)
    player = RandomBot() if bot == "random" else make_bot(system, bot)
    for _ in range(actions):
        if match.over or match.decision is None:
            break
        seat = match.decision.seat
        action = ask_bot(match, player, seat)
        outcome = match.submit(action)
        lines.append(dump({"seat": seat, "action": to_json(action),
                           "events": [to_json(e) for e in outcome.events]}))
    lines.append(dump({"over": match.over, "winner": match.winner if match.over else None,
                       "snapshot": match.snapshot()}))
    return lines


def path_of(stem: str) -> Path:
    return HERE / f"{stem}.jsonl"


def main(argv: list[str] | None = None) -> int:
    names = sys.argv[1:] if argv is None else argv
    unknown = set(names) - {p[0] for p in PLAYTHROUGHS}
    if unknown:
        print(f"no playthrough named {sorted(unknown)[0]!r}", file=sys.stderr)
        return 2
    for stem, system, map_name, seed, actions, bot in PLAYTHROUGHS:
        if names and stem not in names:
            continue
        lines = play(system, map_name, seed, actions, bot)
        path_of(stem).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{path_of(stem)}: {len(lines) - 3} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
