"""type() in a client: bitlib.c's C version (where it builds) and secrets.lua's Lua one answer
alike, for plain values and for secrets (what each stands for)."""

from __future__ import annotations

import pytest
from lupa import lua51

import pyhost.harness.client as client_module
from pyhost.harness import Realm, bitlib

ASK = """
local s, n, b = secretwrap("x", 2, false)
return type(nil), type(), type(1), type("x"), type({}), type(print), type(newproxy()),
    type(coroutine.create(print)), type(true), type(s), type(n), type(b)
"""
ANSWERS = ("nil", "nil", "number", "string", "table", "function", "userdata", "thread",
           "boolean", "string", "number", "boolean")


@pytest.mark.parametrize("native", [True, False])
def test_type_answers_alike_in_c_and_in_lua(tmp_path, monkeypatch, native):
    if not native:
        monkeypatch.setattr(client_module, "native_opener", lambda lua, name: None)
    client = Realm(wtf=tmp_path / "WTF").login("Skoll")
    built = bitlib.native_library(lua51.__file__) is not None
    assert (client._c_type is not None) == (native and built)
    assert client.run_lua(ASK) == ANSWERS
