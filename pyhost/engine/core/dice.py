"""Dice a flow is given from outside (the server's rolls), read against the game's faces."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from .errors import IllegalAction


class Faces(Protocol):
    def parse(self, tokens: Iterable[str | int]) -> tuple[int, ...]: ...


def given_dice(faces: Faces, dice: object, count: int, what: str) -> tuple[int, ...]:
    """Exactly `count` dice, as face indices; anything else is refused in one line naming
    `what` ("Skoll's hidden dice")."""
    if isinstance(dice, str) or not isinstance(dice, Sequence):
        raise IllegalAction(f"{what} must be a list of {count} faces, not {dice!r}")
    if len(dice) != count:
        raise IllegalAction(f"{what} must be {count} dice, not {len(dice)}")
    try:
        return faces.parse(dice)
    except ValueError as exc:
        raise IllegalAction(f"{what}: {exc}") from None
