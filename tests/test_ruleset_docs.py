"""docs/rulesets.md documents every key a ruleset file has and every value they choose from."""

import re
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from pyhost.rules.categories import KINDS, STRAIGHT_ORDERS
from pyhost.rules.dice import ACE_MODES
from pyhost.rules.families import FAMILIES, RANKINGS
from pyhost.rules.reading import WOW_COMMANDS

DOC = (Path(__file__).parent.parent / "docs" / "rulesets.md").read_text(encoding="utf-8")
HEADINGS = [line for line in DOC.splitlines() if line.startswith("#")]

# Keys a file may lack (optional, or one family's): documented even if no shipped file has them.
OPTIONAL_KEYS = {"dice.ace", "dice.sides", "hands.categories.top"}


def walk(data: dict, prefix: str = "") -> Iterator[tuple[str, object]]:
    """(dotted path, value) of every key of a TOML document, in tables and arrays of tables."""
    for key, value in data.items():
        path = f"{prefix}{key}"
        yield path, value
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                yield from walk(item, f"{path}.")


def shipped() -> list[tuple[str, object]]:
    files = [f for f in resources.files("pyhost.rulesets").iterdir() if f.name.endswith(".toml")]
    assert len(files) >= 5
    return [pair for f in files for pair in walk(tomllib.loads(f.read_text("utf-8")))]


TABLES = sorted({path for path, value in shipped() if isinstance(value, dict)})
KEYS = sorted({path for path, value in shipped() if not isinstance(value, dict)} | OPTIONAL_KEYS)


@pytest.mark.parametrize("path", KEYS)
def test_every_key_is_documented(path: str) -> None:
    assert f"`{path.rpartition('.')[2]}`" in DOC, f"docs/rulesets.md does not document {path}"


@pytest.mark.parametrize("table", TABLES)
def test_every_table_has_a_section(table: str) -> None:
    assert any(f"[{table}]" in heading for heading in HEADINGS), f"no section [{table}]"


def test_every_table_is_found() -> None:
    assert TABLES == ["addon", "addon.commands", "bonuses", "deal", "dice", "game", "hands",
                      "table", "teams", "tournament"]


@pytest.mark.parametrize(
    "value", [*KINDS, *ACE_MODES, *STRAIGHT_ORDERS, *RANKINGS, *FAMILIES]
)
def test_every_choice_is_documented(value: str) -> None:
    assert f"`{value}`" in DOC


def test_the_reserved_commands_are_listed() -> None:
    listed = set(re.findall(r"`/([a-z]+)`", DOC))
    assert listed >= WOW_COMMANDS, sorted(WOW_COMMANDS - listed)
