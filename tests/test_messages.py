"""Messages.lua: every message kind declared once with named fields, encoded and decoded in
one place. (That the declarations agree with docs/protocol.md is tests/test_protocol_doc.py.)"""

from __future__ import annotations

from importlib import resources

import pytest
from lupa import lua51

SOURCE = resources.files("pyhost.codegen") / "lua" / "core" / "Messages.lua"


@pytest.fixture
def messages():
    lua = lua51.LuaRuntime(unpack_returned_tuples=True)
    ns = lua.table()
    lua.execute(SOURCE.read_text(encoding="utf-8"), "Test", ns)
    declare = ns.Messages.declare
    declare("TURN", lua.table_from(["table", "hand:n", "op", "shown:b", "seats..."]))
    return lua, ns.Messages


def test_encode_puts_named_values_in_declared_order(messages):
    lua, m = messages
    fields = m.encode("TURN", lua.table_from(
        {"op": "call", "table": "A-R:1", "hand": 3, "shown": True,
         "seats": lua.table_from(["A-R=5", "B-R=7"])}))
    assert list(fields.values()) == ["A-R:1", "3", "call", "1", "A-R=5", "B-R=7"]


def test_encode_leaves_off_trailing_empty_fields_and_keeps_inner_ones(messages):
    lua, m = messages
    fields = m.encode("TURN", lua.table_from({"table": "T", "op": "fold"}))
    assert list(fields.values()) == ["T", "", "fold"]


def test_decode_names_types_and_collects_the_rest(messages):
    lua, m = messages
    got = m.decode("TURN", lua.table_from(["T", "12", "raise", "0", "x", "y"]))
    assert (got.table, got.hand, got.op, got.shown) == ("T", 12, "raise", False)
    assert list(got.seats.values()) == ["x", "y"]


@pytest.mark.parametrize("wire", [[], ["T", "", ""], ["T", "twelve", "call"]])
def test_decode_gives_nil_for_empty_missing_and_non_numbers(messages, wire):
    lua, m = messages
    got = m.decode("TURN", lua.table_from(wire))
    assert got.hand is None and (got.op is None or got.op == "call")
    assert list(got.seats.values()) == []


def test_decode_of_an_undeclared_kind_is_nil(messages):
    lua, m = messages
    assert m.decode("NOPE", lua.table_from(["x"])) is None


def test_a_kind_declared_twice_or_a_bad_field_type_is_an_error(messages):
    lua, m = messages
    with pytest.raises(Exception, match="declared twice"):
        m.declare("TURN", lua.table_from(["x"]))
    with pytest.raises(Exception, match="unknown field type"):
        m.declare("ODD", lua.table_from(["x:q"]))
    with pytest.raises(Exception, match="only the last"):
        m.declare("ODD2", lua.table_from(["x...", "y"]))


def test_list_gives_kinds_and_fields_as_declared(messages):
    _, m = messages
    listed = [(entry[1], list(entry[2].values())) for entry in m.list().values()]
    assert listed == [("TURN", ["table", "hand:n", "op", "shown:b", "seats..."])]


# What a message of each shape may hold on the wire: empty, missing and extra fields, numbers
# and not, flags, a list after the fields or none, a trailing tab.
WIRES = ["", "T", "T\t12", "T\t12\traise\t1", "T\t12\traise\t0\tx\ty", "T\t\t\t\t\t", "\t\t",
         "T\ttwelve\tcall\t2\t\tz\t", "T\t 7 \tcall\t1\tx", "T\t0x10\t\t\t", "T\t1e2\tfold"]


@pytest.mark.parametrize("wire", WIRES)
def test_read_from_the_wire_is_decode_of_its_fields(messages, wire):
    # Messages.read takes the fields with a reader made for each kind as it is declared: the
    # same named values as decode, for a kind with a list and one without.
    lua, m = messages
    m.declare("PLAIN", lua.table_from(["table", "hand:n", "op", "shown:b"]))
    for kind in ("TURN", "PLAIN"):
        for start in (1, None):
            read = m.read(kind, wire, start)
            decoded = m.decode(kind, m.fields(wire, start))
            assert lua_dict(read) == lua_dict(decoded), (kind, wire, start)


def lua_dict(table) -> dict:
    return {key: (list(value.values()) if hasattr(value, "values") else value)
            for key, value in table.items()}
