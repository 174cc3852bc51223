"""Battle screens for `game shots` (and the tests that look at them): a fight in progress with a
unit selected and her options showing, an attack forecast on hover, and a pending block prompt.

Owns: building those matches through the one door (`Match.submit`, forced dice) on a small
inline battlefield, and pinning the pointer to a cell (the dummy video driver has no pointer).

Must not: reach into match state to fake a position; every step is a legal action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scene import Scene

# A river valley with a ledge, a wall and rocks (our own layout for screenshots and tests).
SHOT_GRID = {
    "rows": ["..............",
             "...##.........",
             "..............",
             "......~~~.....",
             ".....~~~~~....",
             "......~~~.....",
             "..........##..",
             "..............",
             ".............."],
    "legend": {".": {}, "#": {"solid": True},
               "~": {"water": True, "current_dir": "E", "water_penalty": 3,
                     "current_threshold": 12}},
    "elevation": ["22211000000000",
                  "22200000000000",
                  "11100000000011",
                  "00000000000012",
                  "00000000000112",
                  "00000000000122",
                  "00000000000123",
                  "00000000001223",
                  "00000000012233"],
}

SHOT_UNITS = [
    {"id": "garnet", "sheet": "garnet", "side": 0, "x": 4, "y": 4},
    {"id": "beryl", "sheet": "beryl", "side": 1, "x": 5, "y": 3},
    {"id": "jasper", "sheet": "jasper", "side": 0, "x": 2, "y": 6},
    {"id": "onyx", "sheet": "onyx", "side": 1, "x": 9, "y": 4},
    {"id": "iolite", "sheet": "iolite", "side": 0, "x": 1, "y": 1},
    {"id": "larimar", "sheet": "larimar", "side": 1, "x": 11, "y": 2},
]
SHOT_ITEMS = [{"id": "rock1", "kind": "rock", "x": 3, "y": 3},
              {"id": "crate1", "kind": "crate", "x": 8, "y": 7}]


def shot_setup() -> dict[str, Any]:
    return {"grid": SHOT_GRID, "units": [dict(u) for u in SHOT_UNITS],
            "items": [dict(i) for i in SHOT_ITEMS]}


def shot_match(first: str = "garnet", seats: tuple[str, str] = ("human", "human")) -> Match:
    """The screenshot battlefield with the first seed (from 1) whose initiative puts `first`
    first, so the pictures are the same every time."""
    names = ("Player 1", "Player 2")
    last = None
    for seed in range(1, 200):
        cfg = MatchConfig("gems", seed, [SeatConfig(k, name=n) for k, n in zip(seats, names)],
                          None, {}, shot_setup())
        m = Match.new(cfg)
        last = m
        if m.state.acting == first:
            return m
    assert last is not None
    return last


def _legal(match: Match, kind: type, **fields) -> Any:
    for a in match.legal_actions():
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items()):
            return a
    raise LookupError(f"no legal {kind.__name__} with {fields} (legal: {match.legal_actions()})")


def fight_in_progress(submit) -> None:
    """Garnet has already struck Beryl once (forced dice: a hit) and readies a second attack.
    `submit(action)` is the scene's submit, so the log and animations see every step."""
    from game.engine.systems.gems import actions as A
    m = submit.__self__.match
    submit(_legal(m, A.Ready, unit="garnet"))
    submit(_legal(m, A.AssignArm, unit="garnet", arm=0))
    m.force_dice([18])
    submit(_legal(m, A.Strike, unit="garnet"))
    while m.decision is not None and m.decision.stage != "act":
        # Beryl makes no counter roll: the contact lands
        opts = m.legal_actions()
        submit(min(opts, key=lambda a: getattr(a, "count", 0)))
    submit(_legal(m, A.Ready, unit="garnet"))


def block_pending(submit) -> None:
    """Garnet swings both arms at Beryl; Beryl counters once and must now assign the block."""
    from game.engine.systems.gems import actions as A
    m = submit.__self__.match
    submit(_legal(m, A.Ready, unit="garnet"))
    submit(_legal(m, A.AssignArm, unit="garnet", arm=0))
    submit(_legal(m, A.AssignArm, unit="garnet", arm=1))
    m.force_dice([18, 14])
    submit(_legal(m, A.Strike, unit="garnet"))
    if m.decision is not None and m.decision.stage == "choose_counters":
        m.force_dice([19])
        submit(max((a for a in m.legal_actions() if isinstance(a, A.Counter)), key=lambda a: a.count))


def build(app: "App") -> list[tuple[str, "Scene"]]:
    from game.client.scenes.battle import BattleScene

    out: list[tuple[str, Scene]] = []
    # 1. a unit selected with her reachable tiles tinted by cost and a path preview
    m = shot_match("garnet")
    s = BattleScene(app, m)
    s.viewer = m.decision.seat
    s.selected = "garnet"
    s.mode = "move"
    reach = s.presenter.reachable("garnet")
    s.pin_cell = max(reach, key=lambda c: (abs(c[0] - 4) + abs(c[1] - 4), -reach[c])) if reach else (3, 5)
    out.append(("battle_move", s))

    # 2. mid-fight: one blow landed, a second attack readied, the pointer on the target
    m = shot_match("garnet")
    s = BattleScene(app, m)
    s.viewer = 0
    fight_in_progress(s.submit)
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 0
    s.selected = "garnet"
    s.pin_cell = (5, 3)
    out.append(("battle_forecast", s))

    # 2b. the example match on its Tiled map
    from game.engine import registry
    system = registry.get("gems")
    cfg = system.example_config(7)
    cfg.seats = [SeatConfig("human", name="Player 1"), SeatConfig("human", name="Player 2")]
    m = Match.new(cfg)
    if cfg.map:
        s = BattleScene(app, m)
        s.viewer = m.decision.seat
        acting = m.state.acting
        s.selected = acting
        u = m.state.units[acting]
        reach = s.presenter.reachable(acting)
        if reach:
            s.pin_cell = max(reach, key=lambda c: (abs(c[0] - u.x) + abs(c[1] - u.y), -reach[c]))
        out.append(("battle_map", s))

    # 2c. the one-click attack: the pointer on an enemy in reach shows the whole strike's odds
    m = shot_match("garnet")
    s = BattleScene(app, m)
    s.viewer = m.decision.seat
    s.selected = "garnet"
    s.pin_cell = (5, 3)
    out.append(("battle_attack_hover", s))

    # 2d. an ability previewed (target marked, effect told) before a second press uses it
    m = shot_match("iolite")
    s = BattleScene(app, m)
    s.viewer = m.decision.seat
    s.selected = "iolite"
    s.mode = "ability:quicken"
    s._turn_key = s._turn_start_key()      # her turn has begun: the first frame keeps the mode
    s.pin_cell = (1, 1)
    out.append(("battle_ability", s))

    # 2e. two gems on one tile, and a throw's reach tinted up to the board's edge only
    from game.engine.systems.gems import actions as A
    m = shot_match("garnet")
    s = BattleScene(app, m)
    s.viewer = m.decision.seat
    s.submit(_legal(m, A.Move, unit="garnet", to=(2, 6)))
    s.submit(_legal(m, A.Ready, unit="garnet"))
    s.view.skip()
    s.presenter.cycle_attack_mode()
    s.selected = "garnet"
    s.pin_cell = (0, 8)                    # no target there: the throw's whole reach shows
    out.append(("battle_stack_range", s))

    # 3. a pending block for the defending seat
    m = shot_match("garnet")
    s = BattleScene(app, m)
    block_pending(s.submit)
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 1
    s.selected = "beryl"
    out.append(("battle_block", s))
    return out
