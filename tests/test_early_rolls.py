"""The "early roll" attack: a roll that binds only after its moment. Each roll's range comes
from the nonce of the message that closed what came before it (the host's close for the seed,
the turn that closed the betting for a street), and its sender never rolls it. Modified clients
attack here: a dealer who rolls every range he could compute before his last decision, a dealer
whose own call closes the round, a host that picks its close's nonce for a seed roll it has
seen."""

from __future__ import annotations

import re

from addon_table import (
    TAUREN,
    banks,
    deal_fairly,
    due_roll,
    everyone_deals,
    play,
    seat_table,
    seed_roll,
    status,
    street,
)
from pyhost import fairplay
from pyhost.harness import Realm

FLOP = "1-[:· : ] 2-[.· '] 3-[::: ]"  # street("5", "3", "6")
ROLL = re.compile(r"^(\w+) rolls (\d+) \((\d+)-(\d+)\)$")


def namespace(client):
    return client.addons["TaurenHoldem"].namespace


def rolls_of(client, width: int) -> list[tuple[str, int, int, int]]:
    """(who, value, low, high) of each roll line of this width in an enUS chat frame."""
    found = []
    for line in client.chat.lines:
        match = ROLL.match(line)
        if match and int(match[4]) - int(match[3]) + 1 == width:
            found.append((match[1], int(match[2]), int(match[3]), int(match[4])))
    return found


def bound_flop(client) -> tuple[str, int, int, int]:
    """The flop's roll line this client bound: (roller, value, low, high)."""
    line = client.lua.eval("function(ns) local l = ns.Game.session().fair.lines[1] "
                           "return l[4], l[1], l[2], l[3] end")(namespace(client))
    return line[0].decode(), int(line[1]), int(line[2]), int(line[3])


# Skoll's modified client: before his decision, he rolls the flop's range for every nonce he
# could know (the close's, each turn's so far, and the one his own next turn will carry).
EVERY_RANGE = """function(ns)
    local s = ns.Game.session()
    local hand_id = s.id .. "#" .. s.hands
    local mine = "feedfacefeedface"
    ns.Fair.new_nonce = function() return mine end
    local nonces, seen = { mine }, { [mine] = true }
    for _, entry in ipairs(s.log) do
        local nonce = type(entry[2]) == "table" and entry[2].nonce
        if nonce and not seen[nonce] then seen[nonce] = true nonces[#nonces + 1] = nonce end
    end
    for _, nonce in ipairs(nonces) do
        RandomRoll(ns.Fair.street_range(s.fair.set_hash, hand_id, 1, nonce, 3))
    end
    return #nonces
end"""


def test_a_dealer_rolling_every_range_early_gains_nothing(tmp_path, addon):
    realm = Realm(seed=61, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, *seated)
    play(realm, riggs, "/tbet 2")
    play(realm, gray, "/tholdem call")
    # Skoll, the dealer, is to act, and will raise: Riggs and Gray then call him, and Gray's
    # call closes the betting, so Skoll rolls the flop. Before his raise he rolls the flop's
    # range for every nonce he could compute: each roll shows three Shamans.
    shamans = street("Shaman", "Shaman", "Shaman")
    realm.script_rolls(*([shamans] * 4), by=skoll.full_name)
    early = skoll.lua.eval(EVERY_RANGE)(namespace(skoll))
    realm.run_until_quiet()
    assert early == 4  # the close's, Riggs's and Gray's turns, his own raise's
    assert len(rolls_of(riggs, 512)) == early
    play(realm, skoll, "/tbet 4")
    play(realm, riggs, "/tholdem call")
    realm.script_rolls(street("5", "3", "6"), by=skoll.full_name)
    play(realm, gray, "/tholdem call")
    # The flop binds from his roll after Gray's call, of the range Gray's nonce gives: none of
    # his early rolls hit it.
    lines = rolls_of(riggs, 512)
    assert len(lines) == early + 1 and lines[-1][0] == "Skoll"
    for client in seated:
        assert FLOP in client.chat.lines, client.name
        assert bound_flop(client) == lines[-1], client.name
        assert "1-[ ¥ ] 2-[ ¥ ] 3-[ ¥ ]" not in client.chat.lines
    assert len({status(realm, client) for client in seated}) == 1
    assert realm.errors() == []


def test_a_dealer_who_closes_the_round_does_not_roll_the_street(tmp_path, addon):
    realm = Realm(seed=62, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, *seated)
    play(realm, riggs, "/tbet 2")
    play(realm, gray, "/tholdem call")
    # Skoll's call closes the betting: he knows his own turn's nonce, so he could roll the
    # flop's range before sending it. His modified client does, at once, with his call.
    skoll.lua.eval("function(ns) ns.Fair.new_nonce = function() return 'feedfacefeedface' end "
                   "end")(namespace(skoll))
    realm.script_rolls(street("Shaman", "Shaman", "Shaman"), by=skoll.full_name)
    realm.script_rolls(street("5", "3", "6"), by=riggs.full_name)
    skoll.type("/tholdem call")
    s_id = seated.table_id + "#1"
    hash_of = skoll.lua.eval("function(ns) return ns.Game.session().fair.set_hash end")
    set_hash = hash_of(namespace(skoll)).decode()
    skoll.type("/roll {} {}".format(*fairplay.street_range(set_hash, s_id, 1, "feedfacefeedface",
                                                         TAUREN.dice.count, 3)))
    realm.run_until_quiet()
    lines = rolls_of(gray, 512)
    assert [line[0] for line in lines] == ["Skoll", "Riggs"]
    assert lines[0][2:] == lines[1][2:]  # the right range: still not his to roll
    for client in seated:
        assert FLOP in client.chat.lines, client.name
        assert bound_flop(client)[0] == "Riggs", client.name
    # Typing the street's command, he is told who rolls it; nothing is rolled.
    play(realm, skoll, "/tflop")
    assert skoll.chat.lines[-1] == "The flop is out already."
    assert rolls_of(gray, 512) == lines
    assert realm.errors() == []


def test_the_streets_roller_is_named_and_the_closer_is_told(tmp_path, addon):
    realm = Realm(seed=63, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    everyone_deals(realm, *seated)
    # Riggs's client does not roll by itself: the flop waits on him.
    riggs.lua.eval("function(ns) ns.FairDeal.roll_soon = function() end end")(namespace(riggs))
    for client, line in ((riggs, "/tbet 2"), (gray, "/tholdem call"), (skoll, "/tholdem call")):
        play(realm, client, line)
    assert all(due_roll(client)[:2] == ("1", riggs.full_name) for client in seated)
    assert "Riggs rolls the flop next" in status(realm, gray)
    play(realm, skoll, "/tflop")
    assert skoll.chat.lines[-1] == ("Riggs rolls the flop: whoever closed the betting before a "
                                    "street does not roll it.")
    play(realm, gray, "/tflop")
    assert gray.chat.lines[-1] == "Riggs rolls the flop."
    assert not rolls_of(gray, 512)
    # A roll of the flop's width in another range never binds and is no retry: named.
    key, roller, low, high = due_roll(gray)
    wrong = (1, 512) if low != 1 else (513, 1024)
    play(realm, riggs, f"/roll {wrong[0]} {wrong[1]}")
    named = (f"Riggs rolled {wrong[0]}-{wrong[1]}, not the flop's range ({low}-{high}): it "
             "does not count.")
    for client in seated:  # (then the roll line itself: a system line shows after the addons')
        assert client.chat.lines.count(named) == 1 and client.chat.lines[-2] == named, client.name
        assert client.chat.lines[-1].startswith("Riggs rolls "), client.name
    assert due_roll(gray) == (key, roller, low, high)
    realm.script_rolls(street("5", "3", "6"))
    play(realm, riggs, "/tflop")
    for client in seated:
        assert FLOP in client.chat.lines, client.name
    play(realm, riggs, "/tflop")
    assert riggs.chat.lines[-1] == "The flop is out already."
    assert realm.errors() == []


# The host's modified client: its close carries a nonce it chose beforehand (as if it had
# ground nonces until the seed's range was that of a roll it had seen), and as the last
# commitment comes in it rolls that range itself, before its close goes out.
HOST_ROLLS_FIRST = """function(ns)
    local nonce = "0123456789abcdef"
    ns.Fair.new_nonce = function() return nonce end
    local close = ns.FairDeal.maybe_close
    ns.FairDeal.maybe_close = function(anyway)
        local s, current = ns.Game.session(), ns.Game.hand()
        if s and current and not s.fair.set_hash and not s.rolled_early then
            local list = {}
            for _, seat in ipairs(current.seats) do
                if not s.fair.commits[seat.name] then return close(anyway) end
                list[#list + 1] = s.fair.commits[seat.name]
            end
            s.rolled_early = true
            RandomRoll(ns.Fair.seed_range(ns.Fair.set_hash(list), s.id .. "#" .. s.hands, nonce))
        end
        return close(anyway)
    end
end"""


def test_the_host_cannot_pick_the_seed_by_grinding_its_close(tmp_path, addon):
    realm = Realm(seed=64, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs", "Gray"])
    skoll, riggs, gray = seated
    play(realm, skoll, "/tholdem start")
    skoll.lua.eval(HOST_ROLLS_FIRST)(namespace(skoll))
    realm.script_rolls(seed_roll(111111), by=skoll.full_name)
    # Skoll hosts and deals: his close's nonce makes the seed's range, so Riggs rolls it.
    low, high = deal_fairly(realm, seated, 1, seed=222222, dealer=riggs)
    seeds = [(who, value - lo, (lo, hi)) for who, value, lo, hi in
             rolls_of(gray, fairplay.SEED_WIDTH)]
    assert seeds == [("Skoll", 111111, (low, high)), ("Riggs", 222222, (low, high))]
    for client in seated:  # the host's roll came first, in the range: it is not his to make
        seed = client.lua.eval("function(ns) return ns.Game.session().fair.seed end")(
            namespace(client))
        assert seed == 222222, client.name
    assert len({status(realm, client) for client in seated}) == 1
    assert sum(banks(status(realm, skoll)).values()) == 60
    assert realm.errors() == []
