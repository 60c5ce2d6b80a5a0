"""Checking the addon's hand log: every die and every pot re-derived from a SavedVariables file.

The addon (HandLog.lua) keeps the public record of the last hands in its SavedVariables table,
under `log`: for each hand the table id, the hand number, the host, the dealer, the table's
settings, the seats with their banks at the start, every commitment, the closed set, every
roll line the client bound (roller, value, range), every action in order, every reveal with
the client's verdict, and the awards and banks at the end.

`verify_file` re-derives each hand from what was public: the set hash from the commitments it
holds, the seed from its roll line and the range the set hash, the hand and the close's nonce
give, each street's dice from its roll line and the range the set hash, the hand, the street
and its closing turn's nonce give (a manual table's: the table, hand and street), checking
that no roll was made by the sender of the message its range came from, each revealed
commitment and each player's dice from their secret (all through `fairplay`), then it
replays the actions through the table engine and compares the awards and banks the log has
with the engine's.
The first thing that does not follow is the hand's verdict; a hand where everything follows
is fair.
"""

from __future__ import annotations

import dataclasses
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lupa.lua51 import LuaRuntime, lua_type

from . import fairplay
from .engine import IllegalAction, Table
from .harness.savedvars import load_saved
from .rules import Ruleset, load_ruleset
from .rules.schema import FileError, shown

LOG_VERSION = 4  # HandLog.VERSION
MAX_FILE = 64 * 1024 * 1024  # far more than any addon's SavedVariables file


class LogFileError(ValueError):
    """A file that cannot be read, or holds no hand log: one line saying which and why."""


class Unfair(Exception):
    """The first thing in a hand that does not follow."""


@dataclass(frozen=True)
class HandVerdict:
    table: str
    hand: int
    fair: bool | None  # None: the hand was not over when the file was written
    reason: str = ""
    notes: tuple[str, ...] = ()
    # False: everything follows, but from a seed or street this client did not see rolled
    # (the host's word): nothing shows that hand was fair, nor that it was not.
    witnessed: bool = True

    @property
    def word(self) -> str:
        if self.fair is None:
            return "unfinished"
        if not self.fair:
            return "not fair"
        return "fair" if self.witnessed else "not witnessed"

    @property
    def text(self) -> str:
        head = f"Hand {self.hand} ({self.table})"
        if self.fair is None:
            return f"{head}: unfinished ({self.reason})"
        if not self.fair:
            return f"{head}: not fair: {self.reason}"
        return f"{head}: {self.word}" + (f" ({'; '.join(self.notes)})" if self.notes else "")

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "hand": self.hand, "verdict": self.word,
                "reason": self.reason, "notes": list(self.notes)}


@dataclass(frozen=True)
class LogVerdict:
    variable: str  # the SavedVariables table holding the log, such as TaurenHoldemDB
    kept_by: tuple[str, ...]
    hands: tuple[HandVerdict, ...] = field(default=())

    @property
    def fair(self) -> bool:
        return all(hand.fair is not False for hand in self.hands)


# -- reading the file --------------------------------------------------------------------------

_GLOBAL = re.compile(rb"^([A-Za-z_][A-Za-z0-9_]*)\s*=", re.MULTILINE)


def _plain(value: object, depth: int = 0) -> object:
    """Lua values as Python ones: tables as dicts (keys as they are), strings as str."""
    if depth > 20:
        raise LogFileError("tables nested more than 20 deep")
    if lua_type(value) == "table":
        return {_plain(k, depth + 1): _plain(v, depth + 1)
                for k, v in value.items()}  # type: ignore[union-attr]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def read_logs(path: Path) -> dict[str, dict[Any, Any]]:
    """{SavedVariables table name: its log} for every table in the file that has a hand log."""
    where = shown(str(path))
    text: bytes | None = None
    try:
        with path.open("rb") as file:
            if stat.S_ISREG(os.fstat(file.fileno()).st_mode):  # not /dev/zero, say
                text = file.read(MAX_FILE + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = getattr(exc, "strerror", None) or exc
        raise LogFileError(f"{where}: cannot read the file ({shown(str(reason))})") from None
    if text is None:
        raise LogFileError(f"{where}: not a file")
    if len(text) > MAX_FILE:
        raise LogFileError(f"{where}: more than {MAX_FILE} bytes: not an addon's SavedVariables "
                           "file")
    names = list(dict.fromkeys(name.decode() for name in _GLOBAL.findall(text)))
    names = [name for name in names if name not in ("and", "or", "not", "nil", "true", "false",
                                                     "local", "return", "function", "end")]
    if not names:
        raise LogFileError(f"{where}: not a SavedVariables file (no 'Name = ...' in it)")
    runtime = LuaRuntime(encoding=None, unpack_returned_tuples=True, register_eval=False,
                         register_builtins=False)
    loaded = load_saved(runtime, text, names, chunkname=f"={path.name}")
    if isinstance(loaded, str):
        raise LogFileError(f"{where}: not a readable SavedVariables file ({shown(loaded)})")
    logs = {}
    for name, value in loaded.items():
        data = _plain(value)
        log = data.get("log") if isinstance(data, dict) else None
        if isinstance(log, dict) and isinstance(log.get("hands"), dict):
            logs[name] = log
    if not logs:
        raise LogFileError(f"{where}: no hand log in it (the addon keeps one from its first hand "
                           "at a table; is this the addon's SavedVariables file?)")
    return logs


def _array(value: object) -> list[Any]:
    """A Lua array (a dict keyed 1..n) as a list; anything else as an empty one."""
    if not isinstance(value, dict):
        return []
    out = []
    while len(out) + 1 in value:
        out.append(value[len(out) + 1])
    return out


def _action(item: object) -> tuple[str, str, int | str, str, str]:
    """An action line ("player op amount target dice", "-" for none: HandLog.action_line) as
    (player, op, amount, target, dice), "" for none; the amount a number where it is one."""
    fields = [("" if field == "-" else field) for field in str(item).split(" ")]
    if len(fields) != 5:
        raise Unfair(f"an action is not 'player op amount target dice' ({shown(str(item))})")
    player, op, amount, target, dice = fields
    try:
        return player, op, int(amount), target, dice
    except ValueError:
        return player, op, amount, target, dice


# -- checking one hand -------------------------------------------------------------------------


def short(name: str) -> str:
    """A name as the server's roll lines give it: without its realm (Ambiguate "short")."""
    return name.split("-", 1)[0]


def _dice_text(dice: list[int] | tuple[int, ...]) -> str:
    return ",".join(str(face) for face in dice)


def _faces(code: object, what: str) -> list[int]:
    try:
        return [int(face) for face in str(code).split(",") if face != ""]
    except ValueError:
        raise Unfair(f"{what} {shown(str(code))} are not dice") from None


def _number(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise Unfair(f"{what} is {shown(str(value))}, not a whole number")
    return int(value)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise Unfair(f"the log has no {what}")
    return value


def table_ruleset(ruleset: Ruleset, hand: dict[Any, Any]) -> Ruleset:
    """The ruleset with the table's own settings (the host's `open min N blinds`)."""
    table = ruleset.table
    changes = {}
    for key, name in (("minimum", "minimum_bet"), ("raise", "minimum_raise")):
        if key in hand and hasattr(table, name):
            changes[name] = _number(hand[key], f"the table's {name}")
    if "blinds" in hand and hasattr(table, "blinds"):
        changes["blinds"] = bool(hand["blinds"])
    table = dataclasses.replace(table, **changes)
    number = hand.get("hand")
    if isinstance(number, int) and not isinstance(number, bool):
        table = table.for_hand(number)  # the ante grown to this hand's
    # The same table: the same ruleset, not a copy that builds its evaluator again.
    return ruleset if table == ruleset.table else dataclasses.replace(ruleset, table=table)


def ruleset_fingerprint(ruleset: Ruleset) -> str | None:
    """The fingerprint id the ruleset's addon states (None for a family with no addon)."""
    if ruleset.family != "holdem":
        return None
    from .codegen.context import fingerprint  # (codegen imports jinja2: only when needed)
    return str(fingerprint(ruleset)["id"])


BETTING_OPS = {"put", "bet", "check", "call", "raise", "fold", "allin"}


class HandCheck:
    """One hand of the log, checked step by step; `run` raises Unfair at the first fault."""

    def __init__(self, hand: dict[Any, Any], ruleset: Ruleset) -> None:
        self.hand = hand
        self.table_id = _text(hand.get("table"), "table id")
        self.number = _number(hand.get("hand"), "the hand number")
        self.hand_id = f"{self.table_id}#{self.number}"
        self.ruleset = table_ruleset(ruleset, hand)
        self.faces = self.ruleset.dice.count
        self.hidden = self.ruleset.deal.hidden
        self.community = tuple(self.ruleset.deal.community)
        self.notes: list[str] = []
        self.attested: list[str] = []  # what this client took from the host, not a roll line
        self.commits: dict[str, str] = {}
        self.set_hash: str | None = None
        self.seed: int | None = None
        self.dice: dict[str, list[int]] = {}  # each revealed player's dice, derived
        self.verdicts: dict[str, str] = {}
        self.unchecked_false: set[str] = set()  # reveals the table never checked that fail

    # -- the fair dice ---------------------------------------------------------------------

    def check_commitments(self) -> None:
        for item in _array(self.hand.get("commits")):
            player, commitment = _array(item)[:2] if len(_array(item)) >= 2 else (None, None)
            if not isinstance(player, str) or not isinstance(commitment, str):
                raise Unfair(f"a commitment is not a player and a hash ({shown(str(item))})")
            if player in self.commits and self.commits[player] != commitment:
                raise Unfair(f"{player} has two commitments")
            self.commits[player] = commitment
        closed = self.hand.get("set")
        if not isinstance(closed, dict):
            return  # (a hand can end, everyone but one folding, before the set closes)
        held = _array(closed.get("held"))
        for player in held:
            if player not in self.commits:
                raise Unfair(f"the set holds {player}'s commitment, but {player} never committed")
        seats = [name for name, _ in self.seats]
        if [p for p in seats if p in held] != held:
            raise Unfair("the set holds the commitments out of seat order")
        self.set_hash = _text(closed.get("hash"), "set hash")
        self.nonce = str(closed.get("nonce") or "")
        self.closer = str(closed.get("closer") or "")
        derived = fairplay.set_hash(self.commits[player] for player in held)
        if derived != self.set_hash:
            raise Unfair(f"the set hash {self.set_hash[:12]}... does not follow from the "
                         f"commitments it holds (they give {derived[:12]}...)")
        self.held = set(held)

    def check_seed(self) -> None:
        seed = self.hand.get("seed")
        if self.set_hash is None:
            return
        if not isinstance(seed, dict):
            reveals = map(self._reveal_of, _array(self.hand.get("reveals")))
            if any(r.get(4) == "ok" for r in reveals):
                raise Unfair("reveals were checked, but the log has no seed")
            return
        if "attested" in seed:
            self.seed = _number(seed["attested"], "the attested seed")
            self.attested.append("the seed")
            return
        roller, value, low, high = (seed.get(i) for i in (1, 2, 3, 4))
        value, low, high = (_number(v, f"the seed roll's {w}") for v, w in
                            ((value, "value"), (low, "low end"), (high, "high end")))
        want = fairplay.seed_range(self.set_hash, self.hand_id, self.nonce)
        if (low, high) != want:
            raise Unfair(f"the seed roll's range {low}-{high} is not the one the set hash and "
                         f"the close give ({want[0]}-{want[1]})")
        if not low <= value <= high:
            raise Unfair(f"the seed roll {value} is outside its range {low}-{high}")
        self._check_roller("the seed", roller, seed.get("by"), self.closer)
        self.seed = value - low

    def _check_roller(self, what: str, roller: object, due: object, closer: object) -> None:
        """A roll binds only by the player it was due from (or one the host named to roll on),
        and never by the sender of the message its range came from."""
        if closer and roller == short(str(closer)):
            raise Unfair(f"{what} was rolled by {roller}, who sent the message its range came "
                         "from")
        allowed = self.rollers | ({short(str(due))} if due else {short(self.dealer)})
        if roller not in allowed:
            raise Unfair(f"{what} was rolled by {roller}, not by its roller "
                         f"({short(str(due or self.dealer))})")

    @staticmethod
    def _reveal_of(item: object) -> dict[Any, Any]:
        return item if isinstance(item, dict) else {}

    def check_reveals(self) -> None:
        for item in map(self._reveal_of, _array(self.hand.get("reveals"))):
            player, secret, code, verdict = (item.get(i) for i in (1, 2, 3, 4))
            if not isinstance(player, str):
                raise Unfair("a reveal names no player")
            self.verdicts[player] = str(verdict)
            if verdict in ("timeout", "dead"):
                self.notes.append(f"{player}'s hand was dead: "
                                  + ("the host's timeout" if verdict == "timeout" else
                                     "they showed other dice before"))
                continue
            if verdict == "none":
                if player in self.held:
                    raise Unfair(f"the table found no commitment of {player}'s, but the set "
                                 "holds one")
                continue
            dice = _faces(code, f"{player}'s dice")
            follows, why = self._follows(player, str(secret or ""), dice)
            if verdict == "unchecked":  # it won nothing (checked once the replay has paid)
                if not follows:
                    self.dice[player] = dice  # shown as claimed, as the table showed it
                    self.unchecked_false.add(player)
                    self.notes.append(f"{player}'s reveal did not follow: it won nothing, so the "
                                      "table never checked it")
                continue
            if verdict == "ok" and not follows:
                raise Unfair(why)
            if verdict == "bad" and follows:
                raise Unfair(f"the table found {player}'s reveal false, but it follows from "
                             f"{player}'s commitment")
            if verdict == "bad":
                self.notes.append(f"{player}'s reveal did not follow: their hand was dead")
            elif verdict != "ok":
                raise Unfair(f"{player}'s reveal has the verdict {shown(str(verdict))}")

    def _follows(self, player: str, secret: str, dice: list[int]) -> tuple[bool, str]:
        if player not in self.commits or player not in self.held:
            return False, f"{player} revealed, but the set holds no commitment of theirs"
        if fairplay.commitment(secret) != self.commits[player]:
            return False, f"{player}'s secret does not give {player}'s commitment"
        if self.seed is None:
            return False, f"{player}'s dice were checked, but the log has no seed"
        derived = fairplay.dice(secret, self.seed, self.hand_id, player, self.set_hash or "",
                                self.faces, self.hidden)
        if dice != derived:
            return False, (f"{player}'s dice {_dice_text(dice)} do not follow from {player}'s "
                           f"secret and the seed (they give {_dice_text(derived)})")
        self.dice[player] = derived
        return True, ""

    # -- the streets -----------------------------------------------------------------------

    def street_dice(self, index: int, name: str, dealer: str, logged: list[int],
                    last_turn: str | None) -> list[int]:
        """The dice of street `index` (the engine's `name` for it) from its roll line, checked
        against its range and roller. `last_turn`: whose betting action came last before it
        (its closing turn's player), None if none yet."""
        rolls = [self._reveal_of(r) for r in _array(self.hand.get("rolls"))]
        found = [r for r in rolls if r.get(5) == index]
        if not found:
            raise Unfair(f"the {name} was dealt, but the log has no roll for it")
        roll = found[0]
        count = self.community[index - 1]
        if "attested" in roll:
            dice = _faces(roll["attested"], f"the {name}'s dice")
            self.attested.append(f"the {name}")
        else:
            roller = roll.get(1)
            value, low, high = (_number(roll.get(i), f"the {name}'s roll {w}") for i, w in
                                ((2, "value"), (3, "low end"), (4, "high end")))
            guided = self.hand.get("mode", "guided") == "guided"
            nonce, closer = str(roll.get("nonce") or ""), str(roll.get("closer") or "")
            if guided:
                want = fairplay.street_range(self.set_hash or "", self.hand_id, index, nonce,
                                             self.faces, count)
                self._check_moment(name, nonce, closer, last_turn)
            else:
                want = fairplay.fixed_street_range(self.table_id, self.number, index,
                                                   self.faces, self.community)
            if (low, high) != want:
                raise Unfair(f"the {name}'s roll range {low}-{high} is not the {name}'s "
                             f"({want[0]}-{want[1]})")
            if not low <= value <= high:
                raise Unfair(f"the {name}'s roll {value} is outside its range {low}-{high}")
            self._check_roller(f"the {name}", roller, roll.get("by") or dealer,
                               closer if guided else "")
            dice = fairplay.street_dice(value, low, self.faces, count)
        if logged and logged != dice:
            raise Unfair(f"the {name} is {_dice_text(logged)} in the hand, but its roll gives "
                         f"{_dice_text(dice)}")
        return dice

    def _check_moment(self, name: str, nonce: str, closer: str, last_turn: str | None) -> None:
        """A street's range comes from the turn that closed the betting before it: its sender
        is that turn's player, or the host acting for them (the log does not say who hosted
        when: a seat); with no turn yet, the close's."""
        if last_turn is None:
            if (nonce, closer) != (self.nonce, self.closer):
                raise Unfair(f"the {name}'s range does not come from the close, the last "
                             "message before it")
        elif closer != last_turn and closer not in (seat for seat, _ in self.seats):
            raise Unfair(f"the {name}'s range comes from {short(closer)}'s message, but the "
                         f"betting before it was closed by {short(last_turn)}")

    # -- the replay ------------------------------------------------------------------------

    def replay(self) -> Table:
        mode = str(self.hand.get("mode", "guided"))
        table = Table(self.ruleset, list(self.seats), mode=mode, dealer=self.dealer)
        # A guided hand opens in its deal phase: its "deal" action deals in the players whose
        # commitments the closed set holds.
        hand = table.new_hand(deal_first=True) if mode == "guided" else table.new_hand()
        if hand.dealer_name != self.dealer:
            raise Unfair(f"the dealer is {self.dealer}, but the button gives {hand.dealer_name}")
        last_turn: str | None = None  # whose betting action came last
        for position, item in enumerate(_array(self.hand.get("actions")), 1):
            player, op, amount, target, code = _action(item)
            said = " ".join(str(x) for x in (short(str(player)), op, amount, target) if x != "")
            where = f"action {position} ({said})"
            if op == "deal":
                if player != hand.dealer_name:
                    raise Unfair(f"{where}: the deal is in the dealer's name "
                                 f"({short(hand.dealer_name)})")
                names = [name for name in str(target).split(",") if name]
                if names != [p for p in (name for name, _ in self.seats) if p in self.held]:
                    raise Unfair(f"{where}: the players dealt in are not the ones whose "
                                 "commitments the set holds")
                try:
                    hand.deal_in(names)  # type: ignore[attr-defined]
                except IllegalAction as exc:
                    raise Unfair(f"{where}: {exc}") from None
                continue
            if op == "dealer":  # the host named who rolls on (the button stays)
                try:
                    hand.seat_of(str(player))
                except IllegalAction as exc:
                    raise Unfair(f"{where}: {exc}") from None
                continue
            dice = None
            if op in hand.streets:
                index = len(hand.community) + 1
                dice = self.street_dice(index, str(op), hand.dealer_name,
                                        _faces(code, f"the {op}'s dice"), last_turn)
            elif op in BETTING_OPS:
                last_turn = str(player)
            elif op == "show" and self.hand.get("mode", "guided") == "guided" \
                    and self.set_hash is not None:
                if self.verdicts.get(str(player)) not in ("ok", "unchecked"):
                    raise Unfair(f"{where}: {player} showed without a reveal that follows")
                dice = self.dice[str(player)]
                if code and _faces(code, f"{player}'s dice") != dice:
                    raise Unfair(f"{where}: {player} showed {code}, not the dice their secret "
                                 f"gives ({_dice_text(dice)})")
            elif code:
                dice = _faces(code, f"{where}'s dice")
            if dice is not None:  # the log's faces are 1-based, the engine's 0-based
                dice = [face - 1 for face in dice]
            try:
                table.act(str(player), str(op), None if amount == "" else amount, dice=dice,
                          target=None if target == "" else target)
            except IllegalAction as exc:
                raise Unfair(f"{where}: the rules refuse it: {exc}") from None
        return table

    # -- the whole hand ----------------------------------------------------------------------

    def run(self) -> HandVerdict:
        self.seats = []
        for item in _array(self.hand.get("seats")):
            name, bank = [*_array(item), None, None][:2]
            self.seats.append((_text(name, "seat's name"), _number(bank, f"{name}'s bank")))
        if not self.seats:
            raise Unfair("the log has no seats")
        self.dealer = _text(self.hand.get("dealer"), "dealer")
        # Who else may have rolled: a roller the host named to deal on (a line can come after
        # the order naming the next).
        actions = map(_action, _array(self.hand.get("actions")))
        self.rollers = {short(action[0]) for action in actions if action[1] == "dealer"}
        self.nonce, self.closer = "", ""
        self.held: set[str] = set()
        self.check_commitments()
        self.check_seed()
        self.check_reveals()
        table = self.replay()
        banks = self.hand.get("banks") if isinstance(self.hand.get("banks"), dict) else {}
        if self.hand.get("void"):
            start = dict(self.seats)
            for name, bank in banks.items():
                if start.get(name) != bank:
                    raise Unfair(f"the hand is void, but {name}'s bank {bank} is not what it was "
                                 f"at the start ({start.get(name)})")
            return self.verdict(True, notes=["void: every bet went back"])
        hand = table.hand
        assert hand is not None
        if not self.hand.get("over"):
            if hand.over:
                raise Unfair("the hand is over after its actions, but the log does not say so")
            return self.verdict(None, "the file was written during it; what it has follows")
        if not hand.over:
            raise Unfair(f"the log says the hand is over, but after its actions "
                         f"{hand._waiting_for()}")
        for player in sorted(self.unchecked_false):
            if hand.payouts.get(player):
                raise Unfair(f"{player}'s reveal does not follow, but the table paid it without "
                             "checking it")
        won = self.hand.get("won") if isinstance(self.hand.get("won"), dict) else {}
        if won != hand.payouts:
            raise Unfair(f"the awards do not follow: the log has {self._chips(won)}, the rules "
                         f"give {self._chips(hand.payouts)}")
        for name, bank in table.banks.items():
            if banks.get(name) != bank:
                raise Unfair(f"{name}'s bank at the end is {banks.get(name)} in the log, but the "
                             f"hand leaves {bank}")
        extra = sorted(set(banks) - set(table.banks))
        if extra:
            raise Unfair(f"the log has a bank for {extra[0]}, who was not seated")
        return self.verdict(True)

    @staticmethod
    def _chips(chips: dict[str, int]) -> str:
        return ", ".join(f"{name} {amount}" for name, amount in sorted(chips.items())) or "none"

    def verdict(self, fair: bool | None, reason: str = "", notes: list[str] | None = None
                ) -> HandVerdict:
        notes = self.notes + (notes or [])
        if self.attested:
            what = self.attested
            listed = what[0] if len(what) == 1 else ", ".join(what[:-1]) + " and " + what[-1]
            one = len(what) == 1
            notes.append(f"{listed} as the host attested {'it' if one else 'them'}: this client "
                         f"did not see {'its roll line' if one else 'their roll lines'}")
        return HandVerdict(self.table_id, self.number, fair, reason, tuple(notes),
                           witnessed=not self.attested)


def check_hand(hand: dict[Any, Any], ruleset_for: Callable[[str], Ruleset]) -> HandVerdict:
    table = str(hand.get("table", "?"))
    number = hand.get("hand", "?")
    try:
        ruleset = ruleset_for(str(hand.get("ruleset", "")))
        fingerprint = hand.get("fingerprint")
        if isinstance(fingerprint, str):
            ours = ruleset_fingerprint(ruleset)
            if ours is not None and ours != fingerprint:
                raise Unfair(f"the table's ruleset fingerprint {fingerprint} is not "
                             f"{ruleset.id}'s ({ours})")
        return HandCheck(hand, ruleset).run()
    except Unfair as exc:
        reason = str(exc)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        reason = f"the log's record of it is malformed ({shown(str(exc))})"
    return HandVerdict(table, number if isinstance(number, int) else 0, False, reason)


def check_log(log: dict[Any, Any], ruleset_for: Callable[[str], Ruleset]) -> Iterator[HandVerdict]:
    """Each hand's verdict, oldest first; a hand's banks at its start must also be what the
    hand before it at the same table left, for every player in both."""
    if log.get("version") != LOG_VERSION:
        yield HandVerdict("?", 0, False, f"the log is version {log.get('version')}; this pyhost "
                          f"reads version {LOG_VERSION}")
        return
    before: dict[Any, Any] | None = None
    for hand in _array(log.get("hands")):
        if not isinstance(hand, dict):
            continue
        broken = _continuity(before, hand)
        if broken:
            number = hand.get("hand")
            yield HandVerdict(str(hand.get("table", "?")),
                              number if isinstance(number, int) else 0, False, broken)
        else:
            yield check_hand(hand, ruleset_for)
        before = hand


def _continuity(before: dict[Any, Any] | None, hand: dict[Any, Any]) -> str:
    """Why the banks at this hand's start are not what the hand before it left, if they are
    not (for the next hand at the same table, for every player in both)."""
    if before is None or before.get("table") != hand.get("table") or not isinstance(
            hand.get("hand"), int) or before.get("hand") != hand["hand"] - 1:
        return ""
    left = before.get("banks")
    if not isinstance(left, dict) or not (before.get("over") or before.get("void")):
        return ""
    for seat in map(_array, _array(hand.get("seats"))):
        if len(seat) >= 2 and left.get(seat[0]) is not None and left[seat[0]] != seat[1]:
            return (f"{seat[0]}'s bank at the start is {seat[1]}, but hand {before['hand']} "
                    f"left {left[seat[0]]}")
    return ""


def rulesets(override: Ruleset | None) -> Callable[[str], Ruleset]:
    """The ruleset a hand names: `override` if given, else the shipped ruleset of that id."""
    cache: dict[str, Ruleset] = {}

    def ruleset_for(ruleset_id: str) -> Ruleset:
        if override is not None:
            if ruleset_id and override.id != ruleset_id:
                raise Unfair(f"the table played {ruleset_id}, not {override.id}")
            return override
        if ruleset_id not in cache:
            try:
                cache[ruleset_id] = load_ruleset(ruleset_id)
            except FileError:
                raise Unfair(f"the table played {shown(ruleset_id)}, which is not a shipped "
                             "ruleset: give its file with --ruleset") from None
        return cache[ruleset_id]

    return ruleset_for


def verify_file(path: Path, ruleset: Ruleset | None = None) -> list[LogVerdict]:
    """Every hand log in a SavedVariables file, checked (LogFileError if there is none)."""
    out = []
    for variable, log in read_logs(path).items():
        hands = tuple(check_log(log, rulesets(ruleset)))
        kept_by = tuple(dict.fromkeys(str(h.get("by")) for h in _array(log.get("hands"))
                                      if isinstance(h, dict) and h.get("by")))
        out.append(LogVerdict(variable, kept_by, hands))
    return out
