"""The simulated realm: a virtual clock, the server, and every logged-in client.

Python owns the world: time, who is grouped with whom, where players stand,
what the network delivers and when, and the server's `/roll`. Each player is
a `Client` with its own Lua runtime. Time is virtual: `run_until_quiet()`
jumps from one pending delivery or timer to the next (frames with an
OnUpdate script tick at `fps` on the way) and stops once nothing is in
flight and no timer set for at most `horizon` seconds is pending;
`advance(seconds)` runs the clock for a set time, firing every timer due in it.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
import tempfile
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..flavours import FLAVOURS
from . import locales, secrets
from .channels import Guild, Social
from .client import Client, RealmEvent, text, to_lua
from .groups import HOME, INSTANCE, PARTY_SIZE, Group, GroupError
from .network import Adversarial, Latency, Network
from .toc import library_roots
from .traffic import Bandwidth, ConnectedRealms, Meter

MAX_ROLL = 1_000_000
MAX_CHAT_BYTES = 255
ADDON_CHAT_TYPES = {"PARTY", "RAID", "INSTANCE_CHAT", "GUILD", "OFFICER", "WHISPER", "CHANNEL",
                    "SAY", "YELL"}
CHAT_TYPES = {"SAY", "EMOTE", "YELL", "PARTY", "RAID", "RAID_WARNING", "INSTANCE_CHAT",
              "GUILD", "OFFICER", "WHISPER", "CHANNEL"}
# Addon message results (Enum.SendAddonMessageResult).
SUCCESS, INVALID_PREFIX, INVALID_MESSAGE, THROTTLED, INVALID_CHAT_TYPE, NOT_IN_GROUP = range(6)
TARGET_REQUIRED, INVALID_CHANNEL, NOT_IN_GUILD, LOCKDOWN, TARGET_OFFLINE = 6, 7, 10, 11, 12


@dataclass(frozen=True)
class Location:
    """Where a player stands: nearby means the same zone and within range, in yards."""

    zone: str = "Thunder Bluff"
    x: float = 0.0
    y: float = 0.0

    def distance(self, other: Location) -> float:
        if self.zone != other.zone:
            return math.inf
        return math.hypot(self.x - other.x, self.y - other.y)


class RealmBusy(RuntimeError):
    """The realm did not go quiet within the time allowed."""


HORIZON = 5.0  # seconds run_until_quiet looks past the last delivery for a timer to fire
CHAIN = 3  # short timers setting short timers run on for this many horizons past a delivery
_REALM_HORIZON: Any = object()  # run_until_quiet's default: the realm's own `horizon`


class Realm:
    def __init__(
        self,
        *,
        seed: int = 0,
        flavour: str = "retail",
        fps: float = 30.0,
        wtf: Path | str | None = None,
        latency: Latency | None = None,
        adversarial: Adversarial | None = None,
        instruction_limit: int = 10_000_000,
        max_memory: int | None = 256 * 1024 * 1024,
        chat_lines: int | None = None,
        addon_echo: bool = True,
        bit_signed: bool = False,
        deprecated_globals: bool = True,
        restrict_say: bool = True,
        load_out_of_date: bool = False,
        say_range: float = 40.0,
        yell_range: float = 300.0,
        start_epoch: int = 1_796_000_000,
        horizon: float | None = HORIZON,
        bandwidth: Bandwidth | None = Bandwidth(),  # noqa: B008 (frozen: shared safely)
        connected_realms: Sequence[Sequence[str]] | None = None,
        libraries: Sequence[Path | str] | None = None,
    ) -> None:
        if flavour not in FLAVOURS:
            raise ValueError(f"flavour is one of {', '.join(FLAVOURS)}, not {flavour!r}")
        connected = ConnectedRealms(connected_realms)  # (checked before anything is made)
        # Installed libraries (Ace3 and the like), found by folder name: see toc.find_file.
        self.libraries = library_roots(libraries)
        self.seed = seed
        self.flavour = flavour
        self.fps = fps
        self._tempdir = None
        if wtf is None:
            self._tempdir = tempfile.TemporaryDirectory(prefix="pyhost-wtf-")
            wtf = self._tempdir.name
        self.wtf = Path(wtf)
        self.network = Network(latency or Latency(), adversarial, seed)
        self.instruction_limit = instruction_limit
        self.max_memory = max_memory
        self.chat_lines = chat_lines  # lines a chat frame keeps (None: all; the game's 128)
        self.addon_echo = addon_echo
        self.bit_signed = bit_signed
        self.deprecated_globals = deprecated_globals
        self.restrict_say = restrict_say
        self.load_out_of_date = load_out_of_date
        self.say_range, self.yell_range = say_range, yell_range
        self.start_epoch = start_epoch
        self.horizon = horizon
        self.social = Social(self)  # guilds and chat channels (channels.py)
        self.now = 0.0
        self.clients: dict[str, Client] = {}
        self._by_lower: dict[str, Client] = {}  # "name-realm" in lower case: the first so named
        self.groups: list[Group] = []
        # (due, order, action, entry, receiver): see _at and _deliver
        self._queue: list[tuple[float, int, Callable[..., None], _Entry, Client | None]] = []
        self._timers: dict[tuple[str, int], _Entry] = {}  # (client, timer id) -> its entry
        # The same, by what each was set for: a few groups (a deadline's, a heartbeat's...).
        self._by_delay: dict[float, dict[tuple[str, int], _Entry]] = {}
        self._order = itertools.count()
        self._in_flight = 0  # queued entries that are deliveries, not timers
        self._active_at = 0.0  # the last delivery, or the last thing a test did: see touched
        self._rolls = random.Random(f"{seed}:server rolls")
        # Scripted rolls by (roller, bounds), either None for any: see script_rolls.
        self._scripted_rolls: dict[tuple[str | None, tuple[int, int] | None],
                                   deque[int | Callable[[int, int], int]]] = {}
        self._frame = 0  # frames counted from time 0: frame n is at n / fps
        self._updating: dict[str, Client] = {}  # clients with a shown OnUpdate frame
        self._line_ids = itertools.count(1)
        self.dropped_rolls: list[tuple[str, Any, Any]] = []
        self.bandwidth = bandwidth  # None: nobody is disconnected for flooding
        self.connected_realms = connected
        self.meters: dict[str, Meter] = {}  # by client: what the server counted of its traffic
        self._cut: set[str] = set()  # clients disconnected for flooding, not yet gone
        self.disconnects: list[tuple[float, str, str]] = []  # (time, client, why)

    # -- the clock ---------------------------------------------------------------------------

    def game_time(self) -> float:
        """GetTime(): seconds from an arbitrary origin, millisecond resolution."""
        moment = 1000.0 + self.now
        # round(moment, 3) goes through decimal text (slow, and asked on every delivery); the
        # nearest whole millisecond is the same where the moment is not within a hair of a
        # half millisecond, and its thousandth is the same float.
        millis = moment * 1000.0
        whole = math.floor(millis + 0.5)
        if abs(millis - whole) < 0.4999 and moment < 1e9:
            return whole / 1000.0
        return round(moment, 3)

    def epoch(self) -> int:
        return self.start_epoch + int(self.now)

    def _at(self, due: float, action: Callable[..., None], *,
            delay: float | None = None, receiver: Client | None = None) -> _Entry:
        """Queue an action of the realm's, or with `delay` (what it was set for) a timer; with
        `receiver`, action(receiver) for a message to that client (see _run_one)."""
        if delay is None:
            entry = _DELIVERY
            self._in_flight += 1
        else:
            entry = _Entry(due, delay)
        heapq.heappush(self._queue, (due, next(self._order), action, entry, receiver))
        return entry

    def _drop_cancelled(self) -> None:
        # A cancelled timer is left in the heap and skipped here, before the clock moves.
        while self._queue and self._queue[0][3].cancelled:
            heapq.heappop(self._queue)

    @property
    def pending(self) -> int:
        return sum(1 for item in self._queue if not item[3].cancelled)

    def updating_changed(self, client: Client) -> None:
        if client.updating:
            if not self._updating:
                self._catch_up_frames()
            self._updating[client.full_name] = client
        else:
            self._updating.pop(client.full_name, None)

    def _tick_frames_until(self, moment: float) -> None:
        """Run every OnUpdate frame tick after now and up to `moment`, at the frame rate.

        Frames sit on a fixed grid (frame n at n / fps) so ticks never drift, and each
        ticks with the frame's length as `elapsed`."""
        step = 1.0 / self.fps
        last = math.floor(moment * self.fps + 1e-9)
        if not self._updating:
            self._frame = max(self._frame, last)
            return
        while self._frame < last and self._updating:
            self._frame += 1
            self.now = max(self.now, self._frame / self.fps)
            for client in list(self._updating.values()):
                client.update(step)
        self._frame = max(self._frame, last)

    def _catch_up_frames(self) -> None:
        # While no frame updates, _run_one does not count frames (it runs for every delivery):
        # the frame count catches up here, to the last frame at or before now, where each
        # moment the clock reached would have left it.
        self._frame = max(self._frame, math.floor(self.now * self.fps + 1e-9))

    def touched(self) -> None:
        """Something happened now (a delivery, a line typed, Lua run, the clock moved by
        hand): run_until_quiet's horizon counts from here."""
        self._active_at = self.now

    def _run_one(self) -> None:
        queue = self._queue
        due, _, action, entry, receiver = heapq.heappop(queue)
        if self._updating:
            self._tick_frames_until(due)
        if due > self.now:
            self.now = due
        if entry is _DELIVERY:
            self._in_flight -= 1
            self._active_at = self.now  # (touched)
        if receiver is None:
            action()
        elif receiver._online:  # a message for a player who went offline is lost
            # (`online`'s field: this runs for every delivery)
            action(receiver)
        if queue and queue[0][3].cancelled:
            self._drop_cancelled()

    def run_until_quiet(self, timeout: float = 600.0,
                        horizon: float | None = _REALM_HORIZON) -> float:
        """Deliver everything in flight and fire the timers that follow closely; the virtual
        seconds it took.

        A timer follows closely if it was set for at most `horizon` seconds (the realm's
        `horizon` unless given) and is due at most CHAIN horizons after the last delivery or
        the last thing the test did (`touched`). The clock runs on, through every delivery
        and timer in order, while a message is in flight or such a timer is pending, and
        stops then: longer timers (a deadline, a heartbeat) stay pending for `advance` to
        reach, unless the clock passes them on the way. So a silent ticker cannot keep it
        going, though one that sends a message each tick can. With `horizon=None` it fires
        every timer, until none is left. Either way it raises `RealmBusy` past `timeout`
        virtual seconds."""
        if horizon is _REALM_HORIZON:
            horizon = self.horizon
        start = self.now
        self._drop_cancelled()
        while self._queue:
            if horizon is not None and not self._in_flight and not self._close(horizon):
                break
            due = self._queue[0][0]
            if due - start > timeout:
                raise RealmBusy(f"the realm is still busy after {timeout:g} virtual seconds: "
                                f"{self.pending} deliveries or timers pending (a ticker that never "
                                f"stops? realm.run_for(seconds) runs a set time beside one)")
            self._run_one()
        return self.now - start

    def _close(self, horizon: float) -> bool:
        """Whether a timer that follows closely is pending (see run_until_quiet)."""
        until = self._active_at + CHAIN * horizon
        # The queue's head is the first thing due, and a timer there not cancelled is pending:
        # most often it settles the question (due too late, every timer is; set short and due
        # in time, it is one) without going through every client's timers.
        first = self._queue[0][3] if self._queue else None
        if first is not None and first.delay is not None and not first.cancelled:
            if first.due > until:
                return False
            if first.delay <= horizon:
                return True
        # (The timers pending are those in self._timers: one fired or cancelled leaves it. Only
        # those set short enough are looked at, a group at a time.)
        return any(entry.due <= until for delay, group in self._by_delay.items()
                   if delay <= horizon for entry in group.values())

    def run_for(self, seconds: float) -> float:
        """Run exactly `seconds` of virtual time: every delivery, timer and frame due in it,
        however long a timer (tickers that never stop included: run_until_quiet leaves a
        silent one after three horizons and, with horizon=None, raises RealmBusy). Returns
        `seconds`."""
        self.advance(seconds)
        return seconds

    def advance(self, seconds: float) -> None:
        """Let `seconds` of virtual time pass, frame by frame where frames update."""
        end = self.now + seconds
        self._drop_cancelled()
        while self._queue and self._queue[0][0] <= end:
            self._run_one()
        self._tick_frames_until(end)
        self.now = end
        self.touched()

    # -- players -----------------------------------------------------------------------------

    def login(
        self,
        name: str,
        *,
        realm: str = "Thunderhorn",
        locale: str = "enUS",
        sex: str = "male",
        at: Location | None = None,
        addons: Sequence[Path | str] = (),
        account: str | None = None,
    ) -> Client:
        """Log a character in (or back in): its addons load and the login events fire."""
        full = f"{name}-{realm.replace(' ', '').replace('-', '')}"
        client = self.clients.get(full)
        if client is None:
            guid = f"Player-{1000 + len(self.clients)}-{len(self.clients) + 1:08X}"
            client = Client(self, name=name, realm_name=realm, locale=locale, sex=sex,
                            location=at or Location(), addons=[Path(a) for a in addons],
                            account=account or name, guid=guid)
            self.clients[full] = client
            self._by_lower.setdefault(full.lower(), client)
        elif client.online:
            raise ValueError(f"{full} is already logged in")
        self.touched()
        self._cut.discard(client.full_name)
        self.meter(client).level = 0.0  # a new connection: the server's buffer starts empty
        client.login()
        self.client_came_back(client)
        return client

    def client_came_back(self, client: Client) -> None:
        told: set[str] = set()  # (a member of both groups hears it once)
        for group in self.groups_of(client):
            self._roster_changed(group, f"comes_online:{client.name}", told=told)

    def logout(self, client: Client) -> None:
        """The player logs out; they stay in their group, offline."""
        client.logout()
        self._went_offline(client)

    def crash(self, client: Client) -> None:
        """The game crashes: no PLAYER_LOGOUT, and the SavedVariables are not written (WoW
        writes them only at logout and /reload), so whatever changed since is lost. The
        group sees the player go offline, as after a logout."""
        if not client.online:
            return
        client.end_ui(save=False)
        self._went_offline(client)

    def disconnect(self, client: Client, why: str = "disconnected") -> None:
        """The server drops the client (for flooding, say): its UI unloads as at a logout
        (PLAYER_LOGOUT, SavedVariables written; *assumed*, as the client returns to the login
        screen), the group sees it go offline, and it may log in again."""
        if not client.online:
            return
        self.disconnects.append((self.now, client.full_name, why))
        client.end_ui(save=True)
        self._went_offline(client)

    def guild(self, name: str, *members: Client, officers: Sequence[Client] = ()) -> Guild:
        """Make a guild of these players, the first its guild master (channels.py)."""
        return self.social.make_guild(name, members, officers)

    def _went_offline(self, client: Client) -> None:
        self.social.forget(client)
        told: set[str] = set()
        for group in self.groups_of(client):
            self._roster_changed(group, f"goes_offline:{client.name}", told=told)

    def meter(self, client: Client) -> Meter:
        meter = self.meters.get(client.full_name)
        if meter is None:
            meter = self.meters[client.full_name] = Meter()
        return meter

    def _counted(self, client: Client, *parts: bytes | str | None) -> bool:
        """The server counts one message against the client's budget; False if the client
        is (now) disconnected for flooding, and the message goes nowhere."""
        if client.full_name in self._cut:
            return False
        budget = self.bandwidth or Bandwidth()
        within = self.meter(client).spend(budget, budget.cost(*parts), self.now)
        if within or self.bandwidth is None:
            return True
        self._cut.add(client.full_name)
        # (Sent from inside the client's Lua: it goes once that code returns.)
        self._at(self.now, lambda: self.disconnect(client, "flooding"))
        return False

    def request_reload(self, client: Client) -> None:
        # /reload runs after the slash command returns, as the UI tears down.
        self._at(self.now, client.reload)

    def find(self, name: str, *, relative_to: Client | None = None) -> Client | None:
        """A client by "Name-Realm", or by "Name" on the asker's realm; any case, as WoW."""
        wanted = name.lower()
        if "-" not in wanted and relative_to is not None:
            wanted = f"{wanted}-{relative_to.realm_name.lower()}"
        found = self._by_lower.get(wanted)  # (a look-up, not a walk over every client: the
        if found is not None:  # addon asks about a message's sender on every delivery)
            return found
        if "-" not in wanted:  # no realm given and nobody to be relative to: a unique name
            matches = [c for c in self.clients.values() if c.name.lower() == wanted]
            return matches[0] if len(matches) == 1 else None
        return None

    def nearby(self, client: Client, yards: float) -> list[Client]:
        return [c for c in self.clients.values()
                if c.online and c.location.distance(client.location) <= yards]

    def move(self, client: Client, location: Location) -> None:
        client.location = location

    # -- groups ------------------------------------------------------------------------------

    def groups_of(self, client: Client) -> list[Group]:
        """The client's groups: the home group, the instance group, or both."""
        return [group for group in self.groups if client.full_name in group]

    def group_of(self, client: Client, category: int | None = None) -> Group | None:
        """The client's group of a category (HOME 1, INSTANCE 2); with none (or any other
        value), the active group: the instance group if the client is in one, else the home
        group, as the game's calls default."""
        home = instance = None
        for group in self.groups_of(client):
            if group.instance:
                instance = group
            else:
                home = group
        if category == HOME:
            return home
        if category == INSTANCE:
            return instance
        return instance or home

    def invite(self, leader: Client, invitee: Client) -> None:
        """`leader` invites `invitee` to their home group, and `invitee` accepts at once."""
        if self.group_of(invitee, HOME) is not None:
            raise GroupError(f"{invitee.name} is already in a group")
        group = self.group_of(leader, HOME)
        if group is None:
            group = Group(leader=leader.full_name)
            self.groups.append(group)
        elif group.leader != leader.full_name and leader.full_name not in group.assistants:
            raise GroupError(f"{leader.name} may not invite: only the leader or an assistant")
        group.add(invitee.full_name)
        key = "joins_raid" if group.raid else "joins_party"
        self._roster_changed(group, f"{key}:{invitee.name}")

    def party(self, *clients: Client) -> Group:
        """Group these clients, the first leading; more than five make a raid."""
        leader, *others = clients
        for index, other in enumerate(others):
            if index == 4:
                self.convert_to_raid(leader)
            self.invite(leader, other)
        group = self.group_of(leader, HOME)
        assert group is not None
        return group

    def raid(self, *clients: Client) -> Group:
        leader, *others = clients
        if others:
            self.invite(leader, others[0])
        self.convert_to_raid(leader)
        for other in others[1:]:
            self.invite(leader, other)
        group = self.group_of(leader, HOME)
        assert group is not None
        return group

    def instance_group(self, *clients: Client, raid: bool = False) -> Group:
        """A finder (dungeon or raid finder, a battleground, a follower dungeon) puts these
        clients in an instance group, the first leading: a raid with `raid` or more than
        five. Each keeps their home group beside it. One client alone is a group too (a
        follower dungeon's or a delve's: the finder's companions are not players)."""
        leader, *others = clients
        for client in clients:
            if self.group_of(client, INSTANCE) is not None:
                raise GroupError(f"{client.name} is already in an instance group")
        group = Group(leader=leader.full_name, raid=raid or len(clients) > PARTY_SIZE,
                      instance=True)
        for other in others:
            group.add(other.full_name)
        self.groups.append(group)
        self.groups_changed()
        for client in clients:
            self._joined_instance(client, group)
        return group

    def join_instance_group(self, group: Group, client: Client) -> None:
        """The finder adds `client` to an instance group already under way (a backfill)."""
        if not group.instance or group not in self.groups:
            raise GroupError("that is not an instance group")
        if self.group_of(client, INSTANCE) is not None:
            raise GroupError(f"{client.name} is already in an instance group")
        group.add(client.full_name)
        self.groups_changed()
        for member in self._online(group.members):
            if member is client:
                self._joined_instance(client, group)
            else:
                member.system_line(member.system_text("instance_joins", client.name))
                member.fire("GROUP_ROSTER_UPDATE")

    def _joined_instance(self, client: Client, group: Group) -> None:
        if not client.online:
            return
        home = self.group_of(client, HOME)
        # The game has no line for joining a party oneself (see _news_line).
        if home is not None:
            key = "instance_with_raid" if home.raid else "instance_with_party"
        else:
            key = "you_join_raid" if group.raid else ""
        if key:
            client.system_line(client.system_text(key))
        client.fire("GROUP_ROSTER_UPDATE")

    def convert_to_raid(self, leader: Client) -> None:
        group = self._led_by(leader, category=HOME)
        if not group.raid:
            group.raid = True
            self._roster_changed(group, "converted:")

    def leave(self, client: Client, category: int | None = None) -> None:
        """The client leaves its group of `category` (HOME or INSTANCE), by default the
        active one, as C_PartyInfo.LeaveParty."""
        group = self.group_of(client, category)
        if group is None:
            raise GroupError(f"{client.name} is not in a group")
        key = "instance_leaves" if group.instance else \
            "leaves_raid" if group.raid else "leaves_party"
        group.remove(client.full_name)
        self._roster_changed(group, f"{key}:{client.name}", also=[client])

    def kick(self, leader: Client, member: Client) -> None:
        group = self.group_of(leader)
        if group is None or member.full_name not in group:
            raise GroupError(f"{member.name} is not in {leader.name}'s group")
        if group.rank(leader.full_name) < 1 or group.rank(member.full_name) >= \
                group.rank(leader.full_name):
            raise GroupError(f"{leader.name} may not remove {member.name}")
        self.leave(member, group.category)

    def promote(self, leader: Client, member: Client) -> None:
        group = self._led_by(leader, member)
        group.leader = member.full_name
        group.assistants.discard(member.full_name)
        self._roster_changed(group, f"new_leader:{member.name}")

    def make_assistant(self, leader: Client, member: Client) -> None:
        group = self._led_by(leader, member)
        if not group.raid:
            raise GroupError("only a raid has assistants")
        group.assistants.add(member.full_name)
        self._roster_changed(group, "")

    def move_to_subgroup(self, leader: Client, member: Client, subgroup: int) -> None:
        group = self._led_by(leader, member)
        group.move(member.full_name, subgroup)
        self._roster_changed(group, "")

    def _led_by(self, leader: Client, member: Client | None = None, *,
                category: int | None = None) -> Group:
        group = self.group_of(leader, category)
        if group is None or group.leader != leader.full_name:
            raise GroupError(f"{leader.name} does not lead a group")
        if member is not None and member.full_name not in group:
            raise GroupError(f"{member.name} is not in {leader.name}'s group")
        return group

    def groups_changed(self) -> None:
        """The groups, who is online or where changed: every client's wow.lua forgets the
        group answers it keeps (IsInGroup, UnitInParty, UnitIsConnected, GetRaidRosterInfo...)
        and asks again. Whatever changes any of these calls this before an event tells."""
        for client in self.clients.values():
            if client._api is not None:
                client._api.group_news()

    def _roster_changed(self, group: Group, news: str, also: Sequence[Client] = (),
                        told: set[str] | None = None) -> None:
        """Tell everyone online in the group (and anyone who just left), with a system line.

        `news` is "key:Name" from locales.SYSTEM; each reads it in their own locale, the
        player it is about in the second person ("You leave the group."). Those in `told`
        were told already, and each one told now joins it."""
        key, _, who = news.partition(":")
        telling = [self.clients[name] for name in group.members] + list(also)
        # A home group of one disbands; an instance group lasts while anyone is in it.
        if len(group.members) <= (0 if group.instance else 1):
            self.groups.remove(group)
            if not group.instance:
                key, who = "disbanded", ""
        self.groups_changed()
        for client in telling:
            if not client.online or (told is not None and client.full_name in told):
                continue
            if told is not None:
                told.add(client.full_name)
            line = self._news_line(client, key, who, group)
            if line:
                client.system_line(line)
            client.fire("GROUP_ROSTER_UPDATE")

    @staticmethod
    def _news_line(client: Client, key: str, who: str, group: Group) -> str:
        """The roster news as `client` reads it: the game has no line for joining a party
        oneself, so that player reads none."""
        if not key:
            return ""
        if client.name == who:
            if key == "new_leader":
                return client.system_text("you_new_leader")
            if key == "instance_leaves":
                return client.system_text("you_leave_party")
            if key in ("joins_party", "joins_raid", "leaves_party", "leaves_raid"):
                verb = "join" if key.startswith("joins") else "leave"
                mine = f"you_{verb}_{'raid' if group.raid else 'party'}"
                return client.system_text(mine) if mine in locales.SYSTEM else ""
        return client.system_text(key, who, who)  # (comes_online names the player twice)


    def group_info(self, client: Client, what: str, category: int | None = None) -> Any:
        group = self.group_of(client, category)
        if what == "in_group":
            return group is not None
        if what == "in_raid":
            return group is not None and group.raid
        if what == "count":
            return len(group.members) if group else 0
        if what == "subgroup_count":
            return len(group.party_of(client.full_name)) - 1 if group else 0
        raise ValueError(what)

    def roster_info(self, client: Client, index: Any) -> Any:
        """GetRaidRosterInfo(index): a raid member's line, or None."""
        group = self.group_of(client)
        if group is None or not group.raid or not isinstance(index, int) or \
                not 1 <= index <= len(group.members):
            return None
        return self._roster_line(client, group, index)

    def _roster_line(self, client: Client, group: Group, index: int) -> tuple[Any, ...]:
        member = self.clients[group.members[index - 1]]
        shown = member.name if member.realm_name == client.realm_name else member.full_name
        return (to_lua(shown), group.rank(member.full_name), group.subgroups[member.full_name],
                80, b"Shaman", b"SHAMAN", to_lua(member.location.zone), member.online, False,
                b"NONE", False, b"NONE")

    def group_sexes(self, client: Client) -> tuple[Any, ...]:
        """(full name, UnitSex's answer) for the client and every member of its groups, end to
        end, for lua/wow.lua to keep at once (each as unit_info answers it)."""
        names = dict.fromkeys([client.full_name] + [
            member for group in self.groups_of(client) for member in group.members])
        return tuple(value for name in names
                     for value in (to_lua(name), self.unit_info(client, name, "sex")))

    def roster_lines(self, client: Client) -> tuple[Any, ...]:
        """Every line of roster_info, one after another (12 values each; none outside a
        raid), for lua/wow.lua to ask once till the groups change."""
        group = self.group_of(client)
        if group is None or not group.raid:
            return ()
        return tuple(value for index in range(1, len(group.members) + 1)
                     for value in self._roster_line(client, group, index))

    # -- units -------------------------------------------------------------------------------

    def resolve_unit(self, client: Client, unit: str) -> Client | None:
        """A unit token ("player", "target", "party2", "raid17": of the active group) or the
        name of the player or of a member of one of their groups (no one else's name is a
        unit)."""
        token = unit.lower()
        if "-" in token:  # "Name-Realm" (no unit token has a dash): who the addon asks of most
            named = self._by_lower.get(token)
            return named if named is not None and self._shares_a_group(client, named) else None
        if token == "player":
            return client
        if token == "target":
            return self.find(client.target, relative_to=client) if client.target else None
        if token.startswith("party") and token[5:].isdigit():
            group = self.group_of(client)
            others = [] if group is None else \
                [m for m in group.party_of(client.full_name) if m != client.full_name]
            return _nth(self, others, int(token[5:]))
        if token.startswith("raid") and token[4:].isdigit():
            group = self.group_of(client)
            members = group.members if group is not None and group.raid else []
            return _nth(self, members, int(token[4:]))
        named = self.find(unit, relative_to=client)
        return named if named is not None and self._shares_a_group(client, named) else None

    def _shares_a_group(self, client: Client, other: Client) -> bool:
        """Whether `other` is `client` or in one of client's groups (their names are units)."""
        if other is client:
            return True
        mine, theirs = client.full_name, other.full_name
        return any(mine in group and theirs in group for group in self.groups)

    def unit_info(self, client: Client, unit: str, what: str,
                  category: int | None = None) -> Any:
        other = self.resolve_unit(client, unit)
        if other is None:
            return False if what in ("exists", "connected", "leader", "assistant", "party") \
                else None
        if what == "name":
            realm = None if other.realm_name == client.realm_name else other.realm_name
            return to_lua(other.name), None if realm is None else to_lua(realm)
        if what == "full":
            return to_lua(other.name), to_lua(other.realm_name)
        if what == "guid":
            return to_lua(other.guid)
        if what == "sex":
            return _SEX_NUMBERS[other.sex]
        if what == "relation":
            return self.connected_realms.relation(client.realm_name, other.realm_name)
        if what == "exists":
            return True
        if what == "connected":
            return other.online
        # UnitInParty, UnitInRaid, UnitIsGroupLeader take a category; the others ask of
        # the active group.
        group = self.group_of(client, category)
        same_group = group is not None and other.full_name in group
        if what == "leader":
            return same_group and group.leader == other.full_name  # type: ignore[union-attr]
        if what == "assistant":
            return same_group and other.full_name in group.assistants  # type: ignore[union-attr]
        if what == "party":
            return same_group
        if what == "raid":
            if not same_group or not group.raid:  # type: ignore[union-attr]
                return None
            return group.members.index(other.full_name) + 1  # type: ignore[union-attr]
        raise ValueError(what)

    def set_target(self, client: Client, name: str) -> None:
        # /target takes a unit token or anyone's name, not only a group member's.
        other = (self.resolve_unit(client, name.strip())
                 or self.find(name.strip(), relative_to=client)) if name.strip() else None
        if other is None or not other.online:
            client.target = None
            client.system_line(client.system_text("no_player", name.strip()))
            return
        client.target = other.full_name
        client.fire("PLAYER_TARGET_CHANGED")

    # -- chat --------------------------------------------------------------------------------

    def _deliver(self, sender: str, receivers: Sequence[Client], kind: str,
                 action: Callable[[Client], None]) -> None:
        """Send one message to each receiver: action(receiver) runs when the network brings it
        there, if the receiver is still online then (see _run_one)."""
        plan, now = self.network.plan, self.now
        for receiver in receivers:
            for due in plan(now, sender, receiver.full_name, kind):
                self._at(due, action, receiver=receiver)

    def _chat_event(self, sender: Client, event: str, body: bytes,
                    receivers: Sequence[Client]) -> None:
        event = RealmEvent(event)  # (its arguments below are bytes and numbers)
        guid = to_lua(sender.guid)
        author = to_lua(sender.full_name)

        def show(receiver: Client) -> None:
            receiver.fire(event, body, author, b"", b"", b"", b"", 0, 0, b"", 0,
                          next(self._line_ids), guid, 0, False, False, False, False)

        self._deliver(sender.full_name, receivers, "chat", show)

    def _system(self, client: Client, key: str, *args: str) -> None:
        line = client.system_text(key, *args)
        self._at(self.now, lambda: client.system_line(line) if client.online else None)

    def send_chat(self, client: Client, body: bytes, chat_type: str, target: str | None, *,
                  hardware: bool) -> Any:
        """SendChatMessage: route one line of chat as the server would."""
        if chat_type not in CHAT_TYPES:
            return to_lua(f"Invalid chat type: {chat_type}")
        body = body[:MAX_CHAT_BYTES]
        if not body.strip():
            return None
        if chat_type in ("SAY", "YELL") and self.restrict_say and not hardware:
            return None  # outdoors, SAY and YELL need a key press: silently nothing
        if not self._counted(client, body, target if chat_type == "WHISPER" else None):
            return None
        # PARTY and RAID are the home group's, INSTANCE_CHAT the instance group's, and
        # RAID_WARNING the active group's (a battleground's leader warns the battleground).
        group = self.group_of(client, {"INSTANCE_CHAT": INSTANCE, "RAID_WARNING": None}.get(
            chat_type, HOME))
        leader = group is not None and group.leader == client.full_name
        if chat_type in ("SAY", "EMOTE", "YELL"):
            yards = self.yell_range if chat_type == "YELL" else self.say_range
            self._chat_event(client, f"CHAT_MSG_{chat_type}", body, self.nearby(client, yards))
        elif chat_type == "PARTY":
            if group is None:
                self._system(client, "not_in_party")
                return None
            event = "CHAT_MSG_PARTY_LEADER" if leader else "CHAT_MSG_PARTY"
            self._chat_event(client, event, body, self._online(group.party_of(client.full_name)))
        elif chat_type == "RAID":
            if group is None or not group.raid:
                self._system(client, "not_in_raid")
                return None
            event = "CHAT_MSG_RAID_LEADER" if leader else "CHAT_MSG_RAID"
            self._chat_event(client, event, body, self._online(group.members))
        elif chat_type == "RAID_WARNING":
            if group is None or (group.raid and group.rank(client.full_name) < 1):
                self._system(client, "no_permission" if group else "not_in_party")
                return None
            self._chat_event(client, "CHAT_MSG_RAID_WARNING", body, self._online(group.members))
        elif chat_type == "WHISPER":
            other = self.find(target or "", relative_to=client)
            if other is None or not other.online or \
                    not self.connected_realms.whisper_reaches(client.realm_name, other.realm_name):
                # (Another realm not connected: as if nobody; *assumed*, see docs/realm.md.)
                self._system(client, "no_player", target or "")
                return None
            self._chat_event(client, "CHAT_MSG_WHISPER", body, [other])
            self._chat_event(other, "CHAT_MSG_WHISPER_INFORM", body, [client])
        elif chat_type == "INSTANCE_CHAT":
            if group is None:
                self._system(client, "not_in_instance")
                return None
            event = "CHAT_MSG_INSTANCE_CHAT_LEADER" if leader else "CHAT_MSG_INSTANCE_CHAT"
            self._chat_event(client, event, body, self._online(group.members))
        elif chat_type == "CHANNEL":
            self.social.send_channel(client, body, target)
        else:  # GUILD, OFFICER (channels.py)
            heard = self.social.guild_receivers(client, chat_type)
            if isinstance(heard, str):
                self._system(client, heard)
                return None
            self._chat_event(client, f"CHAT_MSG_{chat_type}", body, heard)
        return None

    def _online(self, names: Sequence[str]) -> list[Client]:
        return [self.clients[n] for n in names if self.clients[n].online]

    # -- addon messages ----------------------------------------------------------------------

    def send_addon(self, client: Client, prefix: bytes, body: bytes, chat_type: str,
                   target: str | None) -> int:
        """C_ChatInfo.SendAddonMessage: the result code, and delivery when it succeeds."""
        if not prefix or len(prefix) > 16:
            return INVALID_PREFIX
        if len(body) > MAX_CHAT_BYTES or b"\0" in body:
            return INVALID_MESSAGE
        classic = FLAVOURS[self.flavour].classic
        if chat_type not in ADDON_CHAT_TYPES or (chat_type in ("SAY", "YELL") and not classic) \
                or (chat_type == "CHANNEL" and classic):
            return INVALID_CHAT_TYPE
        if client.lockdown or (client.restricted and secrets.refuses_outgoing(client)):
            return LOCKDOWN
        group = self.group_of(client, INSTANCE if chat_type == "INSTANCE_CHAT" else HOME)
        receivers: list[Client]
        if chat_type == "WHISPER":
            if not target:
                return TARGET_REQUIRED
            other = self.find(target, relative_to=client)
            if other is None or not other.online:
                if self._counted(client, prefix, body, target):
                    self._system(client, "no_player", target)
                return TARGET_OFFLINE
            if not self.connected_realms.whisper_reaches(client.realm_name, other.realm_name):
                self._counted(client, prefix, body, target)
                return SUCCESS  # to another realm, not connected: silently nowhere
            receivers = [other]
        elif chat_type in ("PARTY", "RAID"):
            if group is None:  # PARTY and RAID are the home group's, not an instance group's
                self._system(client, "not_in_party" if chat_type == "PARTY" else "not_in_raid")
                return NOT_IN_GROUP
            if chat_type == "RAID" and not group.raid:
                chat_type = "PARTY"  # RAID outside a raid goes to the party
            names = group.members if chat_type == "RAID" else group.party_of(client.full_name)
            receivers = [c for c in self._online(names)
                         if c is not client or self.addon_echo]
        elif chat_type in ("SAY", "YELL"):
            yards = self.yell_range if chat_type == "YELL" else self.say_range
            receivers = [c for c in self.nearby(client, yards)
                         if c is not client or self.addon_echo]
        elif chat_type == "INSTANCE_CHAT":
            if group is None:
                return NOT_IN_GROUP
            receivers = [c for c in self._online(group.members)
                         if c is not client or self.addon_echo]
        elif chat_type == "CHANNEL":
            found = self.social.channel_receivers(client, target)
            if found is None:
                return INVALID_CHANNEL
            receivers = [c for c in found[1] if c is not client or self.addon_echo]
        else:  # GUILD, OFFICER (channels.py)
            heard = self.social.guild_receivers(client, chat_type)
            if isinstance(heard, str):
                return NOT_IN_GUILD
            receivers = [c for c in heard if c is not client or self.addon_echo]
        # Whispers outside instances are exempt from the per-prefix throttle.
        if chat_type != "WHISPER" and not client.take_token(prefix, self.now):
            return THROTTLED
        if not self._counted(client, prefix, body, target if chat_type == "WHISPER" else None):
            return SUCCESS  # (the client is being disconnected: it goes nowhere)
        sender = to_lua(client.full_name)
        whisper_target = to_lua(client.full_name) if chat_type == "WHISPER" else b""
        if chat_type == "CHANNEL":  # the channel's name (*assumed*: channels.py)
            whisper_target = to_lua(self.social.display[found[0]])  # type: ignore[index]
        channel = to_lua(chat_type)

        def arrive(receiver: Client) -> None:
            if receiver.restricted and secrets.drops_incoming(receiver):
                return  # dropped in chat messaging lockdown
            if prefix in receiver._prefixes:  # (prefix_registered, inline: on every delivery)
                receiver.fire(_CHAT_MSG_ADDON, prefix, body, channel, sender, whisper_target,
                              0, 0, b"", 0)

        self._deliver(client.full_name, receivers, "addon", arrive)
        return SUCCESS

    # -- restricted content (secrets.py) -------------------------------------------------------

    def restrict(self, who: Any, kind: str = "Encounter", *, drop_outgoing: bool = True,
                 drop_incoming: bool = True) -> None:
        """Put players (a client, a name, a group or a list) under a restriction of retail's
        Enum.AddOnRestrictionType: "Encounter", "ChallengeMode", "PvPMatch", "Map", ..."""
        secrets.restrict(self, who, kind, drop_outgoing=drop_outgoing,
                         drop_incoming=drop_incoming)

    def lift(self, who: Any, kind: str = "Encounter") -> None:
        """Take players out of a restriction `restrict` put them under."""
        secrets.lift(self, who, kind)

    # -- the server's /roll ------------------------------------------------------------------

    def script_rolls(self, *values: int | Callable[[int, int], int], by: str | None = None,
                     bounds: tuple[int, int] | None = None, width: int | None = None) -> None:
        """The results of the next RandomRoll calls, in order (for demos and tests): a number,
        or a function of the roll's (low, high) giving one, for ranges a test cannot know.

        With `by` ("Skoll", or "Skoll-Thunderhorn" to tell apart players of two realms) only
        that player's rolls take them; with `bounds` (low, high) only rolls of exactly that
        range. A roll takes the next value of the most specific queue that has one: by and
        bounds, by, bounds, then the shared one; so other players' rolls, or a neighbour
        addon's rolls of other ranges, leave a player's script alone. With `width` (and no
        `bounds`), only rolls of a range that wide, wherever it lies (a range the test cannot
        know, such as one a message's nonce gives), after the queues of exact bounds."""
        where = (bounds[0], bounds[1]) if bounds else ("width", width) if width else None
        key = (by.lower() if by else None, where)
        self._scripted_rolls.setdefault(key, deque()).extend(values)

    def _scripted_roll(self, client: Client, low: int, high: int) -> int | None:
        for by in (client.full_name.lower(), client.name.lower(), None):
            for bounds in ((low, high), ("width", high - low + 1), None):
                queue = self._scripted_rolls.get((by, bounds))
                if queue:
                    result = queue.popleft()
                    result = result(low, high) if callable(result) else result
                    if not low <= result <= high:
                        raise ValueError(f"scripted roll {result} is outside {low}-{high}")
                    return result
        return None

    def roll(self, client: Client, low: Any, high: Any) -> None:
        bounds = []
        for value in (low, high):
            number = value if isinstance(value, (int, float)) else _number(value)
            bounds.append(None if number is None else math.floor(number))
        if None in bounds or not 1 <= bounds[0] <= bounds[1] <= MAX_ROLL:  # type: ignore[operator]
            self.dropped_rolls.append((client.full_name, low, high))
            return  # the server ignores a roll it cannot make
        low_n, high_n = bounds  # type: ignore[misc]
        result = self._scripted_roll(client, low_n, high_n)
        if result is None:
            result = self._rolls.randint(low_n, high_n)
        seen = {c.full_name: c for c in self.nearby(client, self.say_range)}
        for group in self.groups_of(client):  # the home group and the instance group
            seen.update({c.full_name: c for c in self._online(group.members)})
        seen[client.full_name] = client
        for receiver in seen.values():
            line = locales.wow_format(receiver.global_strings["RANDOM_ROLL_RESULT"],
                                      client.name, result, low_n, high_n)
            self._deliver("server", (receiver,), "system",
                          lambda r, line=line: r.system_line(line))

    # -- timers ------------------------------------------------------------------------------

    def schedule_timer(self, client: Client, timer: int, delay: float) -> None:
        generation = client.generation
        key = (client.full_name, timer)

        def fire() -> None:
            self._forget_timer(key)
            client.timer_fired(timer, generation)

        self._forget_timer(key)  # (one set again under its id is pending once)
        entry = self._timers[key] = self._at(self.now + delay, fire, delay=delay)
        self._by_delay.setdefault(delay, {})[key] = entry

    def _forget_timer(self, key: tuple[str, int]) -> _Entry | None:
        """A timer is pending no more (it fired, or is cancelled): its entry, if it was."""
        entry = self._timers.pop(key, None)
        if entry is not None:
            group = self._by_delay[entry.delay]  # type: ignore[index]
            del group[key]
            if not group:
                del self._by_delay[entry.delay]  # type: ignore[arg-type]
        return entry

    def cancel_timer(self, client: Client, timer: int) -> None:
        entry = self._forget_timer((client.full_name, timer))
        if entry is not None:
            entry.cancelled = True

    def cancel_timers(self, client: Client) -> None:
        """The UI went away (logout, /reload): its timers go with it."""
        for key in [key for key in self._timers if key[0] == client.full_name]:
            self._forget_timer(key).cancelled = True  # type: ignore[union-attr]

    def errors(self) -> list[tuple[str, str]]:
        """Every addon error on every client: (client, error text)."""
        return [(c.full_name, e.traceback) for c in self.clients.values() for e in c.errors]


class _Entry:
    """A queued timer, or any delivery (_DELIVERY); a cancelled one (only timers are) is
    skipped."""

    __slots__ = ("cancelled", "delay", "due")

    def __init__(self, due: float, delay: float | None) -> None:
        self.cancelled = False
        self.due = due
        self.delay = delay  # what a timer was set for; None for a delivery


_CHAT_MSG_ADDON = RealmEvent("CHAT_MSG_ADDON")  # (send_addon's arguments are bytes and numbers)

# UnitSex's answers (1 unknown, 2 male, 3 female).
_SEX_NUMBERS = {"unknown": 1, "male": 2, "female": 3}

# What every delivery is queued with: one entry, as nothing reads a delivery's own.
_DELIVERY = _Entry(0.0, None)


def _nth(realm: Realm, names: Sequence[str], index: int) -> Client | None:
    return realm.clients[names[index - 1]] if 1 <= index <= len(names) else None


def _number(value: Any) -> float | None:
    try:
        return float(text(value))
    except ValueError:
        return None
