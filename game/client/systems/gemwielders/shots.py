"""Card-table screens for `game shots` and the tests that look at them: the Gembearer pick, a
game in progress, a hand card zoomed, the attack sequence mid-way, and the hand-off curtain.

Owns: playing a seeded Gemwielders match forward through the scene's own `submit` (every step a
legal action chosen by a fixed rule from `legal_actions`, so the log and the attack sequence see
it), and pinning the pointer for the zoom shot (the dummy video driver has no pointer).

Must not: reach into the match state to fake a position.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.rules import MatchConfig, SeatConfig

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scene import Scene
    from game.client.systems.gemwielders.table import CardTableScene


def new_match(seed: int = 3, seats: tuple[str, str] = ("human", "human"),
              names: tuple[str, str] = ("Ada", "Bram")) -> Match:
    import game.engine.systems.gemwielders  # noqa: F401  (registers the system)
    cfg = MatchConfig("gemwielders", seed, [SeatConfig(k, name=n) for k, n in zip(seats, names)])
    return Match.new(cfg)


def _kind(a: Any) -> str:
    return getattr(a, "kind", "")


def pick(match: Match, rng: Rng) -> Any:
    """A plausible move: set-up picks first, then gems, drafts, plays, defenses and attacks
    before passing (a fixed preference, ties broken by the seeded `rng`)."""
    legal = match.legal_actions()
    order = ["gw.choose_gembearer", "gw.keep_row", "gw.take_gem", "gw.draft", "gw.take_source",
             "gw.play_source", "gw.play_skill", "gw.play_modification", "gw.use_card",
             "gw.add_defense", "gw.add_to_attack", "gw.announce", "gw.pay", "gw.order_effects",
             "gw.choose_cards", "gw.skip_step", "gw.end_phase", "gw.decline"]
    for kind in order:
        got = [a for a in legal if _kind(a) == kind]
        if kind == "gw.add_defense" and match.state.phase == "main":
            # keep attack cards for the attack; set at most two defense cards a turn
            me = match.state.players[match.state.active]
            if len(me.defense) >= 3 or rng.randint(0, 2) == 0:
                continue
        if kind == "gw.play_source" and got:
            got = [a for a in got if not any(getattr(a, "pay", ()))] or got
        if got:
            return got[rng.randint(0, len(got) - 1)]
    return legal[rng.randint(0, len(legal) - 1)]


def play_until(scene: "CardTableScene", stop, limit: int = 400, seed: int = 11) -> None:
    """Submit moves through the scene until `stop(match)` is true (or `limit` moves)."""
    rng = Rng.from_seed(seed)
    m = scene.match
    for _ in range(limit):
        if m.over or stop(m):
            return
        scene.submit(pick(m, rng))
        scene.show = None


def _attack_ready(m: Match) -> bool:
    st = m.state
    return (st.phase == "attack" and st.turn >= 4 and (st.attack is None or not st.attack.cards)
            and any(_kind(a) == "gw.add_to_attack" for a in m.legal_actions())
            and len(st.players[1 - st.active].defense) >= 1)


def build(app: "App") -> list[tuple[str, "Scene"]]:
    from game.client.systems.gemwielders.table import CardTableScene
    from game.client.scenes.handoff import HandoffScene

    out: list[tuple[str, Scene]] = []

    # the Gembearer pick at the start
    m = new_match(3)
    s = CardTableScene(app, m)
    s.viewer = m.decision.seat
    out.append(("card_table_pick", s))

    # mid-game: turn 6 main phase for the deciding seat
    m = new_match(3)
    s = CardTableScene(app, m)
    s.viewer = 0
    play_until(s, lambda mm: mm.state.turn >= 6 and mm.state.phase == "main")
    s.viewer = m.decision.seat
    out.append(("card_table", s))

    # the same table with a hand card risen and zoomed under the pointer
    z = CardTableScene(app, m)
    z.events = list(s.events)
    z.viewer = s.viewer
    z.zoom_hand = 0
    out.append(("card_table_zoom", z))

    # the attack sequence half-way: the defense turning up card by card
    m = new_match(5)
    a = CardTableScene(app, m)
    a.viewer = 0
    play_until(a, _attack_ready, seed=13)
    if not m.over and m.decision is not None:
        a.viewer = m.decision.seat
        attack = [x for x in m.legal_actions() if _kind(x) == "gw.add_to_attack"]
        for x in attack[:2]:
            if x in m.legal_actions():
                a.submit(x)
        ann = [x for x in m.legal_actions() if _kind(x) == "gw.announce"]
        if ann:
            a.table()           # what the table showed when the attack was announced
            a.submit(ann[0])
        if a.show is not None:
            flips = [i for i, st in enumerate(a.show.steps) if st.kind == "flip"]
            a.show.index = flips[0] if flips else min(2, len(a.show.steps) - 1)
            a.show.t = 0.25
            a.freeze_show = True
    out.append(("card_table_attack", a))

    # the curtain between two humans, with the recap of what the other did
    recap = [e.text for e in s.presenter.log_entries(s.events[-30:], 1 - s.viewer)
             if e.seat != 1 - s.viewer][-6:]
    out.append(("card_table_handoff", HandoffScene(app, s.presenter.seat_name(1 - s.viewer),
                                                   recap)))
    return out
