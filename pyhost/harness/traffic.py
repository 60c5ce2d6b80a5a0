"""What the server makes of a client's traffic: its bandwidth budget, and connected realms.

**The budget.** WoW's server disconnects a client that sends more than it allows; Blizzard
publishes no figure. ChatThrottleLib (WoWUIDev/Ace3, AceComm-3.0/ChatThrottleLib.lua), the
pacing library nearly every addon uses, gives the observed ones in its comments: "2000 seems
to be safe if NOTHING ELSE is happening" (bytes a second), "WoW's server buffer seems to be
about 32KB. 8KB should be safe, but seen disconnects on _some_ servers", and a message costs
its text, its prefix and its target plus a 40-byte "guesstimate" of overhead. The realm takes
the strictest reading (*assumed*): the server drains 2000 bytes a second and holds 8000; a
send that would overfill it disconnects the client for flooding. ChatThrottleLib's own pace
(800 bytes a second, 4000 at once) stays well inside.

**Connected realms.** Whispers, typed or addon, reach only players of the same or a connected
realm (Warcraft Wiki, API C_ChatInfo.SendAddonMessage: "Only works for players on the same or
any connected realms"; an addon whisper to another realm "will silently fail").
`UnitRealmRelationship` says which: LE_REALM_RELATION_SAME (1), _COALESCED (2: another realm,
not connected, as Blizzard's GetUnitName marks with FOREIGN_SERVER_LABEL), _VIRTUAL (3: a
connected realm); the values are wowless's data/products/*/globals.yaml, alike in every
flavour.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SAME, COALESCED, VIRTUAL = 1, 2, 3  # LE_REALM_RELATION_*


@dataclass(frozen=True)
class Bandwidth:
    """The server's allowance for one client: `rate` bytes a second drained from a buffer of
    `burst` bytes; each message costs its bytes plus `overhead`."""

    rate: float = 2000.0
    burst: float = 8000.0
    overhead: int = 40

    def cost(self, *parts: bytes | str | None) -> int:
        """What one message costs: its text, prefix and target, plus the overhead (as
        ChatThrottleLib's hooks count traffic that bypasses it)."""
        size = sum(len(p.encode("utf-8") if isinstance(p, str) else p) for p in parts if p)
        return size + self.overhead


class Meter:
    """How full one client's buffer at the server is."""

    __slots__ = ("at", "level", "peak", "sent")

    def __init__(self) -> None:
        self.level = 0.0
        self.at = 0.0
        self.peak = 0.0  # the fullest it has been
        self.sent = 0  # bytes counted, overhead included

    def spend(self, budget: Bandwidth, cost: int, now: float) -> bool:
        """Count a message; False if it overfills the buffer (the client floods)."""
        self.level = max(0.0, self.level - (now - self.at) * budget.rate)
        self.at = now
        self.level += cost
        self.sent += cost
        self.peak = max(self.peak, self.level)
        return self.level <= budget.burst


def normal(realm: str) -> str:
    """A realm's name as in "Name-Realm": no spaces or hyphens."""
    return realm.replace(" ", "").replace("-", "")


class ConnectedRealms:
    """Which realms are connected: None, every realm to every other (the default); or groups
    of realm names, each group connected within itself, any realm in no group alone."""

    def __init__(self, groups: Iterable[Iterable[str]] | None) -> None:
        self._group: dict[str, int] | None = None
        if groups is not None:
            if isinstance(groups, str):
                raise TypeError("connected_realms is a list of groups of realm names")
            self._group = {}
            for index, group in enumerate(groups):
                if isinstance(group, str):
                    raise TypeError("connected_realms is a list of groups of realm names, "
                                    f"not of names: put {group!r} in a tuple")
                for name in group:
                    self._group[normal(name).lower()] = index

    def relation(self, mine: str, theirs: str) -> int:
        a, b = normal(mine).lower(), normal(theirs).lower()
        if a == b:
            return SAME
        if self._group is None:
            return VIRTUAL
        ga, gb = self._group.get(a), self._group.get(b)
        return VIRTUAL if ga is not None and ga == gb else COALESCED

    def whisper_reaches(self, mine: str, theirs: str) -> bool:
        return self.relation(mine, theirs) != COALESCED
