"""What the rpgstuck presenter gives the battle screen, read without a window: tokens with their
footprints, temp HP, conditions, reaction and horde strength; reach tinted by its cost with the
path; the forecast in the engine's own numbers; the called-shot picker; the Block prompt; the
HP bar's temp HP segment."""
from __future__ import annotations

import pygame
import pytest

from game.client.presenters import TokenInfo
from game.client.systems.rpgstuck.presenter import RpgStuckPresenter, pct
from game.engine.systems.rpgstuck.actions import Attack, Block, Move
from game.engine.systems.rpgstuck.forecast import predict
from game.engine.systems.rpgstuck.profiles import profile
from game.engine.systems.rpgstuck.state import Condition
from tests.rpgstuck.engine_helpers import battle

pytestmark = pytest.mark.client

ROWS = ["..........",
        "..dd......",
        "..dd......",
        "..........",
        "....:::...",
        "....:::..."]


def presenter(match, seat: int | None = 0) -> RpgStuckPresenter:
    p = RpgStuckPresenter(match)
    p.seat = seat
    return p


@pytest.mark.rule("RS-12", "RS-80", "RS-82", "RS-B-15", "RS-B-16")
def test_tokens_show_footprints_temp_hp_conditions_reaction_and_horde_strength():
    m = battle([("knight", "knight", 0, 1, 1), ("horde", "imp_horde", 1, 6, 1)], rows=ROWS,
               overrides={"knight": {"temp_hp": 5}, "horde": {"hp": 30}})
    m.state.creatures["knight"].conditions.append(Condition("prone"))
    m.edited()
    toks = {t.id: t for t in presenter(m).tokens(0)}
    knight, horde = toks["knight"], toks["horde"]
    assert horde.size == 2 and knight.size == 1
    assert knight.temp_hp == 5 and knight.hp == knight.max_hp
    badges = dict(knight.badges)
    assert "P" in badges and badges["R"].startswith("Reaction ready")
    # 30 of 60 HP: at or below two thirds, above one third (RS-82)
    assert dict(horde.badges)["+5"].startswith("Horde strength +5")


@pytest.mark.rule("RS-B-11", "RS-B-14")
def test_reach_is_tinted_by_its_cost_with_the_path_and_its_feet():
    m = battle([("knight", "knight", 0, 0, 1), ("imp", "imp", 1, 9, 5)], rows=ROWS)
    p = presenter(m)
    moves = {(a.x, a.y) for a in m.legal_actions() if isinstance(a, Move)}
    ov = p.overlay("move", "knight", (4, 1))
    assert set(ov.cells) == moves
    assert ov.cells[(1, 1)] == 1                    # one plain step
    assert ov.cells[(3, 1)] == 2                    # through difficult ground
    assert ov.path[0] == (0, 1) and ov.path[-1] == (4, 1)
    cost = p._reach()[(4, 1)][0]
    assert ov.marks == {(4, 1): f"{cost} ft"}
    assert p.forecast("move", "knight", (4, 1)).startswith(f"Walk to 4,1\n{cost} ft of 30 ft")


@pytest.mark.rule("RS-B-29", "RS-31", "RS-102")
def test_the_forecast_is_the_engines_own():
    m = battle([("knight", "knight", 0, 4, 3), ("imp", "imp", 1, 5, 4)], rows=ROWS)
    p = presenter(m)
    st = m.state
    f = predict(st, st.creatures["knight"], "strike", st.creatures["imp"])
    text = p.forecast("atk:strike", "knight", (5, 4))
    head, first, second = text.split("\n")[:3]
    assert head == "Strike on Imp"
    assert first == f"Hit {pct(f.hit)} · crit {pct(f.crit)} · {pct(f.drop)} to drop"
    lo, hi = min(f.exact.hit_damage), max(f.exact.hit_damage)
    assert second.startswith(f"{lo}–{hi} dmg on a hit")
    assert "Target: in dim light" in text           # the imp stands in the dim squares
    assert p.target_tags("atk:strike") == [((5, 4), 1, "dim light")]   # written over the map
    # the attack is offered on the imp's square: a click there opens the picker (the engine
    # lists a called shot at each of the imp's parts, RS-44) with the plain attack first
    click = p.click("atk:strike", "knight", (5, 4))
    assert click.action is None
    assert click.menu[0][1] == Attack("knight", "strike", ((5, 4),))
    assert {a.part for _label, a in click.menu} == {"", "head", "arm", "leg"}


@pytest.mark.rule("RS-45")
def test_a_called_shot_picker_lists_each_part_with_its_odds(monkeypatch):
    """When the engine lists called shots, a click on the target opens a picker: the plain
    attack first, then each body part, every line with its odds."""
    m = battle([("knight", "knight", 0, 4, 2), ("imp", "imp", 1, 5, 3)], rows=ROWS)
    p = presenter(m)
    plain = Attack("knight", "strike", ((5, 3),))
    parts = [Attack("knight", "strike", ((5, 3),), part) for part in ("head", "arm")]
    legal = [a for a in m.legal_actions() if not isinstance(a, Attack)] + [parts[0], plain,
                                                                            parts[1]]
    monkeypatch.setattr(p, "legal", lambda: legal)
    got = p.click("atk:strike", "knight", (5, 3))
    assert got.action is None
    assert [a for _label, a in got.menu] == [plain, parts[1], parts[0]]
    assert got.menu[1][0].startswith("Strike Imp at the Arm — hit ")
    assert all("crit" in label and "drop" in label for label, _a in got.menu)

    def hit(label: str) -> int:
        return int(label.split("hit ")[1].split("%")[0])
    # each line carries the engine's odds for that aim: the Head's Y of 4 over the Arm's 2
    assert hit(got.menu[2][0]) < hit(got.menu[1][0]) < hit(got.menu[0][0])
    assert "body part" in got.message
    # ... and the damage range the engine's forecast gives for that aim (never the client's)
    st = m.state
    for label, a in got.menu:
        f = predict(st, st.creatures["knight"], "strike", st.creatures["imp"], part=a.part)
        lo, hi = min(f.exact.hit_damage), max(f.exact.hit_damage)
        want = f"{lo}–{hi}" if lo != hi else str(lo)
        assert f" · {want} dmg · " in label, label


@pytest.mark.rule("RS-30", "RS-B-12")
def test_the_block_prompt_gives_both_answers_odds():
    m = battle([("imp", "imp", 1, 4, 2), ("knight", "knight", 0, 5, 2)], rows=ROWS)
    m.submit(Attack("imp", "imp_claw", ((5, 2),)))
    assert m.decision.stage == "block"
    p = presenter(m, 0)
    prompt = p.prompt()
    assert prompt.title == "Block?"
    (block_label, block, block_tip), (take_label, take, take_tip) = prompt.options
    assert block == Block("knight", True) and take == Block("knight", False)
    assert block_label.startswith("Block (d4) — hit ") and take_label.startswith("Take it — hit ")
    assert "reaction" in block_tip and "Keeps the reaction" in take_tip
    # #13 playtest: each answer reads its whole forecast, as the opportunity prompt does
    for label, blocked in ((block_label, True), (take_label, False)):
        f = p.block_odds(m.state.pending[-1].data, m.state.creatures["knight"], blocked)
        assert label.endswith(f"hit {pct(f.attack.hit)} · crit {pct(f.attack.crit)} · "
                              f"{min(f.hit_damage)}–{max(f.hit_damage)} dmg · "
                              f"{pct(f.drop)} to drop"), label
    assert p.prompt_focus() == ["imp"]


def test_the_hp_bar_draws_temp_hp_after_the_hp():
    """A pale segment follows the HP on the bar when the token has temporary HP."""
    from game.client.render.board_view import BoardView
    from game.engine.systems.rpgstuck.system import grid_board
    pygame.display.init()
    board = grid_board({"rows": ["...", "..."]})
    view = BoardView(board)
    view.set_rect(pygame.Rect(0, 0, 192, 128))
    plain = TokenInfo("a", "A", 0, 0, 0, 1, 6, 12)
    temp = TokenInfo("a", "A", 0, 0, 0, 1, 6, 12, temp_hp=3)
    pale = (150, 214, 255)

    def bar_colours(tok) -> set:
        s = pygame.Surface((192, 128))
        r = pygame.Rect(0, 0, 64, 64)
        view._hp_bar(s, tok, r, 64)
        return {tuple(s.get_at((x, y)))[:3] for x in range(64) for y in range(48, 64)}
    assert pale not in bar_colours(plain)
    assert pale in bar_colours(temp)


@pytest.mark.rule("RS-45", "RS-48", "RS-57")
def test_the_unit_panel_lists_the_parts_a_called_shot_may_aim_at():
    """Each part with its Y, copies, HP of its own and effect; a secret part only once the
    viewing side has found it."""
    m = battle([("knight", "knight", 0, 1, 1), ("ogre", "ogre", 1, 5, 1)], rows=ROWS)
    p = presenter(m)
    parts = dict(p.unit_panel("ogre").sections)["Called shots"]
    club = next(ln for ln in parts if ln.label == "Club")
    assert club.text == "Y 2 · 12 HP · disarm"
    assert next(ln for ln in parts if ln.label == "Leg").text == "Y 2 · ×2 · cripple"
    from game.engine.systems.rpgstuck.content import content
    secrets = content().creatures["ogre"].secrets
    shown = {ln.label for ln in parts}
    assert not any((s.name or s.part.capitalize()) in shown and s.part not in
                   {a.part for a in content().creatures["ogre"].anatomy} for s in secrets)


def test_an_action_the_bar_has_no_button_for_is_still_offered(monkeypatch):
    """A newer action of the engine (here a stand-in record) lands in the More menu by its
    description, so nothing legal is out of reach of the screen."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Grab:
        unit: str
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 5, 1)], rows=ROWS)
    p = presenter(m)
    legal = list(m.legal_actions()) + [Grab("knight")]
    monkeypatch.setattr(p, "legal", lambda: legal)
    more = next(b for b in p.buttons("knight", None) if b.id == "more")
    assert more.actions == (("Grab", Grab("knight")),)


@pytest.mark.rule("RS-64", "RS-76", "RS-77")
def test_a_grapple_is_chosen_on_the_map_and_shown_on_both_tokens():
    """Grapple is a targeting mode; the hold shows on the holder and the held, each naming the
    other; letting go and hauling are offered in the More menu."""
    from game.engine.systems.rpgstuck.actions import Grapple, Haul, Release
    m = battle([("knight", "knight", 0, 4, 2), ("imp", "imp", 1, 5, 2)], rows=ROWS)
    p = presenter(m)
    assert "grapple" in {b.id for b in p.buttons("knight", None)}
    assert (5, 2) in p.overlay("grapple", "knight", None).targets
    grab = p.click("grapple", "knight", (5, 2)).action
    assert grab == Grapple("knight", 5, 2)
    m.force_dice([20, 1])
    out = m.submit(grab)
    assert "Knight grabs Imp (5 ft)" in [ln.text for ln in p.log_lines(list(out.events))]
    toks = {t.id: dict(t.badges) for t in p.tokens(0)}
    assert toks["imp"]["G"].endswith("(by Knight)")
    assert toks["knight"]["Gr"].endswith("(Imp)")
    more = next(b for b in p.buttons("knight", None) if b.id == "more")
    kinds = {type(a) for _label, a in more.actions}
    assert Release in kinds and Haul in kinds
    assert ("Let go of Imp", Release("knight", "imp")) in more.actions


@pytest.mark.rule("RS-B-26", "RS-B-29")
def test_the_opportunity_prompt_shows_the_whole_forecast_of_one_unaimed_roll():
    """#13: the prompt read only the hit chance. Each attack now reads hit, crit, damage and the
    chance to drop, from the engine's opportunity forecast: one roll, no Aim (the mover's Aim
    dice, waiting on its turn, are not the opportunist's)."""
    from game.engine.systems.rpgstuck import forecast
    from game.engine.systems.rpgstuck.actions import Aim, Opportunity
    m = battle([("scout", "scout", 0, 1, 1), ("imp", "imp", 1, 2, 1)], rows=["." * 8] * 7,
               house={"opportunity_attacks": True})
    m.submit(Aim("scout"))                       # the scout aims, then walks away
    assert m.state.turn.aim == 1
    m.submit(Move("scout", 1, 5))
    assert m.decision.stage == "opportunity"
    st = m.state
    imp, scout = st.creatures["imp"], st.creatures["scout"]
    f = forecast.opportunity(st, imp, "imp_claw", scout)
    assert f.hit == predict(st, imp, "imp_claw", scout, aim=0).hit
    assert f.hit < predict(st, imp, "imp_claw", scout, aim=1).hit
    prompt = presenter(m, seat=1).prompt()
    label, action, _tip = next(o for o in prompt.options if o[1].ability == "imp_claw")
    assert action == Opportunity("imp", "scout", "imp_claw")
    lo, hi = min(f.exact.hit_damage), max(f.exact.hit_damage)
    for words in (f"hit {pct(f.hit)}", f"crit {pct(f.crit)}", f"{lo}–{hi} dmg",
                  f"{pct(f.drop)} to drop"):
        assert words in label.lower() if words[0].isalpha() else words in label, (words, label)


def _jumper(house=None):
    """The Knight at 3,1 after a 10 ft run-up, a 20 ft pit two squares wide (columns 4-5)
    across the whole map before it: the far side only by a leap."""
    from game.engine.systems.rpgstuck.actions import Move as Walk
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 9, 0)],
               rows=["....vv....", "....vv....", "....vv....", "....vv#..."],
               legend={"v": {"pit_depth_ft": 20}}, house=house or {})
    m.submit(Walk("knight", 3, 1))
    return m


@pytest.mark.rule("RS-107")
def test_a_square_past_a_gap_shows_the_jump_and_a_click_jumps():
    """#13: jumps sat under More. Across the pit the move overlay tints the landing squares as
    jumps; the hover gives its cost on the straight line and the click leaps."""
    from game.engine.systems.rpgstuck import jumps
    from game.engine.systems.rpgstuck.actions import LongJump
    m = _jumper()
    knight = m.state.creatures["knight"]
    assert jumps.landings(m.state, knight) == {(6, 1): 15}
    p = presenter(m)
    ov = p.overlay("move", None, (6, 1))
    assert ov.cells[(6, 1)] == p.JUMP and (p.JUMP, "a jump") in ov.legend
    assert ov.path == [(3, 1), (4, 1), (5, 1), (6, 1)] and ov.marks == {(6, 1): "15 ft"}
    words = p.forecast("move", None, (6, 1))
    assert words.startswith("Jump to 6,1") and "15 ft of 20 ft" in words
    assert p.click("move", None, (6, 1)).action == LongJump("knight", 6, 1)
    # a Jump button of its own; the More menu no longer carries the jumps
    bar = {b.id: b for b in p.buttons(None, "move")}
    assert bar["jump"].mode == "jump" and bar["jump"].enabled
    assert not any(isinstance(a, LongJump) for b in bar.values() for _w, a in b.actions)
    ov = p.overlay("jump", None, None)
    assert ov.cells == {(6, 1): p.JUMP}
    assert p.click("jump", None, (6, 1)).action == LongJump("knight", 6, 1)


@pytest.mark.rule("RS-107", "RS-SM-06")
def test_a_longer_jump_on_a_check_shows_its_dc_and_chance():
    from game.engine.systems.rpgstuck import jumps, odds as rs_odds
    from game.engine.systems.rpgstuck.actions import StretchJump
    m = _jumper({"jump_check": True})
    knight = m.state.creatures["knight"]
    got = jumps.stretches(m.state, knight)
    assert list(got) == [(7, 1)]
    cost, dc, short = got[(7, 1)]
    p = presenter(m)
    ov = p.overlay("move", None, (7, 1))
    assert ov.cells[(7, 1)] == p.JUMP_CHECK and ov.marks == {(7, 1): f"{cost} ft"}
    words = p.forecast("move", None, (7, 1))
    chance = pct(rs_odds.check(knight.skills["athletics"], dc))
    assert f"DC {dc}" in words and chance in words and f"{short[0]},{short[1]}" in words
    assert p.click("move", None, (7, 1)).action == StretchJump("knight", 7, 1)


def test_the_panel_names_a_horde_as_it_names_a_monster():
    """#13 playtest: "Large Horde · tier 1" beside "Small Tier 1 monster"."""
    m = battle([("knight", "knight", 0, 1, 1), ("horde", "imp_horde", 1, 6, 1),
                ("imp", "imp", 1, 6, 4)], rows=ROWS)
    p = presenter(m)
    assert p.unit_panel("imp").subtitle == "Small Tier 1 monster"
    assert p.unit_panel("horde").subtitle == "Large Tier 1 horde"


@pytest.mark.rule("RS-54", "RS-55")
def test_the_picker_says_when_a_leg_shot_cannot_cripple():
    """#13 playtest: every Leg line read "cripples if the attack does more than damage", also
    for a Strike, which only deals damage (RS-54): a player aimed at a leg for nothing."""
    from game.engine.systems.rpgstuck import called
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)], rows=ROWS)
    p = presenter(m)
    st = m.state
    strike = profile(st, st.creatures["knight"], "strike")
    bash = profile(st, st.creatures["knight"], "shield_bash")
    assert not called.has_effect_beyond_damage(strike)
    assert called.has_effect_beyond_damage(bash)              # its push
    assert p._part_effect(Attack("knight", "strike", ((2, 1),), "leg")) == \
        "no cripple: Strike only deals damage"
    assert p._part_effect(Attack("knight", "shield_bash", ((2, 1),), "leg")).startswith(
        "cripples (10)")


@pytest.mark.rule("RS-85", "RS-B-21")
def test_an_area_attack_has_a_button_that_names_whom_it_catches():
    """#13 playtest: the Psion's Psi Pulse sat under More. It is a button of its own, its tooltip
    names who the burst catches, and it asks first when a friend stands in it."""
    from game.engine.systems.rpgstuck.actions import AreaAttack
    m = battle([("psion", "psion", 0, 2, 2), ("knight", "knight", 0, 3, 2),
                ("imp", "imp", 1, 2, 3)], rows=ROWS)
    p = presenter(m)
    bar = {b.id: b for b in p.buttons("psion", "move")}
    pulse = bar["area:psi_pulse"]
    assert pulse.label == "Psi Pulse" and pulse.action == AreaAttack("psion", "psi_pulse")
    assert "Imp" in pulse.tooltip and "Knight" in pulse.tooltip
    assert "Knight" in pulse.confirm
    assert not any(isinstance(a, AreaAttack) for b in bar.values() for _w, a in b.actions)
    # with only foes in it, no question
    m2 = battle([("psion", "psion", 0, 2, 2), ("imp", "imp", 1, 2, 3)], rows=ROWS)
    assert {b.id: b for b in presenter(m2).buttons("psion", "move")}["area:psi_pulse"].confirm == ""


@pytest.mark.rule("RS-64", "RS-65", "RS-66", "RS-B-12")
def test_grab_shove_and_break_free_show_the_engine_s_chance():
    from game.engine.systems.rpgstuck import arith, grapple
    from game.engine.systems.rpgstuck.actions import Escape, Grapple
    m = battle([("knight", "knight", 0, 1, 1), ("ogre", "ogre", 1, 2, 1)])
    s = m.state
    knight, ogre = s.creatures["knight"], s.creatures["ogre"]
    p = presenter(m)
    grab = p.forecast("grapple", "knight", (3, 2))          # any square of the ogre's body
    chance = grapple.grapple_odds(s, knight, ogre)
    assert grab.startswith(f"Grab Ogre: {pct(chance)} to hold it")
    assert "1x disadvantage" in grab                        # RS-66: a size larger
    assert pct(chance) in p.describe(Grapple("knight", 2, 1))
    shove = p.forecast("shove", "knight", (2, 1))
    assert shove.startswith(f"Shove Ogre: {pct(arith.shove_odds(s, knight, ogre))}")
    assert "Athletics +6" in shove                          # the ogre's better skill
    # held by the ogre, the knight's way out shows its odds too
    knight.conditions.append(Condition("grappled", 5, "ogre"))
    ogre.conditions.append(Condition("grappling", 1, "knight"))
    m.edited()
    words = presenter(m).describe(Escape("knight", "ogre"))
    assert words == f"Break free of Ogre ({pct(grapple.escape_odds(s, knight, ogre))})"
