"""One player's turn at a draw-style dice game: rolls, and the dice kept between them.

The dice come in from outside (the server's rolls): the turn asks for a roll of
`need()` dice and is given their faces. Before each reroll the player announces
the dice to keep, so nobody keeps what they have not seen. Nothing here knows
which game it is; Poker Dice uses it (pyhost.engine.pokerdice), and any
draw-style game may.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...rules import Dice
from ..core import IllegalAction


def parse_faces(dice: Dice, given: object, what: str) -> tuple[int, ...]:
    """Face indices from face names; a whole number is read as the face of that name
    ("6" and 6 are the same die), so a die is never taken for a position."""
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise IllegalAction(f"{what} must be a list of faces, not {given!r}")
    faces = []
    for token in given:
        if isinstance(token, bool) or not isinstance(token, (str, int)):
            raise IllegalAction(f"{what}: {token!r} is not a face")
        try:
            faces.append(dice.face(str(token)).index)
        except ValueError as exc:
            raise IllegalAction(f"{what}: {exc}") from None
    return tuple(faces)


@dataclass(kw_only=True)
class Turn:
    """A player's rolls: at most `rolls_allowed`, `size` dice each time, less those kept."""

    name: str
    size: int
    rolls_allowed: int
    dice: tuple[int, ...] = ()  # the dice as they lie, the kept ones first
    rolls: int = 0
    kept: tuple[int, ...] | None = None  # announced before a reroll; None when not yet

    @property
    def rolls_left(self) -> int:
        return self.rolls_allowed - self.rolls

    def need(self) -> int:
        """How many dice the next roll is."""
        return self.size if self.rolls == 0 else self.size - len(self.kept or ())

    def verify_keep(self, dice: Dice, given: object) -> tuple[int, ...]:
        if self.rolls == 0:
            raise IllegalAction(f"{self.name} cannot keep dice before the first roll")
        if self.rolls_left <= 0:
            raise IllegalAction(f"{self.name} has rolled {self.rolls_allowed} times: no reroll "
                                "is left")
        if self.kept is not None:
            raise IllegalAction(f"{self.name} has already said what to keep: "
                                f"{dice.names(self.kept) or 'nothing'}; roll now")
        faces = parse_faces(dice, given, f"the dice {self.name} keeps")
        if Counter(faces) - Counter(self.dice):
            raise IllegalAction(f"{self.name} cannot keep {dice.names(faces)}: the dice are "
                                f"{dice.names(self.dice)}")
        if len(faces) == self.size:
            raise IllegalAction(f"{self.name} cannot keep all {self.size} dice: check or raise "
                                "instead")
        return faces

    def keep(self, dice: Dice, given: object) -> tuple[int, ...]:
        self.kept = self.verify_keep(dice, given)
        return self.kept

    def verify_roll(self, dice: Dice, given: object) -> tuple[int, ...]:
        if self.rolls_left <= 0:
            raise IllegalAction(f"{self.name} has rolled {self.rolls_allowed} times: no roll "
                                "is left")
        if self.rolls and self.kept is None:
            raise IllegalAction(f"{self.name} must say which dice to keep before rolling again "
                                "(keeping none rerolls all)")
        faces = parse_faces(dice, given, f"{self.name}'s roll")
        if len(faces) != self.need():
            raise IllegalAction(f"{self.name}'s roll must be {self.need()} dice, not "
                                f"{len(faces)}")
        return faces

    def roll(self, dice: Dice, given: object) -> tuple[int, ...]:
        faces = self.verify_roll(dice, given)
        self.dice = (*(self.kept or ()), *faces)
        self.rolls += 1
        self.kept = None
        return faces
