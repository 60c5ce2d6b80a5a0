"""The table for the shipped games: the core table (core/table.py) with each game
family's flows: hold'em, Poker Dice and Dice Poker. Each flow says who deals or starts
the next hand (`Flow.next_dealer`): hold'em's button and Dice Poker's start move one seat,
Poker Dice's winner starts the next round."""

from __future__ import annotations

from . import dicepoker, holdem, pokerdice
from .core import table as core

FLOWS = {"holdem": holdem.FLOWS, "poker-dice": pokerdice.FLOWS, "dice-poker": dicepoker.FLOWS}


class Table(core.Table):
    flows = FLOWS
