"""`python -m game check-map` and `render-map`: exit codes and what they print."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.__main__ import main
from tests.maps import mapgen

ROOT = Path(__file__).resolve().parents[2]


def test_check_map_passes_a_good_map(capsys):
    assert main(["check-map", str(ROOT / "maps" / "gems_riverbend.tmx")]) == 0
    assert "OK" in capsys.readouterr().out


def test_check_map_finds_a_map_by_name_in_the_maps_folder(capsys):
    assert main(["check-map", "gems_quarry.tmx"]) == 0


def test_check_map_prints_every_problem_and_exits_1(tmp_path, capsys):
    path = mapgen.build_random_map(tmp_path, 12, opacity=False)
    text = path.read_text()
    text = text.replace('<object id="1" x="', '<object id="1" x="9999')  # off the map
    text = text.replace('source="sets/ground12.tsx"', 'source="sets/none.tsx"')
    path.write_text(text)
    assert main(["check-map", str(path)]) == 1
    out = capsys.readouterr()
    lines = out.out.strip().splitlines()
    assert len(lines) >= 2
    assert any("none.tsx" in line and "does not exist" in line for line in lines)
    assert any("layer 'things'" in line and "outside the map" in line for line in lines)
    assert all(line.startswith(str(path)) for line in lines)
    assert "problems" in out.err


def test_check_map_with_an_unknown_system_fails(capsys):
    assert main(["check-map", "gems_quarry.tmx", "--system", "no_such_system"]) == 1
    assert "no_such_system" in capsys.readouterr().out


def test_check_map_bad_usage_exits_2(capsys):
    assert main(["check-map"]) == 2


def test_render_map_writes_the_png(tmp_path, capsys):
    out = tmp_path / "sub" / "rb.png"
    assert main(["render-map", str(ROOT / "maps" / "gems_riverbend.tmx"), str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (640, 448)
    assert not list(out.parent.glob(".*tmp*"))           # the temporary file was renamed


def test_render_map_on_a_broken_map_exits_1_naming_the_file(tmp_path, capsys):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map")
    assert main(["render-map", str(bad), str(tmp_path / "x.png")]) == 1
    assert str(bad) in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_render_map_into_an_unwritable_place_exits_1(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["render-map", "gems_riverbend.tmx", str(blocker / "out.png")]) == 1
    assert "cannot write" in capsys.readouterr().err
