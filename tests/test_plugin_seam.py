"""The seam of games as plug-ins (issue 26): a small 7 Wonders expansion, "Lighthouse", written in one
folder at run time (no file of the repository is added or changed for it), is seen in the rules, the
table file, the game log and the app's score pad once it is installed, and nowhere before.

Lighthouse adds a yellow card ``lighthouse`` (1 victory point, commercial; age I, 3+ players), a
player field ``beacons`` (0-5), an event kind ``beacon_lit`` (one more beacon for a seat) with a
session action ``light(seat)``, and a score row ``beacons``: 2 points per beacon.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import plugins

ROOT = Path(__file__).resolve().parents[1]

FOLDER = {
    "__init__.py": """
        from companion.plugins import GameInfo

        GAME = GameInfo(id="lighthouse", base="7wonders", aliases=("Lighthouse",),
                        names={"en": "Lighthouse", "ru": "Маяк", "uk": "Маяк"})
    """,
    "data/cards.json": """
        {"cards": [{"id": "lighthouse", "color": "yellow", "names": {"en": "Lighthouse", "ru": "Маяк", "uk": "Маяк"},
                    "copies": [{"age": 1, "players": 3}], "vp": 1}]}
    """,
    "rules.py": """
        import json
        from dataclasses import dataclass
        from pathlib import Path

        from companion.gamedata.effects import VictoryPoints
        from companion.games.sevenwonders.rules.extension import EXTENSIONS, SevenWondersExtension
        from companion.games.sevenwonders.rules.model import Card, CardCopy, Cost

        def _cards():
            cards = {}
            for entry in json.loads((Path(__file__).parent / "data" / "cards.json").read_text("utf-8"))["cards"]:
                copies = tuple(CardCopy(entry["id"], c["age"], c["players"]) for c in entry["copies"])
                cards[entry["id"]] = Card(entry["id"], entry["color"], entry["names"], Cost(0, ()), (), copies,
                                          (VictoryPoints(entry["vp"]),))
            return cards

        CARDS = _cards()

        @dataclass(frozen=True)
        class Beacons:
            count: int

            def effects(self):
                return ()

        class LighthouseExtension(SevenWondersExtension):
            id = "lighthouse"
            name = "Lighthouse"
            score_rows = ("beacons",)

            def cards(self):
                return CARDS

            def score(self, table, seat, points, gaps, choices):
                part = table.players[seat].extras.get("lighthouse")
                points["beacons"] = 2 * (part.count if part is not None else 0)

        EXTENSIONS.register("lighthouse", LighthouseExtension, game="lighthouse")
    """,
    "tablefile.py": """
        from companion.games.sevenwonders.tablefile import SECTIONS, TableSection
        from lighthouse.rules import Beacons, LighthouseExtension

        class LighthouseSection(TableSection):
            id = "lighthouse"
            name = "Lighthouse"
            player_fields = ("beacons",)

            def extension(self, source):
                return LighthouseExtension()

            def read_part(self, reader, data, extension):
                field = reader["beacons"]
                return Beacons(field.as_int(minimum=0, maximum=5) or 0 if field.present else 0)

            def write_player(self, player):
                part = player.extras.get("lighthouse")
                return {"beacons": part.count} if part is not None and part.count else {}

        SECTIONS.register("lighthouse", LighthouseSection(), game="lighthouse")
    """,
    "events.py": """
        from companion.storage.events import EVENT_KINDS, EventError, EventKind, check_seat

        def _check(reader, seats):
            check_seat(reader, seats)

        def _apply(document, payload):
            player = document["players"][payload["seat"]]
            if player.get("beacons", 0) >= 5:
                raise EventError(f"{player['name']} has lit every beacon")
            player["beacons"] = player.get("beacons", 0) + 1

        EVENT_KINDS.register("beacon_lit", EventKind(("seat",), _check, _apply), game="lighthouse")
    """,
    "i18n/en.json": """
        {"score.category.beacons": "Beacons"}
    """,
    "i18n/ru.json": """
        {"score.category.beacons": "Маяки"}
    """,
    "i18n/uk.json": """
        {"score.category.beacons": "Маяки"}
    """,
    "session.py": """
        from companion.games.sevenwonders.session_parts import SESSION_PARTS, SessionPart

        class LighthousePart(SessionPart):
            id = "lighthouse"

            def light(self, seat):
                self._transact(lambda: [("beacon_lit", {"seat": seat}, "hand")])

        SESSION_PARTS.register("lighthouse", LighthousePart, game="lighthouse")
    """,
}


APP = """
import json, sys
from pathlib import Path
from tests.tools.app_driver import AppDriver

ui = AppDriver.start(Path(sys.argv[1]), size=(800, 480), language=sys.argv[3])
ui.app.go("game_detail", game_id=int(sys.argv[2]))
ui.pump(frames=6)
texts = ui.texts(ui.screen)
ui.screenshot("seam-lighthouse-" + sys.argv[3])
ui.stop()
print(json.dumps(texts))
"""
"""The app, in its own process (one Kivy window each), on the page of a finished game: what it shows."""


def write_folder(root: Path) -> Path:
    """The expansion's folder (package ``lighthouse``) under `root`."""
    for name, text in FOLDER.items():
        path = root / "lighthouse" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return root / "lighthouse"


@pytest.fixture
def lighthouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Lighthouse installed for one test (its registrations undone after)."""
    folder = write_folder(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    with plugins.scoped():
        plugins.add_games("lighthouse")
        yield folder
    for name in [m for m in sys.modules if m == "lighthouse" or m.startswith("lighthouse.")]:
        del sys.modules[name]


def _table() -> dict:
    """A 3-player table: Anna holds the Lighthouse and 3 beacons; nobody holds a card that counts
    yellow cards, so only the new card and the new row change her score."""
    return {"format": "sevenwonders-table/1", "game": "7wonders", "expansions": ["lighthouse"], "players": [
        {"name": "Anna", "wonder": "gizah", "side": "A", "stages": 0, "coins": 3, "tokens": [],
         "cards": ["lumber_yard", "lighthouse"], "beacons": 3},
        {"name": "Boris", "wonder": "babylon", "side": "A", "stages": 0, "coins": 3, "tokens": [],
         "cards": ["stone_pit"]},
        {"name": "Vera", "wonder": "rhodes", "side": "A", "stages": 0, "coins": 3, "tokens": [],
         "cards": ["clay_pool"]}]}


def _score(document: dict) -> dict:
    from companion.games.sevenwonders.rules import score_table
    from companion.games.sevenwonders.tablefile import parse_table

    return score_table(parse_table(copy.deepcopy(document))).to_json()


def test_an_expansion_is_found_by_name_and_plays_on_its_base_game(lighthouse: Path) -> None:
    assert plugins.find_game("LIGHTHOUSE").base == "7wonders"
    assert "lighthouse" in [info.id for info in plugins.expansions_of("7wonders")]


def test_not_installed_it_is_refused_with_the_usual_line(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(_table()), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and "expansion 'lighthouse' is not supported by this version" in done.stderr


def test_the_rules_score_its_card_and_its_row(lighthouse: Path) -> None:
    sheet = _score(_table())
    anna = sheet["players"][0]
    # By hand: Anna has 3 coins (1 treasury point), no stage, no token, no science; the Lighthouse is
    # 1 commercial point; 3 beacons are 2 x 3 = 6 points in the new row: 1 + 1 + 6 = 8.
    assert anna["commercial"] == 1 and anna["beacons"] == 6 and anna["total"] == 8
    assert sheet["players"][1]["beacons"] == 0
    without = copy.deepcopy(_table())
    without["players"][0]["beacons"] = 6
    with pytest.raises(Exception, match="beacons"):
        _score(without)


def test_the_command_line_sees_it_through_the_environment(lighthouse: Path, tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(_table()), encoding="utf-8")
    env = {"PYTHONPATH": f"{lighthouse.parent}", "COMPANION_EXTRA_GAMES": "lighthouse", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "companion", "score", str(path), "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["beacons"] == 6


def test_the_log_records_its_event_and_the_finished_game_scores_it(lighthouse: Path, tmp_path: Path) -> None:
    from companion.games.sevenwonders.session import GameSession, SeatSetup
    from companion.storage import GameStore

    seats = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "babylon", "A"), SeatSetup("Vera", "rhodes", "A")]
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        session = GameSession.start(store, seats, expansions=("lighthouse",))
        session.add_card(0, "lighthouse")              # the picker offers the expansion's card
        session.part("lighthouse").light(0)
        session.part("lighthouse").light(0)
        assert session.players[0]["beacons"] == 2
        sheet = session.finish()
    # Anna: 3 coins = 1, Lighthouse 1, two beacons 2 x 2 = 4: 6.
    assert sheet["players"][0]["beacons"] == 4 and sheet["players"][0]["total"] == 6
    with GameStore(path) as reopened:                  # replayed from the log alone
        kinds = [event.kind for event in reopened.events(session.game_id)]
        assert kinds.count("beacon_lit") == 2
        assert reopened.state(session.game_id).document["players"][0]["beacons"] == 2
    # The app, with the expansion installed the way an outside plug-in is (environment), shows the row
    # named in the expansion's own catalogue, with Anna's 4 points, on the finished game's page.
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{lighthouse.parent}", "COMPANION_EXTRA_GAMES": "lighthouse"}
    for language, row in (("en", "Beacons"), ("ru", "Маяки")):
        done = subprocess.run([sys.executable, "-c", APP, str(path), str(session.game_id), language], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        shown = json.loads(done.stdout.strip().splitlines()[-1])
        assert row in shown and "4" in shown and "6" in shown      # the row, Anna's beacons, her total
