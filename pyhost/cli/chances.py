"""How `pyhost odds` writes a chance: a reduced fraction and a percentage, or JSON."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def percent(chance: Fraction) -> str:
    value = float(chance) * 100
    return f"{value:.4f}%" if value == 0 or value >= 0.0001 else f"{value:.3e}%"


def chance_json(chance: Fraction) -> dict[str, Any]:
    return {"fraction": f"{chance.numerator}/{chance.denominator}", "percent": float(chance) * 100}


def frac(chance: Fraction) -> str:
    return f"{chance.numerator}/{chance.denominator}" if chance else "0"
