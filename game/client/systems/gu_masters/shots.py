"""Battle screens of gu_masters for `game shots` (and the tests that look at them): a fight at
the foot of the Waterfall Cliffs with the forecast of a strike on a wolf showing and a Gu Master
hovering in the air; a wolf's bite waiting for the defender's reaction prompt; a wolf in its
final stand, marked with its tokens; a fire adept's Gu bar with the pointer on a Gu (what it
does, its cost, the forecast of its best aim); a Poison Mist Gu's area drawn where the pointer
is; a bite answered with a shield Gu on offer; a walk out of a wolf's reach waiting for the
wolf's attack of opportunity; a Gu Master under the pool's water, holding its breath; a held
strike set off by a wolf's bite (the holder's prompt with the race and each strike's odds, the
marker on its token).

Owns: building those matches through the one door (`Match.submit` by the scene, forced dice)
with the creatures placed by the set-up (a flier's height is set-up data), and pinning the
pointer to a square (the dummy video driver has no pointer).

Must not: reach into match state to fake a position; every step is a legal action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.actions import EndTurn
from game.engine.systems.gu_masters.actions import Move, React, Strike
from game.engine.systems.gu_masters.breath import Submerge
from game.engine.systems.gu_masters.holding import Hold

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scene import Scene
    from game.client.scenes.battle import BattleScene

MAP = "gu_cliffs.tmx"
#: at the cliffs' foot, west of the pool: two Gu Masters (one aloft) against two wolves and a
#: boar (our own placing)
CREATURES = [
    {"id": "master_a", "entry": "gu_master_r1", "side": 0, "x": 5, "y": 14},
    {"id": "master_b", "entry": "gu_master_r1", "side": 0, "x": 3, "y": 15,
     "overrides": {"altitude": 3, "sustained": ["wind_wings"]}},
    {"id": "wolf_a", "entry": "wolf", "side": 1, "x": 6, "y": 12},
    {"id": "wolf_b", "entry": "wolf", "side": 1, "x": 10, "y": 12},
]


def cliffs_match(order: list[str], creatures: list[dict[str, Any]] | None = None) -> Match:
    """Both seats human, the creatures above (or given), the initiative as given."""
    setup = {"creatures": [dict(c) for c in (creatures or CREATURES)],
             "initiative": list(order)}
    cfg = MatchConfig("gu_masters", 7, [SeatConfig("human", name="Player 1"),
                                        SeatConfig("human", name="Player 2")], MAP, {}, setup)
    return Match.new(cfg)


def legal(match: Match, kind: type, **fields: Any) -> Any:
    for a in match.legal_actions():
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items()):
            return a
    raise LookupError(f"no legal {kind.__name__} with {fields}")


def bite_waiting(scene: "BattleScene") -> None:
    """Wolf A runs up to Master A and bites; a forced 10 hits, and Master A's seat is asked."""
    m = scene.match
    scene.submit(legal(m, Move, actor="wolf_a", x=5, y=13))
    m.force_dice([10])
    scene.submit(legal(m, Strike, actor="wolf_a", target="master_a", strike="bite"))


def build(app: "App") -> list[tuple[str, "Scene"]]:
    from game.client.scenes.battle import BattleScene

    out: list[tuple[str, Scene]] = []
    # 1. Master A walks up to Wolf A: the forecast of a strike on it, Master B aloft
    m = cliffs_match(["master_a", "wolf_a", "master_b", "wolf_b"])
    s = BattleScene(app, m)
    s.viewer = 0
    s.submit(legal(m, Move, actor="master_a", x=6, y=13))
    s.view.skip()
    s.selected = "master_a"
    s.mode = "strike"
    s._turn_key = s._turn_start_key()
    s.pin_cell = (6, 12)
    out.append(("gu_masters_battle", s))

    # 2. Wolf A's bite has hit: Master A's seat answers (dodge, parry, take) with the odds
    m = cliffs_match(["wolf_a", "master_a", "master_b", "wolf_b"])
    s = BattleScene(app, m)
    s.viewer = 1
    bite_waiting(s)
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 0
    s.selected = "master_a"
    out.append(("gu_masters_reaction", s))

    # 3. Master A's sword drops a hurt Wolf B, who passes its 0-HP test: a final stand
    creatures = [dict(c) for c in CREATURES]
    creatures[3] = {**creatures[3], "x": 6, "y": 12, "overrides": {"hp": 4}}
    creatures[2] = {**creatures[2], "x": 9, "y": 13}
    m = cliffs_match(["master_a", "wolf_a", "master_b", "wolf_b"], creatures)
    s = BattleScene(app, m)
    s.viewer = 0
    s.submit(legal(m, Move, actor="master_a", x=6, y=13))
    m.force_dice([20])
    s.submit(legal(m, Strike, actor="master_a", target="wolf_b", strike="weapon",
                   weapon="sword"))
    m.force_dice([5])
    s.submit(legal(m, React, actor="wolf_b", reaction="take"))
    s.view.skip()
    s.viewer = 0
    s.selected = "wolf_b"
    out.append(("gu_masters_final_stand", s))

    # 4. a fire adept's Gu bar, the pointer on its Fire Pellet Gu
    creatures = [dict(c) for c in CREATURES]
    creatures[0] = {**creatures[0], "entry": "fire_adept"}
    m = cliffs_match(["master_a", "wolf_a", "master_b", "wolf_b"], creatures)
    s = BattleScene(app, m)
    s.viewer = 0
    s.selected = "master_a"
    s._turn_key = s._turn_start_key()
    bar = s.widgets[0]
    s.mouse = bar.card_pos("fire_pellet") or (0, 0)
    out.append(("gu_masters_gu_bar", s))

    # 5. the same adept aims its Poison Mist Gu: the area under the pointer, who it catches
    m = cliffs_match(["master_a", "wolf_a", "master_b", "wolf_b"], creatures)
    s = BattleScene(app, m)
    s.viewer = 0
    s.selected = "master_a"
    s._turn_key = s._turn_start_key()
    s.mode = "gu:poison_mist"
    s.pin_cell = (10, 12)
    out.append(("gu_masters_area", s))

    # 6. Wolf A's bite has hit: Master A may raise its Stone Shell Gu (its cost and what gets
    # through on the answer)
    m = cliffs_match(["wolf_a", "master_a", "master_b", "wolf_b"])
    s = BattleScene(app, m)
    s.viewer = 1
    bite_waiting(s)
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 0
    s.selected = "master_a"
    out.append(("gu_masters_shield", s))

    # 7. Master A steps up to Wolf A and walks on past it: the walk pauses where it leaves the
    # wolf's reach and the wolf's seat is asked for its attack of opportunity (GU-88)
    m = cliffs_match(["master_a", "wolf_a", "master_b", "wolf_b"])
    s = BattleScene(app, m)
    s.viewer = 0
    s.submit(legal(m, Move, actor="master_a", x=5, y=13))
    s.submit(legal(m, Move, actor="master_a", x=3, y=13))
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 1
    s.selected = "wolf_a"
    out.append(("gu_masters_opportunity", s))

    # 8. Master A stands in the pool below the waterfall and goes under: its token and sheet
    # show the breath it has left (GU-40)
    creatures = [dict(c) for c in CREATURES]
    creatures[0] = {**creatures[0], "x": 13, "y": 9}
    m = cliffs_match(["master_a", "wolf_a", "master_b", "wolf_b"], creatures)
    s = BattleScene(app, m)
    s.viewer = 0
    s.submit(legal(m, Submerge, actor="master_a"))
    s.view.skip()
    s.selected = "master_a"
    s._turn_key = s._turn_start_key()
    s.pin_cell = (13, 9)
    out.append(("gu_masters_breath", s))

    # 9. Master A holds a strike until an enemy attacks; Wolf A runs up and bites: the held
    # action is set off, and Master A's seat is asked (the race, each strike's odds)
    m = cliffs_match(["master_a", "wolf_a", "master_b", "wolf_b"])
    s = BattleScene(app, m)
    s.viewer = 0
    s.submit(legal(m, Hold, actor="master_a", held="strike", trigger="enemy_attacks"))
    s.submit(EndTurn())
    s.submit(legal(m, Move, actor="wolf_a", x=5, y=13))
    s.submit(legal(m, Strike, actor="wolf_a", target="master_a", strike="bite"))
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 0
    s.selected = "master_a"
    out.append(("gu_masters_held", s))
    return out
