"""Projectiles in flight: speed and contact timing (BND-49/50, BND-T-06), Air Blast's pushback
on the real clock (BND-T-01 with movement.py's pushback, BND-72..76), tracking or flying to the
aimed hex (GM-14), flying on past walls and rock put in its way after launch (GM-14), falling
short (GM-21), creatures in the way (GM-28) and the incoming-threat summary."""
from __future__ import annotations

import pytest

from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import combat
from game.engine.systems.bindings import events as E
from game.engine.systems.bindings.boardcache import forget
from game.engine.systems.bindings.sight import sight
from game.engine.systems.bindings.state import Feature

from .combat_kit import ROW, Table, fighter, score


def shooter_table(move: str, gap: int, segment: int = 1, **house) -> Table:
    """A (rank 1) with `move`, B `gap` hexes along the row; both idle until A's turn in
    `segment`."""
    a = fighter("A", 0, 1, moves=["unarmed_strike", "brace", move])
    b = fighter("B", 1, 1 + gap, hp=99, max_hp=99)
    t = Table([a, b], house=house, width=30).start()
    while t.when[1] != segment:
        t.until_turn("A")
        if t.when[1] != segment:
            t.end()
    return t


def contact_time(t: Table, max_ends: int = 20) -> tuple[int, int]:
    """End turns (declining defences) until the attack contacts; when that happened."""
    for _ in range(max_ends):
        if t.of(E.AttackContacted) or t.stage == "defend":
            return t.when
        if t.stage == "defend":
            break
        t.end()
    raise AssertionError("no contact")


@pytest.mark.rule("BND-T-06")
@pytest.mark.rule("BND-49")
@pytest.mark.rule("BND-50")
@pytest.mark.parametrize("move,gap,segment,arrives", [
    ("stone_bullet", 6, 1, (1, 2)),      # 3H at 30 ft
    ("stone_bullet", 7, 1, (1, 3)),      # 3H at 35 ft
    ("air_blast", 6, 1, (1, 2)),         # 5H at 30 ft
    ("unarmed_strike", 1, 1, (1, 1)),    # 2H at 5 ft: the same segment
    ("stone_bullet", 6, 3, (2, 1)),      # 3H launched in S3 at 30 ft: next round
])
def test_a_projectile_arrives_after_ceil_distance_over_speed_segments(move, gap, segment, arrives):
    t = shooter_table(move, gap, segment)
    out = t.use("A", move, "B")
    launched = t.of(E.AttackLaunched, out)[0]
    assert launched.segments == -(-gap // combat.move_def(move).speed)
    assert contact_time(t) == arrives
    # contact happens on the launcher's turn (BND-50)
    assert t.acting == "A"


@pytest.mark.rule("BND-49")
def test_each_segment_the_front_covers_speed_hexes_on_the_attackers_turn():
    t = shooter_table("stone_bullet", 9)
    out = t.use("A", "stone_bullet", "B")
    assert t.of(E.AttackAdvanced, out)[0].path == ((2, ROW), (3, ROW), (4, ROW))
    t.end()
    assert t.acting == "B"                     # B's S1 turn: the stone does not move
    assert t.state.attacks[0].pos == (4, ROW)
    t.end()
    adv = t.of(E.AttackAdvanced)[-1]
    assert adv.path == ((5, ROW), (6, ROW), (7, ROW)) and t.when == (1, 2)


def blast_table(order=("A", "T"), segment: int = 1) -> Table:
    """BND-T-01: A (AB 1, INT +2) two hexes from T (DB 1, INT 0, base 30 ft) on a straight row."""
    a = fighter("A", 0, 1, ab=1, INT=score(2))
    tt = fighter("T", 1, 3, db=1, INT=score(0), hp=40, max_hp=40, base_speed=30)
    t = Table([a, tt], order=list(order), width=20).start()
    while t.when[1] != segment:
        t.until_turn("A")
        if t.when[1] != segment:
            t.end()
    t.until_turn("A")
    return t


@pytest.mark.rule("BND-T-01")
@pytest.mark.rule("BND-72")
@pytest.mark.rule("BND-73")
@pytest.mark.rule("BND-74")
def test_air_blast_pushes_five_hexes_at_contact_and_the_last_on_the_next_turn_of_the_pusher():
    t = blast_table()
    t.use("A", "air_blast", "T")
    t.force(4, 3, 2).do(A.Defend("T", t.state.pending[-1].data["attack"], None))
    r = t.of(E.AttackResolved)[-1]
    assert (r.offence, r.defence, r.outcome) == (10, 1, "hit")
    assert t.of(E.DamageDealt)[-1].amount == 4
    assert t.at("T") == (8, ROW)                        # 5 hexes in the contact segment
    t.end()
    assert t.acting == "T"
    t.do(A.StartMovement("T", "move", (8, ROW)))        # its Move gives nothing now (BND-74)
    assert rules_moves(t) == []
    t.end()
    t.until_turn("A")                                   # S2: A's turn finishes the push
    assert t.at("T") == (9, ROW)
    assert t.of(E.PushbackEnded)[-1].reason == "complete"
    t.end()
    assert t.acting == "T"
    moves = rules_moves(t)
    assert max(t.lay.distance((9, ROW), m.to) for m in moves) == 3    # S2: moves again


def rules_moves(t: Table) -> list:
    from game.engine.systems.bindings import rules
    return [a for a in rules.legal_actions(t.state) if isinstance(a, A.MoveTo)]


@pytest.mark.rule("BND-T-01")
@pytest.mark.rule("BND-76")
def test_air_blast_with_the_target_ranked_first_keeps_it_from_moving_in_s2():
    t = blast_table(order=("T", "A"))
    t.use("A", "air_blast", "T")                         # T already acted: resolves at once
    assert t.stage == "act" and t.at("T") == (8, ROW)
    t.end()
    assert t.when == (1, 2) and t.acting == "T"
    assert not rules_moves(t)
    t.do(A.StartMovement("T", "move", (8, ROW)))
    assert not rules_moves(t)                            # suspended: pushback unfinished
    t.end()
    assert t.acting == "A"
    assert t.at("T") == (9, ROW)


@pytest.mark.rule("BND-T-01")
@pytest.mark.rule("BND-73")
def test_air_blast_contacting_in_s3_finishes_its_push_in_the_next_round():
    t = blast_table(segment=3)
    t.use("A", "air_blast", "T")
    t.force(6, 6, 1).do(A.Defend("T", t.state.pending[-1].data["attack"], None))
    assert t.at("T") == (8, ROW) and t.when == (1, 3)
    t.end()
    t.until_turn("A")
    assert t.when == (2, 1) and t.at("T") == (9, ROW)


@pytest.mark.rule("BND-75")
def test_a_pushing_attack_moves_at_its_own_speed():
    t = blast_table()
    out = t.use("A", "air_blast", "T")
    assert t.state.attacks[0].rate == combat.move_def("air_blast").speed == 5
    t.force(6, 6, 1).do(A.Defend("T", t.state.pending[-1].data["attack"], None))
    assert t.of(E.PushbackStarted)[-1].rate == 5


@pytest.mark.rule("BND-GM-14")
@pytest.mark.parametrize("mode", ["track", "hex"])
def test_a_projectile_tracks_its_target_or_flies_to_the_aimed_hex(mode):
    t = shooter_table("stone_bullet", 6, projectile_tracking=mode)
    t.use("A", "stone_bullet", "B")
    t.end()
    t.do(A.StartMovement("B", "move", (7, ROW + 1)))     # B sidesteps off the line
    t.end()
    for _ in range(6):
        if t.stage == "defend":
            t.do(A.Defend("B", t.state.pending[-1].data["attack"], None))
        if t.of(E.AttackResolved) or t.of(E.AttackStopped):
            break
        t.end()
    if mode == "track":
        assert t.of(E.AttackContacted) and t.of(E.AttackAdvanced)[-1].path[-1] == (7, ROW + 1)
    else:
        r = t.of(E.AttackResolved)[-1]
        assert r.outcome == "empty" and t.of(E.AttackAdvanced)[-1].path[-1] == (7, ROW)


@pytest.mark.rule("BND-GM-21")
def test_a_projectile_chasing_past_its_longest_shot_falls_short():
    t = shooter_table("stone_bullet", 9, max_range_extra=50)     # 30 + 50 ft = 16 hexes
    t.use("A", "stone_bullet", "B")
    assert t.state.attacks[0].max_travel == 16
    t.c("B").x = 20                                             # B is carried far away
    for _ in range(12):
        if not t.state.attacks:
            break
        t.end()
    stop = t.of(E.AttackStopped)[-1]
    assert stop.reason == "short" and stop.at == (17, ROW)


@pytest.mark.rule("BND-GM-14")
@pytest.mark.rule("BND-85")
@pytest.mark.parametrize("obstacle", ["wall", "rock"])
def test_a_wall_or_rock_in_the_way_after_launch_does_not_stop_a_projectile(obstacle):
    # GM-14: cover is measured at launch and the projectile tracks its target, so what stands
    # between them later is no shield; the roll keeps the launch's "no cover" (BND-85).
    t = shooter_table("stone_bullet", 9)
    out = t.use("A", "stone_bullet", "B")
    assert t.of(E.AttackLaunched, out)[0].cover is False
    if obstacle == "wall":
        t.state.features.append(Feature("w", "wall", "B", "earth_wall", [(6, ROW)], [], 1, 0,
                                        99))
    else:
        t.state.board.cells[ROW][6]["solid"] = True
        forget(t.state.board)       # derived board data is built once per board
    t.end()
    t.until_turn("A")
    assert (6, ROW) in t.of(E.AttackAdvanced)[-1].path      # it flies through that hex
    assert not t.of(E.AttackStopped)
    contact_time(t)
    if t.stage == "defend":
        t.force(1, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    [r] = t.of(E.AttackResolved)
    assert r.target == "B" and r.edge == "none"


@pytest.mark.rule("BND-GM-14")
@pytest.mark.rule("BND-85")
def test_a_target_stepping_behind_a_wall_after_launch_is_still_reached():
    # B walks behind a standing wall while the bullet is in the air: it tracks B there and
    # rolls with the cover fixed at launch (none), not the cover B would have now.
    t = shooter_table("stone_bullet", 9)
    t.state.features.append(Feature("w", "wall", "B", "earth_wall", [(9, ROW + 2)], [], 1, 0,
                                    99))
    out = t.use("A", "stone_bullet", "B")
    assert t.of(E.AttackLaunched, out)[0].cover is False
    t.end()
    t.do(A.StartMovement("B", "move", (10, ROW + 2)))        # the wall now stands between
    assert sight(t.state, (1, ROW), (10, ROW + 2)).cover
    t.end()
    contact_time(t)
    if t.stage == "defend":
        t.force(1, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    assert not t.of(E.AttackStopped)
    [r] = t.of(E.AttackResolved)
    assert r.target == "B" and r.edge == "none" and "cover" not in r.reasons


def test_low_cover_does_not_stop_a_projectile():
    t = shooter_table("stone_bullet", 6)
    t.state.board.cells[ROW][5]["cover"] = True
    forget(t.state.board)           # derived board data is built once per board
    t.use("A", "stone_bullet", "B")
    t.end()
    t.until_turn("A")
    assert t.stage == "defend" or t.of(E.AttackContacted)
    assert not t.of(E.AttackStopped)


@pytest.mark.rule("BND-GM-28")
@pytest.mark.parametrize("hits_first", [False, True])
def test_creatures_in_the_way_are_passed_or_hit_first(hits_first):
    a = fighter("A", 0, 1)
    b = fighter("B", 1, 5, hp=99, max_hp=99)
    c = fighter("C", 1, 3, y=ROW, hp=99, max_hp=99)
    t = Table([a, b, c], order=["A", "C", "B"], house={"projectile_hits_first": hits_first}).start()
    t.use("A", "air_blast", "B")
    assert t.stage == "defend"
    assert t.state.pending[-1].actor == ("C" if hits_first else "B")


def test_a_projectile_whose_target_went_down_stops():
    t = shooter_table("stone_bullet", 9)
    t.use("A", "stone_bullet", "B")
    t.c("B").down = True
    t.c("B").hp = 0
    t.state.combatants["X"] = fighter("X", 1, 20)          # keep side 1 in the fight
    t.state.order.append("X")
    t.end()
    t.until_turn("A")
    assert t.of(E.AttackStopped)[-1].reason == "target_gone"


def test_incoming_lists_segments_to_contact_and_the_next_hexes():
    t = shooter_table("stone_bullet", 9)
    t.use("A", "stone_bullet", "B")
    [(a, segs, path)] = combat.incoming(t.state, "B")
    assert segs == 2 and path == ((5, ROW), (6, ROW), (7, ROW))
    t.end()
    t.end()
    t.until_turn("A")
    [(a, segs, path)] = combat.incoming(t.state, "B")
    assert segs == 1 and path == ((8, ROW), (9, ROW), (10, ROW))


@pytest.mark.rule("BND-GM-14")
def test_incoming_still_lists_an_attack_a_wall_now_stands_in_front_of():
    t = shooter_table("stone_bullet", 9)
    t.use("A", "stone_bullet", "B")
    [(_, segs, path)] = combat.incoming(t.state, "B")
    t.state.features.append(Feature("w", "wall", "B", "earth_wall", [(6, ROW)], [], 1, 0, 99))
    assert combat.incoming(t.state, "B") == [(t.state.attacks[0], segs, path)]
    steps, end = combat.simulate(t.state, t.state.attacks[0])
    assert end == "contact" and (6, ROW) in steps and steps[-1] == (10, ROW)
