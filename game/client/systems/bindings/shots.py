"""Bindings battle screens for `game shots` (and the tests that look at them): time made visible.

Owns: building, through the one door (`Match.submit`, forced dice), a bindings battle on a real
hex map paused at a moment where a lot is under way: an Air Blast in mid-flight toward its
target (it lands next segment), a pushback from another Air Blast with one hex still to come, an
Earth Wall growing, a smoke veil, two combatants still held back in round 1; and the battle scene
that shows it with the segment timeline on top. Two pictures: The Broken Pass (rows staggered)
and The Grove (columns staggered).

`shot_scenes(app)` -> [(name, scene)] is this system's screenshot builder in its client
registration (game.client.systems), which `game shots` and the selftest call.

Must not: reach into match state to fake a position; every step is a legal action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client.scene import Scene
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scenes.battle import BattleScene

# The Broken Pass: a stormcaller next to the bridge blasts a brawler down the road, an
# aeromancer fires across the river at a hydromancer, a petramancer raises a wall, the
# hydromancer shrouds the ford in mist. Ids are short names; sheets from combatants.toml.
PASS_COMBATANTS = [
    {"id": "gale", "sheet": "stormcaller", "side": 0, "x": 8, "y": 8},
    {"id": "aera", "sheet": "aeromancer", "side": 0, "x": 4, "y": 6},
    {"id": "petra", "sheet": "petramancer", "side": 0, "x": 5, "y": 10},
    {"id": "brawl", "sheet": "brawler", "side": 1, "x": 11, "y": 8},
    {"id": "hydra", "sheet": "hydromancer", "side": 1, "x": 13, "y": 6},
    {"id": "pyra", "sheet": "pyromancer", "side": 1, "x": 16, "y": 10},
]
#: what each combatant does on its first turn: (move, target hex) or None to pass
PASS_PLAN: dict[str, tuple[str, tuple[int, int]] | None] = {
    "gale": ("air_blast", (11, 8)),
    "aera": ("air_blast", (13, 6)),
    "petra": ("earth_wall", (7, 9)),
    "hydra": ("mist_shroud", (10, 7)),
    "brawl": None,
    "pyra": None,
}

# The Grove (columns staggered): an aeromancer's Air Blast crosses the pond toward a scout.
GROVE_COMBATANTS = [
    {"id": "aera", "sheet": "aeromancer", "side": 0, "x": 2, "y": 5},
    {"id": "petra", "sheet": "petramancer", "side": 0, "x": 4, "y": 7},
    {"id": "scout", "sheet": "scout", "side": 1, "x": 12, "y": 4},
    {"id": "hydra", "sheet": "hydromancer", "side": 1, "x": 13, "y": 6},
]
GROVE_PLAN: dict[str, tuple[str, tuple[int, int]] | None] = {
    "aera": ("air_blast", (12, 4)),
    "petra": ("stone_bullet", (13, 6)),
    "scout": None,
    "hydra": None,
}


def _config(map_name: str, combatants: list[dict[str, Any]], seed: int) -> MatchConfig:
    return MatchConfig("bindings", seed, [SeatConfig("human", name="Player 1"),
                                          SeatConfig("human", name="Player 2")],
                       map_name, {}, {"combatants": [dict(c) for c in combatants]})


def _pick_seed(map_name: str, combatants: list[dict[str, Any]], first: str,
               actors: tuple[str, ...]) -> Match:
    """The first seed (from 1) whose initiative puts `first` first and lets every one of
    `actors` act in round 1's first segment, so the pictures are the same every time."""
    last = None
    for seed in range(1, 400):
        m = Match.new(_config(map_name, combatants, seed))
        last = m
        st = m.state
        if st.acting == first and all(st.combatants[a].first_segment == 1 for a in actors):
            return m
    assert last is not None
    return last


def _find(match: Match, kind: type, **fields: Any) -> Any:
    for a in match.legal_actions():
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items()):
            return a
    return None


def play_plan(submit: Any, match: Match, plan: dict[str, Any], stop_at: str) -> None:
    """Play round 1's first segment: each acting combatant starts its planned move (attacks
    forced to hit: offence dice 6+6, damage 3), defences are declined, and play stops once
    `stop_at` has started its move (its turn still open, so the timeline shows it acting)."""
    from game.engine.actions import EndTurn
    from game.engine.systems.bindings import actions as A
    for _ in range(40):
        d = match.decision
        if d is None:
            return
        if d.stage == "defend":
            act = _find(match, A.Defend, move=None)
            submit(act if act is not None else match.legal_actions()[0])
            continue
        if d.stage == "use_dodge":
            submit(_find(match, A.UseDodge, use=False) or match.legal_actions()[0])
            continue
        if d.stage != "act":
            submit(match.legal_actions()[0])
            continue
        cid = match.state.acting
        step = plan.get(cid or "")
        c = match.state.combatants[cid] if cid else None
        if step is not None and c is not None and c.slot_tick < match.state.tick:
            move, target = step
            act = _find(match, A.UseMove, actor=cid, move=move, target=target)
            if act is not None:
                match.force_dice([6, 6, 3, 3])
                submit(act)
                if cid == stop_at:
                    return
                continue
        if cid == stop_at:
            return
        submit(_find(match, EndTurn) or EndTurn())


def pass_match() -> Match:
    """The Broken Pass, round 1 S1, the last planned actor's turn: see the module docstring."""
    actors = ("gale", "aera", "petra", "hydra")
    m = _pick_seed("bindings_pass.tmx", PASS_COMBATANTS, "gale", actors)
    play_plan(m.submit, m, PASS_PLAN, max(actors, key=m.state.order.index))
    return m


def grove_match() -> Match:
    """The Grove, round 1 S1: an Air Blast and a Stone Bullet in the air."""
    actors = ("aera", "petra")
    m = _pick_seed("bindings_grove.tmx", GROVE_COMBATANTS, "aera", actors)
    play_plan(m.submit, m, GROVE_PLAN, max(actors, key=m.state.order.index))
    return m


def _scene(app: "App", match: Match) -> "BattleScene":
    from game.client.scenes.battle import BattleScene
    s = BattleScene(app, match)
    s.viewer = match.decision.seat if match.decision else 0
    s.selected = match.state.acting
    s.view.skip()
    return s


def hover_timeline(app: "App", scene: "BattleScene", cid: str) -> bool:
    """Put the (pinned) pointer on `cid`'s token in the timeline's current column, so the shot
    shows its tooltip: draw once off-screen to learn where the token is."""
    bar = scene.initiative.bar          # the segment timeline (systems.bindings.extras)
    scene.draw(pygame.Surface(app.size))
    r = bar.token_rect(cid)
    if r is None:
        return False
    scene.mouse = r.center
    scene.initiative.hover = cid
    return True


def shot_scenes(app: "App") -> list[tuple[str, Scene]]:
    """The bindings shots: `bindings_pass` (rows staggered), `bindings_grove` (columns) and
    `bindings_timeline_tip` (the pass with the pointer on the aeromancer's timeline token)."""
    out: list[tuple[str, Scene]] = [("bindings_pass", _scene(app, pass_match())),
                                    ("bindings_grove", _scene(app, grove_match()))]
    tip = _scene(app, pass_match())
    if hover_timeline(app, tip, "aera"):
        out.append(("bindings_timeline_tip", tip))
    return out
