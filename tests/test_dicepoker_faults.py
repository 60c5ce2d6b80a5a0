"""Dice Poker rounds while the network misbehaves (slow addon messages, slow roll lines, loss,
duplicates, reordering; the server's roll lines are never lost) and players reload: every
round ends, every client agrees on it, and for chips no chip is made or lost."""

from __future__ import annotations

import random
import re

import pytest

from addon_table import play
from dicepoker_table import dice_poker_table
from pyhost.harness import Adversarial, Latency, Realm

SLOW_ADDON = Latency(addon=0.4, system=0.05, jitter=0.3)
SLOW_ROLLS = Latency(addon=0.05, system=0.4, jitter=0.3)
ACTOR = re.compile(r"^Round \d+; (\w+) to (roll|keep)")
DICE = re.compile(r"^Your dice: (.*)$")


def hostile(seed: int, loss: float = 0.03) -> Adversarial:
    return Adversarial(seed=seed, loss=loss, duplicate=loss, reorder=2 * loss,
                       never_lost=("system",))


def status_now(realm: Realm, client) -> str:
    client.type("/dicepoker status")
    return client.chat.lines[-1]


FINAL = """function(ns)
    local round, out = ns.DrawTable.round(), {}
    for name, dice in pairs(round and round.final or {}) do
        out[#out + 1] = name .. ":" .. table.concat(dice, ",")
    end
    table.sort(out)
    return table.concat(out, " ")
end"""


def final_hands(client) -> str:
    """This client's copy of the round: each player's dice as his turn ended."""
    return client.lua.eval(FINAL)(client.addons["DicePoker"].namespace).decode()


def settle(realm: Realm) -> None:
    realm.run_until_quiet()


CASES = [(3, 1, Latency(), None), (3, 2, SLOW_ADDON, None), (3, 3, SLOW_ROLLS, None),
         (3, 4, Latency(), hostile(4)), (4, 5, SLOW_ADDON, hostile(5, 0.05)),
         (6, 6, Latency(), hostile(6))]


@pytest.mark.parametrize(("count", "seed", "latency", "network"), CASES,
                         ids=[f"{c[0]}-players-seed{c[1]}" for c in CASES])
def test_rounds_end_and_every_copy_agrees_when_things_go_wrong(tmp_path, count, seed, latency,
                                                               network):
    realm = Realm(seed=seed, wtf=tmp_path / "WTF", latency=latency, adversarial=network)
    seated = dice_poker_table(realm, tmp_path, count, chips=True)
    by_name = {client.name: client for client in seated}
    for client in seated:
        play(realm, client, "/dicepoker ascii on")
    rng = random.Random(seed)
    host, reloads = seated[0], 0
    # (A join lost on the way seats nobody: the table is whoever sat.)
    total = sum(map(int, re.findall(r" (\d+)", status_now(realm, host).split("banks: ")[1])))
    sitting = status_now(realm, host).count(",") + 1
    for number in range(1, 4):
        play(realm, host, "/dicepoker start")
        for _ in range(400):
            line = status_now(realm, host)
            if "the round is over" in line and line.startswith(f"Round {number};"):
                break
            found = ACTOR.match(line)
            if not found:  # (the start not in yet: a lost order heals)
                realm.advance(5)
                settle(realm)
                continue
            actor, what = by_name[found.group(1)], found.group(2)
            if rng.random() < 0.05:
                reloads += 1
                actor.reload()
                settle(realm)
            if what == "roll":
                actor.type("/dproll")
            else:
                actor.type("/dicepoker dice")
                shown = DICE.match(actor.chat.lines[-1])
                faces = re.findall(r"\[(\d)\]", shown.group(1)) if shown else []
                kept = [face for face in faces if rng.random() < 0.5]
                actor.type("/dicepoker stand" if len(kept) == 5 or rng.random() < 0.1
                           else "/dpreroll " + " ".join(kept))
            settle(realm)
            if status_now(realm, host) == line:  # nothing moved: let the table heal
                realm.advance(10)
                settle(realm)
        else:
            raise AssertionError(f"round {number} did not end: {status_now(realm, host)}")
        realm.advance(100)  # the heartbeats: whoever is behind catches up
        settle(realm)
        lines = {status_now(realm, client) for client in seated}
        assert len(lines) == 1, lines
        banks = dict(re.findall(r"(\w+) (\d+)", next(iter(lines)).split("banks: ")[1]))
        assert sum(map(int, banks.values())) == total
        # Every copy's round ended with the same hands (the host's record, where they crossed).
        finals = {final_hands(client) for client in seated}
        assert len(finals) == 1 and finals.pop().count(":") == sitting, finals
    assert realm.errors() == []
