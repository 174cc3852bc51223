"""Gu Masters content: the bundled files load, their entries hold what the checklist's examples
say, stat blocks agree with the derived formulas of the minimal core, and killer moves are built
from Gu that exist."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters import content as gc
from game.engine.systems.gu_masters.content import (
    DAMAGE_TYPES, SIZES, VERBS, called_shot_modifier, content, essence_max, essence_regen,
    max_hp, max_soul, movement, part_size, shift_size,
)


@pytest.fixture(scope="module")
def c() -> gc.Content:
    return content()


@pytest.mark.rule("GU-X-08", "GU-X-10", "GU-X-12", "GU-X-11")
def test_every_file_has_entries(c):
    assert len(c.gu) >= 20
    assert 4 <= len(c.killer_moves) <= 8
    assert {"sword", "spear", "dagger"} <= set(c.weapons)
    assert len(c.sides) >= 2
    assert all(e.verb in VERBS for g in c.gu.values() for e in g.effects)


@pytest.mark.rule("GU-X-08")
def test_checklist_example_gu_as_written(c):
    m = c.gu["moonlight"]
    assert (m.rank, m.cost, m.use, m.skill, m.range_m) == (1, 2, "activation", "ranged_attack", 20)
    assert m.effects[0].args == gc.Damage(8, "rending")
    assert c.gu["bone_spear"].has("piercing")
    skin = c.gu["metal_skin"]
    assert (skin.cost, skin.upkeep, skin.has("sustained")) == (3, 1, True)
    assert [e.verb for e in skin.effects] == ["dr", "recoil"]
    assert skin.effects[0].args == gc.Dr(4, ("force", "rending"))
    assert skin.effects[1].args == gc.Recoil(-4)
    tendons = c.gu["copper_tendons"]
    assert tendons.effects[0].args == gc.AttributeChange("strength", 40)
    assert tendons.effects[1].args == gc.Recoil(-2)
    assert c.gu["stone_shell"].effects[0].args == gc.Shield(12)
    bubble = c.gu["jelly_bubble"]
    assert bubble.use == "reaction" and bubble.effects[0].args == gc.Shield(25, blocks_touch=True)
    assert c.gu["wind_wings"].effects[0].args.speed == 8
    curtain = c.gu["fire_curtain"]
    assert curtain.area == gc.Area(width=1, length=6, choose_source=True)
    assert curtain.skill == "" and curtain.range_m == 12
    palm = c.gu["thunder_palm"]
    assert palm.touch and palm.has("unreactable") and palm.effects[0].args == gc.Damage(10, "shock")
    assert c.gu["spring_water"].effects[0].args == gc.Heal(8)
    mist = c.gu["poison_mist"]
    assert mist.area == gc.Area(radius=1) and mist.effects[0].args == gc.Poison(6, 3)


@pytest.mark.rule("GU-X-08", "GU-95", "GU-13", "GU-157", "GU-91", "GU-21", "GU-22")
def test_the_catalogue_covers_what_the_battles_need(c):
    dealt = {e.args.type for u in (*c.gu.values(), *c.killer_moves.values())
             for e in u.effects if e.verb == "damage"}
    poisons = any(e.verb == "poison" for g in c.gu.values() for e in g.effects)
    assert dealt | ({"poison"} if poisons else set()) == set(DAMAGE_TYPES)
    assert any(e.args.direct for g in c.gu.values() for e in g.effects if e.verb == "damage")
    verbs = {e.verb for g in c.gu.values() for e in g.effects}
    assert {"conceal", "divination", "soul", "push", "heal", "status", "poison"} <= verbs
    maneuvers = {e.args.maneuvers for g in c.gu.values() for e in g.effects if e.verb == "flight"}
    assert {2, 3} <= maneuvers
    assert any(g.refined and g.has("expendable") for g in c.gu.values())
    assert {g.rank for g in c.gu.values()} == {1, 2, 3}


@pytest.mark.rule("GU-X-10", "GU-47")
def test_killer_moves_are_their_components(c):
    volley = c.killer_moves["burning_moon_volley"]
    assert volley.components == {"moonlight": 2, "fire_pellet": 2}
    assert (volley.activations, volley.essence, volley.rank) == (4, 8, 2)
    stance = c.killer_moves["iron_body_stance"]
    assert stance.components == {"metal_skin": 1, "copper_tendons": 1, "stone_shell": 1}
    assert (stance.activations, stance.essence) == (3, 7) and stance.has("sustained")
    for k in c.killer_moves.values():
        assert all(g in c.gu for g in k.components)
        assert k.activations == sum(k.components.values())
        assert k.essence == sum(c.gu[g].cost * n for g, n in k.components.items())
    for cr in c.creatures.values():
        for kid in cr.killer_moves:
            assert set(c.killer_moves[kid].components) <= set(cr.gu), (cr.id, kid)


@pytest.mark.rule("GU-X-07", "GU-X-01", "GU-X-02")
def test_stat_blocks_agree_with_the_derived_formulas(c):
    r1 = c.creatures["gu_master_r1"]
    # the checklist's block: hp 60, soul 19, essence 30 (+3/turn), movement 8
    assert (max_hp(r1), max_soul(r1), essence_max(r1), essence_regen(r1), movement(r1)) == \
        (60, 19, 30, 3, 8)
    assert r1.attributes == {"strength": 50, "fortitude": 40, "perseverance": 45,
                             "cognition": 50, "activations": 2}
    assert r1.skills == {"close_combat": 45, "ranged_attack": 45, "dodge": 40, "athletics": 40,
                         "flying": 30, "awareness": 40}
    assert r1.gu == ("moonlight", "stone_shell", "metal_skin", "wind_wings")
    assert r1.weapons == ("sword",)
    wolf = c.creatures["wolf"]
    assert (max_hp(wolf), movement(wolf), wolf.weight_kg, wolf.arms) == (50, 12, 40, 0)
    for cr in c.creatures.values():
        assert max_hp(cr) == 20 + cr.attributes["fortitude"]
        assert max_soul(cr) == 10 + cr.attributes["perseverance"] // 5
    assert {cr.rank for cr in c.creatures.values() if cr.kind == "gu_master"} == {1, 2, 3}
    assert all(essence_max(cr) == 0 for cr in c.creatures.values() if cr.kind == "beast")


@pytest.mark.rule("GU-X-11", "GU-X-07")
def test_sizes_weights_limbs_and_movement(c):
    beasts = [cr for cr in c.creatures.values() if cr.kind == "beast"]
    assert {"tiny", "medium", "large", "huge"} <= {b.size for b in beasts}
    assert [movement(gc.Creature(id="x", name="x", kind="beast", size=s, weight_kg=1,
                                 body="swarm", attributes={}, skills={})) for s in SIZES] == \
        [4, 6, 8, 10, 12]
    for cr in c.creatures.values():
        assert cr.hands <= cr.arms
        assert sum(c.weapons[w].hands for w in cr.weapons) <= cr.hands


@pytest.mark.rule("GU-X-12", "GU-52")
def test_weapons(c):
    assert (c.weapons["sword"].damage, c.weapons["sword"].type, c.weapons["sword"].reach_m) == \
        (7, "rending", 1)
    spear = c.weapons["spear"]
    assert (spear.damage, spear.type, spear.reach_m, spear.keywords) == \
        (6, "force", 2, ("piercing",))
    assert (c.weapons["dagger"].damage, c.weapons["dagger"].type) == (4, "rending")
    assert c.weapons["greatsword"].hands == 2


@pytest.mark.rule("GU-59", "GU-60", "GU-61", "GU-GM-17")
def test_called_shot_parts(c):
    parts = {p.id: p for p in c.bodies["humanoid"].parts}
    assert {k: parts[k].size for k in ("hand", "arm", "head", "torso", "leg")} == \
        {"hand": "tiny", "arm": "small", "head": "small", "torso": "medium", "leg": "small"}
    assert [called_shot_modifier(s) for s in SIZES] == [40, 20, 0, -20, -40]
    # GU-T-08: the torso of a Large creature is Large (-20)
    assert part_size(parts["torso"], "large") == "large"
    assert called_shot_modifier(part_size(parts["torso"], "large")) == -20
    assert part_size(parts["hand"], "huge") == "medium"
    assert part_size(parts["hand"], "tiny") == "tiny"          # clamped
    assert shift_size("huge", "huge") == "huge"
    assert part_size(parts["torso"], "large", size_shift=False) == "medium"
    assert c.bodies["swarm"].parts == ()


def test_sides_and_encounters(c):
    assert all(s in c.sides for e in c.encounters.values() for s in e.sides)
    by_map: dict[str, int] = {}
    for e in c.encounters.values():
        by_map[e.map] = by_map.get(e.map, 0) + 1
    assert by_map == {"gu_cliffs": 2, "gu_marsh": 2}


def test_loaded_once_per_process():
    assert content() is content()
