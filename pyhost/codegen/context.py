"""What the templates know about a ruleset: its data in the shapes the Lua code reads.

Face indices and ranks are shifted to Lua's 1-based arrays here, once, so
the templates stay plain. Straight runs come precomputed from the Python
rules layer (`CategoryMatcher.runs`): the Lua evaluator walks the same runs
with the same strengths, which is what lets the differential tests compare
tie-break keys number for number.
"""

from __future__ import annotations

from typing import Any

from .. import __version__
from ..engine.holdem import street_names
from ..flavours import FLAVOURS
from ..rules import HoldemRules


def holdem_context(ruleset: HoldemRules) -> dict[str, Any]:
    hands, table, addon, deal = ruleset.hands, ruleset.table, ruleset.addon, ruleset.deal
    matcher = ruleset.matcher
    dice = ruleset.dice
    examples = ruleset.evaluator.examples()  # what /thand shows, as `pyhost rules` does
    return {
        "ruleset": ruleset,
        "version": __version__,
        "interfaces": ", ".join(str(f.interface) for f in FLAVOURS.values()),
        "saved_variables": f"{addon.name}DB",
        "rules": {
            "id": ruleset.id,
            "name": ruleset.name,
            "faces": [{"name": f.name, "value": f.value, "glyph": f.glyph} for f in dice.faces],
            # Highest first, as /tbones lists them.
            "faces_by_rank": sorted(range(1, dice.count + 1),
                                    key=lambda f: -matcher.rank[f - 1]),
            "ace": dice.ace.index + 1 if dice.ace else None,
            "hands": {
                "size": hands.size,
                "wild": hands.ace_mode == "wild",
                "rank": list(matcher.rank),
                "runs": {length: [{"faces": [f + 1 for f in run.faces],
                                   "strength": run.strength} for run in runs]
                         for length, runs in sorted(matcher.runs.items())},
                "order": [{"kind": cat.kind, "name": cat.name, "size": matcher.size(cat),
                           "top": None if cat.top is None else cat.top + 1,
                           "example": [f + 1 for f in examples[cat].dice]}
                          for cat in ruleset.order],
            },
            "deal": {"hidden": deal.hidden, "community": list(deal.community),
                     "streets": list(street_names(deal.community))},
            "table": {
                "min_players": table.min_players, "max_players": table.max_players,
                "starting_bank": table.starting_bank, "currency": table.currency,
                "minimum_bet": table.minimum_bet, "minimum_raise": table.minimum_raise,
                "maximum_raise": table.maximum_raise, "blinds": table.blinds,
                "ante": table.ante,
            },
            "addon": {"name": addon.name, "title": addon.title, "prefix": addon.prefix,
                      "long": addon.long_command, "commands": dict(addon.commands),
                      "key": addon.name.upper(), "saved_variables": f"{addon.name}DB"},
        },
    }
