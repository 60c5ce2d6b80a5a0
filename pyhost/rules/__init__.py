"""The rules layer: rulesets as data, dice, hand evaluation and exact odds."""

from .categories import Category
from .dice import Dice, Face
from .hands import Hand, HandEvaluator
from .ruleset import Ruleset, load_ruleset, shipped_ids
from .schema import RulesetError

__all__ = [
    "Category",
    "Dice",
    "Face",
    "Hand",
    "HandEvaluator",
    "Ruleset",
    "RulesetError",
    "load_ruleset",
    "shipped_ids",
]
