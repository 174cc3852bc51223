"""Gemwielders computer players: "easy", "normal" and "hard", registered with
game.engine.ai.base, plus `BALANCE`, the hooks `python -m game balance` uses (handed out by
the system's `balance_hooks()`).

Owns: how a bot values a card (`Cards.value`, from its printed numbers and each effect verb's
own AI hint in effects.VERBS), what it infers about its own hidden deck from public facts
(`owned_cids`), and an answer for every stage the flow or the effects can raise:
  * set-up: a Gembearer (rng among the legal ones), keep or redeal the row (GW-12);
  * draft: scrap a dead row card (GW-16), take the gem that best opens the row and the cards it
    drafts, draft every card worth a place (or scrap one the opponent wants badly), take a
    Source only when its deck is full of power clauses (GW-19..23);
  * main: modifications, then Sources (returned to the stack when power is plentiful), skills
    and uses whose worth beats their cost, then every defense card (GW-25..33);
  * attack: every attack card in hand (measured better than holding back, GW-35..43);
  * stages: effect order, pay or decline, which cards to discard, keep or put back.
Difficulties:
  * normal: the heuristics above, one decision at a time;
  * hard: the gem it takes also counts what it opens among the gem cards not yet seen (the
    gem card deck's contents are public knowledge, its order is not);
  * easy: normal with noise on every score and now and then a random legal action.

Must not: read anything but the view it is given (hidden cards there are placeholders with cid
"hidden"), the legal actions and its own generator; mutate the view; import the rules modules
for anything but the pure content and requirement helpers.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from game.engine.ai.base import Bot, playable, register_bot
from game.engine.rng import Rng
from game.engine.tactics import pending as stages

from . import actions as A
from .content import (NEUTRAL_BEARER, Clause, Content, content_spec, eligible, for_state, load,
                      requirement, with_inline)
from .effects import VERBS
from .state import MAX_GEMS, GwState

HIDDEN = "hidden"

# --- what things are worth (hand-tuned against the random bot and each other) ----------------
POWER = 0.7            # one point of power, spent on nothing in particular
DRAW = 1.6             # one extra card
LIFE = 0.45            # one point of life (gain or loss)
SWORD = 1.0            # one point of attack value
SHIELD = 0.8           # one point of defense value
DISCARD_OPP = 1.2      # the opponent loses a card from hand
PEEK = 0.3             # a look at a hidden card
PLAY_CAP = 8           # skills and uses per turn, at most (see GwBot._plays)
DRAFT_MIN = 2.5        # a gem card must be worth this much to join the deck
SOURCE_TARGET = 0      # Sources wanted with no costly card at all (they dilute the hands)
SOURCE_PER_COST = 0.25 # ... plus this many for each optional or use cost in the deck
SOURCE_FREE_COSTS = 5  # ... beyond the first few (the power a deck finds anyway)


def verb_worth(step: dict) -> float:
    """One effect step's worth to the card's owner: the verb's own AI hint (effects.VERBS, one
    per verb), in life points, which the bot reads as sword points."""
    verb = VERBS.get(step.get("verb", ""))
    return verb.value(step) if verb is not None else 0.5


def steps_worth(steps: Iterable[dict], power_left: float = 99.0) -> float:
    """A whole effect list: plain steps count fully; an optional clause counts its worth above
    its cost (if it is worth paying at all and affordable)."""
    total = 0.0
    for step in steps or ():
        if "cost" in step:
            gain = steps_worth(step["effects"]) - POWER * step["cost"]
            alt = steps_worth(step.get("otherwise", []))
            total += max(gain, alt) if step["cost"] <= power_left else alt
        else:
            worth = verb_worth(step)
            if "if" in step:
                worth *= 0.5          # a condition may not hold
            total += worth
    return total


def fx(clause: Clause | None) -> list[dict]:
    """The effect steps of a clause (none when the card has no such text)."""
    return list(clause.effects) if clause is not None else []


class Cards:
    """Card facts for one content set, memoised: a bot asks the same few questions thousands
    of times per game."""

    _SETS: dict[str, "Cards"] = {}
    # sets with inline content, by the identity of their built Content (each Cards holds its
    # Content, so an id is not reused while it is here)
    _INLINE: dict[int, "Cards"] = {}

    def __init__(self, c: Content):
        self.c = c
        self._value: dict[str, float] = {}
        self._costs: dict[str, int] = {}

    @classmethod
    def of(cls, view: GwState) -> "Cards":
        if view.inline is not None:
            c = for_state(view)
            got = cls._INLINE.get(id(c))
            if got is None or got.c is not c:
                if len(cls._INLINE) >= 64:
                    cls._INLINE.clear()
                got = cls._INLINE[id(c)] = Cards(c)
            return got
        name = view.content
        got = cls._SETS.get(name)
        if got is None:
            got = cls._SETS[name] = Cards(load(name))
        return got

    def kind(self, cid: str) -> str:
        return HIDDEN if cid == HIDDEN else self.c.cards[cid].kind

    def sword(self, cid: str) -> int:
        return 0 if cid == HIDDEN else self.c.cards[cid].sword

    def shield(self, cid: str) -> int:
        return 0 if cid == HIDDEN else self.c.cards[cid].shield

    def req(self, cid: str) -> str:
        return "" if cid == HIDDEN else self.c.cards[cid].req

    def value(self, cid: str) -> float:
        """What one copy of a card adds to its owner's deck, in sword points (a plain 3-sword
        attack is worth 3)."""
        v = self._value.get(cid)
        if v is not None:
            return v
        if cid == HIDDEN:
            return 3.0
        d = self.c.cards[cid]
        if d.kind == "attack":
            v = d.sword * SWORD + steps_worth(fx(d.reveal)) + 0.6 * steps_worth(fx(d.hit)) \
                + 0.4 * steps_worth(fx(d.miss))
        elif d.kind == "defense":
            v = d.shield * SHIELD * 1.15 + steps_worth(fx(d.reveal)) \
                + 0.4 * steps_worth(fx(d.hit)) + 0.6 * steps_worth(fx(d.miss))
        elif d.kind == "skill":
            v = 1.0 + steps_worth(fx(d.play))
        elif d.kind == "modification":
            cost = d.use.cost if d.use is not None else 0
            per_use = steps_worth(fx(d.use)) - POWER * cost if d.use is not None else 0.0
            passive = steps_worth(fx(d.attacking)) + steps_worth(fx(d.defending))
            if d.zone == "opponent":
                passive = -passive
            v = 1.5 + 2.5 * max(0.0, per_use) + 3.0 * passive
        else:                               # a Source
            v = 2.0 * POWER + 0.5
        self._value[cid] = v
        return v

    def costs(self, cid: str) -> int:
        """How many optional or use power costs a card carries (its appetite for power)."""
        n = self._costs.get(cid)
        if n is not None:
            return n
        if cid == HIDDEN:
            return 0
        d = self.c.cards[cid]
        n = 1 if d.use is not None and d.use.cost else 0
        for cl in (d.play, d.reveal, d.hit, d.miss, d.use):
            if cl is not None:
                n += len(cl.opts)
        self._costs[cid] = n
        return n


def _cid(view: GwState, card_id: str) -> str:
    card = view.cards.get(card_id)
    return card.cid if card is not None else HIDDEN


# =============================================================================================
# The bot
# =============================================================================================

def _system():
    from .system import GEMWIELDERS
    return GEMWIELDERS


def seat_of(view: GwState) -> int:
    """The deciding seat: the top pending stage's seat, else the active seat."""
    if view.pending:
        return stages.top(view.pending).seat
    d = _system().decision(view)
    return d.seat if d is not None else view.active


class GwBot(Bot):
    """The normal bot; `hard` and `easy` switch on lookahead and noise."""

    def __init__(self, name: str = "normal", lookahead: bool = False, noise: float = 0.0,
                 blunder: float = 0.0):
        self.lookahead = lookahead
        self.k: Cards | None = None
        # plays made this turn: a skill that draws and discards could otherwise cycle a tiny
        # deck forever, so after PLAY_CAP plays in one turn the bot stops playing skills
        self._turn: tuple[int, int] = (-1, -1)
        self._plays = 0
        self.name = name
        self.noise = noise
        self.blunder = blunder
        self._memo_view: GwState | None = None
        self._memo_data: dict = {}

    # --- entry ---------------------------------------------------------------------------------
    def choose(self, view: GwState, legal: list, rng: Rng) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        legal = playable(legal)          # giving up is a last resort, never a move
        if len(legal) == 1:
            return legal[0]
        if self.blunder and rng.randint(0, 999) < int(self.blunder * 1000):
            return legal[rng.randint(0, len(legal) - 1)]
        me = seat_of(view)
        self.k = Cards.of(view)
        turn = (view.turn, me)
        if turn != self._turn:
            self._turn, self._plays = turn, 0
        scored = self.score_all(view, me, legal, rng)
        best = max(scored, key=lambda pair: pair[0])
        if isinstance(best[1], (A.PlaySkill, A.UseCard)):
            self._plays += 1
        return best[1]

    def jitter(self, rng: Rng) -> float:
        if not self.noise:
            return 0.0
        return (rng.randint(0, 2000) - 1000) / 1000.0 * self.noise

    def score_all(self, view: GwState, me: int, legal: list, rng: Rng) -> list[tuple[float, Any]]:
        """(score, action) for every legal action; ties keep the legal list's order."""
        by_type: dict[type, list] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        stage = stages.top(view.pending).stage if view.pending else None
        out: list[tuple[float, Any]] = []
        for i, a in enumerate(legal):
            s = self.score(view, me, a, by_type, stage, rng) + self.jitter(rng) - i * 1e-6
            out.append((s, a))
        return out

    # --- one action's score --------------------------------------------------------------------
    def score(self, view: GwState, me: int, a: Any, by_type: dict, stage: str | None,
              rng: Rng) -> float:
        p = view.players[me]
        t = type(a)
        if t is A.ChooseGembearer:
            return rng.randint(0, 1000) / 1000.0
        if t is A.Redeal:
            return self.row_worth(view, me, fresh=True) - self.row_worth(view, me)
        if t is A.KeepRow:
            return 0.0
        if t is A.ScrapIneligible:
            # a card nobody can ever draft only blocks a slot: clear the one worth most to
            # nobody (GW-16)
            return 5.0
        if t is A.SkipStep:
            return 0.0
        # Draft steps run in order and taking a later one closes the earlier ones (GW-24), so
        # each step scores in its own band: a wanted gem, then a wanted card, then a Source.
        if t is A.TakeGem:
            return 40.0 + self.gem_worth(view, me, a.gem)
        if t is A.Draft:
            cid = _cid(view, view.row[a.slot])
            gain = self.k.value(cid) - self.draft_bar(view, me)
            return 30.0 + gain if gain > 0 else gain
        if t is A.ScrapFromRow:
            cid = _cid(view, view.row[a.slot])
            opp = view.players[1 - me]
            if eligible(self.k.req(cid), opp.gems) or self.opp_close(view, me, cid):
                deny = (self.k.value(cid) - 5.5) * 0.8
                return 20.0 + deny if deny > 0 else deny
            return -5.0
        if t is A.TakeSource:
            need = self.source_need(view, me)
            return 10.0 + need if need > 0 else need
        if t is A.EndPhase:
            return self.end_phase_score(view, me, by_type)
        if t is A.PlayModification:
            cid = _cid(view, a.card)
            return 40.0 + self.k.value(cid)
        if t is A.PlaySource:
            want_back = p.power + 2 >= self.power_need(view, me) + 2
            paid = bool(a.pay and a.pay[0])
            return 35.0 + (1.0 if paid == want_back else 0.0)
        if t is A.PlaySkill:
            if self._plays >= PLAY_CAP:
                return -1.0
            cid = _cid(view, a.card)
            steps = fx(self.k.c.cards[cid].play)
            if self.draws_in_circles(view, me, steps):
                return -1.0
            worth = self.clauses_choice(steps, a.pay, p.power)
            return 30.0 + worth if worth > 0 else worth
        if t is A.UseCard:
            return self.use_score(view, me, a)
        if t is A.AddDefense:
            return self.defense_score(view, me, a)
        if t is A.AddToAttack:
            plan = self.attack_plan(view, me, rng)
            return 20.0 if a.card in plan else -20.0
        if t is A.Announce:
            plan = self.attack_plan(view, me, rng)
            placed = set(view.attack.cards) if view.attack else set()
            return 25.0 if placed >= set(plan) or not plan else -25.0
        if t is A.Pay:
            return self.pay_score(view, me)
        if t is A.Decline:
            return 0.0
        if t is A.OrderEffects:
            return self.order_score(view, me, a)
        if t is A.ChooseCards:
            return self.choose_cards_score(view, me, a, stage)
        if t is A.EndTurn:
            return 0.0
        return -1e9               # Concede, or anything this bot does not know: never

    # --- set-up and draft ---------------------------------------------------------------------
    def row_worth(self, view: GwState, me: int, fresh: bool = False) -> float:
        """How good the row is for a player with few gems: the best cheap card in it. A fresh
        deal is valued at what an average row offers."""
        if fresh:
            return 4.6
        best = 0.0
        for slot in view.row:
            if slot is None:
                continue
            cid = _cid(view, slot)
            _, wild, n_typed = requirement(self.k.req(cid))
            if n_typed + wild <= 1:
                best = max(best, self.k.value(cid))
        return best

    def gem_worth(self, view: GwState, me: int, gem: str) -> float:
        """What socketing `gem` opens: row cards that become draftable now (full value) or come
        closer (a share), and the letters of cards the bot already drafted (it keeps going the
        way its deck goes)."""
        p = view.players[me]
        after = list(p.gems) + [gem]
        worth = 0.0
        for slot in view.row:
            if slot is None:
                continue
            cid = _cid(view, slot)
            req = self.k.req(cid)
            if not req:
                continue
            v = max(0.0, self.k.value(cid) - 3.0)
            if eligible(req, after) and not eligible(req, p.gems):
                worth += v
            else:
                if dict(requirement(req)[0]).get(gem, 0) > p.gems.count(gem):
                    worth += 0.3 * v
        worth += 0.4 * self.owned_letters(view, me).get(gem, 0)
        worth += 0.1 * view.pool.get(gem, 0)     # plenty left: more cards of it to come
        if self.lookahead:
            worth += 0.15 * self.unseen_opened(view, me, gem)
        return worth

    def unseen_opened(self, view: GwState, me: int, gem: str) -> float:
        """Hard's look one draft ahead: the worth of the gem cards still unseen (the gem card
        deck's contents are known, only their order is hidden: every copy minus those in public
        places) that this gem would make draftable."""
        seen = Counter(_cid(view, i) for i in view.row if i is not None)
        seen.update(_cid(view, i) for i in view.scrap)
        for q in view.players:
            seen.update(_cid(view, i) for i in q.discard + q.mods)
        after = list(view.players[me].gems) + [gem]
        before = view.players[me].gems
        total = 0.0
        for cid, n in Counter(self.k.c.gem_cards).items():
            left = n - seen.get(cid, 0)
            if left > 0 and eligible(self.k.req(cid), after) and not eligible(self.k.req(cid), before):
                total += left * max(0.0, self.k.value(cid) - DRAFT_MIN)
        return total

    def opp_close(self, view: GwState, me: int, cid: str) -> bool:
        """The opponent is one gem away from drafting `cid`."""
        opp = view.players[1 - me]
        req = self.k.req(cid)
        if len(opp.gems) >= MAX_GEMS:
            return False
        return any(eligible(req, list(opp.gems) + [g]) for g, n in view.pool.items() if n > 0)

    def _memo(self, view: GwState) -> dict:
        """Answers that depend only on the view, kept while the bot weighs the actions of one
        decision (each TakeGem, TakeSource and EndPhase would otherwise rebuild its deck
        estimate). A new view starts a new memo; the bot never changes a view."""
        if self._memo_view is not view:
            self._memo_view = view
            self._memo_data = {}
        return self._memo_data

    def owned_letters(self, view: GwState, me: int) -> Counter:
        """How often each gem letter is asked for by the requirements of the bot's own
        cards (see `owned_cids`); shared within one decision, not to be changed."""
        memo = self._memo(view)
        got = memo.get(("letters", me))
        if got is None:
            got = Counter()
            for cid in self.owned_cids(view, me):
                if cid != HIDDEN:
                    got.update(dict(requirement(self.k.req(cid))[0]))
            memo[("letters", me)] = got
        return got

    def owned_cids(self, view: GwState, me: int) -> list[str]:
        """The bot's own cards as content ids. Its deck order and contents are hidden from it
        (the view masks them), so the deck is estimated from public facts: the starting weapon
        cards not seen elsewhere are in it, and the rest of it is split between Sources and gem
        cards in the proportion seen in its other zones. Worked out once per decision (the
        list is shared: not to be changed)."""
        memo = self._memo(view)
        got = memo.get(("owned", me))
        if got is None:
            got = memo[("owned", me)] = self._owned_cids(view, me)
        return got

    def _owned_cids(self, view: GwState, me: int) -> list[str]:
        p = view.players[me]
        known = [_cid(view, i) for i in p.hand + p.discard + p.defense + p.mods + p.deck]
        known = [c for c in known if c != HIDDEN]
        hidden = sum(1 for i in p.deck if _cid(view, i) == HIDDEN)
        if not hidden or not p.gembearer:
            return known
        seen = Counter(known)
        weapons = Counter(self.k.c.weapon_deck(p.gembearer))
        missing = [c for c, n in weapons.items() for _ in range(max(0, n - seen.get(c, 0)))]
        missing = missing[:hidden]
        rest = hidden - len(missing)
        others = [c for c in known if c not in weapons]
        n_src = sum(1 for c in others if self.k.kind(c) == "source")
        share = (n_src + 1) / (len(others) + 2)
        srcs = int(round(rest * share))
        gems = [c for c in others if self.k.kind(c) != "source"]
        guess = [gems[i % len(gems)] for i in range(rest - srcs)] if gems else \
            [HIDDEN] * (rest - srcs)
        return known + missing + [self.k.c.source_cid] * srcs + guess

    def draft_bar(self, view: GwState, me: int) -> float:
        """A card joins the deck only if it is worth more than this (measured: drafting nearly
        everything beats holding out for cards above the deck's average)."""
        return DRAFT_MIN

    def power_need(self, view: GwState, me: int) -> float:
        owned = self.owned_cids(view, me)
        cost = sum(self.k.costs(c) for c in owned)
        p = view.players[me]
        if p.gembearer:
            use = self.k.c.bearers[p.gembearer].use
            cost += 2 if use is not None and use.cost else 0
        return 1.0 + 4.0 * cost / max(1, len(owned)) * 2

    def source_need(self, view: GwState, me: int) -> float:
        owned = self.owned_cids(view, me)
        sources = sum(1 for c in owned if c != HIDDEN and self.k.kind(c) == "source")
        costs = sum(self.k.costs(c) for c in owned)
        # measured: a Source mostly takes the hand slot of a 3-point card for 2 power that few
        # cards can spend, so only a deck full of power clauses wants one
        want = SOURCE_TARGET + SOURCE_PER_COST * max(0, costs - SOURCE_FREE_COSTS)
        spare = max(0, view.players[me].power - self.power_need(view, me))
        return (want - sources) * 1.5 - 0.5 - 0.5 * spare

    # --- main phase ---------------------------------------------------------------------------
    def clauses_choice(self, steps: list[dict], pay: tuple, power: int) -> float:
        """The worth of playing a text with the given pay flags (one per optional clause)."""
        total = 0.0
        k = 0
        spent = 0
        for step in steps:
            if "cost" in step:
                flag = bool(pay[k]) if k < len(pay) else False
                k += 1
                if flag:
                    spent += step["cost"]
                    total += steps_worth(step["effects"]) - POWER * step["cost"]
                else:
                    total += steps_worth(step.get("otherwise", []))
            else:
                total += verb_worth(step)
        if spent > power:
            return -100.0
        return total

    def use_score(self, view: GwState, me: int, a: Any) -> float:
        p = view.players[me]
        if self._plays >= PLAY_CAP:
            return -1.0
        if a.card == "bearer":
            clause = self.k.c.bearers[p.gembearer].use if p.gembearer else None
        else:
            clause = self.k.c.cards[_cid(view, a.card)].use
        steps, cost = fx(clause), (clause.cost if clause is not None else 0)
        if cost > p.power:
            return -50.0
        worth = self.clauses_choice(steps, a.pay, p.power - cost) - POWER * cost
        if any(s.get("verb") == "peek_defense" for s in steps):
            # a look is only worth it when something is hidden there and we might attack
            opp = view.players[1 - me]
            if not any(_cid(view, i) == HIDDEN for i in opp.defense):
                worth = -1.0
        if any(s.get("verb") == "turn_buff" for s in steps) and not self.has_attack(view, me):
            worth = -1.0
        if self.draws_in_circles(view, me, steps):
            worth = -1.0
        return 28.0 + worth if worth > 0 else worth

    def draws_in_circles(self, view: GwState, me: int, steps: list[dict]) -> bool:
        """A text that draws when the deck is empty and the discard pile holds almost nothing
        would only bring back the cards just played (GW-46): repeating it could go on forever.
        This guard needs no memory, so it also holds for a bot made afresh for each decision
        (the client's AI seats); PLAY_CAP is the second line."""
        p = view.players[me]
        if p.deck or len(p.discard) > 2:
            return False
        flat = [x for st in steps for x in ([st] if "cost" not in st else st["effects"])]
        return any(x.get("verb") in ("draw", "look_top") for x in flat)

    def has_attack(self, view: GwState, me: int) -> bool:
        p = view.players[me]
        return any(self.k.kind(_cid(view, i)) == "attack" for i in p.hand)

    def defense_score(self, view: GwState, me: int, a: Any) -> float:
        """Every defense card goes down: in hand it only blocks a draw (GW-45). The strongest
        first, so a single card in place is the best one."""
        cid = _cid(view, a.card)
        if self.k.kind(cid) != "defense":
            return -10.0          # bluffing (GW-U-11 house rule): not worth a card
        return 15.0 + 0.1 * self.k.value(cid)

    def end_phase_score(self, view: GwState, me: int, by_type: dict) -> float:
        if view.phase == "attack":
            plan = self.attack_plan(view, me, None)
            return 0.0 if not plan else -30.0
        return 0.0

    # --- attack --------------------------------------------------------------------------------
    def attack_plan(self, view: GwState, me: int, rng: Rng | None) -> list[str]:
        """The attack cards (ids in hand or already placed) the bot wants in this attack: all
        of them. Measured against holding weak cards back or stripping a big setup with one
        card, the full swing wins: cards left in hand only stop the draw (GW-45), and a revealed
        setup is gone either way (GW-43)."""
        p = view.players[me]
        placed = list(view.attack.cards) if view.attack else []
        return placed + [i for i in p.hand if self.k.kind(_cid(view, i)) == "attack"]

    # --- stages --------------------------------------------------------------------------------
    def pay_score(self, view: GwState, me: int) -> float:
        """Pay for an optional clause when its effects are worth more than the power."""
        pend = stages.top(view.pending) if view.pending else None
        clause = (pend.data.get("clause") if pend else None) or {}
        cost = clause.get("cost", 0)
        p = view.players[me]
        if cost > p.power:
            return -10.0
        worth = steps_worth(clause.get("effects", [])) - steps_worth(clause.get("otherwise", []))
        return worth - POWER * cost + 0.01

    def order_score(self, view: GwState, me: int, a: Any) -> float:
        """Effects that lower the defense or raise the attack first; the printed order breaks
        ties (it is the first legal order)."""
        return 0.0

    def choose_cards_score(self, view: GwState, me: int, a: Any, stage: str | None) -> float:
        """Discard or scrap our own worst cards; keep, take or hit the best ones; an ordered
        pick puts the best first (the top of the deck)."""
        pend = stages.top(view.pending) if view.pending else None
        data = pend.data if pend else {}
        verb = str(data.get("verb", "discard"))
        p = view.players[me]
        mine = set(p.hand) | set(p.discard) | set(p.mods) | set(p.deck) | set(p.defense)
        vals = [self.hand_value(view, me, _cid(view, i)) for i in a.cards]
        own = all(i in mine for i in a.cards)
        if verb in ("discard", "scrap") and own:
            return -sum(vals)
        if verb == "use" and own:
            return -sum(vals)
        return sum(vals) + sum(v * 0.01 * (len(vals) - k) for k, v in enumerate(vals))

    def hand_value(self, view: GwState, me: int, cid: str) -> float:
        if cid == HIDDEN:
            return 3.0
        v = self.k.value(cid)
        if self.k.kind(cid) == "source":
            v -= 0.5
        return v


register_bot("gemwielders", "normal")(lambda: GwBot("normal"))
register_bot("gemwielders", "hard")(lambda: GwBot("hard", lookahead=True))
register_bot("gemwielders", "easy")(lambda: GwBot("easy", noise=1.5, blunder=0.06))


# =============================================================================================
# Hooks for `python -m game balance`
# =============================================================================================

class _Balance:
    """The roster (Gembearers), the scheduled Gembearer picks, and the facts of a finished
    game, for game/cli/balance.py."""

    def roster(self, config: Any) -> list[str]:
        name, inline = content_spec((config.setup or {}).get("content", "default"))
        return sorted(b for b in with_inline(name, inline).bearers if b != NEUTRAL_BEARER)

    def answer_pick(self, state: GwState, decision: Any, legal: list,
                    wanted: dict[str, str]) -> Any:
        if decision.stage != "choose_gembearer":
            return None
        role = "first" if decision.seat == state.first else "second"
        want = A.ChooseGembearer(wanted[role])
        return want if want in legal else None

    def describe(self, state: GwState) -> dict:
        return {"first": state.first,
                "picks": {p.seat: p.gembearer for p in state.players},
                "turns": state.turn,
                "deck_out": state.deck_out_turn is not None and "deck" in state.end_reason}


BALANCE = _Balance()
