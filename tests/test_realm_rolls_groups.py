"""The server's /roll, and parties, raids and units in the simulated realm."""

from __future__ import annotations

import pytest

from pyhost.harness import GroupError, Location
from realm_helpers import count, login, make_realm, no_errors

SKOLL = "Skoll-Thunderhorn"

ROLL_LINES = {
    "enUS": "Skoll rolls 4 (1-8)",
    "deDE": "Skoll würfelt. Ergebnis: 4 (1-8)",
    "frFR": "Skoll obtient un 4 (1-8).",
}


def at(x: float) -> Location:
    return Location("Thunder Bluff", x, 0)


def roll_lines(client) -> list[str]:
    return [line for line in client.chat if "(1-" in line or "(2-" in line]


# -- /roll ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", sorted(ROLL_LINES))
def test_a_roll_is_seen_by_the_roller_the_group_and_nearby_players_in_their_locale(
        tmp_path, locale):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", locale=locale, at=at(0))
    grouped_far = login(realm, "Riggs", locale=locale, at=at(5000))
    stranger_near = login(realm, "Mira", locale=locale, at=at(20))
    stranger_far = login(realm, "Dax", locale=locale, at=at(500))
    realm.party(skoll, grouped_far)
    realm.script_rolls(4)
    skoll.type("/roll 8")
    realm.run_until_quiet()
    for seer in (skoll, grouped_far, stranger_near):
        assert roll_lines(seer) == [ROLL_LINES[locale]]
    assert roll_lines(stranger_far) == []


def test_each_observer_reads_the_roll_in_their_own_locale(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", locale="enUS")
    riggs = login(realm, "Riggs", locale="deDE")
    mira = login(realm, "Mira", locale="frFR")
    realm.script_rolls(4)
    skoll.run_lua("RandomRoll(1, 8)")
    realm.run_until_quiet()
    assert [roll_lines(c) for c in (skoll, riggs, mira)] == [[line] for line in ROLL_LINES.values()]
    german = "%1$s würfelt. Ergebnis: %2$d (%3$d-%4$d)"  # Blizzard's deDE GlobalStrings
    assert riggs.run_lua("return RANDOM_ROLL_RESULT") == german


def test_rolls_out_of_bounds_are_dropped_by_the_server(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    skoll.run_lua('RandomRoll(0, 10) RandomRoll(1, 1000001) RandomRoll("a", "b")')
    realm.run_until_quiet()
    assert not any("rolls" in line for line in skoll.chat)
    assert realm.dropped_rolls == [(SKOLL, 0, 10), (SKOLL, 1, 1000001), (SKOLL, b"a", b"b")]
    skoll.run_lua("RandomRoll(1, 1000000)")
    realm.run_until_quiet()
    assert len([line for line in skoll.chat if "(1-1000000)" in line]) == 1
    assert len(realm.dropped_rolls) == 3


def test_scripted_rolls_come_first_then_the_seeded_generator(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    realm.script_rolls(4, 7)
    skoll.type("/roll 8")
    skoll.type("/roll 8")
    skoll.type("/roll 8")
    realm.run_until_quiet()
    lines = roll_lines(skoll)
    assert lines[:2] == ["Skoll rolls 4 (1-8)", "Skoll rolls 7 (1-8)"]
    assert len(lines) == 3


def rolls_by(client, roller: str) -> list[str]:
    return [line for line in client.chat if line.startswith(f"{roller} rolls ")]


def test_a_players_scripted_rolls_are_theirs_alone_and_come_before_the_shared_ones(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    realm.script_rolls(2, 3)  # shared: whoever rolls next
    realm.script_rolls(5, lambda low, high: high, by="Skoll")  # or by="Skoll-Thunderhorn"
    realm.script_rolls(7, by="riggs", bounds=(1, 8))  # any case; only Riggs's rolls of 1-8
    for line in ("/roll 6", "/roll 8", "/roll 6", "/roll 6"):
        riggs.type(line)
        skoll.type(line)
    realm.run_until_quiet()
    assert rolls_by(skoll, "Riggs") == ["Riggs rolls 2 (1-6)", "Riggs rolls 7 (1-8)",
                                        "Riggs rolls 3 (1-6)", rolls_by(skoll, "Riggs")[3]]
    assert rolls_by(skoll, "Skoll")[:2] == ["Skoll rolls 5 (1-6)", "Skoll rolls 8 (1-8)"]
    assert len(rolls_by(skoll, "Skoll")) == 4  # then the generator: the shared queue was used up


def test_a_script_for_a_range_waits_for_a_roll_of_that_range(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    realm.script_rolls(lambda low, high: low + 2, bounds=(101, 108))
    realm.script_rolls(1)
    realm.script_rolls(3, by="Skoll", bounds=(1, 1000000))
    for low, high in ((1, 8), (1, 1000000), (101, 108), (1, 1000000)):
        skoll.run_lua(f"RandomRoll({low}, {high})")
    realm.run_until_quiet()
    lines = rolls_by(skoll, "Skoll")
    assert lines[:3] == ["Skoll rolls 1 (1-8)", "Skoll rolls 3 (1-1000000)",
                         "Skoll rolls 103 (101-108)"]
    assert len(lines) == 4 and lines[3] != "Skoll rolls 3 (1-1000000)"


def test_scripted_math_random(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    skoll.script_random(3, 5)
    assert skoll.run_lua("return math.random(6), random(2, 9)") == (3, 5)
    value = skoll.run_lua("return math.random(6)")
    assert 1 <= value <= 6


def rolls_and_randoms(tmp_path, seed: int) -> tuple[list[str], tuple]:
    realm = make_realm(tmp_path / str(seed), seed=seed)
    skoll = login(realm, "Skoll")
    for _ in range(3):
        skoll.type("/roll 1000000")
    realm.run_until_quiet()
    randoms = skoll.run_lua("return math.random(1000000), math.random(1000000), math.random()")
    return [line for line in skoll.chat if "rolls" in line], randoms


def test_the_same_seed_gives_the_same_rolls_and_another_seed_different_ones(tmp_path):
    first, again, other = (rolls_and_randoms(tmp_path / name, seed)
                           for name, seed in (("a", 7), ("b", 7), ("c", 8)))
    assert len(first[0]) == 3
    assert first == again
    assert first[0] != other[0]
    assert first[1] != other[1]


# -- parties and raids ----------------------------------------------------------------------------


def test_a_party_holds_five_and_refuses_a_sixth(tmp_path):
    realm = make_realm(tmp_path)
    players = [login(realm, f"Player{chr(65 + i)}") for i in range(6)]
    realm.party(*players[:5])
    with pytest.raises(GroupError):
        realm.invite(players[0], players[5])
    assert [p.run_lua("return GetNumGroupMembers()") for p in players] == [5] * 5 + [0]
    assert players[5].run_lua("return IsInGroup()") is False


def test_a_raid_holds_forty_in_subgroups_of_five(tmp_path):
    realm = make_realm(tmp_path)
    players = [login(realm, f"Raider{chr(65 + i // 26)}{chr(97 + i % 26)}", addons=[])
               for i in range(41)]
    realm.raid(*players[:40])
    with pytest.raises(GroupError):
        realm.invite(players[0], players[40])
    seventh = players[6]
    names = seventh.run_lua("""
        local names = {}
        for i = 1, 40 do names[i] = UnitName("raid" .. i) end
        return names""")
    assert names == [p.name for p in players[:40]]
    subgroups = seventh.run_lua("""
        local groups = {}
        for i = 1, 40 do groups[i] = select(3, GetRaidRosterInfo(i)) end
        return groups""")
    assert subgroups == [i // 5 + 1 for i in range(40)]
    assert seventh.run_lua("return GetNumGroupMembers(), IsInRaid(), GetNumSubgroupMembers()") \
        == (40, True, 4)
    assert seventh.run_lua("return GetRaidRosterInfo(41)") is None


def test_party_tokens_in_a_raid_are_ones_own_subgroup(tmp_path):
    realm = make_realm(tmp_path)
    players = [login(realm, f"Player{chr(65 + i)}", addons=[]) for i in range(12)]
    realm.raid(*players)
    seventh = players[6]  # subgroup 2: players 6 to 10 (index 5 to 9)
    party = [seventh.run_lua(f'return (UnitName("party{i}"))') for i in range(1, 6)]
    assert party == ["PlayerF", "PlayerH", "PlayerI", "PlayerJ", None]
    assert seventh.run_lua('return UnitExists("party5")') is False


def test_leader_and_assistants_have_their_rank(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = (login(realm, n) for n in ("Skoll", "Riggs", "Mira"))
    realm.raid(skoll, riggs, mira)
    realm.make_assistant(skoll, riggs)
    ranks = mira.run_lua("""
        local r = {}
        for i = 1, 3 do local name, rank = GetRaidRosterInfo(i) r[i] = {name, rank} end
        return r""")
    assert ranks == [["Skoll", 2], ["Riggs", 1], ["Mira", 0]]
    assert mira.run_lua('return UnitIsGroupLeader("Skoll"), UnitIsGroupAssistant("Riggs"), '
                        'UnitIsGroupAssistant("Mira")') == (True, True, False)


def test_every_roster_change_fires_group_roster_update_to_online_members(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = (login(realm, n) for n in ("Skoll", "Riggs", "Mira"))

    def updates():
        return [count(c, "GROUP_ROSTER_UPDATE") for c in (skoll, riggs, mira)]

    realm.invite(skoll, riggs)
    assert updates() == [1, 1, 0]
    realm.invite(skoll, mira)
    assert updates() == [2, 2, 1]
    realm.convert_to_raid(skoll)
    assert updates() == [3, 3, 2]
    realm.promote(skoll, riggs)
    assert updates() == [4, 4, 3]
    assert mira.run_lua('return UnitIsGroupLeader("Riggs")') is True
    realm.kick(riggs, mira)
    assert updates() == [5, 5, 4]
    realm.leave(skoll)  # two left, one leaves: the group disbands
    assert updates() == [6, 6, 4]
    assert "Riggs is now the group leader." in skoll.chat
    assert "Mira has left the raid group." in riggs.chat
    assert "Your group has been disbanded." in riggs.chat
    assert [c.run_lua("return IsInGroup()") for c in (skoll, riggs, mira)] == [False] * 3


def test_only_the_leader_may_kick_or_promote(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = (login(realm, n) for n in ("Skoll", "Riggs", "Mira"))
    realm.party(skoll, riggs, mira)
    with pytest.raises(GroupError):
        realm.kick(riggs, mira)
    with pytest.raises(GroupError):
        realm.promote(riggs, mira)
    with pytest.raises(GroupError):
        realm.invite(riggs, login(realm, "Dax"))


def test_promoting_someone_outside_the_group_is_refused(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs, mira = (login(realm, n) for n in ("Skoll", "Riggs", "Mira"))
    realm.party(skoll, riggs)
    with pytest.raises(GroupError):
        realm.promote(skoll, mira)
    assert skoll.run_lua('return UnitIsGroupLeader("player")') is True


def test_a_member_who_goes_offline_stays_in_the_group(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    realm.party(skoll, riggs)
    realm.logout(riggs)
    assert skoll.run_lua('return UnitIsConnected("party1"), GetNumGroupMembers()') == (False, 2)
    assert skoll.run_lua('return (UnitName("party1"))') == "Riggs"
    assert "Riggs has gone offline." in skoll.chat
    assert count(skoll, "GROUP_ROSTER_UPDATE") == 2
    login(realm, "Riggs")
    assert skoll.run_lua('return UnitIsConnected("party1")') is True
    assert "|Hplayer:Riggs|h[Riggs]|h has come online." in skoll.chat


# -- units and names ------------------------------------------------------------------------------


def test_a_full_name_is_a_unit_of_oneself_and_of_ones_groups_only(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", realm="Thunderhorn")
    mira = login(realm, "Mira", realm="Silver Hand", sex="female")
    dax = login(realm, "Dax", realm="Silver Hand")
    realm.party(skoll, mira)
    ask = "return UnitSex('{0}'), UnitExists('{0}')"
    assert skoll.run_lua(ask.format("mira-silverhand")) == (3, True)  # (any case)
    assert skoll.run_lua(ask.format("Skoll-Thunderhorn")) == (2, True)
    assert skoll.run_lua(ask.format("Dax-SilverHand")) == (None, False)  # online, not grouped
    assert skoll.run_lua(ask.format("Nobody-SilverHand")) == (None, False)
    assert dax.run_lua(ask.format("Mira-SilverHand")) == (None, False)
    realm.invite(skoll, dax)  # (the answers kept are asked again once the groups change)
    assert dax.run_lua(ask.format("Mira-SilverHand")) == (3, True)
    assert skoll.run_lua(ask.format("Dax-SilverHand")) == (2, True)


def test_unit_names_guids_and_sex(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll", realm="Thunderhorn")
    mira = login(realm, "Mira", realm="Silver Hand", sex="female")
    realm.party(skoll, mira)
    assert skoll.run_lua('return UnitName("player")') == ("Skoll", None)
    assert skoll.run_lua('return UnitName("party1")') == ("Mira", "SilverHand")
    assert skoll.run_lua('return UnitFullName("player")') == ("Skoll", "Thunderhorn")
    assert mira.run_lua("return GetRealmName(), GetNormalizedRealmName()") == (
        "Silver Hand", "SilverHand")
    assert skoll.run_lua('return UnitSex("player"), UnitSex("party1")') == (2, 3)
    guid = skoll.run_lua('return UnitGUID("player")')
    assert guid.startswith("Player-")
    assert mira.run_lua('return UnitGUID("party1")') == guid
    assert skoll.run_lua('return UnitExists("party1"), UnitExists("party2")') == (True, False)
    no_errors(realm)


def test_target_by_name_then_read_the_target(tmp_path):
    realm = make_realm(tmp_path)
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    assert skoll.run_lua('return UnitExists("target")') is False
    skoll.type("/target Riggs")  # anyone's name, grouped or not
    assert skoll.run_lua('return (UnitName("target"))') == "Riggs"
    # A name is a unit only for a group member: Riggs's once they group.
    assert skoll.run_lua('return UnitIsUnit("target", "Riggs")') is False
    realm.party(skoll, riggs)
    assert skoll.run_lua('return UnitIsUnit("target", "Riggs")') is True


def test_ambiguate(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    assert skoll.run_lua("""return Ambiguate("Riggs-Thunderhorn", "none"),
        Ambiguate("Mira-SilverHand", "none"), Ambiguate("Mira-SilverHand", "short"),
        Ambiguate("Riggs-Thunderhorn", "mail"), Ambiguate("Riggs", "none")""") == (
        "Riggs", "Mira-SilverHand", "Mira", "Riggs-Thunderhorn", "Riggs")


def test_ambiguate_answers_the_same_when_asked_again_of_many_names(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    # (The realm keeps answers for 2048 names a context, then starts afresh.)
    assert skoll.run_lua("""local wrong = 0
        for round = 1, 2 do
            for i = 1, 3000 do
                local name = "P" .. i .. (i % 2 == 0 and "-Thunderhorn" or "-SilverHand")
                local none, short = Ambiguate(name, "none"), Ambiguate(name, "short")
                if short ~= "P" .. i or none ~= (i % 2 == 0 and short or name) then
                    wrong = wrong + 1
                end
            end
        end
        return wrong, Ambiguate(7, "short"), Ambiguate("Riggs-Thunderhorn", nil)""") == (
        0, 7, "Riggs")
