"""Each player's stable id in the game log, so that what reads the log (BG Stats first: it remembers
which of its players a ``sourcePlayerId`` is) knows a player by more than a name that may change.

A game's ``game_set_up`` event gives each player an ``id``. A new game gives a player the id last
logged with their name (the same person as last time), the id of the player renamed to that name
(`rename_player`), or a new id for a name never seen (derived from that name, so that two devices
agree on it, and kept from then on whatever the player is called). Logs written before ids have
none: there a player's id is their name, which is what the BG Stats export sent as the id before, so
the matches players already made in BG Stats still hold, and a player from those games keeps that id
when the next game logs it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import string
from collections.abc import Sequence
from typing import Any

__all__ = ["RENAMED_SETTING", "new_player_ids", "player_id", "rename_player"]

RENAMED_SETTING = "players.renamed"
"""The setting holding renamed players: new name -> the id they keep."""
ID_ALPHABET = string.digits + string.ascii_lowercase
ID_LENGTH = 6
"""A new id: 6 letters and digits (2 billion of them), short because every player's id travels in the
BG Stats QR code (a 4-player play still fits it)."""


def _derived_id(name: str, attempt: int) -> str:
    """A new player's id, from a hash of the name they first played under: the same on every device
    (two logs give a new "Anna" the same id), and an opaque string rather than the name itself."""
    number = int.from_bytes(hashlib.sha256(f"{attempt}:{name}".encode()).digest()[:8], "big")
    digits = []
    for _ in range(ID_LENGTH):
        number, digit = divmod(number, len(ID_ALPHABET))
        digits.append(ID_ALPHABET[digit])
    return "".join(digits)


def player_id(entry: dict[str, Any]) -> str:
    """The id of a player of a ``game_set_up`` payload: the one logged, else (a log from before ids) the name."""
    return str(entry.get("id") or entry["name"])


def _logged_ids(db: sqlite3.Connection, names: set[str]) -> dict[str, str]:
    """The id last logged with each of `names` (the newest game first)."""
    found: dict[str, str] = {}
    for (payload,) in db.execute("SELECT payload FROM events WHERE kind = 'game_set_up' AND seq = 1 "
                                 "ORDER BY game_id DESC"):
        for entry in json.loads(payload).get("players", []):
            name = entry.get("name")
            if name in names and name not in found:
                found[name] = player_id(entry)
        if len(found) == len(names):
            break
    return found


def _every_id(db: sqlite3.Connection) -> set[str]:
    """Every id the log has given a player."""
    return {player_id(entry) for (payload,) in db.execute("SELECT payload FROM events WHERE kind = 'game_set_up' "
                                                          "AND seq = 1")
            for entry in json.loads(payload).get("players", [])}


def new_player_ids(db: sqlite3.Connection, names: Sequence[str], renamed: dict[str, str]) -> list[str]:
    """The ids of a new game's players, named `names` clockwise: a renamed player's kept id, else the
    id last logged with the name, else a new one; never the same id twice in one game."""
    logged = _logged_ids(db, {n for n in names if n not in renamed})
    ids: list[str] = []
    taken: set[str] | None = None
    for name in names:
        known = renamed.get(name) or logged.get(name)
        if known and known not in ids:
            ids.append(known)
            continue
        if taken is None:
            taken = _every_id(db) | set(renamed.values())
        attempt = 0
        while (candidate := _derived_id(name, attempt)) in taken or candidate in ids:
            attempt += 1                              # another player has it already: hash again
        ids.append(candidate)
    return ids


def rename_player(store: Any, old: str, new: str) -> str:
    """From now on, a player set up as `new` is the player known as `old` (their id); return the id.

    Games already logged keep the name they were played under; the id joins them. The old name still
    finds the player too. Read and written in one transaction: a refused rename changes nothing.

    :raises ValueError: for an empty or too long new name, the same name, a new name the log already
        knows (another player's, or one given by an earlier rename), or an old name it has never seen.
    """
    old, new = old.strip(), new.strip()
    if not new or len(new) > 40:
        raise ValueError("a player's name has 1 to 40 characters")
    if new == old:
        raise ValueError(f"{old!r} is already the player's name: give a new one")
    with store.atomic() as db:
        renamed: dict[str, str] = dict(store.setting(RENAMED_SETTING, {}))
        if new in renamed or _logged_ids(db, {new}):
            raise ValueError(f"{new!r} is already a player's name in the game log: choose another")
        known = renamed.get(old) or _logged_ids(db, {old}).get(old)
        if known is None:
            raise ValueError(f"no player named {old!r} in the game log")
        renamed[new] = known
        db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                   (RENAMED_SETTING, json.dumps(renamed, ensure_ascii=False)))
    return known
