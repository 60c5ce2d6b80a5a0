"""Dice: faces, their order, and the ace face that may play low, high or wild.

Faces are numbered by their position in the ruleset (lowest first, as they
rank with the ace high). Everything else in the rules layer works on those
indices, so a roll is a sequence of small ints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

ACE_MODES = ("ace", "low", "high", "wild")


@dataclass(frozen=True, kw_only=True)
class Face:
    """One side of a die."""

    index: int
    name: str  # plain ASCII, for chat where a font lacks the glyph
    value: int  # the number it counts as (the Shaman is 1)
    glyph: str  # UTF-8 drawing shown in chat, never containing "|"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, kw_only=True)
class Dice:
    """The faces of one kind of die, all dice alike."""

    faces: tuple[Face, ...]
    ace: Face | None = None  # the face that plays low, high or wild (the Shaman)
    _by_name: dict[str, Face] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lookup = {face.name.lower(): face for face in self.faces}
        object.__setattr__(self, "_by_name", lookup)

    @property
    def count(self) -> int:
        return len(self.faces)

    def face(self, token: str | int | Face) -> Face:
        """A face from its name (any case), its index or itself."""
        if isinstance(token, Face):
            return token
        if isinstance(token, int) and not isinstance(token, bool):
            if 0 <= token < len(self.faces):
                return self.faces[token]
        elif isinstance(token, str) and token.strip().lower() in self._by_name:
            return self._by_name[token.strip().lower()]
        names = ", ".join(face.name for face in self.faces)
        raise ValueError(f"no face {token!r} on these dice (faces: {names})")

    def parse(self, tokens: Iterable[str | int | Face]) -> tuple[int, ...]:
        """Face indices from names, indices or faces."""
        return tuple(self.face(token).index for token in tokens)

    def glyphs(self, dice: Sequence[int]) -> str:
        return " ".join(self.faces[i].glyph for i in dice)

    def names(self, dice: Sequence[int]) -> str:
        return " ".join(self.faces[i].name for i in dice)

    def ranks(self, ace_mode: str) -> tuple[int, ...]:
        """Each face's strength in comparisons: the ace on top unless it plays low."""
        if self.ace is None or ace_mode != "low":
            return tuple(range(self.count))
        return tuple(0 if face is self.ace else face.index + 1 for face in self.faces)

    def straight_line(self, ace_mode: str) -> tuple[int, ...]:
        """The faces in straight order, low to high; the ace may stand at both ends."""
        plain = [face.index for face in self.faces if face is not self.ace]
        if self.ace is None:
            return tuple(plain)
        ace = self.ace.index
        if ace_mode == "low":
            return (ace, *plain)
        if ace_mode == "high":
            return (*plain, ace)
        return (ace, *plain, ace)  # "ace", and "wild" when the Shaman stands for itself

    def straight_cycle(self) -> tuple[int, ...]:
        """The faces around the horn: after the highest comes the lowest again."""
        plain = [face.index for face in self.faces if face is not self.ace]
        return tuple(plain) if self.ace is None else (self.ace.index, *plain)
