"""The realm's own Lua, compiled once per process and stripped of its debug information.

Every client runs the realm's Lua (lua/*.lua: the WoW API, the widgets) in its own runtime.
In the game that API is the client's C code and takes none of the Lua heap; here it is Lua,
and its line numbers, local names and upvalue names (Lua 5.1 keeps one line number for each
instruction) would take a share of every client's heap. So each file is compiled once,
dumped, and its debug information dropped (as `luac -s` does); each client loads those
bytes. An error inside the realm's own code is still named by file ("[pyhost wow.lua]"),
without its line. Addon code is never stripped.
"""

from __future__ import annotations

import functools
import struct

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


@functools.cache
def compiled(code: bytes, chunkname: bytes) -> bytes:
    """`code` compiled under `chunkname`, stripped: what a client loads in its place."""
    lua = lua51.LuaRuntime(encoding=None, register_eval=False, register_builtins=False)
    dump = lua.eval(b"function(code, name) return string.dump(assert(loadstring(code, name))) end")
    return strip(dump(code, chunkname))


def load(loadstring: object, code: bytes, chunkname: bytes) -> object:
    """The realm's file `code` as a function of a client's runtime (given its raw
    loadstring, which takes binary chunks): compiled and stripped once per process."""
    return loadstring(compiled(code, chunkname))  # type: ignore[operator]
