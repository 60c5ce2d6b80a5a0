"""Hand histories: a hand (or a draw game's rounds) as plain data, and replaying it
through the engine.

A history is JSON: the ruleset (a shipped id, or a path relative to the
file), the mode, the seats with their starting banks in seat order, and the
dealer. A hold'em history is one hand: the dice (each player's hidden dice, the
community dice street by street) and the actions in order. A draw game's history
(Poker Dice, Dice Poker) is rounds, one after another at the same table, each its
actions in order, every roll and keep carrying its dice. Replaying runs every
action through a `Table`, so a history is checked by the same rules as a live game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from ..rules import Ruleset, load_ruleset
from ..rules.loading import is_file, parse_ruleset
from ..rules.schema import FileError, load_text_data, shown
from ..rules.schema import Table as Fields
from .core import Event, IllegalAction, Pot
from .table import FLOWS, Table

# The families whose histories are rounds of a draw game, each action with its own dice.
DRAW_FAMILIES = ("poker-dice", "dice-poker")


class HistoryError(FileError):
    """A history file that is not a history: which file, which key, why."""


class ReplayError(ValueError):
    """An action the rules refuse, with its place in the history (its round, in a draw
    game's)."""

    def __init__(self, file: str, position: int, action: ActionRecord | None, reason: str,
                 *, round_number: int | None = None) -> None:
        where = [] if round_number is None else [f"round {round_number}"]
        if action is not None:
            where.append(f"action {position} ({action})")
        # One line, whatever names or text the history holds.
        super().__init__(shown(f"{file}: {', '.join(where)}: {reason}"))
        self.position = position
        self.round = round_number
        self.reason = reason


@dataclass(frozen=True, kw_only=True)
class ActionRecord:
    player: str
    action: str
    amount: Any = None
    target: str | None = None
    dice: tuple[str, ...] | None = None  # a draw game's roll or keep: its faces

    def __str__(self) -> str:
        extra = [str(x) for x in (self.amount, self.target) if x is not None]
        if self.dice is not None:
            extra.append(" ".join(self.dice) if self.dice else "nothing")
        return " ".join([self.player, self.action, *extra])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "action": self.action}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.target is not None:
            data["target"] = self.target
        if self.dice is not None:
            data["dice"] = list(self.dice)
        return data


@dataclass(frozen=True, kw_only=True)
class RoundRecord:
    """One round of a draw game: its actions in order, and a note for people."""

    actions: tuple[ActionRecord, ...]
    about: str = ""


@dataclass(frozen=True, kw_only=True)
class HandRecord:
    file: str
    ruleset: Ruleset
    mode: str
    seats: tuple[tuple[str, int], ...]
    dealer: str
    hidden: dict[str, tuple[str, ...]] = field(default_factory=dict)
    community: tuple[tuple[str, ...], ...] = ()
    actions: tuple[ActionRecord, ...] = ()  # hold'em's one hand
    rounds: tuple[RoundRecord, ...] = ()  # a draw game's rounds

    @property
    def draw(self) -> bool:
        return self.ruleset.family in DRAW_FAMILIES


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


def _load_ruleset(spec: str, folder: Path | None) -> Ruleset:
    """The history's ruleset: a file beside the history (a shipped example's beside it in
    the package), else a shipped id or a path."""
    if folder is None:
        beside = resources.files("pyhost.histories").joinpath(spec)
        if spec.endswith(".toml") and "/" not in spec and beside.is_file():
            return parse_ruleset(beside.read_bytes(), file=spec,
                                 ruleset_id=spec.removesuffix(".toml"))
        return load_ruleset(spec)
    local = folder / spec
    return load_ruleset(local if is_file(local) else spec)


def parse_history(raw: bytes, *, file: str, folder: Path | None) -> HandRecord:
    data = load_text_data(raw, file, json.loads, "JSON", HistoryError)
    top = Fields(file, data, error=HistoryError)
    top.get("about", str, default="")  # a note for people
    ruleset_spec = top.get("ruleset", str)
    try:
        ruleset = _load_ruleset(ruleset_spec, folder)
    except FileError as exc:
        raise HistoryError(file, "ruleset", str(exc)) from None
    modes = FLOWS.get(ruleset.family, {})
    mode = top.get("mode", str, default=next(iter(modes), "guided"), choices=modes or None)
    seats = []
    for seat in top.tables("seats"):
        seats.append((seat.get("name", str), seat.get("bank", int, low=0)))
        seat.done()
    dealer = top.get("dealer", str, choices=[name for name, _ in seats])
    record = HandRecord(file=file, ruleset=ruleset, mode=mode, seats=tuple(seats),
                        dealer=dealer)
    if record.draw:
        for key in ("actions", "dice"):
            if top.has(key):
                raise top.error(key, f"a {ruleset.name} history gives its actions round by "
                                "round, each roll and keep with its dice, under rounds")
        rounds = []
        for item in top.tables("rounds"):
            about = item.get("about", str, default="")
            rounds.append(RoundRecord(actions=_actions(item, draw=True), about=about))
            item.done()
        top.done()
        return replace(record, rounds=tuple(rounds))
    dice = Fields(file, top.raw("dice", {}), "dice", HistoryError)
    hidden = {name: tuple(_faces(dice, f"hidden.{name}", faces))
              for name, faces in dice.get("hidden", dict, default={}).items()}
    community = tuple(tuple(_faces(dice, f"community[{i}]", street))
                      for i, street in enumerate(dice.get("community", list, default=[])))
    dice.done()
    actions = _actions(top, draw=False)
    top.done()
    return replace(record, hidden=hidden, community=community, actions=actions)


def _actions(fields: Fields, *, draw: bool) -> tuple[ActionRecord, ...]:
    actions = []
    for item in fields.tables("actions"):
        dice = None
        if draw and item.has("dice"):
            dice = tuple(_faces(item, "dice", item.raw("dice")))
        actions.append(ActionRecord(
            player=item.get("player", str), action=item.get("action", str),
            amount=item.raw("amount", None), target=item.get("target", str, default=None),
            dice=dice))
        item.done()
    return tuple(actions)


def _faces(fields: Fields, key: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fields.error(key, f"must be a list of face names, not {value!r}")
    return value


# -- replaying ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Step:
    position: int  # 1-based, as a person counts (within its round, in a draw game)
    action: ActionRecord
    events: tuple[Event, ...]
    pot: int
    round: int = 1


@dataclass(frozen=True, kw_only=True)
class RoundReplay:
    """One round of a draw game as the engine played it."""

    number: int  # from 1
    starter: str
    steps: tuple[Step, ...]
    over: bool
    payouts: dict[str, int]  # what each player took from the round (a void round's return too)
    banks: dict[str, int]  # every bank once the round's last action is done
    waiting: str = ""  # what an unfinished round waits for


@dataclass(frozen=True, kw_only=True)
class Replay:
    record: HandRecord
    table: Table
    steps: tuple[Step, ...]
    rounds: tuple[RoundReplay, ...] = ()  # a draw game's, in order

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
    if record.draw:
        return _replay_rounds(record)
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


def waiting_text(hand: Any) -> str:
    """What an unfinished round waits for: who acts, and what they may do."""
    name = hand.to_act()
    if name is None:
        return "nobody is to act"
    return f"it is {name}'s turn ({', '.join(hand.legal_actions(name)) or 'nothing'})"


def _replay_rounds(record: HandRecord) -> Replay:
    """A draw game's rounds at one table: each dealt when the one before is over."""
    try:
        table = Table(record.ruleset, list(record.seats), mode=record.mode,
                      dealer=record.dealer)
    except IllegalAction as exc:
        raise HistoryError(record.file, "", str(exc)) from None
    rounds: list[RoundReplay] = []
    for number, played in enumerate(record.rounds, 1):
        if table.hand is not None and not table.hand.over:
            raise ReplayError(record.file, 0, None, f"not over after its last action, and "
                              f"round {number} follows: {waiting_text(table.hand)}",
                              round_number=number - 1)
        try:
            hand = table.new_hand()
        except IllegalAction as exc:
            raise ReplayError(record.file, 0, None, str(exc), round_number=number) from None
        steps = []
        for position, action in enumerate(played.actions, 1):
            try:
                events = table.act(action.player, action.action, action.amount,
                                   dice=None if action.dice is None else list(action.dice),
                                   target=action.target)
            except IllegalAction as exc:
                raise ReplayError(record.file, position, action, str(exc),
                                  round_number=number) from None
            steps.append(Step(position=position, action=action, events=tuple(events),
                              pot=hand.pot, round=number))
        rounds.append(RoundReplay(
            number=number, starter=hand.dealer_name, steps=tuple(steps), over=hand.over,
            payouts=dict(hand.payouts), banks=table.banks,
            waiting="" if hand.over else waiting_text(hand)))
    return Replay(record=record, table=table,
                  steps=tuple(step for played in rounds for step in played.steps),
                  rounds=tuple(rounds))
