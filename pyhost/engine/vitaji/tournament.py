"""A Vitaji tournament: registration, groups, games, standings, and a final.

The organiser registers the entrants in seed order: players, or in Team Vitaji whole
teams. Starting seeds them into groups of `tournament.group_size` players (the source: four;
eight in a team tournament, so four teams of two), dealing the seeds out like cards (seed 1
to group 1, seed 2 to group 2, ... and back again from the last group: a snake), so the
best seeds meet late. Each group plays `tournament.games_per_round` games; the top
`tournament.advance` players of each group (in teams: that many players' worth of teams)
go on to the next round of the tournament, until the entrants left fit one group: the
final. Its top entrant wins.

A group's standings, after every game: games won, then the total of the scores, then the
seed. The tournament is plain data (`saved()` / `restore()`), so it outlives a logout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...rules import VitajiRules
from ..core import IllegalAction


@dataclass
class Group:
    entrants: list[str]
    games: list[dict[str, Any]] = field(default_factory=list)  # {"scores": {}, "winner": x}

    def standing(self, seeds: dict[str, int]) -> list[tuple[str, int, int]]:
        """(entrant, games won, total score), best first."""
        rows = [(name, sum(g["winner"] == name for g in self.games),
                 sum(g["scores"].get(name, 0) for g in self.games)) for name in self.entrants]
        return sorted(rows, key=lambda row: (-row[1], -row[2], seeds[row[0]]))


class Tournament:
    def __init__(self, ruleset: VitajiRules, organiser: str) -> None:
        self.ruleset = ruleset
        self.organiser = organiser
        self.team_size = ruleset.teams.team_size
        rules = ruleset.tournament
        # Groups and advancing are counted in players; a team tournament places whole teams.
        self.group_entrants = max(2, rules.group_size // self.team_size)
        self.advancing = max(1, rules.advance // self.team_size)
        self.games_per_group = rules.games_per_round
        self.entrants: list[str] = []  # in seed order
        self.members: dict[str, list[str]] = {}  # entrant -> its players
        self.stage = "registration"  # registration, playing, over
        self.tier = 0  # the tournament's round, 1 up once started
        self.groups: list[Group] = []
        self.champion: str | None = None
        self.history: list[list[str]] = []  # who went on after each tier

    # -- registration ----------------------------------------------------------------

    def _organiser(self, by: str, doing: str) -> None:
        if by != self.organiser:
            raise IllegalAction(f"{by} cannot {doing}: only the organiser, {self.organiser}, "
                                "can")

    def register(self, by: str, entrant: str, members: list[str] | None = None) -> str:
        self._organiser(by, "register entrants")
        if self.stage != "registration":
            raise IllegalAction(f"{entrant} cannot be registered: the tournament has started")
        if not isinstance(entrant, str) or not entrant.strip():
            raise IllegalAction(f"an entrant needs a name, not {entrant!r}")
        players = list(members) if members is not None else [entrant]
        if len(players) != self.team_size:
            what = f"a team of {self.team_size}" if self.team_size > 1 else "one player"
            raise IllegalAction(f"{entrant} must be {what}, not {len(players)}")
        taken = {p for team in self.members.values() for p in team} | set(self.entrants)
        clash = [p for p in [entrant, *players] if p in taken]
        if clash or len(set(players)) != len(players):
            raise IllegalAction(f"{entrant} cannot be registered: "
                                f"{(clash or players)[0]} is registered already")
        self.entrants.append(entrant)
        self.members[entrant] = players
        return f"{entrant} registered, seed {len(self.entrants)}"

    # -- the groups --------------------------------------------------------------------

    @property
    def seeds(self) -> dict[str, int]:
        return {name: seed for seed, name in enumerate(self.entrants, 1)}

    def start(self, by: str) -> list[str]:
        self._organiser(by, "start the tournament")
        if self.stage != "registration":
            raise IllegalAction("the tournament has started already")
        if len(self.entrants) < 2:
            raise IllegalAction(f"a tournament needs two entrants or more, not "
                                f"{len(self.entrants)}")
        self.stage = "playing"
        return self._seed(list(self.entrants))

    def _seed(self, entrants: list[str]) -> list[str]:
        self.tier += 1
        count = -(-len(entrants) // self.group_entrants)  # groups needed
        # Groups no smaller than needed to advance someone and leave someone behind.
        while count > 1 and len(entrants) // count <= self.advancing:
            count -= 1
        groups: list[list[str]] = [[] for _ in range(count)]
        for place, name in enumerate(sorted(entrants, key=self.seeds.__getitem__)):
            lap, at = divmod(place, count)
            groups[at if lap % 2 == 0 else count - 1 - at].append(name)
        self.groups = [Group(entrants=group) for group in groups]
        label = "the final" if self.final else f"round {self.tier}"
        return [f"{label}, group {n}: {', '.join(g.entrants)}"
                for n, g in enumerate(self.groups, 1)]

    @property
    def final(self) -> bool:
        return len(self.groups) == 1

    def group_of(self, entrant: str) -> int:
        for index, group in enumerate(self.groups):
            if entrant in group.entrants:
                return index
        raise IllegalAction(f"{entrant} is in no group of this round")

    def seats(self, group: int) -> tuple[list[str], dict[str, str]]:
        """The players of a group's next game in seat order, and their teams (for a team
        tournament)."""
        players = [p for name in self.groups[group].entrants for p in self.members[name]]
        teams = {p: name for name in self.groups[group].entrants for p in self.members[name]}
        return players, (teams if self.team_size > 1 else {})

    # -- results ---------------------------------------------------------------------

    def record(self, group: int, game: Any) -> list[str]:
        """A finished game of group `group` (a VitajiGame): its scores and winner. The
        standings after it; the next round's groups, or the champion, when it ends one."""
        if self.stage != "playing":
            raise IllegalAction("the tournament is not under way")
        if not 0 <= group < len(self.groups):
            raise IllegalAction(f"there is no group {group + 1} in this round")
        target = self.groups[group]
        if len(target.games) >= self.games_per_group:
            raise IllegalAction(f"group {group + 1} has played its {self.games_per_group} games")
        players, _ = self.seats(group)
        if not game.over or sorted(game.order) != sorted(players):
            raise IllegalAction(f"that is not a finished game of group {group + 1} "
                                f"({', '.join(players)})")
        entrant_of = {p: name for name, team in self.members.items() for p in team}
        scores: dict[str, int] = {}
        for name in game.players:
            scores[entrant_of[name]] = scores.get(entrant_of[name], 0) + game.score(name)
        target.games.append({"scores": scores, "winner": entrant_of[game.winners[0]]})
        lines = self.standings(group)
        if all(len(g.games) >= self.games_per_group for g in self.groups):
            lines += self._advance()
        return lines

    def standings(self, group: int) -> list[str]:
        target = self.groups[group]
        head = f"{'The final' if self.final else f'Round {self.tier}'}, group {group + 1}, " \
            f"after {len(target.games)} of {self.games_per_group} games:"
        return [head] + [f"  {place}. {name}: {won} won, {total} points"
                         for place, (name, won, total) in
                         enumerate(target.standing(self.seeds), 1)]

    def _advance(self) -> list[str]:
        if self.final:
            self.champion = self.groups[0].standing(self.seeds)[0][0]
            self.stage = "over"
            return [f"{self.champion} wins the tournament"]
        going = [row[0] for group in self.groups
                 for row in group.standing(self.seeds)[:self.advancing]]
        self.history.append(going)
        return [f"Going on: {', '.join(going)}", *self._seed(going)]

    # -- kept across logouts ---------------------------------------------------------

    def saved(self) -> dict[str, Any]:
        return {"organiser": self.organiser, "entrants": list(self.entrants),
                "members": {k: list(v) for k, v in self.members.items()},
                "stage": self.stage, "tier": self.tier, "champion": self.champion,
                "history": [list(h) for h in self.history],
                "groups": [{"entrants": list(g.entrants),
                            "games": [{"scores": dict(x["scores"]), "winner": x["winner"]}
                                      for x in g.games]} for g in self.groups]}

    @classmethod
    def restore(cls, ruleset: VitajiRules, data: dict[str, Any]) -> Tournament:
        tournament = cls(ruleset, data["organiser"])
        tournament.entrants = list(data["entrants"])
        tournament.members = {k: list(v) for k, v in data["members"].items()}
        tournament.stage, tournament.tier = data["stage"], data["tier"]
        tournament.champion, tournament.history = data["champion"], data["history"]
        tournament.groups = [Group(entrants=list(g["entrants"]), games=list(g["games"]))
                             for g in data["groups"]]
        return tournament
