"""RPGStuck bots: pick the blow worth most, walk first where a better blow waits, Aim first,
Block when attacked, Avert with a spare minor action, keep ranged fighters at range, and in
darkness strike at the squares the side knows, until those squares stop being believed.

Owns: `RpgBot` on tactics.bots.BotBase and its registration per difficulty. Difficulties (a split
of real skills, as in gems: neither plays a blunder on purpose):
  * normal weighs each blow by the forecast's expected damage (no more than the target has) and
    the chance it drops the target times what the target's own blows would cost the side over
    a few rounds (it finishes what it can drop), and a little for a foe already hurt; it
    walks along real paths (walls, water, cliffs) to the square where its best ready blow
    lands, or toward the most worthwhile enemy, likes cover and darkness a little and shuns
    squares next to several enemies; it grabs (or breaks free) when the hold is worth more than
    a blow: the engine's chance of the check times what the hold takes from the held side for
    `HOLD_ROUNDS` (a prone foe kept down, a shooter kept close), priced by the forecast.
  * hard adds focus fire: from the first blow on, a hurt and dangerous foe is worth more (the
    side's blows meet on it), and a drop counts more the less health the target has; in the
    dark it prices a blow at a square where it last knew an enemy by the forecast at that enemy
    as it last saw it (normal: a flat guess value); it takes Assail instead of Aim when the
    forecast says it pays, likes cover and darkness twice as much, and shoves a foe over a
    drop or into others when the push, played on a copy, is worth more than a blow.
  * easy is normal with noise and random picks.
Without an enemy in view the bots head for the last known squares (and strike at them), else
for the enemy side's spawns, and with every spawn searched they walk onto the squares the side
cannot see, the dark ones first. A last known square the seat has guessed at for `STALE_ROUNDS`
rounds with nothing learnt (a miss at an empty square looks like any miss, SM-08) is no longer
believed: the bot stops striking at it and goes to stand on it and round it (a bump finds the
enemy, RS-103). A stage the bot does not know (a newer rule's question) gets its first answer,
so a new action never stops a bot.

Must not: read the real match or its generator (it has the seat's redacted view, the legal
actions and its own forked generator), or compute a rule: hit chances and damage come from the
engine's forecast (forecast.py), reach, range, sight and step costs from rules.py, attack.py and
arith.py.
"""
from __future__ import annotations

import copy
from collections.abc import Generator
from typing import Any

from game.engine.actions import EndTurn
from game.engine.ai.base import LONG_STEP, Thinking, run_thinking
from game.engine.rng import Rng
from game.engine.tactics.bots import BotBase, dry_run, register_bot

from . import arith, forecast, grapple, house, mount, rules
from .arith import observe, sees_cell
from .attack import distance_to_cell, in_range
from .actions import (Aim, Assail, Attack, Avert, Block, Dash, Escape, Fly, Grapple, HoldAloft,
                      Move, Opportunity, Resist, Shove, StandUp)
from .profiles import Profile, is_attack, profile
from .state import Creature, RpgState
from .system import RPGSTUCK, SYSTEM_ID

GUESS = 2.0            # what a blow at a square the side cannot see is worth (RS-102/103)
TRUST = 0.5            # hard: the chance an unseen enemy still stands where last seen, roughly
BETTER = 1.0           # how much more a blow from elsewhere must be worth to walk there first
FAR_FT = 2000          # a path search's budget: any square of a shipped map
KILL_ROUNDS = 3.0      # rounds of an enemy's blows a drop saves the side, roughly
UNKNOWN = 10 ** 6      # no path found: compare by straight distance far behind any path
STALE_ROUNDS = 3       # rounds of guesses at one square, nothing learnt, before going to look
HOLD_ROUNDS = 3.0      # rounds a hold is reckoned to last before an escape, roughly


class RpgBot(BotBase):
    crowd = 1.0            # what each enemy next to a square beyond the first costs it
    def __init__(self, name: str, noise: float = 0.0, random_rate: float = 0.0,
                 hard: bool = False) -> None:
        super().__init__(name, noise, random_rate)
        self.hard = hard
        self._paths: dict[tuple, dict[tuple[int, int], int]] = {}
        self._memo: dict[tuple, Any] = {}
        self._sizes: dict[str, int] = {}      # each creature's size as the seat last saw it
        self._avoid: frozenset[tuple[int, int]] = frozenset()
        self._down: dict[str, tuple[int, int]] = {}   # enemies found down at their last square
        self._bumped: set[tuple[int, int]] = set()     # squares a walk of the seat was stopped at
        self._walking: tuple | None = None             # the walk just chosen, for _note_bump
        self._searched: set[tuple[int, int]] = set()   # spawns searched for an unseen enemy
        self._shots: dict[tuple[int, int], set[int]] = {}  # rounds the seat guessed at a square
        self._stale: dict[str, tuple[int, int]] = {}   # last known squares it no longer trusts
        self._looked: set[tuple[int, int]] = set()     # squares round a stale one stood on
        self._look: frozenset[tuple[int, int]] = frozenset()   # the squares to go and look at
        self._seen_as: dict[str, Creature] = {}        # each enemy as the seat last saw it

    def choose(self, view: RpgState, legal: list, rng: Rng) -> Any:
        return run_thinking(self.think(view, legal, rng))

    def think(self, view: RpgState, legal: list, rng: Rng) -> Thinking:
        """The choice in slices (yield None between them) for a client thinking in-process
        (the AI seat's fallback): one forecast or one square's worth a slice, so no slice holds
        a frame for long. The same work in the same order as one call, so the same answer."""
        self._note_bump(view)
        action = yield from self._choose(view, legal, rng)
        me = view.acting
        if isinstance(action, Attack) and me is not None:
            for cell in action.targets:             # a guess: the seat cannot tell a miss
                if self._foe_at(view, me, cell) is None:    # from an empty square (SM-08)
                    self._shots.setdefault(cell, set()).add(view.round)
        if isinstance(action, Move) and me is not None:
            _cost, path = rules.reach(view, me).get((action.x, action.y), (0, []))
            self._walking = (me.id, view.round, (me.x, me.y), path)
        return action

    def _choose(self, view: RpgState, legal: list, rng: Rng) -> Thinking:
        legal = self.playable(legal)
        self._memo = {}                    # forecasts of this position only
        self._sizes.update((c.id, c.size) for c in view.creatures.values())
        self._search(view)
        self._distrust(view)
        yield None
        picked = self.random_pick(legal, rng)
        if picked is not None:
            return picked
        resists = [a for a in legal if isinstance(a, Resist)]
        if resists:                              # SM-20 asked: the better skill
            return max(resists, key=lambda a: view.creatures[a.unit].skills[a.skill])
        blocks = [a for a in legal if isinstance(a, Block)]
        if blocks:
            return self._block(view, blocks)
        chances = [a for a in legal if isinstance(a, Opportunity)]
        if chances:                              # B-26 option: the best blow, else let it go
            return max(chances, key=lambda a: self._opportunity_score(view, a, rng))
        holds = [a for a in legal if isinstance(a, HoldAloft)]
        if holds:                                # RS-75 (c): drop a foe, try to save a friend
            held = view.creatures[holds[0].target]
            how = "let_go" if held.side != view.creatures[holds[0].unit].side else "check"
            return next(a for a in holds if a.how == how)
        if not any(isinstance(a, EndTurn) for a in legal):
            return legal[0]               # a stage this bot does not know: its first answer
        me = view.acting
        kinds = {type(a) for a in legal}
        if self._flees(view, me):                   # SM-05, RS-130: a lone mount runs
            away = [a for a in legal if isinstance(a, Move)]
            if away:
                return max(away, key=lambda a: self._gap(view, me, a.x, a.y))
            return next(a for a in legal if isinstance(a, EndTurn))
        if StandUp in kinds:
            return next(a for a in legal if isinstance(a, StandUp))
        lurking = self._lurking(view, me)
        self._avoid = frozenset(lurking)          # the walk map goes round them (_steps)
        known = self._standing(view, me, legal, lurking)
        yield None
        values = yield from self._blow_values(view, me, rng)
        # an attack at a square where the seat sees nobody is a guess (RS-102/103): worth less
        # than a seen blow, more than none
        attacks = [a for a in legal if isinstance(a, Attack)
                   and (any(self._foe_at(view, me, cell) for cell in a.targets)
                        or self._guess(view, me, a, known))]
        scored = []
        for a in attacks:
            scored.append((self._attack_score(view, me, a, known, rng), a))
            yield None
        scored = [(s, a) for s, a in scored if s > 0]
        best_now = max((s for s, _ in scored), default=0.0)
        holds = []
        for a in legal:
            if isinstance(a, (Grapple, Escape)):
                holds.append(((yield from self._grab_score(view, me, a, rng)), a))
        if self.hard:                   # hard's alone: a push over a drop or into a crowd
            for a in legal:
                if isinstance(a, Shove) and not a.prone:
                    holds.append((self._shove_score(view, me, a, rng), a))
                    yield None
        hold_score, hold = max(holds, key=lambda sa: sa[0], default=(0.0, None))
        moves = self._walks(view, me, legal, lurking)
        yield None
        if moves and values:
            better = yield from self._walk_to_blow(view, me, moves, values,
                                                   max(best_now, hold_score), rng)
            if better is not None:
                return better
        if hold is not None and hold_score > best_now:
            return hold                  # RS-64/65: the hold is worth more than any blow now
        if scored:
            best = max(scored, key=lambda sa: sa[0])[1]
            if Aim in kinds and view.turn.aim == 0 and not view.turn.assail \
                    and view.turn.minor and self._spare_minor(view, me, best):
                if self.hard and self._assail_pays(view, me, best):
                    return Assail(me.id)         # B-12: more damage beats a likelier hit here
                return Aim(me.id)            # B-12: a d4 on the coming roll costs nothing else
            return best
        flight = self._fly(view, me, legal)
        if flight is not None:
            return flight
        if moves:
            later = values or (yield from self._blow_values(view, me, rng, ready=False))
            here = yield from self._place_score(view, me, me.x, me.y, known, later, rng)
            top: tuple[float, int] | None = None
            for i, a in enumerate(moves):
                got = ((yield from self._place_score(view, me, a.x, a.y, known, later, rng)), -i)
                if top is None or got > top:
                    top = got
            assert top is not None
            score, best_move = top
            if score > here + 1e-9:
                return moves[-best_move]
        escapes = [a for a in legal if isinstance(a, Escape)]
        if escapes:                                  # RS-65: held and nothing to hit
            return max(escapes, key=lambda a: grapple.escape_odds(
                view, me, view.creatures[a.grappler]) if a.grappler in view.creatures else 0)
        if Dash in kinds and view.turn.move_left < 5 and self._far(view, me, known):
            return Dash(me.id)
        if Avert in kinds and not me.has("averting"):
            return Avert(me.id)
        return next(a for a in legal if isinstance(a, EndTurn))

    # --- what the seat knows ----------------------------------------------------------------------
    def _foe_at(self, view: RpgState, me: Creature, cell: tuple[int, int]) -> Creature | None:
        d = view.at(*cell)
        return d if d is not None and d.side != me.side and d.up else None

    def _footprint(self, me: Creature, x: int, y: int) -> list[tuple[int, int]]:
        return [(x + i, y + j) for j in range(me.size) for i in range(me.size)]

    def _lurking(self, view: RpgState, me: Creature) -> set[tuple[int, int]]:
        """The squares where the side last knew an enemy out of its view (standing or down):
        its whole footprint at the size the seat last saw it (one square if it never saw it),
        and the squares a walk of this seat was stopped at (`_note_bump`); but those somebody
        of the side sees standing empty (forgotten then)."""
        mine = [c for c in view.creatures.values() if c.side == me.side and c.up]

        def empty(cell: tuple[int, int]) -> bool:
            return any(observe(view, c, [cell]).seen for c in mine)
        self._bumped = {cell for cell in self._bumped if not empty(cell)}
        cells = {(x + i, y + j)
                 for cid, (x, y) in view.last_seen.get(str(me.side), {}).items()
                 if cid not in view.creatures and self._stale.get(cid) != (x, y)
                 for j in range(self._sizes.get(cid, 1)) for i in range(self._sizes.get(cid, 1))}
        return {cell for cell in cells if not empty(cell)} | self._bumped

    def _standing(self, view: RpgState, me: Creature, legal: list,
                  lurking: set[tuple[int, int]]) -> set[tuple[int, int]]:
        """The last known squares (of lurking ones) that may hold an enemy still standing: a
        square within reach of a ready blow that the legal list does not offer holds nobody
        standing (the engine offers every standing enemy's last known square); the seat
        remembers that body until the side learns a new square for it."""
        last = {cid: (x, y) for cid, (x, y) in view.last_seen.get(str(me.side), {}).items()
                if (x, y) in lurking and self._down.get(cid) != (x, y)
                and self._stale.get(cid) != (x, y)}
        if not last:
            return set()
        offered = {cell for a in legal if isinstance(a, Attack) for cell in a.targets}
        ready = [p for p in self._ready(view, me) if p.damage]
        out = set()
        for cid, cell in last.items():
            if cell in offered or not any(in_range(view, me, p, cell) for p in ready):
                out.add(cell)
            else:
                self._down[cid] = cell
        return out

    def _search(self, view: RpgState) -> None:
        """What the seat learns by looking: the enemies it sees down (bodies, `_standing`) or
        up again, and the spawns it has searched (somebody of the side next to one, or seeing
        it standing empty)."""
        me = view.acting
        if me is None:
            return
        for c in view.creatures.values():
            if c.side != me.side:
                if c.up:
                    self._down.pop(c.id, None)
                    if not c.hidden:
                        self._seen_as[c.id] = copy.deepcopy(c)
                    self._stale.pop(c.id, None)
                    self._shots.pop((c.x, c.y), None)
                else:
                    self._down[c.id] = (c.x, c.y)
        mine = [c for c in view.creatures.values() if c.side == me.side and c.up]
        for objs in view.board.spawns_by_side().values():
            for o in objs:
                cell = (o.x, o.y)
                if cell not in self._searched and any(
                        distance_to_cell(c, cell) <= 1 or observe(view, c, [cell]).seen
                        for c in mine):
                    self._searched.add(cell)
        self._looked |= {cell for c in mine for cell in c.cells()}

    def _distrust(self, view: RpgState) -> None:
        """A last known square the seat has guessed at in `STALE_ROUNDS` rounds without
        learning anything new of the enemy there is no longer believed (a miss at an empty
        square looks like any miss, SM-08): the seat stops striking at it and goes to look
        round it (`_goals`), walking through it (a bump there finds the enemy, RS-103)."""
        me = view.acting
        if me is None:
            return
        for cid, (x, y) in view.last_seen.get(str(me.side), {}).items():
            if cid not in view.creatures and len(self._shots.get((x, y), ())) >= STALE_ROUNDS \
                    and self._stale.get(cid) != (x, y):
                self._stale[cid] = (x, y)
                self._looked -= {(x + i, y + j) for j in (-1, 0, 1) for i in (-1, 0, 1)}
                # an old bump there would keep the walk off the very square it goes to look
                # at: forgotten (the walk bumps again if something still stands there)
                self._bumped -= {(x + i, y + j) for j in range(self._sizes.get(cid, 1))
                                 for i in range(self._sizes.get(cid, 1))}

    def _note_bump(self, view: RpgState) -> None:
        """After a walk of this seat stopped short (RS-103: it bumped into an enemy its side did
        not perceive, maybe a body lying in the dark), the square it could not enter joins the
        ones to walk round, so the next walk does not bump there again."""
        walking, self._walking = self._walking, None
        me = view.acting
        if walking is None or me is None or (me.id, view.round) != walking[:2]:
            return
        start, path = walking[2], walking[3]
        here = (me.x, me.y)
        if not path or here == path[-1] or me.has("mounted"):
            return
        steps = [start] + path
        if here in steps:
            nxt = steps[steps.index(here) + 1]
            found = set(self._footprint(me, *nxt)) - set(self._footprint(me, *here))
            self._bumped |= found
            for cell in found:                  # the enemy is there after all: believed again
                self._shots.pop(cell, None)
            self._stale = {cid: cell for cid, cell in self._stale.items() if cell not in found}

    def _walks(self, view: RpgState, me: Creature, legal: list,
               lurking: set[tuple[int, int]]) -> list[Move]:
        """The offered walks that do not lead through a square where the side knows an unseen
        enemy lies or stands (the walk would stop there, RS-103's bump, and pay for it)."""
        moves = [a for a in legal if isinstance(a, Move)]
        if not lurking or not moves:
            return moves
        paths = rules.reach(view, me)
        out = []
        for a in moves:
            _cost, path = paths.get((a.x, a.y), (0, [(a.x, a.y)]))
            if not any(cell in lurking for step in path
                       for cell in self._footprint(me, *step)):
                out.append(a)
        return out

    def _ready(self, view: RpgState, me: Creature) -> list[Profile]:
        return [profile(view, me, aid) for aid in rules.ready_attacks(view, me)]

    def _enemies(self, view: RpgState, me: Creature) -> list[Creature]:
        return [d for d in view.creatures.values() if d.side != me.side and d.up]

    def _goals(self, view: RpgState, me: Creature,
               known: set[tuple[int, int]]) -> list[tuple[int, int]]:
        """Where the enemy is, as the seat knows it: each enemy in view, else the last known
        squares of those out of view, else the enemy side's spawns on the map."""
        self._look = frozenset()
        seen = [(d.x, d.y) for d in self._enemies(view, me)]
        if seen:
            return seen
        if known:
            return sorted(known)
        # a square no longer believed: stand on it and each square round it that a walk
        # reaches, in turn
        self._look = frozenset(
            cell for x, y in self._stale.values() for j in (-1, 0, 1) for i in (-1, 0, 1)
            if (cell := (x + i, y + j)) not in self._looked and cell not in self._bumped
            and (me.x, me.y) in self._steps(view, me, cell))
        if self._look:
            return sorted(self._look)
        # nobody known: search the spawns, the enemy's first, then every spawn in turn (the
        # enemy may be hunting at ours); a spawn is searched once somebody of the side stood
        # next to it or sees it standing empty (`_search`)
        spawns = view.board.spawns_by_side()
        for sides in ([s for s in spawns if s != me.side], list(spawns)):
            left = [(o.x, o.y) for side in sides for o in spawns[side]
                    if (o.x, o.y) not in self._searched]
            if left:
                return left
        # every spawn searched: the enemy is somewhere the side cannot see (a shooter in the
        # dark): walk onto the nearest such squares in turn (a walk into it finds it, RS-103)
        self._look = frozenset(self._unseen(view, me))
        if self._look:
            return sorted(self._look)
        if spawns:
            self._searched.clear()           # the whole map seen: start the round again
            return [(o.x, o.y) for objs in spawns.values() for o in objs]
        w, h = view.board.width, view.board.height
        return [(w // 2, h // 2)]

    def _unseen(self, view: RpgState, me: Creature, count: int = 3) -> list[tuple[int, int]]:
        """The `count` squares that nobody of the side sees now and none of it has stood on
        (`_looked`): dark ones first (an enemy in the light is seen once a line reaches it; one
        in the dark only by walking into it, RS-99/103), then the nearest to walk to
        (arith.reach); once per decision."""
        key = ("unseen", me.id)
        if key not in self._memo:
            mine = [c for c in view.creatures.values() if c.side == me.side and c.up]
            walks = arith.reach(view, me, FAR_FT, avoid=self._avoid)
            f = arith.field(view)
            out: list[tuple[int, int]] = []
            for cell in sorted(walks, key=lambda cell: (f.light_at(cell) != "dark",
                                                        walks[cell][0], cell)):
                if out and (f.light_at(cell) == "dark") != (f.light_at(out[0]) == "dark"):
                    break                        # the dark first, alone while any is left
                if cell not in self._looked and not any(observe(view, c, [cell]).seen
                                                         for c in mine):
                    out.append(cell)
                    if len(out) == count:
                        break
            self._memo[key] = out
        return self._memo[key]

    # --- judging blows ---------------------------------------------------------------------------
    def _block(self, view: RpgState, blocks: list) -> Any:
        """Block whenever offered: the reaction comes back at the creature's own turn start and
        no other reaction competes for it (the odds only ever improve, RS-28)."""
        return next(a for a in blocks if a.block)

    def _predict(self, view: RpgState, c: Creature, ability: str, d: Creature,
                 **terms: Any) -> forecast.Forecast:
        """The engine's forecast, asked once per position this decision."""
        key = (c.id, c.x, c.y, d.id, d.x, d.y, ability, tuple(sorted(terms.items())))
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = forecast.predict(view, c, ability, d, **terms)
        return found

    def _threat(self, view: RpgState, d: Creature, me: Creature,
                unless: frozenset[str] = frozenset()) -> float:
        """What `d`'s best blow would cost the side, as the forecast prices it against `me`
        (with `unless`, the forecast's what-if: were they not within 5 ft, or nobody prone)."""
        key = ("threat", d.id, me.id, unless)
        if key in self._memo:
            return self._memo[key]
        found = max((self._predict(view, d, aid, me, unless=unless).expected
                     for aid in d.actions
                     if is_attack(view, aid) and profile(view, d, aid).damage), default=0.0)
        self._memo[key] = found
        return found

    def _held_cost(self, view: RpgState, held: Creature, holder: Creature
                   ) -> Generator[None, None, float]:
        """What one round of a hold costs the held creature's side in expected damage: a
        shooter kept within 5 ft of the holder shoots at its disadvantage (B-22) where it would
        step back, and a prone one cannot stand (rules.py: not while grappled), so its own
        blows keep B-16's disadvantage and the blows of the holder's side keep B-16's terms:
        advantage for those next to it, disadvantage for those shooting from further off. A
        slice per threat priced (each a forecast of every blow of one creature)."""
        now = self._threat(view, held, holder)
        yield None
        cost = max(0.0, self._threat(view, held, holder, frozenset({"close"})) - now)
        yield None
        if held.has("prone"):
            cost += max(0.0, self._threat(view, held, holder, frozenset({"prone"})) - now)
            yield None
            prone = frozenset({"prone"})
            others = 0                   # summed apart, then added: the order sum() kept
            for c in view.creatures.values():
                if c.side == holder.side and c.up and c.id != held.id:
                    others += self._threat(view, c, held) - self._threat(view, c, held, prone)
                    yield None
            cost += others
        return max(0.0, cost)

    def _shove_score(self, view: RpgState, me: Creature, a: Shove, rng: Rng) -> float:
        """A push (B-12 Shove, 10 ft) against a blow: the engine plays it on a copy with the
        check won (a fall off a ledge, a collision, RS-116..120, all as the engine rolls them)
        and the bot counts what it did, enemies' HP lost and drops less its own side's, times
        the engine's chance of the check (`arith.shove_odds`)."""
        d = self._foe_at(view, me, (a.x, a.y))
        if d is None:
            return 0.0
        won = Rng.from_seed(0)
        won.force([20, 1])                       # the shover's d20 20, the resisting 1
        after = dry_run(RPGSTUCK, view, a, won).state
        if after is None:
            return 0.0
        worth = 0.0
        for c in view.creatures.values():
            then = after.creatures.get(c.id)
            if then is None or not c.up:
                continue
            lost = float(c.hp + c.temp_hp - max(0, then.hp) - then.temp_hp)
            if c.side != me.side:
                worth += lost + (2.0 + KILL_ROUNDS * self._threat(view, c, me)
                                 if not then.up else 0.0)
            else:
                worth -= lost
        if worth <= 0:
            return 0.0
        return self.noisy(float(arith.shove_odds(view, me, d)) * worth, rng)

    def _grab_score(self, view: RpgState, me: Creature, a: Grapple | Escape,
                    rng: Rng) -> Generator[None, None, float]:
        """A grab (RS-64) or a break free (RS-65) against a blow: the engine's chance the check
        goes our way times what the hold costs the held side for the rounds it is reckoned to
        last (`HOLD_ROUNDS`); 0 where it costs nothing (a melee foe standing: held or not, it
        strikes the holder)."""
        if isinstance(a, Grapple):
            d = self._foe_at(view, me, (a.x, a.y))
            if d is None:
                return 0.0
            cost = yield from self._held_cost(view, d, me)
            chance = grapple.grapple_odds(view, me, d) if cost else 0
        else:
            holder = view.creatures.get(a.grappler)
            if holder is None:
                return 0.0              # held from the dark: nothing to price it by (RS-99)
            cost = yield from self._held_cost(view, me, holder)
            chance = grapple.escape_odds(view, me, holder) if cost else 0
        return self.noisy(float(chance) * HOLD_ROUNDS * cost, rng) if cost else 0.0

    def _value(self, view: RpgState, me: Creature, d: Creature, f: forecast.Forecast,
               rolls: int = 1) -> float:
        """`rolls` rolls at `d` each with forecast `f`: the damage they are expected to do (no
        more than `d` has), the chance they drop `d` times what `d` would do in the rounds
        left, and focus on the hurt."""
        if not f.expected:
            return 0.0                    # Pratfall's pull: the forecast prices no collision
        drop = 1 - (1 - f.drop) ** rolls
        value = min(f.expected * rolls, float(d.hp + d.temp_hp))
        threat = self._threat(view, d, me)
        # finishing: a foe dropped strikes no more (its blows for the rounds left are saved)
        value += drop * (2.0 + KILL_ROUNDS * threat)
        # a little for a foe already hurt: two blows that land on the same one drop it sooner
        value += 0.5 * (1 - d.hp / max(1, d.max_hp))
        if not self.hard:
            return value
        # focus fire (hard's alone): from the first blow on, the more hurt and the more
        # dangerous a foe, the more a blow at it is worth (the side's blows meet on the one
        # that hurts most), and the less health it has the more a drop counts
        value += (1 - d.hp / max(1, d.max_hp)) * threat
        value += 2.0 * drop * d.max_hp / max(1, d.hp)
        return value

    def _attack_score(self, view: RpgState, me: Creature, a: Attack,
                      known: set[tuple[int, int]], rng: Rng) -> float:
        score = 0.0
        for cell in sorted(set(a.targets)):
            d = self._foe_at(view, me, cell)
            if d is None:
                if cell in known and not a.part and profile(view, me, a.ability).damage:
                    score += self._guess_value(view, me, a, cell)
                continue
            aim = 1 if view.turn.minor and view.turn.aim == 0 else view.turn.aim
            f = self._predict(view, me, a.ability, d, aim=aim, part=a.part, trade=a.trade)
            score += self._value(view, me, d, f, a.targets.count(cell))
        return self.noisy(score, rng) if score else 0.0

    def _guess_value(self, view: RpgState, me: Creature, a: Attack,
                     cell: tuple[int, int]) -> float:
        """A blow at a square where the seat last knew an enemy it cannot see now: `GUESS`;
        hard prices it (focus fire in the dark) as the same blow at that enemy as the seat last
        saw it, standing there unseen (the forecast counts the disadvantage, RS-102), times
        the chance it is still there (`TRUST`), never below `GUESS`."""
        if not self.hard:
            return GUESS
        cid = next((cid for cid, (x, y) in view.last_seen.get(str(me.side), {}).items()
                    if (x, y) == cell and cid in self._seen_as), None)
        if cid is None:
            return GUESS
        ghost = self._seen_as[cid]
        ghost.x, ghost.y = cell
        aim = 1 if view.turn.minor and view.turn.aim == 0 else view.turn.aim
        f = self._predict(view, me, a.ability, ghost, aim=aim)
        return max(GUESS, TRUST * self._value(view, me, ghost, f, a.targets.count(cell)))

    def _guess(self, view: RpgState, me: Creature, a: Attack,
               known: set[tuple[int, int]]) -> bool:
        return not a.part and any(cell in known for cell in a.targets)

    def _spare_minor(self, view: RpgState, me: Creature, a: Attack) -> bool:
        """Aim or Assail first only when the blow can still be struck after it (the engine
        says, on a copy: a Dazed creature gets one action, a minor blow needs the minor)."""
        after = dry_run(RPGSTUCK, view, Aim(me.id), Rng.from_seed(0)).state   # rolls nothing
        return after is not None and a.ability in rules.ready_attacks(after, after.acting)

    def _opportunity_score(self, view: RpgState, a: Opportunity, rng: Rng) -> float:
        """An opportunity attack's expected damage (the engine's forecast of its one roll,
        B-26); 0 to let it go."""
        if not a.ability:
            return 0.0
        me, d = view.creatures[a.unit], view.creatures[a.target]
        return 0.01 + self.noisy(forecast.opportunity(view, me, a.ability, d).expected, rng)

    def _fly(self, view: RpgState, me: Creature, legal: list) -> Fly | None:
        """A flier keeps 5 ft up (B-25): its flying speed, and still within a 5 ft reach of the
        ground; from higher it comes down to there, from the ground it takes off."""
        heights = sorted(a.altitude for a in legal if isinstance(a, Fly))
        if me.altitude == 5 or not heights:
            return None
        if me.altitude > 5 and heights[0] < me.altitude:
            return Fly(me.id, 5 if 5 in heights else heights[0])
        if me.altitude == 0 and 5 in heights and me.fly > me.speed:
            return Fly(me.id, 5)
        return None

    def _assail_pays(self, view: RpgState, me: Creature, a: Attack) -> bool:
        """Whether Assail's extra damage beats Aim's die for this attack (the forecast's
        expected damage of each)."""
        d = self._foe_at(view, me, a.targets[0])
        if d is None:
            return False
        aim = self._predict(view, me, a.ability, d, aim=1)
        assail = self._predict(view, me, a.ability, d, assail=True)
        return (assail.drop, assail.expected) > (aim.drop, aim.expected)

    def _blow_values(self, view: RpgState, me: Creature, rng: Rng, ready: bool = True
                     ) -> Generator[None, None, list[tuple[Profile, Creature, float]]]:
        """Each ready blow (or with `ready` False, each blow it has: next turn's) at each
        enemy in view, valued from where `me` stands (a slice per forecast)."""
        aim = 1 if view.turn.minor and view.turn.aim == 0 else view.turn.aim
        out = []
        blows = self._ready(view, me) if ready else \
            [profile(view, me, aid) for aid in me.actions if is_attack(view, aid)]
        for p in blows:
            if not p.damage or p.targets > 1 and p.entry.on_hit.pull_together_ft:
                continue
            for d in self._enemies(view, me):
                f = self._predict(view, me, p.id, d, aim=aim)
                value = self._value(view, me, d, f)
                if value > 0:
                    out.append((p, d, value))
                yield None
        return out

    def _best_from(self, view: RpgState, me: Creature, x: int, y: int,
                   values: list[tuple[Profile, Creature, float]], exact: bool) -> float:
        """The best blow `me` could strike standing at (x, y): from the values priced where it
        stands, or with `exact` priced again from there (cover, Shoot up close)."""
        ox, oy = me.x, me.y
        me.x, me.y = x, y                    # the view is the bot's own copy
        try:
            best = 0.0
            aim = 1 if view.turn.minor and view.turn.aim == 0 else view.turn.aim
            for p, d, value in values:
                if value <= best or distance_to_cell(me, (d.x, d.y)) > p.reach:
                    continue
                if not in_range(view, me, p, (d.x, d.y)):
                    continue
                if exact:
                    value = self._value(view, me, d, self._predict(view, me, p.id, d, aim=aim))
                best = max(best, value)
            return best
        finally:
            me.x, me.y = ox, oy

    def _walk_to_blow(self, view: RpgState, me: Creature, moves: list, values: list,
                      best_now: float, rng: Rng) -> Generator[None, None, Move | None]:
        """A walk to a square where a clearly better blow waits than any struck from here (a
        slice for the rough pass, then one per square priced exactly)."""
        here = max(best_now, self._best_from(view, me, me.x, me.y, values, exact=True))
        rough = sorted(((self._best_from(view, me, a.x, a.y, values, exact=False), i, a)
                        for i, a in enumerate(moves)), key=lambda t: (-t[0], t[1]))
        yield None
        best, pick = here + BETTER, None
        for value, _i, a in rough[:4]:
            if value <= best:
                break
            exact = self._best_from(view, me, a.x, a.y, values, exact=True)
            exact -= self._exposure(view, me, a.x, a.y, values)
            if self.noisy(exact, rng) > best:
                best, pick = exact, a
            yield None
        return pick

    # --- judging squares -----------------------------------------------------------------------
    def _flees(self, view: RpgState, me: Creature) -> bool:
        """SM-05 (table option, on by default): a mount whose rider is down and that has no
        ally left standing tries to get away (RS-130)."""
        return (bool(house.read(view, "mount_flees")) and mount.willing(view, me)
                and not any(c.up and c.side == me.side and c.id != me.id
                            for c in view.creatures.values()))

    def _gap(self, view: RpgState, me: Creature, x: int, y: int) -> int:
        """Squares from (x, y) to the nearest enemy the seat knows of."""
        ox, oy = me.x, me.y
        me.x, me.y = x, y                    # the view is the bot's own copy
        try:
            return min((distance_to_cell(me, g) for g in self._goals(view, me, set())),
                       default=0)
        finally:
            me.x, me.y = ox, oy

    def _far(self, view: RpgState, me: Creature, known: set[tuple[int, int]]) -> bool:
        goals = self._goals(view, me, known)
        return bool(goals) and min(distance_to_cell(me, g) for g in goals) > 2

    def _steps_key(self, view: RpgState, me: Creature, goal: tuple[int, int]) -> tuple:
        return (me.id, goal, self._avoid,
                tuple(sorted((c.id, c.x, c.y) for c in view.creatures.values()
                             if c.up and c.id != me.id)))

    def _walked(self, view: RpgState, me: Creature, goal: tuple[int, int]) -> bool:
        """Whether `_steps` has the walk map to `goal` at hand (else reading it walks the
        board from there: a long step for a client thinking in slices)."""
        return self._steps_key(view, me, goal) in self._paths

    def _steps(self, view: RpgState, me: Creature, goal: tuple[int, int]) -> dict:
        """Feet of the cheapest walk for `me` between each square and `goal` (the terrain
        module's step costs, round the creatures the side knows of and the squares where it
        last knew an unseen enemy or body, `_lurking`: a walk there would be stopped), as far
        as the squares it may walk to this turn and a little beyond; cached per position."""
        key = self._steps_key(view, me, goal)
        found = self._paths.get(key)
        if found is None and not all(view.board.in_bounds(*cell)
                                     for cell in self._footprint(me, *goal)):
            return {}                   # a big creature's corner past the edge: no walk map
        if found is None:
            if len(self._paths) > 256:
                self._paths.clear()
            budget = min(FAR_FT, 10 * (distance_to_cell(me, goal) + me.speed // 5 * 2 + 4))
            ox, oy = me.x, me.y
            me.x, me.y = goal                # the view is the bot's own copy
            try:
                found = {cell: cost for cell, (cost, _path) in
                         arith.reach(view, me, budget, avoid=self._avoid - {goal}).items()}
            finally:
                me.x, me.y = ox, oy
            found[goal] = 0
            self._paths[key] = found
        return found

    def _exposure(self, view: RpgState, me: Creature, x: int, y: int, values: list) -> float:
        """What standing at (x, y) invites: the enemies in view next to it beyond the first (a
        melee fighter must stand next to one)."""
        ox, oy = me.x, me.y
        me.x, me.y = x, y
        try:
            near = sum(1 for d in self._enemies(view, me) if distance_to_cell(me, (d.x, d.y)) <= 1)
        finally:
            me.x, me.y = ox, oy
        return self.crowd * max(0, near - 1)

    def _place_score(self, view: RpgState, me: Creature, x: int, y: int,
                     known: set[tuple[int, int]], values: list, rng: Rng
                     ) -> Generator[str | None, None, float]:
        """How good standing at (x, y) is: the blow most worth it, less two for each square
        still to go before it lands (melee: along the walk there; ranged: within range and
        sight, not next to an enemy); without an enemy in view, the walk to where the seat
        last knew one or to their spawns. Hard bots also like cover and shun crowds. A slice
        per walk map read (the first read of a goal's map walks the board from it)."""
        ox, oy = me.x, me.y
        me.x, me.y = x, y                    # the view is the bot's own copy
        try:
            score = float("-inf")
            foes = self._enemies(view, me)
            next_to = sum(1 for d in foes if distance_to_cell(me, (d.x, d.y)) <= 1)
            for p, d, value in values:
                goal = (d.x, d.y)
                dist = distance_to_cell(me, goal)
                if p.melee:
                    if not self._walked(view, me, goal):
                        yield LONG_STEP          # a walk map worked out from the goal
                    walk = self._steps(view, me, goal).get((x, y))
                    yield None
                    steps = walk // 5 if walk is not None else UNKNOWN + dist
                    gap = max(0, steps - p.reach)
                else:
                    gap = max(0, dist - p.reach)
                    if not gap and not sees_cell(view, me, goal):
                        gap = 1                  # in range but no line to shoot along
                    if next_to:
                        gap += 1.5               # up close: Shoot's disadvantage, and blows
                score = max(score, value - 2.0 * gap)
            if not values:
                for goal in self._goals(view, me, known):
                    if not self._walked(view, me, goal):
                        yield LONG_STEP
                    walk = self._steps(view, me, goal).get((x, y))
                    yield None
                    steps = walk // 5 if walk is not None \
                        else UNKNOWN + distance_to_cell(me, goal)
                    near = 0 if goal in self._look else 1     # looking: stand on it
                    score = max(score, -2.0 * max(0, steps - near))
            if foes:                    # out of sight or in cover, fewer blows come
                score += (1.0 if self.hard else 0.5) * forecast.shelter(view, me, foes)
            score -= self.crowd * max(0, next_to - 1)
            yield None
        finally:
            me.x, me.y = ox, oy
        return self.noisy(score, rng)

for _level, _noise, _random, _hard in (("easy", 2.0, 0.15, False), ("normal", 0.0, 0.0, False),
                                       ("hard", 0.0, 0.0, True)):
    register_bot(SYSTEM_ID, _level)(
        lambda level=_level, noise=_noise, rate=_random, hard=_hard:
        RpgBot(f"rpgstuck {level}", noise, rate, hard))
