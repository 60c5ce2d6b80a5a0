"""WoW's `bit` library (BitLib): 32-bit operations on Lua numbers.

Arguments are taken modulo 2^32 (a float is truncated toward zero first, a
negative number is read as two's complement). What comes back is unsigned
by default (0 to 4294967295), which is what WoW's BitLib has returned since
4.0; the realm setting `bit_signed` returns -2^31 to 2^31-1 instead, for
addons written against the other convention.

A client's `bit` is bitlib.c where a C compiler is found: these functions in C, as the game's
own are, built once into a cache folder and linked against lupa's Lua 5.1, so a call costs
about what a Lua function call does. Crossing from Lua into Python costs some 25 times that,
which made the addon's SHA-256 mostly crossings (pure-Lua versions with lookup tables are
little faster, and the 8-bit one takes a megabyte of Lua heap in every client: the `bit:`
lines of tools/bench_realm.py compare them all). bit_table() gives a runtime the C table, or
the Python functions here when it cannot be built or the environment sets PYHOST_BIT=python;
tests/test_bitlib.py holds the two to the same results. Neither holds memory per client.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

MASK = 0xFFFFFFFF


def _u32(value: float) -> int:
    return int(value) & MASK


def _signed(value: int) -> int:
    return value - 0x100000000 if value & 0x80000000 else value


def _unsigned_library() -> dict[str, Callable[..., int]]:
    # Each function masks once at the end: & | ^ on Python's unbounded two's complement
    # integers commute with taking the low 32 bits, so the arguments need no masking first.
    # (A call from Lua is mostly lupa's crossing; what is left here is kept to one line.)
    def band(a: float, b: float = MASK, *rest: float) -> int:
        result = int(a) & int(b)
        for value in rest:
            result &= int(value)
        return result & MASK

    def bor(a: float, b: float = 0, *rest: float) -> int:
        result = int(a) | int(b)
        for value in rest:
            result |= int(value)
        return result & MASK

    def bxor(a: float, b: float = 0, *rest: float) -> int:
        result = int(a) ^ int(b)
        for value in rest:
            result ^= int(value)
        return result & MASK

    def bnot(a: float) -> int:
        return ~int(a) & MASK

    def lshift(a: float, n: float) -> int:
        return (int(a) << (int(n) & 31)) & MASK

    def rshift(a: float, n: float) -> int:
        return _u32(a) >> (int(n) & 31)

    def arshift(a: float, n: float) -> int:
        return (_signed(_u32(a)) >> (int(n) & 31)) & MASK

    def mod(a: float, b: float) -> int:
        # C's % on the 32-bit values: the remainder takes the dividend's sign.
        x, y = _signed(_u32(a)), _signed(_u32(b))
        if y == 0:
            raise ZeroDivisionError("bit.mod: division by zero")
        remainder = abs(x) % abs(y)
        return (-remainder if x < 0 else remainder) & MASK

    return {"band": band, "bor": bor, "bxor": bxor, "bnot": bnot, "lshift": lshift,
            "rshift": rshift, "arshift": arshift, "mod": mod}


def library(signed: bool = False) -> dict[str, Callable[..., int]]:
    """The bit table's functions, by name."""
    unsigned = _unsigned_library()
    if not signed:
        return unsigned

    def signed_version(function: Callable[..., int]) -> Callable[..., int]:
        def call(*args: float) -> int:
            return _signed(function(*args))
        call.__name__ = function.__name__
        return call

    return {name: signed_version(function) for name, function in unsigned.items()}


def reference_library(signed: bool = False) -> dict[str, Callable[..., int]]:
    """The first version of the library (every argument masked by a helper, the result passed
    through a conversion): kept as tools/bench_realm.py's baseline for `bit` from Lua."""
    out = _signed if signed else int

    def band(a: float, b: float = MASK, *rest: float) -> int:
        result = _u32(a) & _u32(b)
        for value in rest:
            result &= _u32(value)
        return out(result)

    def bxor(a: float, b: float = 0, *rest: float) -> int:
        result = _u32(a) ^ _u32(b)
        for value in rest:
            result ^= _u32(value)
        return out(result)

    def bor(a: float, b: float = 0, *rest: float) -> int:
        result = _u32(a) | _u32(b)
        for value in rest:
            result |= _u32(value)
        return out(result)

    def lshift(a: float, n: float) -> int:
        return out((_u32(a) << (int(n) & 31)) & MASK)

    return {"band": band, "bor": bor, "bxor": bxor, "lshift": lshift}


SOURCE = Path(__file__).with_name("bitlib.c")
_native: dict[str, Path | None] = {}  # lupa module path -> the built library (None: failed)
native_error: str | None = None  # why the last build failed, for the benchmarks to say


def _cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pyhost"


def native_library(lua_module: str) -> Path | None:
    """bitlib.c built for the lupa Lua module at lua_module (the extension's file), once per
    process and cached on disk by the source's and the module's identity; None without a
    working C compiler (native_error says why) or on a platform other than Linux."""
    global native_error
    if lua_module in _native:
        return _native[lua_module]
    path = None
    try:
        if not sys.platform.startswith("linux"):
            raise OSError(f"no native bit library on {sys.platform}")
        stat = os.stat(lua_module)
        key = hashlib.sha256(SOURCE.read_bytes() + f"{lua_module}|{stat.st_size}|"
                             f"{stat.st_mtime_ns}".encode()).hexdigest()[:16]
        folder = _cache_folder()
        path = folder / f"bitlib-{key}.so"
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            partial = folder / f"bitlib-{key}.{os.getpid()}.tmp"
            compiler = os.environ.get("CC", "cc")
            subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(partial), str(SOURCE),
                            lua_module, "-lm"], check=True, capture_output=True, timeout=120)
            os.replace(partial, path)  # whole or not at all, if two processes build at once
    except (OSError, subprocess.SubprocessError) as error:
        native_error, path = f"{type(error).__name__}: {error}", None
    _native[lua_module] = path
    return path


def bit_table(lua: Any, signed: bool = False) -> Any:
    """The `bit` table for lupa Lua 5.1 runtime `lua` (made with encoding=None, before its
    sandbox removes `package`): bitlib.c's C functions where they build and load, else the
    Python ones. PYHOST_BIT=python asks for the Python ones."""
    if os.environ.get("PYHOST_BIT") != "python":
        opener = native_opener(lua, b"luaopen_pyhost_bit")
        if opener is not None:
            return opener(signed)
    return lua.table_from({name.encode(): function for name, function in library(signed).items()})


def native_opener(lua: Any, name: bytes) -> Any:
    """bitlib.c's function `name` (luaopen_...) loaded into lupa Lua 5.1 runtime `lua` (before
    its sandbox removes `package`), or None where the library does not build or load."""
    global native_error
    # (Lua 5.1's C API only: bitlib.c's pseudo-indexes for upvalues are 5.1's.)
    if type(lua).__module__ != "lupa.lua51":
        return None
    module = sys.modules["lupa.lua51"].__file__
    path = native_library(module) if module else None
    package = lua.globals()[b"package"]
    if path is None or package is None:
        return None
    opener = package[b"loadlib"](str(path).encode(), name)
    if isinstance(opener, tuple):
        native_error = f"loadlib: {opener[1]!r}"  # (nil, message, where)
        return None
    return opener
