"""Playing bots against bots for the AI benchmark sections, the same way for every system.

Owns: `Game` (who won, whether it ended by knockout, the CPU seconds of each whole turn a bot
thought, the actions played), `play` (one game from a match config, side i played by
`players[i]`: "random" or a difficulty, every decision asked as a seat asks it), `points`
(a win 1, a draw 1/2) and `mirrored_rows` (the four figures the issues ask of a grid system's
bots: normal against random, normal against normal ending by knockout, hard against normal,
thinking time per turn), so a system's section only says which battles to play; `map_battles`
(one all-bot battle per shipped map of a system, its two sides or the first side twice) and
`cli` (a section module's `--quick` / `--verbose` / `--jobs N` / `--only PART` / `--seeds A..B`
command line: N processes play the games, each game's figures measured in the process that
played it, the same games and figures as one process gives; PART one of `PARTS`, so a bot change
can be measured on the one figure it is for).

Must not: change a rule or a bot; seeds are the caller's, fixed so two runs compare. Every figure
is CPU time of this thread (benchmarks.report.cpu).
"""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterator, Sequence

from benchmarks.report import Row, cpu, format_row, median, percentile
from game.engine.ai.base import RandomBot, load_bots, make_bot
from game.engine.ai.runner import ask_bot
from game.engine.events import MatchEnded
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.runtime import settle
from game.paths import maps_dir


@dataclass
class Game:
    winner: int | None
    knockout: bool
    turns: list[float] = field(default_factory=list)
    actions: int = 0
    cpu: float = 0.0             # the whole game's CPU seconds, bots and engine


def play(config: MatchConfig, seed: int, players: tuple[str, str],
         turn_key: Callable[[Any, int], Hashable], max_actions: int) -> Game:
    """One game of `config` with `seed`, side 0 played by players[0]. `turn_key(state, seat)`
    names the turn a decision belongs to: the CPU time of a bot's decisions with one key is one
    turn's thinking. A game still going after `max_actions` is a stuck game (no winner)."""
    t_game = cpu()
    load_bots(config.system)
    m = Match.new(MatchConfig(config.system, seed, config.seats, config.map, config.house_rules,
                              config.setup))
    bots = [RandomBot() if p == "random" else make_bot(config.system, p) for p in players]
    settle()
    turns: list[float] = []
    key_now: Hashable | None = None
    seat_now = 0
    spent = 0.0
    knockout = False
    while not m.over and len(m.log) < max_actions:
        seat = m.decision.seat
        key = turn_key(m.state, seat)
        if key != key_now:
            if key_now is not None and players[seat_now] != "random":
                turns.append(spent)
            key_now, seat_now, spent = key, seat, 0.0
        t0 = cpu()
        action = ask_bot(m, bots[seat], seat)
        spent += cpu() - t0
        for ev in m.submit(action).events:
            if isinstance(ev, MatchEnded):
                knockout = not ev.reason.startswith("time")
    return Game(m.winner if m.over else None, knockout and m.over, turns, len(m.log),
                cpu() - t_game)


def _play_task(task: tuple) -> Game:
    return play(*task)


def _games(tasks: list[tuple], jobs: int) -> Iterator[Game]:
    """Each task's game, in the tasks' order: played here, or by `jobs` worker processes."""
    if jobs <= 1:
        yield from (play(*t) for t in tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_task, tasks)


# the figures' game sets, by the name `--only` takes
PARTS = ("random", "knockout", "hard")


def points(g: Game, side: int) -> float:
    return 1.0 if g.winner == side else 0.5 if g.winner is None else 0.0


def mirrored_rows(system: str, configs: Sequence[MatchConfig], mirrors: Sequence[MatchConfig],
                  seeds: range, turn_key: Callable[[Any, int], Hashable], max_actions: int,
                  verbose: bool = False, jobs: int = 1,
                  only: str | None = None) -> list[Row]:
    """The AI figures of a system: against random in each of `configs` (each bot on each side),
    normal against normal and hard against normal (each on each side) in each of `mirrors`
    (a side against itself: a fair fight), for every seed; `jobs` processes play them. `only`
    (one of PARTS) plays that figure's games alone (the thinking rows then cover those)."""
    if only is not None and only not in PARTS:
        raise ValueError(f"unknown part {only!r}: one of {', '.join(PARTS)}")
    turns: list[float] = []
    vs_random = vr = 0.0
    nn = ko = 0
    hard = hn = 0.0
    t_all = 0.0
    parts = {"random": [(c, ("normal", "random")) for c in configs] +
             [(c, ("random", "normal")) for c in configs],
             "knockout": [(c, ("normal", "normal")) for c in mirrors],
             "hard": [(c, ("hard", "normal")) for c in mirrors] +
             [(c, ("normal", "hard")) for c in mirrors]}
    games = [g for name in PARTS if only in (None, name) for g in parts[name]]
    tasks = [(config, seed, players, turn_key, max_actions)
             for seed in seeds for config, players in games]
    for (config, seed, players, _, _), g in zip(tasks, _games(tasks, jobs)):
        t_all += g.cpu
        turns += g.turns
        if "random" in players:
            vr += 1
            vs_random += points(g, players.index("normal"))
        elif players == ("normal", "normal"):
            nn += 1
            ko += g.knockout
        else:
            hn += 1
            hard += points(g, players.index("hard"))
        if verbose:
            print(f"    {config.map or 'inline'} seed {seed} {players[0]}-{players[1]}: "
                  f"winner {g.winner} knockout {g.knockout} actions {g.actions} "
                  f"think max {max(g.turns, default=0.0):.2f} s", flush=True)
    where = f"{', '.join(c.map or 'inline' for c in configs)}; seeds {seeds.start}..{seeds.stop - 1}"
    played = {
        "random": Row("ai", f"{system} normal vs random, mirrored, normal's score",
                      100.0 * vs_random / max(1, vr), "%", 90.0, "higher",
                      note=f"{vr:.0f} games; {where}"),
        "knockout": Row("ai", f"{system} normal vs normal ending by knockout",
                        100.0 * ko / max(1, nn), "%", 90.0, "higher",
                        note=f"{nn} games, a side against itself; {where}"),
        "hard": Row("ai", f"{system} hard vs normal, mirrored, hard's score",
                    100.0 * hard / max(1, hn), "%", 60.0, "higher",
                    note=f"{hn:.0f} games, a draw counts half; {where}")}
    return [played[name] for name in PARTS if only in (None, name)] + [
        Row("ai", f"{system} AI thinking per turn, p95", percentile(turns, .95), "s", 1.0,
            note=f"median {median(turns) * 1e3:.0f} ms over {len(turns)} turns"),
        Row("ai", f"{system} AI thinking per turn, max", max(turns, default=0.0), "s", 1.0,
            note=f"all games {t_all:.0f} s CPU"),
    ]


def map_battles(system: str, pattern: str, teams_of: Callable[[str], list[str]],
                mirror: bool = False) -> list[MatchConfig]:
    """One battle of two bots on each shipped map matching `pattern` (sorted by name) for which
    `teams_of(map name)` gives two sides; with `mirror` the first of them on both sides (a fair
    fight for comparing two bots). Empty when no map is shipped."""
    out = []
    for name in sorted(p.name for p in maps_dir().glob(pattern)):
        teams = teams_of(name)
        if len(teams) == 2:
            out.append(MatchConfig(system, 0, [SeatConfig("ai"), SeatConfig("ai")], name, {},
                                   {"teams": [teams[0], teams[0]] if mirror else teams}))
    return out


def _value(argv: list[str], flag: str) -> str | None:
    if flag not in argv:
        return None
    at = argv.index(flag)
    if at + 1 >= len(argv):
        raise SystemExit(f"{flag} needs a value")
    return argv[at + 1]


def parse_seeds(text: str) -> range:
    """`A..B` (both ends played, 1 <= A <= B) as a range."""
    first, sep, last = text.partition("..")
    if not sep or not first.isdigit() or not last.isdigit() or not 1 <= int(first) <= int(last):
        raise SystemExit(f"--seeds wants A..B with 1 <= A <= B, not {text!r}")
    return range(int(first), int(last) + 1)


def cli(rows: Callable[..., list[Row]], argv: list[str]) -> int:
    """A section module run alone: `--quick` for the short run, `--verbose` for each game,
    `--jobs N` for N processes playing the games, `--only PART` for one figure's games,
    `--seeds A..B` for other seeds than the run's own."""
    jobs = 1
    text = _value(argv, "--jobs")
    if text is not None:
        if not text.isdigit() or int(text) < 1:
            raise SystemExit("--jobs needs a number of processes, 1 or more")
        jobs = int(text)
    only = _value(argv, "--only")
    if only is not None and only not in PARTS:
        raise SystemExit(f"--only takes one of {', '.join(PARTS)}, not {only!r}")
    text = _value(argv, "--seeds")
    seeds = parse_seeds(text) if text is not None else None
    for row in rows("--quick" in argv, verbose="--verbose" in argv, jobs=jobs, only=only,
                    seeds=seeds):
        print(format_row(row))
    return 0
