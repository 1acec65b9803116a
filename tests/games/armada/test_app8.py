"""An 8-player Armada team game played by taps in the app, in Russian on the 800x480 screen
(tests/games/armada/game8_script.py, in its own process: one Kivy window per process): New game
with eight seats and the eighth wonder described (Petra: stone, stages of 3/0/7 points and 0/2/0
shields), teams of two, three short ages, the score pad, history, BG Stats and statistics. The
totals below are worked out by hand from the Armada rulebook.

Screenshots (with COMPANION_SCREENSHOTS=1): tests/output/screens/armada8-ru-800x480-*.png.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.gamedata.components import read_components
from companion.storage import GameStore
from companion.storage.exchange import export_bgstats, export_csv, export_json, import_game

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("armada8-app")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_COMPONENTS": str(folder / "components.json")}
    out = folder / "out.json"
    subprocess.run([sys.executable, "-m", "tests.games.armada.game8_script", str(out), "ru", "800x480"], cwd=ROOT,
                   env=env, check=True, timeout=900, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return {**json.loads(out.read_text(encoding="utf-8")), "components": str(folder / "components.json")}


def test_an_eight_player_team_game_by_taps(played: dict[str, Any]) -> None:
    # Seats clockwise: Anna, Boris | Chen, Dara | Emil, Fatima | Gleb, Hana (teams of two neighbours).
    # Partners do not fight; each player fights the neighbour of the other team, for two tokens:
    # Boris-Chen, Dara-Emil, Fatima-Gleb, Hana-Anna. Only Anna (Stockade: 1 shield) and Hana (Petra's
    # stage 2: 2 shields) have shields. Age I: Anna 1 beats Hana 0 (+1 +1 / -1 -1); Ages II and III:
    # Hana 2 beats Anna 1 (+3 +3, +5 +5 / -1 -1 each). Every other battle is a tie: no token.
    assert played["tokens"] == [[-1, -1, -1, -1, 1, 1], [], [], [], [], [], [], [-1, -1, 3, 3, 5, 5]]
    assert "\u22121\u00a0\u22121 Hana 0 : 1 Anna +1\u00a0+1" in played["age1"]     # two tokens each, unbroken
    # Naval (every player against all): Age I Gleb's red ship on space 1 (1 naval shield, entered in
    # the app) is strongest: +3; the seven at 0 tie for last: -1 each. Boris joins him on space 1 in
    # Age II: both tied first take the second place's 3; the six at 0 take -2. Age III: the same tie
    # takes the second place's 5; the six at 0 take -3.
    assert played["naval"] == [[-1, -2, -3], [-1, 3, 5], *[[-1, -2, -3]] * 4, [3, 3, 5], [-1, -2, -3]]
    assert played["asked"] == ["Поле Порта 7, красный флот, ячейка 1: сколько Морских Щитов?"]
    assert played["coins"] == [3] * 8                             # 1 point of treasury each
    # Totals: Anna -2 + 1 - 6 = -7; Boris 1 + 7 = 8; Chen, Dara, Emil, Fatima 1 - 6 = -5;
    # Gleb 1 + 11 = 12; Hana 14 + 1 + 10 (Petra's three stages: 3 + 0 + 7) - 6 + 2 (her blue ship on
    # space 1, worth 2 points on this table's board) = 21.
    assert played["totals"] == {"Anna": -7, "Boris": 8, "Chen": -5, "Dara": -5, "Emil": -5, "Fatima": -5,
                                "Gleb": 12, "Hana": 21}
    # Teams: Gleb + Hana 33, Anna + Boris 1, Chen + Dara and Emil + Fatima -10 (shared third).
    assert [(t["players"], t["total"], t["rank"]) for t in played["teams"]] == [
        (["Anna", "Boris"], 1, 2), (["Chen", "Dara"], -10, 3), (["Emil", "Fatima"], -10, 3),
        (["Gleb", "Hana"], 33, 1)]
    assert played["winner"] == "Побеждает команда: Gleb + Hana (33)"


def test_a_fleet_value_kept_for_this_game_only(played: dict[str, Any]) -> None:
    # Hana's blue ship reached space 1; its points were entered with "This game only": the game's
    # log holds them as her port's fleet_values, the box's components file does not.
    assert played["this_game"] == "Поле Порта 8, синий флот, ячейка 1: сколько Победных Очков?"
    assert played["fleet_values"] == [None] * 7 + [{"blue": {"vp": 2}}]
    assert read_components(Path(played["components"])) == {"fleet.red.1.naval_shields": 1}


def test_the_eighth_wonder_is_named_and_entered_by_hand(played: dict[str, Any]) -> None:
    # The city says the camera cannot see this board; the pad, the detail and the statistics name it.
    assert "нет наклейки" in played["hana_detail"] and played["hana_detail"].startswith("Petra")
    assert any("Petra" in text for text in played["score_texts"]) and any("Petra" in t for t in played["detail"])
    assert "Чудо Света из другого дополнения" in played["stats"]       # its side means nothing: not said
    assert any("[b]Hana[/b] — Petra" in text and "этапов: 3" in text for text in played["detail"])
    # The history's pad shows Armada's rows too (laid across at 8 players: each under its icon).
    assert {"naval", "islands", "port"} <= set(played["detail_rows"])


def test_the_score_pad_of_eight_fits_the_small_screen_and_its_picture(played: dict[str, Any]) -> None:
    assert played["pad_fits"]
    assert Path(played["picture"]).stat().st_size > 10_000


def test_the_finished_game_exports_and_replays(played: dict[str, Any], tmp_path: Path) -> None:
    store = GameStore(played["store"])
    game = played["game_id"]
    play = export_bgstats(store, game)
    assert [p["role"] for p in play["players"]][-1] in ("Petra A", "Petra B")
    assert [p["winner"] for p in play["players"]] == [False] * 6 + [True] * 2
    rows = export_csv(store, [game]).splitlines()[1:]
    assert [row.split(",")[6] for row in rows][-1] == "other"
    document = export_json(store, game)
    assert document["events"][0]["payload"]["players"][7]["other_wonder"] == {
        "name": "Petra", "resource": "stone", "stages": 3, "stage_points": [3, 0, 7], "stage_shields": [0, 2, 0]}
    fresh = GameStore(tmp_path / "imported.sqlite3")
    imported = import_game(fresh, document)
    assert {line["name"]: line["total"] for line in fresh.game(imported).sheet["players"]} == played["totals"]
