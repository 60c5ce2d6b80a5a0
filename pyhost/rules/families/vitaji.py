"""Vitaji's ruleset: one numbered die a round, rerolls from a budget, bets in intervals,
bonuses, teams and tournaments. It scores totals, not poker hands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from ..dice import Dice, Face
from ..reading import multiple_of, read_addon, read_table
from ..ruleset import Ruleset, TableRules
from ..schema import Table

# The source's named games: (die, rounds, rerolls). Keys given beside a preset override it.
PRESETS: dict[str, tuple[int, int, int]] = {
    "d6x5": (6, 5, 2),  # the casual game
    "d20x10": (20, 10, 4),  # the source's example
    "super": (100, 50, 20),  # Super Vitaji
    "championship": (1000, 500, 200),  # the d1000x500, played over days
}
TRIPLE_BONUSES = ("off", "choose", "add", "double", "reroll")


@dataclass(frozen=True, kw_only=True)
class VitajiDeal:
    rounds: int  # rounds in a game
    rerolls: int  # rerolls each player may spend in a game
    preset: str = ""  # the preset it came from, if any


@dataclass(frozen=True, kw_only=True)
class VitajiTable(TableRules):
    interval: int  # every bet is a multiple of it
    ante: int
    maximum: int  # 0: no maximum
    raises_per_round: int
    scoresheet: bool
    stakes: str = "chips"  # chips from the banks, or points given out for each game
    points: int = 0  # the points each player starts a game with, when stakes = "points"
    reopen_wait: int = 300  # seconds a game reopened from a saved copy waits for its seats


@dataclass(frozen=True, kw_only=True)
class Bonuses:
    triple: str  # off, choose (the owner picks), add, double or reroll
    sweep: bool


@dataclass(frozen=True, kw_only=True)
class Teams:
    team_size: int
    share: str = "equal"  # how a winning team shares the pot: equal, or by stake


@dataclass(frozen=True, kw_only=True)
class Tournament:
    group_size: int
    games_per_round: int
    advance: int


def read_numbered_die(table: Table, default: int | None) -> Dice:
    """`sides` faces, 1 up (the preset's die when the key is absent)."""
    sides = table.get("sides", int, low=2, high=1000) if default is None else \
        table.get("sides", int, low=2, high=1000, default=default)
    return Dice(faces=tuple(Face(index=n - 1, name=str(n), value=n, glyph=f"[{n}]")
                            for n in range(1, sides + 1)))


@dataclass(frozen=True, kw_only=True)
class VitajiRules(Ruleset):
    family = "vitaji"
    commands = ("roll", "reroll", "pass", "bet", "drop", "score", "help", "team")

    deal: VitajiDeal
    table: VitajiTable
    bonuses: Bonuses
    teams: Teams
    tournament: Tournament

    @property
    def sides(self) -> int:
        return self.dice.count

    @classmethod
    def read(cls, top: Table, **header: Any) -> Self:
        """The sections after [game], in the order a mistake is reported in."""
        deal_table = top.table("deal")
        preset = deal_table.get("preset", str, default="", choices=PRESETS)
        sides, rounds, rerolls = PRESETS.get(preset, (None, None, None))
        dice_table = top.table("dice")
        dice = read_numbered_die(dice_table, sides)
        dice_table.done()
        rounds = deal_table.get("rounds", int, low=1, high=500) if rounds is None else \
            deal_table.get("rounds", int, low=1, high=500, default=rounds)
        # The source's budget: 2 rerolls for every 5 rounds, unless the file says otherwise.
        budget = rerolls if preset and rounds == PRESETS[preset][1] else rounds * 2 // 5
        deal = VitajiDeal(rounds=rounds, preset=preset, rerolls=deal_table.get(
            "rerolls", int, low=0, high=1000, default=budget))
        deal_table.done()
        sections = [top.table(key) for key in ("bonuses", "teams", "tournament")]
        bonuses_table, teams_table, tournament_table = sections
        bonuses = Bonuses(triple=bonuses_table.get("triple", str, choices=TRIPLE_BONUSES),
                          sweep=bonuses_table.get("sweep", bool))
        teams = Teams(team_size=teams_table.get("team_size", int, low=1, high=20),
                      share=teams_table.get("share", str, default="equal",
                                            choices=("equal", "stake")))
        # The source's tournaments: groups of four, the top two go on; eight and four in Team
        # Vitaji.
        team_play = teams.team_size > 1
        tournament = Tournament(
            group_size=tournament_table.get("group_size", int, low=2, high=40,
                                            default=8 if team_play else 4),
            games_per_round=tournament_table.get("games_per_round", int, low=1, high=100,
                                                 default=3),
            advance=tournament_table.get("advance", int, low=1, high=39,
                                         default=4 if team_play else 2))
        if tournament.advance >= tournament.group_size:
            raise tournament_table.error("advance", "must be fewer than group_size "
                                         f"({tournament.group_size}), not {tournament.advance}")
        for section in sections:
            section.done()
        table = read_table(top, cls.read_table)
        if team_play and table.max_players < 2 * teams.team_size:
            raise top.error("teams.team_size", f"teams of {teams.team_size} need two teams at a "
                            f"table, and table.max_players is {table.max_players}")
        addon = read_addon(top, cls.commands)
        top.done()
        return cls(**header, dice=dice, deal=deal, table=table, addon=addon, bonuses=bonuses,
                   teams=teams, tournament=tournament)

    @classmethod
    def read_table(cls, table: Table, common: dict[str, Any]) -> VitajiTable:
        stakes = table.get("stakes", str, default="chips", choices=("chips", "points"))
        # Points are handed out for each game, so they, not the banks, cap the amounts.
        points = table.get("points", int, low=1, high=1_000_000) if stakes == "points" \
            else table.get("points", int, low=0, high=1_000_000, default=0)
        bank = points if stakes == "points" else common["starting_bank"]
        interval = table.get("interval", int, low=1, high=bank)
        multiple = multiple_of(interval)
        return VitajiTable(
            **common, interval=interval,
            ante=table.get("ante", int, low=0, high=bank, check=multiple),
            maximum=table.get("maximum", int, low=0, high=bank, check=multiple),
            raises_per_round=table.get("raises_per_round", int, low=0, high=10),
            scoresheet=table.get("scoresheet", bool),
            stakes=stakes, points=points,
            reopen_wait=table.get("reopen_wait", int, low=30, high=86400, default=300),
        )
