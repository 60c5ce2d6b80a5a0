"""Shared helpers: shipped rulesets, and modders' variants of them written to tmp files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from hypothesis import settings

from addon_table import build_addon
from pyhost.rules import Ruleset, load_ruleset

# Machines here are noisy: hypothesis checks behaviour, never time.
settings.register_profile("pyhost", deadline=None)
settings.load_profile("pyhost")

SHIPPED = ["tauren-holdem", "dice-holdem", "poker-dice", "dice-poker", "vitaji"]


def shipped_text(ruleset_id: str) -> str:
    return resources.files("pyhost.rulesets").joinpath(f"{ruleset_id}.toml").read_text("utf-8")


def write_variant(folder: Path, ruleset_id: str, edits: dict[str, str], name: str = "") -> Path:
    """A copy of a shipped ruleset with each `old` text replaced by `new` (each must occur once)."""
    text = shipped_text(ruleset_id)
    for old, new in edits.items():
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {ruleset_id}"
        text = text.replace(old, new)
    path = folder / f"{name or ruleset_id + '-variant'}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def variant(tmp_path: Path):
    """variant("tauren-holdem", {old: new}) -> the loaded Ruleset."""

    def make(ruleset_id: str, edits: dict[str, str]) -> Ruleset:
        return load_ruleset(write_variant(tmp_path, ruleset_id, edits))

    return make


@pytest.fixture(scope="module")
def addon(tmp_path_factory):
    """The stock Tauren Hold'em addon, built once a test module."""
    return build_addon(tmp_path_factory.mktemp("addons"))


@pytest.fixture(scope="module")
def diceholdem(tmp_path_factory):
    """The DiceHoldem addon, built once a test module (what addon/DiceHoldem holds)."""
    return build_addon(tmp_path_factory.mktemp("addons"), "dice-holdem")


@pytest.fixture
def evil(tmp_path: Path) -> Path:
    """The stock addon (same rules, same fingerprint) with its namespace left in a global,
    `EVIL`: its player can run any of its functions, as a modified client could."""
    addon = build_addon(tmp_path / "evil")
    slash = addon / "Slash.lua"
    slash.write_text(slash.read_text(encoding="utf-8") + "\nEVIL = ns\n", encoding="utf-8")
    return addon


def snapshot(table) -> tuple:
    """Everything a refused action must leave exactly as it was."""
    hand = table.hand
    seats = tuple((s.name, s.bank, s.committed, s.status) for s in table.seats)
    if hand is None:
        return seats, None
    round_ = getattr(hand, "round", None)
    betting = None if round_ is None else (
        tuple(round_.bets), round_.current, round_.last_raise, tuple(round_.pending),
        frozenset(round_.may_raise), tuple(round_.raises))
    return (seats, hand.phase, len(hand.events), tuple(hand.community), dict(hand.shown),
            betting, len(table.events))


def make_addon(root: Path, name: str, files: dict[str, str], toc: str = "") -> Path:
    """Write an addon folder: `<name>.toc` (Interface for retail and Classic Era, `toc` lines
    added, the files listed in the order given) and each file."""
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    listed = "\n".join(path for path in files if not path.startswith("_"))
    (folder / f"{name}.toc").write_text(
        f"## Interface: 120100, 11509\n## Title: {name}\n{toc}\n{listed}\n", encoding="utf-8")
    for path, code in files.items():
        target = folder / path.lstrip("_")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(code, encoding="utf-8")
    return folder
