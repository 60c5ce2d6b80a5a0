"""pytest plugin: a `realm` fixture for testing WoW addons in pyhost's simulated realm.

Registered through the `pytest11` entry point, so any project with pyhost installed has it:

    def test_hello(realm, tmp_path):
        skoll = realm.login("Skoll", addons=[tmp_path / "MyAddon"])
        skoll.type("/hello")
        realm.run_until_quiet()
        assert "Hello" in skoll.chat

- `realm`: a fresh `pyhost.harness.Realm` per test, its WTF folder in `tmp_path`, its seed
  from `--pyhost-seed` or the `pyhost_seed` ini option (default 0), its `horizon` the
  default (`realm.run_until_quiet()` fires timers of up to 5 seconds; set `realm.horizon =
  None`, or call `run_until_quiet(horizon=None)`, to fire every timer). A Lua error that a
  client recorded and the test did not clear (`client.errors.clear()`) fails the test at
  teardown, unless it is marked `@pytest.mark.pyhost_allow_errors`.
- the report header names the seed;
- a failed `assert "x" in client.chat` shows the chat frame's lines, numbered, and a failed
  `==` between a chat frame and a list shows both.

The plugin is thin on purpose: the realm is `pyhost.harness`, imported only when a test asks
for it, so projects that never use it pay nothing for the plugin being installed.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pyhost.harness import ChatFrame, Realm

ALLOW_ERRORS = "pyhost_allow_errors"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("pyhost", "pyhost simulated WoW realm")
    group.addoption("--pyhost-seed", dest="pyhost_seed", type=int, default=None,
                    metavar="SEED",
                    help="seed of the realm the `realm` fixture makes (default: the "
                         "pyhost_seed ini option, else 0)")
    parser.addini("pyhost_seed", "seed of the realm the `realm` fixture makes (default 0)",
                  default="0")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{ALLOW_ERRORS}: Lua errors recorded by the realm's clients do not fail the test")


def realm_seed(config: pytest.Config) -> int:
    """The seed from --pyhost-seed, else the pyhost_seed ini option, else 0."""
    seed = config.getoption("pyhost_seed", default=None)
    if seed is not None:
        return int(seed)
    value = config.getini("pyhost_seed")
    try:
        return int(str(value).strip() or "0")
    except ValueError:
        raise pytest.UsageError(f"pyhost_seed must be an integer, not {value!r}") from None


def pytest_report_header(config: pytest.Config) -> str:
    return f"pyhost: realm seed {realm_seed(config)}"


@pytest.fixture
def realm(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Realm]:
    """A fresh simulated realm; unhandled Lua errors fail the test at teardown."""
    from pyhost.harness import Realm

    world = Realm(seed=realm_seed(request.config), wtf=tmp_path / "WTF")
    yield world
    if request.node.get_closest_marker(ALLOW_ERRORS) is not None:
        return
    report = _lua_errors(world)
    if report:
        pytest.fail(report, pytrace=False)


def _lua_errors(world: Realm) -> str:
    failing = [client for client in world.clients.values() if client.errors]
    if not failing:
        return ""
    count = sum(len(client.errors) for client in failing)
    lines = [f"{count} Lua error{'s' if count != 1 else ''} not cleared by the test "
             f"(clear them with client.errors.clear(), or mark the test "
             f"@pytest.mark.{ALLOW_ERRORS}):"]
    for client in failing:
        lines.append(f"{client.full_name}:")
        for error in client.errors:
            lines.extend(f"    {line}" for line in error.traceback.splitlines())
    return "\n".join(lines)


# -- assertion messages -------------------------------------------------------------------------


def pytest_assertrepr_compare(config: pytest.Config, op: str, left: Any,
                              right: Any) -> list[str] | None:
    # A chat frame exists only once the harness is imported: until then this costs nothing.
    client_module = sys.modules.get("pyhost.harness.client")
    if client_module is None:
        return None
    chat_frame = client_module.ChatFrame
    if op in ("in", "not in") and isinstance(right, chat_frame):
        return _explain_in(op, left, right)
    if op == "==":
        if isinstance(left, chat_frame) and _is_lines(right):
            return _explain_equal(left, list(right), frame_left=True)
        if isinstance(right, chat_frame) and _is_lines(left):
            return _explain_equal(right, list(left), frame_left=False)
    return None


def _is_lines(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _numbered(lines: Sequence[object], marked: AbstractSet[int] = frozenset()) -> list[str]:
    width = len(str(len(lines)))
    return [f"{'>' if index in marked else ' '} {index:>{width}}: {line}"
            for index, line in enumerate(lines, 1)]


def _frame_lines(frame: ChatFrame, marked: AbstractSet[int] = frozenset()) -> list[str]:
    if not frame.lines:
        return ["the chat frame is empty"]
    count = len(frame.lines)
    return [f"the chat frame has {count} line{'s' if count != 1 else ''}"
            f"{' (> marks a match)' if marked else ''}:", *_numbered(frame.lines, marked)]


def _explain_in(op: str, wanted: Any, frame: ChatFrame) -> list[str]:
    if op == "in":
        return [f"{wanted!r} in chat frame: in none of its lines", *_frame_lines(frame)]
    marked = {index for index, line in enumerate(frame.lines, 1) if str(wanted) in line}
    return [f"{wanted!r} not in chat frame: in {len(marked)} of its lines",
            *_frame_lines(frame, marked)]


def _explain_equal(frame: ChatFrame, expected: list[Any], *, frame_left: bool) -> list[str]:
    shown = [str(line) for line in expected]
    out = ["chat frame == list" if frame_left else "list == chat frame", *_frame_lines(frame)]
    count = len(expected)
    if expected:
        out += [f"the list has {count} line{'s' if count != 1 else ''}:", *_numbered(shown)]
    else:
        out.append("the list is empty")
    out.append("diff (- chat frame, + list):")
    out += [line.rstrip("\n") for line in difflib.ndiff(frame.lines, shown)]
    return out
