"""`python -m game soak`: random-legal games on every system and map, invariants checked after
every action, and a save for every failure so it can be replayed.

Owns: the command line of the soak run and its report (games, actions, actions per second and
failures per system and map; exit status 1 when anything failed). A failure is an exception from
the engine while listing or applying actions, a position with no legal action although the match
goes on, or a broken invariant; each is written as a save holding every action up to the failing
one (the action itself too when an invariant broke after it; `play` or the Load screen opens
it; the report names the action that failed).

Must not: import pygame or the client; hide a failure (each is printed and saved).
"""
from __future__ import annotations

import argparse
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import registry, saves
from game.engine.ai.base import playable
from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.engine.records import to_json
from game.engine.rng import Rng
from game.engine.runtime import settle
from game.paths import maps_dir



def system_maps(system_id: str) -> list[str]:
    """The maps made for a system, by the maps folder's naming (`<id>_*.tmx`, or anything in
    `maps/<id>/`), relative to the folder; none for a system that plays without maps."""
    root = maps_dir()
    found = sorted(root.glob(f"{system_id}_*.tmx")) + sorted((root / system_id).rglob("*.tmx"))
    return [p.relative_to(root).as_posix() for p in found]


@dataclass(slots=True)
class Tally:
    games: int = 0
    finished: int = 0
    actions: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def soak_game(system_id: str, map_name: str | None, seed: int, max_actions: int,
              out: Path) -> tuple[bool, int, str]:
    """One random-legal game: (finished, actions played, failure text or "")."""
    m = Match.new(example_match(system_id, seed, map_name, ("random", "random")))
    settle()                               # as the game does when a match opens
    pick = Rng.from_seed(seed)
    action = None
    applied = False        # whether the failing action is in the log (an invariant broke after it)
    try:
        while not m.over and len(m.log) < max_actions:
            legal = m.legal_actions()
            if not legal:
                raise AssertionError("the match goes on but no action is legal")
            pool = playable(legal)
            action = pool[pick.randint(0, len(pool) - 1)]
            m.submit(action)
            applied = True
            problems = m.system.check_invariants(m.state)
            if problems:
                raise AssertionError("invariant broken: " + "; ".join(problems))
            action, applied = None, False
    except Exception as exc:  # the soak's purpose: report every failure with a way to replay it
        where = out / f"soak-{system_id}-{Path(map_name or 'example').stem}-seed{seed}.json"
        out.mkdir(parents=True, exist_ok=True)
        number = len(m.log) if applied else len(m.log) + 1
        saves.save(m, where, label=f"soak failure at action {number}")
        text = (f"{system_id} {map_name or ''} seed {seed}, action {number}"
                f"{' ' + str(to_json(action)) if action is not None else ''}: "
                f"{exc.__class__.__name__}: {exc}\n    save: {where}\n"
                + "".join("    " + line for line in traceback.format_exception(exc)[-3:]))
        return False, len(m.log), text
    return m.over, len(m.log), ""


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="strife-table soak",
                                description="Random-legal games with invariants checked after "
                                            "every action; saves each failure for replay.")
    p.add_argument("--system", action="append", help="only this system (repeatable)")
    p.add_argument("--games", type=int, default=100, help="games per system (spread over its maps)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game")
    p.add_argument("--max-actions", type=int, default=5000)
    p.add_argument("--out", type=Path, default=Path("soak-failures"),
                   help="folder for the saves of failed games")
    args = p.parse_args(argv)
    ids = args.system or [s.id for s in registry.all_systems()]
    failed = False
    for system_id in ids:
        maps: list[str | None] = list(system_maps(system_id)) or [None]
        tally = Tally()
        t0 = time.process_time()
        for i in range(args.games):
            map_name = maps[i % len(maps)]
            finished, n, failure = soak_game(system_id, map_name, args.seed + i,
                                             args.max_actions, args.out)
            tally.games += 1
            tally.finished += finished
            tally.actions += n
            if failure:
                tally.failures.append(failure)
                print("FAIL " + failure, flush=True)
        tally.seconds = time.process_time() - t0
        rate = tally.actions / tally.seconds if tally.seconds else 0.0
        print(f"{system_id}: {tally.games} games ({tally.finished} finished, the rest stopped at "
              f"{args.max_actions} actions), {tally.actions} actions, {rate:,.0f} actions/s CPU, "
              f"{len(tally.failures)} failures", flush=True)
        failed = failed or bool(tally.failures)
    return 1 if failed else 0
