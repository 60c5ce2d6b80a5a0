"""SavedVariables files: what WoW writes for an addon's declared globals, and reading them back.

`dump_saved` walks the Lua values from Python (`lua_type` and `table.items()`) rather than
running a serializer written in Lua: number formatting must round-trip exactly and Lua 5.1
has nothing shorter than `%.17g` (0.1 would come out as 0.10000000000000001), Python objects
stored in tables are only recognisable from the Python side, and the walk is fast enough:
about 2 microseconds per entry, so ~10 ms for a few thousand entries.

`load_saved` runs the file the way the client does at login, but sandboxed: an environment
holding nothing but `math.huge`, no string methods, and an instruction budget.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from lupa.lua51 import LuaRuntime, lua_type

# Enough for files far larger than any addon writes; a runaway loop spends it in < 0.1 s.
INSTRUCTION_LIMIT = 10_000_000

_MAX_EXACT_INT = 2**53
_LUA_KEYWORDS = frozenset(
    "and break do else elseif end false for function if in local nil not or repeat return "
    "then true until while".split()
)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Every byte outside printable ASCII is escaped, so files survive any editor or transport;
# \ddd is always three digits so a following digit cannot be read as part of it.
_ESCAPES = {b: b"\\%03d" % b for b in range(256)}
_ESCAPES.update({ord("\\"): b"\\\\", ord('"'): b'\\"', ord("\n"): b"\\n", ord("\r"): b"\\r"})
_NEEDS_ESCAPE = re.compile(rb'[\x00-\x1f"\\\x7f-\xff]')


def _check_names(names: Sequence[str]) -> None:
    for name in names:
        if not _IDENTIFIER.fullmatch(name) or name in _LUA_KEYWORDS:
            raise ValueError(f"{name!r} is not a Lua global name")


def _string(value: bytes) -> bytes:
    return b'"' + _NEEDS_ESCAPE.sub(lambda m: _ESCAPES[m[0][0]], value) + b'"'


def _number(value: int | float) -> bytes:
    # lupa hands back integral doubles as Python ints, however large.
    if isinstance(value, int) and abs(value) <= _MAX_EXACT_INT:
        return b"%d" % value
    value = float(value)
    if math.isnan(value):
        return b"0/0"
    if math.isinf(value):
        return b"math.huge" if value > 0 else b"-math.huge"
    if value.is_integer() and abs(value) <= _MAX_EXACT_INT:
        return b"%d" % value
    return repr(value).encode()


def _scalar(value: object) -> bytes | None:
    """The literal for a boolean, number or string; None for anything else."""
    if isinstance(value, bool):  # before int: bool is an int subclass
        return b"true" if value else b"false"
    if isinstance(value, int | float):
        return _number(value)
    return _string(value) if isinstance(value, bytes) else None


def _key_order(key: bool | int | float | bytes) -> tuple[int, bool | int | float | bytes]:
    if isinstance(key, bool):
        return 2, key
    return (1, key) if isinstance(key, bytes) else (0, key)


class _Writer:
    """Serializes one runtime's values; `on_path` is a Lua table keyed by the tables being
    written, so identity is Lua's (lupa makes a new Python wrapper on every access)."""

    def __init__(self, runtime: LuaRuntime) -> None:
        self.on_path = runtime.table()
        self.out: list[bytes] = []

    def value(self, value: object, depth: int) -> bool:
        """Append `value`; False (and nothing appended) if it cannot be saved."""
        text = _scalar(value)
        if text is not None:
            self.out.append(text)
        elif lua_type(value) == "table" and not self.on_path[value]:
            self.table(value, depth)
        else:  # functions, userdata, threads, Python objects, and cycles
            return False
        return True

    def table(self, table: object, depth: int) -> None:
        self.on_path[table] = True
        keyed = ((_scalar(k), k, v) for k, v in table.items())
        entries = sorted((e for e in keyed if e[0] is not None), key=lambda e: _key_order(e[1]))
        indent = b"\t" * (depth + 1)
        self.out.append(b"{\n")
        for key_text, _, val in entries:
            mark = len(self.out)
            self.out += [indent, b"[", key_text, b"] = "]
            if self.value(val, depth + 1):
                self.out.append(b",\n")
            else:
                del self.out[mark:]
        self.out += [indent[:-1], b"}"]
        self.on_path[table] = None


def dump_saved(runtime: LuaRuntime, names: Sequence[str]) -> bytes:
    """The text of a SavedVariables file for the declared global `names` of this runtime.

    One `Name = <value>` statement per name in the order given; a global that is nil (or
    holds nothing savable, such as a function) is written as `Name = nil`. Tables are written
    like WoW's files, one `[key] = value,` per line indented by tabs, keys sorted: numbers
    ascending, then strings bytewise, then booleans. Entries whose key or value cannot be
    saved are left out, as is a table met again inside itself.
    """
    _check_names(names)
    env = runtime.globals()
    writer = _Writer(runtime)
    for name in names:
        writer.out += [name.encode(), b" = "]
        if not writer.value(env[name.encode()], 0):
            writer.out.append(b"nil")
        writer.out.append(b"\n")
    return b"".join(writer.out)


def _message(error: object) -> str:
    if isinstance(error, bytes):
        return error.decode("utf-8", "replace")
    return "error object is not a string" if error is None else str(error)


def load_saved(runtime: LuaRuntime, text: bytes, names: Sequence[str], *,
               chunkname: str) -> dict[str, object] | str:
    """Run a SavedVariables file in an empty environment inside `runtime` and return
    {name: value} for each declared name it set (tables stay Lua tables), or the error
    message if the file does not compile, raises, or runs past INSTRUCTION_LIMIT."""
    _check_names(names)
    # All fetched before anything is sandboxed; `debug` may be absent (then no guards).
    loadstring, setfenv, pcall, debug = runtime.eval(b"loadstring, setfenv, pcall, debug")
    compiled = loadstring(text, chunkname.encode())
    if isinstance(compiled, tuple):  # (nil, message)
        return _message(compiled[1])
    env = runtime.table_from({b"math": runtime.table_from({b"huge": math.inf})})
    setfenv(compiled, env)
    if debug is None:
        result = pcall(compiled)
    else:
        # Level 2 blames the file's line rather than the hook.
        stop = runtime.eval(b"function() error('ran more than %d instructions', 2) end"
                            % INSTRUCTION_LIMIT)
        # Strings share one metatable whose __index is the runtime's `string` table; hiding
        # it keeps the file from calling string methods such as ("x"):rep(2^30).
        string_meta = debug.getmetatable(b"")
        debug.setmetatable(b"", None)
        debug.sethook(stop, b"", INSTRUCTION_LIMIT)
        try:
            result = pcall(compiled)
        finally:
            debug.sethook()
            debug.setmetatable(b"", string_meta)
    if isinstance(result, tuple) and not result[0]:  # (false, message)
        return _message(result[1])
    found = {name: env[name.encode()] for name in names}
    return {name: value for name, value in found.items() if value is not None}
