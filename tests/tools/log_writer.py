"""A separate process that logs a long game as fast as it can (for the crash-safety test).

Usage: python -m tests.tools.log_writer STORE EVENTS
It resumes the unfinished game of the store if there is one, else sets up a 4-player game, then
appends EVENTS events, printing "saved SEQ" after each one is committed.
"""

from __future__ import annotations

import sys

from companion.storage import GameStore

PLAYERS = [{"name": "Anna", "wonder": "gizah", "side": "A"}, {"name": "Boris", "wonder": "rhodes", "side": "B"},
           {"name": "Chen", "wonder": "ephesos", "side": "A"}, {"name": "Dara", "wonder": "babylon", "side": "B"}]
CARDS = ["lumber_yard", "stone_pit", "clay_pool", "ore_vein", "loom", "glassworks", "press", "baths", "altar",
         "theater", "stockade", "barracks", "guard_tower", "apothecary", "workshop", "scriptorium"]


def main(path: str, count: int) -> None:
    store = GameStore(path)
    game = store.unfinished()
    if game is None:
        game = store.new_game(PLAYERS)
        print("game", game, flush=True)
    state = store.state(game).document
    held = {c for p in state["players"] for c in p["cards"]}
    for index in range(count):
        seat = index % 4
        free = [c for c in CARDS if c not in held]
        if index % 7 == 0 and free:
            card = free[0]
            held.add(card)
            seq = store.append(game, "card_confirmed", {"seat": seat, "card": card}, source="camera")
        else:
            seq = store.append(game, "coins_changed", {"seat": seat, "coins": (index * 7) % 40, "delta": 1})
        print("saved", seq, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
