"""The Gemwielders presenter: what the card table shows, read from one seat's view of a match.

Owns: the plain records the card table draws (`CardFace`, `SideInfo`, `TableInfo`,
`PromptInfo`, `Choice`) and their translation from `match.view(seat)`: card faces with our own
effect text, counters, piles, the draft row with the reason a card cannot be taken, the phase
tracker's words, and for every clickable thing the legal actions it offers (`choices_for`). Also
log lines with the card names they mention (so the log can show the card on hover): the core
facts (damage, the match's end, rulings) from the shared formatter of
game.client.presenters.eventlog, the card game's own events from the `_SAYINGS` table; and the
attack sequence as steps for the scene to animate.

Must not: decide a rule or look at hidden information. Everything comes from
`match.view(viewer)` (the opponent's hand and face-down cards are placeholders there) and from
`match.legal_actions()`, which is offered only when the viewer is the seat deciding. It never
touches pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re
from typing import Any

from game.engine.events import DamageDealt

from game.client.presenters.eventlog import EventLog, Wording


#: gem letter -> its name in the player's words (the card renderer uses them too)
GEM_NAMES = {"R": "Ruby", "S": "Sapphire", "E": "Emerald", "T": "Topaz", "A": "Amethyst",
             "*": "any gem"}


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card as drawn. `uid` names the card instance in actions (None for placeholders);
    `hidden` draws the back; `req` is the gem requirement as letters ("R", "*"...); `sword` /
    `shield` the value now, `base_value` the printed one (a changed value is coloured); `text`
    the effect lines in our own words (⚡n, ⚔, 🛡 and ⚙ are drawn as icons)."""

    id: str
    name: str
    kind: str
    uid: str | None = None
    req: tuple[str, ...] = ()
    sword: int | None = None
    shield: int | None = None
    base_value: int | None = None
    text: tuple[str, ...] = ()
    subtitle: str = ""
    flavour: str = ""
    hidden: bool = False
    used: bool = False


HIDDEN = CardFace("hidden", "Face-down card", "hidden", hidden=True)


@dataclass(slots=True)
class SideInfo:
    """One player's side of the table as the viewer may see it."""

    seat: int
    name: str
    gembearer: CardFace | None
    sockets: tuple[str, ...]          # socketed gem letters, in order
    max_sockets: int
    ready: bool                       # the Gembearer is upright
    life: int
    max_life: int
    power: int
    hand: list[CardFace]              # faces for the viewer's own hand; HIDDEN placeholders else
    deck: int
    discard: list[CardFace]           # public, top last
    defense: list[CardFace]           # left (oldest) to right; HIDDEN when the viewer may not see
    mods: list[CardFace]              # with `used` set
    player_one: bool = False
    active: bool = False


@dataclass(slots=True)
class TableInfo:
    me: SideInfo
    them: SideInfo
    row: list[CardFace | None]        # the draft row; None for an empty slot
    row_blocked: dict[int, str]       # slot -> why the viewer cannot take it now
    pool: dict[str, int]              # gem letter -> tokens left
    sources: int
    gem_deck: int
    scrap: list[CardFace]
    turn: int
    phase: str                        # "setup", "draft", "main", "attack", "draw", "over"
    phase_hint: str                   # what is still possible in this phase
    active_seat: int | None
    attack_total: int | None = None   # the attack being put together


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal action offered on something clickable, with the words of the menu entry."""

    label: str
    action: Any
    tooltip: str = ""
    primary: bool = False


@dataclass(slots=True)
class PromptInfo:
    """A choice the deciding seat must make now (a stage): the question, and its answers.
    `cards` answers are drawn as cards (Gembearer pick, choose cards, order of effects)."""

    title: str
    text: str
    options: list[Choice] = field(default_factory=list)
    cards: list[tuple[CardFace, Choice | None]] = field(default_factory=list)
    pick: int = 0                 # > 0: choose this many of `cards`, then confirm
    ordered: bool = False         # the order of the picks matters (put back, top first)
    answers: list[Choice] = field(default_factory=list)   # the legal picks (ChooseCards)

    def answer_for(self, picked: list[str]) -> Choice | None:
        """The legal answer matching the card ids picked so far (None if there is none)."""
        for c in self.answers:
            got = list(getattr(c.action, "cards", ()))
            if (got == picked) if self.ordered else (sorted(got) == sorted(picked)):
                return c
        return None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One log line; `cards` are the faces of cards the line names (hover shows them)."""

    text: str
    colour: tuple[int, int, int] = (220, 214, 200)
    cards: tuple[CardFace, ...] = ()
    seat: int | None = None
    minor: bool = False          # phase changes, draws: left out of the hand-off recap


@dataclass(frozen=True, slots=True)
class AttackStep:
    """One beat of the attack sequence: "announce", "flip" (defense card `index`), "effect"
    (`text` names it), "result" (hit or miss), "damage"."""

    kind: str
    text: str = ""
    index: int | None = None
    card: CardFace | None = None
    value: int | None = None
    hit: bool | None = None


def _plain_text(kind: str, sword: int | None, shield: int | None) -> tuple[str, ...]:
    """What a card without rules text does, in a few words, so no text box is left empty."""
    if kind == "attack" and sword is not None:
        return (f"Adds {sword} ⚔ to your attack.",)
    if kind == "defense" and shield is not None:
        return (f"Adds {shield} 🛡 to your defense.",)
    return ()


def _get(obj: Any, key: str, default: Any = None) -> Any:
    """A field of a content definition, whether it is a dataclass or a plain dict."""
    if obj is None:
        return default
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


# -- translation from a match ------------------------------------------------------------------------

PHASE_ORDER = ("draft", "main", "attack", "draw")
PHASE_TITLES = {"setup": "Set-up", "draft": "Draft", "main": "Main", "attack": "Attack",
                "draw": "Draw", "over": "Game over"}
DRAFT_STEPS = {1: "scrap a card nobody can ever draft", 2: "refill the row",
               3: "take a gem", 4: "draft or scrap a row card", 5: "take a Source"}
class GemwieldersPresenter:
    """Reads a Gemwielders match for the card table. Every method that shows something takes
    the viewing seat and reads `match.view(viewer)` only."""

    def __init__(self, match: Any):
        self.match = match
        self._content: Any = None
        self._faces: dict[tuple, CardFace] = {}
        self._view_key: Any = None
        self._view: Any = None
        self._core_logs: dict[int, EventLog] = {}     # the shared formatter, per viewer
        # (viewer, card id) -> content id an event has shown that viewer: a card named later by
        # id only (an effect resolving) keeps its name after it has gone back face down
        self._shown: dict[tuple[int, str], str] = {}

    # -- content -----------------------------------------------------------------------------
    def content(self) -> Any:
        if self._content is None:
            from game.engine.systems.gemwielders import content as content_mod
            # the match's own set, with the set-up's inline content (new and changed cards)
            state = self.match.state
            self._content = (content_mod.for_state(state) if state.inline is not None
                             else content_mod.load(state.content or "default"))
        return self._content

    def cdef(self, cid: str) -> Any:
        # placeholders of hidden cards carry ids the content does not know (a KeyError, as
        # content.card documents): they are drawn as backs
        try:
            return self.content().card(cid)
        except KeyError:
            return None

    def bdef(self, bid: str | None) -> Any:
        if not bid:
            return None
        return self.content().bearers.get(bid)

    @staticmethod
    def _iconic(line: str) -> str:
        """The engine's words with our card symbols: "Pay 2:" becomes ⚡2:, "Use:" a cog."""
        line = re.sub(r"\bPay (\d+):", r"⚡\1:", line)
        line = re.sub(r"^Use \(pay (\d+)\):", r"⚙ ⚡\1:", line)
        line = re.sub(r"^Use:", "⚙:", line)
        return line

    def _lines(self, d: Any) -> tuple[str, ...]:
        from game.engine.systems.gemwielders import content as content_mod
        return tuple(self._iconic(ln) for ln in content_mod.card_lines(d))

    def face(self, cid: str, uid: str | None = None, *, sword: int | None = None,
             shield: int | None = None, used: bool = False) -> CardFace:
        """The face of content card `cid` (a hidden placeholder when cid is "hidden")."""
        if cid in ("hidden", "?") or (uid or "").startswith("?"):
            return CardFace("hidden", "Face-down card", "hidden", uid=uid, hidden=True)
        key = (cid, uid, sword, shield, used)
        got = self._faces.get(key)
        if got is not None:
            return got
        d = self.cdef(cid)
        if d is None:
            got = CardFace(cid, cid.replace("_", " ").title(), "skill", uid=uid, used=used)
        else:
            kind = str(_get(d, "kind", "skill"))
            psword = int(_get(d, "sword", 0) or 0) if kind == "attack" else None
            pshield = int(_get(d, "shield", 0) or 0) if kind == "defense" else None
            origin = _get(d, "origin", "")
            sub = ""
            if origin:
                bearer = self.bdef(origin)
                sub = str(_get(bearer, "name", origin)) if bearer is not None else str(origin)
            got = CardFace(cid, str(_get(d, "name", cid)), kind, uid=uid,
                           req=tuple(str(_get(d, "req", "") or "")),
                           sword=sword if sword is not None else psword,
                           shield=shield if shield is not None else pshield,
                           base_value=psword if psword is not None else pshield,
                           text=self._lines(d) or _plain_text(kind, psword, pshield), subtitle=sub,
                           flavour=str(_get(d, "text", "") or ""), used=used)
        self._faces[key] = got
        return got

    def bearer_face(self, bid: str | None, ready: bool = True) -> CardFace | None:
        if not bid:
            return None
        d = self.bdef(bid)
        if d is None:
            return CardFace(bid, bid.title(), "gembearer", uid="bearer", used=not ready)
        lines = list(self._lines(d))
        ability = str(_get(d, "ability", "") or "")
        return CardFace(bid, str(_get(d, "name", bid)), "gembearer", uid="bearer",
                        text=tuple(lines), flavour=str(_get(d, "text", "") or ""), subtitle=ability,
                        used=not ready)

    def card_name(self, card_id: str, view: Any = None) -> str:
        st = view if view is not None else self.match.state
        c = st.cards.get(card_id) if hasattr(st, "cards") else None
        if c is None or c.cid == "hidden":
            return "a face-down card"
        return self.face(c.cid).name

    # -- seats -----------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        seats = getattr(self.match.config, "seats", [])
        if 0 <= seat < len(seats) and getattr(seats[seat], "name", ""):
            return seats[seat].name
        return f"Player {seat + 1}"

    # -- the table -------------------------------------------------------------------------------
    def _card(self, view: Any, card_id: str, **kw) -> CardFace:
        c = view.cards.get(card_id)
        if c is None:
            return CardFace("hidden", "Face-down card", "hidden", uid=card_id, hidden=True)
        return self.face(c.cid, card_id, **kw)

    def _side(self, view: Any, seat: int, viewer: int) -> SideInfo:
        p = view.players[seat]
        from game.engine.systems.gemwielders.state import LIFE_CAP, MAX_GEMS
        att = getattr(view, "attack", None)
        defense = []
        for cid in p.defense:
            kw = {}
            if att is not None and att.defender == seat and cid in att.revealed:
                kw = self._value_kw(view, cid)
            defense.append(self._card(view, cid, **kw))
        return SideInfo(
            seat=seat, name=self.seat_name(seat),
            gembearer=self.bearer_face(p.gembearer, p.bearer_ready),
            sockets=tuple(p.gems), max_sockets=MAX_GEMS, ready=bool(p.bearer_ready),
            life=int(p.life), max_life=LIFE_CAP, power=int(p.power),
            hand=[self._card(view, c) for c in p.hand], deck=len(p.deck),
            discard=[self._card(view, c) for c in p.discard], defense=defense,
            mods=[self._card(view, c, used=c in p.used) for c in p.mods],
            player_one=(seat == view.first), active=(seat == view.active and view.turn > 0))

    def _value_kw(self, view: Any, card_id: str) -> dict:
        """The current sword/shield of a card in the attack in progress, as the engine counts it."""
        from game.engine.systems.gemwielders import rules
        att = view.attack
        c = view.cards.get(card_id)
        if att is None or c is None or c.cid == "hidden":
            return {}
        d = self.cdef(c.cid)
        if d is None:
            return {}
        if _get(d, "kind") == "attack":
            return {"sword": rules.card_sword(view, card_id)}
        if _get(d, "kind") == "defense":
            return {"shield": rules.card_shield(view, card_id)}
        return {}

    def view(self, viewer: int) -> Any:
        """match.view(viewer), kept while the match does not change (a view is a deep copy)."""
        key = (self.match.version, viewer)
        if self._view_key != key:
            self._view_key = key
            self._view = self.match.view(viewer)
        return self._view

    def table(self, viewer: int) -> TableInfo:
        view = self.view(viewer)
        opp = 1 - viewer
        row = [self._card(view, c) if c is not None else None for c in view.row]
        legal_slots = self._row_slots(viewer)
        blocked: dict[int, str] = {}
        for i, c in enumerate(view.row):
            if c is not None and i not in legal_slots:
                blocked[i] = self.row_reason(view, viewer, c)
        att = getattr(view, "attack", None)
        total = None
        if att is not None and att.attacker == viewer:
            total = self.attack_value(view)
        return TableInfo(
            me=self._side(view, viewer, viewer), them=self._side(view, opp, viewer), row=row,
            row_blocked=blocked, pool=dict(view.pool), sources=len(view.sources),
            gem_deck=len(view.gem_deck), scrap=[self._card(view, c) for c in view.scrap],
            turn=int(view.turn), phase=str(view.phase),
            phase_hint=self.phase_hint(view, viewer), active_seat=view.active,
            attack_total=total)

    def attack_value(self, view: Any) -> int:
        """The attack's total as the engine counts it (0 outside an attack)."""
        from game.engine.systems.gemwielders import rules
        return rules.attack_total(view)

    def row_reason(self, view: Any, viewer: int, card_id: str) -> str:
        """Why the viewer cannot take this row card now, in a player's words."""
        if view.phase != "draft" or view.active != viewer:
            return "Cards are drafted in your own Draft phase"
        if view.draft_step > 4:
            return "The draft-or-scrap step has passed this turn"
        c = view.cards.get(card_id)
        req = ""
        if c is not None:
            d = self.cdef(c.cid)
            req = str(_get(d, "req", "") or "")
        have = list(view.players[viewer].gems)
        missing = []
        for g in req:
            if g == "*":
                continue
            if g in have:
                have.remove(g)
            else:
                missing.append(g)
        wild = req.count("*")
        if missing or len(have) < wild:
            need = [GEM_NAMES.get(g, g) for g in missing]
            if len(have) < wild:
                need.append(f"{wild - len(have)} more gem{'s' if wild - len(have) > 1 else ''}")
            return "Needs " + ", ".join(need) + " on your Gembearer"
        if view.draft_step < 4:
            return "Finish or skip the earlier draft steps first"
        return "Not available now"

    def phase_hint(self, view: Any, viewer: int) -> str:
        d = self.match.decision
        if view.phase == "over" or self.match.over:
            return "The game is over"
        if view.phase == "setup":
            return d.prompt if d is not None else "Setting up"
        mine = view.active == viewer
        who = "You" if mine else self.seat_name(view.active)
        if view.phase == "draft":
            steps = [DRAFT_STEPS[s] for s in range(max(1, view.draft_step), 6) if s != 2]
            return (f"{who}: " + ", ".join(steps)) if steps else f"{who}: draft done"
        if view.phase == "main":
            return f"{who}: play skills and modifications, use cards, set defense cards"
        if view.phase == "attack":
            if view.attack is not None and view.attack.cards:
                return f"{who}: add attack cards or announce the attack"
            return f"{who}: choose attack cards, or end the phase without attacking"
        if view.phase == "draw":
            return f"{who}: ready cards and draw up to 5"
        return ""

    # -- choices ---------------------------------------------------------------------------------
    def legal(self, viewer: int) -> list:
        d = self.match.decision
        if d is None or d.seat != viewer or self.match.over:
            return []
        return list(self.match.legal_actions())

    def _row_slots(self, viewer: int) -> set[int]:
        from game.engine.systems.gemwielders import actions as A
        return {a.slot for a in self.legal(viewer)
                if isinstance(a, (A.Draft, A.ScrapFromRow, A.ScrapIneligible))}

    def _pay_label(self, base: str, cdef: Any, pay: tuple[bool, ...], clause: str) -> str:
        if not any(pay):
            return base
        cl = _get(cdef, clause)
        opts = list(getattr(cl, "opts", None) or [])
        if isinstance(cl, list):
            opts = [st for st in cl if isinstance(st, dict) and "cost" in st]
        costs = [_get(opts[i], "cost", 0) for i, p in enumerate(pay) if p and i < len(opts)]
        total = sum(int(c) for c in costs)
        return f"{base}, paying ⚡{total}" if total else f"{base}, paying"

    def choices(self, viewer: int) -> dict[tuple, list[Choice]]:
        """What each clickable thing offers the viewer now: key -> choices. Keys: ("hand", id),
        ("row", slot), ("gem", letter), ("sources",), ("mod", id), ("bearer",),
        ("button", name)."""
        from game.engine.systems.gemwielders import actions as A
        out: dict[tuple, list[Choice]] = {}
        view = None
        for a in self.legal(viewer):
            if view is None:
                view = self.view(viewer)

            def add(key, label, tip="", primary=False, a=a):
                out.setdefault(key, []).append(Choice(label, a, tip, primary))

            cdef = None
            if hasattr(a, "card") and a.card in view.cards:
                cdef = self.cdef(view.cards[a.card].cid)
            if isinstance(a, A.ScrapIneligible):
                add(("row", a.slot), "Scrap it: nobody can ever draft it",
                    "Draft step 1: the card goes to the scrap pile")
            elif isinstance(a, A.Draft):
                add(("row", a.slot), "Draft it", "The card goes to your discard pile", True)
            elif isinstance(a, A.ScrapFromRow):
                add(("row", a.slot), "Scrap it", "The card goes to the scrap pile, out of the game")
            elif isinstance(a, A.TakeGem):
                gname = GEM_NAMES.get(a.gem, a.gem)
                add(("gem", a.gem), f"Socket {'an' if gname[:1] in 'AEIOU' else 'a'} {gname}",
                    "Gems never come off your Gembearer", True)
            elif isinstance(a, A.TakeSource):
                add(("sources",), "Take a Source", "It goes to your discard pile", True)
            elif isinstance(a, A.SkipStep):
                step = getattr(view, "draft_step", 0)
                add(("button", "skip"), f"Skip: {DRAFT_STEPS.get(step, 'this step')}")
            elif isinstance(a, A.EndPhase):
                label = {"draft": "To Main phase", "main": "To Attack phase",
                         "attack": ("No attack · end turn" if not (view.attack and view.attack.cards)
                                    else "End phase")}.get(view.phase, "End phase")
                if view.phase == "main" and view.turn == 1 and view.active == view.first:
                    label = "End turn"      # GW-15: Player 1's first turn has no attack phase
                add(("button", "end_phase"), label, "", True)
            elif isinstance(a, A.PlaySkill):
                add(("hand", a.card), self._pay_label("Play", cdef, a.pay, "play"))
            elif isinstance(a, A.PlaySource):
                add(("hand", a.card), "Play: gain 2 power, return it to the stack" if any(a.pay)
                    else "Play: gain 2 power")
            elif isinstance(a, A.PlayModification):
                add(("hand", a.card), "Put into play")
            elif isinstance(a, A.AddDefense):
                add(("hand", a.card), "Set face down as defense")
            elif isinstance(a, A.AddToAttack):
                add(("hand", a.card), "Add to the attack", "", True)
            elif isinstance(a, A.Announce):
                total = self.attack_value(view)
                add(("button", "announce"), f"Attack for {total}", "", True)
            elif isinstance(a, A.UseCard):
                key = ("bearer",) if a.card == "bearer" else ("mod", a.card)
                if a.card == "bearer":
                    bdef = self.bdef(view.players[viewer].gembearer)
                    add(key, self._pay_label("Use", bdef, a.pay, "use"))
                else:
                    add(key, self._pay_label("Use", cdef, a.pay, "use"))
        return out

    def prompt(self, viewer: int) -> PromptInfo | None:
        """The stage the viewer must answer now, or None during ordinary phase play."""
        from game.engine.systems.gemwielders import actions as A
        d = self.match.decision
        if d is None or d.seat != viewer or self.match.over:
            return None
        legal = self.legal(viewer)
        view = self.view(viewer)
        stage = d.stage
        if any(isinstance(a, A.ChooseGembearer) for a in legal):
            cards = []
            for a in legal:
                if isinstance(a, A.ChooseGembearer):
                    f = self.bearer_face(a.gembearer)
                    if f is not None:
                        cards.append((f, Choice(f"Take {f.name}", a)))
            first = view.players[d.seat].seat == view.first
            return PromptInfo("Choose your Gembearer",
                              ("You go first, so you pick first." if first else
                               "The first player has picked.") + " Its ten weapon cards become your "
                              "starting deck.", cards=cards)
        if any(isinstance(a, (A.Redeal, A.KeepRow)) for a in legal):
            opts = [Choice("Keep this row", a, primary=True) if isinstance(a, A.KeepRow) else
                    Choice("Reshuffle and deal a new row", a, "Only once per game")
                    for a in legal if isinstance(a, (A.Redeal, A.KeepRow))]
            return PromptInfo("The draft row", d.prompt or
                              "As Player 2 you may redeal the draft row once.", opts)
        if any(isinstance(a, (A.Pay, A.Decline)) for a in legal):
            opts = [Choice("Pay", a, primary=True) if isinstance(a, A.Pay) else
                    Choice("Don't pay", a) for a in legal if isinstance(a, (A.Pay, A.Decline))]
            return PromptInfo("Pay power?", d.prompt or "Pay for the optional clause?", opts)
        if any(isinstance(a, A.OrderEffects) for a in legal):
            opts = [Choice(" → ".join(self._effect_key_name(view, k) for k in a.order), a,
                           self._effect_key_text(view, a.order[0]) if a.order else "")
                    for a in legal if isinstance(a, A.OrderEffects)]
            return PromptInfo("Order of effects", d.prompt or
                              "You choose the order your effects resolve in.", opts)
        if any(isinstance(a, A.ChooseCards) for a in legal):
            answers = []
            for a in legal:
                if isinstance(a, A.ChooseCards):
                    names = [self.card_name(c, view) for c in a.cards]
                    answers.append(Choice(", ".join(names) if names else "None", a))
            sizes = {len(c.action.cards) for c in answers}
            ids: list[str] = []
            for c in answers:
                ids += [i for i in c.action.cards if i not in ids]
            faces = [self._card(view, i) for i in ids]
            if len(sizes) == 1 and all(not f.hidden for f in faces) and sizes != {0}:
                k = sizes.pop()
                ordered = len(answers) > 1 and any(
                    a.action.cards != tuple(sorted(a.action.cards, key=ids.index)) for a in answers)
                how = " in order, top first" if ordered else ""
                return PromptInfo(d.prompt or "Choose cards",
                                  f"Click {k} card{'s' if k != 1 else ''}{how}, then confirm.",
                                  cards=[(f, None) for f in faces], pick=k, ordered=ordered,
                                  answers=answers)
            return PromptInfo("Choose cards", d.prompt or "Choose", answers)
        if stage not in ("act", "draft", "main", "attack") and legal and not any(
                isinstance(a, (A.EndPhase, A.SkipStep)) for a in legal):
            return PromptInfo(stage.replace("_", " ").capitalize(), d.prompt or "",
                              [Choice(self.describe(a), a) for a in legal])
        return None

    def _effect_key_name(self, view: Any, key: str) -> str:
        """A player's name for an effect key: the card's name, with its place in the attack when
        two cards share a name ("Blazing Edge, attack card 2")."""
        cid = key.split(":", 1)[0]
        if cid == "bearer" or cid.startswith("bearer"):
            b = self.bearer_face(view.players[view.active].gembearer)
            return f"{b.name} (Gembearer)" if b else "Gembearer"
        if cid in view.cards:
            name = self.card_name(cid, view)
            att = getattr(view, "attack", None)
            if att is not None and cid in att.cards:
                same = [c for c in att.cards if self.card_name(c, view) == name]
                if len(same) > 1:
                    return f"{name}, attack card {att.cards.index(cid) + 1}"
            if att is not None and cid in att.revealed:
                return f"{name}, defense slot {att.revealed.index(cid) + 1}"
            return name
        return key

    def _effect_key_text(self, view: Any, key: str) -> str:
        cid = key.split(":", 1)[0]
        c = view.cards.get(cid)
        if c is None or c.cid in ("hidden", "?"):
            return ""
        return " ".join(self.face(c.cid).text)

    def describe(self, action: Any) -> str:
        kind = getattr(action, "kind", type(action).__name__)
        return kind.split(".")[-1].replace("_", " ").capitalize()

    # -- log ---------------------------------------------------------------------------------------
    def _visible(self, e: Any, viewer: int) -> Any:
        """The event as `viewer` may know it (None: nothing to show)."""
        from game.engine.systems.gemwielders.events import redact
        return redact(e, viewer)

    def log_entries(self, events: list, viewer: int) -> list[LogEntry]:
        """Log lines for what `viewer` may know of `events` (redacted per seat)."""
        out: list[LogEntry] = []
        for e in events:
            e = self._visible(e, viewer)
            if e is None:
                continue
            self._learn(e, viewer)
            entry = self._entry(e, viewer)
            if entry is not None:
                out.append(entry)
        return out

    def _faces_of(self, e: Any) -> list[CardFace]:
        """Faces of the cards an (already redacted) event names, using its own content ids."""
        ids = getattr(e, "cards", None)
        cids = getattr(e, "cids", None)
        if isinstance(ids, tuple) and isinstance(cids, tuple):
            return [self.face(c, i) for i, c in zip(ids, cids) if c not in ("?", "hidden")]
        card, cid = getattr(e, "card", None), getattr(e, "cid", None)
        if isinstance(card, str) and isinstance(cid, str) and cid not in ("?", "hidden"):
            return [self.face(cid, card)]
        return []

    def _learn(self, e: Any, viewer: int) -> None:
        """Remember the content ids an (already redacted) event shows `viewer`."""
        ids, cids = getattr(e, "cards", None), getattr(e, "cids", None)
        pairs: list[tuple[Any, Any]] = []
        if isinstance(ids, tuple) and isinstance(cids, tuple):
            pairs = list(zip(ids, cids))
        elif isinstance(getattr(e, "card", None), str):
            pairs = [(e.card, getattr(e, "cid", None))]
        for card, cid in pairs:
            if isinstance(card, str) and isinstance(cid, str) and cid not in ("?", "hidden"):
                if len(self._shown) >= 8192:
                    self._shown.clear()
                self._shown[(viewer, card)] = cid

    def _public_face(self, card_id: str, viewer: int) -> CardFace | None:
        """A card named by id only: its face if the viewer's view shows it, or if an event
        showed it to the viewer before (it may be face down again by the time the line is
        written: a defense card back in its owner's deck)."""
        if card_id == "bearer":
            return None
        view = self.view(viewer)
        c = view.cards.get(card_id)
        if c is not None and c.cid not in ("hidden", "?"):
            return self.face(c.cid, card_id)
        cid = self._shown.get((viewer, card_id))
        return self.face(cid, card_id) if cid is not None else None

    def _entry(self, e: Any, viewer: int) -> LogEntry | None:
        """The line for one (already redacted) event: the core facts (damage, the match's end,
        rulings, notes) from the shared formatter, the card game's own events from `_SAYINGS`."""
        kind = getattr(e, "kind", "")
        if kind in _SILENT:
            return None
        seat = getattr(e, "seat", None)
        core = self._core_log(viewer).core(e)
        if core is not None:
            return LogEntry(core.text[:1].upper() + core.text[1:], core.colour, (),
                            seat if isinstance(seat, int) else None)
        say = _Say(self, e, viewer)
        fn = _SAYINGS.get(kind)
        if fn is not None:
            return fn(say)
        text = getattr(e, "text", "") or " ".join(
            x for x in (say.who, kind.split(".")[-1].replace("_", " "), say.names) if x)
        return say.line(text, DIM)

    def _core_log(self, viewer: int) -> EventLog:
        """The shared formatter, speaking to `viewer` ("You take 3 damage")."""
        log = self._core_logs.get(viewer)
        if log is None:
            log = self._core_logs[viewer] = EventLog(Wording(
                name=lambda who: "You" if who == viewer else (
                    self.seat_name(who) if isinstance(who, int) else str(who)),
                side_name=self.seat_name, hp_word="life", silent=_SILENT,
                you=lambda who: who == viewer))
        return log

    # -- the attack as a sequence -------------------------------------------------------------------
    def attack_steps(self, events: list, viewer: int) -> list[AttackStep]:
        """Beats to animate for the attack events among `events` (else [])."""
        steps: list[AttackStep] = []
        for e in events:
            e = self._visible(e, viewer)
            if e is None:
                continue
            self._learn(e, viewer)
            k = getattr(e, "kind", "").split(".")[-1]
            if k == "attack_announced":
                steps.append(AttackStep("announce", f"Attacking for {e.total}", value=e.total,
                                        index=e.seat))
                for i, c in enumerate(e.cards):
                    f = self._public_face(c, viewer)
                    if f is not None:
                        steps.append(AttackStep("attack_card", f.name, index=i, card=f))
            elif k == "defense_revealed":
                faces = self._faces_of(e)
                if not faces:
                    steps.append(AttackStep("flip", "No defense: shield 0", value=0))
                for i, f in enumerate(faces):
                    steps.append(AttackStep("flip", f.name, index=i, card=f, value=e.total))
            elif k in ("effect_resolving", "value_modified", "turn_buffed", "cards_discarded",
                       "life_changed", "power_changed"):
                entry = self._entry(e, viewer)
                if entry is not None:
                    steps.append(AttackStep("effect", entry.text,
                                            card=entry.cards[0] if entry.cards else None))
            elif k == "attack_compared":
                steps.append(AttackStep("result", "HIT" if e.result == "hit" else "MISS",
                                        hit=e.result == "hit", value=e.sword - e.shield,
                                        index=e.shield))
            elif isinstance(e, DamageDealt):      # the core fact: the victim is a seat here
                steps.append(AttackStep("damage", f"-{e.amount}", value=e.amount, index=e.victim))
            elif k == "attack_cleared":
                steps.append(AttackStep("cleared"))
        # an attack's own effects are only interesting inside an attack
        if not any(s.kind in ("announce", "flip", "result", "damage") for s in steps):
            return []
        return steps


# -- the log's words for the card game's own events ------------------------------------------------
PLAIN, INFO, WARM, HURT, DIM = ((220, 214, 200), (111, 194, 228), (240, 206, 130),
                                (255, 150, 120), (140, 146, 156))
#: bookkeeping the log need not show
_SILENT = frozenset({"turn_started", "turn_ended", "gw.step_passed", "gw.card_moved",
                     "gw.readied", "gw.attack_cleared", "gw.marked_used", "gw.marked_ready"})


class _Say:
    """What every line of one event needs: who acted (\"You\" for the viewer), the verb ending
    for them (`s`), the faces of the cards it names, and `line` to make the entry."""

    def __init__(self, p: GemwieldersPresenter, e: Any, viewer: int):
        self.p, self.e, self.viewer = p, e, viewer
        seat = getattr(e, "seat", None)
        self.seat = seat if isinstance(seat, int) else None
        self.you = seat == viewer
        self.who = ("You" if self.you else p.seat_name(seat)) if self.seat is not None else ""
        self.s = "" if self.you else "s"
        self.faces = p._faces_of(e)
        self.names = ", ".join(f.name for f in self.faces)

    def line(self, text: str, colour: tuple[int, int, int] = PLAIN,
             cards: list[CardFace] | None = None) -> LogEntry:
        text = text[:1].upper() + text[1:]
        return LogEntry(text, colour, tuple(self.faces if cards is None else cards), self.seat)

    def public(self, card_id: str) -> CardFace | None:
        return self.p._public_face(card_id, self.viewer)


def _bearer_taken(c: _Say) -> LogEntry:
    b = c.p.bearer_face(c.e.gembearer)
    return c.line(f"{c.who} {'take' if c.you else 'takes'} the {b.name if b else c.e.gembearer}",
                  INFO, [b] if b else [])


def _shuffled(c: _Say) -> LogEntry | None:
    e = c.e
    if e.seat is None:
        return c.line("The gem card deck is shuffled", DIM)
    if e.from_discard:
        return c.line(f"{c.who} shuffle{c.s} the discard pile into a new deck ({e.size})", DIM)
    return None


def _gem_taken(c: _Say) -> LogEntry:
    name = GEM_NAMES.get(c.e.gem, c.e.gem)
    art = "an" if name[:1] in "AEIOU" else "a"
    return c.line(f"{c.who} socket{c.s} {art} {name} ({c.e.socketed}/5)", WARM)


def _drawn(c: _Say) -> LogEntry:
    e, k = c.e, len(c.e.cards)
    short = f" ({e.short} short)" if e.short else ""
    if c.names:
        return c.line(f"You draw {c.names}{short}", DIM)
    return c.line(f"{c.who} draws {k} card{'s' if k != 1 else ''}{short}", DIM)


def _used(c: _Say) -> LogEntry:
    if c.e.card == "bearer":
        b = c.p.bearer_face(c.p.view(c.viewer).players[c.e.seat].gembearer)
        return c.line(f"{c.who} use{c.s} the {b.name if b else 'Gembearer'}", PLAIN, [b] if b else [])
    f = c.public(c.e.card)
    return c.line(f"{c.who} use{c.s} {f.name if f else 'a card'}", PLAIN, [f] if f else [])


def _clause_skipped(c: _Say) -> LogEntry:
    f = c.public(c.e.card)
    return c.line(f"{f.name if f else 'A clause'}: extra clause not used ({c.e.why})", DIM,
                  [f] if f else [])


def _defense_revealed(c: _Say) -> LogEntry:
    owner = "Your" if c.you else f"{c.p.seat_name(c.e.seat)}'s"
    if not c.faces:
        return c.line(f"{owner} defense is empty: shield 0", INFO)
    return c.line(f"{owner} defense: {c.names} (shield {c.e.total})", INFO)


def _effect_resolving(c: _Say) -> LogEntry:
    key = str(c.e.key)
    if key.startswith("bearer"):           # "bearer:<seat>": a Gembearer's ability
        owner = key.split(":")[1] if ":" in key else ""
        seat = int(owner) if owner.isdigit() else c.e.seat
        players = c.p.view(c.viewer).players
        b = c.p.bearer_face(players[seat].gembearer) if 0 <= seat < len(players) else None
        name = b.name if b else "the Gembearer"
        return c.line(f"{name} resolves ({c.e.source})", DIM, [b] if b else [])
    f = c.public(key.split(":")[0])
    name = f.name if f else "a face-down card"
    return c.line(f"{name} resolves ({c.e.source})", DIM, [f] if f else [])


def _value_modified(c: _Say) -> LogEntry:
    e = c.e
    stat = "attack" if e.stat == "sword" else "defense"
    f = c.public(e.target) if e.target != "total" else None
    what = f.name if f else f"the {stat} total"
    change = f"counts as {e.set_to}" if e.set_to is not None else f"{e.delta:+d} {stat}"
    return c.line(f"{what}: {change}", WARM, [f] if f else [])


#: kind -> the words of a card-game event (core facts are worded by presenters.eventlog)
_SAYINGS: dict[str, Any] = {
    "gw.first_player_chosen": lambda c: c.line(f"{c.p.seat_name(c.e.seat)} goes first", INFO),
    "gw.gembearer_chosen": _bearer_taken,
    "gw.deck_shuffled": _shuffled,
    "gw.row_dealt": lambda c: c.line(f"Dealt to the draft row: {c.names}" if c.names
                                     else "The draft row is dealt", DIM),
    "gw.row_redealt": lambda c: c.line(f"{c.who} redeal{c.s} the draft row", INFO),
    "gw.phase_started": lambda c: LogEntry(
        f"{c.p.seat_name(c.e.seat)} · {str(c.e.phase).capitalize()} phase", INFO, (), c.seat,
        minor=True),
    "gw.phase_skipped": lambda c: c.line(
        f"{c.p.seat_name(c.e.seat)} skips the {c.e.phase} phase ({c.e.reason})", DIM, []),
    "gw.gem_taken": _gem_taken,
    "gw.card_drafted": lambda c: c.line(f"{c.who} draft{c.s} {c.names}", WARM),
    "gw.card_scrapped": lambda c: c.line(
        f"{c.who} scrap{c.s} {c.names or 'a card'}"
        + (" (it goes back to the Source stack)" if c.e.to_stack else "")),
    "gw.source_taken": lambda c: c.line(f"{c.who} take{c.s} a Source ({c.e.left} left)", WARM),
    "gw.cards_drawn": _drawn,
    "gw.card_played": lambda c: c.line(
        f"{c.who} play{c.s} {c.names}" + (", paying" if any(c.e.paid) else "")),
    "gw.card_used": _used,
    "gw.defense_added": lambda c: (
        c.line(f"You set {c.names} face down in your defense (slot {c.e.index + 1})") if c.names
        else c.line(f"{c.who} sets a card face down in defense (slot {c.e.index + 1})", PLAIN, [])),
    "gw.power_changed": lambda c: c.line(f"{c.who}: {c.e.delta:+d} power, now {c.e.power}", WARM, []),
    "gw.life_changed": lambda c: c.line(
        f"{c.who}: {c.e.delta:+d} life, now {c.e.life}"
        + (f" ({c.e.lost_to_cap} lost to the cap)" if c.e.lost_to_cap else ""),
        HURT if c.e.delta < 0 else (150, 220, 150), []),
    "gw.clause_skipped": _clause_skipped,
    "gw.attack_card_placed": lambda c: c.line(f"{c.who} put{c.s} {c.names} into the attack"),
    "gw.attack_announced": lambda c: c.line(
        f"{c.who} attack{c.s} for {c.e.total}!", HURT,
        [f for f in (c.public(x) for x in c.e.cards) if f]),
    "gw.defense_revealed": _defense_revealed,
    "gw.effect_resolving": _effect_resolving,
    "gw.attack_compared": lambda c: LogEntry(
        f"Attack {c.e.sword} against defense {c.e.shield}: "
        f"{'HIT' if c.e.result == 'hit' else 'MISS'}",
        HURT if c.e.result == "hit" else INFO, (), c.e.attacker),
    "gw.gem_deck_empty": lambda c: LogEntry(f"The gem card deck is empty: the game ends {c.e.ends}",
                                            WARM),
    "gw.both_down": lambda c: LogEntry(
        f"Both players are down: the {c.e.phase} phase is played out", WARM),
    "gw.cards_discarded": lambda c: c.line(
        f"{c.who} discard{c.s} {c.names or 'cards'}" + (" at random" if c.e.at_random else "")),
    "gw.deck_looked": lambda c: (
        c.line(f"You look at the top of your deck: {c.names}", DIM) if c.names
        else c.line(f"{c.who} looks at the top {len(c.e.cards)} cards of their deck", DIM, [])),
    "gw.deck_reordered": lambda c: c.line(f"{c.who} put{c.s} {c.e.count} cards back on top", DIM),
    "gw.defense_peeked": lambda c: (
        c.line(f"You secretly look at defense slot {c.e.index + 1}: {c.names}", INFO) if c.names
        else c.line(f"{c.who} secretly looks at defense slot {c.e.index + 1}", INFO, [])),
    "gw.value_modified": _value_modified,
    "gw.turn_buffed": lambda c: c.line(f"{c.who}: {c.e.delta:+d} attack this turn "
                                       f"(now {c.e.total:+d})", WARM),
}
