"""One round's rolling phase in Vitaji (the source's "Rolling Phase").

In order each player still in rolls once. Then, in the same order, the player to act
rerolls (the new result stands, even when lower; the turn stays with him) or passes; the
round is over when everyone still in has passed in succession. A player with no rerolls
left passes by himself: he has nothing else to do.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence


class Rolling:
    def __init__(self, order: Sequence[str], rerolls: MutableMapping[str, int]) -> None:
        self.order = list(order)
        self.rerolls = rerolls  # the game's budgets, spent here
        self.rolls: dict[str, list[int]] = {name: [] for name in order}  # faces, 1 up
        self.turn = 0
        self.rerolling = False  # all have rolled once: rerolls and passes now
        self.passes = 0  # passes in succession
        self.auto_passed: list[str] = []

    @property
    def closed(self) -> bool:
        return self.rerolling and self.passes >= len(self.order)

    @property
    def to_act(self) -> str | None:
        return None if self.closed else self.order[self.turn]

    def legal(self, name: str) -> tuple[str, ...]:
        if name != self.to_act:
            return ()
        return ("reroll", "pass") if self.rerolling else ("roll",)

    def result(self, name: str) -> int:
        return self.rolls[name][-1]

    def roll(self, name: str, face: int) -> None:
        self.rolls[name].append(face)
        self.turn += 1
        if self.turn == len(self.order):
            self.rerolling, self.turn = True, 0
            self._skip()

    def reroll(self, name: str, face: int) -> None:
        self.rolls[name].append(face)
        self.rerolls[name] -= 1
        self.passes = 0
        self._skip()

    def pass_(self, name: str) -> None:
        self.passes += 1
        self._next()
        self._skip()

    def _next(self) -> None:
        self.turn = (self.turn + 1) % len(self.order)

    def _skip(self) -> None:
        """Pass for whoever is to act with no rerolls left."""
        while not self.closed and not self.rerolls[self.order[self.turn]]:
            self.auto_passed.append(self.order[self.turn])
            self.passes += 1
            self._next()

    def results(self) -> Mapping[str, int]:
        return {name: rolls[-1] for name, rolls in self.rolls.items()}
