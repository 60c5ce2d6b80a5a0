"""WoW's `bit` library (BitLib): 32-bit operations on Lua numbers.

Arguments are taken modulo 2^32 (a float is truncated toward zero first, a
negative number is read as two's complement). What comes back is unsigned
by default (0 to 4294967295), which is what WoW's BitLib has returned since
4.0; the realm setting `bit_signed` returns -2^31 to 2^31-1 instead, for
addons written against the other convention. These are plain Python
functions, so they hold no memory per client. tools/bench_realm.py times the
addon's SHA-256 over each `bit` from Lua: a call is mostly lupa's crossing; a
pure-Lua version with 4-bit tables is slower, one with 8-bit tables somewhat
faster but at a megabyte of Lua heap in every client.
"""

from __future__ import annotations

from collections.abc import Callable

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
