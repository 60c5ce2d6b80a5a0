"""Loading rulesets: every shipped one loads; every kind of mistake gets its one line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from conftest import SHIPPED, write_variant
from pyhost.cli import main
from pyhost.rules import (
    DicePokerRules,
    HoldemRules,
    PokerDiceRules,
    PokerHandRules,
    RulesetError,
    VitajiRules,
    load_ruleset,
    shipped_ids,
)

FAMILIES = {"tauren-holdem": "holdem", "dice-holdem": "holdem", "poker-dice": "poker-dice",
            "dice-poker": "dice-poker", "vitaji": "vitaji"}


def test_every_shipped_ruleset_loads_with_rules_md_defaults():
    assert shipped_ids() == sorted(SHIPPED)
    for ruleset_id in SHIPPED:
        ruleset = load_ruleset(ruleset_id)
        assert ruleset.family == FAMILIES[ruleset_id]
    tauren = load_ruleset("tauren-holdem")
    assert (tauren.hands.ace_mode, tauren.hands.wrap, tauren.hands.ranking) == \
        ("ace", True, "as_written")
    assert (tauren.table.starting_bank, tauren.table.minimum_bet, tauren.table.currency) == \
        (20, 2, "poke")
    assert tauren.dice.ace.name == "Shaman" and tauren.dice.ace.value == 1
    assert tauren.addon.commands["deal"] == "tdeal" and len(tauren.addon.prefix) <= 16
    vitaji = load_ruleset("vitaji")
    assert (vitaji.dice.count, vitaji.deal.rounds, vitaji.deal.rerolls) == (6, 5, 2)
    assert vitaji.table.ante == 10 * vitaji.table.interval


def test_each_family_has_its_own_ruleset_type():
    types = {"holdem": HoldemRules, "poker-dice": PokerDiceRules, "dice-poker": DicePokerRules,
             "vitaji": VitajiRules}
    for ruleset_id in SHIPPED:
        ruleset = load_ruleset(ruleset_id)
        assert type(ruleset) is types[ruleset.family]
        # The three poker-hand games have hands; Vitaji scores totals and has none.
        assert isinstance(ruleset, PokerHandRules) == (ruleset.family != "vitaji")
        assert tuple(ruleset.addon.commands) == ruleset.commands
    # Each keeps only its own family's keys: no hold'em blinds at a poker dice table.
    poker_dice, vitaji = load_ruleset("poker-dice"), load_ruleset("vitaji")
    assert poker_dice.table.minimum_ante == 1 and not hasattr(poker_dice.table, "blinds")
    assert not hasattr(poker_dice.deal, "community") and poker_dice.deal.dealt == 5
    assert vitaji.bonuses.triple and vitaji.tournament.advance < vitaji.tournament.group_size
    assert not hasattr(vitaji, "hands")


@pytest.mark.parametrize(("ruleset_id", "key", "line"), [
    ("poker-dice", "table.blinds", "blinds = false"),
    ("dice-poker", "deal.community", "community = [3, 1, 1]"),
    ("vitaji", "table.minimum_bet", "minimum_bet = 2"),
    ("tauren-holdem", "table.interval", "interval = 1"),
])
def test_another_familys_key_is_unknown(tmp_path, ruleset_id, key, line):
    section = key.split(".")[0]
    path = write_variant(tmp_path, ruleset_id, {f"[{section}]\n": f"[{section}]\n{line}\n"})
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert (caught.value.key, caught.value.reason) == (key, "unknown key")


# (ruleset, {old: new}, the key the error names, words of the reason)
BAD = [
    ("tauren-holdem", {"[table]\n": "[table]\ncolour = 3\n"}, "table.colour", "unknown key"),
    ("tauren-holdem", {"wrap = true\n": "warp = true\n"}, "hands.wrap",
     "missing key (is 'warp' a misspelling?)"),
    ("tauren-holdem", {"[addon.commands]\n": "[addon.commands]\nfold = \"tfold\"\n"},
     "addon.commands.fold", "unknown key"),
    ("tauren-holdem", {'currency = "poke"\n': ""}, "table.currency", "missing key"),
    ("tauren-holdem", {"[deal]": "[dealing]"}, "deal", "missing key"),
    ("tauren-holdem", {'name = "3", value = 3': 'name = "2", value = 3'},
     "dice.faces[1].name", "duplicate face"),
    ("tauren-holdem", {'glyph = "[.· \']"': 'glyph = "[. \' ]"'}, "dice.faces[1].glyph",
     "duplicate face"),
    ("tauren-holdem", {'glyph = "[ ╣ ]"': 'glyph = "[ |╣ ]"'}, "dice.faces[6].glyph", "'|'"),
    ("tauren-holdem", {"starting_bank = 20": 'starting_bank = "20"'}, "table.starting_bank",
     "must be a whole number"),
    ("tauren-holdem", {"wrap = true": "wrap = 1"}, "hands.wrap", "must be true or false"),
    ("tauren-holdem", {"minimum_bet = 2": "minimum_bet = 0"}, "table.minimum_bet",
     "must be at least 1"),
    ("tauren-holdem", {"minimum_bet = 2": "minimum_bet = 25"}, "table.minimum_bet",
     "must be at most 20"),
    ("tauren-holdem", {'ace_mode = "ace"': 'ace_mode = "wyld"'}, "hands.ace_mode",
     "must be one of 'ace', 'low', 'high', 'wild'"),
    ("tauren-holdem", {'prefix = "TaurenHoldem"': 'prefix = "TaurenHoldemTables"'},
     "addon.prefix", "1 to 16 characters"),
    ("tauren-holdem", {'name = "TaurenHoldem"': 'name = "Tauren Holdem"'}, "addon.name",
     "not an addon name"),
    ("tauren-holdem", {'deal = "tdeal"': 'deal = "t deal"'}, "addon.commands.deal",
     "not a slash command"),
    ("tauren-holdem", {'deal = "tdeal"': 'deal = "roll"'}, "addon.commands.deal",
     "WoW's own command"),
    ("tauren-holdem", {'show = "tshow"': 'show = "tdeal"'}, "addon.commands.show",
     "/tdeal is also commands.deal"),
    ("tauren-holdem", {"maximum_raise = 0": "maximum_raise = 1"}, "table.maximum_raise",
     "at least minimum_raise and minimum_bet (2)"),
    ("tauren-holdem", {"hidden = 2": "hidden = 0"}, "deal.hidden", "must be at least 1"),
    ("dice-holdem", {"raise_cap = 0": "raise_cap = -1"},
     "table.raise_cap", "must be at least 0"),
    ("dice-holdem", {"raise_cap = 0": "raise_cap = 101"},
     "table.raise_cap", "must be at most 100"),
    ("dice-holdem", {"raise_cap = 0": 'raise_cap = "3"'},
     "table.raise_cap", "must be a whole number, not '3'"),
    ("dice-holdem", {"ante_growth = 0": "ante_growth = -1"}, "table.ante_growth",
     "must be at least 0"),
    ("dice-holdem", {"ante_growth = 0": "ante_growth = 101"}, "table.ante_growth",
     "must be at most 100"),
    ("dice-holdem", {"ante_every = 1": "ante_every = 0"}, "table.ante_every",
     "must be at least 1"),
    ("tauren-holdem", {'ace = "Shaman"\n': 'ace = "Warrior"\n'}, "dice.ace", "must be listed last"),
    ("dice-holdem", {"wrap = false": 'wrap = false\nace_mode = "wild"'}, "hands.ace_mode",
     "no ace face"),
    ("tauren-holdem", {'  { kind = "bust", name = "Bust" },\n': "",
                       '  { kind = "one_pair", name = "One pair" },\n':
                       '  { kind = "bust", name = "Bust" },\n'
                       '  { kind = "one_pair", name = "One pair" },\n'},
     "hands.categories[6]", "bust takes every hand"),
    ("poker-dice", {'{ kind = "five_of_a_kind", name = "Five of a kind" },':
                    '{ kind = "all_faces", name = "Every face" },'},
     "hands.categories[0]", "cannot be formed with 5 of these dice"),
    ("dice-poker", {'top = "5"': 'top = "1"'}, "hands.categories[4]", "cannot be formed"),
    ("poker-dice", {'  { kind = "bust", name = "Bust" },\n': ""}, "hands.categories",
     "forms no category"),
    ("poker-dice", {'kind = "small_straight"': 'kind = "small_straight", top = "9"'},
     "hands.categories[4].top", "no face '9' on these dice (faces: 1, 2, 3, 4, 5, 6)"),
    ("tauren-holdem", {'name = "Warrior"': 'name = " Warrior"'}, "dice.faces[5].name",
     "must not start or end with spaces"),
    ("tauren-holdem", {'currency = "poke"': 'currency = "po\\u007fke"'}, "table.currency",
     "control characters"),
    ("tauren-holdem", {'ace = "Shaman"': 'ace = "shaman"'}, "", ""),  # names match in any case
    ("poker-dice", {'kind = "full_house", name = "Full house"':
                    'kind = "full_house", name = "Full house", top = "6"'},
     "hands.categories[2].top", "only straights"),
    ("poker-dice", {'kind = "small_straight", name = "Small straight"':
                    'kind = "straight", name = "Small straight"'},
     "hands.categories[4].kind", "listed twice"),
    ("dice-poker", {', top = "6"': ""}, "hands.categories[4]", "'Five-high straight' is never "
     "scored: every hand that forms it is taken by a category above it"),
    ("tauren-holdem", {'family = "holdem"': 'family = "blackjack"'}, "game.family",
     "must be one of"),
    ("vitaji", {"sides = 6": "sides = 1"}, "dice.sides", "must be at least 2"),
    ("vitaji", {"ante = 10": "ante = 10\n"}, "", ""),  # a no-op edit: still valid
    ("vitaji", {"interval = 1": "interval = 3"}, "table.ante", "multiple of the interval (3)"),
]


@pytest.mark.parametrize(("ruleset_id", "edits", "key", "reason"), BAD,
                         ids=[f"{case[2] or 'valid'}:{case[3][:20]}" for case in BAD])
def test_each_mistake_is_one_line_naming_file_key_and_reason(tmp_path, ruleset_id, edits, key,
                                                             reason):
    path = write_variant(tmp_path, ruleset_id, edits, "mine")
    if not key:
        load_ruleset(path)
        return
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert caught.value.key == key
    assert reason in caught.value.reason
    result = CliRunner().invoke(main, ["rules", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {path}: {key}: {caught.value.reason}\n"
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"[game\nname = 1", "not valid TOML"),
        (b"\xff\xfe[game]", "not UTF-8 text"),
        (b"", "game: missing key"),
        (b"game = 3", "game: must be a table"),
    ],
)
def test_files_that_are_not_rulesets_at_all(tmp_path, content, reason):
    path = tmp_path / "broken.toml"
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["odds", str(path)])
    assert result.exit_code == 2
    assert reason in result.stderr
    assert result.stderr.count("\n") == 1


def test_unknown_ids_and_missing_files_are_one_line_too(tmp_path):
    result = CliRunner().invoke(main, ["rules", "texas-holdem"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: texas-holdem: no such ruleset; shipped: dice-holdem")
    result = CliRunner().invoke(main, ["rules", str(tmp_path / "nowhere.toml")])
    assert result.exit_code == 2
    assert "cannot read the file" in result.stderr and result.stderr.count("\n") == 1
