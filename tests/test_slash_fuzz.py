"""Random slash-command arguments at a table: every /tholdem action and short command, typed
with junk (huge, negative, fractional, nan, inf and hex numbers, format specifiers, WoW's '|'
escapes, unicode, long and many arguments) by the host and dealer, the players and a watcher.
No Lua error; a command that sends nothing changes no client's status and tells its typer why
in one line; otherwise every client agrees. The fuzz is in tests/input_fuzz.py;
tools/fuzz_inputs.py runs it for longer."""

from __future__ import annotations

import pytest

from addon_table import dealt_table, play, status
from input_fuzz import shows_as_typed, slash_fuzz
from pyhost.harness import Realm
from pyhost.rules import load_ruleset


@pytest.mark.parametrize("seed", range(1, 9))
def test_random_commands_raise_no_error_and_a_refusal_changes_nothing(tmp_path, addon, seed):
    run = slash_fuzz(addon, tmp_path / "WTF", seed, commands=400)
    assert run.problems == []
    assert run.commands == 400 and run.accepted >= 10 and run.rejected >= 200



@pytest.mark.parametrize("seed", [21, 22])
def test_diceholdems_commands_fuzzed_alike(tmp_path, diceholdem, seed):
    run = slash_fuzz(diceholdem, tmp_path / "WTF", seed, commands=300,
                     ruleset=load_ruleset("dice-holdem"))
    assert run.problems == []
    assert run.accepted >= 10 and run.rejected >= 150


# What the fuzz found, pinned.

@pytest.fixture
def table(tmp_path, addon):
    realm = Realm(seed=1, wtf=tmp_path / "WTF")
    return realm, dealt_table(realm, addon, ["Skoll", "Riggs", "Gray"])


def said(realm: Realm, client, line: str) -> str:
    """The one line a refused command prints, after checking it changed nothing."""
    before, count = status(realm, client), len(client.chat)
    play(realm, client, line)
    assert len(client.chat) == count + 1 and realm.errors() == []
    assert status(realm, client) == before
    return client.chat.lines[count]


@pytest.mark.parametrize("line, shown", [
    ("/tholdem |cffff0000red|r", "Unknown command '||cffff0000red||r': /thelp lists them."),
    ("/tbet |n5", "/tbet ||n5: the amount must be a whole number of poke, 1 or more."),
    ("/tholdem open min 5 |Hx|h", "Unknown command '||Hx||h': /thelp lists them."),
    ("/tgive 2 |T:0|t", "nobody named '||T:0||t-Thunderhorn' sits at this table"),
    ("/tbet ||x", "/tbet ||||x: the amount must be a whole number of poke, 1 or more."),
])
def test_what_a_player_typed_is_quoted_back_with_its_pipes_escaped(table, line, shown):
    realm, (skoll, _, _) = table
    assert said(realm, skoll, line) == shown
    assert shows_as_typed(shown)


def test_an_amount_no_bank_holds_is_refused_as_such(table):
    realm, (_, riggs, _) = table
    assert said(realm, riggs, "/tbet 1000000000000000000000000000000") == (
        "/tbet 1000000000000000000000000000000: no bank holds that many poke.")
    assert said(realm, riggs, "/tholdem raise 0000000000007") == (
        "Riggs cannot raise: there is no bet to raise, bet instead")  # leading zeros are fine
