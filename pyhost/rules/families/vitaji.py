"""Vitaji's ruleset: one numbered die a round, rerolls from a budget, bets in intervals,
bonuses, teams and tournaments. It scores totals, not poker hands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from ..reading import multiple_of, read_addon, read_dice, read_sides, read_table
from ..ruleset import Ruleset, TableRules
from ..schema import Table


@dataclass(frozen=True, kw_only=True)
class VitajiDeal:
    rounds: int  # rounds in a game
    rerolls: int  # rerolls each player may spend in a game


@dataclass(frozen=True, kw_only=True)
class VitajiTable(TableRules):
    interval: int  # every bet is a multiple of it
    ante: int
    maximum: int  # 0: no maximum
    raises_per_round: int
    scoresheet: bool


@dataclass(frozen=True, kw_only=True)
class Bonuses:
    triple: str  # off, add, double or reroll
    sweep: bool


@dataclass(frozen=True, kw_only=True)
class Teams:
    team_size: int


@dataclass(frozen=True, kw_only=True)
class Tournament:
    group_size: int
    games_per_round: int
    advance: int


@dataclass(frozen=True, kw_only=True)
class VitajiRules(Ruleset):
    family = "vitaji"
    commands = ("roll", "reroll", "pass", "bet", "drop", "score", "help")

    deal: VitajiDeal
    table: VitajiTable
    bonuses: Bonuses
    teams: Teams
    tournament: Tournament

    @classmethod
    def read(cls, top: Table, **header: Any) -> Self:
        """The sections after [game], in the order a mistake is reported in."""
        dice = read_dice(top, read_sides)
        deal_table = top.table("deal")
        deal = VitajiDeal(rounds=deal_table.get("rounds", int, low=1, high=500),
                          rerolls=deal_table.get("rerolls", int, low=0, high=1000))
        deal_table.done()
        sections = [top.table(key) for key in ("bonuses", "teams", "tournament")]
        bonuses_table, teams_table, tournament_table = sections
        bonuses = Bonuses(triple=bonuses_table.get("triple", str,
                                                   choices=("off", "add", "double", "reroll")),
                          sweep=bonuses_table.get("sweep", bool))
        teams = Teams(team_size=teams_table.get("team_size", int, low=1, high=20))
        tournament = Tournament(
            group_size=tournament_table.get("group_size", int, low=2, high=40),
            games_per_round=tournament_table.get("games_per_round", int, low=1, high=100),
            advance=tournament_table.get("advance", int, low=1, high=39))
        if tournament.advance >= tournament.group_size:
            raise tournament_table.error("advance", "must be fewer than group_size "
                                         f"({tournament.group_size}), not {tournament.advance}")
        for section in sections:
            section.done()
        table = read_table(top, cls.read_table)
        addon = read_addon(top, cls.commands)
        top.done()
        return cls(**header, dice=dice, deal=deal, table=table, addon=addon, bonuses=bonuses,
                   teams=teams, tournament=tournament)

    @classmethod
    def read_table(cls, table: Table, common: dict[str, Any]) -> VitajiTable:
        bank = common["starting_bank"]
        interval = table.get("interval", int, low=1, high=bank)
        multiple = multiple_of(interval)
        return VitajiTable(
            **common, interval=interval,
            ante=table.get("ante", int, low=0, high=bank, check=multiple),
            maximum=table.get("maximum", int, low=0, high=bank, check=multiple),
            raises_per_round=table.get("raises_per_round", int, low=0, high=10),
            scoresheet=table.get("scoresheet", bool),
        )
