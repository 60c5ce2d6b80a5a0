"""Dice Poker's table flow driven through the interface a game's flow offers the table core
(docs/addon.md, "The table core and a game flow"): `start`, `to_act`, `legal`, `stage`,
`awaited`, `request` (this player's action: a roll is the open /roll the addon makes, a keep
a turn) and `result`; and the hold'em-only parts answering empty."""

from __future__ import annotations

from addon_table import play
from dicepoker_table import dice_poker_table, script_roll, status
from pyhost.harness import Realm

CALL = """function(ns, op, ...)
    local flow = ns.DrawTable.flow
    if op == "legal" or op == "awaited" then return table.concat(flow[op](...), " ") end
    if op == "request_keep" then return flow.request("keep", nil, nil, { ... }) end
    if op == "result" then
        local result = flow.result()
        if not result then return nil end
        local paid = {}
        for name, chips in pairs(result.payouts) do paid[#paid + 1] = name .. "=" .. chips end
        table.sort(paid)
        return "paid:" .. table.concat(paid, " ")
    end
    if op == "empty" then
        return tostring(flow.roller()) .. " " .. tostring(next(flow.heard(1))) .. " "
            .. tostring(next(flow.revealed(1))) .. " " .. tostring(flow.own_word()) .. " "
            .. tostring(flow.ask_for()) .. " " .. tostring(flow.gap())
    end
    return flow[op](...)
end"""


def flow(realm: Realm, client, op: str, *args):
    realm.touched()
    args = [arg.encode() if isinstance(arg, str) else arg for arg in (op, *args)]
    answer = client.lua.eval(CALL)(client.addons["DicePoker"].namespace, *args)
    return answer.decode() if isinstance(answer, bytes) else answer


def everywhere(realm: Realm, seated, op: str, *args):
    answers = {flow(realm, client, op, *args) for client in seated}
    assert len(answers) == 1, answers
    return answers.pop()


def test_a_round_through_the_flows_interface(tmp_path):
    realm = Realm(seed=3, wtf=tmp_path / "WTF")
    seated = dice_poker_table(realm, tmp_path, 2, chips=True)
    skoll, riggs = seated
    assert everywhere(realm, seated, "to_act") is None
    assert everywhere(realm, seated, "stage") is None
    assert everywhere(realm, seated, "result") is None
    assert everywhere(realm, seated, "empty") == "nil nil nil false nil false"
    flow(realm, riggs, "start")  # only the host starts a round
    realm.run_until_quiet()
    assert riggs.chat.lines[-1] == "Only Skoll, who opened the table, can do that."
    flow(realm, skoll, "start")
    realm.run_until_quiet()
    assert everywhere(realm, seated, "to_act") == skoll.full_name
    assert everywhere(realm, seated, "stage") == "roll"
    assert everywhere(realm, seated, "awaited") == skoll.full_name
    assert everywhere(realm, seated, "legal", skoll.full_name) == "roll"
    assert everywhere(realm, seated, "legal", riggs.full_name) == ""
    assert everywhere(realm, seated, "timeout_op") == (b"stand", 0)  # (and the rolls bound)
    script_roll(realm, seated, skoll, 1, 1, [3, 3, 3, 1, 2])
    flow(realm, skoll, "request", "roll")
    realm.run_until_quiet()
    assert everywhere(realm, seated, "stage") == "turn"
    assert everywhere(realm, seated, "streets") == 1
    assert everywhere(realm, seated, "legal", skoll.full_name) == "keep"
    flow(realm, skoll, "request_keep", 3, 3, 3, 1, 2)  # all five: he stands
    realm.run_until_quiet()
    assert everywhere(realm, seated, "to_act") == riggs.full_name
    script_roll(realm, seated, riggs, 1, 1, [2, 2, 4, 5, 6])
    flow(realm, riggs, "request", "roll")
    realm.run_until_quiet()
    flow(realm, riggs, "request_keep", 2, 2)
    realm.run_until_quiet()
    assert everywhere(realm, seated, "stage") == "roll"
    script_roll(realm, seated, riggs, 1, 2, [6, 6, 1])
    play(realm, riggs, "/dproll")
    assert everywhere(realm, seated, "to_act") is None
    assert everywhere(realm, seated, "stage") is None
    assert everywhere(realm, seated, "result") == f"paid:{skoll.full_name}=2"
    assert status(realm, riggs)[2] == {"Skoll": 22, "Riggs": 18}
    assert realm.errors() == []
