"""Vitaji game histories: a whole game as plain JSON, and replaying it through the engine.

A Vitaji history is JSON like a hold'em hand's (docs/games.md, "Vitaji histories"): the
ruleset (a shipped id) with `settings` changing some of its keys, the seats with their
banks in order, the first player (`dealer`), the teams (Team Vitaji) and the actions in
order, each die given with its roll (`"dice": [13]`). `expect` may state the pot, the
winners and the scores the game must come to: the replay refuses a history that does not.
Every bet and raise is checked against the maximum as it is made (the engine refuses any
over it), and the replay lists each check.

`pyhost replay` calls `is_vitaji_history`, then `load_game` and `replay_game` here, and
prints the result (pyhost/cli/replay.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...rules import VitajiRules, load_ruleset, shipped_ids
from ...rules.loading import load_ruleset_with
from ...rules.schema import FileError, load_text_data
from ...rules.schema import Table as Fields
from ..core import Event, IllegalAction, Ledger
from .game import VitajiGame
from .scoresheet import Sheet


class GameHistoryError(FileError):
    """A Vitaji history that is not one: which file, which key, why."""


class GameReplayError(ValueError):
    """An action the rules refuse, with its place in the history."""

    def __init__(self, file: str, position: int, action: GameAction, reason: str) -> None:
        super().__init__(f"{file}: action {position} ({action}): {reason}")
        self.position = position
        self.reason = reason


@dataclass(frozen=True, kw_only=True)
class GameAction:
    player: str
    action: str
    amount: Any = None
    dice: Any = None
    target: str | None = None

    def __str__(self) -> str:
        extra = [str(x) for x in (self.amount, self.target) if x is not None]
        if self.dice is not None:
            extra.append(",".join(map(str, self.dice)) if isinstance(self.dice, list)
                         else str(self.dice))
        return " ".join([self.player, self.action, *extra])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "action": self.action}
        for key in ("amount", "dice", "target"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


@dataclass(frozen=True, kw_only=True)
class GameRecord:
    file: str
    ruleset: VitajiRules
    seats: tuple[tuple[str, int], ...]
    dealer: str
    teams: dict[str, str]
    actions: tuple[GameAction, ...]
    expect: dict[str, Any]
    about: str = ""


def shipped_games() -> list[str]:
    folder = resources.files("pyhost.histories")
    return sorted(p.name[:-5] for p in folder.iterdir()
                  if p.name.endswith(".json") and p.name.startswith("vitaji"))


def _raw(spec: str | Path) -> tuple[bytes, str]:
    text = str(spec)
    if text in shipped_games():
        return resources.files("pyhost.histories").joinpath(f"{text}.json").read_bytes(), \
            f"{text}.json"
    try:
        return Path(text).read_bytes(), text
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise GameHistoryError(text, "", f"cannot read the file ({reason})") from None


def is_vitaji_history(spec: str | Path) -> bool:
    """Whether `spec` names a Vitaji history (its ruleset is of the vitaji family), so that
    `pyhost replay` can send it here; False for anything it cannot read."""
    try:
        raw, _ = _raw(spec)
        data = json.loads(raw.decode("utf-8"))
        ruleset = data.get("ruleset") if isinstance(data, dict) else None
        return isinstance(ruleset, str) and ruleset in shipped_ids() and \
            load_ruleset(ruleset).family == VitajiRules.family
    except (FileError, ValueError):
        return False


def load_game(spec: str | Path) -> GameRecord:
    """A shipped Vitaji example by name, or a history file by path."""
    raw, file = _raw(spec)
    return parse_game(raw, file=file)


def parse_game(raw: bytes, *, file: str) -> GameRecord:
    data = load_text_data(raw, file, json.loads, "JSON", GameHistoryError)
    top = Fields(file, data, error=GameHistoryError)
    about = top.get("about", str, default="")
    ruleset_id = top.get("ruleset", str)
    settings = top.get("settings", dict, default={})
    try:
        ruleset = load_ruleset_with(ruleset_id, settings, file=file)
    except FileError as exc:
        where = "settings" if exc.file.endswith(" settings") else "ruleset"
        raise GameHistoryError(file, where, f"{exc.key}: {exc.reason}" if exc.key
                               else exc.reason) from None
    if not isinstance(ruleset, VitajiRules):
        raise GameHistoryError(file, "ruleset", f"{ruleset_id} is not a Vitaji game")
    top.get("mode", str, default="guided", choices=("guided",))
    seats = []
    for seat in top.tables("seats"):
        seats.append((seat.get("name", str), seat.get("bank", int, low=0)))
        seat.done()
    dealer = top.get("dealer", str, choices=[name for name, _ in seats])
    teams = top.get("teams", dict, default={})
    actions = []
    for item in top.tables("actions"):
        actions.append(GameAction(
            player=item.get("player", str), action=item.get("action", str),
            amount=item.raw("amount", None), dice=item.raw("dice", None),
            target=item.get("target", str, default=None)))
        item.done()
    expect = top.get("expect", dict, default={})
    unknown = set(expect) - {"pot", "winners", "scores"}
    if unknown:
        raise GameHistoryError(file, f"expect.{sorted(unknown)[0]}", "not a key of expect "
                               "(pot, winners, scores)")
    top.done()
    return GameRecord(file=file, ruleset=ruleset, seats=tuple(seats), dealer=dealer,
                      teams=teams, actions=tuple(actions), expect=expect, about=about)


# -- replaying ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class GameStep:
    position: int  # 1-based, as a person counts
    action: GameAction
    events: tuple[Event, ...]
    pot: int


@dataclass(frozen=True, kw_only=True)
class GameReplay:
    record: GameRecord
    ledger: Ledger
    game: VitajiGame
    steps: tuple[GameStep, ...]
    checks: tuple[str, ...]  # each bet against the maximum

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def sheet(self) -> Sheet:
        return Sheet.of_game(self.game)


def maximum_check(game: VitajiGame, event: Event) -> str | None:
    """A bet or raise against the maximum: "round 6: 3 raises to 150, at most 500"."""
    if event.kind not in ("bet", "raise"):
        return None
    level = int(event.details["level"])  # type: ignore[call-overload]
    maximum = game.ruleset.table.maximum
    if not maximum:
        return f"round {game.round}: {event.text} (no maximum)"
    cap = maximum * (game.round - 1)
    if level > cap:  # the engine refuses this: a replay that gets here is wrong
        raise AssertionError(f"round {game.round}: {event.text} is over the maximum {cap}")
    return f"round {game.round}: {event.text}, at most {cap}: ok"


def replay_game(record: GameRecord) -> GameReplay:
    """Run every action; GameReplayError at the first one the rules refuse, GameHistoryError
    when the game does not end as `expect` says."""
    try:
        ledger = Ledger(record.ruleset, list(record.seats))
        dealer = [name for name, _ in record.seats].index(record.dealer)
        game = VitajiGame(record.ruleset, ledger.seats, dealer,
                          **({"teams": record.teams} if record.teams else {}))
    except IllegalAction as exc:
        raise GameHistoryError(record.file, "", str(exc)) from None
    steps, checks = [], []
    for position, action in enumerate(record.actions, 1):
        try:
            events = game.act(action.player, action.action, action.amount, dice=action.dice,
                              target=action.target)
        except IllegalAction as exc:
            raise GameReplayError(record.file, position, action, str(exc)) from None
        checks += [check for event in events if (check := maximum_check(game, event))]
        steps.append(GameStep(position=position, action=action, events=tuple(events),
                              pot=game.pot if not game.over else sum(
                                  game.contributions.values())))
    _expected(record, game)
    return GameReplay(record=record, ledger=ledger, game=game, steps=tuple(steps),
                      checks=tuple(checks))


def _expected(record: GameRecord, game: VitajiGame) -> None:
    expect = record.expect
    found: dict[str, Any] = {
        "pot": sum(game.contributions.values()) if game.over else game.pot,
        "winners": list(game.winners),
        "scores": {name: game.score(name) for name in game.players},
    }
    for key, wanted in expect.items():
        if found[key] != wanted:
            raise GameHistoryError(record.file, f"expect.{key}", f"the replay comes to "
                                   f"{found[key]!r}, the history expects {wanted!r}")
