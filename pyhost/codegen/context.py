"""What the templates know about a ruleset: its data in the shapes the Lua code reads.

Face indices and ranks are shifted to Lua's 1-based arrays here, once, so
the templates stay plain. Straight runs come precomputed from the Python
rules layer (`CategoryMatcher.runs`): the Lua evaluator walks the same runs
with the same strengths, which is what lets the differential tests compare
tie-break keys number for number.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from .. import __version__
from ..engine.holdem import street_names
from ..flavours import FLAVOURS
from ..rules import HoldemRules, PokerHandRules

# The parts of a ruleset's play, in the order the fingerprint lists them.
SECTIONS = ("dice", "hands", "deal", "table")


def _digest(value: Any, length: int) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:length]


def play_sections(rules: dict[str, Any]) -> dict[str, Any]:
    """What of the Lua's rules data (`holdem_context(...)["rules"]`) changes how a hand plays,
    by section: every number and order the Lua engine reads, none of the words (the ruleset's,
    faces' and categories' names, glyphs, currency, title, commands, street names), the
    numbers printed on the faces (/tbones shows them; they do not rank) nor the examples
    /thand shows."""
    hands, table = rules["hands"], rules["table"]
    return {
        "dice": {"faces": len(rules["faces"]), "rank": hands["rank"],
                 "faces_by_rank": rules["faces_by_rank"], "ace": rules["ace"]},
        "hands": {"size": hands["size"], "wild": hands["wild"], "runs": hands["runs"],
                  "order": [[cat["kind"], cat["size"], cat["top"]] for cat in hands["order"]]},
        "deal": {"hidden": rules["deal"]["hidden"], "community": rules["deal"]["community"]},
        "table": {key: table[key] for key in (
            "min_players", "max_players", "starting_bank", "minimum_bet", "minimum_raise",
            "maximum_raise", "raise_cap", "blinds", "ante", "ante_growth", "ante_every",
            "deal_timeout", "acting_timeout",
            "roll_timeout", "showdown_timeout")},
    }


def fingerprint(ruleset: HoldemRules) -> dict[str, Any]:
    """The ruleset's fingerprint, as Rules.lua holds it: `id`, a 12-hex-digit hash of
    everything that changes play; `sections`, an 8-digit hash per section (in `order`), so a
    client can name the one that differs; `wire`, the sections as OPEN, SNAP and a join
    carry them ("dice=...,hands=...,deal=...,table=...")."""
    return holdem_context(ruleset)["rules"]["fingerprint"]


def _fingerprint(rules: dict[str, Any]) -> dict[str, Any]:
    sections = play_sections(rules)
    hashes = {name: _digest(sections[name], 8) for name in SECTIONS}
    return {"id": _digest(sections, 12), "sections": hashes, "order": list(SECTIONS),
            "wire": ",".join(f"{name}={hashes[name]}" for name in SECTIONS)}


def holdem_context(ruleset: HoldemRules) -> dict[str, Any]:
    hands, table, addon, deal = ruleset.hands, ruleset.table, ruleset.addon, ruleset.deal
    matcher = ruleset.matcher
    dice = ruleset.dice
    examples = ruleset.evaluator.examples()  # what /thand shows, as `pyhost rules` does
    context = {
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
                "maximum_raise": table.maximum_raise, "raise_cap": table.raise_cap,
                "blinds": table.blinds,
                "ante": table.ante, "ante_growth": table.ante_growth,
                "ante_every": table.ante_every, "deal_timeout": table.deal_timeout,
                "acting_timeout": table.acting_timeout, "roll_timeout": table.roll_timeout,
                "showdown_timeout": table.showdown_timeout,
            },
            "addon": {"name": addon.name, "title": addon.title, "prefix": addon.prefix,
                      "long": addon.long_command, "commands": dict(addon.commands),
                      "key": addon.name.upper(), "saved_variables": f"{addon.name}DB"},
        },
    }
    context["rules"]["fingerprint"] = _fingerprint(context["rules"])
    return context


# -- the draw games (Poker Dice, Dice Poker): each player rolls a hand of his own ---------------


def _poker_hands(ruleset: PokerHandRules) -> dict[str, Any]:
    """The hand order's data as holdem/Hands.lua reads it (1-based faces and tops)."""
    hands, matcher = ruleset.hands, ruleset.matcher
    examples = ruleset.evaluator.examples()
    return {
        "size": hands.size,
        "wild": hands.ace_mode == "wild",
        "rank": list(matcher.rank),
        "runs": {length: [{"faces": [f + 1 for f in run.faces], "strength": run.strength}
                          for run in runs]
                 for length, runs in sorted(matcher.runs.items())},
        "order": [{"kind": cat.kind, "name": cat.name, "size": matcher.size(cat),
                   "top": None if cat.top is None else cat.top + 1,
                   "example": [f + 1 for f in examples[cat].dice]}
                  for cat in ruleset.order],
    }


def draw_play_sections(rules: dict[str, Any]) -> dict[str, Any]:
    """What of a draw game's rules data changes play, by section (as `play_sections` for
    hold'em): the dice and hands' numbers, the whole deal, and every table setting but the
    currency's name."""
    hands = rules["hands"]
    return {
        "dice": {"faces": len(rules["faces"]), "rank": hands["rank"],
                 "faces_by_rank": rules["faces_by_rank"], "ace": rules["ace"]},
        "hands": {"size": hands["size"], "wild": hands["wild"], "runs": hands["runs"],
                  "order": [[cat["kind"], cat["size"], cat["top"]] for cat in hands["order"]]},
        "deal": dict(rules["deal"]),
        "table": {key: value for key, value in rules["table"].items() if key != "currency"},
    }


def draw_context(ruleset: PokerHandRules) -> dict[str, Any]:
    """The templates' context for a draw game (families "poker-dice" and "dice-poker"): the
    dice and hands as holdem_context gives them, the deal (dice rolled at once, rolls in a
    turn) and the family's whole [table], whatever its keys."""
    dice, addon = ruleset.dice, ruleset.addon
    rules: dict[str, Any] = {
        "id": ruleset.id,
        "name": ruleset.name,
        "family": ruleset.family,
        "faces": [{"name": f.name, "value": f.value, "glyph": f.glyph} for f in dice.faces],
        "faces_by_rank": sorted(range(1, dice.count + 1),
                                key=lambda f: -ruleset.matcher.rank[f - 1]),
        "ace": dice.ace.index + 1 if dice.ace else None,
        "hands": _poker_hands(ruleset),
        "deal": dataclasses.asdict(ruleset.deal),  # type: ignore[call-overload]
        "table": dataclasses.asdict(ruleset.table),
        "addon": {"name": addon.name, "title": addon.title, "prefix": addon.prefix,
                  "long": addon.long_command, "commands": dict(addon.commands),
                  "key": addon.name.upper(), "saved_variables": f"{addon.name}DB"},
    }
    sections = draw_play_sections(rules)
    hashes = {name: _digest(sections[name], 8) for name in SECTIONS}
    rules["fingerprint"] = {"id": _digest(sections, 12), "sections": hashes,
                            "order": list(SECTIONS),
                            "wire": ",".join(f"{name}={hashes[name]}" for name in SECTIONS)}
    return {"ruleset": ruleset, "version": __version__,
            "interfaces": ", ".join(str(f.interface) for f in FLAVOURS.values()),
            "saved_variables": f"{addon.name}DB", "rules": rules}
