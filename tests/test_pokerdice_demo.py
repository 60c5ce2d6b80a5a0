"""`pyhost demo poker-dice`: Poker Dice's example round through the addon, in a party of three,
every die a player's own open /roll, every ante, keep, raise and answer a command."""

from __future__ import annotations

from click.testing import CliRunner

from pyhost.cli import main


def test_the_poker_dice_demo_plays_a_round_for_chips():
    result = CliRunner().invoke(main, ["demo", "poker-dice"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for name in ("Skoll", "Riggs", "Gray"):
        assert f"{name}'s chat frame" in out
    # Every player sees every line of the round, in the same order.
    for line in ("Skoll opens a chips table of Poker Dice: /pokerdice join to sit down.",
                 "Skoll sets the ante at 2", "Gray antes 2 (pot 6)",
                 "Skoll rolls 6 4 4, keeping 6 6: 6 6 6 4 4 (Full house) (roll 2 of 3)",
                 "Skoll raises 3 with 6 6 6 4 4 (Full house) (pot 9)",
                 "Riggs matches the raise of 3 (pot 12)",
                 "Gray leaves the round rather than match 3",
                 "Skoll is beaten by Riggs's 5 5 5 5 3 (Four of a kind) and is out",
                 "Riggs takes the pot of 12 with 5 5 5 5 3 (Four of a kind)"):
        assert out.count(line) == 3, line
    skolls = out.split("Riggs's chat frame")[0]
    assert "Round 1; the round is over; banks: Skoll 15, Riggs 27, Gray 18" in skolls
    # Each die came from a /roll the addon made for its player, read from the server's line.
    assert out.count("Rolling ") == 4
    assert "Lua error" not in result.stderr
