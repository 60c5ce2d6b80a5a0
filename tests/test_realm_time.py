"""The realm's virtual clock: timers, GetTime, OnUpdate frames, and the hostile network."""

from __future__ import annotations

import pytest

from pyhost.harness import Adversarial, Realm, RealmBusy
from realm_helpers import login, make_realm, no_errors, texts

COUNT_UPDATES = """
    Updates, Elapsed = 0, 0
    UpdateFrame = CreateFrame("Frame")
    UpdateFrame:SetScript("OnUpdate", function(self, elapsed)
        Updates, Elapsed = Updates + 1, Elapsed + elapsed
    end)"""


def one_client(tmp_path, **options):
    realm = make_realm(tmp_path, **options)
    return realm, login(realm, "Skoll")


# -- timers and GetTime ---------------------------------------------------------------------------


def test_c_timer_after_fires_when_its_time_comes(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("Start = GetTime() C_Timer.After(2, function() FiredAt = GetTime() end)")
    realm.advance(1.9)
    assert skoll.global_value("FiredAt") is None
    realm.advance(0.2)
    assert skoll.run_lua("return FiredAt - Start") == pytest.approx(2.0)


def test_get_time_follows_the_virtual_clock(tmp_path):
    realm, skoll = one_client(tmp_path)
    before = skoll.run_lua("return GetTime()")
    realm.advance(2.5)
    assert skoll.run_lua("return GetTime()") - before == pytest.approx(2.5)
    realm.advance(0.0004)  # GetTime has millisecond resolution
    assert skoll.run_lua("return GetTime()") - before == pytest.approx(2.5)


def test_get_time_is_the_clock_rounded_to_the_millisecond(tmp_path):
    realm = make_realm(tmp_path)
    moments = [i / 2000 for i in range(20000)] + [i / 1000 + d for i in range(5000)
                                                  for d in (0.0005, 0.00049999, 0.00050001)]
    for moment in [*moments, 12345.6785, 86400.0015, 3.0e9]:
        realm.now = moment
        assert realm.game_time() == round(1000.0 + moment, 3)


def test_a_cancelled_timer_never_fires(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("""
        Kept = C_Timer.NewTimer(1, function(timer) KeptFired = (timer == Kept) end)
        Dropped = C_Timer.NewTimer(1, function() DroppedFired = true end)
        Dropped:Cancel()""")
    realm.run_until_quiet()
    assert skoll.run_lua("return KeptFired, DroppedFired, Dropped:IsCancelled()") == (
        True, None, True)


def test_a_ticker_runs_its_iterations_then_stops(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("Ticks = 0 Ticker = C_Timer.NewTicker(0.5, function() Ticks = Ticks + 1 end, 3)")
    assert realm.run_until_quiet() == pytest.approx(1.5)
    assert skoll.run_lua("return Ticks, Ticker:IsCancelled()") == (3, True)


def test_a_ticker_cancelled_from_its_callback_stops(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("""
        Ticks = 0
        C_Timer.NewTicker(1, function(ticker)
            Ticks = Ticks + 1
            if Ticks == 2 then ticker:Cancel() end
        end)""")
    realm.advance(10)
    assert skoll.global_value("Ticks") == 2


def test_a_cancelled_timer_does_not_keep_the_realm_busy(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("Timeout = C_Timer.NewTimer(1000, function() end) Timeout:Cancel()")
    assert realm.run_until_quiet() == 0


def test_a_timer_from_before_a_reload_does_not_fire_after_it(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua('C_Timer.After(5, function() print("stale timer") end)')
    skoll.type("/reload")
    realm.run_until_quiet()
    assert "stale timer" not in skoll.chat
    no_errors(realm)


def test_run_until_quiet_returns_the_virtual_seconds_and_ignores_on_update_frames(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua(COUNT_UPDATES)
    assert realm.run_until_quiet() == 0
    skoll.run_lua("C_Timer.After(3, function() end)")
    assert realm.run_until_quiet() == pytest.approx(3.0)
    assert skoll.global_value("Updates") > 0  # the frame ran while the clock moved


# -- OnUpdate -------------------------------------------------------------------------------------


def test_on_update_fires_at_the_frame_rate(tmp_path):
    realm, skoll = one_client(tmp_path, fps=30)
    skoll.run_lua(COUNT_UPDATES)
    realm.advance(1.0)
    assert skoll.global_value("Updates") == 30
    assert skoll.global_value("Elapsed") == pytest.approx(1.0)


def test_on_update_keeps_the_frame_rate_second_after_second(tmp_path):
    realm, skoll = one_client(tmp_path, fps=30)
    skoll.run_lua(COUNT_UPDATES)
    counts = []
    for _ in range(3):
        before = skoll.global_value("Updates")
        realm.advance(1.0)
        counts.append(skoll.global_value("Updates") - before)
    assert counts == [30, 30, 30]


def test_on_update_elapsed_adds_up_to_the_time_that_passed(tmp_path):
    realm, skoll = one_client(tmp_path, fps=60)
    realm.advance(5.0)
    skoll.run_lua(COUNT_UPDATES)
    start = skoll.run_lua("return GetTime()")
    realm.advance(0.5)
    passed = skoll.run_lua("return GetTime()") - start
    assert skoll.global_value("Elapsed") == pytest.approx(passed)


def test_a_frame_that_starts_updating_in_a_timer_ticks_from_the_next_frame_on(tmp_path):
    # (The realm counts no frames while none updates: it catches up when one starts.)
    realm, skoll = one_client(tmp_path, fps=10)
    skoll.run_lua("""
        Ticks, Start = {}, GetTime()
        C_Timer.After(0.35, function()
            UpdateFrame = CreateFrame("Frame")
            UpdateFrame:SetScript("OnUpdate", function()
                Ticks[#Ticks + 1] = GetTime() - Start
            end)
        end)""")
    realm.advance(0.65)
    assert skoll.run_lua("return Ticks") == pytest.approx([0.4, 0.5, 0.6])


# -- a realm that does not go quiet ---------------------------------------------------------------


def test_an_endless_ticker_makes_run_until_quiet_without_a_horizon_raise_realm_busy(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("Ticks = 0 C_Timer.NewTicker(1, function() Ticks = Ticks + 1 end)")
    with pytest.raises(RealmBusy, match="10 virtual seconds"):
        realm.run_until_quiet(timeout=10, horizon=None)
    assert skoll.global_value("Ticks") == 10
    assert realm.now <= 10


def test_a_silent_endless_ticker_stops_at_the_horizon(tmp_path):
    """Short timers setting short timers run on for three horizons past the last thing that
    happened, no more."""
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("Ticks = 0 C_Timer.NewTicker(1, function() Ticks = Ticks + 1 end)")
    assert realm.run_until_quiet() == pytest.approx(15.0)
    assert skoll.global_value("Ticks") == 15
    assert realm.run_until_quiet() == 0  # nothing new happened: the clock stays
    skoll.type("/dance")  # something new: three horizons of ticks from here
    assert realm.run_until_quiet(horizon=2) == pytest.approx(6.0)
    assert skoll.global_value("Ticks") == 21


def test_a_chatty_endless_ticker_keeps_the_realm_busy(tmp_path):
    realm, skoll = one_client(tmp_path)
    riggs = login(realm, "Riggs")
    riggs.run_lua('C_ChatInfo.RegisterAddonMessagePrefix("REC")')
    skoll.run_lua('C_Timer.NewTicker(1, function() '
                  'C_ChatInfo.SendAddonMessage("REC", "tick", "WHISPER", "Riggs") end)')
    with pytest.raises(RealmBusy, match="30 virtual seconds"):
        realm.run_until_quiet(timeout=30)


# -- the horizon ----------------------------------------------------------------------------------


def test_a_timer_set_past_the_horizon_waits_for_advance(tmp_path):
    realm, skoll = one_client(tmp_path)
    skoll.run_lua("C_Timer.After(4, function() Short = GetTime() end) "
                  "C_Timer.After(60, function() Long = true end)")
    assert realm.run_until_quiet() == pytest.approx(4.0)
    assert skoll.global_value("Short") is not None and skoll.global_value("Long") is None
    assert realm.pending == 1
    realm.advance(55.5)
    assert skoll.global_value("Long") is None
    realm.advance(1)
    assert skoll.global_value("Long") is True


def test_short_timers_and_the_short_ones_they_set_fire_but_a_long_one_waits(tmp_path):
    """Timers a message's arrival sets: a short one fires, and the short one it sets; one set
    for longer than the horizon does not, until every timer is asked for."""
    realm, skoll = one_client(tmp_path)
    riggs = login(realm, "Riggs")
    riggs.run_lua("""
        Fired = {}
        local frame = CreateFrame("Frame")
        frame:RegisterEvent("CHAT_MSG_ADDON")
        frame:SetScript("OnEvent", function()
            C_Timer.After(3, function()
                Fired[#Fired + 1] = "3"
                C_Timer.After(2.5, function() Fired[#Fired + 1] = "3 more" end)
            end)
            C_Timer.After(6, function() Fired[#Fired + 1] = "6" end)
        end)
        C_ChatInfo.RegisterAddonMessagePrefix("REC")""")
    skoll.run_lua('C_ChatInfo.SendAddonMessage("REC", "go", "WHISPER", "Riggs")')
    realm.run_until_quiet()
    assert riggs.run_lua("return Fired") == ["3", "3 more"]
    realm.run_until_quiet(horizon=None)  # every timer
    assert riggs.run_lua("return Fired") == ["3", "3 more", "6"]


def test_a_realm_without_a_horizon_fires_every_timer(tmp_path):
    realm = make_realm(tmp_path, horizon=None)
    skoll = login(realm, "Skoll")
    skoll.run_lua("C_Timer.After(600, function() Late = true end)")
    assert realm.run_until_quiet(timeout=700) == pytest.approx(600.0)
    assert skoll.global_value("Late") is True


# -- the adversarial network ----------------------------------------------------------------------

SENT = [f"m{i}" for i in range(1, 81)]


def hostile_run(tmp_path, adversarial_seed: int) -> tuple[list[str], Realm]:
    realm = Realm(seed=1, wtf=tmp_path / f"WTF{adversarial_seed}",
                  adversarial=Adversarial(seed=adversarial_seed, loss=0.2, duplicate=0.1,
                                          reorder=0.2))
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    # Whispers are exempt from the throttle, so all 80 leave at once.
    skoll.run_lua('for i = 1, 80 do C_ChatInfo.SendAddonMessage("REC", "m" .. i, "WHISPER", '
                  '"Riggs") end')
    realm.run_until_quiet()
    return texts(riggs), realm


def test_the_adversarial_network_replays_from_its_seed(tmp_path):
    first, _ = hostile_run(tmp_path / "a", 3)
    again, _ = hostile_run(tmp_path / "b", 3)
    other, _ = hostile_run(tmp_path / "c", 4)
    assert first == again
    assert first != other


def test_the_adversarial_network_loses_duplicates_and_reorders(tmp_path):
    got, realm = hostile_run(tmp_path, 3)
    network = realm.network
    assert network.dropped > 0
    assert network.duplicated > 0
    assert network.reordered > 0
    assert len(got) == len(SENT) - network.dropped + network.duplicated
    assert set(got) < set(SENT)  # something lost, nothing invented
    assert len(set(got)) < len(got)  # something twice
    assert got != sorted(got, key=SENT.index)  # something out of order


def test_the_adversarial_network_can_spare_the_servers_roll_lines(tmp_path):
    realm = Realm(seed=1, wtf=tmp_path / "WTF",
                  adversarial=Adversarial(seed=5, loss=1.0, never_lost=("system",)))
    skoll, riggs = login(realm, "Skoll"), login(realm, "Riggs")
    realm.party(skoll, riggs)
    for _ in range(5):
        skoll.run_lua("RandomRoll(1, 8)")
    skoll.run_lua('C_ChatInfo.SendAddonMessage("REC", "lost", "PARTY")')
    realm.run_until_quiet()
    rolls = [line for line in texts(riggs, "CHAT_MSG_SYSTEM") if " rolls " in line]
    assert len(rolls) == 5  # every roll line, none lost
    assert texts(riggs) == []  # every addon message lost
