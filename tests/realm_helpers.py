"""Helpers shared by the tests of the simulated realm (tests/test_realm_*.py).

The fixture addon `tests/addons/Recorder` records every event its client sees into the Lua
global `RecorderLog`; these helpers read that log back as Python tuples, with Lua strings
decoded as UTF-8 (or left as bytes with `raw=True`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyhost.harness import Client, Location, Realm

ADDONS = Path(__file__).parent / "addons"
RECORDER = ADDONS / "Recorder"
HERE = Location("Thunder Bluff", 0, 0)


def make_realm(tmp_path: Path, **options: Any) -> Realm:
    return Realm(wtf=tmp_path / "WTF", **{"seed": 1, **options})


def login(world: Realm, name: str, **options: Any) -> Client:
    """Log a character in with the Recorder addon, in enUS on Thunderhorn unless told."""
    options.setdefault("addons", [RECORDER])
    return world.login(name, **options)


def _py(value: Any, raw: bool) -> Any:
    if isinstance(value, bytes) and not raw:
        return value.decode("utf-8", "replace")
    return value


def events(client: Client, *names: str, raw: bool = False) -> list[tuple[str, tuple[Any, ...]]]:
    """(event, args) for every event the Recorder saw, optionally only those named."""
    log = client.global_value("RecorderLog")
    out = []
    for index in range(1, len(log) + 1):
        entry = log[index]
        event = entry[b"event"].decode()
        if names and event not in names:
            continue
        args = tuple(_py(entry[i], raw) for i in range(1, entry[b"n"] + 1))
        out.append((event, args))
    return out


def received(client: Client, event: str, *, raw: bool = False) -> list[tuple[Any, ...]]:
    """The arguments of every `event` the Recorder saw, in order."""
    return [args for _, args in events(client, event, raw=raw)]


def addon_messages(client: Client, *, raw: bool = False) -> list[tuple[Any, ...]]:
    return received(client, "CHAT_MSG_ADDON", raw=raw)


def texts(client: Client, event: str = "CHAT_MSG_ADDON") -> list[str]:
    """The text of every `event` seen: arg 2 of CHAT_MSG_ADDON, arg 1 of chat events."""
    index = 1 if event == "CHAT_MSG_ADDON" else 0
    return [args[index] for args in received(client, event)]


def count(client: Client, event: str) -> int:
    return len(received(client, event))


def lua_string(value: str | bytes) -> str:
    """A Lua 5.1 string literal for any bytes: printable ASCII as is, the rest escaped."""
    data = value.encode("utf-8") if isinstance(value, str) else value
    safe = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;!?'"
    return '"' + "".join(chr(b) if b in safe else f"\\{b:03d}" for b in data) + '"'


def send_addon(client: Client, prefix: str | bytes, text: str | bytes, channel: str = "PARTY",
               target: str | None = None) -> Any:
    """C_ChatInfo.SendAddonMessage from inside the client: its result."""
    args = [lua_string(prefix), lua_string(text), lua_string(channel)]
    if target is not None:
        args.append(lua_string(target))
    return client.run_lua(f"return C_ChatInfo.SendAddonMessage({', '.join(args)})")


def no_errors(realm: Realm) -> None:
    assert realm.errors() == []


def lose(client: Client, event: str, picked: Callable[[tuple], bool],
         times: int | None = 1) -> list:
    """The network loses the next `times` (None: every) `event`s on their way to this client
    for which `picked(args)` is true; the list returned gets each one lost."""
    deliver, lost = client.fire, []

    def lossy(name, *args):
        if name == event and (times is None or len(lost) < times) and picked(args):
            lost.append(args)
            return None
        return deliver(name, *args)

    client.fire = lossy
    return lost
