"""Helpers for the effect and content tests: a Gemwielders state built by hand (no flow), so
effects can be checked on exact piles. Deck lists are top first, as in the checklist."""
from __future__ import annotations

from game.engine.rng import Rng
from game.engine.systems.gemwielders import effects
from game.engine.systems.gemwielders.state import Attack, GwState


def make_state(**house) -> GwState:
    """Seat 0 (Player 1, Hammer) in its main phase on turn 3; seat 1 has the Longbow."""
    s = GwState(house=dict(house))
    s.first, s.turn, s.active, s.phase = 0, 3, 0, "main"
    s.players[0].gembearer = "hammer"
    s.players[1].gembearer = "longbow"
    return s


def put(s: GwState, seat: int | None, zone: str, *cids: str) -> list[str]:
    """New card instances of `cids` appended to a zone (seat None: a shared zone)."""
    ids = [s.new_card(c) for c in cids]
    getattr(s if seat is None else s.p(seat), zone).extend(ids)
    return ids


def rng(*forced: int, seed: int = 7) -> Rng:
    r = Rng.from_seed(seed)
    r.force(list(forced))
    return r


def start_attack(s: GwState, attacker: int, attack_cids: list[str], defense_cids: list[str]):
    """An attack in progress with its cards on the table and the setup revealed."""
    atk_ids = put(s, None, "table", *attack_cids)
    def_ids = put(s, 1 - attacker, "defense", *defense_cids)
    s.attack = Attack(attacker, 1 - attacker, cards=list(atk_ids), revealed=list(def_ids),
                      step="reveal")
    return atk_ids, def_ids


def run(s: GwState, owner: int, steps: list[dict], r: Rng | None = None, **ctx) -> list:
    """Resolve raw steps (validated the way content is) for `owner`."""
    from game.engine.systems.gemwielders.content import check_effects
    return effects.resolve(s, owner, check_effects("test", steps), ctx, r or rng())


def kinds(events) -> list[str]:
    return [e.kind for e in events]
