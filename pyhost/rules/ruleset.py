"""Rulesets: one game's rules as data, loaded from TOML and validated.

`load_ruleset("tauren-holdem")` loads a shipped ruleset; a path loads a
modder's own file. Every mistake in the file is refused with one
`RulesetError` line naming the file, the key and the reason. docs/rulesets.md
documents every key read here.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from . import odds
from .categories import KINDS, RUN_KINDS, STRAIGHT_ORDERS, Category, CategoryMatcher
from .dice import ACE_MODES, Dice, Face
from .hands import Hand, HandEvaluator
from .schema import RulesetError, Table, describe

FAMILIES = ("holdem", "poker-dice", "dice-poker", "vitaji")
RANKINGS = ("as_written", "by_rarity")

# The slash commands each family's addon offers, by action.
FAMILY_COMMANDS: dict[str, tuple[str, ...]] = {
    "holdem": ("deal", "show", "flop", "turn", "river", "hand", "bones", "bet", "pot", "give",
               "reset", "help"),
    "poker-dice": ("ante", "roll", "keep", "check", "raise", "hand", "bones", "help"),
    "dice-poker": ("roll", "reroll", "hand", "bones", "help"),
    "vitaji": ("roll", "reroll", "pass", "bet", "drop", "score", "help"),
}

# WoW's chat types and its own slash commands, which it runs before any addon's, so
# an addon cannot own them (not every Blizzard command, but the ones a dice game might pick).
WOW_COMMANDS = frozenset((
    "afk", "api", "assist", "bg", "calendar", "camp", "cancelaura", "cancelform", "cast",
    "castrandom", "castsequence", "chat", "clearfocus", "click", "combatlog", "console", "dance",
    "dnd", "duel", "dump", "e", "emote", "equip", "equipslot", "etrace", "eventtrace", "exit",
    "f", "focus", "follow", "forfeit", "framestack", "friend", "fstack", "g", "ginvite", "gquit",
    "guild", "guildinvite", "help", "i", "ignore", "inspect", "instance", "inv", "invite", "join",
    "kick", "leave", "lfd", "lfg", "logout", "macro", "me", "o", "officer", "p", "party",
    "petattack", "petfollow", "played", "promote", "pvp", "quit", "r", "ra", "raid", "rand",
    "random", "readycheck", "reload", "reply", "rnd", "rolecheck", "roll", "run", "rw", "s",
    "say", "script", "sit", "stand", "startattack", "stopattack", "stopcasting", "stopmacro",
    "stopwatch", "t", "tar", "target", "tell", "time", "timetest", "trade", "unignore",
    "uninvite", "use", "w", "whisper", "who", "y", "yell",
))

MAX_FILE_BYTES = 1024 * 1024  # 1 MB

Check = Callable[[Any], str | None]  # a value's problem, or None

_ADDON_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,47}")
_COMMAND = re.compile(r"[a-z][a-z0-9]{0,31}")
_PRINTABLE_ASCII = re.compile(r"[ -~]+")


@dataclass(frozen=True, kw_only=True)
class HandRules:
    size: int  # dice in a hand
    ranking: str
    ace_mode: str  # how the ace face plays: ace, low, high or wild
    wrap: bool
    straight_order: str
    categories: tuple[Category, ...]  # as written, best first


@dataclass(frozen=True, kw_only=True)
class Deal:
    hidden: int = 0  # hold'em: dice under each player's cup
    community: tuple[int, ...] = ()  # hold'em: dice per street (flop, turn, river)
    dice: int = 0  # five-dice games: dice rolled at once
    rolls: int = 1  # five-dice games: rolls in a turn, the first included
    rounds: int = 0  # Vitaji: rounds in a game
    rerolls: int = 0  # Vitaji: rerolls each player may spend in a game

    @property
    def dealt(self) -> int:
        """Dice a player scores with: their own plus the community's."""
        return self.hidden + sum(self.community) + self.dice


@dataclass(frozen=True, kw_only=True)
class TableRules:
    min_players: int
    max_players: int
    starting_bank: int
    currency: str
    # hold'em
    minimum_bet: int = 0
    minimum_raise: int = 0
    maximum_raise: int = 0  # 0: no limit
    blinds: bool = False
    ante: int = 0
    first_dealer: str = "seat"
    # poker dice
    minimum_ante: int = 0
    # dice poker
    stakes: str = ""
    stake: int = 0
    # Vitaji
    interval: int = 0
    maximum: int = 0  # 0: no maximum
    raises_per_round: int = 0
    scoresheet: bool = False


@dataclass(frozen=True, kw_only=True)
class VitajiRules:
    triple: str  # off, add, double or reroll
    sweep: bool
    team_size: int
    group_size: int
    games_per_round: int
    advance: int


@dataclass(frozen=True, kw_only=True)
class AddonInfo:
    name: str
    title: str
    prefix: str
    long_command: str
    commands: dict[str, str] = field(hash=False)


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    id: str
    source: str
    name: str
    family: str
    summary: str
    dice: Dice
    deal: Deal
    table: TableRules
    addon: AddonInfo
    hands: HandRules | None = None
    vitaji: VitajiRules | None = None
    order: tuple[Category, ...] = ()  # categories best first, after `ranking`

    @cached_property
    def matcher(self) -> CategoryMatcher:
        return _matcher(self.dice, self.hand_rules)

    @cached_property
    def evaluator(self) -> HandEvaluator:
        hands = self.hand_rules
        return HandEvaluator(self.dice, self.matcher, self.order, wild=hands.ace_mode == "wild")

    def best_hand(self, dice: Iterable[int | str | Face]) -> Hand:
        """The best hand a roll makes (see HandEvaluator.best)."""
        return self.evaluator.best(dice)

    @property
    def hand_rules(self) -> HandRules:
        """`hands`, for the games that score poker hands."""
        if self.hands is None:
            raise ValueError(f"{self.name} scores totals, not poker hands")
        return self.hands


def _matcher(dice: Dice, hands: HandRules) -> CategoryMatcher:
    return CategoryMatcher(dice, ace_mode=hands.ace_mode, wrap=hands.wrap,
                           straight_order=hands.straight_order, hand_size=hands.size)


# -- finding and reading files ---------------------------------------------------


def shipped_ids() -> list[str]:
    folder = resources.files("pyhost.rulesets")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_ruleset(spec: str | Path) -> Ruleset:
    """A shipped ruleset by id, or a modder's file by path."""
    text = str(spec)
    path = Path(text)
    if text.endswith(".toml") or is_file(path) or "/" in text or "\\" in text:
        try:
            with path.open("rb") as file:
                raw = file.read(MAX_FILE_BYTES + 1)  # /dev/zero never ends
        except OSError as exc:
            raise RulesetError(text, "", f"cannot read the file ({exc.strerror or exc})") from None
        except ValueError as exc:  # a NUL in the path
            raise RulesetError(text, "", f"cannot read the file ({exc})") from None
        if len(raw) > MAX_FILE_BYTES:
            raise RulesetError(text, "", "larger than 1 MB: not a ruleset (the shipped ones are "
                               "under 4 KB)")
        return parse_ruleset(raw, file=text, ruleset_id=path.stem)
    if text not in shipped_ids():
        raise RulesetError(
            text, "", f"no such ruleset; shipped: {', '.join(shipped_ids())} "
            "(or give the path of a .toml file)"
        )
    raw = resources.files("pyhost.rulesets").joinpath(f"{text}.toml").read_bytes()
    return parse_ruleset(raw, file=f"{text}.toml", ruleset_id=text)


def is_file(path: Path) -> bool:
    """Whether `path` is a file; False for a name the system cannot even look up (too long,
    say), which reading it will then explain."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def parse_ruleset(raw: bytes, *, file: str, ruleset_id: str) -> Ruleset:
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RulesetError(file, "", "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(file, "", f"not valid TOML: {exc}") from None
    except ValueError as exc:
        # Python's own limit on reading a whole number (4300 digits) is not a TOMLDecodeError.
        reason = "a whole number with more than 4300 digits" if "digits" in str(exc) else exc
        raise RulesetError(file, "", f"not valid TOML: {reason}") from None
    return _read_ruleset(Table(file, data), ruleset_id)


# -- the sections --------------------------------------------------------------------


def _read_ruleset(top: Table, ruleset_id: str) -> Ruleset:
    game = top.table("game")
    name = game.get("name", str, check=_text(64))
    family = game.get("family", str, choices=FAMILIES)
    summary = game.get("summary", str, check=_text(200))
    game.done()

    dice_table = top.table("dice")
    dice = _read_sides(dice_table) if family == "vitaji" else _read_faces(dice_table)
    dice_table.done()

    hands = order = vitaji = None
    if family == "vitaji":
        deal = _read_vitaji_deal(top.table("deal"))
        vitaji = _read_vitaji(top)
    else:
        hands = _read_hands(top.table("hands"), dice)
        deal = _read_deal(top.table("deal"), family, hands)
    table = _read_table(top.table("table"), family)
    addon = _read_addon(top.table("addon"), family)
    top.done()
    if hands is not None:
        order = _check_and_order(top.file, dice, hands, deal)
    ruleset = Ruleset(
        id=ruleset_id, source=top.file, name=name, family=family, summary=summary, dice=dice,
        deal=deal, table=table, addon=addon, hands=hands, vitaji=vitaji, order=order or (),
    )
    if hands is not None:
        _check_reachable(ruleset)
    return ruleset


def _chat_problem(value: str) -> str | None:
    """Why WoW's chat could not show this text as written, if it could not."""
    if "|" in value:
        return f"must not contain '|' (WoW's chat escape): {describe(value)}"
    if any(unicodedata.category(ch) == "Cc" for ch in value):
        return f"must not contain control characters: {describe(value)}"
    return None


def _text(limit: int, *, ascii_only: bool = False) -> Check:
    """A check for a short line of text that WoW's chat can show."""

    def check(value: str) -> str | None:
        if not value.strip():
            return "must not be empty"
        if value != value.strip():
            return f"must not start or end with spaces: {describe(value)}"
        if len(value) > limit:
            return f"must be at most {limit} characters, not {len(value)}"
        if ascii_only and not _PRINTABLE_ASCII.fullmatch(value):
            return f"must be plain ASCII: {describe(value)}"
        return _chat_problem(value)

    return check


def _face_named(table: Table, key: str, dice: Dice) -> Face:
    """The face a key names, in any case."""
    name = table.get(key, str)
    try:
        return dice.face(name)
    except ValueError as exc:
        raise table.error(key, str(exc)) from None


def _read_faces(table: Table) -> Dice:
    faces: list[Face] = []
    seen: dict[tuple[str, str], str] = {}
    for index, item in enumerate(table.tables("faces")):
        face = Face(
            index=index,
            name=item.get("name", str, check=_text(16, ascii_only=True)),
            value=item.get("value", int, low=0, high=1000),
            glyph=item.get("glyph", str, check=_glyph),
        )
        item.done()
        for what, value in (("name", face.name.lower()), ("glyph", face.glyph),
                            ("value", str(face.value))):
            if (what, value) in seen:
                raise item.error(what, f"duplicate face: {getattr(face, what)!r} is also "
                                 f"{seen[what, value]}")
            seen[what, value] = item.path
        faces.append(face)
    if not 2 <= len(faces) <= 20:
        raise table.error("faces", f"must list 2 to 20 faces, not {len(faces)}")
    dice = Dice(faces=tuple(faces))
    if not table.has("ace"):
        return dice
    ace = _face_named(table, "ace", dice)
    if ace is not faces[-1]:
        raise table.error("ace", f"the ace face {ace.name!r} must be listed last "
                          "(faces go lowest first, as they rank with the ace high)")
    return Dice(faces=tuple(faces), ace=ace)


def _glyph(value: str) -> str | None:
    if not value:
        return "must not be empty"
    if len(value.encode()) > 24:
        return f"must be at most 24 bytes of UTF-8, not {len(value.encode())}"
    return _chat_problem(value)


def _read_sides(table: Table) -> Dice:
    sides = table.get("sides", int, low=2, high=1000)
    faces = tuple(Face(index=n - 1, name=str(n), value=n, glyph=f"[{n}]")
                  for n in range(1, sides + 1))
    return Dice(faces=faces)


def _read_hands(table: Table, dice: Dice) -> HandRules:
    size = table.get("size", int, low=2, high=7)
    ranking = table.get("ranking", str, choices=RANKINGS)
    if dice.ace is not None:
        ace_mode = table.get("ace_mode", str, choices=ACE_MODES)
    elif table.has("ace_mode"):
        raise table.error("ace_mode", "the dice have no ace face (set dice.ace first)")
    else:
        ace_mode = "ace"
    wrap = table.get("wrap", bool)
    straight_order = table.get("straight_order", str, choices=STRAIGHT_ORDERS)
    categories: list[Category] = []
    for item in table.tables("categories"):
        kind = item.get("kind", str, choices=KINDS)
        name = item.get("name", str, check=_text(32))
        top = None
        if item.has("top"):
            if kind not in RUN_KINDS:
                raise item.error("top", f"only straights have a top face, not {kind!r}")
            top = _face_named(item, "top", dice).index
        item.done()
        category = Category(kind=kind, name=name, top=top)
        for other in categories:
            if (other.kind, other.top) == (kind, top):
                raise item.error("kind", f"{kind!r} is listed twice")
            if other.name.lower() == name.lower():
                raise item.error("name", f"{name!r} is listed twice")
        categories.append(category)
    for i, category in enumerate(categories[:-1]):
        if category.kind == "bust":
            raise table.error(f"categories[{i}]", "bust takes every hand, so it must be last")
    table.done()
    return HandRules(size=size, ranking=ranking, ace_mode=ace_mode, wrap=wrap,
                     straight_order=straight_order, categories=tuple(categories))


def _read_deal(table: Table, family: str, hands: HandRules) -> Deal:
    if family == "holdem":
        deal = Deal(hidden=table.get("hidden", int, low=1, high=5),
                    community=tuple(table.int_list("community", low=1, high=5, length=(1, 5))))
    else:
        deal = Deal(dice=table.get("dice", int, low=2, high=9),
                    rolls=table.get("rolls", int, low=1, high=10))
    if not hands.size <= deal.dealt <= 9:
        what = "hidden + community" if family == "holdem" else "dice"
        raise table.error(what.split()[0], f"{what} must make {hands.size} to 9 dice (a hand is "
                          f"hands.size = {hands.size}), not {deal.dealt}")
    table.done()
    return deal


def _read_vitaji_deal(table: Table) -> Deal:
    deal = Deal(rounds=table.get("rounds", int, low=1, high=500),
                rerolls=table.get("rerolls", int, low=0, high=1000))
    table.done()
    return deal


def _read_vitaji(top: Table) -> VitajiRules:
    bonuses, teams, tournament = top.table("bonuses"), top.table("teams"), top.table("tournament")
    rules = VitajiRules(
        triple=bonuses.get("triple", str, choices=("off", "add", "double", "reroll")),
        sweep=bonuses.get("sweep", bool),
        team_size=teams.get("team_size", int, low=1, high=20),
        group_size=tournament.get("group_size", int, low=2, high=40),
        games_per_round=tournament.get("games_per_round", int, low=1, high=100),
        advance=tournament.get("advance", int, low=1, high=39),
    )
    if rules.advance >= rules.group_size:
        raise tournament.error("advance", f"must be fewer than group_size ({rules.group_size}), "
                               f"not {rules.advance}")
    for table in (bonuses, teams, tournament):
        table.done()
    return rules


def _read_table(table: Table, family: str) -> TableRules:
    min_players = table.get("min_players", int, low=2, high=40)
    max_players = table.get("max_players", int, low=min_players, high=40)
    bank = table.get("starting_bank", int, low=1, high=1_000_000)
    common = dict(min_players=min_players, max_players=max_players, starting_bank=bank,
                  currency=table.get("currency", str, check=_text(16)))
    if family == "holdem":
        minimum_bet = table.get("minimum_bet", int, low=1, high=bank)
        rules = TableRules(
            **common, minimum_bet=minimum_bet,
            minimum_raise=table.get("minimum_raise", int, low=1, high=bank),
            maximum_raise=table.get("maximum_raise", int, low=0, high=bank),
            blinds=table.get("blinds", bool),
            ante=table.get("ante", int, low=0, high=bank),
            first_dealer=table.get("first_dealer", str, choices=("seat", "roll")),
        )
        least = max(rules.minimum_raise, rules.minimum_bet)
        if rules.maximum_raise and rules.maximum_raise < least:
            # The limit caps opening bets too, so it must leave room for the smallest one.
            raise table.error("maximum_raise", f"must be 0 (no limit) or at least minimum_raise "
                              f"and minimum_bet ({least}), not {rules.maximum_raise}")
    elif family == "poker-dice":
        rules = TableRules(**common,
                           minimum_ante=table.get("minimum_ante", int, low=1, high=bank))
    elif family == "dice-poker":
        rules = TableRules(**common,
                           stakes=table.get("stakes", str, choices=("forfeit", "chips")),
                           stake=table.get("stake", int, low=1, high=bank))
    else:
        interval = table.get("interval", int, low=1, high=bank)
        multiple = _multiple_of(interval)
        rules = TableRules(
            **common, interval=interval,
            ante=table.get("ante", int, low=0, high=bank, check=multiple),
            maximum=table.get("maximum", int, low=0, high=bank, check=multiple),
            raises_per_round=table.get("raises_per_round", int, low=0, high=10),
            scoresheet=table.get("scoresheet", bool),
        )
    table.done()
    return rules


def _multiple_of(interval: int) -> Check:
    def check(value: int) -> str | None:
        return None if value % interval == 0 else \
            f"must be a multiple of the interval ({interval}), not {value}"
    return check


def _read_addon(table: Table, family: str) -> AddonInfo:
    def command(value: str) -> str | None:
        if not _COMMAND.fullmatch(value):
            return (f"{value!r} is not a slash command WoW accepts here: lowercase letters and "
                    "digits, starting with a letter, at most 32, without the '/'")
        if value in WOW_COMMANDS:
            return f"/{value} is WoW's own command, which WoW runs before any addon's"
        return None

    name = table.get("name", str, check=lambda v: None if _ADDON_NAME.fullmatch(v) else
                     f"{v!r} is not an addon name WoW and Lua accept here: letters, digits "
                     "and '_', starting with a letter, at most 48")
    title = table.get("title", str, check=_text(64))
    prefix = table.get("prefix", str, check=lambda v: _prefix(v))
    long_command = table.get("long_command", str, check=command)
    commands_table = table.table("commands")
    commands = {action: commands_table.get(action, str, check=command)
                for action in FAMILY_COMMANDS[family]}
    commands_table.done()
    seen = {long_command: "long_command"}
    for action, value in commands.items():
        if value in seen:
            raise commands_table.error(action, f"/{value} is also {seen[value]}")
        seen[value] = f"commands.{action}"
    table.done()
    return AddonInfo(name=name, title=title, prefix=prefix, long_command=long_command,
                     commands=commands)


def _prefix(value: str) -> str | None:
    if not 1 <= len(value) <= 16:
        return f"an addon message prefix is 1 to 16 characters, not {len(value)}: {value!r}"
    if not re.fullmatch(r"[!-~]+", value) or "|" in value:
        return f"must be printable ASCII without spaces or '|': {describe(value)}"
    return None


# -- checks that need the whole ruleset -------------------------------------------------


def _check_and_order(file: str, dice: Dice, hands: HandRules, deal: Deal) -> tuple[Category, ...]:
    """Refuse categories the dice cannot form or deals no category takes; apply `ranking`."""
    matcher = _matcher(dice, hands)
    wild = hands.ace_mode == "wild"
    contains = odds.contains_counts(dice, matcher, hands.categories, deal.dealt, wild=wild)
    for i, category in enumerate(hands.categories):
        if contains.counts[category] == 0:
            raise RulesetError(file, f"hands.categories[{i}]", f"{category.name!r} "
                               f"({category.kind}) cannot be formed with {deal.dealt} of these "
                               "dice")
    if contains.uncovered is not None:
        roll = dice.names(contains.uncovered)
        raise RulesetError(file, "hands.categories", f"the roll {roll} forms no category "
                           "(add bust last to take every hand)")
    if hands.ranking == "as_written":
        return hands.categories
    return odds.rarity_order(hands.categories, contains)


def _check_reachable(ruleset: Ruleset) -> None:
    """Refuse a category that no hand ever scores as, because one above takes them all."""
    examples = ruleset.evaluator.examples()
    written = ruleset.hands.categories  # type: ignore[union-attr]
    for category in ruleset.order:
        if category not in examples:
            raise RulesetError(
                ruleset.source, f"hands.categories[{written.index(category)}]",
                f"{category.name!r} is never scored: every hand that forms it is taken by a "
                "category above it",
            )
