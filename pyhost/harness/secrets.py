"""Restricted content (WoW 12.x): addon restrictions, chat messaging lockdown, secret values.

A test puts players in an encounter, a Mythic+ run (challenge mode), a PvP match or a
restricted map with `realm.restrict(who, "Encounter")` and takes them out with
`realm.lift(who, "Encounter")`; `who` is a client, a name, a group or a list of them. Each
client then sees what the game shows an addon there (docs/realm.md, "Restricted content"):
ADDON_RESTRICTION_STATE_CHANGED with the data's enum values, C_RestrictedActions and
C_ChatInfo.InChatMessagingLockdown answering, the chat events' text and sender secret
(`lua/secrets.lua` makes and polices secret values), its addon messages refused with
AddOnMessageLockdown and those sent to it dropped.

The facts come from `data/restrictions.json` (tools/wow_restrictions.py: wowless's retail
enums and Blizzard's own 12.0.5 API documentation), loaded once per Python process. A client
with no restriction pays one attribute test per event.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..flavours import FLAVOURS
from . import bytecode
from .groups import Group

if TYPE_CHECKING:
    from .client import Client
    from .realm import Realm

SECRETS_LUA = resources.files("pyhost.harness").joinpath("lua/secrets.lua").read_bytes()
# The restriction types under which chat events carry secrets and chat is locked down
# ("SecretInChatMessagingLockdown": encounter, challenge mode, PvP match, restricted maps).
# "Chat" (12.1's enum only, undocumented in 12.0.5) is taken to mean the same: assumed.
CHAT_LOCKDOWN = ("Encounter", "ChallengeMode", "PvPMatch", "Map", "Chat")
REASONS = {"Encounter": "ActiveEncounter", "ChallengeMode": "ActiveMythicKeystoneOrChallengeMode",
           "PvPMatch": "ActivePvPMatch"}


@cache
def data() -> dict[str, Any]:
    path = resources.files("pyhost.harness").joinpath("data/restrictions.json")
    return json.loads(path.read_text("utf-8"))


@dataclass(frozen=True)
class Restriction:
    """One restriction a client is under, and what its chat lockdown does to addon messages
    (Enum.ChatMessagingLockdownRestriction: a server may drop either or both)."""

    kind: str
    drop_outgoing: bool = True
    drop_incoming: bool = True


def _clients(realm: Realm, who: Any) -> list[Client]:
    from .client import Client

    if isinstance(who, Client):
        return [who]
    if isinstance(who, str):
        found = realm.find(who)
        if found is None:
            raise ValueError(f"no player {who!r} on this realm")
        return [found]
    if isinstance(who, Group):
        return [realm.clients[name] for name in who.members]
    if isinstance(who, Iterable):
        return [client for item in who for client in _clients(realm, item)]
    raise TypeError(f"restrict/lift take a client, a name, a group or a list, not {who!r}")


def _kind(realm: Realm, kind: str) -> int:
    if FLAVOURS[realm.flavour].classic:
        raise ValueError("restricted content is retail's (12.x): this realm is "
                         f"{realm.flavour}")
    types = data()["restriction_types"]
    if kind not in types:
        raise ValueError(f"the restriction is one of {', '.join(types)}, not {kind!r}")
    return types[kind]


def restrict(realm: Realm, who: Any, kind: str = "Encounter", *, drop_outgoing: bool = True,
             drop_incoming: bool = True) -> None:
    number, states = _kind(realm, kind), data()["restriction_states"]
    for client in _clients(realm, who):
        if kind in client.restricted:
            continue
        # Fired before the restriction is enforced: during it the state reads Activating.
        client.restricting[kind] = states["Activating"]
        client.fire("ADDON_RESTRICTION_STATE_CHANGED", number, states["Activating"])
        del client.restricting[kind]
        client.restricted[kind] = Restriction(kind, drop_outgoing, drop_incoming)
    realm.touched()


def lift(realm: Realm, who: Any, kind: str = "Encounter") -> None:
    number, states = _kind(realm, kind), data()["restriction_states"]
    for client in _clients(realm, who):
        if client.restricted.pop(kind, None) is not None:
            # Fired after the restriction is lifted.
            client.fire("ADDON_RESTRICTION_STATE_CHANGED", number, states["Inactive"])
    realm.touched()


def _lockdown(client: Client) -> list[Restriction]:
    return [r for kind, r in client.restricted.items() if kind in CHAT_LOCKDOWN]


@cache
def _positions() -> dict[str, bytes]:
    return {event: ",".join(map(str, positions)).encode()
            for event, positions in data()["secret_in_chat_lockdown"].items()}


def secret_positions(client: Client, event: str) -> bytes | None:
    """Which of this event's arguments are secret for this client now ("1,2,5"), if any."""
    positions = _positions().get(event)
    return positions if positions and _lockdown(client) else None


def refuses_outgoing(client: Client) -> bool:
    return any(r.drop_outgoing for r in _lockdown(client))


def drops_incoming(client: Client) -> bool:
    return any(r.drop_incoming for r in _lockdown(client))


def _state(client: Client, number: int) -> int:
    for kind, value in data()["restriction_types"].items():
        if value == number:
            if kind in client.restricting:
                return client.restricting[kind]
            return data()["restriction_states"]["Active" if kind in client.restricted
                                                  else "Inactive"]
    return data()["restriction_states"]["Inactive"]


def _in_lockdown(client: Client) -> tuple[bool, int | None]:
    kinds = [r.kind for r in _lockdown(client)]
    if not kinds:
        return client.lockdown, None
    reason = next((REASONS[k] for k in kinds if k in REASONS), None)
    return True, None if reason is None else data()["lockdown_reasons"][reason]


def load(client: Client, newproxy: Any) -> None:
    """Run lua/secrets.lua in a client's fresh runtime, after wow.lua."""
    table = client._table
    config = table({
        "restriction_types": table(data()["restriction_types"]),
        "restriction_states": table(data()["restriction_states"]),
        "c_type": client._c_type,
    })
    host = table({
        "state": lambda number: _state(client, int(number)),
        "lockdown": lambda: _in_lockdown(client),
        "outgoing_refused": lambda: refuses_outgoing(client),
    })
    # Compiled once per process, without its debug information, as the realm's other Lua.
    chunk = bytecode.load(client._loadstring, SECRETS_LUA, b"=[pyhost secrets.lua]", lean=True)
    chunk(host, config, client._api, newproxy)
