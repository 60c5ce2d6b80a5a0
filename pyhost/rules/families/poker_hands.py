"""What the games scored by poker hands of dice share (hold'em, poker dice, dice poker):
the [hands] section, its checks against the dice and the deal, and the evaluator."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol, Self

from .. import odds
from ..categories import KINDS, RUN_KINDS, STRAIGHT_ORDERS, Category, CategoryMatcher
from ..dice import ACE_MODES, Dice, Face
from ..hands import Hand, HandEvaluator
from ..reading import face_named, read_addon, read_dice, read_faces, read_table, text
from ..ruleset import Ruleset, TableRules
from ..schema import RulesetError, Table

RANKINGS = ("as_written", "by_rarity")


@dataclass(frozen=True, kw_only=True)
class HandRules:
    size: int  # dice in a hand
    ranking: str
    ace_mode: str  # how the ace face plays: ace, low, high or wild
    wrap: bool
    straight_order: str
    categories: tuple[Category, ...]  # as written, best first


class Deal(Protocol):
    @property
    def dealt(self) -> int:
        """Dice a player scores with."""
        ...


@dataclass(frozen=True, kw_only=True)
class PokerHandRules(Ruleset):
    """A game scored by the best poker hand a player's dice make."""

    deal: Deal
    hands: HandRules
    order: tuple[Category, ...]  # categories best first, after `ranking`

    @cached_property
    def matcher(self) -> CategoryMatcher:
        return _matcher(self.dice, self.hands)

    @cached_property
    def evaluator(self) -> HandEvaluator:
        return _evaluator(self.dice, self.hands, self.order)

    @cached_property
    def best_hand(self) -> Callable[[Iterable[int | str | Face]], Hand]:
        """best_hand(dice): the best hand a roll makes (see HandEvaluator.best), through
        HandEvaluator.fast for the rolls the game deals, so that scoring one is a single call."""
        return self.evaluator.fast(self.deal.dealt)

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def read(cls, top: Table, **header: Any) -> Self:
        """The sections after [game], in the order a mistake is reported in."""
        dice = read_dice(top, read_faces)
        hands = _read_hands(top.table("hands"), dice)
        deal_table = top.table("deal")
        deal = cls.read_deal(deal_table)
        if not hands.size <= deal.dealt <= 9:
            what = cls.dealt_keys
            raise deal_table.error(what.split()[0], f"{what} must make {hands.size} to 9 dice "
                                   f"(a hand is hands.size = {hands.size}), not {deal.dealt}")
        deal_table.done()
        table = read_table(top, cls.read_table)
        addon = read_addon(top, cls.commands)
        top.done()
        order = _check_and_order(top.file, dice, hands, deal)
        ruleset = cls(**header, dice=dice, deal=deal, table=table, addon=addon, hands=hands,
                      order=order)
        _check_reachable(ruleset)
        return ruleset

    dealt_keys = ""  # the [deal] keys that make the dealt dice, for an error line

    @classmethod
    def read_deal(cls, table: Table) -> Deal:
        raise NotImplementedError

    @classmethod
    def read_table(cls, table: Table, common: dict[str, Any]) -> TableRules:
        raise NotImplementedError


# Worked out once a process for each set of dice and hands: rulesets that differ only in
# their table, words or addon (a modder's variants, the tests' copies) share an evaluator,
# which learns each hand once, and their odds. Both are only read by those who share them.
# The oldest go past MOST_SHARED.
_EVALUATORS: dict[tuple[Any, ...], HandEvaluator] = {}
_CONTAINS: dict[tuple[Any, ...], odds.Containment] = {}
MOST_SHARED = 32


def _kept(kept: dict[tuple[Any, ...], Any], key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    if key not in kept:
        value = make()
        if len(kept) >= MOST_SHARED:
            del kept[next(iter(kept))]
        kept[key] = value
    return kept[key]


def _evaluator(dice: Dice, hands: HandRules, order: tuple[Category, ...]) -> HandEvaluator:
    return _kept(_EVALUATORS, (dice, hands, order), lambda: HandEvaluator(
        dice, _matcher(dice, hands), order, wild=hands.ace_mode == "wild"))


def _matcher(dice: Dice, hands: HandRules) -> CategoryMatcher:
    return CategoryMatcher(dice, ace_mode=hands.ace_mode, wrap=hands.wrap,
                           straight_order=hands.straight_order, hand_size=hands.size)


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
        name = item.get("name", str, check=text(32))
        top = None
        if item.has("top"):
            if kind not in RUN_KINDS:
                raise item.error("top", f"only straights have a top face, not {kind!r}")
            top = face_named(item, "top", dice).index
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


def _check_and_order(file: str, dice: Dice, hands: HandRules, deal: Deal) -> tuple[Category, ...]:
    """Refuse categories the dice cannot form or deals no category takes; apply `ranking`."""
    wild = hands.ace_mode == "wild"
    contains = _kept(_CONTAINS, (dice, hands, deal.dealt), lambda: odds.contains_counts(
        dice, _matcher(dice, hands), hands.categories, deal.dealt, wild=wild))
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


def _check_reachable(ruleset: PokerHandRules) -> None:
    """Refuse a category that no hand ever scores as, because one above takes them all."""
    examples = ruleset.evaluator.examples()
    written = ruleset.hands.categories
    for category in ruleset.order:
        if category not in examples:
            raise RulesetError(
                ruleset.source, f"hands.categories[{written.index(category)}]",
                f"{category.name!r} is never scored: every hand that forms it is taken by a "
                "category above it",
            )
