"""Every global a Lua 5.1 chunk names, read from its bytecode (GETGLOBAL and SETGLOBAL).

Running a file shows only the globals its executed paths touch; its bytecode holds every
global access in every function, so the ledger test can list them all exactly.
"""

from __future__ import annotations

import struct

GETGLOBAL, SETGLOBAL = 5, 7


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, size: int) -> bytes:
        chunk = self.data[self.at:self.at + size]
        self.at += size
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def int(self) -> int:
        return struct.unpack("<i", self.take(4))[0]

    def size(self) -> int:
        return struct.unpack("<Q", self.take(8))[0]

    def string(self) -> bytes | None:
        length = self.size()
        return self.take(length)[:-1] if length else None


def _function(reader: _Reader, reads: set[str], writes: set[str]) -> None:
    reader.string()  # source
    reader.int(), reader.int()  # lines
    reader.take(4)  # upvalues, parameters, vararg, stack size
    code = [struct.unpack("<I", reader.take(4))[0] for _ in range(reader.int())]
    constants: list[object] = []
    for _ in range(reader.int()):
        kind = reader.byte()
        if kind == 0:
            constants.append(None)
        elif kind == 1:
            constants.append(bool(reader.byte()))
        elif kind == 3:
            constants.append(struct.unpack("<d", reader.take(8))[0])
        elif kind == 4:
            constants.append(reader.string())
        else:
            raise ValueError(f"unknown constant type {kind}")
    for instruction in code:
        opcode, bx = instruction & 0x3F, instruction >> 14
        if opcode in (GETGLOBAL, SETGLOBAL):
            name = constants[bx]
            assert isinstance(name, bytes)
            (reads if opcode == GETGLOBAL else writes).add(name.decode())
    for _ in range(reader.int()):
        _function(reader, reads, writes)
    for _ in range(reader.int()):  # line info
        reader.int()
    for _ in range(reader.int()):  # locals
        reader.string()
        reader.int(), reader.int()
    for _ in range(reader.int()):  # upvalue names
        reader.string()


def globals_of(bytecode: bytes) -> tuple[set[str], set[str]]:
    """(globals read, globals written) by a chunk dumped with Lua 5.1's string.dump."""
    reader = _Reader(bytecode)
    header = reader.take(12)
    if header[:5] != b"\x1bLuaQ" or header[6:12] != b"\x01\x04\x08\x04\x08\x00":
        raise ValueError("not Lua 5.1 bytecode for a 64-bit little-endian build")
    reads: set[str] = set()
    writes: set[str] = set()
    _function(reader, reads, writes)
    return reads, writes
