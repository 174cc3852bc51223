"""The gemwielders pages of the rules reference made from the content files: every card (weapon
cards, gem cards, the Source), every Gembearer and every gem type, with the rules text the card
table prints (content.card_lines, one home for card wording).

Owns: turning `content()` into `game.engine.reference.Entry`s (ids `card_<id>`,
`gembearer_<id>`, `gem_<letter>`). Must not: hold prose about the rules (that is
game/data/gemwielders/reference.toml) or word a card differently from the table.
"""
from __future__ import annotations

from game.engine.reference import Entry

from .content import BearerDef, CardDef, GemDef, bearer_text, card_lines, content

_KIND_SECTION = {"attack": "Weapon cards", "defense": "Weapon cards", "skill": "Gem cards",
                 "modification": "Gem cards", "source": "Gem cards"}


def _card(c: CardDef, gems: dict[str, GemDef]) -> Entry:
    head = [c.kind.capitalize()]
    if c.sword:
        head.append(f"sword {c.sword}")
    if c.shield:
        head.append(f"shield {c.shield}")
    lines = [" · ".join(head)]
    if c.origin:
        lines.append(f"In the starting deck of [[gembearer_{c.origin}]]")
    if c.req:
        names = {g.letter: g.name for g in gems.values()}
        lines.append("Needs socketed gems: " + ", ".join(names.get(x, "any gem") for x in c.req))
    if c.kind not in ("attack", "defense"):
        lines.append(f"{c.qty} in the gem card deck" if c.kind != "source" else "")
    lines += card_lines(c)
    if c.text:
        lines.append(f"“{c.text}”")
    section = "Weapon cards" if c.origin else _KIND_SECTION[c.kind]
    return Entry(f"card_{c.id}", section, c.name, "\n".join(x for x in lines if x), (c.id,))


def _bearer(b: BearerDef) -> Entry:
    deck = ", ".join(f"{n}× [[card_{cid}]]" for cid, n in b.deck.items())
    lines = [bearer_text(b.id), f"Starting deck: {deck}"]
    if b.text:
        lines.append(f"“{b.text}”")
    return Entry(f"gembearer_{b.id}", "Gembearers", b.name, "\n".join(lines), (b.id, b.ability))


def _gem(g: GemDef) -> Entry:
    return Entry(f"gem_{g.id}", "Gems", g.name,
                 f"Letter {g.letter} on card requirements · {g.tokens} tokens in the pool",
                 (g.letter,))


def entries() -> list[Entry]:
    c = content()
    return ([_bearer(b) for b in c.bearers.values()]
            + [_card(card, c.gem_types) for card in c.cards.values()]
            + [_gem(g) for g in c.gem_types.values()])
