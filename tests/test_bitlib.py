"""The realm's `bit`: bitlib.c's C functions give what bitlib.py's Python ones give, and a
client gets the C ones where they build."""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from lupa import lua51

from lua_addon import no_compiler
from pyhost.harness import Realm, bitlib

NAMES = ("band", "bor", "bxor", "bnot", "lshift", "rshift", "arshift", "mod")

# What WoW addons pass: words, signed words, small counts, fractions, negatives, and numbers
# past 32 (and 53) bits that are taken modulo 2^32.
NUMBERS = st.one_of(
    st.integers(0, 2**32 - 1), st.integers(-(2**31), 2**31 - 1), st.integers(-40, 40),
    st.integers(-(2**60), 2**60).map(float),
    st.floats(-(2.0**40), 2.0**40, allow_nan=False, allow_infinity=False))


def native():
    path = bitlib.native_library(lua51.__file__)
    if path is None:
        no_compiler(str(bitlib.native_error))
    return path


def runtimes(signed: bool):
    """(C, Python): two runtimes with `bit` set to each and a function calling bit[name]."""
    native()
    pair = []
    for forced in (None, "python"):
        lua = lua51.LuaRuntime(encoding=None)
        with pytest.MonkeyPatch.context() as patch:
            if forced:
                patch.setenv("PYHOST_BIT", forced)
            else:
                patch.delenv("PYHOST_BIT", raising=False)
            lua.globals()[b"bit"] = bitlib.bit_table(lua, signed)
        call = lua.eval("function(name, ...) return pcall(bit[name], ...) end")
        pair.append(lambda name, *args, call=call: call(name.encode(), *args))
    return pair


@pytest.fixture(scope="module", params=[False, True], ids=["unsigned", "signed"])
def both(request):
    return request.param, runtimes(request.param)


def test_the_c_functions_are_lua_functions_and_the_python_ones_are_not():
    native()
    kinds = []
    for forced in ("native", "python"):
        lua = lua51.LuaRuntime(encoding=None)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("PYHOST_BIT", forced)
            table = bitlib.bit_table(lua)
        kinds.append({lua.globals()[b"type"](table[name.encode()]) for name in NAMES})
    assert kinds == [{b"function"}, {b"userdata"}]


@given(name=st.sampled_from(NAMES), args=st.lists(NUMBERS, min_size=1, max_size=5))
@example(name="mod", args=[-7, 3]).via("the remainder takes the dividend's sign")
@example(name="mod", args=[-(2**31), -1]).via("the one quotient past 32 bits")
@example(name="arshift", args=[2**31, 31]).via("sign extension")
@example(name="lshift", args=[3, 33]).via("shift counts modulo 32")
@example(name="lshift", args=[1, -1]).via("a negative count")
@example(name="band", args=[2**32 + 5, 7]).via("modulo 2^32")
@example(name="bxor", args=[-1.5, 0]).via("truncated toward zero, then two's complement")
@example(name="bor", args=[2.0**63, 2.0**80 + 2.0**32, -(2.0**70)]).via("far past 32 bits")
def test_c_and_python_agree(both, name, args):
    signed, (c, python) = both
    if name in ("bnot",):
        args = args[:1]
    elif name not in ("band", "bor", "bxor"):
        args = (args * 2)[:2]
    expected = python(name, *args)
    got = c(name, *args)
    if expected[0]:
        assert got == expected, (name, args)
        low, high = (-(2**31), 2**31 - 1) if signed else (0, 2**32 - 1)
        assert low <= got[1] <= high
    else:  # division by zero: both fail, with a message
        assert name == "mod"
        assert got[0] is False and b"division by zero" in got[1]


@pytest.mark.parametrize("signed", [False, True], ids=["unsigned", "signed"])
def test_what_c_refuses(signed):
    c, python = runtimes(signed)
    for args in ((), (None,), (b"x", 1), (float("nan"), 1), (float("inf"),)):
        assert python("band", *args)[0] is False, args
        ok, message = c("band", *args)
        assert ok is False and message, args
    assert c("band", b"12", b"0x0f") == python("band", 12, 15) == (True, 12)  # as Lua reads them


def test_a_client_gets_the_c_functions(tmp_path):
    native()
    client = Realm(wtf=tmp_path / "WTF").login("Skoll")
    assert client.run_lua("return type(bit.band), type(bit.mod)") == ("function", "function")


def test_a_client_gets_the_python_functions_when_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("PYHOST_BIT", "python")
    client = Realm(wtf=tmp_path / "WTF", bit_signed=True).login("Skoll")
    assert client.run_lua("return type(bit.band), bit.bnot(0)") == ("userdata", -1)


def fresh(monkeypatch, tmp_path):
    """bitlib as in a new process with an empty cache folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PYHOST_BIT", raising=False)
    monkeypatch.setattr(bitlib, "_native", {})
    monkeypatch.setattr(bitlib, "native_error", None)


def test_it_builds_into_the_cache_folder_once(tmp_path, monkeypatch):
    if shutil.which(os.environ.get("CC", "cc")) is None:
        no_compiler("no cc on the PATH")
    fresh(monkeypatch, tmp_path)
    path = bitlib.native_library(lua51.__file__)
    assert path is not None and path.parent == tmp_path / "cache" / "pyhost", bitlib.native_error
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no partial file left
    built = path.stat().st_mtime_ns
    monkeypatch.setattr(bitlib, "_native", {})  # another process: it finds the built one
    assert bitlib.native_library(lua51.__file__) == path and path.stat().st_mtime_ns == built
    lua = lua51.LuaRuntime(encoding=None)
    assert lua.globals()[b"type"](bitlib.bit_table(lua)[b"bxor"]) == b"function"


def test_without_a_c_compiler_the_python_functions(tmp_path, monkeypatch):
    fresh(monkeypatch, tmp_path)
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    lua = lua51.LuaRuntime(encoding=None)
    table = bitlib.bit_table(lua, True)
    assert lua.globals()[b"type"](table[b"band"]) == b"userdata"
    assert "no-such-compiler" in bitlib.native_error
    assert table[b"bnot"](0) == -1
