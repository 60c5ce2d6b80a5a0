"""Chat in the simulated realm: chat types, typed commands, slash commands, the chat frame."""

from __future__ import annotations

import pytest

from pyhost.harness import Location
from realm_helpers import ADDONS, login, make_realm, no_errors, received, texts

SKOLL = "Skoll-Thunderhorn"


def at(x: float, zone: str = "Thunder Bluff") -> Location:
    return Location(zone, x, 0)


def group_of_two(tmp_path, **options):
    realm = make_realm(tmp_path, **options)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    realm.party(skoll, riggs)
    return realm, skoll, riggs


# -- SAY, EMOTE, YELL ----------------------------------------------------------------------------


def test_say_is_heard_only_nearby(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", at=at(0))
    near = login(realm, "Riggs", at=at(30))
    far = login(realm, "Mira", at=at(60))
    elsewhere = login(realm, "Dax", at=at(0, "Orgrimmar"))
    skoll.type("/s hello")
    realm.run_until_quiet()
    assert "[Skoll] says: hello" in skoll.chat
    assert "[Skoll] says: hello" in near.chat
    assert received(near, "CHAT_MSG_SAY")[0][:2] == ("hello", SKOLL)
    assert "hello" not in far.chat
    assert "hello" not in elsewhere.chat


def test_a_line_without_a_command_is_said(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    skoll.type("just talking")
    realm.run_until_quiet()
    assert "[Skoll] says: just talking" in riggs.chat


def test_say_from_a_timer_is_silently_dropped(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    skoll.type("/rec later 1 SAY from a timer")
    skoll.type("/rec later 1 YELL yelled from a timer")
    skoll.type("/rec chat SAY from a key press")
    realm.run_until_quiet()
    assert "[Skoll] says: from a key press" in riggs.chat
    assert "from a timer" not in riggs.chat
    assert texts(riggs, "CHAT_MSG_SAY") == ["from a key press"]
    assert texts(riggs, "CHAT_MSG_YELL") == []


def test_say_from_a_timer_is_delivered_when_say_is_not_restricted(tmp_path):
    realm = make_realm(tmp_path, restrict_say=False)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    skoll.type("/rec later 1 SAY from a timer")
    realm.run_until_quiet()
    assert "[Skoll] says: from a timer" in riggs.chat


def test_emote_shows_the_name_then_the_text_even_from_a_timer(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs", at=at(30))
    skoll.type("/e dances")
    skoll.type("/rec later 1 EMOTE waves")
    realm.run_until_quiet()
    assert "Skoll dances" in riggs.chat
    assert "Skoll waves" in riggs.chat
    assert texts(riggs, "CHAT_MSG_EMOTE") == ["dances", "waves"]


def test_yell_carries_further_than_say(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", at=at(0))
    middle = login(realm, "Riggs", at=at(250))
    far = login(realm, "Mira", at=at(400))
    elsewhere = login(realm, "Dax", at=at(0, "Orgrimmar"))
    skoll.type("/y over here")
    realm.run_until_quiet()
    assert "[Skoll] yells: over here" in middle.chat
    assert "over here" not in far.chat
    assert "over here" not in elsewhere.chat


# -- PARTY, RAID, RAID_WARNING -------------------------------------------------------------------


def test_party_chat_names_the_leader(tmp_path):
    realm, skoll, riggs = group_of_two(tmp_path)
    stranger = login(realm, "Mira")
    riggs.type("/p I'll check")
    skoll.type("/p thanks")
    realm.run_until_quiet()
    for member in (skoll, riggs):
        assert "[Party] [Riggs]: I'll check" in member.chat
        assert "[Party Leader] [Skoll]: thanks" in member.chat
    assert texts(skoll, "CHAT_MSG_PARTY") == ["I'll check"]
    assert texts(riggs, "CHAT_MSG_PARTY_LEADER") == ["thanks"]
    assert "check" not in stranger.chat


def test_raid_chat_names_the_leader(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = (login(realm, n) for n in ("Skoll", "Riggs", "Mira"))
    realm.raid(skoll, riggs, mira)
    skoll.type("/ra pull in 5")
    riggs.type("/raid ready")
    realm.run_until_quiet()
    assert "[Raid Leader] [Skoll]: pull in 5" in mira.chat
    assert "[Raid] [Riggs]: ready" in mira.chat
    assert texts(mira, "CHAT_MSG_RAID_LEADER") == ["pull in 5"]
    assert texts(mira, "CHAT_MSG_RAID") == ["ready"]


def test_party_chat_in_a_raid_reaches_only_ones_subgroup(tmp_path):
    realm = make_realm(tmp_path)
    players = [login(realm, f"Player{chr(65 + i)}") for i in range(7)]
    realm.raid(*players)  # A-E in subgroup 1, F-G in subgroup 2
    players[5].type("/p just us")
    realm.run_until_quiet()
    assert ["just us" in p.chat for p in players] == [False] * 5 + [True] * 2


def test_raid_warning_needs_leader_or_assistant_in_a_raid(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = (login(realm, n) for n in ("Skoll", "Riggs", "Mira"))
    realm.raid(skoll, riggs, mira)
    mira.type("/rw not allowed")
    realm.run_until_quiet()
    assert "You don't have permission to do that." in mira.chat
    assert "not allowed" not in skoll.chat
    realm.make_assistant(skoll, riggs)
    riggs.type("/rw from the assistant")
    skoll.type("/rw from the leader")
    realm.run_until_quiet()
    assert "[Raid Warning] [Riggs]: from the assistant" in mira.chat
    assert "[Raid Warning] [Skoll]: from the leader" in mira.chat


def test_any_party_member_may_send_a_raid_warning(tmp_path):
    realm, skoll, riggs = group_of_two(tmp_path)
    riggs.type("/rw heads up")
    realm.run_until_quiet()
    assert "[Raid Warning] [Riggs]: heads up" in skoll.chat


def test_a_long_line_is_cut_to_255_characters(tmp_path):
    realm, skoll, riggs = group_of_two(tmp_path)
    skoll.type("/p " + "a" * 300)
    realm.run_until_quiet()
    assert texts(riggs, "CHAT_MSG_PARTY_LEADER") == ["a" * 255]
    assert f"[Party Leader] [Skoll]: {'a' * 255}" in riggs.chat.lines


def test_party_and_raid_chat_outside_a_group_get_a_system_line(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    skoll.type("/p anyone?")
    skoll.type("/ra anyone?")
    realm.run_until_quiet()
    assert "You aren't in a party." in skoll.chat
    assert "You are not in a raid group" in skoll.chat
    realm.party(skoll, riggs)
    skoll.chat.clear()
    skoll.type("/ra in a party")
    realm.run_until_quiet()
    assert skoll.chat.lines == ["You are not in a raid group"]
    assert "in a party" not in riggs.chat


# -- typed commands -------------------------------------------------------------------------------


def test_typed_roll_commands(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    realm.script_rolls(50, 4, 7)
    skoll.type("/roll")
    skoll.type("/roll 8")
    skoll.type("/roll 2 12")
    realm.run_until_quiet()
    assert [line for line in skoll.chat if "rolls" in line] == [
        "Skoll rolls 50 (1-100)", "Skoll rolls 4 (1-8)", "Skoll rolls 7 (2-12)"]


def test_a_whisper_finds_the_player_whatever_the_case_typed(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    skoll.type("/w riggs hi")
    realm.run_until_quiet()
    assert "[Skoll] whispers: hi" in riggs.chat
    assert "No player named" not in skoll.chat


def test_whisper_and_target_commands(tmp_path):
    realm = make_realm(tmp_path)
    skoll, _ = login(realm, "Skoll"), login(realm, "Riggs")
    skoll.type("/w Riggs hi")
    skoll.type("/target Riggs")
    skoll.type("/target Nobody")
    realm.run_until_quiet()
    assert "To [Riggs]: hi" in skoll.chat
    assert "No player named 'Nobody' is currently playing." in skoll.chat


def test_reload_restarts_the_ui_and_keeps_saved_variables(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    assert skoll.run_lua("return RecorderSaved.logins") == 1
    skoll.type("/reload")
    realm.run_until_quiet()
    assert skoll.run_lua("return RecorderSaved.logins") == 2
    assert received(skoll, "PLAYER_ENTERING_WORLD") == [(False, True)]


def test_an_addons_slash_command_gets_the_rest_of_the_line(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    skoll.type("/rec frobnicate now")
    skoll.type("/REC shout")
    assert "<rec> unknown: frobnicate" in skoll.chat
    assert "<rec> unknown: shout" in skoll.chat


def test_two_addons_claiming_one_command_the_first_key_set_wins(tmp_path):
    # The realm's rule: commands are looked up by SlashCmdList key in the order the keys were
    # first set, so the addon that set its key first (AlphaSlash, loaded first) owns /dupe.
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", addons=[ADDONS / "BetaSlash", ADDONS / "AlphaSlash"])
    skoll.type("/dupe one")
    skoll.type("/beta two")
    skoll.run_lua('SLASH_LATECOMER1 = "/dupe" '
                  'SlashCmdList.LATECOMER = function() print("latecomer handled") end')
    skoll.type("/dupe three")
    assert skoll.chat.lines == ["alpha handled one", "beta handled two", "alpha handled three"]


def test_an_unknown_command_gets_the_help_line(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    skoll.type("/nonsense here")
    realm.run_until_quiet()
    assert skoll.chat.lines == ["Type '/help' for a listing of a few commands."]


def test_print_and_add_message_write_to_the_chat_frame(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", addons=[])
    skoll.run_lua('print("a", 1, nil, true)')
    skoll.run_lua('DEFAULT_CHAT_FRAME:AddMessage("in red", 1, 0, 0)')
    assert skoll.chat.lines == ["a 1 nil true", "in red"]


def test_print_goes_through_a_hooked_or_replaced_add_message(tmp_path):
    # (print adds a line itself while the chat frame and its AddMessage are the realm's own.)
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", addons=[])
    skoll.run_lua("""
        Seen = {}
        hooksecurefunc(DEFAULT_CHAT_FRAME, "AddMessage", function(_, text)
            Seen[#Seen + 1] = text
        end)
        print("hooked")""")
    assert skoll.run_lua("return Seen") == ["hooked"]
    skoll.run_lua("""
        local own = DEFAULT_CHAT_FRAME
        DEFAULT_CHAT_FRAME = {
            AddMessage = function(_, text) own:AddMessage("[" .. text .. "]") end }
        print("elsewhere")""")
    assert skoll.chat.lines == ["hooked", "[elsewhere]"]


# -- chat filters ---------------------------------------------------------------------------------


def test_a_filter_hides_the_line_but_frames_still_get_the_event(tmp_path):
    realm, skoll, riggs = group_of_two(tmp_path)
    riggs.run_lua("""ChatFrame_AddMessageEventFilter("CHAT_MSG_PARTY_LEADER",
        function(self, event, msg) return msg:find("secret") ~= nil end)""")
    skoll.type("/p secret plan")
    skoll.type("/p open plan")
    realm.run_until_quiet()
    assert "secret plan" not in riggs.chat
    assert "[Party Leader] [Skoll]: open plan" in riggs.chat
    assert texts(riggs, "CHAT_MSG_PARTY_LEADER") == ["secret plan", "open plan"]
    no_errors(realm)


def test_a_filter_returning_false_and_a_new_message_rewrites_the_line(tmp_path):
    realm, skoll, riggs = group_of_two(tmp_path)
    riggs.run_lua("""ChatFrame_AddMessageEventFilter("CHAT_MSG_PARTY_LEADER",
        function(self, event, msg, author, ...) return false, msg:upper(), author, ... end)""")
    skoll.type("/p quiet please")
    realm.run_until_quiet()
    assert "[Party Leader] [Skoll]: QUIET PLEASE" in riggs.chat
    assert "quiet please" not in riggs.chat
    assert texts(riggs, "CHAT_MSG_PARTY_LEADER") == ["quiet please"]
    no_errors(realm)


def test_the_first_filter_returning_true_hides_the_line_and_ends_filtering(tmp_path):
    realm, skoll, riggs = group_of_two(tmp_path)
    riggs.run_lua("""
        ChatFrame_AddMessageEventFilter("CHAT_MSG_PARTY_LEADER", function() return true end)
        ChatFrame_AddMessageEventFilter("CHAT_MSG_PARTY_LEADER", function(self, event, msg)
            SecondFilterSaw = msg
            return false, "rewritten"
        end)""")
    skoll.type("/p hidden")
    realm.run_until_quiet()
    assert "hidden" not in riggs.chat
    assert "rewritten" not in riggs.chat
    assert riggs.global_value("SecondFilterSaw") is None


# -- the chat frame keeps its last 128 lines -----------------------------------------------------


def test_the_chat_frame_keeps_its_last_128_lines_counted_from_its_first(tmp_path):
    realm = make_realm(tmp_path, chat_lines=128)
    assert make_realm(tmp_path / "default").chat_lines is None  # (the default keeps all)
    skoll = login(realm, "Skoll")
    start = len(skoll.chat)  # (what the login showed)
    skoll.run_lua("for i = 1, 300 do DEFAULT_CHAT_FRAME:AddMessage('line ' .. i, 1, 0, 0) end")
    shown = [f"line {i}" for i in range(173, 301)]
    # The lines kept are the last 128, as Blizzard's chat frames keep (SetMaxLines(128)).
    assert list(skoll.chat) == shown and skoll.chat.lines == shown
    assert len(skoll.chat.colours[0:]) == 128 and skoll.chat.colours[-1] == (1, 0, 0)
    assert "line 172" not in skoll.chat and "line 173" in skoll.chat.lines
    # Indexed from the first line the frame showed: a count taken earlier still marks what
    # came after it; a line that scrolled away is gone.
    before = len(skoll.chat)
    assert before == len(skoll.chat.lines) == start + 300
    skoll.run_lua("print('next')")
    assert skoll.chat.lines[before:] == ["next"] and skoll.chat.lines[-1] == "next"
    assert skoll.chat.lines[-2] == "line 300" and skoll.chat.lines.index("next") == before
    assert skoll.chat.lines[0:3] == [] and skoll.chat.lines[before - 1:] == ["line 300", "next"]
    with pytest.raises(IndexError, match="not kept"):
        skoll.chat.lines[start]


def test_a_message_frame_keeps_its_last_128_lines(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    heap = """for i = 1, %d do ChatFrame2:AddMessage(("line %%06d"):format(i)) end
        collectgarbage("collect")
        return collectgarbage("count")"""
    # (Once first, so Lua's string table has grown to what a run of this makes.)
    kept = skoll.run_lua(heap % 2000)
    # Thousands more lines take no more memory than the 128 kept.
    assert skoll.run_lua(heap % 2000) - kept < 2
