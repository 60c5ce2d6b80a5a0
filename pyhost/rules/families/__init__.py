"""Each game family's ruleset type, by the `game.family` that names it."""

from .five_dice import (
    DiceDeal,
    DicePokerRules,
    DicePokerTable,
    FiveDiceRules,
    PokerDiceRules,
    PokerDiceTable,
)
from .holdem import HoldemDeal, HoldemRules, HoldemTable
from .poker_hands import RANKINGS, HandRules, PokerHandRules
from .vitaji import Bonuses, Teams, Tournament, VitajiDeal, VitajiRules, VitajiTable

RULESETS = {kind.family: kind for kind in (HoldemRules, PokerDiceRules, DicePokerRules,
                                           VitajiRules)}
FAMILIES = tuple(RULESETS)

__all__ = [
    "FAMILIES", "RANKINGS", "RULESETS", "Bonuses", "DiceDeal", "DicePokerRules",
    "DicePokerTable", "FiveDiceRules", "HandRules", "HoldemDeal", "HoldemRules", "HoldemTable",
    "PokerDiceRules", "PokerDiceTable", "PokerHandRules", "Teams", "Tournament", "VitajiDeal",
    "VitajiRules", "VitajiTable",
]
