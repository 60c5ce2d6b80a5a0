"""Fair play's arithmetic in Python: what the addon's Fair.lua computes, for tests and the demo.

A player's hidden dice derive from a hash of their secret, the seed, the hand id, their full
name and the hash of every commitment at the table, mapped to faces by rejection sampling.
The seed is a roll of a range the set's hash, the hand and the host's close nonce give
(seed_range), less its low end: no roll made before the close can be taken for it, except
by chance. A street's range comes the same way from the nonce of the turn that closed the
betting before it (street_range). The secret itself is the SHA-256 of
what the client gathered when the player typed /tdeal. Everything here is the same arithmetic
as Fair.lua; the tests prove it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence

SEED_WIDTH = 500_000  # the seed roll's width (Fair.SEED_WIDTH)
MAX_ROLL = 1_000_000  # the largest roll the server makes
HEX64 = re.compile(r"[0-9A-Fa-f]{64}")  # what Fair.packed takes as 32 bytes


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def secret_from(randoms: Sequence[int], milliseconds: int, epoch: int, name: str,
                counter: int) -> str:
    """The secret a client makes from four math.random values, GetTime in ms, time(), its
    full name and how many secrets it has made since login."""
    parts = [*map(str, randoms), str(milliseconds), str(epoch), name, str(counter)]
    return sha256_hex(":".join(parts))


def packed(text: str) -> bytes:
    """What goes into a hash for a secret, a commitment or the set hash (Fair.packed): 64 hex
    digits as their 32 bytes, anything else as its UTF-8."""
    if HEX64.fullmatch(text):
        return bytes.fromhex(text)
    return text.encode("utf-8")


def commitment(secret: str) -> str:
    """SHA-256 of "commit|" and the secret's 32 bytes."""
    return hashlib.sha256(b"commit|" + packed(secret)).hexdigest()


def set_hash(commitments: Iterable[str]) -> str:
    """The hash of every commitment, in seat order, each as its first 16 bytes after a byte of
    its length."""
    pieces = (packed(item)[:16] for item in commitments)
    return hashlib.sha256(b"".join(bytes([len(piece)]) + piece for piece in pieces)).hexdigest()


def hand_key(commitments_hash: str, hand_id: str) -> bytes:
    """The hand's key (Fair.hand_key): SHA-256 of "key|", the set hash's 32 bytes, "|" and the
    hand id; the ranges and the dice hash it in place of the set hash and the hand id."""
    return hashlib.sha256(b"key|" + packed(commitments_hash) + b"|" + hand_id.encode()).digest()


def _hand_offset(commitments_hash: str, hand_id: str, label: str, nonce: str, width: int) -> int:
    """The low end of a roll range `width` wide (Fair.offset): from the first 4 bytes of the
    SHA-256 of the hand's key, `label`, "|" and the nonce, within the server's 1-MAX_ROLL."""
    digest = hashlib.sha256(hand_key(commitments_hash, hand_id) + f"{label}|{nonce}".encode())
    return 1 + int.from_bytes(digest.digest()[:4], "big") % (MAX_ROLL - width + 1)


def _offset(*parts: object, width: int) -> int:
    """The low end of a draw game's roll range `width` wide (OpenRolls.range): from the first 8
    hex digits of the SHA-256 of `parts` joined by '|', within the server's 1-MAX_ROLL."""
    number = int(sha256_hex("|".join(str(part) for part in parts))[:8], 16)
    return 1 + number % (MAX_ROLL - width + 1)


def seed_range(commitments_hash: str, hand_id: str, nonce: str) -> tuple[int, int]:
    """The range (low, high) of the seed roll (Fair.seed_range): SEED_WIDTH wide, at an offset
    from the hand's key (the set hash and the hand id) and the nonce of the host's close, so
    nobody knows it before the close exists. The seed is the roll less `low`."""
    low = _hand_offset(commitments_hash, hand_id, "seed", nonce, SEED_WIDTH)
    return low, low + SEED_WIDTH - 1


def street_range(commitments_hash: str, hand_id: str, street: int, nonce: str, faces: int,
                 count: int) -> tuple[int, int]:
    """The range (low, high) of a street's roll at a guided table (Fair.street_range): exactly
    faces^count wide, at an offset from the hand's key, the street (1-based, as "st1") and the
    nonce of the turn that closed the betting before it (or of the close, with no turn yet), so
    nobody knows it before that turn exists. The dice are the roll less `low`, as base-faces
    digits (street_dice)."""
    width = faces ** count
    low = _hand_offset(commitments_hash, hand_id, f"st{street}", nonce, width)
    return low, low + width - 1


def fixed_street_range(table_id: str, hand: int, street: int, faces: int,
                       community: Sequence[int]) -> tuple[int, int]:
    """The range (low, high) of a street's roll at a manual table (Dice.street_range): exactly
    faces^community[street - 1] wide, at an offset unique to the table, the hand and the
    street (1-based)."""
    block = faces ** max(community)
    seed = 0
    for byte in table_id.encode():
        seed = (seed * 31 + byte) % 1000003
    slot = (seed + (hand - 1) * len(community) + (street - 1)) % (MAX_ROLL // block)
    low = 1 + slot * block
    return low, low + faces ** community[street - 1] - 1


def draw_range(table_id: str, round_number: int, player: str, roll: int, faces: int,
               count: int) -> tuple[int, int]:
    """The range (low, high) of a draw game's open roll (OpenRolls.range): exactly faces^count
    wide, at an offset unique to the game (its table id), the round (from 1 at the table), the
    player ("Name-Realm") and the roll (from 1 within his turn that round). The dice are the
    roll less `low`, as base-faces digits (street_dice)."""
    width = faces ** count
    low = _offset("draw", table_id, round_number, player, roll, width=width)
    return low, low + width - 1


def street_dice(value: int, low: int, faces: int, count: int) -> list[int]:
    """The 1-based faces a street's roll of `value` in a range from `low` gives
    (Dice.from_roll): the offset's base-faces digits, most significant first."""
    out, n = [0] * count, value - low
    for i in range(count - 1, -1, -1):
        out[i] = n % faces + 1
        n //= faces
    return out


def dice(secret: str, seed: int, hand_id: str, name: str, commitments_hash: str, faces: int,
         count: int) -> list[int]:
    """1-based faces from the hash stream SHA-256(secret's 32 bytes, hand key, seed "|" name
    "|" block), block 0, 1, ...: bytes each kept only below the largest multiple of `faces`, so
    every face is equally likely."""
    return keyed_dice(packed(secret), seed, hand_key(commitments_hash, hand_id), name, faces,
                      count)


def keyed_dice(secret: bytes, seed: int, key: bytes, name: str, faces: int,
               count: int) -> list[int]:
    """`dice` from the secret's packed bytes and the hand key, made once a hand."""
    limit = 256 - 256 % faces
    out: list[int] = []
    block = 0
    head = secret + key + f"{seed}|{name}|".encode()
    while len(out) < count:
        for byte in hashlib.sha256(head + str(block).encode()).digest():
            if byte < limit:
                out.append(byte % faces + 1)
                if len(out) == count:
                    break
        block += 1
    return out


def dealt_set_hash(players: Sequence[str], randoms: dict[str, Sequence[int]], *,
                   milliseconds: int, epoch: int, counter: int) -> str:
    """The set hash when every one of `players` (in seat order) deals at once with these
    math.random values (as `grind` gives them)."""
    return set_hash(commitment(secret_from(randoms[name], milliseconds, epoch, name, counter))
                    for name in players)


def grind(players: Sequence[str], wanted: dict[str, Sequence[int]], *, milliseconds: int,
          epoch: int, counter: int, seed: int, hand_id: str, faces: int, hidden: int,
          limit: int = 1_000_000) -> dict[str, list[int]]:
    """The math.random values each player's client must draw at /tdeal (four each) for the
    `wanted` players (1-based faces) to get those dice under this seed (the seed roll less
    its range's low end: see seed_range), found by trial.

    Everyone deals at the same instant (`milliseconds`, `epoch`); `players` are in seat
    order, as the set hash takes their commitments."""
    # Only the first player's values change from one attempt to the next (the set hash, and
    # so everyone's dice, change with them): the others' secrets and the set hash's other
    # pieces are made once, and each attempt hashes bytes as packed() would give them.
    first, others = players[0], {name: [11, 22, 33, 44] for name in players}
    secrets = {name: packed(secret_from(others[name], milliseconds, epoch, name, counter))
               for name in players}
    rest = b"".join(b"\x10" + hashlib.sha256(b"commit|" + secrets[name]).digest()[:16]
                    for name in players[1:])  # (set_hash's pieces: a length byte, 16 bytes)
    tail, hand = f":22:33:44:{milliseconds}:{epoch}:{first}:{counter}", b"|" + hand_id.encode()
    wants = [(name, list(want)) for name, want in wanted.items()]
    for attempt in range(1, limit):
        secret = hashlib.sha256(f"{attempt}{tail}".encode()).digest()  # secret_from's, packed
        secrets[first] = secret
        mine = hashlib.sha256(b"commit|" + secret).digest()[:16]
        set_digest = hashlib.sha256(b"\x10" + mine + rest).digest()
        key = hashlib.sha256(b"key|" + set_digest + hand).digest()  # hand_key's
        if all(keyed_dice(secrets[name], seed, key, name, faces, hidden) == want
               for name, want in wants):
            return others | {first: [attempt, 22, 33, 44]}
    raise ValueError(f"no secrets found in {limit} attempts")
