"""Armada played by taps in the app, in Russian on the 800x480 screen (tests/games/armada/game_script.py,
in its own process: one Kivy window per process): a 4-player game with Armada cards, piracy, a tax,
exploration, a discard, an incursion and naval conflicts with ties, every value printed only as an
icon entered in the app where it is first needed; then a 6-player team game on the same box, which
asks nothing again. The totals below are worked out by hand from the rulebook.

Screenshots (with COMPANION_SCREENSHOTS=1): tests/output/screens/armada-ru-*.png.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.gamedata.components import read_components

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    folder = tmp_path_factory.mktemp("armada-app")
    components = folder / "components.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_COMPONENTS": str(components)}
    out = folder / "out.json"
    subprocess.run([sys.executable, "-m", "tests.games.armada.game_script", str(out)], cwd=ROOT, env=env,
                   check=True, timeout=900, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return json.loads(out.read_text(encoding="utf-8")), components


def test_a_four_player_armada_game_by_taps(played: tuple[dict[str, Any], Path]) -> None:
    result, components = played
    four = result["four"]
    # The values asked, each once, in the player's language, where the game first needed them.
    assert four["asked"] == [
        "Поле Порта 1, красный флот, ячейка 1: сколько Морских Щитов?",
        "Поле Порта 3, жёлтый флот, ячейка 1: сколько Монет?",
        "Поле Порта 3, жёлтый флот, ячейка 1: какой Налог?",
        "Поле Порта 3, жёлтый флот, ячейка 2: какой Торговый Уровень?",
        "Поле Порта 1, зелёный флот, ячейка 1: Остров какого уровня исследуется (0 — никакой)?",
        "Поле Порта 4, синий флот, ячейка 1: сколько Победных Очков?",
        "Поле Порта 2, красный флот, ячейка 2: сколько Морских Щитов?",
    ]
    assert read_components(components) == {
        "fleet.red.1.naval_shields": 1, "fleet.yellow.1.coins": 0, "fleet.yellow.1.tax": 0,
        "fleet.yellow.2.trade_level": 1, "fleet.green.1.explore": 0, "fleet.blue.1.vp": 1,
        "fleet.red.2.naval_shields": 2}
    # Turn 1: Boris built Pirate Cache (3 coins from the bank at once); his piracy takes 1 coin per
    # trade level from every other player: Vera's yellow ship on space 1 (trade level 1) loses 1.
    assert "Vera: Корабль (жёлтый) на ячейку 1 · Пиратство игрока Boris: 1 монета в банк  —  −1" in four["turn1"]
    # Turn 2: Vera's yellow ship reaches space 2: 2 coins and a tax of 1, which Anna, Boris and Dara
    # (trade level 0) pay; Dara's Dock gives Boris (two seats away at 4 players) an incursion token.
    assert "Vera: Корабль (жёлтый) на ячейку 2 · 2 монеты из банка · собирает Налог 1  —  +2" in four["turn2"]
    assert "Boris: Налог игрока Vera: 1 монета в банк  —  −1" in four["turn2"]
    assert "Пристань игрока Dara: жетон Вторжения игроку Boris" in four["turn2"]
    # Age I, naval: Anna 1 (red space 1); Boris, Vera and Dara 0 tie for last and each take -1.
    assert "Anna: морская сила 1   —   +3" in four["age1"]
    assert all(f"{name}: морская сила 0   —   \u22121" in four["age1"] for name in ("Boris", "Vera", "Dara"))
    # Coins: 3 each; Boris +3 (Pirate Cache); turn 1 Vera -1; turn 2 Vera +2, the others -1;
    # Age II Vera discards for 3 coins: Anna 2, Boris 5, Vera 7, Dara 2. Nobody corrected anything.
    assert four["coins"] == [2, 5, 7, 2]
    # Land: Dara's 1 shield (Dock) beats Vera and Anna in every age (+1, +3, +5) and Boris once, through
    # the incursion of Age I (the token then goes back to the reserve).
    assert four["tokens"] == [[-1, -1, -1], [-1], [-1, -1, -1], [1, 1, 1, 3, 3, 5, 5]]
    # Naval: I: Anna +3, the others -1. II: Boris 2 (red space 2) +5, Anna 1 +3, Vera and Dara 0 -2.
    # III: Anna 2 and Boris 2 tie for first and both take the second place's 5; Dara 1 (Coastal
    # Defenses) takes the third place's 3; Vera 0 takes -3.
    assert four["naval"] == [[3, 3, 5], [-1, 5, 5], [-1, -2, -3], [-1, -2, 3]]
    # Totals: Anna -3 military + 0 treasury + 11 naval = 8; Boris -1 + 1 (5 coins) + 9 = 9;
    # Vera -3 + 2 (7 coins) - 6 + 3 (Inhabited Island, taken when her green ship explored) = -4;
    # Dara 19 + 0 + 0 naval + 1 (blue ship on space 1) = 20.
    assert four["totals"] == {"Anna": 8, "Boris": 9, "Vera": -4, "Dara": 20}
    assert four["winner"] == "Победитель: Dara, очков: 20"


def test_a_six_player_team_game_by_taps(played: tuple[dict[str, Any], Path]) -> None:
    teams = played[0]["teams"]
    # No shield on land: every land battle is a tie. Naval, with the red values known from the first
    # game (space 1: 1, space 2: 2) and Coastal Fortifications' 3:
    # I: Chen 1 and Emil 1 tie for first and take the second place's 1; the four at 0 take -1.
    # II: Anna 2 +5; Chen and Emil tie for second: Age II has no third place, nothing; Boris, Dara,
    # Fatima -2 (Anna has left the weakest). III: Dara 3 +7, Anna 2 +5, Chen and Emil tie for third:
    # nothing; Boris and Fatima -3.
    assert teams["naval"] == [[-1, 5, 5], [-1, -2, -3], [1], [-1, -2, 7], [1], [-1, -2, -3]]
    # 3 coins each: 1 point. Anna 10, Boris -5, Chen 2, Dara 5, Emil 2, Fatima -5.
    assert teams["totals"] == {"Anna": 10, "Boris": -5, "Chen": 2, "Dara": 5, "Emil": 2, "Fatima": -5}
    # The team with the highest sum wins: Chen + Dara 7, Anna + Boris 5, Emil + Fatima -3.
    assert [(t["players"], t["total"], t["rank"]) for t in teams["teams"]] == [
        (["Anna", "Boris"], 5, 2), (["Chen", "Dara"], 7, 1), (["Emil", "Fatima"], -3, 3)]
    assert teams["winner"] == "Побеждает команда: Chen + Dara (7)"


def test_no_english_inside_the_russian_screens(played: tuple[dict[str, Any], Path]) -> None:
    result = played[0]
    names = {"Anna", "Boris", "Vera", "Dara", "Chen", "Emil", "Fatima"}
    shown = [*result["four"]["turn1"], *result["four"]["turn2"], *result["four"]["age1"], *result["four"]["age3"],
             *result["four"]["texts"], *result["teams"]["texts"], *result["values"]]
    shown = [re.sub(r"\[/?(b|i|size|color)(=[^\]]*)?\]", "", text) for text in shown]     # markup is not shown
    words = {w for text in shown for w in re.findall(r"[A-Za-z]{3,}", text) if w not in names}
    english = [text for text in shown if set(re.findall(r"[A-Za-z]{3,}", text)) & {w for w in words
                                                                                    if set(w) - set("IVX")}]
    assert english == []


def test_the_values_screen_lists_what_is_still_unknown(played: tuple[dict[str, Any], Path]) -> None:
    texts = played[0]["values"]
    # 25 fleet rewards were unknown; 7 were entered during the first game.
    assert "Награды флотов (одинаковы на всех полях Портов): ввести 18" in texts
    assert "Поле Порта 1: ввести 25" in texts
