"""Restricted content (retail 12.x): restrictions, chat messaging lockdown, secret values."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from pyhost.harness import LuaError, Realm
from realm_helpers import addon_messages, login

DATA = json.loads(resources.files("pyhost.harness").joinpath("data/restrictions.json")
                  .read_text("utf-8"))
ENCOUNTER = DATA["restriction_types"]["Encounter"]
STATES = DATA["restriction_states"]


def party(tmp_path, flavour="retail"):
    realm = Realm(seed=1, wtf=tmp_path / "WTF", flavour=flavour)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    realm.party(skoll, riggs)
    realm.run_until_quiet()
    return realm, skoll, riggs


def a_secret(client, value='"Riggs rolls 4 (1-8)"'):
    client.run_lua(f"S = secretwrap({value}); N = secretwrap(4); B = secretwrap(true)")


@pytest.mark.parametrize(("code", "message"), [
    ("return S.x", "attempt to index a secret string value"),
    ("S.x = 1", "attempt to index a secret string value"),
    ("return S:find('x')", "attempt to index a secret string value"),
    ("return S()", "attempt to call a secret string value"),
    ("return #S", "attempt to get length of a secret string value"),
    ("return S .. 'x'", "attempt to concatenate a secret string value"),
    ("return 'x' .. S", "attempt to concatenate a secret string value"),
    ("return S == secretwrap('x')", "attempt to compare a secret string value"),
    ("return S < secretwrap('x')", "attempt to compare a secret string value"),
    ("return S <= secretwrap('x')", "attempt to compare a secret string value"),
    ("return N + 1", "attempt to perform arithmetic on a secret number value"),
    ("return 1 - N", "attempt to perform arithmetic on a secret number value"),
    ("return N * 2", "attempt to perform arithmetic on a secret number value"),
    ("return -N", "attempt to perform arithmetic on a secret number value"),
    ("return N % 2", "attempt to perform arithmetic on a secret number value"),
    ("return N < secretwrap(5)", "attempt to compare a secret number value"),
    ("return B.x", "attempt to index a secret boolean value"),
    ("return string.find(S, 'x')", "bad argument #1 to 'find'"),
    ("return strsplit('-', S)", "bad argument"),
])
def test_a_secret_raises_on_each_forbidden_operation(tmp_path, code, message):
    _realm, skoll, _ = party(tmp_path)
    a_secret(skoll)
    with pytest.raises(LuaError, match=message):
        skoll.run_lua(code)


def test_a_secret_may_be_stored_passed_on_and_asked_about(tmp_path):
    _realm, skoll, _ = party(tmp_path)
    a_secret(skoll)
    assert skoll.run_lua("""
        local kept = { S, N }
        local function pass(...) return ... end
        local same = pass(S)
        return type(S), type(N), type(B), issecretvalue(kept[1]), issecretvalue(same),
            issecretvalue("x"), issecretvalue(nil), issecretvalue(tostring(S)), S == S""") == (
        "string", "number", "boolean", True, True, False, False, True, True)
    assert skoll.run_lua("""
        return hasanysecretvalues(1, S), hasanysecretvalues(1, "x"), canaccessvalue(S),
            canaccessvalue(1), canaccessallvalues(1, N), canaccessallvalues(1, 2),
            canaccesssecrets(), issecrettable(S), issecrettable({})""") == (
        True, False, False, True, False, True, False, True, False)
    assert skoll.run_lua("return select('#', scrubsecretvalues(1, S, 'x')), "
                         "(select(3, scrubsecretvalues(1, S, 'x'))), "
                         "(select(2, scrubsecretvalues(1, S, 'x')))") == (3, "x", None)
    # What Lua 5.1 lets no metatable catch (the game refuses them): equality with a plain
    # value is false, never true; a secret works as a table key; in an `if` it is true.
    assert skoll.run_lua('return S == "Riggs rolls 4 (1-8)"') is False
    assert skoll.run_lua("local t = { [S] = 1 } return t[S]") == 1
    assert skoll.run_lua("return secretwrap(false) and 'true' or 'false'") == "true"


def test_restricting_fires_the_event_before_and_lifting_after(tmp_path):
    realm, skoll, _ = party(tmp_path)
    skoll.run_lua("""
        SEEN = {}
        local f = CreateFrame("Frame")
        f:RegisterEvent("ADDON_RESTRICTION_STATE_CHANGED")
        f:SetScript("OnEvent", function(_, _, kind, state)
            SEEN[#SEEN + 1] = { kind, state, C_RestrictedActions.GetAddOnRestrictionState(kind),
                C_RestrictedActions.IsAddOnRestrictionActive(kind),
                (C_ChatInfo.InChatMessagingLockdown()) }
        end)""")
    assert skoll.run_lua("return C_RestrictedActions.GetAddOnRestrictionState("
                         "Enum.AddOnRestrictionType.Encounter)") == STATES["Inactive"]
    realm.restrict(skoll, "Encounter")
    assert skoll.run_lua("return C_RestrictedActions.GetAddOnRestrictionState(1), "
                         "C_RestrictedActions.IsAddOnRestrictionActive(1), "
                         "C_ChatInfo.InChatMessagingLockdown()") == (STATES["Active"], True,
                                                                     True, 0)
    assert skoll.run_lua("return C_RestrictedActions.IsAddOnRestrictionActive(2)") is False
    realm.lift(skoll, "Encounter")
    seen = skoll.run_lua("local out = {} for i, s in ipairs(SEEN) do "
                         "out[i] = table.concat({ tostring(s[1]), tostring(s[2]), tostring(s[3]),"
                         " tostring(s[4]), tostring(s[5]) }, ' ') end "
                         "return table.concat(out, ';')")
    activating, inactive = STATES["Activating"], STATES["Inactive"]
    assert seen == (f"{ENCOUNTER} {activating} {activating} false false;"
                    f"{ENCOUNTER} {inactive} {inactive} false false")
    assert skoll.run_lua("return C_ChatInfo.InChatMessagingLockdown()") == (False, None)


def test_the_lockdown_reason_follows_the_restriction(tmp_path):
    realm, skoll, riggs = party(tmp_path)
    reasons = DATA["lockdown_reasons"]
    realm.restrict(skoll, "ChallengeMode")
    realm.restrict(riggs, "Map")
    assert skoll.run_lua("return C_ChatInfo.InChatMessagingLockdown()") == (
        True, reasons["ActiveMythicKeystoneOrChallengeMode"])
    assert riggs.run_lua("return C_ChatInfo.InChatMessagingLockdown()") == (True, None)
    assert skoll.run_lua("return InCombatLockdown()") is False
    realm.restrict(skoll, "Combat")  # combat alone locks no chat
    realm.lift(skoll, "ChallengeMode")
    assert skoll.run_lua("return C_ChatInfo.InChatMessagingLockdown()") == (False, None)
    assert skoll.run_lua("return InCombatLockdown()") is True
    assert skoll.run_lua("return C_RestrictedActions.IsAddOnRestrictionActive(0)") is True


def test_chat_text_and_sender_are_secret_in_lockdown_and_the_chat_frame_still_shows_them(
        tmp_path):
    realm, skoll, riggs = party(tmp_path)
    realm.restrict([skoll, riggs.full_name], "PvPMatch")
    skoll.run_lua("""
        ARGS = {}
        local f = CreateFrame("Frame")
        f:RegisterEvent("CHAT_MSG_SYSTEM") f:RegisterEvent("CHAT_MSG_PARTY")
        f:SetScript("OnEvent", function(_, event, ...)
            local secret = {}
            for i = 1, select("#", ...) do secret[i] = issecretvalue((select(i, ...))) end
            ARGS[event] = secret
        end)""")
    riggs.type("/roll 8")
    riggs.type("/p hello")
    realm.run_until_quiet()
    for event in ("CHAT_MSG_SYSTEM", "CHAT_MSG_PARTY"):
        flags = skoll.run_lua(f"local out = {{}} for i, s in ipairs(ARGS.{event}) do "
                              "if s then out[#out + 1] = i end end "
                              "return table.concat(out, ',')")
        assert flags == ",".join(str(i)
                               for i in DATA["secret_in_chat_lockdown"][event])
    assert "[Party] [Riggs]: hello" in skoll.chat
    assert any(line.startswith("Riggs rolls") for line in skoll.chat)
    assert not realm.errors()


def test_addon_messages_are_refused_and_dropped_in_lockdown_as_chosen(tmp_path):
    realm, skoll, riggs = party(tmp_path)
    for client in (skoll, riggs):
        client.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("Test")')
    realm.restrict(skoll, "Encounter")
    lockdown = 11  # Enum.SendAddonMessageResult.AddOnMessageLockdown
    assert skoll.run_lua('return C_ChatInfo.SendAddonMessage("Test", "x", "PARTY")') == lockdown
    assert skoll.run_lua("return C_ChatInfo.AreOutgoingAddonChatMessagesRestricted()") is True
    riggs.run_lua('C_ChatInfo.SendAddonMessage("Test", "to skoll", "PARTY")')
    realm.run_until_quiet()
    assert addon_messages(skoll) == []
    realm.lift(skoll, "Encounter")
    realm.restrict(skoll, "Chat", drop_outgoing=False, drop_incoming=False)
    assert skoll.run_lua("return C_ChatInfo.InChatMessagingLockdown()") == (True, None)
    assert skoll.run_lua("return C_ChatInfo.AreOutgoingAddonChatMessagesRestricted()") is False
    assert skoll.run_lua('return C_ChatInfo.SendAddonMessage("Test", "y", "PARTY")') == 0
    riggs.run_lua('C_ChatInfo.SendAddonMessage("Test", "again", "PARTY")')
    realm.run_until_quiet()
    assert sorted(m[1] for m in addon_messages(skoll)) == ["again", "y"]
    # CHAT_MSG_ADDON's arguments are never secret (the documentation lists none).
    assert all(isinstance(arg, str) for m in addon_messages(skoll) for arg in m[:5])


def test_unit_is_connected_stays_a_plain_boolean_as_its_documentation_says(tmp_path):
    realm, skoll, _riggs = party(tmp_path)
    assert DATA["unit_predicates"]["UnitIsConnected"] == []
    realm.restrict(skoll, "Encounter")
    assert skoll.run_lua('return UnitIsConnected("party1"), '
                         'issecretvalue(UnitIsConnected("party1"))') == (True, False)


def test_a_restriction_outlives_a_reload_and_a_group_is_restricted_whole(tmp_path):
    realm, skoll, riggs = party(tmp_path)
    realm.restrict(realm.group_of(skoll), "ChallengeMode")
    skoll.reload()
    assert skoll.run_lua("return C_RestrictedActions.IsAddOnRestrictionActive(2)") is True
    assert riggs.run_lua("return C_RestrictedActions.IsAddOnRestrictionActive(2)") is True
    realm.lift(realm.group_of(skoll), "ChallengeMode")
    assert skoll.run_lua("return C_RestrictedActions.IsAddOnRestrictionActive(2)") is False


def test_restrictions_are_retail_s_and_named_from_the_data(tmp_path):
    realm, skoll, _ = party(tmp_path, flavour="classic_era")
    with pytest.raises(ValueError, match="retail"):
        realm.restrict(skoll, "Encounter")
    assert skoll.run_lua("return issecretvalue('x'), C_ChatInfo.InChatMessagingLockdown()") == (
        False, False, None)
    realm, skoll, _ = party(tmp_path / "retail")
    with pytest.raises(ValueError, match="Encounter"):
        realm.restrict(skoll, "Raid")
