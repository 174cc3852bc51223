"""The bindings segment timeline: its view records match the state and what the engine then does
(turn order, statuses, budgets, cooldowns, ETAs of things in flight, compared by advancing a real
match), and the top-bar widget draws them at 1280x720 and 1920x1080 and both UI scales, redrawing
only when the state changes."""
from __future__ import annotations

import copy

import pygame
import pytest

from game.client.systems.bindings.timing import (Budget, remaining_budget, timeline_view,
                                                  when_label)
from game.client.systems.bindings.shots import grove_match, pass_match
from game.client.ui.battle_widgets import Text
from game.client.systems.bindings.timeline import Timeline
from game.engine.actions import EndTurn
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import budget as engine_budget
from game.engine.systems.bindings import events as ev

pytestmark = pytest.mark.client


@pytest.fixture(scope="module")
def pass_state():
    return pass_match().state


def _column(view, label):
    return next(s for s in view.segments if s.label == label)


# -- budget -------------------------------------------------------------------------------------

@pytest.mark.rule("BND-36")
@pytest.mark.rule("BND-37")
@pytest.mark.parametrize("spent", [[], ["full"], ["standard"], ["move"], ["standard", "move"],
                                   ["move", "standard"], ["move", "move"]])
@pytest.mark.parametrize("swifts", [0, 1, 2])
def test_budget_left_agrees_with_what_the_engine_lets_it_start(pass_state, spent, swifts):
    c = copy.deepcopy(pass_state.combatants["petra"])
    c.spent, c.swifts = list(spent), swifts
    b = remaining_budget(c.spent, c.swifts)
    assert b.full == engine_budget.can_afford(pass_state, c, "full")
    assert ("standard" in b.best) == engine_budget.can_afford(pass_state, c, "standard")
    assert (b.halves > 0) == engine_budget.can_afford(pass_state, c, "move")
    assert (b.swifts_left > 0) == engine_budget.can_afford(pass_state, c, "swift")
    assert b.swifts_left == 2 - swifts


def test_budget_words():
    assert remaining_budget([], 0).text == "Full or Standard + Move or Move + Move"
    assert remaining_budget(["move"], 0).text == "Standard or Move"
    assert remaining_budget(["standard"], 1).text == "Move"
    assert remaining_budget(["full"], 2) == Budget((), 0, (), False, 0)
    assert remaining_budget(["full"], 2).text == "no action left this round"


# -- the clock ----------------------------------------------------------------------------------

@pytest.mark.rule("BND-20")
def test_columns_follow_the_segment_order_and_who_is_done(pass_state):
    st = pass_state
    v = timeline_view(st)
    assert [s.label for s in v.segments] == ["S1", "S2", "S3", "R2 S1"]
    assert [s.when for s in v.segments] == ["current", "future", "future", "next"]
    now = _column(v, "S1")
    assert [t.cid for t in now.turns] == st.seg_order
    acting = st.seg_order.index(st.acting)
    for i, t in enumerate(now.turns):
        c = st.combatants[t.cid]
        want = ("delayed" if c.first_segment > 1 else "done" if i < acting
                else "acting" if i == acting else "waiting")
        assert t.status == want, t
        assert t.slot_used == (c.slot_tick == st.tick)
    # the brawler rolled no six (BND-20): held back in S1 only, marked with the segment it may
    # start in, and free in S2
    assert st.combatants["brawl"].first_segment == 2
    assert v.combatant("brawl").delayed_until == 2
    assert {t.cid: t.status for t in _column(v, "S2").turns}["brawl"] == "waiting"
    assert v.acting == st.acting == "petra"


@pytest.mark.rule("BND-23")
def test_the_opening_action_has_its_own_column_before_round_one():
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    from game.client.systems.bindings.shots import PASS_COMBATANTS
    cfg = MatchConfig("bindings", 3, [SeatConfig("human"), SeatConfig("human")],
                      "bindings_pass.tmx", {}, {"combatants": PASS_COMBATANTS, "opening": "aera"})
    st = Match.new(cfg).state
    assert st.opening == "aera"
    v = timeline_view(st)
    assert [s.label for s in v.segments] == ["Opening", "S1", "S2", "S3"]
    assert [(t.cid, t.status) for t in v.segments[0].turns] == [("aera", "acting")]
    assert all(s.round == 1 for s in v.segments[1:])
    for t in v.segments[1].turns:      # round 1's delays already show in its first segment
        want = "delayed" if st.combatants[t.cid].first_segment > 1 else "waiting"
        assert t.status == want


@pytest.mark.rule("BND-29")
def test_leads_go_first_in_the_next_first_segment_only(pass_state):
    st = copy.deepcopy(pass_state)
    last = st.order[-1]
    st.combatants[last].spent = []
    st.combatants[last].unused_choice = "lead"
    v = timeline_view(st)
    nxt = _column(v, "R2 S1")
    assert nxt.turns[0].cid == last and nxt.turns[0].lead
    assert [t.cid for t in nxt.turns[1:]] == [c for c in st.order if c != last]
    assert not any(t.lead for t in _column(v, "S2").turns)
    assert v.combatant(last).lead
    # a lead already set for this S1 shows in the current column
    st2 = copy.deepcopy(pass_state)
    st2.lead = [st2.seg_order[0]]
    assert _column(timeline_view(st2), "S1").turns[0].lead


@pytest.mark.rule("BND-29")
def test_past_columns_keep_the_order_they_had():
    from game.client.systems.bindings.timing import orders_from_events
    m = pass_match()
    st = copy.deepcopy(m.state)
    st.lead = [st.seg_order[-1]]
    st.seg_order = [st.seg_order[-1], *st.seg_order[:-1]]   # S1 as if the last had led
    seen = orders_from_events([ev.SegmentStarted(1, 1, tuple(st.seg_order))])
    assert seen == {0: tuple(st.seg_order)}
    st.segment, st.lead, st.turn = 2, [], 0
    st.seg_order = list(st.order)
    v = timeline_view(st, seen)
    assert [t.cid for t in _column(v, "S1").turns] == list(seen[0])
    assert [t.cid for t in timeline_view(st).segments[0].turns] == list(st.order)


def test_down_combatants_stay_in_view_crossed_out(pass_state):
    st = copy.deepcopy(pass_state)
    st.combatants["pyra"].down = True
    st.combatants["pyra"].hp = 0
    st.seg_order = [c for c in st.seg_order if c != "pyra"]
    st.turn = st.seg_order.index("petra")
    v = timeline_view(st)
    for col in v.segments:
        statuses = {t.cid: t.status for t in col.turns}
        assert statuses["pyra"] == "down"
    assert v.combatant("pyra").down


@pytest.mark.rule("BND-101")
def test_cooldowns_say_the_round_the_move_is_ready(pass_state):
    v = timeline_view(pass_state)
    aera = v.combatant("aera")
    c = pass_state.combatants["aera"]
    ready = engine_budget.ready_round(pass_state, c, "air_blast")
    assert ready == 3                                         # used in round 1, cooldown 1
    assert ("air_blast", "Air Blast", ready) in aera.cooldowns
    title, lines = aera.tooltip()
    assert ("Air Blast", "ready in round 3") in lines
    assert not v.combatant("brawl").cooldowns


def test_when_labels():
    assert when_label(1, 0) == "S2"
    assert when_label(3, 2) == "R2 S1"
    assert when_label(5, 3) == "S3"


# -- ETAs against the engine ----------------------------------------------------------------------

def _step(m):
    """Answer the current decision the plain way: decline defences, end turns."""
    d = m.decision
    if d.stage == "defend":
        return m.submit(next(a for a in m.legal_actions() if isinstance(a, A.Defend)
                             and a.move is None))
    if d.stage == "use_dodge":
        return m.submit(next(a for a in m.legal_actions() if isinstance(a, A.UseDodge)))
    return m.submit(next(a for a in m.legal_actions() if isinstance(a, EndTurn)))


def test_marks_and_etas_are_what_the_engine_then_does():
    m = pass_match()
    v = timeline_view(m.state)
    s2 = {t.cid: [mk.kind for mk in t.marks] for t in _column(v, "S2").turns}
    assert s2["gale"] == ["push"]          # the last hex of the pushback, on the pusher's turn
    assert s2["aera"] == ["contact"]       # the Air Blast lands on the aeromancer's S2 turn
    assert s2["petra"] == ["grow"]         # the Earth Wall grows one hex
    blast = next(o for o in v.combatant("aera").ongoing if o.kind == "attack")
    push = next(o for o in v.combatant("gale").ongoing if o.kind == "pushback")
    wall = next(o for o in v.combatant("petra").ongoing if o.kind == "wall")
    seen: dict[str, int] = {}
    for _ in range(40):
        out = _step(m)
        for e in out.events:
            if isinstance(e, ev.CombatantPushed) and e.subject == "brawl":
                seen.setdefault("push", m.state.tick)
            if isinstance(e, ev.AttackAdvanced) and e.attack == blast.id:
                seen.setdefault("blast", m.state.tick)
            if isinstance(e, ev.FeaturePlaced) and e.feature == wall.id:
                seen.setdefault("wall", m.state.tick)
        if any(p.stage == "defend" and p.data.get("attack") == blast.id for p in m.state.pending):
            seen.setdefault("contact", m.state.tick)
        if len(seen) == 4:
            break
    assert seen["push"] == push.next_tick == push.eta_tick == 1
    assert seen["blast"] == seen["contact"] == blast.eta_tick == 1
    assert seen["wall"] == wall.next_tick == 1


@pytest.mark.rule("BND-50")
def test_a_slow_projectile_lands_when_the_timeline_said():
    m = grove_match()
    v = timeline_view(m.state)
    bullet = next(o for o in v.combatant("petra").ongoing if o.kind == "attack")
    assert bullet.outcome == "contact" and bullet.eta_tick == 2
    assert "hits S3" in bullet.detail
    s3 = {t.cid: [mk.kind for mk in t.marks] for t in _column(v, "S3").turns}
    assert "contact" in s3["petra"]
    landed = None
    for _ in range(60):
        out = _step(m)
        if any(isinstance(e, ev.AttackContacted) and e.attack == bullet.id for e in out.events) \
                or any(p.data.get("attack") == bullet.id for p in m.state.pending):
            landed = m.state.tick
            break
        if any(isinstance(e, ev.AttackStopped) and e.attack == bullet.id for e in out.events):
            break
    assert landed == bullet.eta_tick


# -- the widget ------------------------------------------------------------------------------------

@pytest.mark.parametrize("size,scale", [((1280, 720), 1.0), ((1920, 1080), 1.0),
                                        ((1920, 1080), 1.5)])
def test_bar_fits_and_answers_hover(pass_state, size, scale):
    v = timeline_view(pass_state)
    tl = Timeline(Text(scale))
    tl.rect = pygame.Rect(0, 0, size[0], tl.preferred_height())
    assert tl.rect.h == round(Timeline.BASE_HEIGHT * scale)
    screen = pygame.Surface((size[0], tl.rect.h + 200))
    screen.fill((0, 0, 0))
    tl.draw(screen, v)
    tokens = [(r, cid) for r, cid, mark in tl._hits if mark is None]
    bar = pygame.Rect((0, 0), tl.rect.size)
    assert len(tokens) == sum(len(s.turns) for s in v.segments)
    for r, _cid in tokens:
        assert bar.contains(r), r
    rects = [r for r, _ in tokens]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    # every column lists every combatant once
    for col in v.segments:
        assert sorted(t.cid for t in col.turns) == sorted(pass_state.combatants)
    # hover: the token under the pointer and its sheet of time
    r, cid = tokens[0]
    pos = r.move(tl.rect.topleft).center
    assert tl.at(pos) == cid
    title, lines = tl.tip_at(pos)
    assert title == pass_state.combatants[cid].name
    assert any(isinstance(ln, tuple) and ln[0] == "Budget left" for ln in lines)
    assert tl.at((size[0] - 2, tl.rect.h + 50)) is None
    # a mark answers with its own sentence
    marks = [(r, m) for r, _cid, m in tl._hits if m is not None]
    assert marks
    mr, mk = marks[0]
    assert tl.tip_at(mr.move(tl.rect.topleft).center)[1] == [mk.tip]
    # pixels actually drawn: the acting token's warm ring is in the picture
    acting = next(r for r, c in tokens if c == pass_state.acting
                  and r.w == max(x.w for x, _ in tokens))
    ring = acting.inflate(int(8 * scale), int(8 * scale))
    found = any(screen.get_at((ring.centerx + dx, ring.top + dy))[:3] == (232, 163, 61)
                for dx in range(-3, 4) for dy in range(0, 4))
    assert found


def test_bar_is_rendered_again_only_when_the_view_changes(pass_state):
    tl = Timeline(Text(1.0))
    tl.rect = pygame.Rect(0, 0, 1280, tl.preferred_height())
    screen = pygame.Surface((1280, 200))
    tl.draw(screen, timeline_view(pass_state))
    tl.draw(screen, timeline_view(pass_state))      # equal records: the cached picture
    tl.draw(screen, timeline_view(pass_state), hover="aera")
    assert tl.renders == 1
    st = copy.deepcopy(pass_state)
    st.combatants["petra"].swifts = 1
    tl.draw(screen, timeline_view(st))
    assert tl.renders == 2
    tl.rect = pygame.Rect(0, 0, 1920, tl.preferred_height())
    tl.draw(screen, timeline_view(st))
    assert tl.renders == 3


def test_a_new_view_paints_over_the_last_picture_and_looks_as_a_fresh_bar_draws_it(pass_state):
    # a new bar-wide picture per action was a megabyte made and dropped each time
    tl = Timeline(Text(1.0))
    tl.rect = pygame.Rect(0, 0, 1280, tl.preferred_height())
    screen = pygame.Surface((1280, 200))
    tl.draw(screen, timeline_view(pass_state))
    picture = tl._surf
    st = copy.deepcopy(pass_state)
    st.combatants["petra"].swifts = 1
    tl.draw(screen, timeline_view(st))
    assert tl.renders == 2 and tl._surf is picture
    fresh = Timeline(Text(1.0))
    fresh.rect = pygame.Rect(tl.rect)
    fresh.draw(pygame.Surface((1280, 200)), timeline_view(st))
    assert pygame.image.tobytes(fresh._surf, "RGBA") == pygame.image.tobytes(picture, "RGBA")


def test_every_word_shown_has_glyphs_in_the_bundled_font():
    """Labels and tooltips only use characters the UI font has (no tofu boxes)."""
    from game.client import resources
    from game.client.systems.bindings.timing import flight_view
    font = resources.font(14, True)

    def picture(ch: str) -> bytes:
        return pygame.image.tobytes(font.render(ch, True, (255, 255, 255), (0, 0, 0)), "RGB")

    tofu = picture("\ue000")
    texts: list[str] = []
    for m in (pass_match(), grove_match()):
        v = timeline_view(m.state)
        for c in v.combatants:
            title, lines = c.tooltip()
            texts.append(title)
            for ln in lines:
                texts.extend(ln if isinstance(ln, tuple) else (ln,))
        for col in v.segments:
            texts.append(col.label)
            for t in col.turns:
                texts.extend(mk.tip for mk in t.marks)
                texts.extend(mk.text for mk in t.marks)
        fv = flight_view(m.state)
        texts.extend(f"{f.name} · {f.label}" for f in fv.flights)
        texts.extend(p.label for p in fv.pushes)
        texts.extend(s.caption for s in fv.structures)
    assert texts
    for ch in sorted({ch for text in texts for ch in text} - {" "}):
        assert picture(ch) != tofu, (ch, [t for t in texts if ch in t][:2])


@pytest.mark.rule("BND-52")
def test_a_move_shows_on_the_segments_the_engine_gives_it_hexes():
    m = grove_match()
    for _ in range(40):
        if (m.decision.stage == "act" and m.state.acting == "petra"
                and m.state.segment == 2):
            break
        _step(m)
    st = m.state
    here = (st.combatants["petra"].x, st.combatants["petra"].y)
    start = next(a for a in m.legal_actions() if isinstance(a, A.StartMovement)
                 and a.mode == "move" and a.to == here)
    m.submit(start)
    v = timeline_view(m.state)
    move = next(o for o in v.combatant("petra").ongoing if o.kind == "movement")
    marked = [col.tick for col in v.segments for t in col.turns
              if t.cid == "petra" and any(mk.kind == "move" for mk in t.marks)]
    # BND-52: two segments, this one and the next; the next is S3 on her turn
    assert move.next_tick == move.eta_tick == 2 and marked == [2]
    gave = None
    for _ in range(40):
        _step(m)
        if m.state.acting == "petra" and m.decision.stage == "act":
            mv = [x for x in m.state.movements if x.owner == "petra"]
            gave = (m.state.tick, mv[0].now if mv else 0)
            break
    assert gave is not None and gave[0] == 2 and gave[1] > 0
    v2 = timeline_view(m.state)
    assert not [col.tick for col in v2.segments for t in col.turns if t.cid == "petra"
                and any(mk.kind == "move" for mk in t.marks)]      # nothing after S3


@pytest.mark.rule("BND-25")
def test_a_readied_action_shows_in_the_tooltip():
    from game.client.systems.bindings.timing import move_name
    m = grove_match()
    for _ in range(40):
        if m.decision.stage == "act" and any(isinstance(a, A.Ready) for a in m.legal_actions()):
            break
        _step(m)
    ready = next(a for a in m.legal_actions() if isinstance(a, A.Ready))
    m.submit(ready)
    ct = timeline_view(m.state).combatant(ready.actor)
    assert ct.readied.startswith(move_name(ready.move) + " when")
    assert ("Readied", ct.readied) in ct.tooltip()[1]


def crowd(state, n: int):
    """`state` with exactly `n` combatants (the first ones, then copies), nothing under way."""
    st = copy.deepcopy(state)
    st.attacks, st.movements, st.pushbacks, st.features, st.pending = [], [], [], [], []
    base = list(st.order)
    ids = []
    for i in range(n):
        src = state.combatants[base[i % len(base)]]
        cid = src.id if i < len(base) else f"{src.id}{i}"
        if cid not in st.combatants:
            c = copy.deepcopy(src)
            c.id = cid
            st.combatants[cid] = c
        ids.append(cid)
    st.combatants = {k: st.combatants[k] for k in ids}
    st.order, st.seg_order, st.lead, st.turn = list(ids), list(ids), [], 0
    return st


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.0), ((1920, 1080), 1.0),
                                        ((1920, 1080), 1.5)])
@pytest.mark.parametrize("n", range(2, 9))
def test_column_labels_never_overlap(pass_state, size, scale, n):
    """Each column's name ("R2 S1") and corner note ("next round") stay apart and inside the
    column, the columns stay apart and inside the bar, and every token sits in its column, from
    2 to 8 combatants at both window sizes."""
    import os
    v = timeline_view(crowd(pass_state, n))
    assert [s.label for s in v.segments][-1] == "R2 S1"
    tl = Timeline(Text(scale))
    tl.rect = pygame.Rect(0, 0, size[0], tl.preferred_height())
    screen = pygame.Surface((size[0], tl.rect.h))
    tl.draw(screen, v)
    bar = pygame.Rect((0, 0), tl.rect.size)
    labels = tl._labels
    assert [lab for lab, *_ in labels] == [s.label for s in v.segments]
    cols = [col for *_, col in labels]
    for i, (lab, head, note, col) in enumerate(labels):
        assert bar.contains(col), (lab, col)
        assert col.contains(head), (lab, head, col)
        if note is not None:
            assert col.contains(note), (lab, note, col)
            assert not head.inflate(4, 0).colliderect(note), (lab, head, note)
        for other in cols[i + 1:]:
            assert not col.colliderect(other)
    # the last column keeps a note at the common sizes: it only gives way when truly cramped
    assert labels[-1][2] is not None
    for r, cid, mark in tl._hits:
        if mark is None:
            assert any(c.contains(r) for c in cols), (cid, r)
    shots = os.environ.get("BINDINGS_SHOTS")
    if shots and n in (2, 8):
        pygame.image.save(screen, f"{shots}/timeline_{size[0]}_{scale}_{n}.png")


def test_a_narrow_bar_shortens_the_corner_note_before_it_overlaps(pass_state):
    """When even the smallest tokens leave no room, "next round" becomes "next", then goes."""
    v = timeline_view(crowd(pass_state, 8))
    seen = []
    for width in (1280, 900, 700, 560):
        tl = Timeline(Text(1.0))
        tl.rect = pygame.Rect(0, 0, width, tl.preferred_height())
        tl.draw(pygame.Surface((width, tl.rect.h)), v)
        lab, head, note, col = tl._labels[-1]
        if note is not None:
            assert not head.colliderect(note) and col.contains(note)
        seen.append(None if note is None else note.w)
    assert seen[0] is not None
    assert seen[-1] is None or seen[-1] < seen[0]


@pytest.mark.rule("BND-54")
def test_an_attack_waiting_on_the_dodge_question_lands_now_on_the_timeline():
    """An attack that reached a dodging target waits on the use_dodge stage: it has arrived, so
    the timeline marks it now, not on its attacker's next turn."""
    from tests.bindings.bndtools import duel
    m = duel(a=dict(x=0, y=0), b=dict(x=4, y=0), order=["b", "a"])
    m.submit(A.StartMovement("b", "dodge", (4, 1)))
    m.submit(EndTurn())
    m.submit(next(a for a in m.legal_actions() if isinstance(a, A.UseMove)
                  and a.move == "air_blast" and a.target == (4, 1) and not a.reduce))
    assert m.decision.stage == "use_dodge"
    v = timeline_view(m.state)
    blast = next(o for o in v.combatant("a").ongoing if o.kind == "attack")
    assert blast.eta_tick == m.state.tick and blast.outcome == "contact"
    assert "lands now" in blast.detail
    now = {t.cid: [mk.kind for mk in t.marks] for t in _column(v, "S1").turns}
    assert "contact" in now["a"]
    assert not any(t.marks for t in _column(v, "S2").turns)


def test_hover_answers_follow_a_new_picture_and_a_moved_bar(pass_state):
    """The last answer is kept for the same pointer, but only while the picture and the bar's
    place are the ones it was found in."""
    tl = Timeline(Text(1.0))
    tl.rect = pygame.Rect(0, 0, 1280, tl.preferred_height())
    screen = pygame.Surface((1280, 400))
    tl.draw(screen, timeline_view(pass_state))
    r, cid = next((r, c) for r, c, mark in tl._hits if mark is None)
    pos = r.move(tl.rect.topleft).center
    assert tl.at(pos) == cid and tl.at(pos) == cid
    tl.rect = tl.rect.move(0, 150)                  # the same pointer is now above the bar
    assert tl.at(pos) is None
    assert tl.at(r.move(tl.rect.topleft).center) == cid
    tl.rect = pygame.Rect(0, 0, 1280, tl.preferred_height())
    st = copy.deepcopy(pass_state)
    st.combatants["petra"].swifts = 1
    tl.draw(screen, timeline_view(st))              # a new picture: its own hit list
    again = next((r2, c2) for r2, c2, mark in tl._hits if mark is None and r2.collidepoint(r.center))
    assert tl.at(pos) == again[1]
