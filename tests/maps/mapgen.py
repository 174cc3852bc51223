"""Build throwaway Tiled maps for tests: random tile art and layouts from a seed.

The renderer is compared with Tiled's tmxrasterizer on these maps, which nobody tuned it on:
every seed gives different art (with partly transparent pixels), tile sizes, flips, opacities
and tileset kinds (external .tsx, embedded, spacing and margin, image collections, tiles larger
than the grid with a tile offset).
"""
from __future__ import annotations

import os
import random
import shutil
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000


def tile_art(r: random.Random, w: int, h: int, partial_alpha: bool = True) -> pygame.Surface:
    """A tile with a clear orientation (an off-centre mark) and optional soft edges."""
    s = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    s.fill((r.randrange(40, 220), r.randrange(40, 220), r.randrange(40, 220), 255))
    for _ in range(6):
        c = (r.randrange(256), r.randrange(256), r.randrange(256), 255)
        rect = pygame.Rect(r.randrange(w), r.randrange(h), r.randrange(1, w // 2 + 2),
                           r.randrange(1, h // 2 + 2))
        s.fill(c, rect)
    s.fill((255, 255, 255, 255), (1, 1, max(1, w // 4), 2))     # marks the top-left corner
    if partial_alpha:
        for x in range(w):
            a = int(255 * x / max(1, w - 1))
            s.set_at((x, h - 1), (200, 30, 30, a))
        for y in range(h // 3):
            for x in range(w // 3):
                c = s.get_at((w - 1 - x, y))
                s.set_at((w - 1 - x, y), (c.r, c.g, c.b, r.choice([0, 60, 128, 200])))
    return s


def sheet(r: random.Random, count: int, columns: int, w: int, h: int, spacing: int = 0,
          margin: int = 0, partial_alpha: bool = True) -> pygame.Surface:
    rows = (count + columns - 1) // columns
    out = pygame.Surface((margin * 2 + columns * w + (columns - 1) * spacing,
                          margin * 2 + rows * h + (rows - 1) * spacing), pygame.SRCALPHA, 32)
    out.fill((255, 0, 255, 255))      # gutters in a loud colour: a wrong rect shows at once
    for i in range(count):
        x = margin + (i % columns) * (w + spacing)
        y = margin + (i // columns) * (h + spacing)
        out.blit(tile_art(r, w, h, partial_alpha), (x, y))
    return out


def tileset_xml(name: str, w: int, h: int, count: int, columns: int, image: str,
                img_size: tuple[int, int], spacing: int = 0, margin: int = 0,
                offset: tuple[int, int] | None = None, props: dict[int, str] | None = None,
                firstgid: int | None = None) -> str:
    first = f' firstgid="{firstgid}"' if firstgid is not None else ""
    xml = [f'<tileset{first} name="{name}" tilewidth="{w}" tileheight="{h}" spacing="{spacing}" '
           f'margin="{margin}" tilecount="{count}" columns="{columns}">']
    if offset:
        xml.append(f' <tileoffset x="{offset[0]}" y="{offset[1]}"/>')
    xml.append(f' <image source="{image}" width="{img_size[0]}" height="{img_size[1]}"/>')
    for tid, body in (props or {}).items():
        xml.append(f' <tile id="{tid}"><properties>{body}</properties></tile>')
    xml.append("</tileset>")
    return "\n".join(xml)


def layer_xml(lid: int, name: str, w: int, h: int, gids: list[int], opacity: float = 1.0,
              visible: bool = True, props: str = "", offset: tuple[int, int] = (0, 0)) -> str:
    attrs = f'id="{lid}" name={quoteattr(name)} width="{w}" height="{h}"'
    if opacity != 1.0:
        attrs += f' opacity="{opacity}"'
    if not visible:
        attrs += ' visible="0"'
    if offset != (0, 0):
        attrs += f' offsetx="{offset[0]}" offsety="{offset[1]}"'
    rows = [",".join(str(g) for g in gids[y * w:(y + 1) * w]) for y in range(h)]
    p = f"<properties>{props}</properties>" if props else ""
    return f' <layer {attrs}>{p}\n  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>\n </layer>"


def map_xml(w: int, h: int, tw: int, th: int, body: list[str], orientation: str = "orthogonal",
            stagger: tuple[str, str, int] | None = None, renderorder: str = "right-down",
            props: str = "", infinite: bool = False) -> str:
    hexattrs = ""
    if stagger:
        hexattrs = (f' hexsidelength="{stagger[2]}" staggeraxis="{stagger[0]}" '
                    f'staggerindex="{stagger[1]}"')
    p = f" <properties>{props}</properties>\n" if props else ""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" '
            f'renderorder="{renderorder}" width="{w}" height="{h}" tilewidth="{tw}" '
            f'tileheight="{th}" infinite="{1 if infinite else 0}"{hexattrs} nextlayerid="20" '
            f'nextobjectid="50">\n' + p + "\n".join(body) + "\n</map>\n")


def random_gids(r: random.Random, n: int, first: int, count: int, fill: float,
                flips: bool | str) -> list[int]:
    """`flips`: False, True (all eight square-grid orientations) or "hv" (mirror flips only)."""
    out = []
    for _ in range(n):
        if r.random() > fill:
            out.append(0)
            continue
        g = first + r.randrange(count)
        if flips == "hv":
            g |= r.choice([0, FLIP_H, FLIP_V, FLIP_H | FLIP_V])
        elif flips:
            g |= r.choice([0, FLIP_H, FLIP_V, FLIP_H | FLIP_V, FLIP_D, FLIP_D | FLIP_H,
                           FLIP_D | FLIP_V, FLIP_D | FLIP_H | FLIP_V])
        out.append(g)
    return out


def build_random_map(folder: Path, seed: int, orientation: str = "orthogonal",
                     stagger: tuple[str, str] | None = None, opacity: bool = True) -> Path:
    """A map with a ground layer, a flipped decoration layer, a half-transparent overlay, a
    hidden layer, a group with its own opacity, an object layer (to be hidden when comparing),
    and tiles larger than the grid with a tile offset. Tilesets: an external .tsx with spacing
    and margin, an embedded one, and an image collection."""
    r = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sets").mkdir(exist_ok=True)
    hexed = orientation == "hexagonal"
    if hexed:
        tw, th = r.choice([(28, 32), (32, 28), (24, 24), (30, 34)])
        side = r.choice([8, 12, 14]) if not (tw, th) == (24, 24) else 12
    else:
        tw, th = r.choice([(32, 32), (24, 24), (32, 24), (16, 20)])
        side = 0
    w, h = r.randrange(5, 9), r.randrange(4, 8)
    n = w * h
    # 1: external tileset with spacing and margin, grid-sized tiles.
    cols, count = 4, 8
    img = sheet(r, count, cols, tw, th, spacing=2, margin=1)
    pygame.image.save(img, str(folder / "sets" / f"ground{seed}.png"))
    (folder / "sets" / f"ground{seed}.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        tileset_xml(f"ground{seed}", tw, th, count, cols, f"ground{seed}.png", img.get_size(), 2, 1),
        encoding="utf-8")
    # 2: embedded tileset of tiles larger than the grid, with a tile offset.
    bw, bh = tw + r.randrange(4, 20), th + r.randrange(6, 24)
    big = sheet(r, 4, 2, bw, bh)
    pygame.image.save(big, str(folder / f"big{seed}.png"))
    big_first = 1 + count
    big_ts = tileset_xml(f"big{seed}", bw, bh, 4, 2, f"big{seed}.png", big.get_size(),
                         offset=(r.randrange(-4, 5), r.randrange(-4, 5)), firstgid=big_first)
    # 3: image collection (each tile its own file, of varied sizes).
    coll_first = big_first + 4
    coll = [f'<tileset firstgid="{coll_first}" name="coll{seed}" tilewidth="{tw * 2}" '
            f'tileheight="{th * 2}" tilecount="3" columns="0">', ' <grid orientation="orthogonal" width="1" height="1"/>']
    for i in range(3):
        iw, ih = r.randrange(tw // 2, tw * 2), r.randrange(th // 2, th * 2)
        pygame.image.save(tile_art(r, iw, ih), str(folder / f"c{seed}_{i}.png"))
        coll.append(f' <tile id="{i}"><image width="{iw}" height="{ih}" source="c{seed}_{i}.png"/></tile>')
    coll.append("</tileset>")
    body = [f' <tileset firstgid="1" source="sets/ground{seed}.tsx"/>', big_ts, "\n".join(coll)]
    # Hex maps turn diagonally flipped tiles by 60 degrees with smooth resampling, which no
    # pixel-exact comparison can follow; their exact maps use mirror flips only.
    flips_ok: bool | str = "hv" if hexed else True
    body.append(layer_xml(1, "ground", w, h, random_gids(r, n, 1, count, 1.0, False)))
    body.append(layer_xml(2, "decor", w, h, random_gids(r, n, 1, count, 0.5, flips_ok),
                          opacity=1.0))
    body.append(f' <objectgroup id="3" name="things"><object id="1" x="{w * tw // 2}" '
                f'y="{h * th // 2}" width="10" height="10"/></objectgroup>')
    body.append(layer_xml(4, "overlay", w, h, random_gids(r, n, 1, count, 0.4, flips_ok),
                          opacity=r.choice([0.3, 0.5, 0.65, 0.8]) if opacity else 1.0))
    body.append(layer_xml(5, "secret", w, h, random_gids(r, n, 1, count, 0.6, False),
                          visible=False))
    body.append(f' <group id="6" name="grp" opacity="{0.7 if opacity else 1}">\n' +
                layer_xml(7, "tall", w, h, random_gids(r, n, big_first, 4, 0.25, flips_ok)) +
                "\n" + layer_xml(8, "odd", w, h, random_gids(r, n, coll_first, 3, 0.2, flips_ok)) +
                "\n </group>")
    stag = (stagger[0], stagger[1], side) if hexed and stagger else None
    text = map_xml(w, h, tw, th, body, orientation, stag,
                   renderorder=r.choice(["right-down", "right-up", "left-down", "left-up"]))
    tag = f"{orientation}{'_' + '_'.join(stagger) if stagger else ''}{'' if opacity else '_opaque'}"
    out = folder / f"random{seed}_{tag}.tmx"
    out.write_text(text, encoding="utf-8")
    return out


# -- small hand-written check maps (a system's map-check tests) -----------------------------------
ROOT = Path(__file__).resolve().parents[2]


def prop(name: str, value: object, ptype: str | None = None) -> str:
    """One Tiled property element; its type is read from the value unless given."""
    if ptype is None:
        ptype = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "string"
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return f'<property name="{name}" type="{ptype}" value="{text}"/>'


def point(oid: int, name: str, cls: str, x: int, y: int, **props: object) -> str:
    """A point object of class `cls` at the centre of square (x, y) of a 32-pixel grid."""
    body = "".join(prop(k, v) for k, v in props.items())
    return (f'  <object id="{oid}" name="{name}" type="{cls}" x="{x * 32 + 16}" '
            f'y="{y * 32 + 16}"><properties>{body}</properties><point/></object>')


def spawn(oid: int, side: int, slot: int, x: int, y: int, size: int = 1, **extra: object) -> str:
    """A spawn point of `side` and `slot` for a creature of `size` squares."""
    return point(oid, f"s{side}_{slot}", "spawn", x, y, side=side, slot=slot, size=size, **extra)


def edited_spawns(spawns: list[str], slot: tuple[int, int], new: str | None, *,
                  side0: int) -> list[str]:
    """`spawns` (side 0's `side0` spawns, then side 1's, each side in slot order) with the
    spawn of (side, slot) `slot` replaced by `new`, or removed when `new` is None."""
    side, number = slot
    at = (0 if side == 0 else side0) + number
    out = list(spawns)
    if new is None:
        del out[at]
    else:
        out[at] = new
    return out


def check_map(folder: Path, system: str, image: tuple[str, int, int, int], w: int, h: int,
              tiles: list[str], layers: list[tuple[str, list[tuple[int, int]]]],
              groups: list[tuple[str, list[str]]], layer_props: str = "",
              orientation: str = "orthogonal") -> Path:
    """A w x h map of 32-pixel squares on a shipped tileset image (`image`: file name in
    maps/tilesets, its width, height and tile count). Tile 0 is plain ground (`terrain`
    normal) everywhere on `ground`; tile i + 1 carries the properties `tiles[i]` and is laid
    on the tile layer `layers[i]` (a name and its squares); `groups` are object layers (a name
    and its objects). The map's `system` property names the rule system."""
    name, iw, ih, count = image
    shutil.copy(ROOT / "maps" / "tilesets" / name, folder)
    shutil.copy(ROOT / "maps" / "propertytypes.json", folder)
    body_tiles = [f' <tile id="0"><properties>{prop("terrain", "normal")}</properties></tile>']
    body_tiles += [f' <tile id="{i + 1}"><properties>{t}</properties></tile>'
                   for i, t in enumerate(tiles) if t]
    (folder / "t.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="t" tilewidth="32" '
        f'tileheight="32" tilecount="{count}" columns="8">\n <image source="{name}" '
        f'width="{iw}" height="{ih}"/>\n' + "".join(t + "\n" for t in body_tiles) + "</tileset>\n",
        encoding="utf-8")
    body = [' <tileset firstgid="1" source="t.tsx"/>',
            layer_xml(1, "ground", w, h, [1] * (w * h), props=layer_props)]
    lid = 2
    for i, (lname, marks) in enumerate(layers):
        gids = [0] * (w * h)
        for x, y in marks:
            gids[y * w + x] = i + 2
        body.append(layer_xml(lid, lname, w, h, gids))
        lid += 1
    for gname, objects in groups:
        body += [f' <objectgroup id="{lid}" name="{gname}">', *objects, ' </objectgroup>']
        lid += 1
    stagger = ("y", "odd", 16) if orientation == "hexagonal" else None
    path = folder / f"{system}_test.tmx"
    path.write_text(map_xml(w, h, 32, 32, body, orientation=orientation, stagger=stagger,
                            props=prop("system", system)), encoding="utf-8")
    return path
