"""The scoresheet: every roll, reroll, bet and drop of a game, as data and as text.

The data is the table the addon keeps in its SavedVariables (docs/games.md, "The
scoresheet's saved layout"): the game's settings, the players in order, one row a round
(the round's bet, what each put in, every roll with the rerolls after it, who dropped out,
triples' bonuses, doubled rounds), the roll-offs and the winners. The text follows the
source's example sheet: a column a player and the bets last; rerolls after commas; a
dropped player's column shows in parentheses what he had put in that round, then "-";
under the line each score, the pot's sum (the players still in, then those who dropped,
last dropped first), then each roll-off; a "*" marks the winner and his winning roll.
A triple's bonus shows after the result: "+7" added, "x2" on a doubled round, "+r" a
reroll gained.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

BONUS_MARKS = {"add": "+{face}", "reroll": "+r", "double": ""}


@dataclass
class Sheet:
    """One game's scoresheet, in the saved layout's terms."""

    game: str
    sides: int
    rounds: int
    ante: int
    interval: int
    maximum: int
    currency: str
    stakes: str
    players: list[str]
    teams: dict[str, str] = field(default_factory=dict)  # player -> team (Team Vitaji)
    rows: list[dict[str, Any]] = field(default_factory=list)
    rolloffs: list[dict[str, int]] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)

    # -- made from a game, and saved ------------------------------------------------

    @classmethod
    def of_game(cls, game: Any) -> Sheet:
        rules, table = game.ruleset, game.ruleset.table
        teams = dict(game.team_of) if rules.teams.team_size > 1 else {}
        rows = []
        for record in game.records:
            row: dict[str, Any] = {"bet": record.bet, "put": dict(record.put),
                                   "rolls": {n: list(r) for n, r in record.rolls.items()}}
            if record.dropped:
                row["dropped"] = list(record.dropped)
            if record.bonus:
                row["bonus"] = dict(record.bonus)
            if record.doubled:
                row["doubled"] = list(record.doubled)
            rows.append(row)
        return cls(game=rules.name, sides=rules.dice.count, rounds=rules.deal.rounds,
                   ante=table.ante, interval=table.interval, maximum=table.maximum,
                   currency=table.currency, stakes=table.stakes, players=list(game.order),
                   teams=teams, rows=rows, rolloffs=[dict(r) for r in game.rolloffs],
                   winners=list(game.winners))

    def saved(self) -> dict[str, Any]:
        """The table the addon saves (names as in the Lua layout; empty parts left out)."""
        data: dict[str, Any] = {
            "game": self.game, "sides": self.sides, "rounds": self.rounds, "ante": self.ante,
            "interval": self.interval, "maximum": self.maximum, "currency": self.currency,
            "stakes": self.stakes, "players": list(self.players), "rows": self.rows,
            "rolloffs": self.rolloffs, "winners": list(self.winners)}
        if self.teams:
            data["teams"] = dict(self.teams)
        return data

    # -- what it adds up to -----------------------------------------------------------

    def dropped_at(self, name: str) -> int | None:
        """The round `name` dropped out in (1 up), or None."""
        for number, row in enumerate(self.rows, 1):
            if name in row.get("dropped", ()):
                return number
        return None

    def put(self, name: str) -> int:
        return sum(row["put"].get(name, 0) for row in self.rows)

    def score(self, name: str) -> int:
        total = 0
        for row in self.rows:
            rolls = row["rolls"].get(name)
            if rolls:
                face = rolls[-1]
                total += face * (2 if name in row.get("doubled", ()) else 1)
                total += face if row.get("bonus", {}).get(name) == "add" else 0
        return total

    @property
    def pot(self) -> int:
        return sum(self.put(name) for name in self.players)

    def pot_sum(self) -> str:
        """The pot as the source adds it up: "2380+2380+(1030+0)+(250+30)=6070"."""
        late = len(self.rows) + 1
        order = sorted(self.players, key=lambda n: -(self.dropped_at(n) or late))
        parts = []
        for name in order:
            dropped = self.dropped_at(name)
            if dropped is None:
                parts.append(str(self.put(name)))
            else:
                last = self.rows[dropped - 1]["put"].get(name, 0)
                parts.append(f"({self.put(name) - last}+{last})")
        return "+".join(parts) + f"={self.pot}"

    # -- as text ----------------------------------------------------------------------

    def cell(self, number: int, name: str) -> str:
        row = self.rows[number - 1]
        dropped = self.dropped_at(name)
        if dropped is not None and number >= dropped:
            return f"({row['put'].get(name, 0)})" if number == dropped else "-"
        rolls = row["rolls"].get(name)
        if not rolls:
            return ""
        text = ",".join(map(str, rolls))
        if name in row.get("doubled", ()):
            text += "x2"
        bonus = row.get("bonus", {}).get(name)
        if bonus:
            text += BONUS_MARKS[bonus].format(face=rolls[-1])
        return text

    def grid(self) -> list[list[str]]:
        """The sheet's cells: the head, a row a round, the scores and pot, the roll-offs."""
        head = [""] + [name + ("*" if name in self.winners else "") for name in self.players]
        grid = [[*head, "$"]]
        for number, row in enumerate(self.rows, 1):
            grid.append([str(number)] + [self.cell(number, n) for n in self.players]
                        + [str(row["bet"])])
        scores = ["-" if self.dropped_at(n) else str(self.score(n)) for n in self.players]
        grid.append(["", *scores, self.pot_sum()])
        for number, rolloff in enumerate(self.rolloffs):
            last = number == len(self.rolloffs) - 1
            grid.append([""] + [
                "" if n not in rolloff else
                f"{rolloff[n]}" + ("*" if last and n in self.winners else "")
                for n in self.players] + [""])
        return grid

    def text(self) -> str:
        grid = self.grid()
        scores, last = len(self.rows) + 1, len(grid[0]) - 1
        # The pot's sum runs on past the bets' column.
        widths = [max(len(row[col]) for at, row in enumerate(grid)
                      if not (col == last and at == scores)) for col in range(last + 1)]
        lines = []
        for index, row in enumerate(grid):
            if index == scores:
                lines.append("-" * (sum(widths[:-1]) + 2 * last + len(self.pot_sum())))
            lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths,
                                                                          strict=True))
                         .rstrip())
        title = (f"{self.game}: d{self.sides} over {self.rounds} rounds, ante {self.ante}, "
                 f"interval {self.interval}, "
                 + (f"maximum {self.maximum}" if self.maximum else "no maximum")
                 + ("" if self.stakes == "chips" else ", for points")
                 + f" ({self.currency if self.stakes == 'chips' else 'points'})")
        extra = []
        if self.teams:
            for team in dict.fromkeys(self.teams[n] for n in self.players):
                members = [n for n in self.players if self.teams[n] == team]
                score = sum(self.score(n) for n in members if not self.dropped_at(n))
                extra.append(f"Team {team}: {', '.join(members)}: {score}")
        if self.winners:
            extra.append(f"Winner: {', '.join(self.winners)}, the pot of {self.pot}")
        else:
            extra.append("Not over yet")
        return "\n".join([title, *lines, *extra])

    def csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        grid = self.grid()
        grid[0][0] = "round"
        grid[len(self.rows) + 1][0] = "score"
        for number in range(len(self.rolloffs)):
            grid[len(self.rows) + 2 + number][0] = f"roll-off {number + 1}"
        writer.writerows(grid)
        return out.getvalue()
