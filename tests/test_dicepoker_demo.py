"""`pyhost demo dice-poker`: Dice Poker's example round through the addon, in a party of
three, every die a player's own open /roll; Tauren Hold'em stays the default."""

from __future__ import annotations

from click.testing import CliRunner

from pyhost.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_dice_poker_demo_plays_a_round_for_a_forfeit():
    result = run("demo", "dice-poker")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for name in ("Skoll", "Riggs", "Gray"):
        assert f"{name}'s chat frame" in out
    # Every player sees every line of the round, in the same order.
    for line in ("Skoll opens a forfeit table of Dice Poker: /dicepoker join to sit down.",
                 "Skoll keeps 6 6 5 5 and rerolls 1", "Skoll has 6 6 6 5 5: Full house",
                 "Riggs has 2 3 4 5 6: Six-high straight",
                 "Gray has 1 1 1 5 3: Three of a kind", "Skoll names a forfeit for Gray"):
        assert out.count(line) == 3, line
    skolls = out.split("Riggs's chat frame")[0]
    assert "Round 1; the round is over; banks: Skoll 20, Riggs 20, Gray 20" in skolls
    # Each die came from a /roll the addon made for its player, read from the server's line.
    assert out.count("Rolling ") == 6
    assert "Lua error" not in result.stderr


def test_the_default_demo_is_still_tauren_holdem_and_an_unknown_one_is_one_line():
    assert "Dakx's chat frame" in run("demo").stdout
    result = run("demo", "bogus")
    assert result.exit_code == 2
    assert ("no demo for 'bogus'; demos: tauren-holdem, dice-holdem, dice-poker, poker-dice, "
            "vitaji" in result.stderr)
