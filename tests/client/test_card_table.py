"""The Gemwielders card table driven headless through the real App with synthetic input: the
hotseat curtain, the Gembearer pick and the redeal prompt, draft clicks (a gem, a row card), a
defense card dragged from the hand, ending phases with the buttons, a save and a load through
the pause menu mid-game, hidden information never drawn for the wrong seat, an AI seat, and
an attack played to the results."""
from __future__ import annotations

import pygame
import pytest

from game.client import resources
from game.client.systems.gemwielders import cards as R
from game.client.scene import reset
from game.client.systems.gemwielders.table import CardTableScene
from game.client.systems.gemwielders.shots import new_match
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.results import ResultsScene
from game.client.ui.saving import SaveDialog, battle_scene, load_match
from game.engine.systems.gemwielders import actions as A
from tests.client.conftest import find_button

pytestmark = pytest.mark.client


def open_table(app, match, speed: str = "instant") -> CardTableScene:
    app.settings.animation_speed = speed
    scene = battle_scene(app, match)
    assert isinstance(scene, CardTableScene)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    return scene


def lift(app) -> CardTableScene:
    assert isinstance(app.top, HandoffScene), f"expected the curtain, top is {app.top}"
    app.step(dt=0.5)
    app.click((640, 360))
    app.settle(1)
    assert isinstance(app.top, CardTableScene), f"top is {app.top}"
    return app.top


def click_hot(app, scene: CardTableScene, key: tuple) -> None:
    app.settle(1)
    rect = scene.hot_rect(key)
    assert rect is not None, f"nothing drawn for {key}; have {[h.key for h in scene.hot]}"
    app.click(rect.center)


def click_button(app, scene: CardTableScene, label: str) -> None:
    app.settle(1)
    rect = scene.button_rect(label)
    assert rect is not None, f"no button {label!r}; have {[b.label for b in scene.buttons]}"
    app.click(rect.center)


def pick_bearers(app, match) -> CardTableScene:
    """Both humans pick a Gembearer by clicking its card; Player 2 keeps the row."""
    scene = lift(app)
    first = match.state.first
    assert scene.viewer == first and scene._prompt is not None and scene._prompt.cards
    app.settle(1)
    rect, face, choice = scene.prompt_cards[0]
    app.click(rect.center)
    assert match.state.players[first].gembearer == face.id
    scene = lift(app)                                   # Player 2's turn to pick
    assert scene.viewer == 1 - first
    names = [f.id for _, f, _ in scene.prompt_cards]
    assert match.state.players[first].gembearer not in names    # GW-U-05: they differ
    app.click(scene.prompt_cards[0][0].center)
    # Player 2's one redeal (GW-12): a prompt with two answers
    app.settle(2)
    assert scene.prompt_panel is not None
    labels = [b.label for b in scene.prompt_panel.buttons]
    assert "Keep this row" in labels
    keep = scene.prompt_panel.buttons[labels.index("Keep this row")]
    app.click(keep.rect.center)
    return lift(app)                                    # Player 1's first turn


class TextTrace:
    """Records every string the client renders (fonts are wrapped), from a clean cache."""

    def __init__(self, monkeypatch):
        self.seen: list[str] = []
        real = resources.font
        trace = self

        class Proxy:
            def __init__(self, font):
                self._f = font

            def render(self, text, *a, **k):
                trace.seen.append(str(text))
                return self._f.render(text, *a, **k)

            def __getattr__(self, name):
                return getattr(self._f, name)

        monkeypatch.setattr(resources, "font", lambda size, bold=False: Proxy(real(size, bold)))
        R._face_cache.clear()
        #: content ids of every card face drawn (a back is drawn for a hidden card)
        self.faces: set[str] = set()
        real_face = R.face

        def face(card, width):
            if not card.hidden:
                trace.faces.add(card.id)
            return real_face(card, width)

        monkeypatch.setattr(R, "face", face)

    @property
    def text(self) -> str:
        return "\n".join(self.seen)


def test_hotseat_game_through_the_ui_with_save_and_load(app, monkeypatch):
    match = new_match(3)
    open_table(app, match)
    # nothing of the table is drawn before the first player lifts the curtain
    assert isinstance(app.top, HandoffScene)
    scene = pick_bearers(app, match)
    st = match.state
    me = st.first
    assert scene.viewer == me and st.phase == "draft" and st.turn == 1
    # draft step 3: click a gem in the pool
    gem = next(a.gem for a in match.legal_actions() if isinstance(a, A.TakeGem))
    click_hot(app, scene, ("gem", gem))
    assert match.state.players[me].gems == [gem]
    # undo is offered for a gem taken (nothing hidden was revealed)
    assert match.can_undo()
    app.press_key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert match.state.players[me].gems == []
    click_hot(app, scene, ("gem", gem))
    assert match.state.players[me].gems == [gem]
    # a row card this player cannot take is dimmed with the reason on hover
    t = scene.table()
    assert all(reason for reason in t.row_blocked.values())
    # on to the main phase; a defense card is dragged from the hand onto the defense zone
    while match.state.phase == "draft":
        click_button(app, scene, "To Main phase")
    assert match.state.phase == "main"
    app.settle(1)
    defense = [k[1] for k, cs in scene._choices.items() if k[0] == "hand"
               and any(isinstance(c.action, A.AddDefense) for c in cs)]
    assert defense, "the starting hand holds a defense card"
    uid = defense[0]
    start = scene.hot_rect(("hand", uid)).center
    zone = scene.zones["defense"].center
    app.move_mouse(start)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for k in range(1, 6):
        p = (start[0] + (zone[0] - start[0]) * k // 5, start[1] + (zone[1] - start[1]) * k // 5)
        app.move_mouse(p)
    assert scene.drag is not None and scene.drag["active"]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=zone, button=1)])
    app.settle(2)
    assert match.state.players[me].defense == [uid]
    # pile viewers: the own deck shows what it holds sorted by name (never its order), the
    # discard pile its cards
    click_hot(app, scene, ("pile", "deck", me))
    names = [f.name for f in scene.pile_view.cards]
    assert names == sorted(names) and len(names) == len(match.state.players[me].deck)
    assert "sorted by name" in scene.pile_view.note
    app.click((5, 5))
    assert scene.pile_view is None
    # a card name in the log shows that card on hover
    app.settle(1)
    assert scene.log.names, "the log names cards (the row dealt, the card drafted...)"
    rr, face = scene.log.names[-1]
    app.move_mouse(rr.center)
    assert scene.log.card_at(rr.center) is face
    # Player 1 has no attack on the first turn (GW-15): ending the main phase ends the turn
    click_button(app, scene, "End turn")
    scene = lift(app)
    assert scene.viewer == 1 - me and match.state.active == 1 - me
    # save through the pause menu, then load the save: the same table comes back
    app.press_key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.click_element(find_button(app, "Save game"))
    assert isinstance(app.top, SaveDialog)
    app.click_element(find_button(app, "Save"))
    assert isinstance(app.top, PauseScene)
    path = app.top.save_path
    assert path is not None
    snap = match.snapshot()
    app.apply(load_match(app, path))
    app.settle(2)
    loaded = lift(app)
    assert loaded is not scene and loaded.match.snapshot() == snap
    assert loaded.viewer == 1 - me
    # the loaded table plays on: the second player takes a gem
    gem2 = next(a.gem for a in loaded.match.legal_actions() if isinstance(a, A.TakeGem))
    click_hot(app, loaded, ("gem", gem2))
    assert loaded.match.state.players[1 - me].gems == [gem2]


def test_the_opponents_hidden_cards_are_never_drawn(app, monkeypatch):
    match = new_match(4)
    open_table(app, match)
    scene = pick_bearers(app, match)
    me = scene.viewer
    st = match.state
    opp = 1 - me
    mine = {scene.presenter.face(st.cards[c].cid).name for c in st.players[me].hand}
    theirs = {scene.presenter.face(st.cards[c].cid).name for c in st.players[opp].hand}
    theirs |= {scene.presenter.face(st.cards[c].cid).name for c in st.players[opp].deck}
    secret = theirs - mine
    secret_ids = ({st.cards[c].cid for c in st.players[opp].hand + st.players[opp].deck}
                  - {st.cards[c].cid for c in st.players[me].hand + st.players[me].deck})
    assert secret and secret_ids, "the two starting decks share no cards"
    trace = TextTrace(monkeypatch)
    scene.text._cache.clear()
    scene.log._rows = []
    # hover every card of the table and the log so zooms and tooltips draw too
    app.settle(1)
    for h in list(scene.hot):
        app.move_mouse(h.rect.center)
    for rr, _ in list(scene.log.names):
        app.move_mouse(rr.center)
    drawn = trace.text
    assert any(name in drawn for name in mine)      # the trace sees card names at all
    leaked = [n for n in secret if n in drawn]
    assert not leaked, f"the opponent's hidden cards were drawn: {leaked}"
    assert trace.faces & {st.cards[c].cid for c in st.players[me].hand}
    assert not trace.faces & secret_ids, f"faces drawn: {trace.faces & secret_ids}"
    log = "\n".join(e.text for e in scene.presenter.log_entries(scene.events, me))
    assert not [n for n in secret if n in log]
    assert "draws 5 cards" in log                     # the opponent's draw shows as a count


def test_an_ai_seat_plays_without_a_curtain(app):
    match = new_match(6, seats=("human", "ai"), names=("Ada", "Computer"))
    scene = open_table(app, match)
    assert scene.viewer == 0 and not isinstance(app.top, HandoffScene)
    for _ in range(400):
        d = match.decision
        if d is not None and d.seat == 0 and match.state.turn >= 2:
            break
        if d is not None and d.seat == 0:
            # the human answers set-up prompts and passes quickly
            legal = match.legal_actions()
            pref = [a for a in legal if isinstance(a, (A.ChooseGembearer, A.KeepRow, A.EndPhase))]
            scene.submit((pref or legal)[0])
        scene.pacer.skip()
        app.step(dt=0.05)
        assert not isinstance(app.top, HandoffScene)
    assert match.state.turn >= 2 and match.decision.seat == 0
    # the table lays itself out again for a big window and still answers clicks
    app.set_window((1920, 1080))
    app.settle(2)
    assert app.top is scene and app._fatal is None
    assert scene.rects["right"].right == 1920 and scene.hand.slots
    assert all(scene.rects["hand"].contains(sl.rect.clip(scene.rects["hand"]))
               for sl in scene.hand.slots)
    assert any(e.seat == 1 for e in scene.presenter.log_entries(scene.events, 0) if e.seat is not None)


def test_an_attack_plays_as_a_sequence_and_ends_at_the_results(app):
    match = new_match(3)
    open_table(app, match, speed="normal")
    scene = pick_bearers(app, match)
    # hurry on to Player 2's attack phase with plain passes
    for _ in range(30):
        if match.state.phase == "attack" and match.state.active != match.state.first:
            break
        d = match.decision
        legal = match.legal_actions()
        end = [a for a in legal if isinstance(a, A.EndPhase)]
        scene.submit(end[0] if end else legal[0])
        app.settle(1)
        if isinstance(app.top, HandoffScene):
            scene = lift(app)
    attacker = match.state.active
    assert match.state.phase == "attack" and scene.viewer == attacker
    # speed the end: the defender is at 1 life with an empty defense (a state set-up)
    defender = match.state.players[1 - attacker]
    defender.life = 1
    defender.discard.extend(defender.defense)
    defender.defense.clear()
    scene._table_key = None
    app.settle(1)
    attack = [k[1] for k, cs in scene._choices.items() if k[0] == "hand"
              and any(isinstance(c.action, A.AddToAttack) for c in cs)]
    assert attack, "the hand holds an attack card"
    click_hot(app, scene, ("hand", attack[0]))
    assert match.state.attack is not None and match.state.attack.cards == [attack[0]]
    click_button(app, scene, "Attack for")
    # the sequence plays (announced total, the empty defense, hit, damage) and can be skipped
    assert scene.show is not None
    kinds = [s.kind for s in scene.show.steps]
    assert kinds[0] == "announce" and "result" in kinds and "damage" in kinds
    assert next(s for s in scene.show.steps if s.kind == "result").hit
    app.step(dt=0.4)
    assert scene.show is not None and scene.show.index >= 1
    app.click((400, 300))
    assert scene.show is None
    app.settle(3)
    assert match.over and match.winner == attacker
    assert isinstance(app.top, ResultsScene)


def test_draft_menu_and_choose_cards_prompt(app):
    from game.client.systems.gemwielders import shots as CS
    from game.engine.rng import Rng
    # a table where the deciding seat must choose a card to discard (an effect stage)
    match = CS.new_match(1)
    open_table(app, match)
    scene = lift(app)
    rng = Rng.from_seed(1)
    drafted = False
    for _ in range(500):
        d = match.decision
        if d.stage == "choose_cards" and match.state.turn > 1:
            break
        if (not drafted and d.stage == "draft" and d.seat in scene.human_seats
                and any(isinstance(a, A.Draft) for a in match.legal_actions())):
            # draft through the row card's menu: Draft it / Scrap it
            scene.viewer = d.seat
            scene._table_key = None
            app.settle(1)
            slot = next(a.slot for a in match.legal_actions() if isinstance(a, A.Draft))
            card = match.state.row[slot]
            click_hot(app, scene, ("row", slot))
            assert scene.menu is not None
            labels = [b.label for b in scene.menu.buttons]
            assert labels[:2] == ["Draft it", "Scrap it"]
            app.click(scene.menu.buttons[0].rect.center)
            assert match.state.players[d.seat].discard[-1] == card
            drafted = True
            continue
        scene.submit(CS.pick(match, rng))
        scene.show = None
    assert drafted and match.decision.stage == "choose_cards"
    seat = match.decision.seat
    scene.viewer = seat
    scene._table_key = None
    app.settle(2)
    p = scene._prompt
    assert p is not None and p.pick == 1 and scene.prompt_cards
    confirm = next(b for b in scene.buttons if b.label.startswith("Confirm"))
    assert not confirm.enabled                       # nothing picked yet
    rect, face, _ = scene.prompt_cards[0]
    hand_before = list(match.state.players[seat].hand)
    app.click(rect.center)
    assert scene.picked == [face.uid]
    app.press_key(pygame.K_RETURN)
    assert face.uid not in match.state.players[seat].hand
    assert face.uid in match.state.players[seat].discard and face.uid in hand_before


def set_a_defense_card(app, scene: CardTableScene, match) -> str:
    """Go to the main phase and set a card of the hand in defense through the table (a click,
    and the menu's defense choice when the card offers several); its id."""
    while match.state.phase == "draft":
        click_button(app, scene, "To Main phase")
    app.settle(1)
    uid = next(k[1] for k, cs in scene._choices.items() if k[0] == "hand"
               and any(isinstance(c.action, A.AddDefense) for c in cs))
    click_hot(app, scene, ("hand", uid))
    if scene.menu is not None:
        app.click(next(b for b in scene.menu.buttons if "defense" in b.label).rect.center)
    return uid


def test_the_curtain_and_the_next_seat_see_nothing_of_the_last_hand(app, monkeypatch):
    match = new_match(4)
    open_table(app, match)
    scene = pick_bearers(app, match)
    first = scene.viewer
    # the first player sets a defense card and ends the turn
    uid = set_a_defense_card(app, scene, match)
    assert match.state.players[first].defense == [uid]
    st = match.state
    secret_card = scene.presenter.face(st.cards[uid].cid).name
    hand_names = {scene.presenter.face(st.cards[c].cid).name for c in st.players[first].hand}
    other = 1 - first
    theirs = {scene.presenter.face(st.cards[c].cid).name
              for c in st.players[other].hand + st.players[other].deck}
    secret = ({secret_card} | hand_names) - theirs
    click_button(app, scene, "End turn")
    curtain = app.top
    assert isinstance(curtain, HandoffScene)
    recap = "\n".join(curtain.recap)
    assert "face down" in recap                       # the public fact: a card was set
    assert not [n for n in secret if n in recap]
    trace = TextTrace(monkeypatch)
    scene = lift(app)
    assert scene.viewer == other
    scene.text._cache.clear()
    scene.log._rows = []
    app.settle(1)
    for h in list(scene.hot):
        app.move_mouse(h.rect.center)
    drawn = trace.text
    assert not [n for n in secret if n in drawn], "the last player's hidden cards were drawn"
    assert st.cards[uid].cid not in trace.faces


def test_the_curtain_recap_leaves_out_a_card_set_then_taken_back(app):
    match = new_match(4)
    open_table(app, match)
    scene = pick_bearers(app, match)
    first = scene.viewer
    uid = set_a_defense_card(app, scene, match)
    assert match.state.players[first].defense == [uid]
    assert any("face down" in line for line in scene._recap_for(1 - first))
    app.press_key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert match.state.players[first].defense == []
    # the card is back in the hand: the next player must not read that one was set
    assert not [line for line in scene._recap_for(1 - first) if "face down" in line]


def test_the_deck_viewer_lists_your_own_deck_sorted_and_hides_the_rivals(app):
    from game.engine.systems.gemwielders.rules import own_deck_contents
    match = new_match(4)
    open_table(app, match)
    scene = pick_bearers(app, match)
    me = scene.viewer
    st = match.state
    expected = sorted((scene.presenter.face(st.cards[c].cid).name for c in st.players[me].deck))
    scene._open_pile(("pile", "deck", me))
    names = [f.name for f in scene.pile_view.cards]
    assert names == expected and len(names) == len(st.players[me].deck)
    assert [scene.presenter.face(c).name for c in own_deck_contents(st, me)] == names
    scene._open_pile(("pile", "deck", 1 - me))
    assert scene.pile_view.cards == [] and "Nobody knows the order" in scene.pile_view.note


def test_a_toast_is_drawn_over_the_zoomed_card(app, monkeypatch):
    from game.client.systems.gemwielders import table as table_mod
    match = new_match(4)
    open_table(app, match)
    scene = pick_bearers(app, match)
    order: list[str] = []
    real_zoom, real_toasts = table_mod.CW.zoom, table_mod.W.draw_toasts
    monkeypatch.setattr(table_mod.CW, "zoom",
                        lambda *a, **k: (order.append("zoom"), real_zoom(*a, **k))[1])
    monkeypatch.setattr(table_mod.W, "draw_toasts",
                        lambda *a, **k: (order.append("toasts"), real_toasts(*a, **k))[1])
    surface = pygame.display.get_surface()
    scene.draw(surface)
    row = next(h for h in scene.hot if h.face is not None and not h.face.hidden
               and h.key[0] != "hand")
    app.move_mouse(row.rect.center)              # a card on the table: it zooms
    scene.toast("That card cannot go there")
    order.clear()
    scene.draw(surface)
    assert "zoom" in order and order[-1] == "toasts"
