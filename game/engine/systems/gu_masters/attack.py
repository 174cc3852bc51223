"""Gu Masters melee attacks: weapon strikes, multi-weapon fighting, punches, kicks and bites, and
what a hit does once every reaction to it is settled.

Owns: the strikes a creature may make now (GU-51..58, with the weapon's reach and 3D distance,
GU-X-15), the attack test and its modifiers (GU-52 +10 per weapon, GU-149/150 prone, GU-142
blinded), automatic hits on a target that cannot move (GU-50), the damage of each strike
(weapon + floor(Strength/20), punch 1 + floor(Strength/10) with its recoil, kick 1 +
floor(Strength/5) with knockback and prone, bite 2 + floor(Strength/5) with Bleeding), and
`harm`, the one place a damage instance is taken by a creature in the state (shield, HP, the
0-HP test, instant death, final stand to dying: the arithmetic is damage.py's and dying.py's).

Must not: decide reactions (reactions.py) or roll except on the Rng it is handed.
"""
from __future__ import annotations

from typing import Any

from game.engine.rng import Rng
from game.engine.rules import Refusal
from game.engine.tactics import forced
from game.engine.tactics.footprint import block_at, cells_distance

from . import gu
from . import damage as arith
from . import content
from . import aim, dying, grapple, hiding, holds, injuries, limbs, ticks
from . import terrain
from .actions import BITE, KICK, MULTI, PUNCH, WEAPON, Strike
from .house import HOUSE
from .events import ConditionChanged, Damaged, Downed, Moved, Struck
from .moves import can_move
from .state import Creature, GuState, Status
from .turns import roll, test_event

UNARMED_REACH = 1            # GU-54/56/58: within 1 m
MULTI_PENALTY = 10           # GU-52: +10 per weapon wielded
PRONE_SELF = 30              # GU-149
PRONE_MELEE = -10            # GU-150
BLINDED = 50                 # GU-142


def height(state: GuState, c: Creature) -> int:
    """Its height above the map's zero: its square's floor plus its altitude (GU-X-15)."""
    return terrain.ground_of(state.board).elevation_at((c.x, c.y)) + c.altitude


def distance(state: GuState, a: Creature, b: Creature) -> int:
    """GU-X-15: Chebyshev over squares and heights, footprints included."""
    flat = cells_distance(a.cells(), b.cells())
    return max(flat, abs(height(state, a) - height(state, b)))


def weapon_reach(w: str) -> int:
    return content.content().weapons[w].reach_m


def can_strike(c: Creature) -> bool:
    """GU-110: no melee in a final stand; GU-153: nor stunned."""
    return c.conscious and c.condition == "up" and not c.has("stunned")


def targets(state: GuState, c: Creature, reach: int) -> list[Creature]:
    """The enemies within `reach` it can see to strike (a hidden one it cannot, GU-13)."""
    return [o for o in state.living() if o.side != c.side and not hiding.unseen(c, o)
            and distance(state, c, o) <= reach]


def multi_count(c: Creature) -> int:
    """GU-52: W weapons wielded, at most as many as it has usable arms (hands; GU-X-13)."""
    hands = sum(content.content().weapons[w].hands for w in c.weapons)
    return len(c.weapons) if len(c.weapons) >= 2 and hands <= limbs.usable_arms(c) else 0


def punching_arms(state: GuState, c: Creature) -> int:
    """The arms `c` may punch with now: its usable arms, one fewer while it holds someone
    (GU-64)."""
    return grapple.punching_arms(limbs.usable_arms(c), holds.grappling(state, c))


def strike_options(state: GuState, c: Creature, *, opportunity: bool = False
                   ) -> list[tuple[str, str, Creature]]:
    """(kind, weapon, target) for every single strike it could make now; an attack of
    opportunity or a counter-attack is one strike and never a kick (GU-88, GU-GM-44)."""
    out: list[tuple[str, str, Creature]] = []
    for w in c.weapons:
        for t in targets(state, c, weapon_reach(w)):
            out.append((WEAPON, w, t))
    unarmed = targets(state, c, UNARMED_REACH)
    for kind in (PUNCH, KICK, BITE):
        if kind not in c.attacks or (kind == PUNCH and punching_arms(state, c) < 1) \
                or (kind == KICK and (opportunity
                                      or not grapple.may_kick(holds.grappling(state, c)))):
            continue
        out += [(kind, "", t) for t in unarmed]
    return out


def legal(state: GuState, c: Creature) -> list:
    """Strikes on its own turn: the first spends the combat action (GU-18); a multi-weapon
    attack then gives one strike per weapon left, punches one per arm left (GU-52/53). Each
    strike is listed plain, then called at every part the target has (GU-59, aim.parts)."""
    turn = state.turn
    if not can_strike(c):
        return []
    if turn.strikes > 0:
        if turn.strike_kind == MULTI:
            return _called(state, [Strike(c.id, t.id, MULTI, w) for w in c.weapons
                                   if w not in turn.used_weapons
                                   for t in targets(state, c, weapon_reach(w))])
        return _called(state, [Strike(c.id, t.id, PUNCH)
                               for t in targets(state, c, UNARMED_REACH)])
    if turn.action:
        return []
    out = [Strike(c.id, t.id, kind, w) for kind, w, t in strike_options(state, c)]
    if multi_count(c):
        out += [Strike(c.id, t.id, MULTI, w) for w in c.weapons
                for t in targets(state, c, weapon_reach(w))]
    return _called(state, out)


def owed(state: GuState, c: Creature) -> list[Strike]:
    """GU-52, GU-GM-25 (fixed): a multi-weapon attack is all W strikes or, as a plain weapon
    strike, just one. Once begun, the strikes still to make are all the acting creature may do
    (its reactions' stages aside); none when no weapon left reaches a foe (the rest lapse)."""
    t = state.turn
    if t.actor != c.id or t.strike_kind != MULTI or t.strikes <= 0:
        return []
    return legal(state, c)


def _called(state: GuState, plain: list[Strike]) -> list[Strike]:
    """Every plain strike, then its called shots at each part its target has (GU-59)."""
    parts: dict[str, list[str]] = {}
    out: list[Strike] = list(plain)
    for s in plain:
        if s.target not in parts:
            parts[s.target] = aim.parts(state, state.creatures[s.target])
        out += [Strike(s.actor, s.target, s.strike, s.weapon, p) for p in parts[s.target]]
    return out


def refusal(state: GuState, action: Any) -> Refusal | None:
    """Why a called shot cannot be made: whatever refuses the same strike made plain (the
    rules' reasons), else a part the target does not have (GU-59)."""
    if not isinstance(action, Strike) or not action.part:
        return None
    from . import rules
    why = rules.validate(state, Strike(action.actor, action.target, action.strike,
                                       action.weapon))
    if why is not None:
        return why
    if action.part not in aim.parts(state, state.creatures[action.target]):
        return Refusal(f"{action.target} has no {action.part!r} to aim at: "
                       f"{', '.join(aim.parts(state, state.creatures[action.target])) or 'none'}",
                       "GU-59")
    return None


def attack_mods(state: GuState, c: Creature, target: Creature, kind: str, part: str = ""
                ) -> tuple[tuple[str, int], ...]:
    mods: list[tuple[str, int]] = []
    if part:
        mods.append(aim.modifier(state, target, part))   # GU-59/60: by the part's size
    if kind == MULTI:
        mods.append((f"{multi_count(c)} weapons", MULTI_PENALTY * multi_count(c)))
    if c.has("prone"):
        mods.append(("prone", PRONE_SELF))
    if target.has("prone"):
        mods.append(("target prone", PRONE_MELEE))
    if target.evade:
        mods.append(("evading", target.evade))            # GU-35, GU-GM-48
    if c.has("blinded"):
        mods.append(("blinded", BLINDED))
    return tuple(mods)


def apply(state: GuState, action: Strike, rng: Rng) -> list:
    """A strike on the own turn: the economy, then the strike."""
    c = state.creatures[action.actor]
    turn = state.turn
    if turn.strikes > 0:
        turn.strikes -= 1
    else:
        turn.action = True
        turn.strike_kind = action.strike
        turn.strikes = {MULTI: multi_count(c) - 1,
                        PUNCH: punching_arms(state, c) - 1}.get(action.strike, 0)   # GU-X-13
    if action.strike == MULTI:
        turn.used_weapons.append(action.weapon)
    if turn.strikes == 0:
        turn.strike_kind = ""
    return strike(state, c, state.creatures[action.target], action.strike, action.weapon, rng,
                  part=action.part)


def strike(state: GuState, c: Creature, target: Creature, kind: str, weapon: str, rng: Rng,
           *, disadvantage: bool = False, counter: bool = False, part: str = "") -> list:
    """One melee strike, its reactions and its damage (also attacks of opportunity and
    counter-attacks, which are not the attacker's own turn)."""
    from . import reactions
    events: list = []
    if not can_move(target):                             # GU-50: no roll needed
        hit, raw, dos, rolled = True, 0, 0, False
        events.append(Struck(c.id, target.id, kind, True, weapon))
    else:
        t = roll(state, rng, c.skills.get("Close Combat", 0),
                 attack_mods(state, c, target, kind, part),
                 purpose=kind, disadvantage=disadvantage)
        events.append(test_event(c.id, "Close Combat", f"{kind} {target.id}", t))
        hit, raw, dos, rolled = t.success, t.raw, t.dos, True
        events.append(Struck(c.id, target.id, kind, hit, weapon))
    if not hit:
        return events
    blow = {"attacker": c.id, "target": target.id, "kind": kind, "weapon": weapon,
            "rolled": rolled, "raw": raw, "dos": dos, "melee": True, "counter": counter,
            "part": part}
    return events + reactions.after_hit(state, blow, rng)


def land(state: GuState, blow: dict[str, Any], rng: Rng) -> list:
    """The damage of a melee hit no reaction stopped (GU-51, 54..58)."""
    if blow.get("gu"):                       # a Gu's hit: its effects (activate.py)
        from . import activate
        return activate.land(state, blow, rng)
    c, target = state.creatures[blow["attacker"]], state.creatures[blow["target"]]
    kind = blow["kind"]
    part = str(blow.get("part", ""))                    # a called shot's part (GU-127)
    strength = gu.attribute(c, "Strength")
    events: list = []
    if kind in (WEAPON, MULTI):
        w = content.content().weapons[blow["weapon"]]
        amount, dtype = arith.weapon_damage(w.damage, strength), w.type  # GU-51
        events += harm(state, target, amount, dtype, c.id, rng, part=part)
    elif kind == PUNCH:
        amount = arith.punch_damage(strength)                             # GU-54
        events += harm(state, target, amount, "force", c.id, rng, part=part)
        recoil = arith.punch_recoil(amount, gu.recoil_cut(c))            # GU-55
        if recoil and c.on_board:
            events += harm(state, c, recoil, "force", "recoil", rng, direct=True)
    elif kind == KICK:
        amount = arith.kick_damage(strength)                              # GU-56
        events += harm(state, target, amount, "force", c.id, rng, part=part)
        if target.size_index <= 3 and target.on_board:                   # GU-57: Large or less
            events += knock(state, c, target, arith.kick_knockback(strength))
    elif kind == BITE:
        amount = arith.bite_damage(strength)                              # GU-58
        before = target.hp
        events += harm(state, target, amount, "rending", c.id, rng, part=part)
        bleed = arith.bite_bleeding(before - target.hp)
        if bleed > 0 and target.on_board:
            events += add_status(target, Status("bleeding", bleed, -1, c.id, by=c.id))
    return events


def knock(state: GuState, c: Creature, target: Creature, metres: int, *,
          prone: bool = True) -> list:
    """GU-57: knocked straight away from the kicker, landing prone (a Gu's push: `prone`
    False). GU-GM-43: it stops before a wall, an object, a face rising above its feet, the
    map's edge or another creature, with no damage (the collision damage of GU-67 is a throw's);
    pushed over a ledge (`ledge_knock` "fall", the default) it goes over and stops there in the
    air, at the height it left, and falls when the action settles (maneuvers.settle: GU-119 and
    the fall's damage, GU-117; a creature with a flying speed stays up, GU-118); "stop" makes
    the brink stop it like a wall. Whether it lands prone is decided where it comes down."""
    dx, dy = target.x - c.x, target.y - c.y
    step = forced.snap8(dx, dy) or (1, 0)
    ground = terrain.ground_of(state.board)
    over = HOUSE.read(state, "ledge_knock") == "fall"

    def meets(a: tuple[int, int], b: tuple[int, int]) -> str:
        return terrain.forced_into(ground, a, b, target.size, target.altitude)

    def look(a: tuple[int, int], b: tuple[int, int]) -> forced.Ahead:
        kind = meets(a, b)
        if kind == terrain.FORCED_EDGE:
            return forced.Ahead(forced.EDGE)
        if kind == terrain.FORCED_SOLID or (kind == terrain.FORCED_DROP and not over):
            return forced.Ahead(forced.SOLID, ("ledge" if kind == terrain.FORCED_DROP
                                               else "wall",))
        moved = block_at(b[0], b[1], target.size)
        others = [o.id for o in state.living() if o.id != target.id
                  and set(o.cells()) & set(moved)]
        return forced.Ahead(forced.OCCUPANT, tuple(others)) if others else forced.Ahead()

    def enter(a: tuple[int, int], b: tuple[int, int]) -> forced.Ahead | None:
        return forced.Ahead(forced.DROP, ("ledge",)) \
            if meets(a, b) == terrain.FORCED_DROP else None
    start = (target.x, target.y)
    push = forced.shove(start, forced.straight(start, step, metres), look, enter)
    events: list = []
    if push.moved:
        from . import reactions
        before = reactions.threats(state, target) if HOUSE.read(state, "forced_provokes") \
            else {}                                                  # GU-GM-23: off by default
        if push.stop == forced.DROP:                      # over the brink: in the air
            target.altitude += terrain.fall_height(ground, push.path[-2], push.end,
                                                   target.size)
        target.x, target.y = push.end
        events.append(Moved(target.id, push.path[1:], "knockback", True, 0))
        reactions.provoke(state, target, reactions.left_behind(state, target, before))
    if target.altitude > 0 and _flies(target):          # up on its wings: not prone, and it
        from . import maneuvers                            # may glide at once (GU-118)
        maneuvers.drift_offer(state, target)
    elif prone:
        events += add_status(target, Status("prone", 0, -1, c.id))
    return events


def _flies(c: Creature) -> bool:
    """It has a flying speed (GU-118): knocked into the air it stays up."""
    from . import maneuvers
    return maneuvers.speed(c) > 0


def add_status(c: Creature, s: Status, state: GuState | None = None) -> list:
    """Give a status through statuses.apply (stacking Bleeding, GU-140; refreshing the rest;
    immunity, GU-108; Ablaze over Burning, GU-134): ticks.give, the one home."""
    return ticks.give(state, c, s)


def harm(state: GuState, c: Creature, amount: int, dtype: str, source: str, rng: Rng, *,
         direct: bool = False, rank: int = 0, reducible: bool = True, touch: bool = False,
         part: str = "", by_gu: str = "", by: str = "") -> list:
    """`c` takes a damage instance: damage.py's pipeline (shield, reductions, resistances,
    instant death GU-109), then dying.py's transitions (the 0-HP Perseverance test GU-94, a
    final stand turning to dying GU-111), then its injuries: a heavy hit's by type (GU-120..126)
    and a called shot's on `part` once it took HP (GU-127..132, GU-GM-18/20), applied by
    limbs.py. Dice in this order: the 0-HP test, the force d4, the head d4, the limb. Its
    shields, reductions and resistances are what its Gu make of it (gu.defender). `by_gu`: the
    Gu or killer move the creature `source` deals it with; `by` the creature it is counted to
    when `source` is not one (a status's harm). The injuries a creature's blow causes are
    counted to it too (their Bleeding)."""
    if not c.on_board:
        return []
    found = hiding.reveal(c, "it was hurt")                              # GU-13
    r = arith.take(arith.Hit(amount, dtype, rank, direct, touch=touch, reducible=reducible,
                             source=source),
                   gu.defender(c), instant_death_measure=HOUSE.read(state, "death_measure"))
    gu.spend_shields(c, r.absorbed)
    c.hp = r.hp_after                                                    # GU-93
    stages = tuple((s.step, s.before - s.after) for s in r.stages if s.step != "hit points")
    events: list = [*found, Damaged(c.id, r.hp_before - r.hp_after, c.hp, source, amount,
                                    dtype, stages, by_gu, by)]
    life = life_of(c)
    if r.dropped:
        t = roll(state, rng, c.attrs.get("Perseverance", 0), purpose="0 HP")
        events.append(test_event(c.id, "Perseverance", "0 HP", t))
        change = dying.at_zero(life, t)
    else:
        change = dying.hurt(life, r.dealt, instant_death=r.instant_death)
    events += set_life(state, c, change.life, change.note)
    if c.on_board and r.dealt >= 1:
        combine = "both" if HOUSE.read(state, "both_injuries") else "called_only"
        for injury in injuries.roll_injuries(rng, kind=dtype, dealt=r.dealt, max_hp=c.max_hp,
                                             called_part=aim.injury_part(state, c, part),
                                             combine=combine):
            events += limbs.take_injury(state, c, injury, rng,
                                        by=source if source in state.creatures else by)
        if part:
            events += aim.after_hit(state, c, part)                     # GU-GM-18
    return events


def life_of(c: Creature) -> "dying.Life":
    """The creature's place between fine and dead, as dying.py counts it."""
    return dying.Life("fine" if c.condition == "up" else c.condition, c.tokens[0], c.tokens[1])


def set_life(state: GuState, c: Creature, life: "dying.Life", why: str) -> list:
    """Take dying.py's verdict into the state (events only when the condition changed)."""
    c.tokens = [life.perseverance, life.predicament]
    condition = "up" if life.state == "fine" else life.state
    if condition == c.condition:
        return []
    return set_condition(state, c, condition, why)


def set_condition(state: GuState, c: Creature, condition: str, why: str) -> list:
    """The creature's condition becomes `condition`; it drops out of the fight (Downed) only
    on going from awake to dying or dead, never again when a dying one dies."""
    was_down = c.condition in OUT_OF_FIGHT
    c.condition = condition
    ticks.sync_awake(c)                                                  # GU-113, GU-X-13
    events: list = [ConditionChanged(c.id, condition, c.unconscious, why)]
    if c.unconscious:
        c.sustained.clear()
        if not was_down:
            events.append(Downed(c.id, (c.x, c.y)))
    return events


OUT_OF_FIGHT = ("dying", "dead")
