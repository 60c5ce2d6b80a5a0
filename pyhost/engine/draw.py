"""A player's turn at a draw game, Poker Dice or Dice Poker: rolls, and the dice kept
between them. Both games keep through this one `Turn`.

The dice come in from outside (the server's rolls): the turn asks for a roll of `need()`
dice and is given their faces. Before each reroll the player announces the dice to keep,
any of those lying, so nobody keeps what he has not seen; the next roll is of the others,
and the dice then lie as the kept ones followed by the new ones.

What the games do differently with a keep is a `Keeping`: whether keeping every die ends
the turn (Dice Poker stands) or is refused (Poker Dice checks or raises instead), whether
the kept dice are held highest first, how the faces given are read, and the line a keep of
dice that are not lying is refused with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..rules import Dice
from .core import IllegalAction


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


# Reads the faces `name` keeps from what was given: face indices, or IllegalAction.
KeepReader = Callable[[Dice, object, str], tuple[int, ...]]


@dataclass(frozen=True, kw_only=True)
class Keeping:
    """How one draw game keeps dice; the keep itself is the same in every game."""

    read: KeepReader
    not_lying: str  # refuses dice not lying: "{name} cannot keep {kept}: the dice are {lying}"
    stand: bool = False  # keeping every die ends the turn; otherwise it is refused
    highest_first: bool = False  # the kept dice are held highest first; otherwise as given


def names_kept(dice: Dice, given: object, name: str) -> tuple[int, ...]:
    """Poker Dice's reading: a list of face names (or the whole numbers that name them)."""
    return parse_faces(dice, given, f"the dice {name} keeps")


# Poker Dice: keeping all five before the last roll is refused (check or raise instead).
NAMED_KEEP = Keeping(read=names_kept, not_lying="{name} cannot keep {kept}: the dice are {lying}")


@dataclass(kw_only=True)
class Turn:
    """A player's rolls: at most `rolls_allowed`, `size` dice each time, less those kept."""

    name: str
    size: int
    rolls_allowed: int
    keeping: Keeping = NAMED_KEEP
    dice: tuple[int, ...] = ()  # the dice as they lie, the kept ones first
    rolls: int = 0
    kept: tuple[int, ...] | None = None  # announced before a reroll; None when not yet

    @property
    def rolls_left(self) -> int:
        return self.rolls_allowed - self.rolls

    def need(self) -> int:
        """How many dice the next roll is."""
        return self.size if self.rolls == 0 else self.size - len(self.kept or ())

    # -- keeping ------------------------------------------------------------------------------

    def verify_keep(self, dice: Dice, given: object) -> tuple[int, ...]:
        """The dice a keep of `given` holds, or IllegalAction saying why not. Changes nothing."""
        if self.rolls == 0:
            raise IllegalAction(f"{self.name} cannot keep dice before the first roll")
        if self.rolls_left <= 0:
            raise IllegalAction(f"{self.name} has rolled {self.rolls_allowed} times: no reroll "
                                "is left")
        if self.kept is not None:
            raise IllegalAction(f"{self.name} has already said what to keep: "
                                f"{dice.names(self.kept) or 'nothing'}; roll now")
        faces = self.keeping.read(dice, given, self.name)
        if Counter(faces) - Counter(self.dice):
            raise IllegalAction(self.keeping.not_lying.format(
                name=self.name, kept=dice.names(faces), lying=dice.names(self.dice)))
        if len(faces) == self.size and not self.keeping.stand:
            raise IllegalAction(f"{self.name} cannot keep all {self.size} dice: check or raise "
                                "instead")
        return tuple(sorted(faces, reverse=True)) if self.keeping.highest_first else faces

    def keep(self, dice: Dice, given: object) -> tuple[int, ...]:
        self.kept = self.verify_keep(dice, given)
        return self.kept

    @property
    def stands(self) -> bool:
        """Every die is kept: there is nothing to roll again."""
        return self.kept is not None and len(self.kept) == self.size

    # -- rolling ------------------------------------------------------------------------------

    def verify_roll(self, dice: Dice, given: object) -> tuple[int, ...]:
        """The faces of a roll given by name (Poker Dice's reading), or IllegalAction."""
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
        self.rolled(faces)
        return faces

    def rolled(self, faces: tuple[int, ...]) -> None:
        """Record a roll already read and checked: the kept dice and the new ones lie."""
        self.dice = (*(self.kept or ()), *faces)
        self.rolls += 1
        self.kept = None
