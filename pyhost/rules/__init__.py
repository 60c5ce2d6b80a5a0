"""The rules layer: rulesets as data (a type per game family), dice, hand evaluation and
exact odds."""

from .categories import Category
from .dice import Dice, Face
from .families import (
    DicePokerRules,
    HoldemRules,
    PokerDiceRules,
    PokerHandRules,
    VitajiRules,
)
from .hands import Hand, HandEvaluator
from .loading import load_ruleset, shipped_ids
from .ruleset import Ruleset
from .schema import RulesetError

__all__ = [
    "Category",
    "Dice",
    "DicePokerRules",
    "Face",
    "Hand",
    "HandEvaluator",
    "HoldemRules",
    "PokerDiceRules",
    "PokerHandRules",
    "Ruleset",
    "RulesetError",
    "VitajiRules",
    "load_ruleset",
    "shipped_ids",
]
