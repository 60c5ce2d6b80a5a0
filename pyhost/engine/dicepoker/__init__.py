"""The dice poker flow (after The Witcher 2): each player rolls five dice and rerolls any
once; the highest hand wins over the lowest, for chips or a forfeit (round.py), the two
orders that find them in ranking.py."""

from .ranking import highest_and_lowest, low_key
from .round import DicePokerRound, Step

# The table modes, the default first. Chips or a forfeit is the ruleset's `table.stakes`.
FLOWS = {"guided": DicePokerRound}

__all__ = ["FLOWS", "DicePokerRound", "Step", "highest_and_lowest", "low_key"]
