"""Text stays inside its panel at 1280x720 with the longest names of the shipped content: the gems
sidebar's weapon line wraps under itself (never out of the sidebar), and the bindings log wraps
its set-up lines (the initiative roll of eight combatants) to the log's width, also after the
window changes size."""
from __future__ import annotations

import pygame
import pytest

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.systems.gems.shots import _legal
from game.engine.systems.gems import actions as A
from game.engine.systems.gems.state import Item
from tests.bindings.bndtools import make
from tests.client.test_map_labels import Recording

pytestmark = pytest.mark.client


def _longest_weapon() -> tuple[str, str]:
    """The shipped Hardlight Weapon with the longest name: (kind, name)."""
    from game.engine.systems.gems.content import content
    items = content().items
    kind = max((k for k, v in items.items() if v.get("hardlight")),
               key=lambda k: len(items[k]["name"]))
    return kind, items[kind]["name"]


def _far_corner_duel():
    """Garnet and Beryl side by side in the far corner of a board as big as the largest shipped
    map (20x14, Riverbend): target coordinates have two digits, the longest a plan names. The
    first seed whose initiative gives Garnet the first turn."""
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    units = [{"id": "garnet", "sheet": "garnet", "side": 0, "x": 12, "y": 12},
             {"id": "beryl", "sheet": "beryl", "side": 1, "x": 13, "y": 12}]
    for seed in range(1, 200):
        cfg = MatchConfig("gems", seed, [SeatConfig("human"), SeatConfig("human")], None, {},
                          {"grid": {"rows": ["." * 20] * 14}, "units": units, "items": []})
        m = Match.new(cfg)
        if m.state.acting == "garnet":
            return m
    raise AssertionError("Garnet never goes first")


def _open(app, match) -> BattleScene:
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    return scene


def test_the_gems_sidebar_weapon_line_wraps_inside_the_sidebar(app, monkeypatch):
    kind, name = _longest_weapon()
    match = _far_corner_duel()
    st = match.state
    garnet = st.units["garnet"]
    # the longest weapon in her first arm, a carried gem in her second (set up by hand)
    st.items["w"] = Item("w", kind, name, garnet.x, garnet.y, held_by="garnet", hardlight=True)
    garnet.arms[0].holding = "w"
    match.edited()
    scene = _open(app, match)
    # aimed at Beryl through the one door: the line then names the plan too
    scene.submit(_legal(match, A.Ready, unit="garnet"))
    scene.submit(_legal(match, A.AssignArm, unit="garnet", arm=0))
    panel = scene.presenter.unit_panel("garnet")
    arm = next(ln for _t, lines in (panel.sections or [("Arms", panel.arms)]) for ln in lines
               if ln.label == "Arm 1")
    assert name in arm.text and " at " in arm.text
    rows: list[str] = []
    fit = scene.text.fit

    def spy(text, size, width, *a, **kw):
        bold = kw.get("bold", a[1] if len(a) > 1 else False)
        if scene.text.font(size, bold).size(text)[0] <= width:
            rows.append(text)           # drawn whole (a row cut with "…" is not counted)
        return fit(text, size, width, *a, **kw)
    monkeypatch.setattr(scene.text, "fit", spy)
    scene.selected = "garnet"
    scene.sidebar._cache.key = None
    screen = Recording(app.size)
    scene.sidebar.draw(screen, panel, None, scene._panel_portrait)
    side = scene.sidebar.rect
    for _s, r in screen.blits:
        assert side.contains(r), (r, side)
    # the whole line is there, row after row (none cut): the rows drawn for it, joined,
    # give its text back
    joined = ""
    for r in rows:
        if arm.text.startswith((joined + " " + r).strip()):
            joined = (joined + " " + r).strip()
    assert joined == arm.text, (joined, arm.text)


def _crowd():
    """Eight combatants with the longest sheet names: the set-up's initiative line is the
    longest line the bindings log meets."""
    sheets = ["petramancer", "hydromancer", "stormcaller", "spear_warden", "aeromancer",
              "pyromancer", "skirmisher", "cinder_sage"]
    cs = [{"id": f"c{i}", "sheet": s, "side": i % 2, "x": i, "y": i % 2 * 4}
          for i, s in enumerate(sheets)]
    # the seed's own initiative dice (no forced faces): ties and delays as they fall
    return make(cs, rows=["." * 10] * 6, setup_dice=[])


def test_the_bindings_log_wraps_its_set_up_lines_to_its_width(app):
    scene = _open(app, _crowd())
    scene.draw(app.screen)
    limit = scene.log.rect.w - 24
    assert any(ln.text.startswith("Initiative") for ln, _s in scene.log.lines)
    for row in scene.log.lines:
        width = scene.log.picture(row).get_width()
        assert width <= limit, (width, limit, row[0].text)
    # wrapped, not dropped: the initiative line takes several rows
    assert sum(1 for ln, _s in scene.log.lines if ln.text.startswith("Initiative")) >= 2


def test_the_log_wraps_again_when_the_window_narrows(app):
    from game.client.ui.battle_widgets import CombatLog, LogLine, Text
    log = CombatLog(Text(1.0))
    log.rect = pygame.Rect(0, 0, 1900, 120)
    text = " ".join(["Hydromancer's Stone Bullet reaches Petramancer"] * 5)
    log.append([LogLine(text)])
    assert len(log.lines) == 1
    log.rect = pygame.Rect(0, 0, 700, 120)
    log.draw(pygame.Surface((700, 120)), (-1, -1))
    assert len(log.lines) >= 3 and all(log.picture(row).get_width() <= 676 for row in log.lines)
    assert " ".join(_row_texts(log)) == text
    assert [part for _l, part in log.lines] == _row_texts(log)


def _row_texts(log) -> list[str]:
    # each row re-wrapped from the same line: re-wrap its text the way the log does
    return log.text.wrap(log.entries[0].text, 14, log.rect.w - 24)


def test_the_scrolled_log_note_keeps_off_every_row():
    # #12: "N newer lines below" was drawn over the top row of a scrolled log
    import pygame

    from game.client.ui.battle_widgets import CombatLog, LogLine, Text
    log = CombatLog(Text(1.0))
    log.rect = pygame.Rect(0, 0, 700, 120)
    log.append([LogLine(f"Line {i:02d}: the Imp Horde takes 9 damage from the Scout's Shoot, 51 HP left,"
                        f" and Horde Strength drops")
                for i in range(30)])
    log.on_wheel(1)
    assert log.scroll > 0
    surface = pygame.Surface((700, 120))
    log.draw(surface, (-1, -1))
    rows = [pygame.Rect(log.rect.x + 12, y, s.get_width(), s.get_height())
            for y, _i, s in ((y, i, log.picture(row)) for y, i, row in log.placed_rows())]
    assert len(rows) >= 3 and all(r.w > 560 for r in rows)     # rows reach the note's column
    assert all(log.rect.contains(r) for r in rows)
    note = log.scroll_note_rect()
    assert note is not None and log.rect.contains(note)
    assert not any(note.colliderect(r) for r in rows), (note, rows)


def test_a_button_label_of_two_words_goes_on_two_rows_before_it_is_cut():
    """The rpgstuck bar at 1280x720 gave "Shield Bash" about 70 px: it read "Shield B…" in
    10 px type. A label of several words now takes two rows; one word still shrinks, then cuts."""
    from game.client.ui.battle_widgets import Text, button_lines
    pygame.font.init()
    text = Text(1.0)
    size, rows = button_lines(text, "Shield Bash", 60, 40)
    assert rows == ["Shield", "Bash"] and size >= 11
    assert all(text.font(size, True).size(r)[0] <= 60 for r in rows)
    size, rows = button_lines(text, "Strike", 90, 40)
    assert rows == ["Strike"] and size == 15
    size, rows = button_lines(text, "Shield Bash", 200, 40)
    assert rows == ["Shield Bash"] and size == 15
    size, rows = button_lines(text, "Shield Bash", 60, 20)      # too low for two rows
    assert len(rows) == 1 and size == 10


def test_the_log_renders_a_row_when_it_shows_and_keeps_a_bounded_few():
    # the log held a rendered picture for each of its 500 rows (about 23 MB at 1080p)
    from game.client.ui.battle_widgets import CombatLog, LogLine, Text
    log = CombatLog(Text(1.0))
    log.rect = pygame.Rect(0, 0, 700, 120)
    log.append([LogLine(f"Line {i:03d}: the Scout shoots") for i in range(400)])
    assert log.renders == 0 and len(log.lines) == 400
    surface = pygame.Surface((700, 120))
    log.draw(surface, (-1, -1))
    shown = len(log.visible())
    assert 1 <= log.renders == shown < 20
    log.draw(surface, (-1, -1))
    for _ in range(200):                     # scrolled up through every row
        log.on_wheel(1)
        log.draw(surface, (-1, -1))
    assert log.renders > CombatLog.ROWS_KEPT
    assert len(log._pictures) <= CombatLog.ROWS_KEPT
    # the newest rows were let go while the old ones showed: coming back renders them again
    made = log.renders
    log.scroll = 0
    log.draw(surface, (-1, -1))
    assert log.renders == made + shown
