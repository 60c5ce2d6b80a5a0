"""Vitaji's score: the sum of the rounds, with the triple's bonuses, and the sweep."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Round(Protocol):
    rolls: dict[str, list[int]]
    bonus: dict[str, str]
    doubled: list[str]


def round_value(name: str, record: Round) -> int:
    """What one round adds to `name`'s score: the result that stood (twice, when a triple
    doubled it), and the result again when a triple's bonus added it."""
    face = record.rolls[name][-1]
    value = 2 * face if name in record.doubled else face
    return value + (face if record.bonus.get(name) == "add" else 0)


def score_of(name: str, records: Sequence[Round]) -> int:
    return sum(round_value(name, record) for record in records if record.rolls.get(name))


def triple_now(faces: Sequence[int]) -> bool:
    """Whether the latest round makes a triple: the same number three rounds running. A run
    makes one triple for each three rounds of it (six running are two triples, not four)."""
    run = 1
    while run < len(faces) and faces[-1 - run] == faces[-1]:
        run += 1
    return run % 3 == 0


def sweeps(faces: Sequence[int]) -> bool:
    """The same number every round."""
    return bool(faces) and len(set(faces)) == 1
