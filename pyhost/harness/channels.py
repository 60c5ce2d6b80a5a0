"""Guilds and custom chat channels: who hears GUILD, OFFICER and CHANNEL chat and addon
messages, and what GetGuildInfo, GetChannelName and the rest answer.

A realm's guilds are made by the test (`realm.guild("Tavern Regulars", a, b, c,
officers=[b])`): the first member is the guild master (rank 0, "Guild Master"), officers
are rank 1 ("Officer"), everyone else rank 2 ("Member"). *Assumed*: the guild master and
officers read and write OFFICER chat (the game leaves it to each guild's rank settings).

Channels are the server's: `/join Name` (or JoinChannelByName) makes one if nobody is in
it. Each client numbers the channels it joined itself, the lowest free number from 1
(*assumed*: the realm has no zone channels, General and Trade, which take 1 and 2 in the
game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .client import Client
    from .realm import Realm

def to_lua(value: Any) -> Any:
    return value.encode("utf-8") if isinstance(value, str) else value


def text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


RANKS = ("Guild Master", "Officer", "Member")
MAX_CHANNELS = 10  # a client's channel numbers run 1..10, as the game's


@dataclass
class Guild:
    name: str
    members: list[str]  # full names, the guild master first
    officers: set[str] = field(default_factory=set)

    def rank(self, member: str) -> int:
        if member == self.members[0]:
            return 0
        return 1 if member in self.officers else 2


class Social:
    """A realm's guilds and channels."""

    def __init__(self, realm: Realm) -> None:
        self.realm = realm
        self.guilds: dict[str, Guild] = {}  # member -> their guild
        self.channels: dict[str, list[str]] = {}  # channel name (casefolded) -> members
        self.display: dict[str, str] = {}  # casefolded -> the name as first joined
        self.numbers: dict[str, dict[int, str]] = {}  # client -> number -> casefolded name

    # -- guilds --------------------------------------------------------------------------------

    def make_guild(self, name: str, members: Sequence[Client],
                   officers: Sequence[Client] = ()) -> Guild:
        if not members:
            raise ValueError("a guild needs a member, its guild master")
        guild = Guild(name, [c.full_name for c in members], {c.full_name for c in officers})
        for client in members:
            old = self.guilds.get(client.full_name)
            if old is not None:
                old.members.remove(client.full_name)
            self.guilds[client.full_name] = guild
        for client in members:
            if client.online:
                client.fire("PLAYER_GUILD_UPDATE", "player")
                client.fire("GUILD_ROSTER_UPDATE", False)
        return guild

    def guild_info(self, client: Client, unit: str) -> Any:
        other = self.realm.resolve_unit(client, unit)
        guild = self.guilds.get(other.full_name) if other else None
        if other is None or guild is None:
            return None
        rank = guild.rank(other.full_name)
        realm = None if other.realm_name == client.realm_name else to_lua(other.realm_name)
        return to_lua(guild.name), to_lua(RANKS[rank]), rank, realm

    def roster(self, client: Client, index: int | None = None) -> Any:
        guild = self.guilds.get(client.full_name)
        if guild is None:
            return (0, 0, 0) if index is None else None
        clients = [self.realm.clients[n] for n in guild.members]
        if index is None:
            online = sum(c.online for c in clients)
            return len(clients), online, online
        if not 1 <= index <= len(clients):
            return None
        member = clients[index - 1]
        rank = guild.rank(member.full_name)
        # name, rankName, rankIndex, level, class, zone, note, officernote, online, status,
        # classFileName (the realm has no levels, classes or zones: empty).
        return (to_lua(member.full_name), to_lua(RANKS[rank]), rank, 1, b"", b"", b"", b"",
                member.online, 0, b"")

    def guild_receivers(self, client: Client, chat_type: str) -> list[Client] | str:
        """The online members who hear the client's GUILD or OFFICER line, or the system key
        of why nobody does."""
        guild = self.guilds.get(client.full_name)
        if guild is None:
            return "not_in_guild"
        if chat_type == "OFFICER" and guild.rank(client.full_name) > 1:
            return "no_permission"
        return [self.realm.clients[n] for n in guild.members if self.realm.clients[n].online
                and (chat_type == "GUILD" or guild.rank(n) <= 1)]

    # -- channels ------------------------------------------------------------------------------

    def number_of(self, client: Client, wanted: Any) -> int | None:
        """The client's number for a channel given by number or name."""
        numbers = self.numbers.get(client.full_name, {})
        if isinstance(wanted, (int, float)) or text(wanted).strip().isdigit():
            number = int(float(text(wanted)))
            return number if number in numbers else None
        key = text(wanted).strip().casefold()
        return next((n for n, name in numbers.items() if name == key), None)

    def channel_name(self, client: Client, wanted: Any) -> Any:
        """GetChannelName: id, name, instanceID, isCommunitiesChannel; 0 when not joined."""
        number = self.number_of(client, wanted)
        if number is None:
            return 0, None, 0, False
        return number, to_lua(self.display[self.numbers[client.full_name][number]]), 0, False

    def join(self, client: Client, name: str) -> int | None:
        name = name.strip()
        if not name or " " in name or name.isdigit():
            return None
        key = name.casefold()
        numbers = self.numbers.setdefault(client.full_name, {})
        if key in numbers.values():
            return self.number_of(client, name)
        free = next((n for n in range(1, MAX_CHANNELS + 1) if n not in numbers), None)
        if free is None:
            return None
        members = self.channels.setdefault(key, [])
        self.display.setdefault(key, name)
        shown = self.display[key]
        others = [self.realm.clients[n] for n in members if self.realm.clients[n].online]
        members.append(client.full_name)
        numbers[free] = key
        client.fire("CHAT_MSG_CHANNEL_NOTICE", "YOU_CHANGED", b"", b"", f"{free}. {shown}",
                    b"", b"", 0, free, shown, 0, 0, b"", 0, False, False, False, False)
        for other in others:
            number = self.number_of(other, key)
            other.fire("CHAT_MSG_CHANNEL_JOIN", b"", to_lua(client.full_name), b"",
                       f"{number}. {shown}", b"", b"", 0, number, shown, 0, 0,
                       to_lua(client.guid), 0, False, False, False, False)
        client.fire("CHANNEL_UI_UPDATE")
        return free

    def leave(self, client: Client, wanted: Any) -> bool:
        number = self.number_of(client, wanted)
        if number is None:
            return False
        key = self.numbers[client.full_name].pop(number)
        self.channels[key].remove(client.full_name)
        shown = self.display[key]
        client.fire("CHAT_MSG_CHANNEL_NOTICE", "YOU_LEFT", b"", b"", f"{number}. {shown}",
                    b"", b"", 0, number, shown, 0, 0, b"", 0, False, False, False, False)
        client.fire("CHANNEL_UI_UPDATE")
        return True

    def forget(self, client: Client) -> None:
        """The client's UI went away (logout, crash): it is in no channel any more (the game
        rejoins a character's channels at login; the realm leaves that to the addon)."""
        for key in self.numbers.pop(client.full_name, {}).values():
            self.channels[key].remove(client.full_name)

    def channel_receivers(self, client: Client, wanted: Any) -> tuple[str, list[Client]] | None:
        number = self.number_of(client, wanted)
        if number is None:
            return None
        key = self.numbers[client.full_name][number]
        return key, [self.realm.clients[n] for n in self.channels[key]
                     if self.realm.clients[n].online]

    def send_channel(self, client: Client, body: bytes, target: Any) -> None:
        """CHAT_MSG_CHANNEL to every member, each with its own number for the channel."""
        found = self.channel_receivers(client, target)
        if found is None:
            client.system_line(f"No channel '{text(target) if target is not None else ''}'"
                               ".")  # *assumed* wording; the game's is ERR_..._NOT_ON
            return
        key, receivers = found
        shown = self.display[key]
        author, guid = to_lua(client.full_name), to_lua(client.guid)

        def show(receiver: Client) -> None:
            number = self.number_of(receiver, key)
            if number is None:  # left the channel while the line was on its way
                return
            receiver.fire("CHAT_MSG_CHANNEL", body, author, b"", f"{number}. {shown}", b"",
                          b"", 0, number, shown, 0, next(self.realm._line_ids), guid, 0,
                          False, False, False, False)

        self.realm._deliver(client.full_name, receivers, "chat", show)


def host_functions(client: Client) -> dict[str, Any]:
    """The bridge functions lua/blizzard_api.lua calls."""
    social = client.realm.social
    return {
        "guild_info": lambda unit="player": social.guild_info(client, text(unit)),
        "guild_roster": lambda index=None: social.roster(
            client, None if index is None else int(index)),
        "channel_name": lambda wanted: social.channel_name(client, wanted),
        "join_channel": lambda name: social.join(client, text(name)),
        "leave_channel": lambda wanted: social.leave(client, wanted),
        "played_sound": lambda what, channel=None: client.sounds.append(
            (text(what) if isinstance(what, bytes) else what,
             None if channel is None else text(channel))),
        "message_box": lambda line: client.messages.append(text(line)),
        "error_line": lambda line: client.ui_errors.append(text(line)),
    }
