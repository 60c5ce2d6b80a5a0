"""How messages travel between the server and clients.

Three kinds travel separately, each with its own latency: chat lines,
addon messages and system lines (the server's roll results). Within one
kind, one sender's messages to one receiver keep their order; across kinds
nothing is promised, so an addon message and the roll line it refers to can
arrive either way round, as in WoW. `Adversarial` adds seeded loss,
duplication and reordering for robustness tests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Latency:
    """Seconds from send to delivery, for each kind: base plus up to `jitter`."""

    chat: float = 0.08
    addon: float = 0.10
    system: float = 0.06
    jitter: float = 0.05


@dataclass(frozen=True, kw_only=True)
class Adversarial:
    """A hostile network: seeded, so a failing test replays exactly."""

    seed: int = 0
    loss: float = 0.0  # chance a message is dropped
    duplicate: float = 0.0  # chance it is delivered twice
    reorder: float = 0.0  # chance it is held back up to `delay`, ignoring its stream's order
    delay: float = 1.0
    # Kinds it never drops (only duplicates and delays): ("system",) keeps every roll line,
    # as WoW's server does, for tests of what the addon does about lost addon messages.
    never_lost: tuple[str, ...] = ()


class Network:
    """Delivery times for every message, stream order kept unless the network is hostile."""

    def __init__(self, latency: Latency, adversarial: Adversarial | None, seed: int) -> None:
        self.latency = latency
        self.adversarial = adversarial
        self._jitter = random.Random(f"{seed}:latency")
        self._hostile = random.Random(f"{adversarial.seed}:hostile") if adversarial else None
        self._last: dict[tuple[str, str, str], float] = {}
        self.dropped = 0
        self.duplicated = 0
        self.reordered = 0

    def plan(self, now: float, sender: str, receiver: str, kind: str) -> list[float]:
        """When this message arrives: no times if lost, two if duplicated."""
        base = getattr(self.latency, kind)
        # (uniform(0, jitter), as random.uniform computes it: 0 + jitter * random())
        due = now + base + self.latency.jitter * self._jitter.random()
        stream = (sender, receiver, kind)
        last = self._last.get(stream, 0.0)
        if last > due:
            due = last
        self._last[stream] = due
        hostile, rng = self.adversarial, self._hostile
        if hostile is None or rng is None:
            return [due]
        if rng.random() < hostile.loss and kind not in hostile.never_lost:
            self.dropped += 1
            return []
        times = [due]
        if rng.random() < hostile.reorder:
            self.reordered += 1
            times = [due + rng.uniform(0, hostile.delay)]
        if rng.random() < hostile.duplicate:
            self.duplicated += 1
            times.append(times[0] + rng.uniform(0, hostile.delay))
        return times
