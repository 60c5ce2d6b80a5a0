"""Which hands win and which lose a round of dice poker.

The highest hand is the rules layer's order (`Hand`): category, then the dice
that make it, highest first (a full house's triple before its pair), then the
other dice, highest first. The lowest hand is found the same way with the
lowest dice first: within the lowest category, the dice that make the hand
count first (a full house still its triple before its pair; two pairs the
lower pair first), then the other dice, lowest first.

The two orders can disagree within a category: of 3-3-1-5-6 and 3-3-2-4-6 the first
is the higher (its 5 beats the 4) and also the lower (its 1 is below the 2). A player
cannot win over himself, so the winners are found first and the lowest hand is looked
for among the others only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...rules import DicePokerRules, Hand
from ...rules.categories import GROUP_KINDS, RUN_KINDS

LowKey = tuple[int, ...]


def low_key(hand: Hand, rank: Sequence[int]) -> LowKey:
    """The order that finds the lowest hand: the smaller key is the lower hand."""
    kind, dice = hand.category.kind, hand.dice
    if kind in GROUP_KINDS:
        sizes = GROUP_KINDS[kind]
        made = sum(sizes)
        starts = [sum(sizes[:i]) for i in range(len(sizes))]
        groups = [rank[dice[start]] for start in starts]
        if len(set(sizes)) == 1:  # groups of one size (two pairs): the lower one first
            groups.sort()
        return (hand.strength, *groups, *sorted(rank[face] for face in dice[made:]))
    if kind in RUN_KINDS:
        return (hand.strength, *sorted(rank[face] for face in dice[RUN_KINDS[kind]:]))
    return (hand.strength, *sorted(rank[face] for face in dice))


def highest_and_lowest(ruleset: DicePokerRules, hands: Mapping[str, Hand],
                       order: Sequence[str]) -> tuple[list[str], list[str]]:
    """(winners, losers) in `order`: every hand equal to the highest, then, among the other
    players, every hand equal to the lowest. When every hand is equal there is neither:
    nobody wins over anybody."""
    rank = ruleset.matcher.rank
    best = max(hands.values())
    winners = [name for name in order if hands[name] == best]
    others = [name for name in order if name not in winners]
    if not others:
        return [], []
    worst = min(low_key(hands[name], rank) for name in others)
    return winners, [name for name in others if low_key(hands[name], rank) == worst]
