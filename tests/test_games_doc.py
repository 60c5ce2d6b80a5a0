"""docs/games.md's tables of options name real keys of each game's shipped ruleset, with
the values the files hold: the page cannot drift from the rulesets it describes."""

import re
import tomllib
from importlib import resources

import pytest
from test_docs_links import HEADING, ROOT, prose, slug

DOC = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
# A row of the first table: | [Game](#anchor) | `ruleset-id` | ...
GAME_ROW = re.compile(r"^\| \[[^\]]+\]\(#([^)]+)\) \| `([a-z-]+)` \|")
# A row of an options table: | `section.key` | `default` | ...
OPTION_ROW = re.compile(r"^\| `([a-z_]+\.[a-z_]+)` \| `([^`]+)` \|")


def games() -> dict[str, str]:
    """The anchor of each game's section -> its ruleset id, from the page's first table."""
    return dict(match.groups() for _, line in prose(DOC) if (match := GAME_ROW.match(line)))


def options() -> list[tuple[str, str, str]]:
    """(ruleset id, dotted key, default as written) of every row of an options table."""
    ids, rows, game, in_options = games(), [], None, False
    for _, line in prose(DOC):
        if heading := HEADING.match(line):
            level, text = len(heading.group(1)), heading.group(2)
            if level == 2:
                game, in_options = ids.get(slug(text)), False
            elif level == 3:
                in_options = text.endswith(": options")
        elif in_options and (row := OPTION_ROW.match(line)):
            rows.append((game, *row.groups()))
    return rows


def shipped(ruleset_id: str) -> dict:
    text = resources.files("pyhost.rulesets").joinpath(f"{ruleset_id}.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_every_shipped_game_has_a_section_with_options() -> None:
    ids = {f.name.removesuffix(".toml") for f in resources.files("pyhost.rulesets").iterdir()
           if f.name.endswith(".toml")}
    assert set(games().values()) == ids
    assert {game for game, _, _ in options()} == ids


@pytest.mark.parametrize("game, key, default", options(), ids=lambda value: str(value))
def test_each_option_is_a_key_of_the_ruleset_with_that_default(game, key, default) -> None:
    section, name = key.split(".")
    data = shipped(game)
    assert name in data.get(section, {}), f"{game}.toml has no key {key}"
    assert data[section][name] == tomllib.loads(f"value = {default}")["value"], (
        f"docs/games.md gives {key} = {default} for {game}, the file {data[section][name]!r}")
