"""The table for the shipped games: the core table (core/table.py) with each game
family's flows. Only hold'em has one yet."""

from __future__ import annotations

from . import holdem
from .core import table as core

FLOWS = {"holdem": holdem.FLOWS}


class Table(core.Table):
    flows = FLOWS
