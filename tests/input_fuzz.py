"""Bad input, generated: ruleset files and command lines for the `pyhost` CLI.

Shared by tests/test_ruleset_fuzz.py (a bounded, seeded run) and tools/fuzz_inputs.py (a long
one). Every case is made from one `random.Random`, so a seed reproduces it. `check_cli` runs
one command line in-process and says what is wrong with the outcome, if anything: the CLI must
either succeed or exit with code 1 or 2 after exactly one line on stderr, never a traceback.
A ruleset the CLI accepts for `pyhost build` must also give an addon that loads in the realm
without a Lua error (`check_built_addon`).
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from addon_table import TAUREN, play, seat_table, slash, status
from conftest import SHIPPED, shipped_text
from pyhost.cli import main
from pyhost.harness import Client, Realm
from pyhost.rules import Ruleset, RulesetError, VitajiRules, load_ruleset

# -- writing TOML back -------------------------------------------------------------------


class Raw(str):
    """Text written into the TOML as is (a date, say, or something that is not TOML)."""


def toml_value(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, str):
        # JSON's string escapes are TOML's, except a lone surrogate, which TOML refuses.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_value(v)}"
                           for k, v in value.items()) + "}"


def toml_text(data: dict[str, Any]) -> str:
    """A TOML document of `data`: each top-level key one line, tables written inline."""
    return "".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_value(v)}\n"
                   for k, v in data.items())


# -- mutating a ruleset --------------------------------------------------------------------

WEIRD_TEXT = [
    "", " ", "x" * 300, "|cffff0000red|r", "|", "%s%d%%", "\n", "\t", "\0", "\u200b", "\u202e",
    "e\u0301", "漢字", "🎲", "\ufeff", "\ud800", "'", '"', "\\", "Shaman", "2", "bust",
    "tdeal", "roll", "TaurenHoldem", "a" * 17, "ace", "straight",
]
WEIRD_NUMBERS = [0, -1, 1, 2, 7, 9, 21, 41, 2**31, 2**63 - 1, -(2**63), 10**6, 10**6 + 1]
WEIRD_VALUES: list[Any] = [
    True, False, 1.5, math.inf, -math.inf, math.nan, [], [1, 2], [[]], {}, {"x": 1},
    Raw("1979-05-27"), Raw("07:32:00"), Raw("1979-05-27T07:32:00Z"), Raw("0x10"),
    Raw("1_000"), Raw("'''multi\nline'''"), Raw("9" * 5000), Raw("1e99999"),
]
UNKNOWN_KEYS = ["extra", "nmae", "wrapp", "Name", "", " ", "a.b", "é", "\n", "faces", "hands"]


def _paths(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path into the data: keys of tables and indexes of lists."""
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*path, index))
    return out


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def weird_value(rng: random.Random, current: Any = None) -> Any:
    roll = rng.random()
    if isinstance(current, int) and not isinstance(current, bool) and roll < 0.5:
        return rng.choice([*WEIRD_NUMBERS, current + rng.randint(-3, 3), -current, current * 2])
    if isinstance(current, str) and roll < 0.5:
        return rng.choice([*WEIRD_TEXT, current.upper(), current * 2, current[:1], current[1:]])
    return rng.choice([*WEIRD_TEXT, *WEIRD_NUMBERS, *WEIRD_VALUES])


def mutate_data(rng: random.Random, data: dict[str, Any]) -> None:
    """One change somewhere in the ruleset's data."""
    path = rng.choice(_paths(data)[1:])
    parent, last = _at(data, path[:-1]), path[-1]
    value = parent[last]
    kind = rng.choice(["delete", "replace", "replace", "unknown", "empty", "duplicate", "swap"])
    if kind == "delete":
        del parent[last]
    elif kind == "unknown" and isinstance(value, dict):
        value[rng.choice(UNKNOWN_KEYS)] = weird_value(rng)
    elif kind == "empty" and isinstance(value, list | dict | str):
        parent[last] = type(value)()
    elif kind == "duplicate" and isinstance(value, list) and value:
        value.insert(rng.randrange(len(value) + 1), json.loads(json.dumps(rng.choice(value))))
    elif kind == "swap" and isinstance(value, list) and len(value) > 1:
        rng.shuffle(value)
    else:
        parent[last] = weird_value(rng, value)


def mutate_text(rng: random.Random, text: str) -> bytes:
    """A change to the file's text or bytes: most are no longer TOML, or not UTF-8."""
    data = text.encode("utf-8")
    lines = text.splitlines(keepends=True)
    kind = rng.choice(["truncate", "junk", "flip", "drop_line", "double_line", "insert_line",
                       "empty", "binary", "bom"])
    if kind == "truncate":
        return data[:rng.randrange(len(data))]
    if kind == "junk":
        at = rng.randrange(len(data))
        return data[:at] + rng.randbytes(rng.randint(1, 8)) + data[at:]
    if kind == "flip":
        at = rng.randrange(len(data))
        return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
    if kind in ("drop_line", "double_line"):
        at = rng.randrange(len(lines))
        lines[at:at + 1] = [] if kind == "drop_line" else [lines[at]] * 2
        return "".join(lines).encode("utf-8")
    if kind == "insert_line":
        at = rng.randrange(len(lines) + 1)
        lines.insert(at, rng.choice(["[game]\n", "[[dice.faces]]\n", "= 1\n", "x = \n",
                                     "x = 'a\n", "a.b.c = 1\n", "[addon.commands]\n"]))
        return "".join(lines).encode("utf-8")
    if kind == "empty":
        return b""
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    return rng.randbytes(rng.randint(1, 200))


def ruleset_file(rng: random.Random, folder: Path, number: int) -> Path:
    """A random ruleset file (sometimes a directory or a missing file) in `folder`."""
    ruleset_id = rng.choice(SHIPPED)
    path = folder / f"case{number}.toml"
    roll = rng.random()
    if roll < 0.02:
        path.mkdir()
    elif roll < 0.04:
        pass  # missing
    elif roll < 0.25:
        path.write_bytes(mutate_text(rng, shipped_text(ruleset_id)))
    else:
        data = load_ruleset_data(ruleset_id)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            if not data:
                break
            mutate_data(rng, data)
        path.write_text(toml_text(data), encoding="utf-8", errors="surrogatepass")
    return path


def load_ruleset_data(ruleset_id: str) -> dict[str, Any]:
    return tomllib.loads(shipped_text(ruleset_id))


# -- running the CLI -------------------------------------------------------------------------


def run_cli(argv: list[str]):
    return CliRunner().invoke(main, argv)


def check_cli(argv: list[str]) -> tuple[bool, str | None]:
    """(whether the CLI accepted `argv`, what is wrong with how it took it or None)."""
    result = run_cli(argv)
    code = result.exit_code
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return False, f"{argv!r}: {type(result.exception).__name__}: {result.exception}"
    if code == 0:
        return True, None
    if code not in (1, 2):
        return False, f"{argv!r}: exit code {code}"
    if len(result.stderr.splitlines()) != 1 or not result.stderr.endswith("\n"):
        return False, f"{argv!r}: stderr is not one line: {result.stderr!r}"
    return False, None


def check_built_addon(folder: Path, long_command: str) -> str | None:
    """Log in with the addon built in `folder`, ask for help and the hands: any Lua error."""
    realm = Realm(seed=1, wtf=folder.parent / "WTF")
    client = realm.login("Fuzz", addons=[folder])
    for line in (f"/{long_command} help", f"/{long_command} hand", f"/{long_command} bones"):
        client.type(line)
    realm.run_until_quiet()
    errors = realm.errors()
    return f"{folder}: Lua errors: {errors[:3]}" if errors else None


def ruleset_case(rng: random.Random, folder: Path, number: int) -> tuple[bool, str | None]:
    """One ruleset file through `build`, `rules` or `odds`: (accepted, problem)."""
    path = ruleset_file(rng, folder, number)
    command = rng.choice(["build", "build", "rules", "odds"])
    argv = [command, str(path)]
    if command == "build":
        argv += ["--out", str(folder / f"out{number}")]
    if command == "odds" and rng.random() < 0.5:
        argv.append("--json")
    if command == "odds" and not _quick_odds(path):
        argv[0] = "rules"
    accepted, problem = check_cli(argv)
    if accepted and command == "build":
        ruleset = load_ruleset(path)
        # WoW finds an addon by its folder's name.
        built = (folder / f"out{number}").rename(folder / ruleset.addon.name)
        problem = check_built_addon(built, ruleset.addon.long_command)
    return accepted, problem


def _quick_odds(path: Path) -> bool:
    """Whether `odds` on this file is quick enough for a fuzz case (or refused at once)."""
    try:
        ruleset = load_ruleset(path)
    except RulesetError:
        return True
    return isinstance(ruleset, VitajiRules) or ruleset.dice.count ** ruleset.deal.dealt <= 10**8


# -- command lines ------------------------------------------------------------------------

ARG_WORDS = [
    "build", "rules", "odds", "demo", "replay", "--help", "-h", "--version", "--json", "--check",
    "verify", "--ruleset",
    "--out", "--seed", "--jsn", "-x", "--", "-", "", " ", "tauren-holdem", "vitaji",
    "no-such-ruleset", "x.toml", "/", ".", "..", "/dev/null", "/dev/zero",
    "/nonexistent/dir/x.toml",
    "-1", "0", "1e9", "nan", "inf", "0x10", "99999999999999999999999999", "-99999999999",
    "1.5", "%s", "é漢🎲", "a\nb", "\t", "|", "--out=", "--seed=", "--seed=x", "x" * 500,
]
COMMAND_WORDS = ["build", "rules", "odds", "demo", "replay", "verify"]


def random_argv(rng: random.Random) -> list[str]:
    """A random command line: usually a real command, then random words."""
    argv = [rng.choice(COMMAND_WORDS)] if rng.random() < 0.8 else []
    argv += [rng.choice(ARG_WORDS) for _ in range(rng.randint(0, 4))]
    return argv


def argv_case(rng: random.Random, folder: Path, number: int) -> tuple[bool, str | None]:
    argv = random_argv(rng)
    # Nothing the fuzz runs may write into the checkout.
    if argv[:1] == ["build"]:
        argv = [*argv, "--out", str(folder / f"out{number}")]
    with contextlib.chdir(folder):  # `build` without --out writes under ./addon
        return check_cli(argv)


CASES: dict[str, Callable[[random.Random, Path, int], tuple[bool, str | None]]] = {
    "ruleset": ruleset_case,
    "argv": argv_case,
}


# -- slash commands in the addon ----------------------------------------------------------

TABLE_ACTIONS = ["open", "join", "leave", "start", "status", "check", "call", "fold", "allin",
                 "raise", "ascii"]
INFO = {"help", "hand", "bones", "status"}  # what prints several lines and changes nothing
SLASH_ARGS = [
    "", "0", "-1", "1", "2", "3", "4", "1.5", "0.5", "-0", "1e3", "1e309", "nan", "inf", "-inf",
    "0x10", "0x", "9" * 30, str(2**53), str(2**31), "+5", "5,5", "%s", "%d", "%", "%%", "%1",
    "[", "(", ".*", "|", "||", "|cffff0000red|r", "|n", "|Hplayer:Skoll|h[Skoll]|h", "|T:0|t",
    "\\n", "é漢🎲", "\u202e", "\u200b", "x" * 300, "on", "off", "ON", "guided", "manual", "min",
    "timeout", "blinds", "noblinds", "Skoll", "Riggs", "gray", "Fuzz", "Skoll-Thunderhorn",
    "Nobody-Nowhere", "-", "target", "player", "party1", "nil", "true",
]


def random_slash(rng: random.Random, ruleset: Ruleset = TAUREN) -> tuple[str, str]:
    """(a line typed into the chat box, the action it names), in the ruleset's commands."""
    short = ruleset.addon.commands  # action -> short command, without the '/'
    actions = [*TABLE_ACTIONS, *short]
    action = rng.choice([*actions, *actions, rng.choice(SLASH_ARGS)])
    count = rng.choice([0, 1, 1, 1, 2, 2, 3, rng.randint(4, 40)])
    args = " ".join(rng.choice(SLASH_ARGS) for _ in range(count))
    typed = action.upper() if rng.random() < 0.1 else action
    if action in short and rng.random() < 0.6:
        line = f"/{short[action]} {args}"
    else:
        line = f"/{ruleset.addon.long_command} {typed} {args}"
    # WoW's chat box holds 255 bytes.
    # An empty action is help.
    return line.encode("utf-8")[:255].decode("utf-8", "ignore"), action.lower() or "help"


def record_traffic(realm: Realm) -> list[tuple]:
    """Every addon message, chat line and roll any client sends from now on, as a list."""
    sent: list[tuple] = []
    for method in ("send_addon", "send_chat", "roll"):
        original = getattr(realm, method)

        def wrapper(client, *args, _original=original, _method=method, **kwargs):
            sent.append((_method, client.name, *args))
            return _original(client, *args, **kwargs)

        setattr(realm, method, wrapper)
    return sent


# An escape code of WoW's chat frame: a colour (|cAARRGGBB ... |r), a line break (|n), a link
# (|H...|h), a texture or atlas (|T, |A), grammar (|1, |4); an even run of '|' before it makes
# it plain text ("||" shows one '|').
ESCAPE = re.compile(r"(?<!\|)(?:\|\|)*\|[cCrRnHhTtAaKk1-4]")


def shows_as_typed(line: str) -> bool:
    """Whether WoW's chat frame shows the line as written: no colour, link, texture or line
    break in it (what a player typed is echoed with its '|' escaped)."""
    return ESCAPE.search(line) is None


@dataclass
class SlashRun:
    commands: int = 0
    accepted: int = 0  # something went out: a message, a chat line or a roll
    rejected: int = 0  # nothing went out, and the typer read why in one line
    problems: list[str] = field(default_factory=list)


def slash_fuzz(addon: Path, wtf: Path, seed: int, commands: int,
               ruleset: Ruleset = TAUREN) -> SlashRun:
    """Random commands typed at a dealt table, guided or manual (Skoll hosts and deals, Riggs
    bet 2), by its players and by a watcher in the party. No Lua error, ever. A command that
    sends nothing (no addon message, chat line or roll) must leave every client's status as it
    was and print to its typer only: one line, or several for help and the like. A command that
    sends something must leave every client agreeing. Stops at the first problem."""
    rng = random.Random(seed)
    realm = Realm(seed=seed, wtf=wtf)
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"],
                        mode=rng.choice(["guided", "guided", "manual"]), ruleset=ruleset)
    play(realm, seated[0], f"{slash(ruleset, 'long')} start")
    for client in seated:  # dice as they fall: no roll is scripted, so none is left over
        play(realm, client, slash(ruleset, "deal"))
    play(realm, seated[1], f"{slash(ruleset, 'bet')} 2")
    watcher = realm.login("Fuzz", addons=[addon])
    realm.invite(seated[0], watcher)
    realm.run_until_quiet()
    clients = [*seated, watcher]
    sent = record_traffic(realm)
    run = SlashRun()
    while run.commands < commands and not run.problems:
        typer = rng.choice(clients)
        line, action = random_slash(rng, ruleset)
        before = [status(realm, client, ruleset) for client in clients]
        lengths = [len(client.chat) for client in clients]
        sent.clear()
        typer.type(line)
        realm.run_until_quiet()
        run.commands += 1
        printed = {client.name: client.chat.lines[n:]
                   for client, n in zip(clients, lengths, strict=True)}
        if sent:
            run.accepted += 1
        else:
            run.rejected += action not in INFO
        problem = _slash_problem(realm, clients, typer, action, before, printed, bool(sent),
                                 ruleset)
        if problem:
            run.problems.append(f"seed {seed}, command {run.commands}: {typer.name} typed "
                                f"{line!r}: {problem}")
    return run


def table_command_fuzz(realm: Realm, seated: list[Client], watcher: Client, ruleset: Ruleset,
                       rng: random.Random, *, actions: list[str], args: list[str],
                       arg_counts: list[int], info: set[str], commands: int = 120) -> None:
    """Random commands typed at a table by its seats and a watcher (the seats twice as often):
    each action a short command 60% of the time where it has one, else the long form, with
    `arg_counts`-many of `args`. No Lua error, every line shown as written; what sends
    something leaves every copy alike, what sends nothing changes nothing and prints its typer
    one line (several for the actions in `info`). Both kinds must come up."""
    clients = [*seated, watcher]
    short, long = ruleset.addon.commands, ruleset.addon.long_command
    sent = record_traffic(realm)
    went = quiet = 0
    for number in range(commands):
        typer = rng.choice([*clients, *seated])
        action = rng.choice(actions)
        typed = " ".join(rng.choice(args) for _ in range(rng.choice(arg_counts)))
        line = (f"/{short[action]} {typed}" if action in short and rng.random() < 0.6
                else f"/{long} {action} {typed}")
        before = [status(realm, client, ruleset) for client in clients]
        marks = [len(client.chat.lines) for client in clients]
        sent.clear()
        typer.type(line)
        realm.run_until_quiet()
        where = f"command {number}: {typer.name} typed {line!r}"
        assert realm.errors() == [], where
        printed = {c.name: c.chat.lines[n:] for c, n in zip(clients, marks, strict=True)}
        assert all(shows_as_typed(text) for lines in printed.values() for text in lines), where
        after = [status(realm, client, ruleset) for client in clients]
        if sent:
            went += 1
            assert len(set(after)) == 1, (where, after)
            continue
        quiet += 1
        assert {name: lines for name, lines in printed.items()
                if lines and name != typer.name} == {}, where
        if action not in info:
            assert len(printed[typer.name]) == 1, (where, printed[typer.name])
        assert after == before, where
    assert went >= 1 and quiet > 50  # (both kinds were tried)


def _slash_problem(realm: Realm, clients: list[Client], typer: Client, action: str,
                   before: list[str], printed: dict[str, list[str]],
                   went_out: bool, ruleset: Ruleset) -> str | None:
    if realm.errors():
        return f"Lua errors: {realm.errors()[:2]}"
    unclear = [line for lines in printed.values() for line in lines if not shows_as_typed(line)]
    if unclear:
        return f"a line WoW would not show as written: {unclear[0]!r}"
    after = [status(realm, client, ruleset) for client in clients]
    if went_out:
        return None if len(set(after)) == 1 else f"clients disagree: {sorted(set(after))}"
    others = {name: lines for name, lines in printed.items() if lines and name != typer.name}
    if others:
        return f"sent nothing, yet others read {others}"
    mine = printed[typer.name]
    if not mine or (action not in INFO and len(mine) != 1):
        return f"sent nothing and printed {mine!r} (one line expected)"
    return None if after == before else f"sent nothing, yet a status changed: {before} -> {after}"
