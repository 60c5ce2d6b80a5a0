"""`pyhost demo vitaji`: a d6 game over 5 rounds through the Vitaji addon, in a party of
three, every die a player's own open /roll: a raise, a drop, a tie rolled off twice and the
scoresheet shown at the end."""

from __future__ import annotations

from click.testing import CliRunner

from pyhost.cli import main


def test_the_vitaji_demo_plays_a_game_to_a_roll_off():
    result = CliRunner().invoke(main, ["demo", "vitaji"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for name in ("Skoll", "Riggs", "Gray"):
        assert f"{name}'s chat frame" in out
    # Every player sees every line of the game, in the same order.
    for line in ("Skoll opens a chips table of Vitaji: /vitaji join to sit down.",
                 "Riggs rerolls: 6 (1 rerolls left)", "Riggs raises to 10",
                 "Gray drops out, forfeiting 25", "Skoll and Riggs tie at 21: they roll off",
                 "Skoll and Riggs tie again at 3: they roll again",
                 "Skoll wins the pot of 95 with 21", "Skoll takes 95"):
        assert out.count(line) == 3, line
    frames = out.split("Riggs's chat frame")[0]
    order = [frames.index(line) for line in ("Skoll antes 10", "Riggs rerolls: 6",
                                             "Gray drops out", "Skoll takes 95")]
    assert order == sorted(order)
    # The scoresheet, in the source's layout, and the banks after the game.
    assert "Vitaji: d6 over 5 rounds, ante 10, interval 1, no maximum (tria)" in frames
    assert "  1  4       2,6    5     10" in frames
    assert "  3  6       1,5    4     10" in frames
    assert "  4  2       5      (0)   10" in frames
    assert "     21      21     -     35+35+(25+0)=95" in frames
    assert "Winner: Skoll, the pot of 95" in frames
    assert "Game 1; the round is over; banks: Skoll 160, Riggs 65, Gray 75" in frames
    # Each die came from a /roll the addon made for its player, read from the server's line.
    assert out.count("Rolling ") == 21
    assert "Lua error" not in result.stderr
