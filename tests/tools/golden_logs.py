"""Write the golden game logs of tests/golden/ (run once, on main at 0556bb0, before issue 26's refactor).

Usage: python -m tests.tools.golden_logs FOLDER (FOLDER/<game>/golden/<name>.json; the repository's are
under tests/games/)

Each log is a ``sevenwonders-game/1`` export of a game logged through the product: finished tables
whose scores are worked out by hand in the rules tests (logged as `companion games add` does), and games
played tap by tap through the sessions the app uses (7 Wonders with and without Armada, Architects with
and without Medals, in both Architects log styles: whole areas, as before action events, and action
events). A log stands for what the product wrote: never run this again to "update" the files after a
change; a change that breaks `tests/test_golden_logs.py` breaks the logs players already have.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from companion.games.architects.log import record_architects_table
from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.session import ArchitectsSession
from companion.games.architects.tablefile import parse_architects
from companion.games.medals.rules.table import MedalLayout, with_medals
from companion.games.sevenwonders.record import record_table
from companion.games.sevenwonders.session import GameSession
from companion.storage import GameStore
from companion.storage.exchange import export_json
from tests import test_architects_log, test_armada_tables, test_full_tables
from tests.conftest import armada_document, table_document
from tests.games.architects import taps as architects_tap_list
from tests.tools import session_taps

AT = "2026-11-20T18:00:00+00:00"


def _write(root: Path, name: str, store: GameStore, game_id: int, table: dict[str, Any] | None = None) -> None:
    document = export_json(store, game_id)
    game, _, name = name.partition("/")
    folder = root / game / "golden"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if table is not None:
        (folder / f"{name}.table.json").write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n",
                                                   encoding="utf-8")
    print(game, name, len(document["events"]), "events")


def tables(folder: Path) -> None:
    """Finished tables scored by hand in the rules tests, logged as `companion games add` logs them."""
    recorded = [
        ("sevenwonders/three-table", table_document(*test_full_tables.THREE)),
        ("sevenwonders/seven-table", table_document(*test_full_tables.SEVEN)),
        ("armada/five-table", armada_document(*test_armada_tables.FIVE)),
        ("armada/six-teams-table", armada_document(*test_armada_tables.TEAM, teams=test_armada_tables.TEAMS)),
    ]
    for name, document in recorded:
        with GameStore(":memory:") as store:
            _write(folder, name, store, record_table(store, document, at=AT), document)
    with GameStore(":memory:") as store:
        finished = test_architects_log.FINISHED
        table = parse_architects(finished).table
        _write(folder, "medals/areas-table", store, record_architects_table(store, table, at=AT), finished)


def sevenwonders_taps(folder: Path) -> None:
    """A 3-player game tap by tap (every tap of the crash test), finished, then amended and finished again;
    and the same taps with Armada (port boards, ships, islands, a naval construction, the naval conflict)
    and one Armada turn confirmed, left in play."""
    with GameStore(":memory:") as store:
        session = GameSession.start(store, session_taps.SEATS)
        for _name, tap in session_taps.STANDARD_TAPS:
            tap(session)
        store.append(session.game_id, "coins_changed", {"seat": 0, "coins": 9, "amend": "counted again"})
        store.finish(session.game_id)
        _write(folder, "sevenwonders/taps-amended", store, session.game_id)
    with session_taps.open_store(":memory:") as store:
        session = GameSession.start(store, session_taps.SEATS, expansions=["armada"],
                                    part_options={"port_boards": session_taps.PORT_BOARDS})
        for _name, tap in session_taps.ARMADA_TAPS:
            tap(session)
        session.add_card(0, "dry_dock")
        session.part("armada").move_fleet(0, "blue", +1)
        session.part("armada").confirm_turn()
        _write(folder, "armada/taps-in-play", store, session.game_id)


def architects_taps(folder: Path) -> None:
    """Architects with Medals as in test_architects_log (totals 8, 4, 6 by hand there), and without
    Medals through every tap of its crash test (a battle, an undo), both finished."""
    data = load_architects_data()
    with GameStore(":memory:") as store:
        players = tuple(ArchitectsPlayer(name, data.wonders[w]) for name, w in
                        (("Ann", "giza"), ("Bob", "rhodes"), ("Cid", "ur")))
        session = ArchitectsSession.start(store, with_medals(ArchitectsTable(data, players), "standard", MedalLayout(
            ("three_grey", "two_tokens", "three_blue"))))
        test_architects_log.play_a_game(session)
        session.finish()
        _write(folder, "medals/actions", store, session.game_id)
    with GameStore(":memory:") as store:
        session = ArchitectsSession.start(store, architects_tap_list.seating())
        for _name, tap in architects_tap_list.TAPS:
            tap(session)
        session.finish()
        _write(folder, "architects/actions", store, session.game_id)


def main(folder: str) -> None:
    out = Path(folder)
    tables(out)
    sevenwonders_taps(out)
    architects_taps(out)


if __name__ == "__main__":
    main(sys.argv[1])
