"""`pyhost demo [RULESET]`: an example round, played by clients through the real addon.

Tauren Hold'em (the default): it builds the addon, logs Skoll, Riggs, Gray and Dakx into a
party in a simulated realm, and plays the hand of the original post action by action through
slash commands, the dice scripted to match the transcript. DiceHoldem: Skoll, Riggs and
Gray play a hand to the showdown, where HOLDEM (six letters) beats four of a kind (each
street rolled by the addon when its betting closes). Dice Poker: Skoll, Riggs and Gray play
a round for a forfeit, every die a player's own open /roll (the server's rolls scripted
to give the round's dice). Poker Dice: the same three ante, roll, keep, raise, match and
leave. Then it prints each player's chat frame in turn.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable
from pathlib import Path

import click

from .. import fairplay
from ..codegen import build, write
from ..harness import Client, Realm
from ..rules import Ruleset, load_ruleset
from ..rules.loading import load_ruleset_with

# Seats as in the original post (docs/games.md): Skoll deals, then Riggs, Gray and Dakx.
SEATS = ("Skoll", "Riggs", "Gray", "Dakx")
# The hidden dice of the transcript, and the community dice the server's rolls give the
# dealer: the flop, the turn, the river. Gray and Dakx fold unseen.
DICE = {"Skoll": ("Shaman", "6"), "Riggs": ("Chieftain", "4")}
STREETS = (("5", "3", "6"), ("6",), ("Warrior",))
SEED = 424242  # the seed: the dealer's seed roll less its range's low end (fairplay.seed_range)
# The transcript: (who, what they type). Lines without "/" are said at the table.
SCRIPT = (
    ("Skoll", "/tholdem open guided"),
    ("Riggs", "/tholdem join"),
    ("Gray", "/tholdem join"),
    ("Dakx", "/tholdem join"),
    ("Skoll", "All right everyone roll your hand"),
    ("Skoll", "/tholdem start"),
    ("*", "/tdeal"),  # everyone at once: each commits to a secret; the seed roll follows
    ("Skoll", "Start us off, you in or out"),
    ("Riggs", "/tbet 2"),
    ("Gray", "Don't like what I am looking at, I'll fold"),
    ("Gray", "/tholdem fold"),
    ("Dakx", "Roll those bones, I Got'a see the Flop"),
    ("Dakx", "/tholdem call"),
    ("Skoll", "I am in as well."),
    ("Skoll", "/tholdem call"),
    ("Skoll", "/tflop"),
    ("Riggs", "/tholdem check"),
    ("Dakx", "/tholdem check"),
    ("Skoll", "We will make it three then"),
    ("Skoll", "/tholdem check"),
    ("Skoll", "/tturn"),
    ("Riggs", "I'll raise, two poke"),
    ("Riggs", "/tbet 2"),
    ("Dakx", "Nope not me, I'll fold"),
    ("Dakx", "/tholdem fold"),
    ("Skoll", "I match it"),
    ("Skoll", "/tholdem call"),
    ("Skoll", "/triver"),
    ("Riggs", "/tholdem check"),
    ("Skoll", "I'll raise you two more"),
    ("Skoll", "/tbet 2"),
    ("Riggs", "/tholdem call"),
    ("Skoll", "Ha, I got three of a kind!"),
    ("Riggs", "Sorry Friend, I reeled you in like a fish, Straight."),
    ("Skoll", "/tholdem status"),
)

STYLES = (
    ("says:", {"fg": "white"}),
    ("Your turn", {"fg": "magenta", "bold": True}),
    ("wins", {"fg": "green", "bold": True}),
    ("rolls", {"fg": "yellow"}),
    ("shows", {"fg": "cyan"}),
)


# DiceHoldem's example hand: Skoll deals to Riggs and Gray; Skoll's E M make HOLDEM with the
# board H O L D H, which beats Riggs's four H.
DICE_HOLDEM_DICE = {"Skoll": ("E", "M"), "Riggs": ("H", "H"), "Gray": ("O", "L")}
DICE_HOLDEM_STREETS = (("H", "O", "L"), ("D",), ("H",))
DICE_HOLDEM_SCRIPT = (
    ("Skoll", "/diceholdem open guided"),
    ("Riggs", "/diceholdem join"),
    ("Gray", "/diceholdem join"),
    ("Skoll", "Letters tonight: six of them spell the best hand there is."),
    ("Skoll", "/diceholdem start"),
    ("*", "/dhdeal"),
    ("Riggs", "/dhbet 2"),
    ("Gray", "Nothing to spell with. Out."),
    ("Gray", "/diceholdem fold"),
    ("Skoll", "/diceholdem call"),
    ("Riggs", "/diceholdem check"),
    ("Skoll", "/diceholdem check"),
    ("Riggs", "Three H on the table and two in my cup..."),
    ("Riggs", "/dhbet 4"),
    ("Skoll", "/diceholdem call"),
    ("Riggs", "/diceholdem check"),
    ("Skoll", "/dhbet 10"),
    ("Riggs", "/diceholdem call"),
    ("Skoll", "H, O, L, D, E, M. Read them and weep."),
    ("Skoll", "/diceholdem status"),
)


def play_holdem(folder: Path, seed: int, ruleset_id: str, seats: tuple[str, ...],
                dice: dict[str, tuple[str, ...]], streets: tuple[tuple[str, ...], ...],
                script: tuple[tuple[str, str], ...]) -> tuple[Realm, list[Client]]:
    """A hold'em hand in a fresh realm, played by `seats` (the first deals) as `script` says,
    the hidden `dice` and the `streets` scripted; the realm and the players, in seat order."""
    ruleset = load_ruleset(ruleset_id)
    addon = folder / ruleset.addon.name
    write(build(ruleset), addon)
    realm = Realm(seed=seed, wtf=folder / "WTF")
    clients = {name: realm.login(name, addons=[addon]) for name in seats}
    realm.party(*clients.values())
    opened_at = realm.epoch()
    for name, line in script:
        if name == "*":
            _deal(realm, ruleset, clients, f"{clients[seats[0]].full_name}:{opened_at}",
                  dice, streets)
            for client in clients.values():
                client.type(line)
        else:
            clients[name].type(line)
        realm.run_until_quiet()
    return realm, list(clients.values())


def play_example(folder: Path, seed: int = 1) -> tuple[Realm, list[Client]]:
    """The original post's Tauren Hold'em hand; the realm and the players, Skoll first."""
    return play_holdem(folder, seed, "tauren-holdem", SEATS, DICE, STREETS, SCRIPT)


def play_dice_holdem(folder: Path, seed: int = 1) -> tuple[Realm, list[Client]]:
    """DiceHoldem's example hand; the realm and the players, Skoll first."""
    return play_holdem(folder, seed, "dice-holdem", ("Skoll", "Riggs", "Gray"),
                       DICE_HOLDEM_DICE, DICE_HOLDEM_STREETS, DICE_HOLDEM_SCRIPT)


def _deal(realm: Realm, ruleset: Ruleset, clients: dict[str, Client], table_id: str,
          dice: dict[str, tuple[str, ...]], streets: tuple[tuple[str, ...], ...]) -> None:
    """Find, by trial, the secrets that give the players these hidden dice under the scripted
    seed roll, and have their clients draw them: nothing bypasses the protocol."""
    wanted = {clients[name].full_name: [ruleset.dice.face(f).index + 1 for f in faces]
              for name, faces in dice.items()}
    randoms = fairplay.grind(
        [client.full_name for client in clients.values()], wanted,
        milliseconds=math.floor(realm.game_time() * 1000 + 0.5), epoch=realm.epoch(),
        counter=1, seed=SEED, hand_id=f"{table_id}#1", faces=ruleset.dice.count,
        hidden=ruleset.deal.hidden)
    for client in clients.values():
        client.script_random(*randoms[client.full_name])
    realm.script_rolls(lambda low, high: low + SEED,  # of the range the set hash gives
                       *(_roll_giving(ruleset, faces) for faces in streets))


def _roll_giving(ruleset: Ruleset, faces: tuple[str, ...]) -> Callable[[int, int], int]:
    """The server roll the addon reads as these faces: base-faces digits above the range's low
    end (the range itself is the addon's to choose)."""
    offset = 0
    for name in faces:
        offset = offset * ruleset.dice.count + ruleset.dice.face(name).index
    return lambda low, high: low + offset


# Dice Poker's example round: (who, what they type, the faces the server's roll gives when
# the line makes one). Lines without "/" are said at the table.
DICE_POKER_SEATS = ("Skoll", "Riggs", "Gray")
DICE_POKER_SCRIPT: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("Skoll", "/dicepoker open", ()),
    ("Riggs", "/dicepoker join", ()),
    ("Gray", "/dicepoker join", ()),
    ("Skoll", "Dice poker! Highest hand names a forfeit for the lowest.", ()),
    ("Skoll", "/dicepoker start", ()),
    ("Skoll", "/dproll", (5, 5, 6, 6, 2)),
    ("Skoll", "Two pairs. Keeping them.", ()),
    ("Skoll", "/dpreroll 6 6 5 5", (6,)),
    ("Riggs", "/dproll", (1, 3, 4, 5, 6)),
    ("Riggs", "/dpreroll 3 4 5 6", (2,)),
    ("Riggs", "A straight, beat that.", ()),
    ("Gray", "/dproll", (1, 1, 2, 4, 6)),
    ("Gray", "/dpreroll 1 1", (1, 3, 5)),
    ("Gray", "Three ones... the lowest, I know.", ()),
    ("Skoll", "Gray, you sing us a song!", ()),
    ("Skoll", "/dicepoker status", ()),
)


# Poker Dice's example round: Skoll sets the ante, all three ante; Skoll's full house raises,
# Riggs matches and Gray leaves; Riggs's four fives beat the full house and take the pot.
POKER_DICE_SCRIPT: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("Skoll", "/pokerdice open", ()),
    ("Riggs", "/pokerdice join", ()),
    ("Gray", "/pokerdice join", ()),
    ("Skoll", "Poker dice, Swedish rules: beat the best hand so far or you are out.", ()),
    ("Skoll", "/pokerdice start", ()),
    ("Skoll", "/pdante 2", ()),
    ("Riggs", "/pdante", ()),
    ("Gray", "/pdante", ()),
    ("Skoll", "/pdroll", (6, 6, 2, 3, 1)),
    ("Skoll", "/pdkeep 6 6", (6, 4, 4)),
    ("Skoll", "Full house. Raising.", ()),
    ("Skoll", "/pdraise 3", ()),
    ("Riggs", "/pdcall", ()),
    ("Gray", "/pdfold", ()),
    ("Gray", "Too rich for me.", ()),
    ("Riggs", "/pdroll", (5, 5, 5, 1, 2)),
    ("Riggs", "/pdkeep 5 5 5", (5, 3)),
    ("Riggs", "Four fives!", ()),
    ("Skoll", "/pokerdice status", ()),
)


def play_dice_poker(folder: Path, seed: int = 1) -> tuple[Realm, list[Client]]:
    """Dice Poker's example round in a fresh realm; the realm and the players, Skoll first."""
    return _play_draw("dice-poker", DICE_POKER_SCRIPT, folder, seed)


def play_poker_dice(folder: Path, seed: int = 1) -> tuple[Realm, list[Client]]:
    """Poker Dice's example round in a fresh realm; the realm and the players, Skoll first."""
    return _play_draw("poker-dice", POKER_DICE_SCRIPT, folder, seed)


def _play_draw(ruleset_id: str, script: tuple[tuple[str, str, tuple[int, ...]], ...],
               folder: Path, seed: int) -> tuple[Realm, list[Client]]:
    """A draw game's round 1 as `script` plays it: each die a player's own open /roll, the
    server's roll scripted to give the faces named."""
    ruleset = load_ruleset(ruleset_id)
    addon = folder / ruleset.addon.name
    write(build(ruleset), addon)
    realm = Realm(seed=seed, wtf=folder / "WTF")
    clients = {name: realm.login(name, addons=[addon]) for name in DICE_POKER_SEATS}
    realm.party(*clients.values())
    table_id = f"{clients['Skoll'].full_name}:{realm.epoch()}"
    rolls: dict[str, int] = {}
    for name, line, faces in script:
        client = clients[name]
        if faces:  # the server's roll of the range the addon will roll for this player
            rolls[name] = rolls.get(name, 0) + 1
            low, high = fairplay.draw_range(table_id, 1, client.full_name, rolls[name],
                                            ruleset.dice.count, len(faces))
            offset = 0
            for face in faces:
                offset = offset * ruleset.dice.count + face - 1
            realm.script_rolls(low + offset, by=client.full_name, bounds=(low, high))
        client.type(line)
        realm.run_until_quiet()
    return realm, list(clients.values())


# Vitaji's example: Skoll, Riggs and Gray play a d6 game over 5 rounds (ante 10), every die
# a player's own open /roll; Riggs raises, Gray drops out in round 4, Skoll and Riggs tie and
# roll off twice; /vscore shows the scoresheet at the end.
# (name, what they type, the face the server's roll gives, if it is a roll)
VITAJI_SEATS = ("Skoll", "Riggs", "Gray")
VITAJI_SCRIPT: tuple[tuple[str, str, int | None], ...] = (
    ("Skoll", "/vitaji open", None),
    ("Riggs", "/vitaji join", None),
    ("Gray", "/vitaji join", None),
    ("Skoll", "/vitaji start", None),
    # Round 1: the ante stands for the betting.
    ("Skoll", "/vroll", 4), ("Riggs", "/vroll", 2), ("Gray", "/vroll", 5),
    ("Skoll", "/vpass", None), ("Riggs", "/vreroll", 6), ("Riggs", "/vpass", None),
    ("Gray", "/vpass", None), ("Skoll", "/vpass", None),
    # Round 2.
    ("Skoll", "/vbet 5", None), ("Riggs", "/vbet", None), ("Gray", "/vbet", None),
    ("Skoll", "/vroll", 3), ("Riggs", "/vroll", 1), ("Gray", "/vroll", 2),
    ("Skoll", "/vpass", None), ("Riggs", "/vpass", None), ("Gray", "/vreroll", 1),
    ("Gray", "Ouch.", None), ("Gray", "/vpass", None), ("Skoll", "/vpass", None),
    ("Riggs", "/vpass", None),
    # Round 3: Riggs raises to 10.
    ("Skoll", "/vbet 5", None), ("Riggs", "/vbet 10", None), ("Gray", "/vbet", None),
    ("Skoll", "/vbet", None),
    ("Skoll", "/vroll", 6), ("Riggs", "/vroll", 1), ("Gray", "/vroll", 4),
    ("Skoll", "/vpass", None), ("Riggs", "/vreroll", 5), ("Gray", "/vpass", None),
    ("Skoll", "/vpass", None),
    # Round 4: Gray drops out.
    ("Skoll", "/vbet 10", None), ("Riggs", "/vbet", None), ("Gray", "/vdrop", None),
    ("Skoll", "/vroll", 2), ("Riggs", "/vroll", 5), ("Skoll", "/vpass", None),
    # Round 5: a tie at 21, rolled off twice.
    ("Skoll", "/vbet 0", None), ("Riggs", "/vbet", None),
    ("Skoll", "/vroll", 5), ("Riggs", "/vroll", 4),
    ("Skoll", "/vreroll", 6), ("Skoll", "/vpass", None),
    ("Skoll", "/vroll", 3), ("Riggs", "/vroll", 3),
    ("Skoll", "/vroll", 5), ("Riggs", "/vroll", 2),
    ("Riggs", "Good game!", None),
    ("Skoll", "/vscore", None),
    ("Skoll", "/vitaji status", None),
)


def play_vitaji_game(folder: Path, ruleset: Ruleset, seats: tuple[str, ...],
                     script: tuple[tuple[str, str, int | None], ...],
                     seed: int) -> tuple[Realm, list[Client]]:
    """A scripted game of Vitaji in a fresh realm: each line typed, each die (a face) the
    server's roll of the range the addon will roll for that player; the realm and the
    players, in seat order."""
    addon = folder / ruleset.addon.name
    write(build(ruleset), addon)
    realm = Realm(seed=seed, wtf=folder / "WTF")
    clients = {name: realm.login(name, addons=[addon]) for name in seats}
    realm.party(*clients.values())
    table_id = f"{clients[seats[0]].full_name}:{realm.epoch()}"
    rolls: dict[str, int] = {}
    for name, line, face in script:
        client = clients[name]
        if face is not None:
            rolls[name] = rolls.get(name, 0) + 1
            low, high = fairplay.draw_range(table_id, 1, client.full_name, rolls[name],
                                            ruleset.dice.count, 1)
            realm.script_rolls(low + face - 1, by=client.full_name, bounds=(low, high))
        client.type(line)
        realm.run_until_quiet()
    return realm, list(clients.values())


def play_vitaji(folder: Path, seed: int = 1) -> tuple[Realm, list[Client]]:
    """Vitaji's example game; the realm and the players, Skoll first."""
    return play_vitaji_game(folder, load_ruleset("vitaji"), VITAJI_SEATS, VITAJI_SCRIPT, seed)


# Team Vitaji's example (`pyhost demo vitaji --teams`): Red (Skoll, Ada) against Blue (Riggs,
# Bo), a d6 over 2 rounds; each names his own team, the teams tie at 16 and roll off (each
# team adding its rolls), and Red shares the pot.
VITAJI_TEAM_SEATS = ("Skoll", "Riggs", "Ada", "Bo")
VITAJI_TEAM_SCRIPT: tuple[tuple[str, str, int | None], ...] = (
    ("Skoll", "/vitaji open", None),
    ("Riggs", "/vitaji join", None), ("Ada", "/vitaji join", None), ("Bo", "/vitaji join", None),
    ("Skoll", "/vteam Red", None), ("Riggs", "/vteam Blue", None),
    ("Ada", "/vteam Red", None), ("Bo", "/vteam Blue", None),
    ("Skoll", "/vitaji start", None),
    # Round 1: Ada rerolls her 2.
    ("Skoll", "/vroll", 4), ("Riggs", "/vroll", 3), ("Ada", "/vroll", 2), ("Bo", "/vroll", 5),
    ("Skoll", "/vpass", None), ("Riggs", "/vpass", None), ("Ada", "/vreroll", 6),
    ("Ada", "/vpass", None), ("Bo", "/vpass", None), ("Skoll", "/vpass", None),
    ("Riggs", "/vpass", None),
    ("Bo", "/vitaji status", None),
    # Round 2: everyone meets Skoll's 5; a tie at 16, rolled off.
    ("Skoll", "/vbet 5", None), ("Riggs", "/vbet", None), ("Ada", "/vbet", None),
    ("Bo", "/vbet", None),
    ("Skoll", "/vroll", 3), ("Riggs", "/vroll", 6), ("Ada", "/vroll", 1), ("Bo", "/vroll", 2),
    ("Skoll", "/vreroll", 5), ("Skoll", "/vpass", None), ("Riggs", "/vpass", None),
    ("Ada", "/vpass", None), ("Bo", "/vpass", None),
    ("Skoll", "/vroll", 6), ("Riggs", "/vroll", 2), ("Ada", "/vroll", 3), ("Bo", "/vroll", 4),
    ("Skoll", "/vscore", None),
    ("Skoll", "/vitaji status", None),
)


def play_vitaji_teams(folder: Path, seed: int = 1) -> tuple[Realm, list[Client]]:
    """Team Vitaji's example game; the realm and the players, Skoll first."""
    ruleset = load_ruleset_with("vitaji", {"teams": {"team_size": 2}, "deal": {"rounds": 2}},
                                file="demo")
    return play_vitaji_game(folder, ruleset, VITAJI_TEAM_SEATS, VITAJI_TEAM_SCRIPT, seed)


# The example each `pyhost demo RULESET` plays.
EXAMPLES: dict[str, Callable[[Path, int], tuple[Realm, list[Client]]]] = {}


def styled(line: str) -> str:
    for marker, style in STYLES:
        if marker in line:
            return click.style(line, **style)
    return line


EXAMPLES.update({"tauren-holdem": play_example, "dice-holdem": play_dice_holdem,
                 "dice-poker": play_dice_poker, "poker-dice": play_poker_dice,
                 "vitaji": play_vitaji})


@click.command()
@click.argument("ruleset", required=False, default="tauren-holdem")
@click.option("--seed", default=1, show_default=True, help="The realm's seed.")
@click.option("--teams", is_flag=True, help="Vitaji only: a game of Team Vitaji, two teams of two.")
def demo(ruleset: str, seed: int, teams: bool) -> None:
    """Play an example round through the addon in a party: the original post's hand of
    Tauren Hold'em (the default), or RULESET's (dice-holdem, dice-poker, poker-dice,
    vitaji; `vitaji --teams`: Team Vitaji)."""
    example = EXAMPLES.get(ruleset)
    if example is None:
        raise click.UsageError(f"no demo for {ruleset!r}; demos: {', '.join(EXAMPLES)}")
    if teams:
        if ruleset != "vitaji":
            raise click.UsageError("--teams is Vitaji's: pyhost demo vitaji --teams")
        example = play_vitaji_teams
    with tempfile.TemporaryDirectory(prefix="pyhost-demo-") as folder:
        realm, clients = example(Path(folder), seed)
        for client in clients:
            click.echo(click.style(f"── {client.name}'s chat frame ──", fg="cyan", bold=True))
            for line in client.chat:
                click.echo("  " + styled(line))
            click.echo()
        problems = realm.errors()
        for who, error in problems:
            click.echo(click.style(f"Lua error on {who}: {error}", fg="red"), err=True)
        if problems:
            raise click.exceptions.Exit(1)
