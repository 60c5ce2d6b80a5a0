"""Real code: the TavernDice fixture (tests/addons/TavernDice: a window, popups, an options panel
through Settings, a minimap button, LibDiceComm-1.0 embedded through LibStub from its own
folder, file names in other cases, nested XML includes) played by several clients; and
TavernLedger, whose libraries are installed outside it (Realm(libraries=...))."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pyhost.flavours import FLAVOURS
from pyhost.harness import Realm
from pyhost.harness.toc import TocError

ADDONS = Path(__file__).parent / "addons"
LIBRARIES = Path(__file__).parent / "libraries"
DICE = ADDONS / "TavernDice"
LEDGER = ADDONS / "TavernLedger"


@pytest.fixture(params=list(FLAVOURS))
def flavour(request) -> str:
    return request.param


@pytest.fixture
def table(tmp_path, flavour):
    realm = Realm(wtf=tmp_path / "WTF", flavour=flavour)
    players = [realm.login(name, addons=[DICE]) for name in ("Skoll", "Riggs", "Vex")]
    realm.party(*players)
    realm.run_until_quiet()
    return realm, players


def test_a_round_from_the_hosts_window_to_everyones_winner(table):
    realm, (skoll, riggs, vex) = table
    skoll.type("/tdice")
    window = skoll.widget("TavernDiceFrame")
    assert window.visible and window["TitleText"].text == "Tavern Dice"
    window["Stake"].type("50")
    window["StartButton"].click()
    realm.run_until_quiet()
    for player in (riggs, vex):
        popup = player.widget("StaticPopup1")
        assert popup.visible
        assert popup["text"].text == ("Skoll starts a round of Tavern Dice for "
                                      "50|TInterface\\MoneyFrame\\UI-GoldIcon:0:0:2:0|t. Roll?")
        assert player.widget("TavernDiceFrame.Status").text == "Skoll's round: 50 gold, roll 1-100"
    # The host rolls from the window: no popup.
    assert skoll.run_lua("return StaticPopup_Visible('TAVERNDICE_JOIN')") is None
    realm.script_rolls(40, by="Riggs")
    realm.script_rolls(77, by="Vex")
    realm.script_rolls(12, by="Skoll")
    riggs.widget("StaticPopup1.button1").click()
    vex.widget("StaticPopup1.button1").click()
    window["RollButton"].click()
    realm.run_until_quiet()
    assert window["Rolls"].text == "Riggs 40, Vex 77, Skoll 12"
    assert not riggs.widget("TavernDiceFrame.FinishButton").enabled
    window["FinishButton"].click()
    skoll.button("Yes").click()
    realm.run_until_quiet()
    for player in (skoll, riggs, vex):
        assert player.widget("TavernDiceFrame.Winner").text == "Vex wins 50 gold with 77"
        assert not player.widget("TavernDiceFrame.RollButton").enabled
        assert len(player.sounds) == 1
    assert skoll.layout() == skoll.layout()
    assert not realm.errors()


def test_a_player_who_passes_or_lets_the_popup_time_out_does_not_roll(table):
    realm, (skoll, riggs, vex) = table
    skoll.run_lua("TavernDiceFrame:Show()")
    skoll.widget("TavernDiceFrame.Stake").type("5\n")
    realm.run_until_quiet()
    riggs.button("Pass").click()
    realm.run_for(31)  # the popup's 30 seconds, beside nothing else
    assert not vex.widget("StaticPopup1").shown
    skoll.widget("TavernDiceFrame.FinishButton").click()
    skoll.button("Yes").click()
    realm.run_until_quiet()
    assert vex.widget("TavernDiceFrame.Winner").text == "Nobody rolled"


def test_the_options_panel_changes_the_saved_settings(table, flavour):
    realm, (skoll, riggs, vex) = table
    skoll.type("/tdice options")
    panel = skoll.widget("SettingsPanel")
    assert panel.visible
    checkbox = next(w for w in skoll.widgets("CheckButton")
                    if w.path.startswith("SettingsPanelCategory"))
    assert checkbox["Text"].text == "Announce the winner in chat" and not checkbox.checked
    checkbox.check(True)
    skoll.button("Party").click()
    skoll.button("Guild").click()
    slider = next(w for w in skoll.widgets("Slider") if w.path.startswith("SettingsPanelCategory"))
    slider.call("SetValue", 300)
    assert skoll.run_lua("return TavernDiceDB.announce, TavernDiceDB.channel, "
                         "TavernDiceDB.maxRoll") == (True, "GUILD", 300)
    skoll.press_key("ESCAPE")
    assert not panel.shown
    skoll.reload()
    assert skoll.run_lua("return TavernDiceDB.announce, TavernDiceDB.channel, "
                         "TavernDiceDB.maxRoll") == (True, "GUILD", 300)
    # A guild round with the winner announced in guild chat.
    realm.guild("Tavern Regulars", skoll, riggs)
    skoll.run_lua("TavernDiceFrame:Show()")
    skoll.widget("TavernDiceFrame.Stake").type("7\n")
    realm.run_until_quiet()
    assert riggs.widget("StaticPopup1").visible
    assert vex.run_lua("return StaticPopup_Visible('TAVERNDICE_JOIN')") is None
    realm.script_rolls(250, by="Riggs")
    riggs.widget("StaticPopup1.button1").click()
    realm.run_until_quiet()
    skoll.widget("TavernDiceFrame.FinishButton").click()
    skoll.button("Yes").click()
    realm.run_until_quiet()
    assert "[Guild] [Skoll]: Tavern Dice: Riggs wins 7 gold with 250" in riggs.chat


def test_the_minimap_button_is_dragged_around_the_minimap(table):
    _, (skoll, _, _) = table
    button = skoll.widget("TavernDiceMinimapButton")
    assert button.parent == skoll.widget("Minimap")
    mx, my = skoll.run_lua("return Minimap:GetCenter()")
    left, bottom, width, height = button.rect
    assert (round(left + width / 2 - mx), round(bottom + height / 2 - my)) == (-57, -57)  # 225°
    button.drag(mx + 100, my)  # to the right of the minimap: angle 0
    left, bottom, width, height = button.rect
    assert (round(left + width / 2 - mx), round(bottom + height / 2 - my)) == (80, 0)
    assert skoll.run_lua("return TavernDiceDB.minimapAngle") == 0
    button.drag(mx, my + 30)
    assert skoll.run_lua("return TavernDiceDB.minimapAngle") == 90
    skoll.run_lua("TavernDiceMinimapButton:GetScript('OnEnter')(TavernDiceMinimapButton)")
    assert skoll.run_lua("return GameTooltipTextLeft1:GetText(), GameTooltip:IsOwned("
                         "TavernDiceMinimapButton)") == ("Tavern Dice", True)
    button.click()
    assert skoll.widget("TavernDiceFrame").visible
    skoll.press_key("ESCAPE")  # the window is one of UISpecialFrames
    assert not skoll.widget("TavernDiceFrame").shown


def test_the_embedded_library_loads_once_its_newest_copy_wins(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    # A second addon embedding an older copy of LibDiceComm-1.0 and the same LibStub.
    older = tmp_path / "AddOns" / "OldDice"
    (older / "Libs").mkdir(parents=True)
    shutil.copytree(DICE / "Libs" / "LibStub", older / "Libs" / "LibStub")
    (older / "Libs" / "Comm.lua").write_text(
        'local lib = LibStub:NewLibrary("LibDiceComm-1.0", 1)\nOLD_COPY_LOADED = lib ~= nil\n')
    (older / "OldDice.toc").write_text("## Interface: 120100\nLibs\\LibStub\\LibStub.lua\n"
                                       "Libs\\Comm.lua\n")
    skoll = realm.login("Skoll", addons=[older, DICE])
    assert skoll.run_lua("return OLD_COPY_LOADED, "
                         "select(2, LibStub:GetLibrary('LibDiceComm-1.0'))") == (True, 3)
    assert skoll.run_lua("return type(LibStub('LibDiceComm-1.0', true).Embed), "
                         "(LibStub:GetLibrary('NoSuchLib', true))") == ("function", None)


def test_file_names_match_without_regard_to_case(tmp_path):
    copy = tmp_path / "AddOns" / "taverndice"  # the folder's case differs from the .toc's
    shutil.copytree(DICE, copy)
    skoll = Realm(wtf=tmp_path / "WTF").login("Skoll", addons=[copy])
    assert list(skoll.addons) == ["taverndice"] and skoll.addons["taverndice"].loaded
    assert skoll.run_lua("return type(TavernDiceFrame), type(LibStub)") == ("table", "table")
    (copy / "Core.lua").unlink()
    with pytest.raises(TocError, match=r"listed file 'Core\.lua' is missing"):
        Realm(wtf=tmp_path / "WTF2").login("Skoll", addons=[copy])


def test_libraries_installed_outside_the_addon(tmp_path, monkeypatch):
    monkeypatch.delenv("PYHOST_LIBRARIES", raising=False)
    with pytest.raises(TocError, match=r"Libs\\LibStub\\LibStub.lua' is missing"):
        Realm(wtf=tmp_path / "a").login("Skoll", addons=[LEDGER])
    for realm in (Realm(wtf=tmp_path / "b", libraries=[LIBRARIES]),
                  Realm(wtf=tmp_path / "c", libraries=[str(LIBRARIES)], flavour="classic_era")):
        skoll = realm.login("Skoll", addons=[LEDGER])
        assert list(skoll.addons) == ["TavernLibs", "TavernLedger"]  # TavernLibs: a dependency
        skoll.type("/roll 6")
        realm.script_rolls(4)
        skoll.type("/roll 20")
        realm.run_until_quiet()
        assert skoll.run_lua("return TavernLedgerLines")[1] == "Skoll: 4 (1-20)"
        assert not realm.errors()
    monkeypatch.setenv("PYHOST_LIBRARIES", str(LIBRARIES))
    realm = Realm(wtf=tmp_path / "d")
    assert realm.libraries == (LIBRARIES.resolve(),)
    assert realm.login("Skoll", addons=[LEDGER]).addons["TavernLedger"].loaded
    with pytest.raises(ValueError, match="is not a folder"):
        Realm(libraries=[tmp_path / "nowhere"])


def test_variables_loaded_comes_after_every_addon_and_its_saved_variables(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[DICE])
    skoll.run_lua("TavernDiceDB.minimapAngle = 90")
    skoll.reload()
    # The button was placed at VARIABLES_LOADED, from the saved angle.
    mx, my = skoll.run_lua("return Minimap:GetCenter()")
    left, bottom, width, height = skoll.widget("TavernDiceMinimapButton").rect
    assert (round(left + width / 2 - mx), round(bottom + height / 2 - my)) == (0, 80)


def test_run_for_runs_a_set_time_beside_a_ticker_that_never_stops(tmp_path):
    realm = Realm(wtf=tmp_path / "WTF", horizon=None)
    skoll = realm.login("Skoll")
    skoll.run_lua("TICKS = 0 C_Timer.NewTicker(1, function() TICKS = TICKS + 1 end)")
    assert realm.run_for(30) == 30
    assert skoll.run_lua("return TICKS") == 30
    with pytest.raises(Exception, match=r"realm\.run_for"):
        realm.run_until_quiet(timeout=60)


def test_a_library_in_a_folder_of_libraries_as_ace3_holds_its_own(tmp_path):
    root = tmp_path / "AddOns"
    shutil.copytree(LIBRARIES / "LibStub", root / "Pack" / "libstub")
    shutil.copytree(LIBRARIES / "LibDiceFormat-1.0", root / "Pack" / "LibDiceFormat-1.0")
    shutil.copytree(LIBRARIES / "TavernLibs", root / "TavernLibs")
    realm = Realm(wtf=tmp_path / "WTF", libraries=[root])
    skoll = realm.login("Skoll", addons=[LEDGER])
    assert skoll.addons["TavernLedger"].loaded
    assert skoll.run_lua("return LibStub('LibDiceFormat-1.0'):Roll('Riggs', 3, 1, 6)") == (
        "Riggs: 3 (1-6)")
