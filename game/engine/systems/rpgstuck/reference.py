"""The rpgstuck pages of the rules reference made from the content files: every creature,
abilitech, Step and anatomy part with its numbers, linked to one another.

Owns: turning a content set into `game.engine.reference.Entry`s (ids `creature_<id>`,
`abilitech_<id>`, `step_<id>`, `part_<id>`), through `reference_entries()`, which the system's
class hands to the reference builder. Must not: hold prose about the rules (that is
game/data/rpgstuck/reference.toml) or change any figure: it only reads them.
"""
from __future__ import annotations

from game.engine.reference import Entry

from .content import (BASIC_ACTIONS, FOOTPRINT, PART_EFFECTS, Abilitech, AnatomyKind, Content,
                      Creature, OnHit, Part, Step, content, copies_needed, part_y)

SIZE_WORDS = {1: "1 square", 2: "2x2 squares", 3: "3x3 squares", 4: "4x4 squares"}
DEFENCE_WORDS = {"ac": "AC", "reflex": "Reflex", "will": "Will"}
PERIOD_WORDS = {"strife": "per strife", "short_rest": "per short rest",
                "long_rest": "per long rest"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _part(p: Part, kinds: dict[str, AnatomyKind]) -> str:
    k = kinds[p.part]
    name = p.name or k.name
    bits = [f"[[part_{p.part}|{name}]]" + (f" ({p.count})" if p.count > 1 else ""),
            f"+{part_y(p, k)}"]
    if p.hp:
        bits.append(f"{p.hp} HP")
    need = copies_needed(p, k)
    if need > 1:
        bits.append(f"{need} at once")
    if p.strikable:
        bits.append("strikable")
    if p.grapple_limb:
        bits.append("grapples")
    if p.note:
        bits.append(p.note)
    return " ".join(bits[:2]) + (f" ({', '.join(bits[2:])})" if bits[2:] else "")


def _creature(c: Creature, kinds: dict[str, AnatomyKind], granted: list[str]) -> Entry:
    head = [c.kind.upper() if c.kind == "pc" else c.kind.capitalize(),
            f"{c.size.capitalize()} ({SIZE_WORDS[FOOTPRINT[c.size]]})"]
    if c.kind == "pc":
        head += [f"Level {c.level}", f"Tier {c.tier}", f"hit die d{c.hit_die}"]
    else:
        head += [f"Tier {c.tier}"] + ([f"[[combat_rating|CR]] {c.cr}"] if c.cr else []) + \
            [f"HP {c.hp}"]
    lines = [c.description, " · ".join(head),
             f"AC {c.ac} · Reflex {c.reflex} · Will {c.will} · DC {c.dc}"]
    speeds = [f"{k} {getattr(c.speed, k)} ft" for k in ("walk", "climb", "swim", "fly")
              if getattr(c.speed, k)]
    lines.append("Speed: " + ", ".join(speeds))
    lines.append(" · ".join(f"{k} {v}" for k, v in c.scores.items()))
    if c.skills:
        lines.append("Skills: " + ", ".join(f"{k.replace('_', ' ')} {v:+d}"
                                           for k, v in c.skills.items()))
    if c.trained:
        lines.append("Trained: " + ", ".join(s.replace("_", " ") for s in c.trained))
    if c.damage is not None:
        lines.append(f"Damage: base {c.damage.base}, damage mod {c.damage.mod:+d}")
    acts = [*c.actions, *(g for g in granted if g not in c.actions)]
    if acts:
        lines.append("Abilitechs: " + ", ".join(f"[[abilitech_{a}]]" for a in acts))
    if c.steps:
        lines.append("Steps: " + ", ".join(f"[[step_{s}]]" for s in c.steps))
    if c.anatomy:
        lines.append("Anatomy: " + "; ".join(_part(p, kinds) for p in c.anatomy))
    if c.secrets:
        lines.append("Secrets: " + "; ".join(_part(p, kinds) for p in c.secrets))
    traits = [w for flag, w in ((c.traits.horde, "[[horde]]"),
                                (c.traits.horde_strength, "[[horde_strength|Horde Strength]]"),
                                (c.traits.willing_mount, "willing mount"),
                                (c.traits.psionic, "psionic"),
                                (c.traits.immovable, "immovable")) if flag]
    if c.traits.nature != "living":
        traits.append(c.traits.nature)
    if c.minion_source:
        traits.append(f"minion ({c.minion_source})")
    if traits:
        lines.append("Traits: " + ", ".join(traits))
    return Entry(f"creature_{c.id}", "Creatures", c.name, "\n".join(x for x in lines if x),
                 (c.id,))


def _riders(o: OnHit) -> list[str]:
    out = []
    if o.prone:
        out.append("knocks prone")
    if o.push_ft:
        out.append(f"pushes {o.push_ft} ft")
    if o.pull_together_ft:
        out.append(f"pulls the two targets up to {o.pull_together_ft} ft toward each other")
    if o.cripple:
        out.append(f"Cripple ({o.cripple}) for {_plural(o.cripple_rounds, 'round')}")
    if o.daze_rounds:
        out.append(f"Dazes for {_plural(o.daze_rounds, 'round')}")
    if o.grapple is not None:
        out.append(f"[[grappling|grapples]] with its {o.grapple.limb} "
                   f"(up to {o.grapple.max_size})")
    if o.choose_one and len(out) > 1:
        return [" or ".join(out)]
    return out


def _abilitech(a: Abilitech) -> Entry:
    head = [f"{a.action.capitalize()} action"]
    if a.specibus:
        head.append(a.specibus.capitalize())
    lines = [a.description, " · ".join(head)]
    if a.to_hit is not None:
        lines.append(f"To hit {a.to_hit:+d} against {DEFENCE_WORDS[a.vs]}")
    elif a.stat and a.vs:
        lines.append(f"To hit: d20 + {a.stat} + P against {DEFENCE_WORDS[a.vs]}")
    if a.check:
        opp = " or ".join(s.replace("_", " ") for s in a.opposed_by)
        lines.append(f"Check: {a.check.replace('_', ' ')}" + (" at advantage"
                                                            if a.check_advantage else "")
                     + (f", opposed by {opp}" if opp else ""))
    where = []
    if a.reach_ft:
        where.append(f"reach {a.reach_ft} ft")
    if a.range_ft:
        where.append(f"range {a.range_ft} ft")
    if a.area:
        where.append(f"{a.area_ft} ft {a.area}")
    if where:
        lines.append(", ".join(where).capitalize())
    if a.targets > 1:
        lines.append(f"Up to {a.targets} targets" + (", a horde may take them all"
                                                     if a.same_target else ""))
    if a.dmg:
        lines.append(f"Damage: {a.dmg}" + (f", {a.damage_on_miss} on a miss"
                                           if a.damage_on_miss else ""))
    riders = _riders(a.on_hit)
    if riders:
        lines.append("On a hit: " + ", ".join(riders))
    tags = []
    if a.multiattack > 1:
        tags.append(f"Multiattack ({a.multiattack})")
    if a.cooldown:
        tags.append(f"Cooldown ({a.cooldown})")
    if a.uses.per:
        tags.append(f"[[limited_uses|{a.uses.count} {PERIOD_WORDS[a.uses.per]}]]")
    if a.psionic:
        tags.append("psionic")
    if a.horde_extra_hits:
        tags.append("extra hits as a [[horde]]")
    if tags:
        lines.append("Tags: " + ", ".join(tags))
    if a.aim_die:
        lines.append(f"[[aim|Aim die]] d{a.aim_die}")
    if a.block_die:
        lines.append(f"[[block|Block die]] d{a.block_die}" +
                     (f" on {_plural(a.block_covers, 'attack')}" if a.block_covers else ""))
    if a.move_ft:
        lines.append(f"Moves {a.move_ft} ft without spending speed")
    if a.disadvantage_within_ft:
        lines.append(f"Disadvantage against a target within {a.disadvantage_within_ft} ft")
    if a.requires_tool:
        lines.append(f"Needs its {a.requires_tool}")
    if a.unavailable_while:
        lines.append(f"Not while its {a.unavailable_while} holds a grapple")
    if a.category == "attack" and not a.called_shot_allowed:
        lines.append("No [[called_shot|called shots]] with it")
    if a.id in BASIC_ACTIONS:
        lines.append("Every creature has it.")
    return Entry(f"abilitech_{a.id}", "Abilitechs", a.name, "\n".join(x for x in lines if x),
                 (a.id,))


def _step(s: Step) -> Entry:
    lines = [s.description]
    changes = [(s.die_steps, "damage die steps"), (s.crit_range, "crit range"),
               (s.bonus_pct, "% bonus damage"), (s.halvings, "halvings"),
               (s.hit_bonus, "to hit"), (s.aim_steps, "Aim die steps"),
               (s.block_steps, "Block die steps")]
    words = [f"{n:+d}{'' if w.startswith('%') else ' '}{w}" for n, w in changes if n]
    if s.block_covers:
        words.append(f"a Block covers {_plural(s.block_covers, 'attack')}")
    if s.push_ft:
        words.append(f"pushes {s.push_ft} ft further")
    if words:
        lines.append("; ".join(words).capitalize()
                     + (" (against a marked target)" if s.when == "marked_target" else ""))
    if s.grants:
        lines.append(f"Grants [[abilitech_{s.grants}]]")
    if s.free_actions:
        lines.append("Grants at once: " + ", ".join(
            "movement" if a == "movement" else f"[[abilitech_{a}]]" for a in s.free_actions))
    if s.uses.per:
        lines.append(f"[[limited_uses|{s.uses.count} {PERIOD_WORDS[s.uses.per]}]]")
    return Entry(f"step_{s.id}", "Steps", s.name, "\n".join(x for x in lines if x), (s.id,))


def _anatomy(k: AnatomyKind, kinds: dict[str, AnatomyKind]) -> Entry:
    y = f"+{k.y}" if not k.y_max else f"+{k.y} to +{k.y_max}"
    lines = [k.description, f"Y {y} (added to the defence, taken from the crit range)"
             + (" · secret" if k.secret else " · may be secret" if k.may_be_secret else "")]
    if k.acts_as:
        lines.append(f"Works as [[part_{k.acts_as}|{kinds[k.acts_as].name}]]")
    lines.append("Effect: " + PART_EFFECTS[k.effect])
    nums = [(k.bonus_pct, f"+{k.bonus_pct}% bonus damage"), (k.hit_bonus, f"+{k.hit_bonus} to hit"),
            (k.crit_range, f"+{k.crit_range} crit range"),
            (k.cripple, f"Cripple ({k.cripple})"), (k.spot_dc_bonus,
                                                     f"spotted at DC +{k.spot_dc_bonus}")]
    said = [w for n, w in nums if n]
    if said:
        lines.append("; ".join(said).capitalize())
    if k.half_needed_from:
        lines.append(f"With {k.half_needed_from} or more, half of them must be hit in one use")
    if k.psionic_only:
        lines.append("Only psionic attacks can target it")
    lines.append({"with_hp": "Can be grappled when it has HP", "always": "Can always be grappled",
                  "never": "Cannot be grappled"}[k.grappleable])
    return Entry(f"part_{k.id}", "Anatomy", k.name, "\n".join(x for x in lines if x),
                 (k.id,), ("called_shot",))


def reference_entries(c: Content | None = None) -> list[Entry]:
    """Every creature, abilitech, Step and anatomy kind of the content set as a reference page."""
    c = c or content()
    out = []
    for cr in c.creatures.values():
        granted = [c.steps[s].grants for s in cr.steps if c.steps[s].grants]
        out.append(_creature(cr, c.anatomy, granted))
    out += [_abilitech(a) for a in c.abilitechs.values()]
    out += [_step(s) for s in c.steps.values()]
    out += [_anatomy(k, c.anatomy) for k in c.anatomy.values()]
    return out
