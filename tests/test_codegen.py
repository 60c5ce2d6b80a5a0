"""`pyhost build`: the addon folder, byte for byte the same every build, and its globals."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from lupa import lua51

from lua_globals import globals_of
from pyhost import codegen
from pyhost.cli import main
from pyhost.codegen import FLOWS, build, differences
from pyhost.flavours import FLAVOURS
from pyhost.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
TAUREN = load_ruleset("tauren-holdem")
LUA_FILES = ["Rules.lua", "Text.lua", "Lists.lua", "CoreLocales.lua", "Locales.lua", "Dice.lua",
             "Hands.lua", "Pots.lua",
             "Betting.lua", "Holdem.lua", "HoldemHand.lua", "GuidedHand.lua", "ManualHand.lua",
             "Banks.lua", "HoldemTable.lua", "Sha256.lua", "Messages.lua", "Protocol.lua",
             "Comm.lua",
             "Restricted.lua", "Fair.lua", "HandLog.lua", "Ledger.lua", "Rolls.lua", "Witness.lua",
             "Fingerprint.lua", "HoldemFlow.lua", "Session.lua", "Record.lua", "Heartbeat.lua",
             "Takeover.lua", "SnapCheck.lua", "CatchUp.lua", "Rollers.lua", "FairDeal.lua",
             "Actions.lua", "Game.lua", "Deputy.lua", "HoldemSession.lua", "SlashCommands.lua",
             "EventFrame.lua", "Slash.lua"]
SLASH = {f"SLASH_TAURENHOLDEM_{action.upper()}1" for action in TAUREN.addon.commands} | \
    {"SLASH_TAURENHOLDEM1"}
DICE_POKER = load_ruleset("dice-poker")
# Dice Poker's addon: hold'em's dice and hands, the table core, the draw games' table (draw/)
# and its own engine, words and adapter (dicepoker/).
DICE_POKER_FILES = ["Rules.lua", "Text.lua", "Lists.lua", "CoreLocales.lua", "DrawLocales.lua",
                    "DicePokerLocales.lua", "Dice.lua",
                    "Hands.lua", "DicePoker.lua", "Sha256.lua", "Messages.lua", "Protocol.lua",
                    "Comm.lua", "Restricted.lua", "Ledger.lua", "Rolls.lua", "Witness.lua",
                    "Fingerprint.lua", "OpenRolls.lua", "Session.lua", "Record.lua",
                    "Heartbeat.lua", "Takeover.lua", "SnapCheck.lua", "CatchUp.lua",
                    "DrawTable.lua", "DrawCommands.lua", "SlashCommands.lua", "EventFrame.lua",
                    "DrawSlash.lua", "DicePokerGame.lua"]
POKER_DICE = load_ruleset("poker-dice")
# Poker Dice's: the same, with hold'em's pots and betting's number words, and its own engine,
# words and adapter (pokerdice/).
POKER_DICE_FILES = ["Rules.lua", "Text.lua", "Lists.lua", "CoreLocales.lua", "DrawLocales.lua",
                    "PokerDiceLocales.lua", "Dice.lua",
                    "Hands.lua", "Pots.lua", "Betting.lua", "PokerDice.lua", "PokerDiceRound.lua",
                    "PokerDiceTurn.lua", "PokerDiceDraw.lua", "Sha256.lua", "Messages.lua",
                    "Protocol.lua", "Comm.lua", "Restricted.lua", "Ledger.lua", "Rolls.lua",
                    "Witness.lua", "Fingerprint.lua", "OpenRolls.lua", "Session.lua",
                    "Record.lua", "Heartbeat.lua", "Takeover.lua", "SnapCheck.lua",
                    "CatchUp.lua", "DrawTable.lua", "DrawCommands.lua", "SlashCommands.lua",
                    "EventFrame.lua", "DrawSlash.lua", "PokerDiceGame.lua"]
VITAJI = load_ruleset("vitaji")
# Vitaji's addon: hold'em's Dice.lua (faces, roll lines), its own engine (vitaji/), the table
# core and the draw games' table (draw/), then its adapter and commands.
VITAJI_FILES = ["Rules.lua", "Text.lua", "Lists.lua", "CoreLocales.lua", "DrawLocales.lua",
                "VitajiLocales.lua", "Dice.lua",
                "VitajiWords.lua", "VitajiScore.lua", "VitajiBetting.lua", "VitajiRolling.lua",
                "Vitaji.lua", "VitajiEnd.lua", "VitajiSheet.lua", "Sha256.lua", "Messages.lua",
                "Protocol.lua", "Comm.lua", "Restricted.lua", "Ledger.lua", "Rolls.lua",
                "Witness.lua", "Fingerprint.lua", "OpenRolls.lua", "Session.lua", "Record.lua",
                "Heartbeat.lua", "Takeover.lua", "SnapCheck.lua", "Kept.lua", "CatchUp.lua",
                "DrawTable.lua", "DrawCommands.lua", "SlashCommands.lua", "EventFrame.lua",
                "DrawSlash.lua", "VitajiResume.lua",
                "VitajiGame.lua", "VitajiTeams.lua", "VitajiTournament.lua", "VitajiSideBets.lua",
                "VitajiTournamentTable.lua", "VitajiCupText.lua", "VitajiCupBets.lua"]


def test_the_build_is_the_same_bytes_every_time():
    assert build(TAUREN) == build(load_ruleset("tauren-holdem"))


def test_the_committed_addon_is_current():
    assert differences(build(TAUREN), ROOT / "addon" / "TaurenHoldem") == []


def test_build_check_covers_every_committed_addon_and_dice_holdem_is_one(monkeypatch):
    dice_holdem = load_ruleset("dice-holdem")
    assert differences(build(dice_holdem), ROOT / "addon" / "DiceHoldem") == []
    assert differences(build(DICE_POKER), ROOT / "addon" / "DicePoker") == []
    assert differences(build(POKER_DICE), ROOT / "addon" / "PokerDice") == []
    assert differences(build(VITAJI), ROOT / "addon" / "Vitaji") == []
    monkeypatch.chdir(ROOT)  # build --check reads addon/ where it is run
    result = CliRunner().invoke(main, ["build", "--check"])
    assert result.exit_code == 0, result.output
    assert "addon/DiceHoldem: up to date (44 files)" in result.output
    assert "addon/DicePoker: up to date (33 files)" in result.output
    assert "addon/PokerDice: up to date (38 files)" in result.output
    assert "addon/TaurenHoldem: up to date (44 files)" in result.output
    assert "addon/Vitaji: up to date (46 files)" in result.output


def test_the_toc_lists_every_flavour_the_saved_variables_and_the_files_in_order():
    toc = build(TAUREN)["TaurenHoldem.toc"].decode().splitlines()
    interfaces = ", ".join(str(f.interface) for f in FLAVOURS.values())
    assert toc[:6] == [
        f"## Interface: {interfaces}",
        "## Title: Tauren Hold'em",
        "## Notes: Texas Hold'em with eight-sided bone dice: two under the cup, five on the "
        "table.",
        "## Author: pyhost",
        f"## Version: {__import__('pyhost').__version__}",
        "## SavedVariables: TaurenHoldemDB",
    ]
    assert [line for line in toc[6:] if line] == LUA_FILES


def test_check_names_each_file_that_differs_and_exits_1(tmp_path):
    folder = tmp_path / "TaurenHoldem"
    shutil.copytree(ROOT / "addon" / "TaurenHoldem", folder)
    (folder / "Dice.lua").write_text("-- edited by hand\n", encoding="utf-8")
    (folder / "Extra.lua").write_text("", encoding="utf-8")
    (folder / "Hands.lua").unlink()
    result = CliRunner().invoke(main, ["build", "tauren-holdem", "--out", str(folder), "--check"])
    assert result.exit_code == 1
    named = sorted(line.split(":")[0] for line in result.stderr.splitlines())
    assert named == [str(folder / name) for name in ("Dice.lua", "Extra.lua", "Hands.lua")]
    result = CliRunner().invoke(main, ["build", "tauren-holdem", "--out", str(folder)])
    assert result.exit_code == 0
    assert not (folder / "Extra.lua").exists()
    result = CliRunner().invoke(main, ["build", "tauren-holdem", "--out", str(folder), "--check"])
    assert result.exit_code == 0 and "up to date" in result.stdout


@pytest.mark.parametrize("ruleset_id", ["poker-dice", "vitaji"])
def test_a_game_flow_without_an_addon_is_refused_in_one_line(tmp_path, ruleset_id, monkeypatch):
    # (Every shipped family has an addon now: the ruleset's flow taken away, it has none.)
    flows = {family: files for family, files in FLOWS.items()
             if family in ("holdem", "dice-poker")}
    monkeypatch.setattr(codegen, "FLOWS", flows)
    result = CliRunner().invoke(main, ["build", ruleset_id, "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert ("has no addon yet; addons exist for the holdem, dice-poker game flows"
            in result.stderr)
    assert not (tmp_path / "x").exists()


def test_dice_holdem_builds_too(tmp_path):
    files = build(load_ruleset("dice-holdem"))
    assert "DiceHoldem.toc" in files
    assert '"DICEHOLDEM"' in files["Rules.lua"].decode()


def test_only_rules_toc_and_luacheckrc_are_rendered_the_code_is_the_plain_sources():
    sources = ROOT / "pyhost" / "codegen" / "lua"
    for ruleset_id, listed in (("tauren-holdem", LUA_FILES), ("dice-holdem", LUA_FILES),
                               ("dice-poker", DICE_POKER_FILES),
                               ("poker-dice", POKER_DICE_FILES), ("vitaji", VITAJI_FILES)):
        files = build(load_ruleset(ruleset_id))
        code = [name for name in files if name.endswith(".lua") and name != "Rules.lua"]
        assert code == listed[1:]
        toc = files[f"{load_ruleset(ruleset_id).addon.name}.toc"].decode().splitlines()
        assert [line for line in toc[6:] if line] == listed
        for name in code:
            (source,) = sources.glob(f"*/{name}")
            assert files[name] == source.read_bytes(), name
            assert b"{{" not in files[name] and b"{%" not in files[name], name


# -- the globals ledger ------------------------------------------------------------------------

# Every global each file names anywhere, read or written, from its bytecode. The globals the
# addon owns are named by its ruleset, so the plain sources write them through `_G` (which
# the loading test below records); no file sets a global by name.
LEDGER = {
    "CoreLocales.lua": ({"ipairs", "pairs", "tostring"}, set()),
    "Locales.lua": ({"pairs"}, set()),
    "Rules.lua": (set(), set()),
    "Text.lua": ({"string", "table", "tostring"}, set()),
    "Lists.lua": ({"ipairs"}, set()),
    "Dice.lua": ({"RANDOM_ROLL_RESULT", "ipairs", "math", "table", "tonumber", "tostring",
                  "type", "unpack"}, set()),
    "Hands.lua": ({"ipairs", "math", "pairs", "setmetatable", "string", "table"}, set()),
    "Pots.lua": ({"ipairs", "math", "setmetatable", "table"}, set()),
    "Betting.lua": ({"ipairs", "math", "pairs", "setmetatable", "string", "table", "tonumber",
                     "tostring", "type", "unpack"}, set()),
    "Holdem.lua": ({"ipairs", "string", "table", "type"}, set()),
    "HoldemHand.lua": ({"error", "ipairs", "pairs", "setmetatable", "string", "table", "tostring",
                        "type"}, set()),
    "GuidedHand.lua": ({"ipairs", "math", "pairs", "setmetatable", "string"}, set()),
    "ManualHand.lua": ({"ipairs", "setmetatable", "string", "type"}, set()),
    "Banks.lua": ({"ipairs", "string", "type"}, set()),
    "HoldemTable.lua": ({"ipairs", "math", "pairs", "setmetatable", "string", "type"}, set()),
    "Sha256.lua": ({"bit", "error", "setmetatable", "string", "table", "type", "unpack"}, set()),
    "Messages.lua": ({"assert", "ipairs", "loadstring", "string", "table", "tonumber", "tostring"},
                     set()),
    "Protocol.lua": (set(), set()),
    "Comm.lua": ({"C_ChatInfo", "C_Timer", "Enum", "GetNormalizedRealmName", "GetTime",
                  "IsInGroup", "IsInRaid", "LE_PARTY_CATEGORY_HOME", "LE_PARTY_CATEGORY_INSTANCE",
                  "LE_REALM_RELATION_COALESCED", "UnitFullName", "UnitRealmRelationship", "ipairs",
                  "math", "next", "pairs", "table", "time", "tonumber", "tostring", "type",
                  "unpack"}, set()),
    "Fair.lua": ({"GetTime", "ipairs", "math", "string", "table", "time", "tonumber", "tostring",
                  "type"}, set()),
    "HandLog.lua": ({"ipairs", "pairs", "setmetatable", "table", "tostring", "type"}, set()),
    "Ledger.lua": ({"math", "pairs", "tonumber"}, set()),
    "Rolls.lua": ({"Ambiguate", "GetNormalizedRealmName", "GetNumGroupMembers",
                   "GetNumSubgroupMembers", "GetRaidRosterInfo", "IsInRaid", "UnitName", "ipairs",
                   "table"}, set()),
    "Witness.lua": ({"ipairs", "pairs", "table", "tonumber", "tostring"}, set()),
    "Fingerprint.lua": ({"ipairs", "table", "tostring"}, set()),
    "HoldemFlow.lua": ({"table"}, set()),
    "Session.lua": ({"Ambiguate", "UnitInParty", "_G", "ipairs", "pairs", "print", "string",
                     "table", "tonumber", "tostring", "type"}, set()),
    "Record.lua": ({"C_Timer", "error", "ipairs", "next", "pairs", "pcall", "tonumber",
                    "tostring"}, set()),
    "Actions.lua": ({"getmetatable", "ipairs", "math", "next", "pairs", "rawset", "setmetatable",
                     "table", "tonumber", "tostring", "type"}, set()),
    "Game.lua": ({"UnitSex", "ipairs", "math", "time", "tonumber", "tostring"}, set()),
    "Rollers.lua": ({"Ambiguate", "ipairs", "select"}, set()),
    "FairDeal.lua": ({"Ambiguate", "C_Timer", "RandomRoll", "ipairs", "table", "tostring",
                      "type"}, set()),
    "Deputy.lua": ({"C_Timer", "GetTime"}, set()),
    "HoldemSession.lua": ({"ipairs", "next", "pairs", "table", "tostring"}, set()),
    "Heartbeat.lua": ({"C_Timer", "GetTime"}, set()),
    "Takeover.lua": ({"C_Timer", "GetTime", "UnitInParty", "ipairs", "math"}, set()),
    "Restricted.lua": ({"C_RestrictedActions", "C_Timer", "Enum", "GetTime", "UnitIsConnected",
                        "hasanysecretvalues", "ipairs", "issecretvalue", "next", "pairs",
                        "select"}, set()),
    "SnapCheck.lua": ({"C_Timer", "GetTime", "ipairs", "pairs", "table", "type"}, set()),
    "Kept.lua": ({"C_Timer", "GetTime", "IsInGroup", "UnitInParty", "ipairs", "math", "table",
                  "tonumber"}, set()),
    "CatchUp.lua": ({"C_Timer", "GetTime", "IsInGroup", "ipairs", "math", "pairs", "tonumber"},
                    set()),
    "Slash.lua": ({"GetNormalizedRealmName", "UnitExists", "UnitFullName", "ipairs", "tonumber"},
                  set()),
    # The draw games' and Dice Poker's own.
    "SlashCommands.lua": ({"SlashCmdList", "_G", "pairs", "type"}, set()),
    "EventFrame.lua": ({"C_RestrictedActions", "CreateFrame", "ipairs"}, set()),
    "DrawLocales.lua": ({"pairs"}, set()),
    "DicePokerLocales.lua": (set(), set()),
    "DicePoker.lua": ({"ipairs", "math", "setmetatable", "table", "tostring", "type"}, set()),
    "OpenRolls.lua": ({"math", "setmetatable", "table", "tonumber", "tostring"}, set()),
    "DrawTable.lua": ({"Ambiguate", "GetTime", "getmetatable", "ipairs", "pairs", "setmetatable",
                       "table", "tonumber", "tostring", "type"}, set()),
    "DrawCommands.lua": ({"C_Timer", "GetTime", "RandomRoll", "math", "time",
                          "tonumber"}, set()),
    "DrawSlash.lua": ({"ipairs", "table"}, set()),
    "DicePokerGame.lua": ({"ipairs", "table"}, set()),
    # Poker Dice's own.
    "PokerDiceLocales.lua": (set(), set()),
    "PokerDice.lua": ({"ipairs", "setmetatable", "string", "table", "type"}, set()),
    "PokerDiceRound.lua": ({"ipairs", "setmetatable", "string", "table"}, set()),
    "PokerDiceTurn.lua": ({"ipairs", "string"}, set()),
    "PokerDiceDraw.lua": ({"ipairs", "setmetatable", "type"}, set()),
    "PokerDiceGame.lua": ({"setmetatable", "table", "tonumber"}, set()),
    # Vitaji's own.
    "VitajiLocales.lua": (set(), set()),
    "VitajiWords.lua": ({"ipairs", "math", "pairs", "table", "tostring", "type"}, set()),
    "VitajiScore.lua": ({"ipairs"}, set()),
    "VitajiBetting.lua": ({"ipairs", "setmetatable", "table", "tostring"}, set()),
    "VitajiRolling.lua": ({"ipairs", "setmetatable"}, set()),
    "Vitaji.lua": ({"ipairs", "next", "pairs", "setmetatable", "table", "tonumber", "tostring",
                    "type"}, set()),
    "VitajiEnd.lua": ({"ipairs", "math", "next", "pairs", "table", "tostring"}, set()),
    "VitajiSheet.lua": ({"ipairs", "next", "pairs", "table", "tostring"}, set()),
    "VitajiResume.lua": ({"ipairs", "pairs", "table", "tonumber", "tostring"}, set()),
    "VitajiGame.lua": ({"_G", "ipairs", "math", "rawget", "setmetatable", "table", "tonumber",
                        "tostring", "type"}, set()),
    "VitajiTournament.lua": ({"ipairs", "math", "pairs", "setmetatable", "table", "tostring",
                              "type", "unpack"}, set()),
    "VitajiSideBets.lua": ({"ipairs", "math", "pairs", "setmetatable", "table", "tostring", "type"},
                           set()),
    "VitajiTournamentTable.lua": ({"ipairs", "pairs", "select", "table", "tonumber", "tostring",
                                   "type"}, set()),
    "VitajiCupText.lua": ({"pairs", "table", "tonumber", "type"}, set()),
    "VitajiCupBets.lua": ({"C_Timer", "GetTime", "ipairs", "math", "pairs", "table", "tonumber",
                           "tostring", "type"}, set()),
    "VitajiTeams.lua": ({"ipairs", "pairs", "table", "type"}, set()),
}


@pytest.mark.parametrize(("ruleset", "names"), [(TAUREN, LUA_FILES),
                                               (DICE_POKER, DICE_POKER_FILES),
                                               (POKER_DICE, POKER_DICE_FILES),
                                               (VITAJI, VITAJI_FILES)],
                         ids=["tauren-holdem", "dice-poker", "poker-dice", "vitaji"])
def test_every_global_each_file_names_is_on_the_ledger(ruleset, names):
    lua = lua51.LuaRuntime(encoding=None)
    dump = lua.eval(b"function(code, name) return string.dump(assert(loadstring(code, name))) end")
    files = build(ruleset)
    written = set()
    for name in names:
        reads, writes = globals_of(dump(files[name], name.encode()))
        assert (reads, writes) == LEDGER[name], name
        written |= writes
    assert written == set()


RECORDER = b"""
local world = ...
return function(code, name, ns)
    local reads, writes = {}, {}
    local env
    env = setmetatable({}, {
        __index = function(_, key)
            if key == "_G" then return env end -- as in WoW: _G is the global table itself
            reads[key] = true
            return world[key]
        end,
        __newindex = function(_, key, value) writes[key] = true world[key] = value end,
    })
    local chunk = assert(loadstring(code, name))
    setfenv(chunk, env)
    chunk("TaurenHoldem", ns)
    return reads, writes
end
"""

WORLD = b"""
local frame = {}
function frame.RegisterEvent() end
function frame.SetScript() end
return {
    ipairs = ipairs, pairs = pairs, math = math, string = string, table = table, type = type,
    tonumber = tonumber, tostring = tostring, setmetatable = setmetatable, unpack = unpack,
    RANDOM_ROLL_RESULT = "%s rolls %d (%d-%d)",
    getmetatable = getmetatable, error = error, print = print, bit = {}, assert = assert,
    loadstring = loadstring,
    CreateFrame = function() return frame end, SlashCmdList = {},
}
"""


def test_loading_each_file_touches_only_ledger_globals():
    lua = lua51.LuaRuntime(encoding=None)
    world = lua.execute(WORLD)
    record = lua.execute(RECORDER, world)
    ns = lua.table()
    files = build(TAUREN)
    # What each file's code touches while the addon loads: a file's functions may run as a
    # later file loads (SlashCommands.register, when Slash.lua calls it), so all is read last.
    touched = {name: record(files[name], f"@{name}".encode(), ns) for name in LUA_FILES}
    written = set()
    for name, (reads, writes) in touched.items():
        read_names = {key.decode() for key in reads}
        written |= {key.decode() for key in writes}
        assert read_names <= LEDGER[name][0], name
    # Loading sets the slash command names; ADDON_LOADED then sets the SavedVariables table.
    assert written == SLASH
    ns.Game.load_saved()
    assert {k.decode() for k in world} == {k.decode() for k in lua.execute(WORLD)} | SLASH | \
        {"TaurenHoldemDB"}
    assert set(ns.keys()) == {b"L", b"HELP", b"Rules", b"Dice", b"Hands", b"Pots", b"Betting",
                              b"Holdem", b"Sha256", b"Messages", b"Comm", b"Fair", b"HandLog",
                              b"Ledger", b"Rolls", b"Witness", b"Fingerprint", b"HoldemFlow",
                              b"Session", b"Record", b"Rollers", b"FairDeal", b"Actions", b"Game",
                              b"Heartbeat",
                              b"Takeover", b"SnapCheck", b"CatchUp", b"Text", b"Restricted",
                              b"CoreLocales", b"Banks",
                              b"SlashCommands", b"EventFrame", b"Lists"}


# The table core (pyhost/codegen/lua/core/) knows no game: no core file names a hold'em module
# or hold'em's phases. What it needs of the game it asks of the flow that plugged in
# (Session.use), which every core module is handed.
GAME_NAMES = re.compile(r"\bns\.(Game|Holdem|HoldemFlow|Hands|Betting|Pots|Fair|Dice|HandLog"
                        r"|DicePoker\w*|PokerDice\w*|DrawTable|DrawSlash|OpenRolls)\b"
                        r"|\bHoldemFlow\b|\bPhase\b")


def test_no_core_file_names_the_game():
    core = ROOT / "pyhost" / "codegen" / "lua" / "core"
    naming = {path.name: sorted({m.group(0) for m in GAME_NAMES.finditer(
                  path.read_text(encoding="utf-8"))})
              for path in sorted(core.glob("*.lua"))}
    assert "Takeover.lua" in naming and "Session.lua" in naming  # the core's files were read
    assert {name: found for name, found in naming.items() if found} == {}


# The draw games' shared table (draw/) knows no one draw game: Poker Dice's table flow is built
# on it too.
DRAW_GAME_NAMES = re.compile(r"\bns\.(DicePoker\w*|PokerDice\w*|Vitaji\w*)\b|[Dd]ice [Pp]oker"
                             r"|\b[Vv]itaji\b"
                             r"|[Pp]oker [Dd]ice|\bdpreroll\b|\bdproll\b")


def test_no_draw_file_names_one_draw_game():
    draw = ROOT / "pyhost" / "codegen" / "lua" / "draw"
    naming = {path.name: sorted({m.group(0) for m in DRAW_GAME_NAMES.finditer(
                  path.read_text(encoding="utf-8"))})
              for path in sorted(draw.glob("*.lua"))}
    assert "DrawTable.lua" in naming and "OpenRolls.lua" in naming
    assert {name: found for name, found in naming.items() if found} == {}


@pytest.mark.parametrize("ruleset", [DICE_POKER, POKER_DICE, VITAJI],
                         ids=lambda ruleset: ruleset.id)
def test_no_draw_game_addon_draws_a_die_from_math_random(ruleset):
    # Every die of the draw games is a player's own server /roll (docs/protocol.md): their
    # addons hold no call of Lua's random numbers at all.
    files = build(ruleset)
    drawing = sorted(name for name, data in files.items()
                     if re.search(rb"\brandom\s*\(|math\.random|fastrandom", data))
    assert drawing == []


# No shipped Lua file is longer than this: a file that grows past it is split where a
# module's seam shows.
MAX_LINES = 520


def test_no_shipped_lua_file_is_over_the_line_limit():
    files = build(TAUREN) | build(DICE_POKER) | build(POKER_DICE) | build(VITAJI)
    lengths = {name: len(files[name].decode().splitlines())
               for name in dict.fromkeys(LUA_FILES + DICE_POKER_FILES + POKER_DICE_FILES +
                                         VITAJI_FILES)}
    assert {name: count for name, count in lengths.items() if count > MAX_LINES} == {}
