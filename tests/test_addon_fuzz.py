"""Random, malformed and replayed addon messages on the table's prefix (tests/message_fuzz.py):
no Lua error, a watcher's junk changes nothing, a player's junk changes every client alike.
tools/fuzz_inputs.py --kind message runs the same for longer."""

from __future__ import annotations

import pytest
from message_fuzz import player_junk, watcher_junk

from pyhost.rules import load_ruleset


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_junk_from_a_watcher_changes_nothing_and_raises_no_error(tmp_path, addon, seed):
    assert watcher_junk(addon, tmp_path / "WTF", seed, 150) is None


@pytest.mark.parametrize("seed", [4, 5])
def test_junk_and_replays_from_a_seated_player_raise_no_error_and_everyone_agrees(
        tmp_path, addon, seed):
    # A seated player's junk may be a legal action of their own, and a replay of an old
    # message of theirs is stale; whatever it does, every client does the same.
    assert player_junk(addon, tmp_path / "WTF", seed, 150) is None



def test_diceholdem_takes_junk_from_a_watcher_and_a_player_alike(tmp_path, diceholdem):
    ruleset = load_ruleset("dice-holdem")
    assert watcher_junk(diceholdem, tmp_path / "WTF1", 6, 100, ruleset) is None
    assert player_junk(diceholdem, tmp_path / "WTF2", 7, 100, ruleset) is None
