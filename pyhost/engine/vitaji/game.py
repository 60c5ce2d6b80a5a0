"""A whole game of Vitaji, the flow a table runs.

The flow's `dealer` is the first player: he bets first and rolls first, every round, and
the order runs on round the table from him (the source leaves the choice of him to the
players and never moves him). Each round is a betting phase (not in round one, which the
ante stands for: betting.py), then a rolling phase (rolling.py). After each round's rolls
any triples are settled (the owner's choice first, when the table lets him choose); after
the last round a sweep wins at once, otherwise the highest score (a team's: the sum of its
players still in) wins the pot, and a tie is rolled off, again and again, until one is
higher. A game ends early when everyone but one player (team) has dropped out.

The dice come in from outside with each `roll` or `reroll` (one face, 1 up), so a game
replays exactly. With `table.stakes = "points"` the game is played for points handed out
for it (`table.points` each), and no bank changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ...rules import VitajiRules
from ..core import Event, Flow, IllegalAction, Pot, Seat, split
from .betting import Betting
from .rolling import Rolling
from .scoring import score_of, sweeps, triple_now

BONUS_CHOICES = ("add", "double", "reroll")


class Step(StrEnum):
    BET = "bet"  # the round's betting phase
    ROLL = "roll"  # the round's rolling phase: rolls, then rerolls and passes
    BONUS = "bonus"  # a triple's owner chooses his bonus
    ROLLOFF = "rolloff"  # tied players roll off
    OVER = "over"


@dataclass
class RoundRecord:
    """One round as the scoresheet keeps it."""

    number: int
    bet: int = 0  # the round's bet (round one: the ante)
    put: dict[str, int] = field(default_factory=dict)  # what each put in this round
    rolls: dict[str, list[int]] = field(default_factory=dict)  # every roll, rerolls after
    dropped: dict[str, int] = field(default_factory=dict)  # dropped now: what they put in it
    bonus: dict[str, str] = field(default_factory=dict)  # a triple's bonus, chosen now
    doubled: list[str] = field(default_factory=list)  # whose result counts double


class VitajiGame(Flow):
    game = "vitaji"
    mode = "guided"
    ruleset: VitajiRules

    # -- setting up ---------------------------------------------------------------------

    def _deal(self, **deal: Any) -> None:
        teams = deal.pop("teams", None)
        if deal:
            raise IllegalAction(f"a Vitaji game is dealt only its teams, not {', '.join(deal)}")
        rules = self.ruleset
        if len(self.seats) > rules.table.max_players:
            raise IllegalAction(f"{rules.name} seats at most {rules.table.max_players}, not "
                                f"{len(self.seats)}")
        count = len(self.seats)
        self.order = [self.seats[(self.dealer + step) % count].name for step in range(count)]
        self.team_of = self._teams(teams)
        self.points = rules.table.stakes == "points"
        ante = rules.table.ante
        if not self.points:
            short = [seat.name for seat in self.seats if seat.bank < ante]
            if short:
                raise IllegalAction(f"{', '.join(short)} cannot pay the ante of {ante}")
        # What bets are made from: the banks, or points handed out for this game.
        self.purses: dict[str, Seat] = {
            seat.name: Seat(name=seat.name, bank=rules.table.points) if self.points else seat
            for seat in self.seats}
        self.round = 1
        self.step = Step.ROLL
        self.out: list[str] = []  # dropped, in the order they dropped
        self.dropped_in: dict[str, int] = {}  # the round each dropped in
        self.rerolls = {name: rules.deal.rerolls for name in self.order}
        self.records: list[RoundRecord] = []
        self.betting: Betting | None = None
        self.rolling: Rolling | None = None
        self.choosing: list[str] = []  # triples' owners still to choose
        self.doubles: set[str] = set()  # whose next round counts double
        self.rolloffs: list[dict[str, int]] = []
        self.rolloff: dict[str, int] = {}  # the roll-off under way
        self.rolling_off: list[str] = []  # who rolls in it, in order
        self.winners: list[str] = []
        self.swept: list[str] = []

    def _teams(self, teams: object) -> dict[str, str]:
        """Each player's team (his own name without teams)."""
        size = self.ruleset.teams.team_size
        names = [seat.name for seat in self.seats]
        if size == 1:
            if teams:
                raise IllegalAction(f"{self.ruleset.name} is not played in teams")
            return {name: name for name in names}
        if not isinstance(teams, Mapping):
            raise IllegalAction(f"{self.ruleset.name} is played in teams of {size}: name "
                                "each player's team")
        if set(teams) != set(names) or not all(isinstance(t, str) and t for t in
                                               teams.values()):
            raise IllegalAction("every player at the table, and nobody else, needs a team")
        sizes = {team: list(teams.values()).count(team) for team in teams.values()}
        wrong = [team for team, n in sizes.items() if n != size]
        if wrong or len(sizes) < 2:
            raise IllegalAction(f"Team Vitaji needs two or more teams of {size}, not "
                                + ", ".join(f"{team} ({n})" for team, n in sizes.items()))
        return {name: str(teams[name]) for name in names}

    def _start(self) -> None:
        ante = self.ruleset.table.ante
        for name in self.order:
            purse = self.purses[name]
            purse.committed = 0
            if ante:
                purse.bank -= ante
                purse.committed += ante
                self._say("ante", f"{name} antes {ante}", player=name, chips=ante)
        self._begin_round()

    # -- the interface ------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.step is Step.OVER

    @property
    def players(self) -> list[str]:
        """Still in the game, in order."""
        return [name for name in self.order if name not in self.out]

    @property
    def pot(self) -> int:
        return sum(purse.committed for purse in self.purses.values())

    def pots(self) -> list[Pot]:
        """One pot, the players still in contesting it (there are no side pots)."""
        if self.over:
            return self.final_pots
        return [Pot(self.pot, tuple(self.players))] if self.pot else []

    def to_act(self) -> str | None:
        if self.step is Step.BET:
            return self.betting.to_act if self.betting else None
        if self.step is Step.ROLL:
            return self.rolling.to_act if self.rolling else None
        if self.step is Step.BONUS:
            return self.choosing[0]
        if self.step is Step.ROLLOFF:
            return self.rolling_off[len(self.rolloff)]
        return None

    def legal_actions(self, name: str) -> tuple[str, ...]:
        if name != self.to_act():
            return ()
        if self.step is Step.BET:
            assert self.betting is not None
            return self.betting.legal(name)
        if self.step is Step.ROLL:
            assert self.rolling is not None
            return self.rolling.legal(name)
        if self.step is Step.BONUS:
            return ("bonus",)
        return ("roll",)

    def wanted(self) -> tuple[str, str] | None:
        """Who must roll the die now, and for what: the round's "roll" or a "rolloff" (a
        reroll is the player's choice, so it is never wanted); None when nobody must."""
        name = self.to_act()
        if name is None or "roll" not in self.legal_actions(name):
            return None
        return name, "rolloff" if self.step is Step.ROLLOFF else "roll"

    def act(self, name: str, action: str, amount: object = None, dice: object = None,
            target: object = None) -> list[Event]:
        plan = self.verify(name, action, amount, dice, target)
        start = len(self.events)
        plan()
        return self.events[start:]

    # -- checking an action --------------------------------------------------------------

    def verify(self, name: str, action: str, amount: object = None, dice: object = None,
               target: object = None) -> Any:
        """What a legal action will do (a function), or IllegalAction. Changes nothing."""
        if name not in self.purses:
            raise IllegalAction(f"nobody named {name!r} is in this game")
        if self.over:
            raise IllegalAction(f"{name} cannot {action}: the game is over")
        if name in self.out:
            raise IllegalAction(f"{name} cannot {action}: {name} has dropped out")
        waiting = self.to_act()
        if name != waiting:
            raise IllegalAction(f"{name} cannot {action} now: it is {waiting}'s turn to "
                                f"{self._doing()}")
        if self.step is Step.BET:
            assert self.betting is not None
            move = self.betting.verify(name, action, amount)
            return lambda: self._bet(move)
        if self.step is Step.BONUS:
            if action != "bonus":
                raise IllegalAction(f"{name} cannot {action} now: {name} chooses a triple's "
                                    "bonus (add, double or reroll)")
            if target not in BONUS_CHOICES:
                raise IllegalAction(f"{name}'s triple bonus is add, double or reroll, not "
                                    f"{target!r}")
            return lambda: self._bonus(name, str(target))
        legal = self.legal_actions(name)
        if action not in legal:
            raise IllegalAction(f"{name} cannot {action} now: {name} may {' or '.join(legal)}")
        if action == "pass":
            assert self.rolling is not None
            rolling = self.rolling
            return lambda: self._pass(rolling, name)
        face = self._face(dice, f"{name}'s {action}")
        if self.step is Step.ROLLOFF:
            return lambda: self._rolled_off(name, face)
        return lambda: self._rolled(name, action, face)

    def _face(self, dice: object, what: str) -> int:
        """The one die of a roll: a face 1 to the die's size, as a number or its text."""
        sides = self.ruleset.dice.count
        if isinstance(dice, str) or not isinstance(dice, Sequence) or len(dice) != 1:
            raise IllegalAction(f"{what} must be one die, a list of one face 1 to {sides}, "
                                f"not {dice!r}")
        face = dice[0]
        if isinstance(face, str) and face.strip().isdigit():
            face = int(face.strip())
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise IllegalAction(f"{what} must be a face 1 to {sides}, not {dice[0]!r}")
        return face

    def _doing(self) -> str:
        return {Step.BET: "bet", Step.ROLL: "roll", Step.BONUS: "choose a bonus",
                Step.ROLLOFF: "roll off"}.get(self.step, "act")

    # -- rounds -------------------------------------------------------------------------

    @property
    def record(self) -> RoundRecord:
        return self.records[-1]

    def _begin_round(self) -> None:
        self.records.append(RoundRecord(number=self.round))
        if self.round == 1:
            self.record.bet = self.ruleset.table.ante
            self.record.put = {name: self.ruleset.table.ante for name in self.order}
            self._begin_rolling()
            return
        t = self.ruleset.table
        cap = t.maximum * (self.round - 1) if t.maximum else None
        self.betting = Betting(self.players, self.purses, interval=t.interval, cap=cap,
                               raises=t.raises_per_round)
        self.step = Step.BET
        self._say("round", f"Round {self.round}: {self.players[0]} bets first"
                  + (f" (at most {cap})" if cap is not None else ""),
                  details={"round": self.round, "cap": cap})

    def _begin_rolling(self) -> None:
        self.step = Step.ROLL
        self.rolling = Rolling(self.players, self.rerolls)
        self._say("rolling", f"Round {self.round}: {self.players[0]} rolls first",
                  details={"round": self.round})

    def _bet(self, move: Any) -> None:
        betting = self.betting
        assert betting is not None
        name = move.name
        put_before = betting.put[name]
        betting.apply(move)
        self.record.put = dict(betting.put)
        self.record.bet = betting.level or 0
        if move.action == "drop":
            forfeit = self.purses[name].committed
            self.out.append(name)
            self.dropped_in[name] = self.round
            self.record.dropped[name] = put_before
            self._say("drop", f"{name} drops out, forfeiting {forfeit}", player=name,
                      details={"forfeit": forfeit, "this_round": put_before})
            if len({self.team_of[n] for n in self.players}) == 1:
                betting.end()
                self._say("decided", "Everyone else has dropped out")
                self._settle(self.players)
                return
        else:
            words = {"bet": "bets", "meet": "meets", "raise": "raises to"}[move.action]
            shown = move.level if move.action != "meet" else f"{move.level} ({move.chips} more)"
            self._say(move.action, f"{name} {words} {shown}", player=name, chips=move.chips,
                      details={"level": move.level})
        if betting.closed:
            self._begin_rolling()

    def _rolled(self, name: str, action: str, face: int) -> None:
        rolling = self.rolling
        assert rolling is not None
        if action == "roll":
            rolling.roll(name, face)
            self._say("roll", f"{name} rolls {face}", player=name, dice=(str(face),))
        else:
            rolling.reroll(name, face)
            self._say("reroll", f"{name} rerolls: {face} ({self.rerolls[name]} rerolls left)",
                      player=name, dice=(str(face),))
        self._rolling_on(rolling)

    def _pass(self, rolling: Rolling, name: str) -> None:
        rolling.pass_(name)
        self._say("pass", f"{name} passes", player=name)
        self._rolling_on(rolling)

    def _rolling_on(self, rolling: Rolling) -> None:
        if rolling.closed:
            self._end_round(rolling)

    def _end_round(self, rolling: Rolling) -> None:
        record = self.record
        record.rolls = {name: list(rolls) for name, rolls in rolling.rolls.items()}
        record.doubled = [name for name in rolling.order if name in self.doubles]
        self.doubles -= set(record.doubled)
        last = self.round == self.ruleset.deal.rounds
        bonus = self.ruleset.bonuses.triple
        for name in rolling.order:
            face = rolling.result(name)
            self._say("result", f"{name}'s round {self.round}: {face}"
                      + (f", doubled: {2 * face}" if name in record.doubled else "")
                      + f"; score {self.score(name)}", player=name, dice=(str(face),))
            if bonus == "off" or not triple_now(self.faces(name)):
                continue
            self._say("triple", f"{name} has a triple: {face} three rounds running",
                      player=name, dice=(str(face),))
            # In the last round only adding can still count.
            if last or bonus == "add":
                self._bonus(name, "add", go_on=False)
            elif bonus == "choose":
                self.choosing.append(name)
            else:
                self._bonus(name, bonus, go_on=False)
        if self.choosing:
            self.step = Step.BONUS
        else:
            self._next_round()

    def _bonus(self, name: str, choice: str, go_on: bool = True) -> None:
        face = self.faces(name)[-1]
        self.record.bonus[name] = choice
        if choice == "double":
            self.doubles.add(name)
            text = f"{name} will count the next round double"
        elif choice == "reroll":
            self.rerolls[name] += 1
            text = f"{name} gains a reroll ({self.rerolls[name]} left)"
        else:
            text = f"{name} adds {face} as a bonus (score {self.score(name)})"
        self._say("bonus", text, player=name, details={"bonus": choice})
        if go_on:
            self.choosing.remove(name)
            if not self.choosing:
                self._next_round()

    def _next_round(self) -> None:
        if self.round < self.ruleset.deal.rounds:
            self.round += 1
            self._begin_round()
        else:
            self._after_last_round()

    # -- scores -------------------------------------------------------------------------

    def faces(self, name: str) -> list[int]:
        """The result that stood in each finished round, for `name`."""
        return [r.rolls[name][-1] for r in self.records if r.rolls.get(name)]

    def score(self, name: str) -> int:
        return score_of(name, self.records)

    def team_score(self, team: str) -> int:
        return sum(self.score(name) for name in self.players if self.team_of[name] == team)

    @property
    def teams(self) -> list[str]:
        """The teams still in, in order of their first player (players without teams)."""
        seen: list[str] = []
        for name in self.players:
            if self.team_of[name] not in seen:
                seen.append(self.team_of[name])
        return seen

    # -- the end ------------------------------------------------------------------------

    def _after_last_round(self) -> None:
        contenders = self.teams
        if self.ruleset.bonuses.sweep:
            swept = [name for name in self.players if sweeps(self.faces(name))]
            if swept and len(self.players) > 1 and self.ruleset.deal.rounds > 1:
                self.swept = swept
                for name in swept:
                    self._say("sweep", f"{name} sweeps: {self.faces(name)[0]} every round",
                              player=name)
                contenders = [team for team in contenders
                              if any(self.team_of[name] == team for name in swept)]
        best = max(self.team_score(team) for team in contenders)
        top = [team for team in contenders if self.team_score(team) == best]
        if len(top) == 1:
            self._settle(self._members(top))
        else:
            self._say("tie", f"{' and '.join(top)} tie at {best}: they roll off",
                      details={"teams": top})
            self._start_rolloff(top)

    def _members(self, teams: list[str]) -> list[str]:
        return [name for name in self.players if self.team_of[name] in teams]

    def _start_rolloff(self, teams: list[str]) -> None:
        self.step = Step.ROLLOFF
        self.rolling_off = self._members(teams)
        self.rolloff = {}

    def _rolled_off(self, name: str, face: int) -> None:
        self.rolloff[name] = face
        self._say("rolloff", f"{name} rolls off: {face}", player=name, dice=(str(face),))
        if len(self.rolloff) < len(self.rolling_off):
            return
        self.rolloffs.append(dict(self.rolloff))
        sums: dict[str, int] = {}
        for player, rolled in self.rolloff.items():
            sums[self.team_of[player]] = sums.get(self.team_of[player], 0) + rolled
        best = max(sums.values())
        top = [team for team, total in sums.items() if total == best]
        if len(top) == 1:
            self._settle(self._members(top))
        else:
            self._say("tie", f"{' and '.join(top)} tie again at {best}: they roll again",
                      details={"teams": top})
            self._start_rolloff(top)

    def _settle(self, winners: list[str]) -> None:
        self.winners = winners
        pot = self.pot
        shares = self._shares(pot, winners)
        team = self.team_of[winners[0]]
        label = team if self.ruleset.teams.team_size > 1 else winners[0]
        self._say("winner", f"{label} wins the pot of {pot}"
                  + (f" with {self.team_score(team)}" if self.records[-1].rolls else ""),
                  details={"winners": list(winners), "pot": pot})
        for name, chips in shares.items():
            purse = self.purses[name]
            purse.bank += chips
            self.payouts[name] = self.payouts.get(name, 0) + chips
            if chips:
                self._say("win", f"{name} takes {chips}", player=name, chips=chips)
        self.final_pots = [Pot(pot, tuple(winners))] if pot else []
        self.contributions = {name: purse.committed for name, purse in self.purses.items()}
        for purse in self.purses.values():
            purse.committed = 0
        self.step = Step.OVER

    def _shares(self, pot: int, winners: list[str]) -> dict[str, int]:
        if len(winners) == 1 or self.ruleset.teams.share == "equal":
            return split(pot, winners, self.order)
        # By stake: in proportion to what each put in, the odd chips in order.
        stakes = {name: self.purses[name].committed for name in winners}
        total = sum(stakes.values())
        if not total:
            return split(pot, winners, self.order)
        shares = {name: pot * stake // total for name, stake in stakes.items()}
        odd = pot - sum(shares.values())
        for name in [n for n in self.order if n in winners][:odd]:
            shares[name] += 1
        return shares

    def _finish(self) -> None:  # the books close in _settle
        pass
