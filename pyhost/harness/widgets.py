"""The widget types of each flavour, as data: what lua/widgets.lua asks when addon code first
creates a type or calls a method.

The data (data/widgets/<flavour>.json) is written by tools/wow_widgets.py from wowless's
per-product game data (uiobjects.yaml, xml.yaml) and names its sources. It is read once per
Python process; a client asks about a type once, and about a method of a type once.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class WidgetType:
    name: str
    object_type: str  # what GetObjectType answers
    isa: tuple[str, ...]  # itself, then every type it inherits, nearest first
    virtual: bool  # an abstract type: no object is made of it alone
    frame: bool  # a Frame (children, events) rather than a region
    fields: dict[str, Any]  # state with its first value, the type's own and inherited
    scripts: frozenset[str]
    methods: dict[str, list[str] | None]  # name -> ["get"|"set", fields...] or None


@dataclass(frozen=True)
class Widgets:
    flavour: str
    source: dict[str, Any]
    types: dict[str, WidgetType]
    by_lower: dict[str, str]
    xml: dict[str, dict[str, Any]]  # UI XML element -> what it makes or calls

    def find(self, name: str) -> WidgetType | None:
        """The type `name` names, ignoring case as CreateFrame does."""
        key = self.by_lower.get(name.lower())
        return self.types[key] if key else None

    def element_type(self, tag: str) -> str | None:
        """The widget type a UI XML element makes (<NormalTexture> a Texture), or None."""
        seen = set()
        while tag in self.xml and tag not in seen:
            seen.add(tag)
            entry = self.xml[tag]
            if "type" in entry:
                return entry["type"]
            tag = entry.get("extends", "")
        return None

    def element_call(self, tag: str) -> str | None:
        """The parent's method an element such as <NormalTexture> calls with what it makes."""
        return self.xml.get(tag, {}).get("call")

    def method(self, kind: str, name: str) -> tuple[str, list[str]] | None:
        """("get"|"set", fields) for a field accessor, ("other", []) for any other method of
        the type, None when the type has no such method."""
        found = self.types[kind].methods.get(name, False)
        if found is False:
            return None
        return (found[0], found[1:]) if found else ("other", [])


def _linear(types: dict[str, Any], name: str) -> list[str]:
    order: list[str] = []

    def visit(kind: str) -> None:
        if kind in order:
            return
        order.append(kind)
        for parent in types[kind]["inherits"]:
            visit(parent)

    visit(name)
    return order


@functools.cache
def widgets(flavour: str) -> Widgets:
    data = json.loads(resources.files("pyhost.harness").joinpath(
        "data", "widgets", f"{flavour}.json").read_text(encoding="utf-8"))
    raw = data["types"]
    types = {}
    for name in raw:
        isa = _linear(raw, name)
        fields: dict[str, Any] = {}
        methods: dict[str, list[str] | None] = {}
        scripts: set[str] = set()
        for kind in reversed(isa):  # the nearest type's word wins
            fields.update(raw[kind]["fields"])
            methods.update(raw[kind]["methods"])
            scripts.update(raw[kind]["scripts"])
        types[name] = WidgetType(name=name, object_type=raw[name]["object_type"], isa=tuple(isa),
                                 virtual=raw[name]["virtual"], frame="Frame" in isa,
                                 fields=fields, scripts=frozenset(scripts), methods=methods)
    return Widgets(flavour=flavour, source=data["source"], types=types,
                   by_lower={name.lower(): name for name in types}, xml=data["xml"])
