"""Loading generated addon files into a bare Lua 5.1 runtime, for differential tests."""

from __future__ import annotations

from typing import Any

from lupa import lua51

from pyhost.codegen import build
from pyhost.rules import Ruleset


def render(ruleset: Ruleset, *files: str) -> dict[str, bytes]:
    """These files of the ruleset's addon, as `pyhost build` writes them."""
    built = build(ruleset)
    return {name: built[name] for name in files}


def load(ruleset: Ruleset, *files: str) -> tuple[Any, Any]:
    """A bare runtime with these generated files run in order; (runtime, ns)."""
    lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True)
    ns = lua.table()
    loadstring = lua.globals()[b"loadstring"]
    for name, code in render(ruleset, *files).items():
        chunk = loadstring(code, f"@{name}".encode())
        assert not isinstance(chunk, tuple), chunk  # (nil, message): it did not compile
        chunk(ruleset.addon.name.encode(), ns)
    return lua, ns
