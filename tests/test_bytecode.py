"""Lua compiled once per process (pyhost/harness/bytecode.py): each client still runs its own
copy, errors name the source's file and line, and a changed file runs as changed."""

from __future__ import annotations

from conftest import make_addon
from pyhost.harness import Realm, bytecode

COUNTER = """local name, ns = ...
Counted = (Counted or 0) + 1
ns.loaded = true
SLASH_COUNT1 = "/count"
SlashCmdList.COUNT = function() Counted = Counted + 1 print("count " .. Counted) end
"""


def test_clients_running_the_same_compiled_file_share_nothing(tmp_path):
    addon = make_addon(tmp_path / "AddOns", "Counter", {"count.lua": COUNTER})
    realm = Realm(wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    riggs = realm.login("Riggs", addons=[addon])
    skoll.type("/count")
    skoll.type("/count")
    riggs.type("/count")
    assert skoll.chat == ["count 2", "count 3"]
    assert riggs.chat == ["count 2"]
    assert skoll.addons["Counter"].namespace is not riggs.addons["Counter"].namespace
    skoll.reload()  # a fresh runtime: the file runs again from the start
    assert skoll.global_value("Counted") == 1
    assert realm.errors() == []


def test_errors_name_the_files_line_as_the_text_would(tmp_path):
    addon = make_addon(tmp_path / "AddOns", "Boom", {
        "ok.lua": "local x = 1\n\nlocal y = x + 1\nerror('boom ' .. y)\n",
        "bad.lua": "local = 1\n",
        "ui.xml": "<Ui>\n<Script>\nlocal z = 1\nerror('xml ' .. z)\n</Script>\n</Ui>\n"})
    skoll = Realm(wtf=tmp_path / "WTF").login("Skoll", addons=[addon])
    first = [error.message for error in skoll.errors]
    assert first == ["Interface/AddOns/Boom/ok.lua:4: boom 2",
                     "Interface/AddOns/Boom/bad.lua:1: '<name>' expected near '='",
                     "Interface/AddOns/Boom/ui.xml:2:3: xml 1"]
    assert "\n\tInterface/AddOns/Boom/ok.lua:4: in function" in skoll.errors[0].traceback
    skoll.errors.clear()
    skoll.reload()  # from the cache this time: the same errors
    assert [error.message for error in skoll.errors] == first
    skoll.errors.clear()


def test_a_file_changed_between_logins_runs_as_changed(tmp_path):
    addon = make_addon(tmp_path / "AddOns", "Hello", {"hello.lua": "print('one')\n"})
    realm = Realm(wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[addon])
    (addon / "hello.lua").write_text("print('two')\n", encoding="utf-8")  # the same size
    skoll.reload()
    assert skoll.chat == ["one", "two"]


def test_text_that_does_not_compile_has_no_bytecode():
    assert bytecode.compiled(b"return 1", b"=ok")[:4] == b"\x1bLua"
    assert bytecode.compiled(b"return +", b"=bad") is None
