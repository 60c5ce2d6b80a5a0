"""Helpers for playing the generated addon in the realm: a table of players, scripted dice."""

from __future__ import annotations

from pathlib import Path

from pyhost.codegen import build, write
from pyhost.harness import Client, Realm
from pyhost.rules import load_ruleset

TAUREN = load_ruleset("tauren-holdem")


def face(name: str) -> int:
    """The 1-based face index math.random must return to roll this face."""
    return TAUREN.dice.face(name).index + 1


def build_addon(folder: Path, ruleset_id: str = "tauren-holdem") -> Path:
    ruleset = load_ruleset(ruleset_id)
    target = folder / ruleset.addon.name
    write(build(ruleset), target)
    return target


def seat_table(realm: Realm, addon: Path, names: list[str], *, mode: str = "guided",
               options: str = "", sexes: dict[str, str] | None = None) -> list[Client]:
    """Log everyone in, group them, the first opens a table and the others join in order."""
    clients = [realm.login(name, addons=[addon], sex=(sexes or {}).get(name, "male"))
               for name in names]
    realm.party(*clients)
    clients[0].type(f"/tholdem open {mode} {options}".strip())
    realm.run_until_quiet()
    for client in clients[1:]:
        client.type("/tholdem join")
        realm.run_until_quiet()
    return clients


def play(realm: Realm, client: Client, line: str) -> None:
    client.type(line)
    realm.run_until_quiet()


def new_lines(client: Client, since: int) -> list[str]:
    return client.chat.lines[since:]
