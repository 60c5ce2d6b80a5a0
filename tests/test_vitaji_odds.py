"""`pyhost odds vitaji --scores ...`: the chance of winning from a position, exact where
feasible (each player's totals by dynamic programming), simulated beyond."""

from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from click.testing import CliRunner

from pyhost.cli import main
from pyhost.rules import totals
from pyhost.rules.totals import future_totals, position_odds, reroll_values, total_counts


def test_without_rerolls_the_future_is_the_plain_sum():
    for sides, rounds in ((6, 3), (4, 5)):
        plain = total_counts(sides, rounds)
        dist = future_totals(sides, rounds, 0)
        assert dist == [Fraction(plain.get(t, 0), sides**rounds) for t in range(len(dist))]


def test_one_round_with_one_reroll_by_hand():
    # Keep 4, 5 or 6 (a reroll is worth 3.5); reroll 1 to 3 and take what comes.
    assert future_totals(6, 1, 1) == [0] + [Fraction(1, 12)] * 3 + [Fraction(1, 4)] * 3
    assert reroll_values(6, 1, 1)[1] == [Fraction(7, 2), Fraction(17, 4)]


def brute_force(sides, rounds, rerolls):
    """The same policy by plain recursion over every die: the distribution of the total."""
    @cache
    def value(r, b):  # expected total of r rounds with b rerolls, playing best
        if r == 0:
            return Fraction(0)
        return sum(stand(r, b, x) for x in range(1, sides + 1)) / sides

    @cache
    def stand(r, b, x):  # x showing in round r with b rerolls
        keep = x + value(r - 1, b)
        return keep if b == 0 else max(keep, value_fresh(r, b - 1))

    def value_fresh(r, b):
        return sum(stand(r, b, y) for y in range(1, sides + 1)) / sides

    def dist(r, b):
        if r == 0:
            return {0: Fraction(1)}
        out = {}
        for x in range(1, sides + 1):
            if b and value_fresh(r, b - 1) > x + value(r - 1, b):
                part = dist_round_again(r, b - 1)
            else:
                part = {t + x: p for t, p in dist(r - 1, b).items()}
            for t, p in part.items():
                out[t] = out.get(t, 0) + p / sides
        return out

    def dist_round_again(r, b):
        return dist(r, b)

    return dist(rounds, rerolls)


@pytest.mark.parametrize("sides, rounds, rerolls", [(4, 2, 1), (6, 3, 2), (3, 4, 3)])
def test_the_distribution_matches_a_brute_force_of_the_same_policy(sides, rounds, rerolls):
    dist = future_totals(sides, rounds, rerolls)
    brute = brute_force(sides, rounds, rerolls)
    assert {t: p for t, p in enumerate(dist) if p} == brute
    assert sum(t * p for t, p in enumerate(dist)) == reroll_values(sides, rounds,
                                                                   rerolls)[rounds][rerolls]


def test_win_chances_by_brute_force_without_rerolls():
    # Two rounds of a d4 left: A leads by 1, B has the die. Enumerate all 4^4 futures.
    wins = Fraction(0)
    for a1, a2, b1, b2 in product(range(1, 5), repeat=4):
        a, b = 5 + a1 + a2, 4 + b1 + b2
        wins += Fraction(1 if a > b else 0) + (Fraction(1, 2) if a == b else 0)
    result = position_odds(4, [5, 4], 2, [0, 0])
    assert result.exact and result.chances[0] == wins / 256
    assert sum(result.chances) == 1


def test_positions_with_nothing_left_and_even_ones():
    assert position_odds(6, [10, 9], 0, [0, 0]).chances == (1, 0)
    assert position_odds(6, [10, 10, 3], 0, [2, 2, 2]).chances == (Fraction(1, 2),
                                                                   Fraction(1, 2), 0)
    even = position_odds(20, [50, 50, 50], 3, [1, 1, 1]).chances
    assert even[0] == even[1] == even[2] == Fraction(1, 3)
    more = position_odds(20, [50, 50], 3, [2, 0]).chances
    assert more[0] > Fraction(1, 2)  # a reroll in hand is worth something


def test_the_simulation_agrees_with_the_exact_answer(monkeypatch):
    exact = position_odds(20, [40, 35, 30], 4, [1, 2, 3])
    monkeypatch.setattr(totals, "MAX_POSITION_WORK", 0)
    simulated = position_odds(20, [40, 35, 30], 4, [1, 2, 3])
    assert not simulated.exact and "simulated" in simulated.method
    games = int(simulated.method.split()[1].replace(",", ""))
    for a, b in zip(exact.chances, simulated.chances, strict=True):
        assert abs(float(a) - b) < 4 * 0.5 / games**0.5


def run(*args):
    return CliRunner().invoke(main, ["odds", "vitaji", *args])


def test_the_command_prints_each_players_chance():
    result = run("--scores", "10,8,12", "--rounds-left", "2", "--rerolls-left", "1,2,0")
    assert result.exit_code == 0
    exact = position_odds(6, [10, 8, 12], 2, [1, 2, 0]).chances
    for chance in exact:
        assert f"{float(chance) * 100:.4f}%" in result.output
    assert "exact" in result.output


@pytest.mark.parametrize("args, reason", [
    (["--scores", "10"], "two players or more"),
    (["--scores", "1,a"], "whole numbers"),
    (["--rounds-left", "2"], "--scores is needed"),
    (["--scores", "1,2", "--rounds-left", "9"], "must be 0 to 5"),
    (["--scores", "1,2", "--rerolls-left", "1,2,3"], "3 numbers for 2 players"),
])
def test_a_bad_position_is_one_line(args, reason):
    result = run(*args)
    assert result.exit_code == 2 and reason in result.stderr
    assert result.stderr.count("\n") == 1
