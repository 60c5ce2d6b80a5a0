"""Whole guided hands while things go wrong: the driver behind tests/test_faults.py and
tools/soak.py.

A table of simulated players plays hand after hand. Every betting choice is drawn from a
seeded `random.Random`; so is every fault, injected at random moments of the hand: a player
reloads, goes offline while grouped, leaves the group, the dealer leaves just before rolling,
the host goes offline, two players type at the same instant. The realm's own network may add
loss, duplication and reordering (`Realm(adversarial=...)`). Whoever is away comes back a few
steps later, and everyone before the hand is checked: the hand ended (a dropped player folded,
a new host or dealer took over) or, only if nobody could take over, was void; the banks add up
to what the table started with; every client's status line is the same.

Its players wait for the table to heal by itself before they type on: the realm's
`run_until_quiet` horizon is HEAL seconds here, time for the host's first two heartbeats and a
player's confirmations, short of a dropped player's grace and of the deadlines (which still
come, should the table stay stuck that long).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from addon_table import (
    ROLLS_NEXT,
    TAUREN,
    TO_ACT,
    after_the_hand,
    banks,
    seat_table,
    slash,
    status_now,
)
from pyhost.harness import Client, Realm
from pyhost.rules import Ruleset

# Kinds of fault; the first four take a player away for a few steps.
AWAY = ("offline", "leaves", "dealer leaves", "host offline")
FAULTS = ("reload", *AWAY, "typing together")
ONLY_HOST = re.compile(r"^Only (\w+), who opened the table, can do that\.$")
DEALS = re.compile(r"^Hand \d+: (\w+) deals\.$|^\w+ is gone: (\w+) deals on\.$")
VOID = re.compile(r"^Hand \d+ is void")
HEAL = 25  # seconds: see above
POT = re.compile(r"^Pot (\d+);")


class HoldemMoves:
    """A hold'em game's lines (Tauren Hold'em's, DiceHoldem's: each in its ruleset's own
    commands) for the player to act, given the status line's "(...)" part: "N to call",
    "check or bet" or "bet at least N or fold"."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.long = slash(ruleset, "long")
        self.bet = slash(ruleset, "bet")
        self.deal = slash(ruleset, "deal")
        # What another player types at the same instant as the player to act.
        self.crossing = (f"{self.bet} 2", f"{self.long} call", f"{self.long} check",
                         f"{self.long} fold", self.deal, slash(ruleset, "flop"),
                         f"{self.long} status")

    def street(self, name: str) -> str:
        return slash(self.ruleset, name)

    def decide(self, rng: random.Random, situation: str, bank: int) -> str:
        """A betting line drawn from `rng`."""
        long, bet, roll = self.long, self.bet, rng.random()
        if situation.endswith("to call"):
            # The more of the bank a call takes, the likelier a fold and the rarer a raise.
            pressure = min(1.0, int(situation.split()[0]) / bank) if bank else 1.0
            fold, raise_ = 0.2 + 0.6 * pressure, 0.08 * (1 - pressure)
            if roll < 0.03:
                return f"{long} allin"
            if roll < 0.03 + fold:
                return f"{long} fold"
            if roll < 0.03 + fold + raise_:
                return f"{long} raise {rng.choice((2, 2, 4, 6))}"
            return f"{long} call"
        if situation == "check or bet":
            if roll < 0.03:
                return f"{long} allin"
            if roll < 0.08:
                return f"{long} fold"
            if roll < 0.33:
                return f"{bet} {rng.choice((2, 2, 4, 6))}"
            return f"{long} check"
        least = int(re.search(r"\d+", situation).group())  # "bet at least N or fold"
        if roll < 0.03:
            return f"{long} allin"
        if roll < 0.33:
            return f"{long} fold"
        if roll < 0.40:
            return f"{bet} {least + 2}"
        return f"{bet} {least}" if bank >= least else f"{long} allin"

    def fallback(self, situation: str, bank: int) -> str:
        """What the player does when their drawn choice was refused: the plainest legal line."""
        if situation.endswith("to call"):
            return f"{self.long} call"
        if situation == "check or bet":
            return f"{self.long} check"
        least = int(re.search(r"\d+", situation).group())
        return f"{self.bet} {least}" if bank >= least else f"{self.long} fold"


@dataclass
class Tally:
    """What a run did and found."""

    hands: int = 0
    completed: int = 0
    voided: int = 0
    actions: int = 0
    faults: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


class FaultyTable:
    """A guided table of `names` (a party, or a raid past five) with faults at `rate` per
    step of a hand, all drawn from `seed`."""

    def __init__(self, realm: Realm, addon: Path, names: list[str], *, seed: int,
                 rate: float, steps: int = 400, ruleset: Ruleset = TAUREN) -> None:
        self.realm, self.rate, self.steps = realm, rate, steps
        self.ruleset, self.moves = ruleset, HoldemMoves(ruleset)
        realm.horizon = HEAL
        self.rng = random.Random(seed)
        self.seated = seat_table(realm, addon, names, ruleset=ruleset)
        self.by_name = {client.name: client for client in self.seated}
        for _ in range(5):  # a join lost on the way is typed again, as a player would
            missing = set(names) - set(banks(status_now(self.seated[0], self.ruleset)))
            for name in missing:
                self.by_name[name].type(f"{self.moves.long} join")
            realm.run_until_quiet()
        self.total = sum(banks(status_now(self.seated[0], self.ruleset)).values())
        if len(banks(status_now(self.seated[0], self.ruleset))) != len(names):
            raise RuntimeError(f"not everyone sat down: {status_now(self.seated[0], self.ruleset)}")
        self.away: dict[str, int] = {}  # name: steps until back
        self.tally = Tally()
        self._errors = 0

    # -- looking at the table ----------------------------------------------------------------

    def present(self, client: Client) -> bool:
        return client.online and self.realm.group_of(client) is not None

    def here(self) -> list[Client]:
        return [client for client in self.seated if self.present(client)]

    def view(self) -> str:
        """The table as most present clients see it (one behind is still catching up)."""
        lines = Counter(status_now(client, self.ruleset) for client in self.here())
        return lines.most_common(1)[0][0]

    def host(self) -> Client | None:
        """The host as present clients see it: the one whose start command is not refused."""
        first = self.here()[0]
        first.type(f"{self.moves.long} start")
        named = ONLY_HOST.match(first.chat.lines[-1])
        if named is None:
            return first  # it was the host: the hand started
        host = self.by_name.get(named.group(1))
        return host if host is not None and self.present(host) else None

    # -- faults ------------------------------------------------------------------------------

    def maybe_fault(self) -> bool:
        """Perhaps inject one fault; True for "typing together", which the caller does."""
        if self.rng.random() >= self.rate:
            return False
        kind = self.rng.choice(FAULTS)
        here = self.here()
        if kind in AWAY and len(self.away) >= len(self.seated) - 2:
            kind = "reload"  # two players stay, so someone can always take over
        if kind == "typing together":
            self.tally.faults[kind] += 1
            return True
        if kind == "reload":
            victim = self.rng.choice(here)
            self.realm.request_reload(victim)
        else:
            victim = self.pick_away(kind, here)
            if victim is None:
                return False
            if kind in ("offline", "host offline"):
                self.realm.logout(victim)
            else:
                self.realm.leave(victim)
            self.away[victim.name] = self.rng.randint(1, 6)
        self.tally.faults[kind] += 1
        return False

    def dealer(self, here: list[Client]) -> Client | None:
        """The hand's dealer, from the last line naming one in a present client's chat."""
        for text in reversed(here[0].chat.lines):
            named = DEALS.match(text)
            if named:
                dealer = self.by_name[named.group(1) or named.group(2)]
                return dealer if self.present(dealer) else None
        return None

    def pick_away(self, kind: str, here: list[Client]) -> Client | None:
        if kind == "dealer leaves":
            return self.dealer(here)
        if kind == "host offline":
            return self.host()
        return self.rng.choice(here)

    def come_back(self, name: str) -> None:
        client = self.by_name[name]
        del self.away[name]
        if not client.online:
            self.realm.login(client.name)
        if self.realm.group_of(client) is None:
            group_member = next(c for c in self.seated if self.realm.group_of(c) is not None)
            leader = self.realm.find(self.realm.group_of(group_member).leader)
            self.realm.invite(leader, client)

    def tick_away(self) -> None:
        for name, left in list(self.away.items()):
            if left <= 1:
                self.come_back(name)
            else:
                self.away[name] = left - 1

    # -- a hand ------------------------------------------------------------------------------

    def play_hand(self) -> None:
        """One hand from the start, with faults, then everyone back and the checks."""
        number = self.tally.hands + 1
        marks = {client.name: len(client.chat.lines) for client in self.seated}
        host = self.host()
        if host is None:
            self.tally.problems.append(f"hand {number}: no host present to start it")
            return
        if host is not self.here()[0]:
            host.type(f"{self.moves.long} start")
        self.realm.run_until_quiet()
        for client in self.here():
            client.type(self.moves.deal)  # all at once, as at a table
        self.realm.run_until_quiet()
        self.tally.hands += 1
        ended = self.drive(number)
        for name in list(self.away):
            self.come_back(name)
        after_the_hand(self.realm)  # everyone catches up, however long that takes
        self.check(number, ended, marks)

    def drive(self, number: int) -> bool:
        """Bet and roll until the hand is over; False if it stalls or runs out of steps."""
        last, same, refused = None, 0, False
        for _ in range(self.steps):
            self.tick_away()
            line = self.view()
            if "the hand is over" in line:
                return True
            together = self.maybe_fault()
            acting, rolling = TO_ACT.search(line), ROLLS_NEXT.search(line)
            actor = self.by_name[(acting or rolling).group(1)] if (acting or rolling) else None
            if actor is not None and self.present(actor):
                if acting:
                    bank = banks(line)[actor.name]
                    refused = line == last
                    choice = (self.moves.fallback(acting.group(2), bank) if refused else
                              self.moves.decide(self.rng, acting.group(2), bank))
                else:
                    choice = self.moves.street(rolling.group(2))
                actor.type(choice)
                self.tally.actions += 1
                if together:
                    others = [c for c in self.here() if c is not actor]
                    if others:
                        self.rng.choice(others).type(self.rng.choice(self.moves.crossing))
            self.realm.run_until_quiet()
            same = same + 1 if line == last else 0
            last = line
            if same >= 20 and not self.away:  # (catching up can take a while)
                self.tally.problems.append(f"hand {number}: stalled at {line!r}")
                return False
        self.tally.problems.append(f"hand {number}: not over after {self.steps} steps")
        return False

    def check(self, number: int, ended: bool, marks: dict[str, int]) -> None:
        lines = {client.name: status_now(client, self.ruleset) for client in self.seated}
        if len(set(lines.values())) > 1:
            views = "; ".join(f"{name}: {line}" for name, line in lines.items())
            self.tally.problems.append(f"hand {number}: clients disagree: {views}")
        line = Counter(lines.values()).most_common(1)[0][0]
        pot = POT.match(line)
        held = sum(banks(line).values()) + int(pot.group(1)) if pot and "banks: " in line else 0
        if held != self.total:
            self.tally.problems.append(f"hand {number}: {held} on the table, not "
                                       f"{self.total}: {line}")
        voided = any(VOID.match(text) for client in self.seated
                     for text in client.chat.lines[marks[client.name]:])
        if voided:
            self.tally.voided += 1
            self.tally.problems.append(f"hand {number}: void though players could take over")
        elif ended:
            self.tally.completed += 1
        errors = self.realm.errors()
        if len(errors) > self._errors:
            first = errors[self._errors]
            self.tally.problems.append(f"hand {number}: Lua error on {first[0]}: "
                                       f"{first[1].splitlines()[0] if first[1] else ''}")
            self._errors = len(errors)

    def players_with_chips(self) -> int:
        return sum(1 for bank in banks(self.view()).values() if bank > 0)
