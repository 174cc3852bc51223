"""Battle screens of rpgstuck for `game shots` (and the tests that look at them): a fight in the
crypt mid-way, with an attack's picker open over a target in dim light and the map's dark rooms
showing; the Block prompt of a defender; an enemy gone out of sight with its last known square
marked; a harpy flying 15 ft over the Knight, out of his sword's reach (B-25); and, with the
opportunity-attack table option on, the prompt of an imp the Scout walks away from (B-26).

Owns: building those matches through the one door (`Match.submit` by the scene, forced dice) on
the crypt map with the creatures placed by the set-up, and pinning the pointer to a square (the
dummy video driver has no pointer).

Must not: reach into match state to fake a position; every step is a legal action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.rpgstuck.actions import Aim, Attack, Fly, Move

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scene import Scene
    from game.client.scenes.battle import BattleScene

MAP = "rpgstuck_crypt.tmx"
#: the crypt's middle hall: the Knight between two imps, the horde in the dim light by the west
#: door, the Scout behind, a third imp by the dark east end of the hall (our own placing)
CREATURES = [
    {"id": "sneak", "entry": "imp", "side": 1, "x": 16, "y": 7},
    {"id": "scout", "entry": "scout", "side": 0, "x": 14, "y": 9},
    {"id": "knight", "entry": "knight", "side": 0, "x": 12, "y": 9},
    {"id": "imp_a", "entry": "imp", "side": 1, "x": 11, "y": 6},
    {"id": "imp_b", "entry": "imp", "side": 1, "x": 13, "y": 6},
    {"id": "horde", "entry": "imp_horde", "side": 1, "x": 9, "y": 6},
]

#: where the sneak goes: into the dark east end, out of the party's sight
SNEAK_TO = (17, 7)


#: a harpy perched in the north of the hall, for the flier's shot (B-25)
HARPY = {"id": "harpy", "entry": "harpy", "side": 1, "x": 15, "y": 6}
#: where it flies to, 15 ft over the square between the Knight and the Scout
HARPY_TO = (13, 10)


def crypt_match(order: list[str], extra: tuple[dict[str, Any], ...] = (),
                house: dict[str, Any] | None = None) -> Match:
    """Both seats human, the creatures above (and `extra`), the initiative as given."""
    setup = {"creatures": [dict(c) for c in CREATURES] + [dict(c) for c in extra],
             "initiative": list(order)}
    cfg = MatchConfig("rpgstuck", 11, [SeatConfig("human", name="Player 1"),
                                       SeatConfig("human", name="Player 2")], MAP,
                      dict(house or {}), setup)
    return Match.new(cfg)


def _legal(match: Match, kind: type, **fields: Any) -> Any:
    for a in match.legal_actions():
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items()):
            return a
    raise LookupError(f"no legal {kind.__name__} with {fields}")


def mid_fight(scene: "BattleScene") -> None:
    """The sneak slips into the dark (its last known square stays marked), the Scout shoots the
    horde (a forced hit), the Knight walks up between the two imps and aims."""
    m = scene.match
    scene.submit(_legal(m, Move, unit="sneak", x=SNEAK_TO[0], y=SNEAK_TO[1]))
    end_turn(scene)
    m.force_dice([17, 6])
    scene.submit(_legal(m, Attack, unit="scout", ability="shoot", targets=((9, 6),)))
    end_turn(scene)
    scene.submit(_legal(m, Move, unit="knight", x=12, y=7))
    scene.submit(_legal(m, Aim, unit="knight"))


def end_turn(scene: "BattleScene") -> None:
    scene.submit(EndTurn())


def open_picker(scene: "BattleScene", cell: tuple[int, int]) -> None:
    """Click `cell` once the screen is laid out (a new layout closes any open menu), so the
    picture shows the menu that click opens."""
    layout = scene._layout

    def then_click(size: tuple[int, int]) -> None:
        layout(size)
        scene._click_map(cell)
        # the pointer leaves the map for the menu: the target stays lit, the hover's
        # forecast gives way to the picker's own odds
        scene.pin_cell = None
        scene.hover_cell = scene.view.hover = cell
    scene._layout = then_click  # type: ignore[method-assign]


def build(app: "App") -> list[tuple[str, "Scene"]]:
    from game.client.scenes.battle import BattleScene

    out: list[tuple[str, Scene]] = []
    # 1. mid-fight: the Knight's Cleave picker open over the imps, the horde in dim light, the
    # dark rooms veiled, the sneak's last known square marked
    m = crypt_match(["sneak", "scout", "knight", "imp_a", "imp_b", "horde"])
    s = BattleScene(app, m)
    s.viewer = 0
    mid_fight(s)
    s.view.skip()
    s.selected = "knight"
    s.mode = "atk:cleave"
    s._turn_key = s._turn_start_key()   # her turn has begun: the first frame keeps the mode
    open_picker(s, (13, 6))             # the picker: one imp, or both (twice only at a horde)
    out.append(("rpgstuck_battle", s))

    # 1b. the Knight's Strike on an imp: the aim picker, the plain attack and each body part
    # with its own odds and what a hit there does (RS-44)
    m = crypt_match(["sneak", "scout", "knight", "imp_a", "imp_b", "horde"])
    s = BattleScene(app, m)
    s.viewer = 0
    mid_fight(s)
    s.view.skip()
    s.selected = "knight"
    s.mode = "atk:strike"
    s._turn_key = s._turn_start_key()
    open_picker(s, (13, 6))
    out.append(("rpgstuck_called_shot", s))

    # 2. the pointer on the horde in dim light: the forecast with every term
    m = crypt_match(["sneak", "scout", "knight", "imp_a", "imp_b", "horde"])
    s = BattleScene(app, m)
    s.viewer = 0
    mid_fight(s)
    s.view.skip()
    s.selected = "knight"
    s.mode = "atk:strike"
    s._turn_key = s._turn_start_key()
    s.pin_cell = (13, 6)
    out.append(("rpgstuck_forecast", s))

    # 3. an imp swings at the Knight: the Block prompt for the Knight's seat, with its odds
    m = crypt_match(["imp_a", "knight", "scout", "imp_b", "horde", "sneak"])
    s = BattleScene(app, m)
    s.viewer = 1
    s.submit(_legal(m, Move, unit="imp_a", x=11, y=8))
    s.submit(_legal(m, Attack, unit="imp_a", ability="imp_claw", targets=((12, 9),)))
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 0
    s.selected = "knight"
    out.append(("rpgstuck_block", s))

    # 4. a flier in the air: the harpy takes off and hovers 15 ft over the hall between the
    # Knight and the Scout (its badge and shadow); the pointer on it in the Knight's Strike mode
    # gives the engine's reason it is out of reach (B-25)
    m = crypt_match(["harpy", "knight", "scout", "sneak", "imp_a", "imp_b", "horde"], (HARPY,))
    s = BattleScene(app, m)
    s.viewer = 0
    s.submit(_legal(m, Fly, unit="harpy", altitude=15))
    s.submit(_legal(m, Move, unit="harpy", x=HARPY_TO[0], y=HARPY_TO[1]))
    end_turn(s)
    s.view.skip()
    s.selected = "knight"
    s.mode = "atk:strike"
    s._turn_key = s._turn_start_key()
    s.pin_cell = HARPY_TO
    out.append(("rpgstuck_flier", s))

    # 5. opportunity attacks on (a table option, B-26): the Scout walks away from an imp, which
    # may strike as it leaves; the prompt with its odds for the imp's seat
    m = crypt_match(["scout", "imp_a", "knight", "imp_b", "horde", "sneak"],
                    house={"opportunity_attacks": True})
    s = BattleScene(app, m)
    s.viewer = 0
    s.submit(_legal(m, Move, unit="scout", x=14, y=8))
    end_turn(s)
    s.submit(_legal(m, Move, unit="imp_a", x=13, y=7))
    end_turn(s)
    end_turn(s)
    end_turn(s)
    end_turn(s)
    end_turn(s)
    s.submit(_legal(m, Move, unit="scout", x=17, y=10))
    s.view.skip()
    s.viewer = m.decision.seat if m.decision else 1
    out.append(("rpgstuck_opportunity", s))
    return out
