"""The BG Stats play as a QR code: compact (no empty fields, no values BG Stats assumes), readable
back to the same play, small enough for a phone to read from a screen, or none at all (then the app
shares the play file) for 7 players with long Cyrillic names: never a crash."""

from __future__ import annotations

import json
import urllib.parse

from companion.app.bgstats import LINK, MAX_QR_VERSION, compact_play, play_link, qr_for_play


def _play(names: list[str]) -> dict[str, object]:
    """A play as companion.storage.exchange.export_bgstats writes it."""
    players = [{"name": name, "sourcePlayerId": name, "score": 40 + seat, "winner": seat == len(names) - 1,
                "startPlayer": False, "rank": len(names) - seat, "role": "Babylon B"}
               for seat, name in enumerate(names)]
    return {"sourceName": "Table Companion for 7 Wonders",
            "sourcePlayId": "0f8e9b7c-5a4d-4c3b-9a1f-2e3d4c5b6a7f", "playDate": "2026-11-23 20:31:05",
            "game": {"name": "7 Wonders", "sourceGameId": "7wonders", "bggId": 68448, "highestWins": True,
                     "noPoints": False},
            "players": players, "durationMin": 48}


def test_the_compact_play_drops_only_what_bg_stats_assumes() -> None:
    play = _play(["Anna", "Boris", "Vera"])
    play["location"] = ""
    compact = compact_play(play)
    assert "location" not in compact
    assert compact["game"] == {"name": "7 Wonders", "sourceGameId": "7wonders", "bggId": 68448}
    anna = compact["players"][0]
    assert "startPlayer" not in anna
    # BG Stats needs an explicit winner, even a false one (its Android app fails without it).
    assert anna["winner"] is False and compact["players"][2]["winner"] is True
    assert {"sourceName", "sourcePlayId", "playDate", "players", "durationMin"} <= set(compact)


def test_the_link_reads_back_to_the_play() -> None:
    play = _play(["Анна", "Борис", "Вера"])
    link = play_link(play)
    assert link.startswith(LINK)
    assert json.loads(urllib.parse.unquote(link[len(LINK):])) == compact_play(play)


def test_three_players_fit_a_small_code() -> None:
    # The play as it was written before (version 26 at error correction M) now takes version 19 at L.
    code = qr_for_play(_play(["Anna", "Boris", "Vera"]))
    assert code is not None and code.version <= MAX_QR_VERSION


def test_seven_long_cyrillic_names_give_a_readable_code_or_none() -> None:
    names = [f"Александра-Константинопольская {n}" for n in range(7)]
    assert qr_for_play(_play(names)) is None            # far past any QR code: the file is shared instead
    seven = qr_for_play(_play(["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Зоя"]))
    assert seven is None or seven.version <= MAX_QR_VERSION
    assert "startPlayer" not in play_link(_play(["Анна"])) and "rank" not in play_link(_play(["Анна"]))


def test_four_players_with_their_stable_ids_still_fit_a_code() -> None:
    from companion.storage.player_ids import ID_ALPHABET, ID_LENGTH

    play = _play(["Anna", "Boris", "Vera", "Gleb"])
    for seat, player in enumerate(play["players"]):           # ids as the log makes them (storage.player_ids)
        player["sourcePlayerId"] = (ID_ALPHABET[-1 - seat] * ID_LENGTH)
    code = qr_for_play(play)
    assert code is not None and code.version <= MAX_QR_VERSION
