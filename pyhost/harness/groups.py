"""Parties and raids: who is grouped with whom, the leader, assistants, subgroups.

A party holds up to 5, a raid up to 40 in 8 subgroups of 5. Members are kept
in the order they joined, which is also the raid index order. A member who
goes offline stays in the group. The realm fires GROUP_ROSTER_UPDATE on
every change; this module only keeps the books and refuses what WoW would.

A player has up to two groups, one of each category (LE_PARTY_CATEGORY_*): the
home group, which players make by inviting each other, and an instance group,
which a finder (dungeon or raid finder, a battleground, a follower dungeon)
makes. Where a call names no category, the game uses the active one: the
instance group when the player is in one, else the home group.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PARTY_SIZE, RAID_SIZE, SUBGROUP_SIZE = 5, 40, 5
# LE_PARTY_CATEGORY_HOME and LE_PARTY_CATEGORY_INSTANCE, as wowless's data gives them
# (data/products/*/globals.yaml).
HOME, INSTANCE = 1, 2


class GroupError(ValueError):
    """What the server refuses, in one line."""


@dataclass
class Group:
    leader: str
    members: list[str] = field(default_factory=list)  # full names, in joining order
    raid: bool = False
    assistants: set[str] = field(default_factory=set)
    subgroups: dict[str, int] = field(default_factory=dict)
    instance: bool = False  # made by a finder (LE_PARTY_CATEGORY_INSTANCE), not by invitation
    # The members as a set, for `name in group` (asked on every unit query).
    _names: set[str] = field(default_factory=set, init=False, repr=False, compare=False)

    @property
    def category(self) -> int:
        return INSTANCE if self.instance else HOME

    def __post_init__(self) -> None:
        if not self.members:
            self.members.append(self.leader)
            self.subgroups[self.leader] = 1
        self._names.update(self.members)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    @property
    def size(self) -> int:
        return RAID_SIZE if self.raid else PARTY_SIZE

    def add(self, name: str) -> None:
        if name in self._names:
            raise GroupError(f"{name} is already in the group")
        if len(self.members) >= self.size:
            raise GroupError("the raid is full" if self.raid else
                             "the party is full: convert it to a raid first")
        self.members.append(name)
        self._names.add(name)
        self.subgroups[name] = self._open_subgroup()

    def _open_subgroup(self) -> int:
        for number in range(1, 9):
            if sum(1 for g in self.subgroups.values() if g == number) < SUBGROUP_SIZE:
                return number
        raise GroupError("the raid is full")

    def remove(self, name: str) -> None:
        self.members.remove(name)
        self._names.discard(name)
        self.subgroups.pop(name, None)
        self.assistants.discard(name)
        if name == self.leader and self.members:
            self.leader = self.members[0]

    def party_of(self, name: str) -> list[str]:
        """The members `name` shares PARTY chat with: the subgroup, in a raid."""
        if not self.raid:
            return list(self.members)
        number = self.subgroups[name]
        return [m for m in self.members if self.subgroups[m] == number]

    def rank(self, name: str) -> int:
        """GetRaidRosterInfo's rank: 2 leader, 1 assistant, 0 member."""
        return 2 if name == self.leader else (1 if name in self.assistants else 0)

    def move(self, name: str, subgroup: int) -> None:
        if not self.raid:
            raise GroupError("only a raid has subgroups")
        if not 1 <= subgroup <= 8:
            raise GroupError(f"subgroups are 1 to 8, not {subgroup}")
        if sum(1 for m, g in self.subgroups.items() if g == subgroup and m != name) >= 5:
            raise GroupError(f"subgroup {subgroup} is full")
        self.subgroups[name] = subgroup
