"""The game's global strings in every client locale (pyhost/harness/data/strings, from
Blizzard's GlobalStrings): what each client's Lua has, the server's roll line and the realm's
system lines in each receiver's own locale, WoW's string.format with numbered items, and the
addon reading the roll line back in every locale and flavour."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pyhost.harness
from addon_table import ROLLS_NEXT, TO_ACT, banks, deal_fairly, play, seat_table, status, street
from pyhost.flavours import FLAVOURS
from pyhost.harness import Realm
from pyhost.harness.locales import LOCALES, wow_format
from realm_helpers import RECORDER, login, lua_string, make_realm, no_errors, received

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(pyhost.harness.__file__).parent / "data" / "strings"
MIRROR = Path("/work/.mirror/Ketho+BlizzardInterfaceResources/repo")
BRANCH = {"retail": "mainline", "mists": "cata", "tbc": "vanilla", "classic_era": "vanilla"}
# One player per client locale, in the game's order; Skoll (enUS) hosts.
PLAYERS = dict(zip(("Skoll", "Graham", "Dieter", "Elena", "Marisol", "Amelie", "Giulia",
                    "Minjun", "Joao", "Boris", "Wei", "Mei"), LOCALES, strict=True))


def data_file(locale: str) -> dict:
    return json.loads((DATA / f"{locale}.json").read_text(encoding="utf-8"))


def data_strings(locale: str, flavour: str) -> dict[str, str]:
    data = data_file(locale)
    return {**data["strings"], **data["differences"][BRANCH[flavour]]} \
        if BRANCH[flavour] != "mainline" else data["strings"]


def lua_format(client, form: str, *args) -> str:
    """The client's own string.format (WoW's: numbered items too) of these arguments."""
    found = client.lua.eval("function(form, ...) return string.format(form, ...) end")(
        form.encode(), *[a.encode() if isinstance(a, str) else a for a in args])
    return found.decode()


# -- the data -------------------------------------------------------------------------------------


def test_every_client_locale_has_a_data_file_naming_its_source():
    assert sorted(path.stem for path in DATA.glob("*.json")) == sorted(LOCALES)
    assert len(LOCALES) == 12
    for locale in LOCALES:
        data = data_file(locale)
        source = data["source"]
        assert source["repository"] == "https://github.com/Ketho/BlizzardInterfaceResources"
        read = "enUS" if locale == "enGB" else locale  # enGB clients read enUS's strings
        assert source["path"] == f"Resources/GlobalStrings/{read}.lua"
        assert set(source["branches"]) == {"mainline", "cata", "vanilla"}
        for branch in source["branches"].values():
            assert re.fullmatch(r"[0-9a-f]{40}", branch["commit"])
            assert re.fullmatch(r"\d+\.\d+\.\d+ \(\d+\)", branch["game_version"])
        assert data["locale"] == locale
        assert set(data["differences"]) == {"cata", "vanilla"}
    assert data_file("enGB")["strings"] == data_file("enUS")["strings"]


def test_the_strings_are_blizzards_own():
    """A few strings as Blizzard's GlobalStrings have them, flavour by flavour."""
    assert data_strings("deDE", "retail")["RANDOM_ROLL_RESULT"] == \
        "%1$s würfelt. Ergebnis: %2$d (%3$d-%4$d)"
    assert data_strings("koKR", "retail")["RANDOM_ROLL_RESULT"] == \
        "%s 님이 주사위를 굴려 %d|1이;가; 나왔습니다. (%d-%d)"
    assert data_strings("koKR", "classic_era")["RANDOM_ROLL_RESULT"] == \
        "%s님이 주사위를 굴려 %d|1이;가; 나왔습니다. (%d-%d)"
    assert data_strings("zhCN", "retail")["RANDOM_ROLL_RESULT"] == "%s掷出%d（%d-%d）"
    assert data_strings("zhTW", "retail")["RANDOM_ROLL_RESULT"] == "%s擲出%d(%d-%d)"
    assert data_strings("zhTW", "tbc")["RANDOM_ROLL_RESULT"] == "%s擲出%d（%d-%d）"
    assert data_strings("itIT", "mists")["RANDOM_ROLL_RESULT"] == "%s rolls %d (%d-%d)"
    assert data_strings("enUS", "retail")["ERR_NOT_IN_RAID"] == "You are not in a raid group"
    assert data_strings("enUS", "classic_era")["ERR_RAID_YOU_JOINED"] == \
        "You have joined a raid group"


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
@pytest.mark.skipif(not MIRROR.is_dir(), reason="needs the GlobalStrings mirror (no network)")
def test_the_committed_data_is_what_the_tool_writes(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "wow_strings.py"), "--out",
                    str(tmp_path)], check=True, capture_output=True)
    for locale in LOCALES:
        assert json.loads((tmp_path / f"{locale}.json").read_text("utf-8")) == data_file(locale)


# -- what each client has -------------------------------------------------------------------------


@pytest.mark.parametrize("flavour", list(FLAVOURS))
def test_each_client_has_its_locales_global_strings(tmp_path, flavour):
    realm = make_realm(tmp_path, flavour=flavour, load_out_of_date=True)  # (Recorder)
    for name, locale in PLAYERS.items():
        client = login(realm, name, locale=locale)
        assert client.run_lua("return GetLocale()") == locale
        wanted = data_strings(locale, flavour)
        assert "RANDOM_ROLL_RESULT" in wanted
        for key, text in wanted.items():
            assert client.global_value(key) == text.encode(), (locale, key)


def test_a_locale_the_game_lacks_is_refused(tmp_path):
    realm = make_realm(tmp_path)
    with pytest.raises(ValueError, match="'jaJP' is not a client locale"):
        login(realm, "Skoll", locale="jaJP")


# -- the roll line and the system lines -----------------------------------------------------------


def system_texts(client) -> list[str]:
    return [args[0] for args in received(client, "CHAT_MSG_SYSTEM")]


@pytest.mark.parametrize("flavour", list(FLAVOURS))
def test_each_receiver_reads_the_roll_line_in_its_own_locale(tmp_path, flavour):
    realm = make_realm(tmp_path, flavour=flavour, load_out_of_date=True)  # (Recorder)
    clients = [login(realm, name, locale=locale) for name, locale in PLAYERS.items()]
    realm.party(*clients)  # twelve: a raid
    for client in clients:
        client.run_lua("RecorderLog = {}")
    realm.script_rolls(4)
    clients[0].type("/roll 8")
    realm.run_until_quiet()
    for client, locale in zip(clients, PLAYERS.values(), strict=True):
        form = data_strings(locale, flavour)["RANDOM_ROLL_RESULT"]
        line = lua_format(client, form, "Skoll", 4, 1, 8)
        assert system_texts(client) == [line] == [wow_format(form, "Skoll", 4, 1, 8)]
        assert line in client.chat.lines
    by_locale = {c.locale: system_texts(c)[0] for c in clients}
    if flavour == "retail":
        assert by_locale["deDE"] == "Skoll würfelt. Ergebnis: 4 (1-8)"
        assert by_locale["koKR"] == "Skoll 님이 주사위를 굴려 4|1이;가; 나왔습니다. (1-8)"
        assert by_locale["zhCN"] == "Skoll掷出4（1-8）"
        assert by_locale["enGB"] == "Skoll rolls 4 (1-8)"
    no_errors(realm)


@pytest.mark.parametrize("flavour", ["retail", "classic_era"])
def test_each_receiver_reads_the_realms_system_lines_in_its_own_locale(tmp_path, flavour):
    realm = make_realm(tmp_path, flavour=flavour, load_out_of_date=True)  # (Recorder)
    clients = {locale: login(realm, name, locale=locale) for name, locale in PLAYERS.items()}
    host, last = clients["enUS"], clients["zhTW"]
    realm.party(*[c for locale, c in clients.items() if c is not last])  # a raid of eleven
    for client in clients.values():
        client.run_lua("RecorderLog = {}")
    realm.invite(host, last)
    realm.promote(host, clients["deDE"])
    last.type("/w Nobody hello")
    last.type("/nonsense")
    realm.run_until_quiet()
    for locale, client in clients.items():
        strings = data_strings(locale, flavour)
        lines = system_texts(client)
        if client is last:
            assert lines[0] == strings["ERR_RAID_YOU_JOINED"]
            assert wow_format(strings["ERR_CHAT_PLAYER_NOT_FOUND_S"], "Nobody") in lines
        else:
            assert lines[0] == wow_format(strings["ERR_RAID_MEMBER_ADDED_S"], "Mei")
        if locale == "deDE":
            assert lines[1] == strings["ERR_NEW_LEADER_YOU"]
        else:
            assert lines[1] == wow_format(strings["ERR_NEW_LEADER_S"], "Dieter")
    assert data_strings("zhTW", flavour)["HELP_TEXT_SIMPLE"] in last.chat.lines
    korean = clients["koKR"]
    korean.type("/w Nobody hello")
    realm.run_until_quiet()
    # The game leaves the Korean grammar escape in the text.
    assert system_texts(korean)[-1] == \
        "현재 Nobody|1이라는;라는; 플레이어는 게임에 접속해 있지 않습니다."
    german = clients["deDE"]
    if flavour == "classic_era":
        assert "Mei hat sich der Schlachtgruppe angeschlossen." in german.chat.lines
    else:
        assert "Mei hat sich dem Schlachtzug angeschlossen." in german.chat.lines
    no_errors(realm)


# -- string.format --------------------------------------------------------------------------------

FORMATS = [
    # (format, arguments, what WoW's string.format gives)
    ("%2$2d %1$5s", ("moo", 7), " 7   moo"),  # wowless's in-game test of the game's format
    ("%1$s würfelt. Ergebnis: %2$d (%3$d-%4$d)", ("Skoll", 4, 1, 8),
     "Skoll würfelt. Ergebnis: 4 (1-8)"),
    ("%4$d-%3$d %2$d %1$s", ("Skoll", 4, 1, 8), "8-1 4 Skoll"),
    ("%2$s %1$s %2$s", ("a", "b"), "b a b"),
    ("%2$s %s", ("a", "b", "c"), "b c"),  # a plain item takes the argument after
    ("%s %1$s %s", ("a", "b"), "a a b"),
    ("%%1$s %1$s 100%%", ("a",), "%1$s a 100%"),
    ("%1$.2f|%2$-4d|%2$04d", (2.5, 7), "2.50|7   |0007"),
    ("%s rolls %d (%d-%d)", ("Skoll", 4, 1, 8), "Skoll rolls 4 (1-8)"),  # no "$": as Lua's
    ("%s 님이 주사위를 굴려 %d|1이;가; 나왔습니다. (%d-%d)", ("Skoll", 4, 1, 8),
     "Skoll 님이 주사위를 굴려 4|1이;가; 나왔습니다. (1-8)"),
    ("%99$d", tuple(range(1, 100)), "99"),
]


@pytest.fixture(scope="module")
def formatter(tmp_path_factory):
    realm = Realm(seed=1, wtf=tmp_path_factory.mktemp("format") / "WTF")
    return realm.login("Skoll", addons=[RECORDER])


@pytest.mark.parametrize(("form", "args", "wanted"), FORMATS)
def test_string_format_takes_numbered_items_as_the_game_does(formatter, form, args, wanted):
    assert lua_format(formatter, form, *args) == wanted
    as_global = formatter.lua.eval("function(form, ...) return format(form, ...) end")
    as_method = formatter.lua.eval("function(form, ...) return form:format(...) end")
    encoded = [a.encode() if isinstance(a, str) else a for a in args]
    assert as_global(form.encode(), *encoded).decode() == wanted
    assert as_method(form.encode(), *encoded).decode() == wanted
    assert wow_format(form, *args) == wanted  # the realm's own lines, formatted in Python


def test_string_format_numbers_only_up_to_99(formatter):
    ok, message = formatter.run_lua(
        f"return pcall(string.format, '%100$d', {', '.join(map(str, range(1, 101)))})")
    assert ok is False
    assert "invalid format (width or precision too long)" in message


# -- the addon reads the roll line ----------------------------------------------------------------

PARSE = "function(ns, text) return ns.Dice.parse_roll(text) end"
NAMES = ["Skoll", "Skoll-Thunderhorn", "Mist Walker", "Mist Walker-Argent Dawn", "Zul'jin",
         "Æsa-Ravencrest", "(Odd) 100% [name]-1"]


def parse(client, text: str):
    found = client.lua.eval(PARSE)(client.addons["TaurenHoldem"].namespace, text.encode())
    if found is None or not isinstance(found, tuple):
        return found
    name, *numbers = found
    return (name.decode(), *numbers)


@pytest.mark.parametrize("flavour", list(FLAVOURS))
def test_the_addon_parses_every_locales_roll_line(tmp_path, addon, flavour):
    realm = Realm(seed=5, wtf=tmp_path / "WTF", flavour=flavour)
    for name, locale in PLAYERS.items():
        client = realm.login(name, addons=[addon], locale=locale)
        form = data_strings(locale, flavour)["RANDOM_ROLL_RESULT"]
        for roller in NAMES:
            line = wow_format(form, roller, 123456, 100001, 999999)
            assert lua_format(client, form, roller, 123456, 100001, 999999) == line
            assert parse(client, line) == (roller, 123456, 100001, 999999), (locale, line)
        # Another locale's line, or a line that is not a roll, is not a roll.
        for other in LOCALES:
            line = wow_format(data_strings(other, flavour)["RANDOM_ROLL_RESULT"], "Skoll", 4, 1, 8)
            if data_strings(other, flavour)["RANDOM_ROLL_RESULT"] != form:
                assert parse(client, line) is None, (locale, other)
    assert realm.errors() == []


@pytest.mark.parametrize(("form", "line", "wanted"), [
    ("%2$d (%3$d-%4$d) <- %1$s", "4 (1-8) <- Mist Walker-Argent Dawn",
     ("Mist Walker-Argent Dawn", 4, 1, 8)),
    ("%4$d..%3$d: %1$s [%2$d]", "8..1: Skoll [4]", ("Skoll", 4, 1, 8)),
    ("^$ %s *+? rolls. %d [%d-%d]%", "^$ Skoll *+? rolls. 4 [1-8]%", ("Skoll", 4, 1, 8)),
])
def test_the_addon_parses_reordered_items_and_magic_characters(tmp_path, addon, form, line,
                                                               wanted):
    realm = Realm(seed=6, wtf=tmp_path / "WTF")
    client = realm.login("Skoll", addons=[addon])
    client.run_lua(f"RANDOM_ROLL_RESULT = {lua_string(form)}")
    assert parse(client, line) == wanted
    assert parse(client, "x" + line) is None


def test_the_addon_never_fails_on_a_line(tmp_path, addon):
    realm = Realm(seed=7, wtf=tmp_path / "WTF")
    clients = [realm.login(name, addons=[addon], locale=locale)
               for name, locale in PLAYERS.items()]
    lines = ["", "%", "%1$s", "(", "Skoll rolls", "Skoll rolls x (1-8)", "Skoll rolls 4 (1-8) ",
             "rolls 4 (1-8)", "Skoll rolls -4 (1-8)", "Skoll würfelt. Ergebnis: 4 (1-)",
             "\xff\xfe %d (%d-%d)", "Skoll掷出4(1-8)", "Skoll rolls 4 (1-8)\n"]
    for client in clients:
        for line in lines:
            assert parse(client, line) is None, (client.locale, line)
    client = clients[0]
    client.run_lua("RANDOM_ROLL_RESULT = nil")
    assert parse(client, "Skoll rolls 4 (1-8)") is None
    assert realm.errors() == []


# -- a hand at a table of every locale ------------------------------------------------------------


def test_a_guided_hand_at_a_table_of_every_locale_reaches_the_showdown(tmp_path, addon):
    realm = Realm(seed=8, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, list(PLAYERS), locales=PLAYERS)
    by_name = {client.name: client for client in seated}
    host = seated[0]
    play(realm, host, "/tholdem start")
    deal_fairly(realm, seated, 1, {"Skoll": ("Shaman", "6"), "Dieter": ("Chieftain", "4")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))
    for _ in range(200):
        line = status(realm, host)
        if "the hand is over" in line:
            break
        if acting := TO_ACT.search(line):
            can = acting.group(2)
            move = "/tholdem check" if "check" in can else (
                "/tholdem call" if "to call" in can else "/tbet 2")
            play(realm, by_name[acting.group(1)], move)
        elif rolling := ROLLS_NEXT.search(line):
            play(realm, by_name[rolling.group(1)], f"/t{rolling.group(2)}")
        else:
            raise AssertionError(f"nobody to act and no street to roll: {line}")
    else:
        raise AssertionError("the hand did not end")
    board = "1-[:· : ] 2-[.· '] 3-[::: ] 4-[::: ] 5-[ Φ ]"
    flop = [line for line in host.chat.lines
            if (match := re.fullmatch(r"(\w+) rolls (\d+) \((\d+)-(\d+)\)", line))
            and int(match[4]) - int(match[3]) + 1 == 512]
    assert len(flop) == 1
    roller, value, low, high = re.fullmatch(r"(\w+) rolls (\d+) \((\d+)-(\d+)\)", flop[0]).groups()
    for client in seated:
        chat = client.chat
        # The flop's roll line in this client's own words, read back into the right dice.
        form = data_strings(client.locale, "retail")["RANDOM_ROLL_RESULT"]
        assert wow_format(form, roller, int(value), int(low), int(high)) in chat.lines
        assert board in chat.lines
        assert "Skoll shows 1-[ ¥ ] 2-[::: ]" in chat
        assert "Dieter shows 1-[ ╣ ] 2-[: : ]: Straight" in chat
    finals = {status(realm, client) for client in seated}
    assert len(finals) == 1
    assert sum(banks(finals.pop()).values()) == 12 * 20
    assert realm.errors() == []



def test_the_player_a_roster_change_is_about_reads_the_second_person(tmp_path):
    realm = make_realm(tmp_path)
    skoll = login(realm, "Skoll")
    riggs = login(realm, "Riggs", locale="deDE")
    mira = login(realm, "Mira", locale="frFR")
    realm.invite(skoll, riggs)
    assert system_texts(skoll) == ["Riggs joins the party."]
    assert system_texts(riggs) == []  # the game has no line for joining a party oneself
    realm.convert_to_raid(skoll)
    german_raid = data_strings("deDE", "retail")["ERR_RAID_YOU_JOINED"]
    assert system_texts(riggs) == [german_raid]
    assert system_texts(skoll)[-1] == data_strings("enUS", "retail")["ERR_RAID_YOU_JOINED"]
    realm.invite(skoll, mira)
    assert system_texts(mira) == [data_strings("frFR", "retail")["ERR_RAID_YOU_JOINED"]]
    assert system_texts(riggs)[-1] == "Mira hat sich dem Schlachtzug angeschlossen."
    realm.logout(mira)
    login(realm, "Mira", locale="frFR")
    assert system_texts(skoll)[-2:] == ["Mira has gone offline.",
                                        "|Hplayer:Mira|h[Mira]|h has come online."]
    realm.leave(riggs)
    assert system_texts(riggs)[-1] == "Ihr habt den Schlachtzug verlassen."
    assert system_texts(skoll)[-1] == "Riggs has left the raid group."
    no_errors(realm)
