"""Lua chunks compiled once per Python process, loaded as bytecode into each client.

Every login starts a fresh Lua runtime that runs the same text: the realm's own Lua
(lua/*.lua) and, client after client, the same addon files. Parsing that text is about half
of a login's cost, so each chunk is compiled once, in a runtime of its own that runs
nothing, and kept as `string.dump` bytecode; a client's runtime loads the bytecode in about
a quarter of the time. Lua 5.1's bytecode keeps the debug information, so chunk names and
line numbers in errors and tracebacks are the source's.

Only bytecode made here, from source text, is ever loaded, and only by the realm: addon code
cannot load bytecode (wow.lua's `loadstring` refuses it and removes `string.dump`). For a chunk
that does not compile the caller loads its text, and Lua reports the error exactly as it
always did.

The realm's own Lua (lua/*.lua, ui/*.lua: the WoW API, the widgets, Blizzard's pieces) is
also stripped of its debug information, as `luac -s` leaves it: in the game that API is the
client's C code and takes none of the Lua heap, while here its line numbers and its locals'
and upvalues' names would take a share of every client's heap. An error inside it is still
named by file ("[pyhost wow.lua]"), without its line. Addon code is never stripped.
"""

from __future__ import annotations

import struct
import threading
from functools import lru_cache
from typing import Any

from lupa import lua51

HEADER = b"\x1bLua\x51\x00\x01\x04\x08\x04\x08\x00"  # 5.1, little-endian, 64-bit size_t


class _Reader:
    def __init__(self, data: bytes, at: int) -> None:
        self.data, self.at = data, at

    def take(self, count: int) -> bytes:
        part = self.data[self.at:self.at + count]
        self.at += count
        return part

    def int(self) -> int:
        return struct.unpack("<i", self.take(4))[0]

    def string(self) -> bytes:
        size = struct.unpack("<Q", self.data[self.at:self.at + 8])[0]
        return self.take(8 + size)  # the size and the bytes, as dumped


def _function(src: _Reader, out: list[bytes]) -> None:
    out.append(src.string())  # source
    out.append(src.take(4 + 4 + 4))  # linedefined, lastlinedefined, 4 one-byte fields
    code = src.int()
    out.append(struct.pack("<i", code) + src.take(4 * code))
    constants = src.int()
    out.append(struct.pack("<i", constants))
    for _ in range(constants):
        kind = src.take(1)
        out.append(kind)
        if kind == b"\x01":
            out.append(src.take(1))
        elif kind == b"\x03":
            out.append(src.take(8))
        elif kind == b"\x04":
            out.append(src.string())
    protos = src.int()
    out.append(struct.pack("<i", protos))
    for _ in range(protos):
        _function(src, out)
    src.take(4 * src.int())  # line numbers
    for _ in range(src.int()):  # local names and their ranges
        src.string()
        src.take(8)
    for _ in range(src.int()):  # upvalue names
        src.string()
    out.append(struct.pack("<iii", 0, 0, 0))


def strip(dumped: bytes) -> bytes:
    """A Lua 5.1 binary chunk (string.dump) without its debug information."""
    if not dumped.startswith(HEADER):
        raise ValueError("not a Lua 5.1 chunk dumped on a 64-bit little-endian machine")
    out = [HEADER]
    _function(_Reader(dumped, len(HEADER)), out)
    return b"".join(out)


_lock = threading.Lock()
_dump: Any = None


def _dumper() -> Any:
    global _dump
    if _dump is None:
        runtime = lua51.LuaRuntime(encoding=None, register_eval=False, register_builtins=False)
        _dump = runtime.eval(b"function(code, name) local chunk = loadstring(code, name) "
                             b"return chunk and string.dump(chunk) end")
    return _dump


@lru_cache(maxsize=1024)
def compiled(code: bytes, chunkname: bytes) -> bytes | None:
    """The bytecode of `code` under `chunkname`, or None when it does not compile."""
    with _lock:
        dumped = _dumper()(code, chunkname)
    return dumped if isinstance(dumped, bytes) else None


@lru_cache(maxsize=256)
def stripped(code: bytes, chunkname: bytes) -> bytes | None:
    """The bytecode of the realm's own `code`, without its debug information."""
    dumped = compiled(code, chunkname)
    return None if dumped is None else strip(dumped)


def load(loadstring: Any, code: bytes, chunkname: bytes, *, lean: bool = False) -> Any:
    """What `loadstring(code, chunkname)` returns, from the cached bytecode when there is
    some (`lean`: stripped, for the realm's own Lua). `loadstring` must be a runtime's own,
    unwrapped one (it is given bytecode)."""
    dumped = (stripped if lean else compiled)(code, chunkname)
    return loadstring(code if dumped is None else dumped, chunkname)
