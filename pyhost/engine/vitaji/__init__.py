"""Vitaji: one die a round over a set number of rounds, rerolls from a budget, bets in
intervals; the highest total wins the pot. The game's flow (game.py) holds a round's
betting (betting.py) and rolling (rolling.py) and the score (scoring.py); the scoresheet
(scoresheet.py, sheetfile.py for the addon's SavedVariables), histories (history.py),
tournaments (tournament.py) and spectators' side bets (sidebets.py) build on it."""

from .game import BONUS_CHOICES, RoundRecord, Step, VitajiGame

# The table modes, the default first.
FLOWS = {"guided": VitajiGame}

__all__ = ["BONUS_CHOICES", "FLOWS", "RoundRecord", "Step", "VitajiGame"]
