"""`pyhost rules`: the hand order with an example of each, and the faces."""

from __future__ import annotations

import click

from ..codegen import FLOWS
from ..codegen.context import fingerprint
from ..rules import HoldemRules, PokerHandRules, Ruleset, VitajiRules
from ..rules.families import FiveDiceRules
from ..rules.hands import Hand
from .ruleset_arg import ruleset_argument, shipped_help

ACE_MODE_TEXT = {
    "ace": "the ace: ranks highest, and plays low or high in straights",
    "low": "ranks lowest",
    "high": "ranks highest, and only high in straights",
    "wild": "wild: stands for any face, itself (as the ace) included",
}


def show_hand(ruleset: Ruleset, hand: Hand) -> str:
    dice = ruleset.dice
    text = f"{dice.glyphs(hand.dice):42} {dice.names(hand.dice)}"
    if hand.wild and dice.ace is not None:
        text += f"  ({dice.ace.name} as {', '.join(dice.faces[f].name for f in hand.wild)})"
    return text


def describe_hands(ruleset: PokerHandRules) -> list[str]:
    hands = ruleset.hands
    examples = ruleset.evaluator.examples()
    width = max(len(cat.name) for cat in ruleset.order)
    lines = [f"Hands, best first (ranking = {hands.ranking}):"]
    for place, cat in enumerate(ruleset.order, 1):
        # Loading refused any category without one, so every category has an example.
        lines.append(f"  {place:>2}. {cat.name:{width}}  {show_hand(ruleset, examples[cat])}")
    lines.append(
        "Ties: the same category is decided by the dice that make it (a full house's three "
        "before its pair, the higher pair first), then the other dice, highest first; equal "
        "hands split the pot."
    )
    lines.append("")
    ranks = ruleset.matcher.rank
    lines.append("Faces, highest first:")
    for face in sorted(ruleset.dice.faces, key=lambda f: -ranks[f.index]):
        note = f", {ACE_MODE_TEXT[hands.ace_mode]}" if face is ruleset.dice.ace else ""
        lines.append(f"  {face.glyph:10} {face.name:10} value {face.value}{note}")
    lines.append("")
    if hands.straight_order == "all_equal":
        order = "all straights tie"
    elif hands.wrap:
        order = "they rank by their top die, those around the horn below the rest"
    else:
        order = "they rank by their top die"
    wrap = "may go around the horn" if hands.wrap else "do not wrap"
    lines.append(f"Straights {wrap}; {order}.")
    return lines


def describe_deal(ruleset: Ruleset) -> str:
    if isinstance(ruleset, HoldemRules):
        deal = ruleset.deal
        streets = ", ".join(map(str, deal.community))
        names = " (flop, turn, river)" if deal.community == (3, 1, 1) else ""
        return (f"Deal: {deal.hidden} hidden dice each, then community dice {streets}{names}; "
                f"the best {ruleset.hands.size} of {deal.dealt} score.")
    if isinstance(ruleset, VitajiRules):
        return (f"Deal: one d{ruleset.dice.count} a round for {ruleset.deal.rounds} rounds; "
                f"{ruleset.deal.rerolls} rerolls a game, each replacing the roll even if lower.")
    assert isinstance(ruleset, FiveDiceRules)
    return (f"Deal: {ruleset.deal.dice} dice, {ruleset.deal.rolls} rolls a turn (keep any "
            "dice, reroll the rest).")


def describe_table(ruleset: Ruleset) -> str:
    t = ruleset.table
    parts = [f"{t.min_players} to {t.max_players} players", f"bank {t.starting_bank} "
             f"{t.currency}"]
    if ruleset.family == "holdem":
        parts += [f"minimum bet {t.minimum_bet}", f"minimum raise {t.minimum_raise}",
                  f"raise limit {t.maximum_raise}" if t.maximum_raise else "no raise limit",
                  *([f"at most {t.raise_cap} raises a round"] if t.raise_cap else []),
                  "blinds on" if t.blinds else "no blinds", f"ante {t.ante}",
                  *([f"the ante grows by {t.ante_growth} every {t.ante_every} hand(s)"]
                    if t.ante_growth else []),
                  f"first dealer by {t.first_dealer}"]
    elif ruleset.family == "poker-dice":
        parts.append(f"ante at least {t.minimum_ante}, set by the starting player")
    elif ruleset.family == "dice-poker":
        parts.append("the winner names a forfeit for the loser" if t.stakes == "forfeit"
                     else f"the loser pays the winner {t.stake}")
    else:
        maximum = (f"maximum {t.maximum} x rounds already played" if t.maximum
                   else "no maximum")
        parts += [f"bets in multiples of {t.interval}", f"ante {t.ante}", maximum,
                  f"{t.raises_per_round} raise a player a round",
                  "scoresheet kept" if t.scoresheet else "no scoresheet",
                  f"played for {t.points} points a game, no chips" if t.stakes == "points"
                  else "played for chips"]
    return "Table: " + ", ".join(parts) + "."


def describe_vitaji(ruleset: VitajiRules) -> list[str]:
    bonuses, teams, tournament = ruleset.bonuses, ruleset.teams, ruleset.tournament
    faces = ruleset.dice.faces
    shown = " ".join(f.glyph for f in faces) if len(faces) <= 20 else \
        f"{faces[0].glyph} to {faces[-1].glyph}"
    return [
        "Score: the sum of a player's rounds; the highest total wins the pot; ties roll off "
        "until one is higher.",
        f"Bonuses: triple = {bonuses.triple}, sweep = {'on' if bonuses.sweep else 'off'}.",
        f"Teams of {teams.team_size}, the pot shared "
        f"{'equally' if teams.share == 'equal' else 'by stake'}." if teams.team_size > 1
        else "No teams.",
        f"Tournament: groups of {tournament.group_size}, {tournament.games_per_round} games a "
        f"round, the top {tournament.advance} advance.",
        f"Faces: {shown}",
    ]


def describe_commands(ruleset: Ruleset) -> str:
    addon = ruleset.addon
    shown = " ".join(f"/{name}" for name in addon.commands.values())
    if ruleset.family not in FLOWS:  # the ruleset names them, but no addon plays them yet
        return (f"Commands (planned; the {addon.title} addon does not exist yet): {shown}; "
                f"long form /{addon.long_command} <action>.")
    return f"Commands ({addon.title} addon): {shown}; long form /{addon.long_command} <action>."


def describe_fingerprint(ruleset: Ruleset) -> list[str]:
    """The fingerprint its addon's tables state (a game flow with an addon only)."""
    if not isinstance(ruleset, HoldemRules) or ruleset.family not in FLOWS:
        return []
    printed = fingerprint(ruleset)
    sections = ", ".join(f"{name} {printed['sections'][name]}" for name in printed["order"])
    return [f"Fingerprint: {printed['id']} ({sections})"]


def rules_text(ruleset: Ruleset) -> str:
    lines = [f"{ruleset.name}  ({ruleset.source}, family {ruleset.family})", ruleset.summary, ""]
    lines += describe_vitaji(ruleset) if isinstance(ruleset, VitajiRules) else \
        describe_hands(ruleset)  # type: ignore[arg-type]
    lines += [describe_deal(ruleset), describe_table(ruleset), describe_commands(ruleset)]
    lines += describe_fingerprint(ruleset)
    return "\n".join(lines)


@click.command(epilog=shipped_help())
@ruleset_argument
def rules(ruleset: Ruleset) -> None:
    """Print the hand order with an example of each, and the faces."""
    click.echo(rules_text(ruleset))
