"""Instance groups (a finder's: dungeon or raid finder, battleground, follower dungeon) beside
the home group, party categories, and the unit rules and /roll forms that go with groups."""

from __future__ import annotations

import pytest

from pyhost.harness import GroupError, Location
from realm_helpers import addon_messages, count, login, make_realm, no_errors, received, send_addon

HOME, INSTANCE = 1, 2
NOT_IN_PARTY = "You aren't in a party."
NOT_IN_RAID = "You are not in a raid group"
WITH_PARTY = ('You are in both a party and an instance group. You may communicate with your '
              'party with "/p" and with your instance group with "/i".')
WITH_RAID = ('You are in both a raid and an instance group. You may communicate with your '
             'raid with "/ra" and with your instance group with "/i".')


def players(realm, *names):
    return [login(realm, name) for name in names]


def test_the_party_categories_are_the_games(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    assert skoll.run_lua("return LE_PARTY_CATEGORY_HOME, LE_PARTY_CATEGORY_INSTANCE") == (1, 2)


def test_an_instance_group_alone_is_the_active_group_and_not_a_home_group(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = players(realm, "Skoll", "Riggs", "Mira")
    realm.instance_group(skoll, riggs, mira)
    ask = ("return IsInGroup(), IsInGroup(LE_PARTY_CATEGORY_HOME), "
           "IsInGroup(LE_PARTY_CATEGORY_INSTANCE), GetNumGroupMembers(), "
           "GetNumGroupMembers(LE_PARTY_CATEGORY_HOME), "
           "GetNumGroupMembers(LE_PARTY_CATEGORY_INSTANCE), "
           "IsInRaid(), GetNumSubgroupMembers()")
    assert riggs.run_lua(ask) == (True, False, True, 3, 0, 3, False, 2)
    assert riggs.run_lua('return UnitIsGroupLeader("party1"), UnitIsGroupLeader("player"), '
                         'UnitIsGroupLeader("party1", LE_PARTY_CATEGORY_HOME)') == (
        True, False, False)
    no_errors(realm)


def test_a_raid_sized_instance_group_is_a_raid(tmp_path):
    realm = make_realm(tmp_path)
    clients = players(realm, *[f"Raider{i}" for i in range(7)])
    realm.instance_group(*clients)  # more than five
    assert clients[3].run_lua("return IsInRaid(), IsInRaid(LE_PARTY_CATEGORY_INSTANCE), "
                              "IsInRaid(LE_PARTY_CATEGORY_HOME), GetNumGroupMembers()") == (
        True, True, False, 7)
    assert clients[3].run_lua("return (GetRaidRosterInfo(1))") == "Raider0"
    small = players(realm, "Skoll", "Riggs")
    realm.instance_group(*small, raid=True)  # a raid finder's group, however few
    assert small[1].run_lua("return IsInRaid(), (UnitName('raid1'))") == (True, "Skoll")


def test_both_groups_at_once_each_answers_by_category_and_the_instance_one_by_default(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira, dax, vex = players(realm, "Skoll", "Riggs", "Mira", "Dax", "Vex")
    realm.party(skoll, riggs)  # the home party: Skoll leads
    realm.instance_group(mira, skoll, dax, vex)  # the finder's: Mira leads
    assert skoll.run_lua("return GetNumGroupMembers(), GetNumGroupMembers(LE_PARTY_CATEGORY_HOME), "
                         "GetNumGroupMembers(LE_PARTY_CATEGORY_INSTANCE)") == (4, 2, 4)
    assert skoll.run_lua('return UnitIsGroupLeader("player"), '
                         'UnitIsGroupLeader("player", LE_PARTY_CATEGORY_HOME), '
                         'UnitIsGroupLeader("player", LE_PARTY_CATEGORY_INSTANCE)') == (
        False, True, False)
    # Unit tokens and the roster are the active (instance) group's.
    assert skoll.run_lua("return (UnitName('party1')), (UnitName('party2')), "
                         "GetNumSubgroupMembers(), "
                         "GetNumSubgroupMembers(LE_PARTY_CATEGORY_HOME)") == ("Mira", "Dax", 3, 1)
    assert skoll.run_lua('return UnitInParty("Riggs"), '
                         'UnitInParty("Riggs", LE_PARTY_CATEGORY_HOME), '
                         'UnitInParty("Mira"), UnitInParty("Mira", LE_PARTY_CATEGORY_HOME)') == (
        False, True, True, False)
    # Riggs, at home only, knows nothing of the instance group.
    assert riggs.run_lua("return IsInGroup(LE_PARTY_CATEGORY_INSTANCE), GetNumGroupMembers()") == (
        False, 2)
    no_errors(realm)


def test_joining_and_leaving_an_instance_group_fire_the_roster_event_with_the_games_lines(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira, dax, vex = players(realm, "Skoll", "Riggs", "Mira", "Dax", "Vex")
    realm.party(skoll, riggs)
    realm.raid(dax, vex)
    before = {c.name: count(c, "GROUP_ROSTER_UPDATE") for c in (skoll, riggs, mira, dax, vex)}
    group = realm.instance_group(mira, skoll, dax)
    assert skoll.chat.lines[-1] == WITH_PARTY
    assert dax.chat.lines[-1] == WITH_RAID
    assert mira.chat.lines == []  # the game has no line for joining a party oneself
    after = {c.name: count(c, "GROUP_ROSTER_UPDATE") for c in (skoll, riggs, mira, dax, vex)}
    assert {n: after[n] - before[n] for n in after} == {
        "Skoll": 1, "Riggs": 0, "Mira": 1, "Dax": 1, "Vex": 0}
    realm.join_instance_group(group, vex)  # a backfill
    assert mira.chat.lines[-1] == skoll.chat.lines[-1] == "Vex has joined the instance group."
    assert vex.chat.lines[-1] == WITH_RAID
    realm.leave(skoll)  # the active group: the instance group
    assert skoll.chat.lines[-1] == "You leave the group."
    assert mira.chat.lines[-1] == "Skoll has left the instance group."
    assert skoll.run_lua("return IsInGroup(LE_PARTY_CATEGORY_INSTANCE), IsInGroup(), "
                         "GetNumGroupMembers()") == (False, True, 2)
    assert "Skoll has left the instance group." not in riggs.chat
    realm.leave(dax, HOME)  # the home raid, by category: the instance group stays
    assert dax.run_lua("return IsInGroup(LE_PARTY_CATEGORY_HOME), "
                       "GetNumGroupMembers()") == (False, 3)


def test_a_member_of_both_groups_going_offline_is_told_once_to_each_player(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = players(realm, "Skoll", "Riggs", "Mira")
    realm.party(skoll, riggs)
    realm.instance_group(skoll, riggs, mira)
    before = [count(c, "GROUP_ROSTER_UPDATE") for c in (skoll, mira)]
    realm.logout(riggs)
    assert skoll.chat.lines.count("Riggs has gone offline.") == 1
    assert mira.chat.lines.count("Riggs has gone offline.") == 1
    assert [count(c, "GROUP_ROSTER_UPDATE") for c in (skoll, mira)] == [n + 1 for n in before]
    assert skoll.run_lua("return UnitIsConnected('party1'), "
                         "GetNumGroupMembers(LE_PARTY_CATEGORY_HOME)") == (False, 2)


def test_one_player_alone_in_an_instance_group_is_grouped(tmp_path):
    # A follower dungeon's or a delve's group: the finder's companions are not players.
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    realm.instance_group(skoll)
    assert skoll.run_lua("return IsInGroup(), GetNumGroupMembers(), UnitInParty('player')") == (
        True, 1, True)
    assert send_addon(skoll, "REC", "alone", "INSTANCE_CHAT") == 0
    realm.run_until_quiet()
    assert [m[:3] for m in addon_messages(skoll)] == [("REC", "alone", "INSTANCE_CHAT")]
    realm.leave(skoll)
    assert skoll.run_lua("return IsInGroup()") is False
    assert realm.groups == []


def test_instance_groups_refuse_what_the_finder_would(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = players(realm, "Skoll", "Riggs", "Mira")
    group = realm.instance_group(skoll, riggs)
    with pytest.raises(GroupError):
        realm.instance_group(mira, riggs)  # Riggs is in one already
    with pytest.raises(GroupError):
        realm.join_instance_group(group, riggs)
    realm.party(mira, skoll)  # a home party beside it is fine
    with pytest.raises(GroupError):
        # (not an instance group)
        realm.join_instance_group(realm.group_of(mira), login(realm, "Dax"))
    assert mira.run_lua("return IsInGroup(LE_PARTY_CATEGORY_INSTANCE)") is False


# -- chat and addon messages ----------------------------------------------------------------------


def test_instance_chat_goes_to_the_instance_group_and_party_chat_to_the_home_group(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira, dax = players(realm, "Skoll", "Riggs", "Mira", "Dax")
    realm.party(skoll, riggs)
    realm.instance_group(skoll, mira, dax)
    skoll.type("/i pull in five")
    mira.type("/i ready")
    skoll.type("/p how is the dungeon?")
    realm.run_until_quiet()
    assert mira.chat.matching("pull in five") == ["[Instance Leader] [Skoll]: pull in five"]
    assert skoll.chat.matching("ready") == ["[Instance] [Mira]: ready"]
    assert [args[0] for args in received(dax, "CHAT_MSG_INSTANCE_CHAT_LEADER")] == ["pull in five"]
    assert riggs.chat.matching("pull in five") == [] and dax.chat.matching("dungeon") == []
    assert riggs.chat.matching("dungeon") == ["[Party Leader] [Skoll]: how is the dungeon?"]


def test_party_and_raid_fail_in_an_instance_group_alone_and_instance_chat_outside_one(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = players(realm, "Skoll", "Riggs", "Mira")
    realm.instance_group(skoll, riggs)
    skoll.type("/p hello")
    skoll.type("/ra hello")
    mira.type("/i hello")
    realm.run_until_quiet()
    assert skoll.chat.lines[-2:] == [NOT_IN_PARTY, NOT_IN_RAID]
    assert mira.chat.lines[-1] == "You aren't in an instance group."
    assert riggs.chat.matching("hello") == []
    skoll.type("/rw pull")  # a raid warning goes to the active group
    realm.run_until_quiet()
    assert riggs.chat.matching("pull") == ["[Raid Warning] [Skoll]: pull"]


def test_addon_messages_to_party_or_raid_fail_in_an_instance_group_alone(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = players(realm, "Skoll", "Riggs")
    realm.instance_group(skoll, riggs)
    assert send_addon(skoll, "REC", "to the party", "PARTY") == 5  # NotInGroup
    assert send_addon(skoll, "REC", "to the raid", "RAID") == 5
    assert send_addon(skoll, "REC", "to the instance", "INSTANCE_CHAT") == 0
    realm.run_until_quiet()
    assert skoll.chat.lines.count(NOT_IN_PARTY) == 1
    assert skoll.chat.lines.count(NOT_IN_RAID) == 1
    assert [m[:4] for m in addon_messages(riggs)] == [
        ("REC", "to the instance", "INSTANCE_CHAT", "Skoll-Thunderhorn")]
    loner = login(realm, "Loner")  # the same without any group
    assert send_addon(loner, "REC", "x", "PARTY") == send_addon(loner, "REC", "x", "RAID") == 5
    realm.run_until_quiet()
    assert loner.chat.lines[-2:] == [NOT_IN_PARTY, NOT_IN_RAID]


def test_addon_messages_reach_each_group_by_its_own_channel(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = players(realm, "Skoll", "Riggs", "Mira")
    realm.party(skoll, riggs)
    realm.instance_group(skoll, mira)
    assert send_addon(skoll, "REC", "home", "PARTY") == 0
    assert send_addon(skoll, "REC", "home raid", "RAID") == 0  # RAID in a party: the party
    assert send_addon(skoll, "REC", "finder", "INSTANCE_CHAT") == 0
    assert send_addon(riggs, "REC", "not mine", "INSTANCE_CHAT") == 5
    realm.run_until_quiet()
    assert [m[1:3] for m in addon_messages(riggs)] == [("home", "PARTY"), ("home raid", "PARTY")]
    assert [m[1:3] for m in addon_messages(mira)] == [("finder", "INSTANCE_CHAT")]
    assert not any("aren't" in line or "not in a" in line for line in skoll.chat)


def test_the_classic_flavours_answer_the_same_for_party_in_an_instance_group(tmp_path):
    realm = make_realm(tmp_path, flavour="classic_era")
    skoll, riggs = players(realm, "Skoll", "Riggs")
    realm.instance_group(skoll, riggs)
    assert send_addon(skoll, "REC", "x", "PARTY") == 5  # NotInGroup, as on retail
    assert send_addon(skoll, "REC", "x", "INSTANCE_CHAT") == 0


def test_a_roll_is_seen_by_both_of_the_rollers_groups(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    riggs, mira, dax = (login(realm, name, at=Location("Thunder Bluff", 1000 * i, 0))
                        for i, name in enumerate(("Riggs", "Mira", "Dax"), 1))
    realm.party(skoll, riggs)
    realm.instance_group(skoll, mira)
    realm.script_rolls(3)
    skoll.type("/roll 6")
    realm.run_until_quiet()
    for seer in (skoll, riggs, mira):
        assert seer.chat.matching("rolls") == ["Skoll rolls 3 (1-6)"]
    assert dax.chat.matching("rolls") == []


# -- units ----------------------------------------------------------------------------------------


def test_unit_in_party_is_any_member_of_the_group_and_unit_in_raid_a_raids_index(tmp_path):
    realm = make_realm(tmp_path)
    clients = players(realm, *[f"Raider{i}" for i in range(7)])
    realm.raid(*clients)
    first, last = clients[0], clients[6]  # subgroups 1 and 2
    assert first.run_lua("return GetNumSubgroupMembers(), UnitInParty('Raider6'), "
                         "UnitInRaid('Raider6'), UnitInRaid('player')") == (4, True, 7, 1)
    assert first.run_lua("return UnitIsUnit('party1', 'Raider1')") is True
    assert first.run_lua("return UnitInParty('raid7')") is True
    stranger = login(realm, "Stranger")
    realm.party(stranger, login(realm, "Friend"))
    assert stranger.run_lua("return UnitInParty('player'), UnitInRaid('player'), "
                            "UnitInParty('Raider0')") == (True, None, False)
    assert last.run_lua("return UnitInRaid('Stranger')") is None
    loner = login(realm, "Loner")
    assert loner.run_lua("return UnitInParty('player')") is False


def test_a_name_is_a_unit_only_for_the_player_and_group_members(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira, dax = players(realm, "Skoll", "Riggs", "Mira", "Dax")
    realm.party(skoll, riggs)
    realm.instance_group(skoll, mira)
    ask = ("return UnitExists('{0}'), (UnitName('{0}')), UnitIsConnected('{0}'), "
           "UnitGUID('{0}') ~= nil")
    for name in ("Skoll", "Riggs", "Mira", "Skoll-Thunderhorn", "riggs"):
        assert skoll.run_lua(ask.format(name))[0] is True, name
    assert skoll.run_lua(ask.format("Dax")) == (False, None, False, False)
    assert riggs.run_lua(ask.format("Mira")) == (False, None, False, False)
    assert dax.run_lua(ask.format("Dax")) == (True, "Dax", True, True)
    dax.type("/target Skoll")  # /target still takes anyone's name
    assert dax.run_lua("return (UnitName('target'))") == "Skoll"
    no_errors(realm)


# -- /roll ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "bounds"), [
    ("/roll", "(1-100)"), ("/roll 10", "(1-10)"), ("/roll 5 10", "(5-10)"),
    ("/roll 5-10", "(5-10)"), ("/roll  5 - 10 ", "(5-10)"), ("/random 3-4", "(3-4)"),
    ("/roll 7 and more", "(1-7)"),
])
def test_roll_takes_one_bound_or_two_as_blizzards_slash_command_reads_them(tmp_path, typed, bounds):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    skoll.type(typed)
    realm.run_until_quiet()
    [line] = skoll.chat.matching("rolls")
    assert line.endswith(bounds)
    assert realm.dropped_rolls == []


def test_roll_without_a_number_sends_the_text_which_the_server_refuses(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    skoll.type("/roll lots")
    realm.run_until_quiet()
    assert skoll.chat.matching("rolls") == []
    assert realm.dropped_rolls == [("Skoll-Thunderhorn", b"1", b"lots")]
    no_errors(realm)
