"""Shared helpers: shipped rulesets, and modders' variants of them written to tmp files."""

from __future__ import annotations

import importlib
import os
import sys
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pyhost.rules import Ruleset

SHIPPED = ["tauren-holdem", "dice-holdem", "poker-dice", "dice-poker", "vitaji"]

# Long cases of parametrized tests, by test and case id: marked slow, so the default run
# leaves them out and .ci/run runs them apart (`pytest -m slow`). The case of each kind the
# default run keeps is named beside each entry, so every claim is still checked by default.
# (A test that is long in every case carries @pytest.mark.slow itself.)
SLOW_CASES = {
    # keeps 4-players-seed4 (a hostile network):
    "test_faults.py::test_hands_survive_faults": [
        "4-players-seed1", "4-players-seed2", "4-players-seed3", "4-players-seed5",
        "4-players-seed7", "8-players-seed8", "10-players-seed6"],
    # keeps 3-players-seed12 (a hostile network):
    "test_faults.py::test_diceholdem_hands_survive_faults": ["4-players-seed11"],
    # keeps 3-players-seed1 to 3-players-seed4 and 4-players-seed5:
    "test_pokerdice_faults.py::test_rounds_end_and_every_copy_agrees_when_things_go_wrong": [
        "6-players-seed6"],
    "test_dicepoker_faults.py::test_rounds_end_and_every_copy_agrees_when_things_go_wrong": [
        "6-players-seed6"],
    # keeps 4-players:
    "test_handlog.py::test_every_clients_log_is_fair_after_hands_under_faults": ["8-players"],
    # keeps 1-dice-poker-example:
    "test_draw_fuzz.py::test_mutated_draw_histories_replay_or_are_refused_in_one_line": [
        "1-poker-dice-example", "2-poker-dice-example", "2-dice-poker-example"],
    # keeps 2-ruleset (the argv cases' refusals are pinned in test_cli and test_ruleset_fuzz):
    "test_ruleset_fuzz.py::test_fuzzed_input_is_accepted_or_refused_in_one_line": [
        "1-argv", "2-argv", "1-ruleset"],
    # keeps each mode without wrap (wraps are pinned in test_hands):
    "test_lua_hands.py::test_every_seven_dice_agree_under_each_shaman_mode": [
        "ace-wrap-True", "low-wrap-True", "high-wrap-True", "wild-wrap-True"],
    # keeps the wild Shaman without wrap (edits4; wraps with ace and high, edits0 and edits2),
    # as test_lua_hands does:
    "test_odds.py::test_odds_from_shapes_and_faces_equal_the_definition_and_the_evaluator": [
        "tauren-holdem-edits3"],
    # keeps seeds 1 and 2, and 21:
    "test_slash_fuzz.py::test_random_commands_raise_no_error_and_a_refusal_changes_nothing": [
        "3", "4", "5", "6", "7", "8"],
    "test_slash_fuzz.py::test_diceholdems_commands_fuzzed_alike": ["22"],
    # keeps 2 and 3 players:
    "test_dicepoker_table.py::test_a_party_plays_rounds_to_the_end_and_every_copy_agrees": [
        "forfeit-10", "chips-10"],
    # keeps seed 0:
    "test_raid_table.py::test_a_table_agrees_over_a_network_that_duplicates_and_reorders": [
        "1", "2"],
}


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark SLOW_CASES slow. When whole files are collected, a name there that matches no case
    of its file is an error, so a renamed case cannot silently join the default run."""
    slow = {f"{test}[{case}]" for test, cases in SLOW_CASES.items() for case in cases}
    files = set()
    for item in items:
        name = f"{item.path.name}::{item.name}"
        files.add(item.path.name)
        if name in slow:
            item.add_marker(pytest.mark.slow)
            slow.discard(name)
    missing = sorted(name for name in slow if name.split("::")[0] in files)
    if missing and not any("::" in str(arg) for arg in config.args):
        raise pytest.UsageError(f"conftest.SLOW_CASES names cases not collected: {missing}")


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis's profile where tests run, and xdist's scheduling (below)."""
    choose_worksteal(config)
    if hasattr(config, "workerinput"):
        share_compiled_modules(config)
    if not is_xdist_controller(config):
        load_hypothesis_profile()


def is_xdist_controller(config: pytest.Config) -> bool:
    """Whether this process only hands tests to xdist's workers (`-n 2`) and runs none. It
    imports neither hypothesis nor pyhost's game code (this file imports them where used):
    the workers start only once it has loaded this file, and each imports them itself."""
    return not hasattr(config, "workerinput") and getattr(config.option, "dist", "no") != "no"


TESTS = Path(__file__).resolve().parent


def share_compiled_modules(config: pytest.Config) -> None:
    """Each xdist worker collects every test module, and compiling them (pytest rewrites
    their asserts) is most of a worker's start: the workers share it. Each writes what it
    compiles where the other reads it, and the second worker imports the test modules in the
    opposite order (pytest_collection), so each compiles about half of them. Where Python
    writes bytecode, that place is the checkout's __pycache__ folders, as ever; where it is
    told to write none (PYTHONDONTWRITEBYTECODE), one folder of this run's temporary
    directory instead (the workers' own: the Pythons a test starts are left as they are)."""
    if not sys.dont_write_bytecode or config.option.basetemp is None:
        return
    shared = Path(config.option.basetemp).parent  # (the worker's is <the run's>/popen-gw0)
    sys.pycache_prefix = str(shared / "pycache")
    sys.dont_write_bytecode = False


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    """The second xdist worker imports the test modules last to first, before collecting
    them in their order (share_compiled_modules); a run of chosen files or tests is left as
    it is. A module that fails to import is left for the collection to report."""
    config = session.config
    worker = getattr(config, "workerinput", {}).get("workerid", "")
    if worker != "gw1" or [Path(arg).resolve() for arg in config.args] != [TESTS]:
        return
    for path in sorted(TESTS.glob("test_*.py"), reverse=True):
        try:
            importlib.import_module(path.stem)
        except Exception:  # (the collection imports it again and says why)
            continue


def load_hypothesis_profile() -> None:
    """Machines here are noisy: hypothesis checks behaviour, never time. (Loaded before the
    test modules are collected, so their @settings build on it.)"""
    from hypothesis import settings

    settings.register_profile("pyhost", deadline=None)
    settings.load_profile("pyhost")


def choose_worksteal(config: pytest.Config) -> None:
    """Under xdist (`-n 2`) the tests are shared out by worksteal unless --dist says otherwise:
    a worker that runs out takes half of the other's pending tests, so both stay busy to the
    end (xdist's default, load, leaves each worker its last tests, and one idles while the
    other finishes them). Set here rather than in addopts, so `-p no:xdist` still works."""
    args = [*config.invocation_params.args, *os.environ.get("PYTEST_ADDOPTS", "").split()]
    chosen = any(arg in ("-d", "--dist", "--distload") or arg.startswith("--dist=")
                 for arg in args)
    if getattr(config.option, "dist", "no") == "load" and not chosen:
        config.option.dist = "worksteal"


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

    from pyhost.rules import load_ruleset

    def make(ruleset_id: str, edits: dict[str, str]) -> Ruleset:
        return load_ruleset(write_variant(tmp_path, ruleset_id, edits))

    return make


@pytest.fixture(scope="module")
def addon(tmp_path_factory):
    """The stock Tauren Hold'em addon, built once a test module."""
    from addon_table import build_addon

    return build_addon(tmp_path_factory.mktemp("addons"))


@pytest.fixture(scope="module")
def diceholdem(tmp_path_factory):
    """The DiceHoldem addon, built once a test module (what addon/DiceHoldem holds)."""
    from addon_table import build_addon

    return build_addon(tmp_path_factory.mktemp("addons"), "dice-holdem")


@pytest.fixture
def evil(tmp_path: Path) -> Path:
    """The stock addon (same rules, same fingerprint) with its namespace left in a global,
    `EVIL`: its player can run any of its functions, as a modified client could."""
    from addon_table import build_addon

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
