"""The hold'em flows: a hand of hold'em at a guided table (turns, legal actions, the
showdown pays) or at a manual one (the original addon's way), sharing the streets and
the dice (hand.py)."""

from .guided import GuidedHand
from .hand import HoldemHand, Phase, street_names
from .manual import ManualHand

# The table modes, the default first.
FLOWS = {"guided": GuidedHand, "manual": ManualHand}

__all__ = ["FLOWS", "GuidedHand", "HoldemHand", "ManualHand", "Phase", "street_names"]
