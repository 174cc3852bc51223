"""The shared content loader (game.engine.tactics.content): entry types declared once as
dataclasses, every refusal naming the file, the entry and the key, and the per-process cache."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.engine.tactics.content import ContentSets, as_table, entries, entry, keys_of


class Broken(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Inner:
    verb: str
    n: int = 0


@dataclass(frozen=True, slots=True)
class Thing:
    id: str
    name: str
    kind: str                      # a field may be called kind (content, unlike records)
    size: int | float = 1.0
    tags: tuple[str, ...] = ()
    steps: tuple[Inner, ...] = ()
    deck: dict[str, int] = field(default_factory=dict)
    hidden: bool = False


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "things.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path: Path, body: str, **kw):
    return entries(write(tmp_path, body), "things", Thing, Broken, **kw)


GOOD = '[things.rock]\nname = "Rock"\nkind = "stone"\n'


def test_entries_are_typed_by_id_in_file_order_with_defaults(tmp_path):
    got = load(tmp_path, GOOD + 'size = 2\ntags = ["a"]\nsteps = [{verb = "hit", n = 2}]\n'
               '[things.leaf]\nname = "Leaf"\nkind = "plant"\nsize = 0.5\n')
    assert list(got) == ["rock", "leaf"]
    rock = got["rock"]
    assert rock == Thing("rock", "Rock", "stone", 2, ("a",), (Inner("hit", 2),))
    assert type(rock.size) is int and type(got["leaf"].size) is float
    assert as_table(got["leaf"])["tags"] == () and keys_of(Thing)[0] == "id"


@pytest.mark.parametrize("extra,words", [
    ('colour = "red"', ["[things.rock]: unknown key 'colour' (known: deck, hidden, kind, name"]),
    ('size = "big"', ["[things.rock]: key 'size' has the wrong type ('big': expected an integer "
                      "or a number, got text)"]),
    ("hidden = 1", ["key 'hidden' has the wrong type (1: expected true or false"]),
    ('tags = ["a", 2]', ["key 'tags' has the wrong type", "at tags[1] expected text"]),
    ('tags = "a"', ["key 'tags' has the wrong type ('a': expected a list, got text)"]),
    ('steps = [{verb = "hit", x = 1}]', ["[things.rock]: key 'steps': unknown key 'x' at steps[0]"]),
    ("steps = [{n = 1}]", ["key 'steps': missing required key 'verb' at steps[0]"]),
    ('deck = {a = "two"}', ["key 'deck' has the wrong type"]),
    ('id = "other"', ["[things.rock]: unknown key 'id'"]),
])
def test_every_refusal_names_file_entry_and_key(tmp_path, extra, words):
    with pytest.raises(Broken) as err:
        load(tmp_path, GOOD + extra + "\n")
    message = str(err.value)
    assert message.startswith(str(tmp_path / "things.toml") + " [things.rock]: "), message
    for w in words:
        assert w in message, message


def test_a_missing_required_key_is_named(tmp_path):
    with pytest.raises(Broken, match=r"\[things\.rock\]: missing required key 'kind'"):
        load(tmp_path, '[things.rock]\nname = "Rock"\n')


def test_top_level_shape_empty_files_and_ids(tmp_path):
    with pytest.raises(Broken, match=r"things\.toml: unknown top-level key 'stuff'"):
        load(tmp_path, GOOD + "[stuff]\na = 1\n")
    assert load(tmp_path, GOOD + "[costs]\na = 1\n", others=("costs",))
    with pytest.raises(Broken, match=r"needs at least one \[things\.<id>\] entry"):
        load(tmp_path, "# nothing\n")
    assert load(tmp_path, "# nothing\n", required=False) == {}
    with pytest.raises(Broken, match=r"\[things\.Bad-Id\]: ids are lower-case snake_case"):
        load(tmp_path, GOOD.replace("rock", "Bad-Id"), ids=re.compile(r"[a-z][a-z0-9_]*"))
    with pytest.raises(Broken, match=r"\[things\.rock\]: expected a table"):
        entry(Thing, f"{tmp_path / 'things.toml'} [things.rock]", 5, Broken, id="rock")


def test_missing_and_garbled_files_are_named(tmp_path):
    with pytest.raises(Broken, match=r"things\.toml: missing content file"):
        entries(tmp_path / "things.toml", "things", Thing, Broken)
    with pytest.raises(Broken, match=r"things\.toml: not valid TOML"):
        load(tmp_path, "this = = not toml")


def test_content_sets_load_once_by_plain_name(tmp_path):
    (tmp_path / "variant").mkdir()
    loads: list[Path] = []

    def loader(folder: Path) -> str:
        loads.append(folder)
        return folder.name

    sets = ContentSets(lambda: tmp_path, loader, Broken)
    assert sets.get() == tmp_path.name and sets.get() == tmp_path.name
    assert sets.get("variant") == "variant"
    assert loads == [tmp_path, tmp_path / "variant"]
    sets.sets["built"] = "in code"
    assert sets.get("built") == "in code"
    for bad in ("../etc", "a/b", "", "Upper"):
        with pytest.raises(Broken, match="not a plain name"):
            sets.get(bad)
