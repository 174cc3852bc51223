"""Helpers for bindings rule tests: a match from a few text rows, combatants and forced dice.

    m = duel(a=dict(sheet="aeromancer", x=0, y=0), b=dict(sheet="brawler", x=2, y=0))
    run_to(m, 1, 2, "a")                 # end turns until it is a's turn in R1 S2
    out = act(m, StartMovement("a", "move", (3, 0)))

Initiative is forced: `order` lists ids rank 1 first and the helper works out the dice (each
rolls its pool; rank i shows n - i sixes); ids in `zero_sixes` roll no six (a round-1 delay,
BND-20) and come last. Rows use system.DEFAULT_LEGEND ('.' open, '#' solid, 'o' cover, '~' water,
':' difficult, '*' conceal 1, 'D' dark); stagger y odd unless `axis`/`index` say otherwise; in
that layout a row (y fixed) is a straight hex line, so (0, 0)..(8, 0) are 0..8 hexes apart.
"""
from __future__ import annotations

from typing import Any, Iterable

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.bindings import system as bsys
from game.engine.systems.bindings import turns
from game.engine.systems.bindings.actions import Defend
from game.engine.systems.bindings.content import with_inline

OPEN = ["." * 12] * 7


def initiative_dice(specs: list[dict[str, Any]], order: list[str] | None = None,
                    zero_sixes: Iterable[str] = (),
                    content: dict[str, Any] | None = None) -> list[int]:
    """Forced faces that make initiative come out as `order` (default: the specs' order);
    `content` is the set-up's inline content, which may define the specs' sheets."""
    c = with_inline(content)
    cs = {s["id"]: bsys.make_combatant(s, c) for s in specs}
    ids = [s["id"] for s in specs]
    zero = set(zero_sixes)
    order = list(order or [i for i in ids if i not in zero] + [i for i in ids if i in zero])
    if set(order) != set(ids):
        raise ValueError(f"order {order} must list every combatant {ids}")
    if any(i in zero for i in order[:len(order) - len(zero)]):
        raise ValueError("combatants with zero sixes rank last; list them last in order")
    ranked = [i for i in order if i not in zero]
    want = {cid: len(ranked) - n for n, cid in enumerate(ranked)}
    want.update({cid: 0 for cid in zero})
    faces: list[int] = []
    for cid in ids:
        n = turns.pool(cs[cid])
        if want[cid] > n:
            raise ValueError(f"{cid} rolls only {n} dice, cannot show {want[cid]} sixes")
        faces += [6] * want[cid] + [1] * (n - want[cid])
    tied = [i for i in order if i in zero]
    if len(tied) > 1:                       # the zero-six group re-rolls once, in set-up order
        for cid in [i for i in ids if i in zero]:
            n = max(turns.pool(cs[cid]), 1)
            k = len(tied) - 1 - tied.index(cid)
            if k > n:
                raise ValueError(f"{cid} cannot show {k} sixes on a tie re-roll")
            faces += [6] * k + [1] * (n - k)
    return faces


def config(combatants: list[dict[str, Any]], rows: list[str] | None = None,
           house: dict[str, Any] | None = None, order: list[str] | None = None,
           zero_sixes: Iterable[str] = (), axis: str = "y", index: str = "odd",
           setup_dice: list[int] | None = None, seed: int = 1, opening: str | None = None,
           legend: dict[str, dict] | None = None,
           content: dict[str, Any] | None = None) -> MatchConfig:
    grid: dict[str, Any] = {"rows": list(rows or OPEN), "stagger_axis": axis,
                            "stagger_index": index}
    if legend:
        grid["legend"] = legend
    setup: dict[str, Any] = {"grid": grid, "combatants": combatants}
    if opening:
        setup["opening"] = opening
    if content is not None:
        setup["content"] = content
    dice = setup_dice if setup_dice is not None else initiative_dice(combatants, order,
                                                                     zero_sixes, content)
    return MatchConfig("bindings", seed, [SeatConfig(), SeatConfig()], None, dict(house or {}),
                       setup, dice)


def make(combatants: list[dict[str, Any]], **kw: Any) -> Match:
    """A match of `combatants` ({id, sheet, side, x, y, overrides...}); see config()."""
    return Match.new(config(combatants, **kw))


def duel(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None,
         dice: list[int] | None = None, **kw: Any) -> Match:
    """Two combatants "a" (side 0, rank 1) and "b" (side 1, rank 2) unless `order` says
    otherwise; defaults: an aeromancer at (0, 0) and a brawler at (2, 0) on open ground.
    `dice` are forced after set-up."""
    a = {"id": "a", "sheet": "aeromancer", "side": 0, "x": 0, "y": 0, **(a or {})}
    b = {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0, **(b or {})}
    m = make([a, b], **kw)
    if dice:
        m.force_dice(dice)
    return m


def act(m: Match, action: Any, dice: list[int] | None = None) -> list:
    """Submit `action` (forcing `dice` first); returns its events."""
    if dice:
        m.force_dice(dice)
    return m.submit(action).events


def where(m: Match, cid: str) -> tuple[int, int]:
    c = m.state.combatants[cid]
    return c.x, c.y


def when(m: Match) -> tuple[int, int, str | None]:
    return m.state.round, m.state.segment, m.state.acting


def of(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def run_to(m: Match, round_: int, segment: int, actor: str | None = None,
           decline: bool = True, limit: int = 200) -> list:
    """End turns until it is `actor`'s turn in round `round_`, segment `segment` (any actor
    when None). Defend prompts met on the way are declined when `decline`. Returns the
    events."""
    out: list = []
    for _ in range(limit):
        s = m.state
        d = m.decision
        if d is None:
            raise AssertionError(f"the match ended before R{round_}S{segment} {actor}")
        if d.stage == "act" and (s.round, s.segment) == (round_, segment) and \
                (actor is None or s.acting == actor):
            return out
        if (s.round, s.segment) > (round_, segment):
            raise AssertionError(f"passed R{round_}S{segment} without {actor} acting "
                                 f"(now R{s.round}S{s.segment} {s.acting})")
        if d.stage == "act":
            out += m.submit(EndTurn()).events
        elif d.stage == "defend" and decline:
            p = s.pending[-1]
            out += m.submit(Defend(p.actor, p.data.get("attack", ""), None)).events
        else:
            raise AssertionError(f"stage {d.stage} met on the way to R{round_}S{segment}")
    raise AssertionError("run_to: too many steps")
