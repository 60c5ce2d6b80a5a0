"""docs/protocol.md's Messages table and the addon's declarations (Messages.declare, in
Protocol.lua, the game flow's file and Comm.lua) agree: every kind, every field, in order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from addon_table import build_addon
from pyhost.harness import Realm

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
# Comm.lua's own transport: a message's framing, never decoded into named fields.
TRANSPORT = {"B", "P", "C"}


@pytest.fixture(scope="module")
def declared(tmp_path_factory):
    """Each kind the running addon declared, in order, with its fields as declared."""
    folder = tmp_path_factory.mktemp("addons")
    realm = Realm(seed=1, wtf=folder / "WTF")
    client = realm.login("Skoll", addons=[build_addon(folder)])
    listed = client.addons["TaurenHoldem"].namespace[b"Messages"][b"list"]()
    out = {}
    for entry in listed.values():
        kind, fields = entry[1].decode(), [field.decode() for field in entry[2].values()]
        out[kind] = fields
    return out


def documented() -> dict[str, list[str] | None]:
    """The Messages table: each kind with the fields its third column names (None for a
    transport kind, whose column describes its framing)."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Messages", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`([A-Z]+)`", cells[0]) if len(cells) >= 4 else None
        if not match:
            continue
        kind = match.group(1)
        assert kind not in rows, f"{kind} has two rows"
        if kind in TRANSPORT:
            rows[kind] = None
        elif cells[2] == "(none)":
            rows[kind] = []
        else:
            rows[kind] = [name.strip().strip("`") for name in cells[2].split(",")]
    return rows


def test_every_declared_kind_has_a_row_with_its_fields_in_order(declared):
    rows = documented()
    for kind, fields in declared.items():
        assert kind in rows, f"{kind} is declared but not in docs/protocol.md"
        assert rows[kind] == fields, kind


def test_every_row_is_a_declared_kind_or_the_transports_framing(declared):
    rows = documented()
    assert set(rows) == set(declared) | TRANSPORT
    assert not TRANSPORT & set(declared)


def test_the_doc_check_reads_the_table():
    rows = documented()
    assert rows["DEAL"] == [] and rows["HELLO"] == ["table", "host", "kept"] and rows["B"] is None
    assert rows["DO"][:3] == ["table", "seq:n", "op"]
