"""Hand histories: a hand as plain data, and replaying it through the engine.

A history is JSON: the ruleset (a shipped id, or a path relative to the
file), the mode, the seats with their starting banks in seat order, the
dealer, the dice (each player's hidden dice, the community dice street by
street) and the actions in order. Replaying runs every action through a
`Table`, so a history is checked by the same rules as a live game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..rules import Ruleset, load_ruleset
from ..rules.loading import is_file
from ..rules.schema import FileError, load_text_data
from ..rules.schema import Table as Fields
from .core import Event, IllegalAction, Pot
from .holdem import FLOWS
from .table import Table


class HistoryError(FileError):
    """A history file that is not a history: which file, which key, why."""


class ReplayError(ValueError):
    """An action the rules refuse, with its place in the history."""

    def __init__(self, file: str, position: int, action: ActionRecord, reason: str) -> None:
        super().__init__(f"{file}: action {position} ({action}): {reason}")
        self.position = position
        self.reason = reason


@dataclass(frozen=True, kw_only=True)
class ActionRecord:
    player: str
    action: str
    amount: Any = None
    target: str | None = None

    def __str__(self) -> str:
        extra = [str(x) for x in (self.amount, self.target) if x is not None]
        return " ".join([self.player, self.action, *extra])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "action": self.action}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.target is not None:
            data["target"] = self.target
        return data


@dataclass(frozen=True, kw_only=True)
class HandRecord:
    file: str
    ruleset: Ruleset
    mode: str
    seats: tuple[tuple[str, int], ...]
    dealer: str
    hidden: dict[str, tuple[str, ...]] = field(default_factory=dict)
    community: tuple[tuple[str, ...], ...] = ()
    actions: tuple[ActionRecord, ...] = ()


def shipped_histories() -> list[str]:
    folder = resources.files("pyhost.histories")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load_history(spec: str | Path) -> HandRecord:
    """A shipped example by name, or a history file by path."""
    text = str(spec)
    if text in shipped_histories():
        raw = resources.files("pyhost.histories").joinpath(f"{text}.json").read_bytes()
        return parse_history(raw, file=f"{text}.json", folder=None)
    path = Path(text)
    try:
        raw = path.read_bytes()
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = getattr(exc, "strerror", None) or exc
        raise HistoryError(text, "", f"cannot read the file ({reason}); shipped "
                           f"examples: {', '.join(shipped_histories())}") from None
    return parse_history(raw, file=text, folder=path.parent)


def parse_history(raw: bytes, *, file: str, folder: Path | None) -> HandRecord:
    data = load_text_data(raw, file, json.loads, "JSON", HistoryError)
    top = Fields(file, data, error=HistoryError)
    top.get("about", str, default="")  # a note for people
    ruleset_spec = top.get("ruleset", str)
    local = folder / ruleset_spec if folder is not None else None
    try:
        ruleset = load_ruleset(local if local is not None and is_file(local) else ruleset_spec)
    except FileError as exc:
        raise HistoryError(file, "ruleset", str(exc)) from None
    mode = top.get("mode", str, default="guided", choices=FLOWS)
    seats = []
    for seat in top.tables("seats"):
        seats.append((seat.get("name", str), seat.get("bank", int, low=0)))
        seat.done()
    dealer = top.get("dealer", str, choices=[name for name, _ in seats])
    dice = Fields(file, top.raw("dice", {}), "dice", HistoryError)
    hidden = {name: tuple(_faces(dice, f"hidden.{name}", faces))
              for name, faces in dice.get("hidden", dict, default={}).items()}
    community = tuple(tuple(_faces(dice, f"community[{i}]", street))
                      for i, street in enumerate(dice.get("community", list, default=[])))
    dice.done()
    actions = []
    for item in top.tables("actions"):
        actions.append(ActionRecord(
            player=item.get("player", str), action=item.get("action", str),
            amount=item.raw("amount", None), target=item.get("target", str, default=None)))
        item.done()
    top.done()
    return HandRecord(file=file, ruleset=ruleset, mode=mode, seats=tuple(seats), dealer=dealer,
                      hidden=hidden, community=community, actions=tuple(actions))


def _faces(fields: Fields, key: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fields.error(key, f"must be a list of face names, not {value!r}")
    return value


# -- replaying ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Step:
    position: int  # 1-based, as a person counts
    action: ActionRecord
    events: tuple[Event, ...]
    pot: int


@dataclass(frozen=True, kw_only=True)
class Replay:
    record: HandRecord
    table: Table
    steps: tuple[Step, ...]

    @property
    def over(self) -> bool:
        return self.table.hand is not None and self.table.hand.over

    @property
    def pots(self) -> list[Pot]:
        return self.table.hand.pots() if self.table.hand else []

    @property
    def winners(self) -> dict[str, int]:
        return dict(self.table.hand.payouts) if self.table.hand else {}


def replay(record: HandRecord) -> Replay:
    """Run every action of a history; ReplayError at the first one the rules refuse."""
    try:
        table = Table(record.ruleset, list(record.seats), mode=record.mode,
                      dealer=record.dealer)
        hand = table.new_hand(hidden=record.hidden)
    except IllegalAction as exc:
        raise HistoryError(record.file, "", str(exc)) from None
    steps = []
    for position, action in enumerate(record.actions, 1):
        dice = None
        if action.action in ("roll", *hand.streets) and len(hand.community) < len(
                record.community):
            dice = list(record.community[len(hand.community)])
        try:
            events = table.act(action.player, action.action, action.amount, dice=dice,
                               target=action.target)
        except IllegalAction as exc:
            raise ReplayError(record.file, position, action, str(exc)) from None
        steps.append(Step(position=position, action=action, events=tuple(events),
                          pot=hand.pot))
    return Replay(record=record, table=table, steps=tuple(steps))
