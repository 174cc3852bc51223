"""The rpgstuck AI's figures: does it beat random play, does it fight, does hard beat normal, and
how long a turn takes to think.

Owns: `rows(quick)` and `python -m benchmarks.ai_rpgstuck [--quick] [--verbose]`. Games are
played on every shipped rpgstuck map (the inline battlefield when the maps are missing): against
random play in each map's example battle (its first party against its first encounter), bot
against bot with that party on both sides (a fair fight); where two different players meet, in
MIRRORED pairs: the same seed twice, each player taking each side once, so neither the map's
sides nor the initiative dice favour one. Figures:
  * the share of mirrored normal-against-random games normal wins (goal 90%);
  * the share of normal-against-normal games that end by knockout before the round limit
    (goal 90%): the bots advance and finish fights;
  * the share of mirrored hard-against-normal games hard wins, a draw counting half (goal 60%);
  * AI thinking per turn: the CPU time one side spends choosing every action of one creature's
    turn, p95 and max.

Must not: change a rule or a bot to look better; seeds are fixed so two runs compare. Every
figure is CPU time of this thread (benchmarks.report.cpu).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from benchmarks.report import Row, cpu, format_row, median, percentile
from game.engine import registry
from game.engine.ai.base import RandomBot, load_bots, make_bot
from game.engine.ai.runner import ask_bot
from game.engine.events import MatchEnded
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.runtime import settle
from game.paths import maps_dir

SYSTEM = "rpgstuck"
MAX_ACTIONS = 6000           # far past the round limit of any battle: a stop means a stuck game


@dataclass
class Game:
    winner: int | None
    knockout: bool
    turns: list[float] = field(default_factory=list)
    actions: int = 0


def battles(mirror: bool = False) -> list[MatchConfig]:
    """The example battle on each shipped map (its first party against its first encounter),
    or with `mirror` the first party against itself (a fair fight for comparing two bots);
    the inline battle when the maps are missing."""
    system = registry.get(SYSTEM)
    out = []
    for name in sorted(p.name for p in maps_dir().glob("rpgstuck_*.tmx")):
        teams = system._first_teams(name)
        if len(teams) == 2:
            out.append(MatchConfig(SYSTEM, 0, [SeatConfig("ai"), SeatConfig("ai")], name, {},
                                   {"teams": [teams[0], teams[0]] if mirror else teams}))
    return out or [system.example_config(0)]


def play(config: MatchConfig, seed: int, players: tuple[str, str]) -> Game:
    """One game, side 0 played by players[0] ("random" or a difficulty)."""
    load_bots(SYSTEM)
    m = Match.new(MatchConfig(config.system, seed, config.seats, config.map, config.house_rules,
                              config.setup))
    bots = [RandomBot() if p == "random" else make_bot(SYSTEM, p) for p in players]
    settle()
    turns: list[float] = []
    turn_key: tuple | None = None
    spent = 0.0
    knockout = False
    while not m.over and len(m.log) < MAX_ACTIONS:
        seat = m.decision.seat
        key = (m.state.round, m.state.index, seat)
        if key != turn_key:
            if turn_key is not None and players[turn_key[2]] != "random":
                turns.append(spent)
            turn_key, spent = key, 0.0
        t0 = cpu()
        action = ask_bot(m, bots[seat], seat)
        spent += cpu() - t0
        for ev in m.submit(action).events:
            if isinstance(ev, MatchEnded):
                knockout = not ev.reason.startswith("time")
    return Game(m.winner if m.over else None, knockout and m.over, turns, len(m.log))


def _points(g: Game, side: int) -> float:
    return 1.0 if g.winner == side else 0.5 if g.winner is None else 0.0


def rows(quick: bool, verbose: bool = False) -> list[Row]:
    """Quick: 4 seeds per battle (a few seconds); full: 25 seeds per battle (50 mirrored games
    against random, 25 normal mirrors, 50 hard-normal games per battle)."""
    seeds = range(1, 5) if quick else range(1, 26)
    configs = battles()
    mirrors = battles(mirror=True)
    turns: list[float] = []
    vs_random = vr = 0.0
    nn = ko = 0
    hard = hn = 0.0
    t_all = cpu()
    games = [(c, ("normal", "random")) for c in configs] + \
        [(c, ("random", "normal")) for c in configs] + \
        [(c, ("normal", "normal")) for c in mirrors] + \
        [(c, ("hard", "normal")) for c in mirrors] + [(c, ("normal", "hard")) for c in mirrors]
    for seed in seeds:
        for config, players in games:
            g = play(config, seed, players)
            turns += g.turns
            if "random" in players:
                vr += 1
                vs_random += _points(g, players.index("normal"))
            elif players == ("normal", "normal"):
                nn += 1
                ko += g.knockout
            else:
                hn += 1
                hard += _points(g, players.index("hard"))
            if verbose:
                print(f"    {config.map or 'inline'} {config.setup.get('teams')} seed {seed} "
                      f"{players[0]}-{players[1]}: winner {g.winner} knockout {g.knockout} "
                      f"actions {g.actions}", flush=True)
    where = f"{', '.join(c.map or 'inline' for c in configs)}; seeds {seeds.start}..{seeds.stop - 1}"
    return [
        Row("ai", "rpgstuck normal vs random, mirrored, normal's score",
            100.0 * vs_random / max(1, vr), "%", 90.0, "higher", note=f"{vr:.0f} games; {where}"),
        Row("ai", "rpgstuck normal vs normal ending by knockout", 100.0 * ko / max(1, nn), "%",
            90.0, "higher", note=f"{nn} games, a party against itself"),
        Row("ai", "rpgstuck hard vs normal, mirrored, hard's score", 100.0 * hard / max(1, hn),
            "%", 60.0, "higher", note=f"{hn:.0f} games, a draw counts half"),
        Row("ai", "rpgstuck AI thinking per turn, p95", percentile(turns, .95), "s", 1.0,
            note=f"median {median(turns) * 1e3:.0f} ms over {len(turns)} turns"),
        Row("ai", "rpgstuck AI thinking per turn, max", max(turns, default=0.0), "s", 1.0,
            note=f"all games {cpu() - t_all:.0f} s CPU"),
    ]


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    for row in rows(quick, verbose="--verbose" in argv):
        print(format_row(row))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
