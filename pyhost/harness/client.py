"""One simulated WoW client: a player's own Lua 5.1 runtime and what it sees.

The runtime is a `lupa` Lua 5.1 state with strings as bytes, no `python`
global and an attribute filter that denies Lua every attribute of every
Python object, so the only thing addon code can do with the host functions
the API is built on is call them. The WoW API itself is `lua/wow.lua`; this
module is the Python half: addon loading by .toc, SavedVariables, the chat
frame, the error list and the bridge functions `wow.lua` calls.
"""

from __future__ import annotations

import calendar
import random
import time as _time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lupa import lua51

from ..flavours import FLAVOURS
from . import bytecode, channels, locales, screen, secrets, uixml
from .bitlib import bit_table, native_opener
from .luavalues import to_python
from .savedvars import dump_saved, load_saved
from .screen import Widget
from .toc import LuaSource, Toc, libraries, library_addon, load_order, read_toc
from .uixml import UiElement, load_steps
from .widgets import widgets
from .wowapi import CONSTANT, api, chat_info, loading

if TYPE_CHECKING:
    from .realm import Location, Realm

WOW_LUA = resources.files("pyhost.harness").joinpath("lua/wow.lua").read_bytes()
API_LUA = resources.files("pyhost.harness").joinpath("lua/api.lua").read_bytes()
# Run after wow.lua, before api.lua, in this order (lua/widgets.lua says what each holds).
WIDGET_LUA = tuple((name, resources.files("pyhost.harness").joinpath(f"lua/{name}").read_bytes())
                   for name in ("widgets.lua", "widget_layout.lua", "widget_methods.lua",
                                "widget_animations.lua", "uixml.lua", "uixml_animations.lua",
                                "blizzard_api.lua"))
# The test's hands and eyes: run when first asked for (lua/blizzard_api.lua).
HANDS_LUA = resources.files("pyhost.harness").joinpath("lua/widget_hands.lua").read_bytes()
SCREEN = (1024, 768)  # UIParent's size: a 4:3 screen at UI scale 1
SEXES = {"unknown": 1, "male": 2, "female": 3}
# Each runtime collects when its heap reaches 130% of what the last collection kept (Lua's
# default is 200%). A realm holds many clients' heaps in one process, and the allocator keeps
# the pages each heap's peak touched: at 40 players the process keeps about 25 MiB less and
# stays flatter over a long session, for about the same CPU (tools/bench_memory.py).
GC_PAUSE = 130


# Event arguments of these types go to Lua as they are (Client.fire).
_AS_THEY_ARE = frozenset((bytes, int, float, bool, type(None)))


class RealmEvent(str):
    """The name of an event the realm delivers with arguments it made itself, bytes and
    numbers only: Client.fire passes them on unchecked, with the name's bytes made once (it
    runs for every message every client receives). It is the name all the same (a test that
    stands in for Client.fire compares it with "CHAT_MSG_ADDON")."""

    encoded: bytes

    def __new__(cls, name: str) -> RealmEvent:
        event = super().__new__(cls, name)
        event.encoded = name.encode("utf-8")
        return event


def _deny(obj: object, name: object, is_setting: bool) -> object:
    raise AttributeError("Lua code may not reach into Python objects")


def to_lua(value: Any) -> Any:
    """Python text becomes Lua bytes; everything else passes as lupa converts it."""
    return value.encode("utf-8") if isinstance(value, str) else value


def text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


class LuaError(Exception):
    """A Lua error from code a test ran with Client.run_lua."""


def _as_tuple(value: Any) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else (value,)


@dataclass(frozen=True)
class AddonError:
    """A Lua error inside an addon, as WoW's error frame would show it."""

    message: str  # the first line: "Interface/AddOns/Foo/core.lua:3: boom"
    traceback: str  # the whole text with the stack traceback
    time: float

    def __str__(self) -> str:
        return self.traceback


# The lines a chat frame keeps: Blizzard's ChatFrame_OnLoad calls self:SetMaxLines(128)
# (Interface/AddOns/Blizzard_ChatFrameBase/Mainline/ChatFrame.lua); older lines scroll away.
CHAT_MAX_LINES = 128


def _nothing() -> None:
    pass


class ChatLines(Sequence):
    """The newest `limit` entries of a stream, indexed from the stream's first entry: len()
    counts every entry added, so `since = len(lines)` then `lines[since:]` is what came
    after; an entry that scrolled away is gone (indexing it raises IndexError, a slice skips
    it), and iterating, `in` and == see the entries kept. `sync` is called before each use:
    it brings in entries still waiting elsewhere (a client's lines kept in its Lua)."""

    def __init__(self, limit: int | None, sync: Callable[[], None] = _nothing) -> None:
        self._kept: deque[Any] = deque(maxlen=limit)
        self._dropped = 0  # entries that scrolled away
        self._sync = sync

    def _append(self, entry: Any) -> None:
        if len(self._kept) == self._kept.maxlen:
            self._dropped += 1
        self._kept.append(entry)

    def _extend(self, entries: list[Any]) -> None:
        if self._kept.maxlen is not None:
            self._dropped += max(0, len(self._kept) + len(entries) - self._kept.maxlen)
        self._kept.extend(entries)

    def append(self, entry: Any) -> None:
        self._sync()
        self._append(entry)

    def clear(self) -> None:
        self._sync()
        self._kept.clear()
        self._dropped = 0

    def __len__(self) -> int:
        self._sync()
        return self._dropped + len(self._kept)

    def __getitem__(self, index: Any) -> Any:
        size = len(self)
        if isinstance(index, slice):
            return [self._kept[i - self._dropped]
                    for i in range(*index.indices(size)) if i >= self._dropped]
        position = index + size if index < 0 else index
        if not self._dropped <= position < size:
            raise IndexError(f"chat line {index} is not kept (the frame keeps "
                             f"{self._kept.maxlen})")
        return self._kept[position - self._dropped]

    def __iter__(self) -> Iterator[Any]:
        self._sync()
        return iter(self._kept)

    def __reversed__(self) -> Iterator[Any]:
        self._sync()
        return reversed(self._kept)

    def __contains__(self, entry: object) -> bool:
        self._sync()
        return entry in self._kept

    def index(self, entry: Any, start: int = 0, stop: int | None = None) -> int:
        for position in range(*slice(start, stop).indices(len(self))):
            if position >= self._dropped and self._kept[position - self._dropped] == entry:
                return position
        raise ValueError(f"{entry!r} is not among the chat lines kept")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (ChatLines, list, tuple)):
            self._sync()
            return list(self._kept) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by its entries

    def __repr__(self) -> str:
        self._sync()
        return repr(list(self._kept))


class ChatFrame:
    """What one client's chat frame shows, line by line: the last `limit` lines (the game's
    chat frame keeps CHAT_MAX_LINES; None keeps every line); ChatLines says how they are
    indexed. `sync` brings in the lines the client's Lua shows and still keeps (it keeps them
    till they are read, rather than handing each over as it is shown)."""

    def __init__(self, limit: int | None = CHAT_MAX_LINES,
                 sync: Callable[[], None] = _nothing) -> None:
        self._sync = sync
        self.lines = ChatLines(limit, sync)
        # Each line's colour as AddMessage gave it, (r, g, b), or None (the frame's own).
        self.colours = ChatLines(limit, sync)

    def add(self, line: str, colour: tuple[float, float, float] | None = None) -> None:
        self._sync()
        self._add(line, colour)

    def _add(self, line: str, colour: tuple[float, float, float] | None = None) -> None:
        self.lines._append(line)
        self.colours._append(colour)

    def _extend(self, lines: list[str], colours: list[Any]) -> None:
        self.lines._extend(lines)
        self.colours._extend(colours)

    def __contains__(self, wanted: object) -> bool:
        return any(str(wanted) in line for line in self.lines)

    def __iter__(self):
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ChatFrame):
            return self.lines == other.lines
        if isinstance(other, (list, tuple)):
            return self.lines == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by its lines

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        self._sync()
        return f"<ChatFrame with {len(self.lines._kept)} lines>"

    def clear(self) -> None:
        self.lines.clear()
        self.colours.clear()

    def matching(self, wanted: str) -> list[str]:
        return [line for line in self.lines if wanted in line]


@dataclass
class _Bucket:
    """The server's per-prefix allowance: 10 messages, one more each second."""

    tokens: float
    updated: float


@dataclass
class Addon:
    toc: Toc
    loaded: bool = False
    status: str = ""  # why it did not load, if it did not
    namespace: Any = None


class Client:
    def __init__(self, realm: Realm, *, name: str, realm_name: str, locale: str, sex: str,
                 location: Location, addons: Sequence[Path], account: str, guid: str) -> None:
        locales.strings(locale, realm.flavour)  # an unknown locale fails here, by name
        if sex not in SEXES:
            raise ValueError(f"sex is one of {', '.join(SEXES)}, not {sex!r}")
        self.realm = realm
        self.name = name
        self.realm_display = realm_name
        self.realm_name = realm_name.replace(" ", "").replace("-", "")
        self.full_name = f"{name}-{self.realm_name}"
        self.locale = locale
        self.sex = sex
        self._online = False
        self._location = location
        self.account = account
        self.guid = guid
        self.addon_folders = [Path(folder) for folder in addons]
        self.chat = ChatFrame(realm.chat_lines, self._take_chat)
        self.errors: list[AddonError] = []
        # What the game would write to FrameXML.log: UI XML it passed over, one line each.
        self.ui_warnings: list[str] = []
        # Blizzard's interface as the player meets it (lua/blizzard_api.lua): sounds played
        # (soundKitID or file, channel), message() boxes, UIErrorsFrame lines.
        self.sounds: list[tuple[Any, str | None]] = []
        self.messages: list[str] = []
        self.ui_errors: list[str] = []
        self.target: str | None = None
        self.lockdown = False
        # Restricted content (secrets.py): kind -> Restriction; kinds being switched on.
        self.restricted: dict[str, Any] = {}
        self.restricting: dict[str, int] = {}
        self.generation = 0  # bumped at every login, so stale timers are dropped
        self._random = random.Random(f"{realm.seed}:{self.full_name}:math.random")
        self._scripted: deque[int] = deque()
        self._prefixes: dict[bytes, None] = {}
        self._buckets: dict[bytes, _Bucket] = {}
        self._updating = False
        self._hardware = False
        self.addons: dict[str, Addon] = {}
        self.lua: Any = None
        self._api: Any = None
        # (self._api.at and api.event_at, looked up once: they run for every timer and delivery)
        self._api_at: Any = None
        self._api_event_at: Any = None
        self._loadstring: Any = None  # the runtime's own loadstring, for bytecode.py's chunks
        self._c_type: Any = None  # secrets.lua's type() in C (bitlib.c), where it builds
        self._ui_namespace: Any = None
        # The interface files not run yet, in their order (_load_interface).
        self._lazy_pending: dict[str, None] = {}

    # Who is online and where: each client's wow.lua keeps its group answers (roster, who
    # is connected) until the realm says something changed.
    @property
    def online(self) -> bool:
        return self._online

    @online.setter
    def online(self, value: bool) -> None:
        self._online = value
        self.realm.groups_changed()

    @property
    def location(self) -> Location:
        return self._location

    @location.setter
    def location(self, value: Location) -> None:
        self._location = value
        self.realm.groups_changed()

    def __repr__(self) -> str:
        return f"<Client {self.full_name}{'' if self.online else ' (offline)'}>"

    # -- logging in and out ------------------------------------------------------------------

    def login(self, *, reloading: bool = False) -> None:
        """Start the UI: a fresh runtime, the addons in load order, the login events."""
        self.generation += 1
        self._prefixes.clear()
        self._updating = False
        self.online = True
        self._start_runtime()
        with libraries(self.realm.libraries):
            self.addons = {toc.name: Addon(toc=toc) for toc in load_order(self._tocs())}
            for addon in self.addons.values():
                self._load_addon(addon)
        events = api(self.realm.flavour).events
        for event, args in loading().sequence(reloading):
            if event in events:
                self.fire(event, *args)

    def logout(self) -> None:
        """PLAYER_LOGOUT, then the SavedVariables are written and the UI goes away."""
        self.end_ui(save=True)

    def crash(self) -> None:
        """The game crashes: the UI goes away with no PLAYER_LOGOUT and nothing saved."""
        self.realm.crash(self)

    def end_ui(self, *, save: bool) -> None:
        """The UI goes away: at a logout (or /reload) with PLAYER_LOGOUT and the
        SavedVariables written; at a crash with neither."""
        if not self.online:
            return
        if save:
            self.fire("PLAYER_LOGOUT")
            self._save_variables()
        self.realm.cancel_timers(self)
        self._take_chat()  # (what the frame showed stays shown)
        self.online = False
        self.lua = self._api = self._api_at = self._api_event_at = self._loadstring = None
        self._updating = False
        self.realm.updating_changed(self)

    def reload(self) -> None:
        """/reload: save, then start the UI again in the same session."""
        self.logout()
        self.login(reloading=True)

    def _start_runtime(self) -> None:
        key = (self.realm.flavour, self.realm.deprecated_globals)
        if key not in _LAZY_NAMES:
            # Once per process and flavour: a runtime that runs every interface file, to learn
            # the globals each defines, then is dropped (every client is made the same way).
            self._build_runtime(probe=True)
            self._updating = False
            self.realm.updating_changed(self)
        self._build_runtime(probe=False)

    def _build_runtime(self, *, probe: bool) -> None:
        self._take_chat()  # (what the probe's runtime showed)
        limits = {"max_memory": self.realm.max_memory} if self.realm.max_memory else {}
        self.lua = lua51.LuaRuntime(encoding=None, unpack_returned_tuples=True,
                                    register_eval=False, register_builtins=False,
                                    attribute_filter=_deny, **limits)
        self.lua.execute(b"collectgarbage('setpause', %d)" % GC_PAUSE)
        # secrets.lua's type() in C (bitlib.c), fetched before wow.lua removes `package`.
        self._c_type = native_opener(self.lua, b"luaopen_pyhost_type")
        flavour = FLAVOURS[self.realm.flavour]
        game = api(flavour.name)
        table = self._table
        info = chat_info(flavour.name)
        config = table({
            "instruction_limit": self.realm.instruction_limit,
            "locale": self.locale,
            "build": table([game.version, game.build, game.date, game.interface]),
            "classic": flavour.classic,
            "fallbacks": table(game.deprecated) if self.realm.deprecated_globals else None,
            "chat_info": table(info) if info else None,
            "bit": bit_table(self.lua, self.realm.bit_signed),
            "chat_formats": table(locales.CHAT_FORMATS),
            "chat_commands": table(locales.CHAT_COMMANDS),
            "unknown_command": self.system_text("unknown_command"),
            "global_strings": table(self.global_strings),
            "screen": table(list(SCREEN)),
        })
        # Loaded under their own names so tracebacks say where the API's own code is.
        # Compiled once per process (bytecode.py): the raw loadstring, before wow.lua wraps it.
        lua_globals = self.lua.globals()
        newproxy, loadstring = lua_globals[b"newproxy"], lua_globals[b"loadstring"]
        self._loadstring = loadstring
        host = self._host()
        # (Without their debug information: bytecode.py says why.)
        self._api = bytecode.load(loadstring, WOW_LUA, b"=[pyhost wow.lua]", lean=True)(
            host, config)
        self._api_at = self._api.at
        self._api_event_at = self._api.event_at
        for name, code in WIDGET_LUA:
            bytecode.load(loadstring, code, to_lua(f"=[pyhost {name}]"), lean=True)(
                host, config, self._api)
        bytecode.load(loadstring, API_LUA, b"=[pyhost api.lua]", lean=True)(host, config, self._api)
        secrets.load(self, newproxy)
        self.ui_warnings.clear()
        self._load_interface(probe)

    def _tocs(self) -> list[Toc]:
        """The addons' .tocs, with the installed libraries they name as dependencies (an Ace3
        folder among Realm(libraries=...)), as the game finds them in its AddOns folder."""
        tocs = [read_toc(folder, self.realm.flavour) for folder in self.addon_folders]
        names = {toc.name.casefold() for toc in tocs}
        for toc in tocs:  # (grows as libraries are added: a library's own dependencies too)
            for name in (*toc.dependencies, *toc.optional_dependencies):
                folder = library_addon(name) if name.casefold() not in names else None
                if folder is not None:
                    tocs.append(read_toc(folder, self.realm.flavour))
                    names.add(name.casefold())
        return tocs

    def _table(self, data: dict[str, Any] | list[Any]) -> Any:
        if isinstance(data, list):
            return self.lua.table_from([to_lua(v) for v in data])
        return self.lua.table_from({to_lua(k): to_lua(v) for k, v in data.items()})

    # -- addons and their saved variables ------------------------------------------------------

    def _load_addon(self, addon: Addon) -> None:
        toc = addon.toc
        interface = FLAVOURS[self.realm.flavour].interface
        if interface not in toc.interfaces and not self.realm.load_out_of_date:
            addon.status = "INTERFACE_VERSION"
            listed = ", ".join(map(str, toc.interfaces)) or "none"
            self.chat.add(f"{toc.name} is out of date (Interface {listed}; this client is "
                          f"{interface}) and was not loaded.")
            return
        missing = [dep for dep in toc.dependencies if not self._loaded(dep)]
        if missing:
            addon.status = "DEP_MISSING"
            self.chat.add(f"{toc.name} was not loaded: it needs {', '.join(missing)}.")
            return
        addon.namespace = self.lua.table()
        name = to_lua(toc.name)
        for step in load_steps(toc):
            self._run_step(step, name, addon.namespace)
        self._restore_variables(toc)
        addon.loaded = True
        self.fire("ADDON_LOADED", toc.name, False)

    def _run_step(self, step: LuaSource | UiElement, name: Any, namespace: Any,
                  lean: bool = False) -> None:
        if isinstance(step, LuaSource):
            chunkname = to_lua(step.chunkname)
            dumped = (bytecode.stripped if lean else bytecode.compiled)(step.code, chunkname)
            if dumped is None:  # Lua reports why it does not compile, as the game would
                self._api.run_file(step.code, chunkname, name, namespace)
            else:  # run as run_file runs it: (addonName, namespace) as `...`
                self._api.call(self._loadstring(dumped, chunkname), name, namespace)
        else:
            where = to_lua(step.where)
            dumped = bytecode.compiled(step.code, b"=" + where)
            chunk = step.code if dumped is None else self._loadstring(dumped, where)
            self._api.load_xml(chunk, where, step.code)

    def _load_interface(self, probe: bool) -> None:
        """Blizzard's pieces the realm writes itself (pyhost/harness/ui). Fonts and the files
        of LAZY_UI run when a global they define is first used (lua/api.lua), and a template
        of ui/Templates.xml is made from Python's copy (_kept_template); the rest run now.
        `probe`: run them all now and note what each font and file defines."""
        self._ui_namespace = self.lua.table()
        self._lazy_pending = {}
        key = (self.realm.flavour, self.realm.deprecated_globals)
        defined: dict[str, tuple[bytes, ...]] = {}
        for index, step in enumerate(uixml.harness_steps()):  # (Lua without debug information)
            file = _lazy_file(step)
            if file is None or probe:
                before = set(self._global_names()().values()) if file else set()
                self._run_step(step, b"pyhost", self._ui_namespace, lean=True)
                if file:
                    defined[file] = tuple(sorted(set(self._global_names()().values()) - before))
            elif _kept_template(step):
                self._api.ui_template(to_lua(step.node.attributes["name"]), index)
            else:
                self._lazy_pending[file] = None
        if probe:
            _LAZY_NAMES[key] = defined
            _LAZY_FILES[key] = {name: file for file, names in defined.items() for name in names}

    def _lazy_file(self, name: Any = None) -> Any:
        """The pending interface file that defines global `name`, if any (without a name: any
        pending file)."""
        if name is None:
            return to_lua(next(iter(self._lazy_pending), None))
        files = _LAZY_FILES.get((self.realm.flavour, self.realm.deprecated_globals), {})
        file = files.get(name)
        return to_lua(file) if file in self._lazy_pending else None

    def _lazy_names(self, file: Any) -> Any:
        """The globals a pending interface file defines; it is pending no more (it runs now)."""
        name = text(file)
        self._lazy_pending.pop(name, None)
        return self._table(list(_LAZY_NAMES[(self.realm.flavour,
                                             self.realm.deprecated_globals)][name]))

    def load_interface(self) -> None:
        """Run every interface file this client has not used yet, as if it had (for a test
        that goes through pairs(_G), which sees a file's globals once it has run)."""
        self._running()._api.load_interface()

    def _global_names(self) -> Any:
        return self.lua.eval(b"function() local names = {} for name in next, _G do "
                             b"if type(name) == 'string' then names[#names + 1] = name end "
                             b"end return names end")

    def _ui_template(self, index: int) -> Any:
        """The chunk of one of the realm's own templates (lua/uixml.lua's find_template)."""
        step = uixml.harness_steps()[int(index)]
        dumped = bytecode.compiled(step.code, b"=" + to_lua(step.where))
        return self._loadstring(step.code if dumped is None else dumped, to_lua(step.where))

    def _load_ui(self, file: Any) -> None:
        """Run one of LAZY_UI's files, first used now (lua/api.lua)."""
        for step in uixml.harness_steps():
            if _lazy_file(step) == text(file):
                self._run_step(step, b"pyhost", self._ui_namespace, lean=True)
                return

    def _loaded(self, name: str) -> bool:
        return any(n.lower() == name.lower() and a.loaded for n, a in self.addons.items())

    def saved_path(self, toc: Toc, per_character: bool) -> Path:
        account = self.realm.wtf / "Account" / self.account.upper()
        folder = account / self.realm_name / self.name if per_character else account
        return folder / "SavedVariables" / f"{toc.name}.lua"

    def _restore_variables(self, toc: Toc) -> None:
        for names, per_character in ((toc.saved_variables, False),
                                     (toc.saved_variables_per_character, True)):
            path = self.saved_path(toc, per_character)
            if not names or not path.is_file():
                continue
            found = load_saved(self.lua, path.read_bytes(), names,
                               chunkname=f"@WTF/{path.name}")
            if isinstance(found, str):
                # As WoW does: say so, and the addon starts with its variables unset.
                self.chat.add(f"Error loading saved variables for {toc.name}: {found}")
                continue
            for name, value in found.items():
                self._api.rawset(to_lua(name), value)

    def _save_variables(self) -> None:
        for addon in self.addons.values():
            if not addon.loaded:
                continue
            for names, per_character in ((addon.toc.saved_variables, False),
                                         (addon.toc.saved_variables_per_character, True)):
                if names:
                    path = self.saved_path(addon.toc, per_character)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(dump_saved(self.lua, names))

    # -- what the realm and the tests do to a client ----------------------------------------------

    def fire(self, event: str, *args: Any) -> None:
        """Deliver an event to this client's frames (and its chat frame)."""
        at = self._api_at
        if at is not None:
            if type(event) is RealmEvent:
                name = event.encoded
            else:
                # (to_lua, inlined: the arguments are mostly bytes and numbers, to pass as
                # they are)
                if not _AS_THEY_ARE.issuperset(map(type, args)):
                    args = tuple([a.encode("utf-8") if isinstance(a, str) else a for a in args])
                name = event.encode("utf-8") if isinstance(event, str) else event
            secret = self.restricted and secrets.secret_positions(self, event)
            # (With GetTime's value: lua/wow.lua's api.at and api.event_at.)
            if secret:
                at(self.realm.game_time(), b"secret_event", secret, name, *args)
                return
            self._api_event_at(self.realm.game_time(), name, *args)

    def type(self, line: str) -> None:
        """Type a line into the chat box and press Enter."""
        if not self.online:
            raise RuntimeError(f"{self.full_name} is not logged in")
        self.realm.touched()
        self._hardware = True
        try:
            self._api.at(self.realm.game_time(), b"chat_box", to_lua(line))
        finally:
            self._hardware = False

    def run_lua(self, code: str, *, raw: bool = False) -> Any:
        """Run Lua in this client as addon code would run (for tests) and return its results:
        None, one value, or a tuple of several. Strings come as `str` and tables as lists and
        dicts (pyhost/harness/luavalues.py says how); `raw=True` returns them as lupa gives
        them: strings as bytes, tables as live Lua tables. A Lua error raises LuaError."""
        if not self.online:
            raise RuntimeError(f"{self.full_name} is not logged in")
        self.realm.touched()
        chunk = self.lua.eval(to_lua(f"function() {code}\nend"))
        ok, *results = _as_tuple(self._api.attempt(chunk))
        if not ok:
            raise LuaError(text(results[0]))
        if not raw:
            results = to_python(results, self.lua)
        return None if not results else results[0] if len(results) == 1 else tuple(results)

    # -- the interface: widgets, keys, the screen (screen.py) ------------------------------------

    def widget(self, path: str) -> Widget:
        """The widget at `path`: a global name, then parentKeys or child names, dot-separated
        ("MyWindow.OkButton", "MyWindow.Inset", "MyWindow.#2" for the second child frame)."""
        found = self._running()._api.find_widget(to_lua(path))
        if found is None:
            raise KeyError(f"{self.full_name} has no widget {path!r}")
        return Widget(self, found)

    def widgets(self, kind: str | None = None, text: str | None = None, *,
                visible: bool = True) -> list[Widget]:
        """The widgets of type `kind` (IsObjectType) with text `text`, the visible ones unless
        `visible=False`, in the order made."""
        return list(screen.find(self._running(), kind, text, visible))

    def button(self, text: str) -> Widget:
        """The one visible button labelled `text`."""
        found = self.widgets("Button", text)
        if len(found) != 1:
            raise KeyError(f"{self.full_name} shows {len(found)} buttons labelled {text!r}")
        return found[0]

    def press_key(self, key: str) -> bool:
        """Press and release `key` ("ENTER", "ESCAPE", "TAB", "BACKSPACE", "A", ...): to the
        focused edit box, else to the visible frames that take the keyboard. False when
        nothing took it."""
        self._running()
        result: list[Any] = []
        self._hardware_action(lambda: result.append(self._api.press_key(to_lua(key))))
        return bool(result[0])

    def hover(self, widget: Widget | None) -> None:
        """Move the mouse onto `widget` (Widget.hover), or, with None, away from the
        interface over the world (OnLeave on what it left)."""
        if widget is not None:
            widget.hover()
            return
        self._hardware_action(lambda: self._running()._api.hover(None))

    def layout(self) -> list[screen.Box]:
        """Every visible widget with a position, in drawing order (screen.Box)."""
        return screen.layout(self._running())

    def screenshot(self, path: Path | str) -> list[screen.Box]:
        """Draw the visible interface to a PNG at `path` (screen.py says how); returns the
        boxes drawn."""
        return screen.screenshot(self._running(), path, SCREEN)

    def _running(self) -> Client:
        if not self.online:
            raise RuntimeError(f"{self.full_name} is not logged in")
        return self

    def _hardware_action(self, action: Any) -> None:
        self.realm.touched()
        self._hardware = True
        try:
            action()
        finally:
            self._hardware = False

    def _invoke(self, obj: Any, method: str, args: tuple[Any, ...]) -> Any:
        packed = self.lua.table_from({i + 1: to_lua(a) for i, a in enumerate(args)})
        ok, *results = _as_tuple(self._api.invoke(obj, to_lua(method), packed, len(args)))
        if not ok:
            raise LuaError(text(results[0]))
        results = to_python(results, self.lua)
        return None if not results else results[0] if len(results) == 1 else tuple(results)

    def global_value(self, name: str) -> Any:
        return self._api.rawget(to_lua(name)) if self._api is not None else None

    def script_random(self, *values: int) -> None:
        """The next values this client's math.random returns, in order."""
        self._scripted.extend(values)

    def timer_fired(self, timer: int, generation: int) -> None:
        if self.online and generation == self.generation:
            self._api.at(self.realm.game_time(), b"timer", timer)

    def update(self, elapsed: float) -> None:
        if self.online and self._updating:
            self._api.at(self.realm.game_time(), b"update", elapsed)

    @property
    def updating(self) -> bool:
        return self.online and self._updating

    @property
    def global_strings(self) -> dict[str, str]:
        """The game's global strings this client has (its locale's, in its flavour)."""
        return locales.strings(self.locale, self.realm.flavour)

    def system_text(self, key: str, *args: object) -> str:
        """The realm's system line `key` (locales.SYSTEM) in this client's own locale."""
        return locales.system_line(self.locale, self.realm.flavour, key, *args)

    def system_line(self, line: str) -> None:
        self.fire("CHAT_MSG_SYSTEM", line, "", "", "", "", "", 0, 0, "", 0, 0, "", 0, False,
                  False, False, False)

    def prefix_registered(self, prefix: bytes) -> bool:
        return prefix in self._prefixes

    def take_token(self, prefix: bytes, now: float) -> bool:
        """Spend one of this prefix's allowance; False when the server would refuse."""
        bucket = self._buckets.get(prefix)
        if bucket is None:
            bucket = self._buckets[prefix] = _Bucket(tokens=10.0, updated=now)
        bucket.tokens = min(10.0, bucket.tokens + (now - bucket.updated))
        bucket.updated = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    # -- the bridge wow.lua calls ----------------------------------------------------------------

    def _host(self) -> Any:
        realm = self.realm
        functions = {
            "report_error": self._report_error,
            "random": self._math_random,
            "time": lambda t=None: realm.epoch() if t is None else self._mktime(t),
            "date": self._date,
            "now": realm.game_time,
            "set_updating": self._set_updating,
            "chat_lines": self._chat_lines,
            "schedule": lambda timer, delay: realm.schedule_timer(self, timer, float(delay)),
            "cancel": lambda timer: realm.cancel_timer(self, timer),
            "unit": lambda unit, what, category=None: realm.unit_info(
                self, text(unit), text(what), _category(category)),
            "realm": lambda: to_lua(self.realm_name),
            "realm_display": lambda: to_lua(self.realm_display),
            "logged_in": lambda: self.online,
            "group": lambda what, category=None: realm.group_info(
                self, text(what), _category(category)),
            "roster_all": lambda: realm.roster_lines(self),
            "group_sexes": lambda: realm.group_sexes(self),
            "send_chat": lambda msg, kind, target=None: realm.send_chat(
                self, msg, text(kind), None if target is None else text(target),
                hardware=self._hardware),
            "register_prefix": self._register_prefix,
            "prefix_registered": lambda prefix: prefix in self._prefixes,
            "prefixes": lambda: self._table(list(self._prefixes)),
            "lockdown": lambda: self.lockdown,
            "send_addon": lambda prefix, msg, kind, target=None: realm.send_addon(
                self, prefix, msg, text(kind), None if target is None else text(target)),
            "roll": lambda low=None, high=None: realm.roll(self, low, high),
            "metadata": self._metadata,
            "addon_loaded": lambda name: self._loaded(text(name)),
            "addon_count": lambda: len(self.addons),
            "reload": lambda: realm.request_reload(self),
            "set_target": lambda name: realm.set_target(self, text(name)),
            "system_line": lambda line: self.system_line(line),
            # The flavour's API as data (lua/api.lua).
            "has": lambda name: api(realm.flavour).has(text(name), realm.deprecated_globals),
            "api_kind": self._api_kind,
            "api_member": lambda space, name: text(name) in api(realm.flavour).namespaces.get(
                text(space), ()),
            "enum": self._enum,
            # Widget types as data (lua/widgets.lua).
            "widget_type": self._widget_type,
            "widget_method": self._widget_method,
            "xml_type": lambda tag: self._xml_type(text(tag)),
            "xml_call": lambda tag: self._xml_call(text(tag)),
            "ui_warning": lambda line: self.ui_warnings.append(text(line)),
            "load_ui": self._load_ui,
            "load_hands": lambda: bytecode.load(self._loadstring, HANDS_LUA,
                                                b"=[pyhost widget_hands.lua]", lean=True)(
                None, None, self._api),
            "lazy_file": self._lazy_file,
            "lazy_names": self._lazy_names,
            "ui_template": self._ui_template,
            **channels.host_functions(self),
        }
        return self._table(functions)

    def _chat_lines(self, texts: bytes, sizes: bytes, *extras: Any) -> None:
        """Chat lines the chat frame showed (lua/wow.lua keeps them till asked): their texts
        end to end, their lengths ("5,0,12"), then (index from 1, r, g, b, value) for each
        line with a colour or whose text is `value`, not a string. A line's colour is the
        frame's own (None) without r, else (r, g, b) with 1.0 for g or b missing."""
        lengths = [int(size) for size in sizes.split(b",")]
        if texts.isascii():  # (one decode for them all: a byte is a character)
            whole = texts.decode("ascii")
        else:
            whole, texts = texts, None
        lines: list[Any] = []
        start = 0
        for length in lengths:
            end = start + length
            lines.append(whole[start:end] if texts is not None else
                         whole[start:end].decode("utf-8", "replace"))
            start = end
        colours: list[Any] = [None] * len(lines)
        for i in range(0, len(extras), 5):
            index, r, g, b, value = extras[i:i + 5]
            if value is not None:
                lines[index - 1] = text(value)
            if r is not None:
                colours[index - 1] = (r, g if g is not None else 1.0, b if b is not None else 1.0)
        self.chat._extend(lines, colours)

    def _take_chat(self) -> None:
        """The lines the chat frame showed that lua/wow.lua still keeps, into self.chat."""
        api = self._api
        if api is not None:
            taken = api.take_chat()
            if taken is not None:
                self._chat_lines(*taken)

    def _api_kind(self, name: Any) -> Any:
        game = api(self.realm.flavour)
        key = text(name)
        kind = game.kind(key, self.realm.deprecated_globals)
        if kind == CONSTANT:
            return to_lua(kind), to_lua(game.constants[key])
        return None if kind is None else to_lua(kind)

    def _widget_type(self, name: Any) -> Any:
        kind = widgets(self.realm.flavour).find(text(name))
        if kind is None:
            return None
        return self._table({
            "name": kind.name, "object_type": kind.object_type, "virtual": kind.virtual,
            "frame": kind.frame, "isa": self._table(list(kind.isa)),
            "isa_lower": self._table({k.lower(): True for k in kind.isa}),
            "scripts": self._table(dict.fromkeys(kind.scripts, True)),
            "fields": self._table({k: self._nested(v) for k, v in kind.fields.items()
                                   if v is not None}),
        })

    def _nested(self, value: Any) -> Any:
        if isinstance(value, dict):
            return self._table({k: self._nested(v) for k, v in value.items()})
        return value

    def _xml_type(self, tag: str) -> Any:
        kind = widgets(self.realm.flavour).element_type(tag)
        return None if kind is None else to_lua(kind)

    def _xml_call(self, tag: str) -> Any:
        game = widgets(self.realm.flavour)
        method = game.element_call(tag)
        if method is None:
            return None
        return to_lua(method), to_lua(game.element_type(tag) or "")

    def _widget_method(self, kind: Any, name: Any) -> Any:
        found = widgets(self.realm.flavour).method(text(kind), text(name))
        if found is None:
            return None
        return to_lua(found[0]), self._table(found[1])

    def _enum(self, name: Any) -> Any:
        values = api(self.realm.flavour).enums.get(text(name))
        return None if values is None else self._table(values)

    def _report_error(self, message: Any) -> None:
        full = text(message)
        self.errors.append(AddonError(message=full.split("\n", 1)[0], traceback=full,
                                      time=self.realm.now))

    def _math_random(self, m: float | None = None, n: float | None = None) -> float | int:
        if m is None:
            return self._scripted.popleft() if self._scripted else self._random.random()
        low, high = (1, int(m)) if n is None else (int(m), int(n))
        if self._scripted:
            value = self._scripted.popleft()
            if not low <= value <= high:
                raise ValueError(f"scripted math.random value {value} is outside {low}..{high}")
            return value
        return self._random.randint(low, high)

    def _set_updating(self, active: bool) -> None:
        self._updating = bool(active)
        self.realm.updating_changed(self)

    def _register_prefix(self, prefix: bytes) -> int:
        if not prefix or len(prefix) > 16:
            return 2  # InvalidPrefix
        if prefix in self._prefixes:
            return 1  # DuplicatePrefix
        if len(self._prefixes) >= 512:
            return 3  # MaxPrefixes
        self._prefixes[prefix] = None
        return 0

    def _metadata(self, addon: Any, key: Any) -> Any:
        wanted = text(addon).lower()
        for name, entry in self.addons.items():
            if name.lower() == wanted:
                value = entry.toc.get(text(key))
                return None if value is None else to_lua(value)
        return None

    def _date(self, fmt: Any = None, when: float | None = None) -> Any:
        moment = self.realm.epoch() if when is None else int(when)
        # The realm's clock runs on UTC, so "!" (UTC) and local time are the same.
        form = (text(fmt) if fmt is not None else "%c").lstrip("!")
        parts = _time.gmtime(moment)
        if form.startswith("*t"):
            return self._table({"year": parts.tm_year, "month": parts.tm_mon,
                                "day": parts.tm_mday, "hour": parts.tm_hour,
                                "min": parts.tm_min, "sec": parts.tm_sec,
                                "wday": (parts.tm_wday + 1) % 7 + 1, "yday": parts.tm_yday,
                                "isdst": False})
        return to_lua(_time.strftime(form, parts))

    def _mktime(self, fields: Any) -> int:
        def get(key: str, default: int) -> int:
            value = fields[to_lua(key)]
            return default if value is None else int(value)

        return calendar.timegm((get("year", 1970), get("month", 1), get("day", 1),
                                get("hour", 12), get("min", 0), get("sec", 0), 0, 0, 0))


# The realm's interface files run when first used (_load_interface), and the globals each
# defines, per (flavour, deprecated_globals).
LAZY_UI = ("Templates.lua", "BlizzardUI.lua", "StaticPopup.lua", "Settings.lua")
_LAZY_NAMES: dict[tuple[str, bool], dict[str, tuple[bytes, ...]]] = {}
_LAZY_FILES: dict[tuple[str, bool], dict[bytes, str]] = {}  # and, by name, the file that does


def _kept_template(step: LuaSource | UiElement) -> bool:
    """A template of ui/Templates.xml, kept in Python till a client uses it."""
    if not isinstance(step, UiElement) or not step.where.startswith("Templates.xml:"):
        return False
    a = step.node.attributes
    return (step.node.tag != "Font" and bool(a.get("name")) and a.get("virtual") in ("true", "1")
            and a.get("intrinsic") not in ("true", "1"))


def _lazy_file(step: LuaSource | UiElement) -> str | None:
    """A step's name if it runs when first used: a file of LAZY_UI, one font of Fonts.xml or a
    template of Templates.xml."""
    if isinstance(step, UiElement):
        return step.where if step.where.startswith("Fonts.xml:") or _kept_template(step) else None
    name = step.chunkname.rsplit("/", 1)[-1]
    return name if name in LAZY_UI else None


def _category(value: Any) -> int | None:
    """A party category from Lua (LE_PARTY_CATEGORY_HOME 1, _INSTANCE 2); anything else is
    none, and the call asks of the active group."""
    return int(value) if isinstance(value, (int, float)) and value in (1, 2) else None


def addon_errors(clients: Iterable[Client]) -> list[tuple[str, AddonError]]:
    return [(client.full_name, error) for client in clients for error in client.errors]
