"""The generated SHA-256 (Sha256.lua) against hashlib, under both conventions of WoW's `bit`."""

from __future__ import annotations

import hashlib
import time
from itertools import pairwise

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from lupa import lua51

from lua_addon import no_compiler
from pyhost.codegen import build
from pyhost.harness import Realm, bitlib
from pyhost.harness.bitlib import library
from pyhost.rules import load_ruleset

NIST = [  # FIPS 180-2, appendix B
    (b"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    (b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
     b"lmnopqrsmnopqrstnopqrstu",
     "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
]
MILLION_A = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"

# Around the padding edges: 55 bytes still take one block, 56 need two; 64 fill one exactly.
EDGES = [0, 1, 54, 55, 56, 57, 62, 63, 64, 65, 118, 119, 120, 121, 127, 128, 129, 191, 192]


def rendered() -> bytes:
    return build(load_ruleset("tauren-holdem"))["Sha256.lua"]


def bare(signed: bool, native: bool = False):
    """A bare Lua 5.1 runtime with the realm's `bit` (its Python functions, or bitlib.c's C
    ones) and Sha256.lua run: (runtime, ns)."""
    lua = lua51.LuaRuntime(encoding=None)
    if native:
        if bitlib.native_library(lua51.__file__) is None:
            no_compiler(str(bitlib.native_error))
        with pytest.MonkeyPatch.context() as patch:
            patch.delenv("PYHOST_BIT", raising=False)
            lua.globals()[b"bit"] = bitlib.bit_table(lua, signed)
        assert lua.eval("type(bit.bxor)") == b"function"
    else:
        lua.globals()[b"bit"] = lua.table_from(
            {name.encode(): fn for name, fn in library(signed).items()})
    ns = lua.table()
    chunk = lua.globals()[b"loadstring"](rendered(), b"@Sha256.lua")
    assert not isinstance(chunk, tuple), chunk  # (nil, message): it did not compile
    chunk(b"TaurenHoldem", ns)
    return lua, ns


@pytest.fixture(scope="module", params=[(False, False), (True, False), (False, True), (True, True)],
                ids=["unsigned-bit", "signed-bit", "unsigned-c-bit", "signed-c-bit"])
def sha(request):
    lua, ns = bare(*request.param)
    return lua, ns[b"Sha256"]


def incremental(sha256, pieces: list[bytes]) -> bytes:
    hasher = sha256[b"new"]()
    for piece in pieces:
        hasher.update(hasher, piece)  # lupa passes no self: h:update(piece) in Lua
    return hasher.finish(hasher)


@pytest.mark.parametrize(("message", "digest"), NIST, ids=["empty", "abc", "448-bit", "896-bit"])
def test_the_fips_vectors(sha, message, digest):
    _, sha256 = sha
    assert sha256[b"hex"](message) == digest.encode()
    assert sha256[b"digest"](message) == bytes.fromhex(digest)
    assert incremental(sha256, [message]) == bytes.fromhex(digest)


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_a_million_as_in_1000_byte_updates(sha):
    _, sha256 = sha
    assert incremental(sha256, [b"a" * 1000] * 1000) == bytes.fromhex(MILLION_A)


@pytest.mark.parametrize("length", EDGES)
def test_every_byte_value_at_the_padding_edges(sha, length):
    _, sha256 = sha
    for fill in (bytes(range(256)) * 2, bytes(range(255, -1, -1)) * 2, b"\0" * 512, b"\xff" * 512):
        message = fill[:length]
        assert sha256[b"digest"](message) == hashlib.sha256(message).digest(), (length, fill[:1])


@given(message=st.binary(max_size=300))
@example(message=b"\0" * 55).via("one block, the padding just fits")
@example(message=b"\x80" * 56).via("two blocks")
@example(message=b"\xff" * 63).via("0x80 ends the block")
@example(message=b"\x01" * 64).via("a whole block of message")
def test_random_messages_match_hashlib(sha, message):
    _, sha256 = sha
    assert sha256[b"digest"](message) == hashlib.sha256(message).digest()
    assert sha256[b"hex"](message) == hashlib.sha256(message).hexdigest().encode()


@given(message=st.binary(max_size=300), cuts=st.lists(st.integers(0, 300), max_size=8))
@example(message=bytes(range(130)), cuts=[1, 63, 64, 65, 127, 128]).via("block boundaries")
@example(message=b"z" * 200, cuts=[0, 0, 200]).via("empty updates")
def test_updates_split_anywhere_give_the_one_shot_digest(sha, message, cuts):
    _, sha256 = sha
    bounds = [0, *sorted(min(c, len(message)) for c in cuts), len(message)]
    pieces = [message[a:b] for a, b in pairwise(bounds)]
    assert incremental(sha256, pieces) == sha256[b"digest"](message)


def test_finish_is_final_and_arguments_must_be_strings(sha):
    lua, sha256 = sha
    hasher = sha256[b"new"]()
    same = lua.globals()[b"rawequal"]
    assert same(hasher.update(hasher, b"ab"), hasher)  # chains: h:update(x):update(y)
    hasher.update(hasher, b"c")
    assert hasher.finish(hasher) == hasher.finish(hasher) == hashlib.sha256(b"abc").digest()
    attempt = lua.eval("function(f, ...) return select(2, pcall(f, ...)) end")
    assert b"after finish" in attempt(hasher.update, hasher, b"d")
    assert b"expected a string, got nil" in attempt(sha256[b"digest"])
    assert b"expected a string, got table" in attempt(sha256[b"new"]().update, hasher, lua.table())


def test_loading_sets_no_globals():
    lua = lua51.LuaRuntime(encoding=None)
    before = set(lua.globals().keys())
    lua.globals()[b"bit"] = lua.table_from({k.encode(): f for k, f in library(False).items()})
    lua.globals()[b"loadstring"](rendered(), b"@Sha256.lua")(b"TaurenHoldem", lua.table())
    assert set(lua.globals().keys()) - before == {b"bit"}


@pytest.mark.parametrize("signed", [False, True], ids=["unsigned-bit", "signed-bit"])
@pytest.mark.parametrize("bit", ["c", "python"])
def test_in_the_simulated_client(tmp_path, monkeypatch, signed, bit):
    if bit == "python":
        monkeypatch.setenv("PYHOST_BIT", "python")
    folder = tmp_path / "ShaTest"
    folder.mkdir()
    (folder / "ShaTest.toc").write_text(
        "## Interface: 120100\n## Title: ShaTest\nSha256.lua\nExpose.lua\n", encoding="utf-8")
    (folder / "Sha256.lua").write_bytes(rendered())
    (folder / "Expose.lua").write_text("local _, ns = ...\nShaTest = ns.Sha256\n", encoding="utf-8")
    client = Realm(wtf=tmp_path / "WTF", bit_signed=signed).login("Skoll", addons=[folder])
    assert client.run_lua("return ShaTest.hex('abc')") == NIST[1][1]
    tripled = bytes(i for i in range(256) for _ in range(3))
    assert client.run_lua(
        "local h = ShaTest.new() for i = 0, 255 do h:update(string.char(i, i, i)) end "
        "return h:finish()", raw=True) == hashlib.sha256(tripled).digest()  # bytes, always
    assert client.run_lua("return ShaTest.digest(string.rep(ShaTest.digest(''), 24))",
                          raw=True) == hashlib.sha256(hashlib.sha256(b"").digest() * 24).digest()


def test_speed_of_a_100_byte_message(sha, capsys):
    """Not a check: the cost per hash, printed (run with -s to see it)."""
    lua, sha256 = sha
    loop = lua.eval("function(S, m, n) for _ = 1, n do S.digest(m) end end")
    n = 200
    start = time.perf_counter()
    loop(sha256, b"m" * 100, n)
    each = (time.perf_counter() - start) / n
    with capsys.disabled():
        print(f"\nSha256.digest, 100 bytes: {each * 1e6:.0f} us a hash, {1 / each:.0f} a second")


def test_a_block_costs_416_bit_calls():
    """bit calls are what costs in the realm when `bit` is Python: 2 a schedule word (sigma0,
    sigma1) and 5 a round (Sigma0, Sigma1, maj as one 3-way xor, ch as two ands)."""
    lua = lua51.LuaRuntime(encoding=None)
    calls = {"band": 0, "bxor": 0}

    def counted(name, function):
        def call(*args):
            calls[name] += 1
            return function(*args)
        return call

    lua.globals()[b"bit"] = lua.table_from(
        {name.encode(): counted(name, fn) if name in calls else fn
         for name, fn in library(False).items()})
    ns = lua.table()
    lua.globals()[b"loadstring"](rendered(), b"@Sha256.lua")(b"TaurenHoldem", ns)
    for length, blocks in ((0, 1), (55, 1), (56, 2), (200, 4)):
        calls.update(band=0, bxor=0)
        message = bytes(range(length))
        assert ns[b"Sha256"][b"digest"](message) == hashlib.sha256(message).digest()
        assert calls == {"band": 128 * blocks, "bxor": 288 * blocks}, length
