"""gu_masters bots: what each shipped Gu is for in a bot's eyes, read from its effects."""
from __future__ import annotations

from game.engine.systems.gu_masters.ai import ROLES, role
from game.engine.systems.gu_masters.content import load_content


def test_the_checklists_example_gu_each_have_the_role_their_effects_give():
    gu = load_content().gu
    assert role(gu["moonlight"]) == "damage"          # ranged damage
    assert role(gu["thunder_palm"]) == "damage"       # touch damage
    assert role(gu["fire_curtain"]) == "damage"       # an area
    assert role(gu["poison_mist"]) == "damage"        # poison on an area
    assert role(gu["stone_shell"]) == "shield"
    assert role(gu["jelly_bubble"]) == "shield"
    assert role(gu["spring_water"]) == "heal"
    assert role(gu["wind_wings"]) == "flight"
    assert role(gu["metal_skin"]) == "buff"
    assert role(gu["copper_tendons"]) == "buff"


def test_every_shipped_gu_and_killer_move_has_a_role():
    content = load_content()
    for item in [*content.gu.values(), *content.killer_moves.values()]:
        assert role(item) in ROLES, item.id
