"""The hold'em flow at a table in the realm, driven through the interface a game's flow offers
(docs/addon.md, "The table core and a game flow"): start a hand (`start`), whose turn
(`to_act`), what a player may do now (`legal`, the engine's own answer), one action
(`request`, this player's), how the hand ended (`result`). Only the fair deal (each player's
/tdeal, the seed roll) and the streets' rolls, which are the players' and the server's, go by
their commands."""

from __future__ import annotations

from addon_table import deal_fairly, play, seat_table, status, street
from pyhost.harness import Realm

CALL = """function(ns, op, ...)
    local flow = ns.Game
    if op == "legal" or op == "awaited" then return table.concat(flow[op](...), " ") end
    if op == "result" then
        local result = flow.result()
        if not result then return nil end
        local paid = {}
        for name, chips in pairs(result.payouts) do paid[#paid + 1] = name .. "=" .. chips end
        table.sort(paid)
        return table.concat(paid, " ")
    end
    return flow[op](...)
end"""


def flow(realm: Realm, client, op: str, *args):
    """Call the flow's `op` at this client's addon (legal, awaited: space-separated; result:
    the payouts, "Name-Realm=chips" sorted, or None)."""
    realm.touched()
    args = [arg.encode() if isinstance(arg, str) else arg for arg in (op, *args)]
    answer = client.lua.eval(CALL)(client.addons["TaurenHoldem"].namespace, *args)
    return answer.decode() if isinstance(answer, bytes) else answer


def everywhere(realm: Realm, seated, op: str, *args) -> str:
    """The flow's answer, the same at every client."""
    answers = {flow(realm, client, op, *args) for client in seated}
    assert len(answers) == 1, answers
    return answers.pop()


def test_a_hand_through_the_flows_interface(tmp_path, addon):
    realm = Realm(seed=71, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"])
    skoll, riggs = seated
    names = {client: client.full_name for client in seated}
    assert everywhere(realm, seated, "to_act") is None
    assert everywhere(realm, seated, "result") is None
    assert everywhere(realm, seated, "legal", names[riggs]) == ""  # no hand yet

    flow(realm, riggs, "start")  # only the host starts a hand
    realm.run_until_quiet()
    assert riggs.chat.lines[-1] == "Only Skoll, who opened the table, can do that."
    flow(realm, skoll, "start")
    realm.run_until_quiet()
    for name in names.values():  # the deal is open: nothing until every player has /tdeal
        assert everywhere(realm, seated, "legal", name) == ""
    # (What the table core's timeouts ask of the flow: the stage, and whom it waits on.)
    assert everywhere(realm, seated, "stage") == "deal"
    assert everywhere(realm, seated, "awaited") == f"{names[skoll]} {names[riggs]}"
    deal_fairly(realm, seated, 1, {"Skoll": ("Shaman", "Shaman"), "Riggs": ("2", "3")})
    realm.script_rolls(street("5", "3", "6"), street("6"), street("Warrior"))

    first = everywhere(realm, seated, "to_act")
    second = next(name for name in names.values() if name != first)
    by_name = {name: client for client, name in names.items()}
    assert everywhere(realm, seated, "stage") == "turn"
    assert everywhere(realm, seated, "awaited") == first
    assert everywhere(realm, seated, "legal", first) == "bet fold allin put"  # no check yet
    assert everywhere(realm, seated, "legal", second) == ""
    flow(realm, by_name[second], "request", "call")  # not their turn: one line, nothing sent
    realm.run_until_quiet()
    assert by_name[second].chat.lines[-1] == (
        f"{by_name[second].name} cannot call now: it is {by_name[first].name}'s turn")
    assert everywhere(realm, seated, "to_act") == first
    flow(realm, by_name[first], "request", "bet", 2)
    realm.run_until_quiet()
    assert everywhere(realm, seated, "to_act") == second
    assert everywhere(realm, seated, "legal", second) == "call raise fold allin put"
    assert everywhere(realm, seated, "legal", first) == ""
    flow(realm, by_name[second], "request", "call")
    realm.run_until_quiet()
    for command in ("/tflop", "/tturn", "/triver"):
        play(realm, skoll, command)
        for _ in names:
            name = everywhere(realm, seated, "to_act")
            assert everywhere(realm, seated, "legal", name) == "check bet fold allin put"
            flow(realm, by_name[name], "request", "check")
            realm.run_until_quiet()
    # The showdown: every client shows its own dice, and the hand is over.
    assert everywhere(realm, seated, "to_act") is None
    assert everywhere(realm, seated, "stage") is None
    assert everywhere(realm, seated, "awaited") == ""
    assert everywhere(realm, seated, "legal", first) == ""
    assert everywhere(realm, seated, "result") == f"{names[skoll]}=4"
    assert status(realm, riggs).endswith("banks: Skoll 22, Riggs 18")
    assert realm.errors() == []


def test_a_manual_tables_legal_ops_are_its_engines(tmp_path, addon):
    realm = Realm(seed=72, wtf=tmp_path / "WTF")
    seated = seat_table(realm, addon, ["Skoll", "Riggs"], mode="manual")
    skoll, riggs = seated
    flow(realm, skoll, "start")
    realm.run_until_quiet()
    deal_fairly(realm, seated, 1)
    # No turns: anyone puts chips in, the dealer (Skoll) rolls the streets, anyone shows.
    assert everywhere(realm, seated, "to_act") is None
    assert everywhere(realm, seated, "legal", skoll.full_name) == "bet put roll show"
    assert everywhere(realm, seated, "legal", riggs.full_name) == "bet put show"
    flow(realm, riggs, "request", "bet", 3)
    realm.run_until_quiet()
    assert status(realm, skoll).endswith("banks: Skoll 20, Riggs 17")
    assert everywhere(realm, seated, "result") is None
    assert realm.errors() == []
