"""Loading generated addon files into a bare Lua 5.1 runtime, for differential tests."""

from __future__ import annotations

import os
from typing import Any

import pytest
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


def py(value: Any) -> Any:
    """A value from Lua as Python data: bytes as text, every table as a list."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if lua51.lua_type(value) == "table":
        return [py(value[i]) for i in range(1, len(value) + 1)]
    return value


def to_lua(lua: Any, value: Any) -> Any:
    """Python data as Lua values in `lua`: text as bytes, lists and dicts as tables."""
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (list, tuple)):
        return lua.table_from([to_lua(lua, item) for item in value])
    if isinstance(value, dict):
        return lua.table_from({to_lua(lua, k): to_lua(lua, v) for k, v in value.items()})
    return value


# A Lua helper for the differential tests' snapshots: a map's pairs in a fixed order (by key).
SORTED_PAIRS = b"""local function sorted_pairs(map)
	local keys, out = {}, {}
	for key in pairs(map) do keys[#keys + 1] = key end
	table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
	for i, key in ipairs(keys) do out[i] = { key, map[key] } end
	return out
end
"""


def no_compiler(why: str) -> None:
    """Skip a test of the realm's C `bit` (bitlib.c) where no C compiler builds it; under CI,
    whose machine has one, fail instead, so those tests cannot go unrun there."""
    if os.environ.get("CI"):
        pytest.fail(f"CI has a C compiler, yet bitlib.c did not build: {why}")
    pytest.skip(f"no C compiler for bitlib.c ({why})")
