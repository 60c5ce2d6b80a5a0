"""Lua values as Python values, for `Client.run_lua`'s results.

A string becomes `str` (UTF-8; one that is not valid UTF-8 stays `bytes`); a table whose keys
are exactly 1..n (n >= 1) becomes a list, any other table (the empty one too) a dict, nested
tables alike; numbers, booleans and nil come as lupa gives them (a whole number as `int`,
else `float`; `True`/`False`; `None`). Functions, coroutines and userdata stay live lupa
objects, as does a table used as a key (a dict or list cannot be one). A table reached twice
becomes the same Python object; a table inside itself (a cycle) raises ValueError, since
no list or dict can hold it faithfully: `run_lua(code, raw=True)` returns the live table.

The walk reads tables raw and runs no Lua code: no metamethod, and none of the globals an
addon may have replaced (`next`, `pairs`, `tostring`).
"""

from __future__ import annotations

from typing import Any

from lupa import lua51

CYCLE = ("a table in the result contains itself; run_lua(code, raw=True) returns the live "
         "Lua table")


def to_python(values: list[Any], runtime: Any) -> list[Any]:
    """`values` (as lupa returned them from `runtime`) with their strings and tables converted;
    a table in two of them becomes one Python object."""
    converter = _Converter(runtime)
    return [converter.convert(value) for value in values]


class _Converter:
    def __init__(self, runtime: Any) -> None:
        # Lupa wraps one Lua table in a new Python object each time it is read, so tables
        # are told apart by a Lua table keyed by the tables themselves.
        self.ids = runtime.table()
        self.count = 0
        self.done: dict[int, Any] = {}
        self.open: set[int] = set()

    def convert(self, value: Any) -> Any:
        if isinstance(value, bytes):
            try:
                return value.decode("utf-8")
            except UnicodeDecodeError:
                return value
        if lua51.lua_type(value) != "table":
            return value
        key = self.ids[value]
        if key is None:
            self.count += 1
            key = self.ids[value] = self.count
        if key in self.done:
            return self.done[key]
        if key in self.open:
            raise ValueError(CYCLE)
        self.open.add(key)
        items = [(self.key(k), v) for k, v in value.items()]
        count = len(items)
        if count and all(type(k) is int and 1 <= k <= count for k, _ in items):
            result: Any = [None] * count
            for k, v in items:
                result[k - 1] = self.convert(v)
        else:
            result = {k: self.convert(v) for k, v in items}
        self.open.discard(key)
        self.done[key] = result
        return result

    def key(self, value: Any) -> Any:
        """A key as the dict holds it: a string or number converted, a table or function not."""
        return self.convert(value) if lua51.lua_type(value) is None else value
