"""Gemwielders content: gem types, Gembearers, cards and the Source, read from
game/data/gemwielders/*.toml (tomllib) and validated at load.

Owns: the schemas of those files (unknown keys, unknown verbs, bad parameters and bad requirement
strings are rejected with a message naming the file, the entry and the key), the requirement
parser and eligibility test (GW-22, GW-U-02), loading once per process, and `describe`, which
renders a card's or Gembearer's effect lists to short player-facing text, so the words on a card
and what the engine does cannot disagree. Also the built-in neutral Gembearer (a reserved id no
data file may define) and a match's inline content: a set-up's `content` table laid over a set
(`lay_inline`, through tactics.content.overlay) and passed through the same checks, built once
per distinct table and found again from the state (`for_state`).

Must not: apply effects (effects.py does, one function per verb) or hold presentation (colours,
frames and art ids live in assets/gemwielders/*.toml keyed by the same ids).

Effect lists are lists of steps. A step is either a verb `{verb = "draw", n = 2}` whose
parameters are declared in effects.VERBS, or an optional power clause
`{cost = 2, effects = [...], otherwise = [...]}` (GW-27: pay to resolve `effects` once; if you
cannot or will not, `otherwise`, if any, resolves instead). Either kind may carry a condition
`if = {attack_cards = n}` (the current attack uses at least n attack cards) or `if = {gems = n}`
(the owner has at least n socketed gems); a step whose condition fails is skipped.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import paths
from game.engine.contentfile import read_toml
from game.engine.rules import ConfigError
from game.engine.tactics.content import ContentSets, as_table, entry, overlay, tables

if TYPE_CHECKING:
    from .state import GwState

from .effects import CONDITIONS, VERBS


class ContentError(ConfigError):
    """A Gemwielders content file is broken; the message names the file, the entry and the key."""


CARD_KINDS = ("attack", "defense", "skill", "modification", "source")
GEM_LETTERS = "RSETA"
WILDCARD = "*"
ZONES = ("own", "opponent")
TRIGGERS = ("reveal", "play", "use", "hit", "miss", "attacking", "defending")
WEAPON_DECK_SIZE = 10

# Each kind of entry is declared once as a frozen dataclass (GemDef, CardEntry, BearerEntry):
# its annotations and defaults are the file's schema, checked by game.engine.tactics.content.
# An effect list is typed list[Any] there: its steps are checked by `check_effects` against the
# verb vocabulary (effects.VERBS), which declares each verb's parameters once.


@dataclass(frozen=True, slots=True)
class CardEntry:
    """[cards.<id>] in cards.toml and [sources.<id>] in sources.toml, as written. The effect
    lists are the TRIGGERS; `stack` is for Sources only."""

    name: str
    kind: str                        # CARD_KINDS
    origin: str = ""
    req: str = ""
    qty: int = 1
    sword: int = 0
    shield: int = 0
    zone: str = "own"
    use_cost: int = 0
    text: str = ""
    stack: int = 0
    reveal: list[Any] = field(default_factory=list)
    play: list[Any] = field(default_factory=list)
    use: list[Any] = field(default_factory=list)
    hit: list[Any] = field(default_factory=list)
    miss: list[Any] = field(default_factory=list)
    attacking: list[Any] = field(default_factory=list)
    defending: list[Any] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class BearerEntry:
    """[gembearers.<id>] in gembearers.toml, as written."""

    name: str
    ability: str
    deck: dict[str, Any]             # weapon card id -> copies; checked below with its message
    use_cost: int = 0
    use: list[Any] = field(default_factory=list)
    other: list[Any] = field(default_factory=list)
    hit: list[Any] = field(default_factory=list)
    miss: list[Any] = field(default_factory=list)
    text: str = ""


_CLAUSE_KEYS = {"cost", "effects", "otherwise", "if"}

# Which effect lists each kind may carry (anything else is a content mistake worth a message).
_KIND_TRIGGERS = {
    "attack": {"reveal", "hit", "miss"},
    "defense": {"reveal", "hit", "miss"},
    "skill": {"play"},
    "modification": {"use", "hit", "miss", "attacking", "defending"},
    "source": {"play"},
}


@dataclass(frozen=True, slots=True)
class Opt:
    """An optional power clause (GW-27), listed for the flow and the UI (how many pay flags a
    card takes, what each costs). It is also inline in its Clause's `effects`, where
    effects.resolve settles it: the flow never resolves an Opt itself."""

    cost: int
    effects: list[dict[str, Any]]
    otherwise: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Clause:
    """One trigger's text. `effects` is the whole printed list, power clauses inline, ready
    for effects.resolve; `opts` are those power clauses in printed order (index = pay flag);
    `cost` is the mandatory use cost of a cogwheel clause (GW-31), 0 elsewhere."""

    effects: list[dict[str, Any]]
    opts: list[Opt]
    cost: int = 0


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    kind: str                        # attack | defense | skill | modification | source
    req: str = ""                    # R S E T A and * (GW-U-02); "" for weapons and Sources
    sword: int = 0
    shield: int = 0
    origin: str = ""                 # Gembearer id for weapon cards, "" for gem cards/Sources
    qty: int = 1                     # copies in the gem card deck (gem cards)
    zone: str = "own"                # where a modification goes: own | opponent (GW-U-24)
    text: str = ""                   # flavour only; rules text comes from `describe`
    play: Clause | None = None       # skills and Sources (GW-26, GW-28)
    reveal: Clause | None = None     # attack phase, before the comparison (GW-37/38)
    hit: Clause | None = None        # after the comparison (GW-41)
    miss: Clause | None = None
    use: Clause | None = None        # cogwheel (GW-31), `use.cost` is its power cost
    attacking: Clause | None = None  # modification passives while its area's holder attacks
    defending: Clause | None = None  # ... or is attacked (resolve with "other" effects, GW-39)


@dataclass(frozen=True, slots=True)
class BearerDef:
    id: str
    name: str
    ability: str                     # the ability's name ("Crush")
    deck: dict[str, int]             # weapon card id -> copies, ten in all (GW-06)
    text: str = ""
    use: Clause | None = None        # cogwheel ability (GW-32)
    other: Clause | None = None      # attack phase, after defense effects (GW-39)
    hit: Clause | None = None
    miss: Clause | None = None


@dataclass(frozen=True, slots=True)
class GemDef:
    """[gems.<id>] in gems.toml: a gem type and its tokens in the pool (GW-08)."""

    id: str
    name: str
    letter: str
    tokens: int = 4
    theme: str = ""


@dataclass(frozen=True, slots=True)
class Content:
    cards: dict[str, CardDef]        # every card design: weapons, gem cards and the Source
    bearers: dict[str, BearerDef]
    gems: dict[str, int]             # gem pool: letter -> tokens (GW-08, GW-U-20)
    gem_types: dict[str, GemDef]     # letter -> gem type
    gem_cards: list[str]             # the gem card deck, one entry per copy, file order (GW-09)
    source_cid: str
    source_count: int                # Sources in the stack (GW-U-21)
    # the entry tables the set was built from, by section and id (as written, the neutral
    # Gembearer included): what a match's inline content is laid over (`with_inline`)
    tables: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def card(self, cid: str) -> CardDef:
        try:
            return self.cards[cid]
        except KeyError:
            raise KeyError(f"no Gemwielders card {cid!r}") from None

    def weapon_deck(self, bearer: str) -> list[str]:
        """A Gembearer's starting deck as card ids, unshuffled (GW-06)."""
        return [cid for cid, n in self.bearers[bearer].deck.items() for _ in range(n)]


def _clause(steps: list[dict[str, Any]], cost: int = 0) -> Clause | None:
    if not steps:
        return None
    opts = [Opt(s["cost"], s["effects"], s["otherwise"]) for s in steps if "cost" in s]
    return Clause(steps, opts, cost)


# --- requirements (GW-22, GW-U-02) -------------------------------------------------------------

def parse_requirement(req: str) -> tuple[Counter, int]:
    """`RR*` -> (Counter({'R': 2}), 1). Raises ValueError on anything but R S E T A and *.
    A fresh Counter each call (callers may change it); the rules read `requirement`."""
    typed, wild, _ = requirement(req)
    return Counter(dict(typed)), wild


@lru_cache(maxsize=None)
def requirement(req: str) -> tuple[tuple[tuple[str, int], ...], int, int]:
    """(typed gems as (letter, count) pairs, wildcards, typed total) of a requirement, parsed
    once per distinct text: the draft step asks it of every row card for both players on every
    position, and a content set prints only a few dozen distinct requirements."""
    typed: Counter = Counter()
    wild = 0
    for ch in req:
        if ch == WILDCARD:
            wild += 1
        elif ch in GEM_LETTERS:
            typed[ch] += 1
        else:
            raise ValueError(f"{ch!r} is not a gem letter ({' '.join(GEM_LETTERS)}) or *")
    if len(req) > 5:
        raise ValueError("a requirement names at most 5 gems (a Gembearer holds 5, GW-20)")
    return tuple(typed.items()), wild, sum(typed.values())


def eligible(req: str, socketed: list[str] | str) -> bool:
    """GW-22 with GW-U-02: the sockets cover every typed gem, and the gems left over are at
    least the number of wildcards."""
    typed, wild, n_typed = requirement(req)
    for g, n in typed:
        if socketed.count(g) < n:
            return False
    return len(socketed) - n_typed >= wild


# --- validation -------------------------------------------------------------------------------

def _check_condition(where: str, cond: Any) -> dict[str, int]:
    if not isinstance(cond, dict) or not cond:
        raise ContentError(f"{where}: 'if' must be a table such as {{attack_cards = 2}}")
    for key, value in cond.items():
        if key not in CONDITIONS:
            raise ContentError(f"{where}: unknown condition {key!r} (known: {', '.join(sorted(CONDITIONS))})")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ContentError(f"{where}: condition {key!r} needs a whole number, not {value!r}")
    return dict(cond)


def check_effects(where: str, steps: Any, *, nested: bool = False) -> list[dict[str, Any]]:
    """Validate an effect list; returns it with every verb's defaults filled in."""
    if not isinstance(steps, list):
        raise ContentError(f"{where}: an effect list must be a list of steps")
    out = []
    for i, step in enumerate(steps):
        at = f"{where}[{i}]"
        if not isinstance(step, dict):
            raise ContentError(f"{at}: a step must be a table with 'verb' or 'cost'")
        if "cost" in step:
            if nested:
                raise ContentError(f"{at}: a power clause cannot sit inside another")
            unknown = sorted(set(step) - _CLAUSE_KEYS)
            if unknown:
                raise ContentError(f"{at}: unknown key {unknown[0]!r} in a power clause "
                                   f"(known: {', '.join(sorted(_CLAUSE_KEYS))})")
            cost = step["cost"]
            if not isinstance(cost, int) or isinstance(cost, bool) or cost < 1:
                raise ContentError(f"{at}: key 'cost' must be a whole number of 1 or more")
            if "effects" not in step:
                raise ContentError(f"{at}: a power clause needs 'effects'")
            clause: dict[str, Any] = {
                "cost": cost,
                "effects": check_effects(f"{at}.effects", step["effects"], nested=True),
                "otherwise": check_effects(f"{at}.otherwise", step.get("otherwise", []), nested=True),
            }
            if "if" in step:
                clause["if"] = _check_condition(f"{at}.if", step["if"])
            out.append(clause)
            continue
        verb = step.get("verb")
        if verb is None:
            raise ContentError(f"{at}: a step needs 'verb' (or 'cost' for a power clause)")
        if verb not in VERBS:
            raise ContentError(f"{at}: unknown verb {verb!r} (known: {', '.join(sorted(VERBS))})")
        spec = VERBS[verb]
        unknown = sorted(set(step) - set(spec.params) - {"verb", "if"})
        if unknown:
            known = ", ".join(sorted(spec.params)) or "none"
            raise ContentError(f"{at}: verb {verb!r} has no parameter {unknown[0]!r} (known: {known})")
        done: dict[str, Any] = {"verb": verb}
        for name, (tp, default, allowed) in spec.params.items():
            value = step.get(name, default)
            if value is ...:
                raise ContentError(f"{at}: verb {verb!r} needs parameter {name!r}")
            if not isinstance(value, tp) or (isinstance(value, bool) and tp is int):
                raise ContentError(f"{at}: parameter {name!r} of {verb!r} has the wrong type ({value!r})")
            if allowed and value not in allowed:
                raise ContentError(f"{at}: parameter {name!r} of {verb!r} must be one of "
                                   f"{', '.join(map(str, allowed))}, not {value!r}")
            done[name] = value
        if "n" in done and done["n"] < 0 and verb not in ("mod_sword", "mod_shield"):
            raise ContentError(f"{at}: parameter 'n' of {verb!r} cannot be negative")
        if verb == "look_top" and not 0 <= done["take"] <= done["n"]:
            raise ContentError(f"{at}: look_top cannot take more cards than it looks at")
        if "if" in step:
            done["if"] = _check_condition(f"{at}.if", step["if"])
        out.append(done)
    return out


def _card(where: str, raw: Any, *, source: bool = False) -> dict[str, Any]:
    card = as_table(entry(CardEntry, where, raw, ContentError))
    if card["kind"] not in CARD_KINDS:
        raise ContentError(f"{where}: key 'kind' must be one of {', '.join(CARD_KINDS)}, not {card['kind']!r}")
    if source != (card["kind"] == "source"):
        raise ContentError(f"{where}: key 'kind': Sources belong in sources.toml and nothing else does")
    try:
        parse_requirement(card["req"])
    except ValueError as exc:
        raise ContentError(f"{where}: key 'req' {card['req']!r} is not a requirement: {exc}") from None
    allowed = _KIND_TRIGGERS[card["kind"]]
    for trig in TRIGGERS:
        if card[trig] and trig not in allowed:
            raise ContentError(f"{where}: key {trig!r} is not used by {card['kind']} cards")
        card[trig] = check_effects(f"{where}.{trig}", card[trig])
    if card["sword"] and card["kind"] != "attack":
        raise ContentError(f"{where}: key 'sword' belongs on attack cards only")
    if card["shield"] and card["kind"] != "defense":
        raise ContentError(f"{where}: key 'shield' belongs on defense cards only")
    if card["sword"] < 0 or card["shield"] < 0 or card["qty"] < 1 or card["use_cost"] < 0:
        raise ContentError(f"{where}: sword, shield and use_cost cannot be negative; qty is 1 or more")
    if card["zone"] not in ZONES:
        raise ContentError(f"{where}: key 'zone' must be one of {', '.join(ZONES)}")
    if card["zone"] != "own" and card["kind"] != "modification":
        raise ContentError(f"{where}: key 'zone' is for modifications only")
    if card["use_cost"] and not card["use"]:
        raise ContentError(f"{where}: key 'use_cost' without a 'use' effect")
    if card["origin"] and card["req"]:
        raise ContentError(f"{where}: key 'req': weapon cards (with an origin) have no requirement")
    if source and card["stack"] < 1:
        raise ContentError(f"{where}: key 'stack' must give the number of Sources (1 or more)")
    return card


# --- sets: files, the neutral Gembearer, inline content -----------------------------------------

SECTIONS = ("gems", "cards", "sources", "gembearers")
_FILES = {"gems": "gems.toml", "cards": "cards.toml", "sources": "sources.toml",
          "gembearers": "gembearers.toml"}
# the entry type and id field of each section, for overlay
_SECTION_TYPES: dict[str, tuple[type, str | None]] = {
    "gems": (GemDef, "id"), "cards": (CardEntry, None), "sources": (CardEntry, None),
    "gembearers": (BearerEntry, None)}
INLINE_WHERE = "inline content"

# The neutral Gembearer: a plain stand-in for set-ups and scenario files (`gembearers =
# ["neutral", ...]`), with no ability and a weapon deck of plain cards at the shipped decks'
# usual values (six attacks of 4 sword, four defenses of 7 shield; no skill, no effect). Built
# here, never read from data: a data file that defines these ids is refused. It is not offered
# at the Gembearer choice (GW-05), which is for the game's own Gembearers.
NEUTRAL_BEARER = "neutral"
NEUTRAL_CARDS: dict[str, dict[str, Any]] = {
    "neutral_strike": {"name": "Strike", "kind": "attack", "origin": NEUTRAL_BEARER, "sword": 4},
    "neutral_guard": {"name": "Guard", "kind": "defense", "origin": NEUTRAL_BEARER, "shield": 7},
}
NEUTRAL_TABLE: dict[str, Any] = {
    "name": "Neutral", "ability": "No ability", "deck": {"neutral_strike": 6, "neutral_guard": 4},
    "text": "A plain Gembearer with plain cards."}

Where = Callable[[str, "str | None"], str]


def neutral_bearer() -> dict[str, Any]:
    """The neutral Gembearer as a gembearers.toml table (fresh, never from data)."""
    return json.loads(json.dumps(NEUTRAL_TABLE))


def load_content(folder: Path | None = None) -> Content:
    """Read and validate every Gemwielders content file in `folder` (default
    game/data/gemwielders), and add the neutral Gembearer."""
    folder = folder or paths.data_dir() / "gemwielders"
    raw: dict[str, dict[str, Any]] = {}
    for sec in SECTIONS:
        path = folder / _FILES[sec]
        raw[sec] = dict(tables(path, read_toml(path, ContentError), sec, ContentError))

    def where(sec: str, eid: str | None = None) -> str:
        return f"{folder / _FILES[sec]}" + (f" [{sec}.{eid}]" if eid is not None else "")

    reserved = "is reserved for the built-in neutral Gembearer"
    if NEUTRAL_BEARER in raw["gembearers"]:
        raise ContentError(f"{where('gembearers', NEUTRAL_BEARER)}: {NEUTRAL_BEARER!r} {reserved}")
    for cid, table in raw["cards"].items():
        if cid in NEUTRAL_CARDS:
            raise ContentError(f"{where('cards', cid)}: {cid!r} {reserved}")
        if isinstance(table, dict) and table.get("origin") == NEUTRAL_BEARER:
            raise ContentError(f"{where('cards', cid)}: key 'origin' {NEUTRAL_BEARER!r} {reserved}")
    raw["cards"].update(json.loads(json.dumps(NEUTRAL_CARDS)))
    raw["gembearers"][NEUTRAL_BEARER] = neutral_bearer()
    return _assemble(raw, where)


def _assemble(raw: dict[str, dict[str, Any]], where: Where) -> Content:
    """A content set from its entry tables by section and id: each entry checked against its
    schema, then the checks across entries (decks name their Gembearer's weapon cards, origins
    name Gembearers, requirements fit the pool, one Source design). `where(section, id)` words
    the place a refusal names."""
    gems = {gid: entry(GemDef, where("gems", gid), t, ContentError, id=gid)
            for gid, t in raw["gems"].items()}
    if not gems:
        raise ContentError(f"{where('gems', None)}: needs at least one [gems.<id>] entry")
    letters: set[str] = set()
    for gid, g in gems.items():
        at = where("gems", gid)
        if g.letter not in GEM_LETTERS:
            raise ContentError(f"{at}: key 'letter' must be one of {' '.join(GEM_LETTERS)}")
        if g.letter in letters:
            raise ContentError(f"{at}: key 'letter' {g.letter!r} is used by two gem types")
        if g.tokens < 1:
            raise ContentError(f"{at}: key 'tokens' must be 1 or more")
        letters.add(g.letter)
    cards = {k: _card(where("cards", k), v) for k, v in raw["cards"].items()}
    sources = {k: _card(where("sources", k), v, source=True) for k, v in raw["sources"].items()}
    if len(sources) != 1:
        raise ContentError(f"{where('sources', None)}: exactly one Source design is supported")
    gembearers = {}
    for k, v in raw["gembearers"].items():
        at = where("gembearers", k)
        gb = as_table(entry(BearerEntry, at, v, ContentError))
        for trig in ("use", "other", "hit", "miss"):
            gb[trig] = check_effects(f"{at}.{trig}", gb[trig])
        if gb["use_cost"] < 0 or (gb["use_cost"] and not gb["use"]):
            raise ContentError(f"{at}: key 'use_cost' needs a 'use' effect and cannot be negative")
        total = 0
        for cid, n in gb["deck"].items():
            if cid not in cards or cards[cid]["origin"] != k:
                raise ContentError(f"{at}: key 'deck': {cid!r} is not a weapon card of {k!r} in cards.toml")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise ContentError(f"{at}: key 'deck': {cid!r} needs a whole number of copies")
            total += n
        if total != WEAPON_DECK_SIZE:
            raise ContentError(f"{at}: key 'deck' holds {total} cards; a weapon deck has {WEAPON_DECK_SIZE}")
        gembearers[k] = gb
    for cid, c in cards.items():
        if c["origin"] and c["origin"] not in gembearers:
            raise ContentError(f"{where('cards', cid)}: key 'origin' {c['origin']!r} is not a Gembearer")
        typed, _ = parse_requirement(c["req"])
        for letter, n in typed.items():
            have = sum(g.tokens for g in gems.values() if g.letter == letter)
            if n > have:
                raise ContentError(f"{where('cards', cid)}: key 'req' needs {n} {letter} but the pool holds {have}")
    clash = set(cards) & set(sources)
    if clash:
        raise ContentError(f"{where('sources', sorted(clash)[0])}: id {sorted(clash)[0]!r} is also a card in cards.toml")
    defs = {}
    for cid, c in {**cards, **sources}.items():
        defs[cid] = CardDef(
            cid, c["name"], c["kind"], c["req"], c["sword"], c["shield"], c["origin"], c["qty"],
            c["zone"], c["text"], play=_clause(c["play"]), reveal=_clause(c["reveal"]),
            hit=_clause(c["hit"]), miss=_clause(c["miss"]), use=_clause(c["use"], c["use_cost"]),
            attacking=_clause(c["attacking"]), defending=_clause(c["defending"]))
    bearers = {bid: BearerDef(bid, b["name"], b["ability"], dict(b["deck"]), b["text"],
                              use=_clause(b["use"], b["use_cost"]), other=_clause(b["other"]),
                              hit=_clause(b["hit"]), miss=_clause(b["miss"]))
               for bid, b in gembearers.items()}
    types = {g.letter: g for g in gems.values()}
    source_cid, src = next(iter(sources.items()))
    return Content(defs, bearers, {k: g.tokens for k, g in types.items()}, types,
                   [cid for cid, c in cards.items() if not c["origin"] for _ in range(c["qty"])],
                   source_cid, src["stack"], tables={sec: dict(raw[sec]) for sec in SECTIONS})


def lay_inline(base: Content, inline: Any) -> Content:
    """`base` with a match's inline content laid over it: `inline` maps section names (those of
    the files: gems, cards, sources, gembearers) to entries by id. A known id keeps every field
    the table does not name; a new id is a whole entry. The merged set goes through every check
    a loaded set does, so a deck may name an inline card and an unknown verb is refused naming
    the card (`inline content [cards.x].play[0]: unknown verb ...`)."""
    if not isinstance(inline, dict):
        raise ContentError(f"{INLINE_WHERE}: must be a table of sections ({', '.join(SECTIONS)})")
    unknown = sorted(set(inline) - set(SECTIONS))
    if unknown:
        raise ContentError(f"{INLINE_WHERE}: unknown section {unknown[0]!r} "
                           f"(known: {', '.join(SECTIONS)})")
    # a set built in code (tests register some) may hold cards its tables do not: laying a
    # table over those tables would drop them without a word
    if not base.tables or set(base.cards) != set(base.tables["cards"]) | set(base.tables["sources"]):
        raise ContentError(f"{INLINE_WHERE}: this content set was built in code and has no "
                           f"tables to lay inline content over")
    raw: dict[str, dict[str, Any]] = {}
    for sec in SECTIONS:
        cls, id_field = _SECTION_TYPES[sec]
        merged = overlay(base.tables[sec], inline.get(sec), sec, cls, INLINE_WHERE, ContentError,
                         id_field=id_field)
        out: dict[str, Any] = {}
        for eid, value in merged.items():
            if not isinstance(value, dict):             # an entry the inline table wrote
                value = as_table(value)
                if id_field:
                    value.pop(id_field, None)
            out[eid] = value
        raw[sec] = out
    return _assemble(raw, lambda sec, eid=None: f"{INLINE_WHERE} [{sec}.{eid}]" if eid is not None
                     else f"{INLINE_WHERE} [{sec}]")


def content_spec(value: Any) -> tuple[str, dict[str, Any] | None]:
    """A set-up's `content`: a set name (text), or a table of inline content laid over the
    set its `base` key names ("default" when absent). Returns (set name, inline table or None).
    The inline table is kept as plain JSON with its keys sorted, so equal tables are one set
    whatever order they were written in, and a save reloads exactly what the match used."""
    if isinstance(value, str):
        return value, None
    if not isinstance(value, dict):
        raise ContentError("set-up 'content' is a content set's name or a table of inline "
                           f"content, not {value!r}")
    base = value.get("base", "default")
    if not isinstance(base, str):
        raise ContentError(f"set-up 'content': key 'base' names a content set, not {base!r}")
    inline = {k: v for k, v in value.items() if k != "base"}
    return base, plain(inline) or None


def plain(inline: Any) -> Any:
    """Inline content as plain JSON with sorted keys (a value JSON cannot hold is refused)."""
    try:
        return json.loads(json.dumps(inline, sort_keys=True))
    except (TypeError, ValueError) as exc:
        raise ContentError(f"{INLINE_WHERE}: only tables, lists, text, numbers and true/false "
                           f"can be written ({exc})") from None


_SETS = ContentSets(lambda: paths.data_dir() / "gemwielders", load_content, ContentError)
_CACHE: dict[str, Content] = _SETS.sets      # rules.register_content puts sets built in code here


def load(name: str = "default") -> Content:
    """A content set, loaded and validated once per process: "default" is
    game/data/gemwielders; any other name is a sub-folder of it (for tests and variants)."""
    # the rules ask for the content on every card they read: a set already in the cache was
    # checked (or registered in code) when it went in, so it is returned without the name check
    c = _CACHE.get(name)
    return c if c is not None else _SETS.get(name)


def with_inline(name: str, inline: dict[str, Any] | None) -> Content:
    """Set `name` with inline content laid over it, built once per distinct table."""
    return _SETS.with_inline(name, inline, lay_inline)


# The inline sets of live states by the identity of their inline table: a state's `inline` is
# shared by its copies and never changed in place, so once resolved it costs a dict look-up.
# Each item holds the table itself, so an id cannot be reused while it is here.
_BY_INLINE: dict[int, tuple[dict[str, Any], str, Content]] = {}
_BY_INLINE_KEPT = 64


def for_state(state: "GwState") -> Content:
    """The content a match's state plays with: its set by name, with its inline table (if any)
    laid over it. Every rules read of content goes through here (rules.content_of)."""
    inline = state.inline
    if inline is None:
        c = _CACHE.get(state.content)
        return c if c is not None else _SETS.get(state.content)
    got = _BY_INLINE.get(id(inline))
    if got is not None and got[0] is inline and got[1] == state.content:
        return got[2]
    c = with_inline(state.content, inline)
    if len(_BY_INLINE) >= _BY_INLINE_KEPT:
        _BY_INLINE.clear()
    _BY_INLINE[id(inline)] = (inline, state.content, c)
    return c


def content() -> Content:
    """The bundled content (the "default" set)."""
    return load()


# --- player-facing text -----------------------------------------------------------------------

_TRIGGER_LABEL = {
    "reveal": "Reveal", "hit": "Hit", "miss": "Miss", "attacking": "While you attack",
    "defending": "While you are attacked", "other": "When you attack",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _condition_text(cond: dict[str, int]) -> str:
    parts = [CONDITIONS[k][1].format(n=v) for k, v in cond.items()]
    return "If " + " and ".join(parts) + ": "


def describe(steps: list[dict[str, Any]]) -> str:
    """One effect list as short sentences ("Draw 2 cards. Pay 2: +2 attack this turn.")."""
    out = []
    for step in steps:
        prefix = _condition_text(step["if"]) if "if" in step else ""
        if "cost" in step:
            text = _clause_text(step)
        else:
            text = VERBS[step["verb"]].text(step)
        if prefix:      # "Pay n:" keeps its capital so it reads (and renders) as a cost
            text = prefix + (text if text.startswith("Pay ") else text[0].lower() + text[1:])
        out.append(text)
    return " ".join(out)


def _clause_text(step: dict[str, Any]) -> str:
    """A power clause as "Pay 2: ..."; one that only raises a number of its `otherwise` step
    reads "<otherwise> Pay 1: take 2 instead." so the card stays short."""
    eff, alt = step["effects"], step["otherwise"]
    if len(eff) == 1 and len(alt) == 1 and eff[0].get("verb") == alt[0].get("verb"):
        diff = [k for k in eff[0] if eff[0][k] != alt[0].get(k)]
        if len(diff) == 1 and diff[0] in ("n", "take") and "if" not in eff[0]:
            k = diff[0]
            more = f"take {eff[0][k]}" if k == "take" else f"make it {eff[0][k]}"
            return f"{describe(alt)} Pay {step['cost']}: {more} instead."
    text = f"Pay {step['cost']}: {describe(eff)}"
    if alt:
        text += f" If not: {describe(alt)}"
    return text


def card_lines(card: CardDef | BearerDef) -> list[str]:
    """A card's (or Gembearer's) rules text, one line per trigger, in resolution order."""
    lines = []
    elsewhere = getattr(card, "zone", "own") == "opponent"
    if elsewhere:
        lines.append("Place in your opponent's area.")
    labels = dict(_TRIGGER_LABEL)
    if elsewhere:           # its passives follow the player whose area holds it
        labels.update(attacking="While your opponent attacks",
                      defending="While your opponent is attacked")
    for trig in ("play", "reveal", "other", "attacking", "defending", "use", "hit", "miss"):
        clause = getattr(card, trig, None)
        if clause is None:
            continue
        text = describe(clause.effects)
        if trig == "play":
            lines.append(text)
        elif trig == "use":
            lines.append(f"Use{f' (pay {clause.cost})' if clause.cost else ''}: {text}")
        else:
            lines.append(f"{labels[trig]}: {text}")
    return lines


def card_text(cid: str, c: Content | None = None) -> str:
    """The rules text of a card or Source by content id, as the card-table scene prints it."""
    return "\n".join(card_lines((c or content()).card(cid)))


def bearer_text(bearer_id: str, c: Content | None = None) -> str:
    """A Gembearer's ability as text, headed by its name."""
    b = (c or content()).bearers[bearer_id]
    return f"{b.ability}: " + " ".join(card_lines(b))
