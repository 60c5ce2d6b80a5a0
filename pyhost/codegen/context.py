"""What the templates know about a ruleset: its data in the shapes the Lua code reads.

Face indices and ranks are shifted to Lua's 1-based arrays here, once, so
the templates stay plain. Straight runs come precomputed from the Python
rules layer (`CategoryMatcher.runs`): the Lua evaluator walks the same runs
with the same strengths, which is what lets the differential tests compare
tie-break keys number for number.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .. import __version__
from ..engine.holdem import street_names
from ..flavours import FLAVOURS
from ..rules import DicePokerRules, HoldemRules, VitajiRules
from ..rules.families.poker_hands import PokerHandRules

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


def _fingerprint(rules: dict[str, Any], sections_of=play_sections) -> dict[str, Any]:
    sections = sections_of(rules)
    hashes = {name: _digest(sections[name], 8) for name in SECTIONS}
    return {"id": _digest(sections, 12), "sections": hashes, "order": list(SECTIONS),
            "wire": ",".join(f"{name}={hashes[name]}" for name in SECTIONS)}


def _dice_and_hands(ruleset: PokerHandRules) -> dict[str, Any]:
    """The faces and the hands as the Lua code reads them (Dice.lua, Hands.lua): the same
    shape for every game whose hands are poker hands of dice."""
    hands, matcher, dice = ruleset.hands, ruleset.matcher, ruleset.dice
    examples = ruleset.evaluator.examples()  # what /thand shows, as `pyhost rules` does
    return {
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
    }


def holdem_context(ruleset: HoldemRules) -> dict[str, Any]:
    table, addon, deal = ruleset.table, ruleset.addon, ruleset.deal
    context = {
        "ruleset": ruleset,
        "version": __version__,
        "interfaces": ", ".join(str(f.interface) for f in FLAVOURS.values()),
        "saved_variables": f"{addon.name}DB",
        "rules": {
            "id": ruleset.id,
            "name": ruleset.name,
            **_dice_and_hands(ruleset),
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


# The draw games' deadlines (seconds), the same at every table of them: a roll awaited (a
# player's own /roll) and a keep awaited (his turn to say what he keeps). What a timeout does
# is docs/games.md's: he stands on the dice lying, or has the lowest hand if none lie.
DRAW_ROLL_TIMEOUT = 60
DRAW_ACTING_TIMEOUT = 60


def draw_play_sections(rules: dict[str, Any]) -> dict[str, Any]:
    """What of a draw game's rules data (`draw_context(...)["rules"]`) changes how a round
    plays, by section, as play_sections is for hold'em: numbers and orders, no words."""
    hands, table = rules["hands"], rules["table"]
    return {
        "dice": {"faces": len(rules["faces"]), "rank": hands["rank"],
                 "faces_by_rank": rules["faces_by_rank"], "ace": rules["ace"]},
        "hands": {"size": hands["size"], "wild": hands["wild"], "runs": hands["runs"],
                  "order": [[cat["kind"], cat["size"], cat["top"]] for cat in hands["order"]]},
        "deal": {"dice": rules["deal"]["dice"], "rolls": rules["deal"]["rolls"],
                 "lowest": rules["deal"]["lowest"]},
        "table": {key: table[key] for key in table if key != "currency"},
    }


def lowest_hand(ruleset: DicePokerRules) -> list[int]:
    """The lowest hand there is (ranking.low_key), as 1-based faces lowest first: what a player
    who never rolls stands on."""
    from ..engine.dicepoker.ranking import low_key  # (the engine's order, not a copy of it)
    from ..rules.categories import expand, multisets

    rank = ruleset.matcher.rank
    hands = [ruleset.best_hand(expand(counts))
             for counts in multisets(ruleset.dice.count, ruleset.deal.dice)]
    lowest = min(hands, key=lambda hand: low_key(hand, rank))
    return sorted((face + 1 for face in lowest.dice), key=lambda face: rank[face - 1])


def draw_context(ruleset: DicePokerRules) -> dict[str, Any]:
    """What the draw games' templates know: the dice and hands as hold'em's (Hands.lua reads
    them), the deal (dice rolled at once, rolls in a turn) and the table's own settings."""
    table, addon, deal = ruleset.table, ruleset.addon, ruleset.deal
    own = {key: getattr(table, key) for key in ("stakes", "stake", "minimum_ante")
           if hasattr(table, key)}
    rolls = table.max_players * deal.rolls
    context = {
        "ruleset": ruleset,
        "version": __version__,
        "interfaces": ", ".join(str(f.interface) for f in FLAVOURS.values()),
        "saved_variables": f"{addon.name}DB",
        "rules": {
            "id": ruleset.id,
            "name": ruleset.name,
            **_dice_and_hands(ruleset),
            # streets: a round's bound rolls by number, as a caught-up line names one.
            "deal": {"dice": deal.dice, "rolls": deal.rolls, "lowest": lowest_hand(ruleset),
                     "streets": [f"roll {n}" for n in range(1, rolls + 1)]},
            "table": {
                "min_players": table.min_players, "max_players": table.max_players,
                "starting_bank": table.starting_bank, "currency": table.currency,
                **own,
                "roll_timeout": DRAW_ROLL_TIMEOUT, "acting_timeout": DRAW_ACTING_TIMEOUT,
            },
            "addon": {"name": addon.name, "title": addon.title, "prefix": addon.prefix,
                      "long": addon.long_command, "commands": dict(addon.commands),
                      "key": addon.name.upper(), "saved_variables": f"{addon.name}DB"},
        },
    }
    context["rules"]["fingerprint"] = _fingerprint(context["rules"], draw_play_sections)
    return context


def vitaji_play_sections(rules: dict[str, Any]) -> dict[str, Any]:
    """What of Vitaji's rules data (`vitaji_context(...)["rules"]`) changes how a game plays,
    by section, as play_sections is for hold'em: numbers and choices, no words."""
    table = {key: value for key, value in rules["table"].items() if key != "currency"}
    return {"dice": {"sides": rules["sides"]},
            "hands": {"bonuses": rules["bonuses"], "teams": rules["teams"]},
            "deal": dict(rules["deal"]), "table": table}


def vitaji_context(ruleset: VitajiRules) -> dict[str, Any]:
    """What Vitaji's templates know: the die, the deal (rounds, rerolls), the table's betting,
    the bonuses, teams and tournaments (the engine, vitaji/Vitaji.lua, reads them)."""
    table, addon, deal = ruleset.table, ruleset.addon, ruleset.deal
    context = {
        "ruleset": ruleset,
        "version": __version__,
        "interfaces": ", ".join(str(f.interface) for f in FLAVOURS.values()),
        "saved_variables": f"{addon.name}DB",
        "rules": {
            "id": ruleset.id,
            "name": ruleset.name,
            "sides": ruleset.sides,
            # The die's faces as the draw table shows them (holdem/Dice.lua), one die a roll.
            "faces": [{"name": f.name, "value": f.value, "glyph": f.glyph}
                      for f in ruleset.dice.faces],
            "faces_by_rank": list(range(ruleset.sides, 0, -1)),
            "hands": {"order": []},
            "deal": {"rounds": deal.rounds, "rerolls": deal.rerolls, "preset": deal.preset,
                     "dice": 1},
            "table": {
                "min_players": table.min_players, "max_players": table.max_players,
                "starting_bank": table.starting_bank, "currency": table.currency,
                "interval": table.interval, "ante": table.ante, "maximum": table.maximum,
                "raises_per_round": table.raises_per_round, "scoresheet": table.scoresheet,
                "stakes": table.stakes, "points": table.points,
                "roll_timeout": DRAW_ROLL_TIMEOUT, "acting_timeout": DRAW_ACTING_TIMEOUT,
                "reopen_wait": table.reopen_wait,
            },
            "bonuses": {"triple": ruleset.bonuses.triple, "sweep": ruleset.bonuses.sweep},
            "teams": {"team_size": ruleset.teams.team_size, "share": ruleset.teams.share},
            "tournament": {"group_size": ruleset.tournament.group_size,
                           "games_per_round": ruleset.tournament.games_per_round,
                           "advance": ruleset.tournament.advance},
            "addon": {"name": addon.name, "title": addon.title, "prefix": addon.prefix,
                      "long": addon.long_command, "commands": dict(addon.commands),
                      "key": addon.name.upper(), "saved_variables": f"{addon.name}DB"},
        },
    }
    context["rules"]["fingerprint"] = _fingerprint(context["rules"], vitaji_play_sections)
    return context
