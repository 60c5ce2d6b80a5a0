"""What happened at the table, one line each: the record a replay prints."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, kw_only=True)
class Event:
    kind: str  # check, bet, call, raise, fold, post, roll, show, muck, win, return, give, reset
    text: str  # one line for people: "Riggs bets 2"
    player: str | None = None
    chips: int = 0  # chips that moved (into the pot, or out of it to the player)
    dice: tuple[str, ...] = ()
    details: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text
