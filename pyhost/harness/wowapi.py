"""What the WoW API is in each flavour, as data: which functions exist, Enum, the LE_*
constants, event payloads, and the load-time events.

The data (data/api/<flavour>.json, data/api/loading.json) is written by tools/wow_api.py
from wowless's per-product game data and Blizzard's interface code; each file names its
sources. It is read once per Python process, not once per client: a client asks about a
name only when its Lua code reaches for a global the realm does not define (see
lua/api.lua), and caches the answer.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

FUNCTION, NAMESPACE, CONSTANT = "function", "namespace", "constant"


def _read(name: str) -> Any:
    data = resources.files("pyhost.harness").joinpath("data", "api", name)
    return json.loads(data.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Api:
    """One flavour's WoW API."""

    flavour: str
    source: dict[str, Any]
    version: str
    build: str
    date: str
    interface: int
    functions: frozenset[str]  # global functions: the C API, Lua's library, Blizzard's Lua
    namespaces: dict[str, frozenset[str]]  # C_ChatInfo -> its functions
    deprecated: dict[str, str]  # fallbacks: GetAddOnMetadata -> C_AddOns.GetAddOnMetadata
    enums: dict[str, dict[str, int]]
    constants: dict[str, Any]  # LE_*, NUM_LE_*
    events: dict[str, list[tuple[str, str]]]  # event -> its payload's (name, type)
    structures: dict[str, dict[str, str]]  # structures in CHAT_MSG_* payloads: field -> type

    def kind(self, name: str, fallbacks: bool) -> str | None:
        """What the global `name` is in this flavour; `fallbacks`: Blizzard's deprecation
        fallbacks are loaded (the CVar loadDeprecationFallbacks)."""
        if name in self.functions or (fallbacks and name in self.deprecated):
            return FUNCTION
        if name in self.namespaces:
            return NAMESPACE
        if name in self.constants:
            return CONSTANT
        return None

    def has(self, name: str, fallbacks: bool = True) -> bool:
        """Whether a global ("SendChatMessage") or a namespace's function
        ("C_ChatInfo.SendChatMessage") exists in this flavour."""
        space, _, member = name.partition(".")
        if member:
            return member in self.namespaces.get(space, ())
        return self.kind(name, fallbacks) is not None


@functools.cache
def api(flavour: str) -> Api:
    data = _read(f"{flavour}.json")
    extras = _read("extras.json")  # what the flavour files miss (each part names its source)
    data["functions"] = [*data["functions"], *extras["functions"][flavour]]
    data["deprecated"] = {**data["deprecated"], **{
        name: target for name, target in extras["deprecated"][flavour].items()
        if target.split(".")[1] in data["namespaces"].get(target.split(".")[0], ())}}
    return Api(
        flavour=flavour,
        source=data["source"],
        version=data["version"],
        build=data["build"],
        date=data["date"],
        interface=data["interface"],
        functions=frozenset(data["functions"]) | frozenset(
            name for name in data["lua"] if "." not in name) | frozenset(data["framexml"]),
        namespaces={space: frozenset(members) for space, members in data["namespaces"].items()},
        deprecated=data["deprecated"],
        enums=data["enums"],
        constants=data["constants"],
        events={event: [tuple(entry.split(":", 1)) for entry in payload]  # type: ignore[misc]
                for event, payload in data["events"].items()},
        structures=data["structures"],
    )


@dataclass(frozen=True)
class Loading:
    source: dict[str, Any]
    login: tuple[tuple[str, tuple[Any, ...]], ...]  # after every addon's ADDON_LOADED

    def sequence(self, reloading: bool) -> list[tuple[str, tuple[Any, ...]]]:
        """The events after the addons load, with their payloads. PLAYER_ENTERING_WORLD's
        payload is (isInitialLogin, isReloadingUi): at a /reload, (False, True)."""
        return [(event, (not reloading, reloading) if event == "PLAYER_ENTERING_WORLD"
                 else args) for event, args in self.login]


@functools.cache
def loading() -> Loading:
    data = _read("loading.json")
    return Loading(source=data["source"],
                   login=tuple((entry[0], tuple(entry[1:])) for entry in data["login"]))


DEFAULTS = {"string": "", "number": 0, "boolean": False}


@functools.cache
def chat_info(flavour: str) -> dict[str, Any] | None:
    """The table a flavour's chat events end with (retail's discordInfo), filled for a
    message that is not from Discord: empty strings, zeros, false, an enum's first value
    (*assumed*: no source says what the client passes). None where chat events have none."""
    game = api(flavour)
    _, kind = game.events["CHAT_MSG_SAY"][-1]
    if not kind.startswith("structure:"):
        return None
    fields = {}
    for field, spec in game.structures[kind.split(":", 1)[1]].items():
        base = spec.rstrip("?")
        if base.startswith("enum:"):
            fields[field] = min(game.enums[base.split(":", 1)[1]].values())
        else:
            fields[field] = DEFAULTS[base]
    return fields
