"""The house rules of games as plug-ins (issue 26, docs/architecture.md), checked on the source.

- no shared module (one outside companion/games/) imports a game's module;
- no module of a base game (companion/games/<base>/) imports a module of an expansion registered on it
  (its descriptor's ``base``): the base game reaches it only through the hooks it registers;
- no game's module imports a module of another game (one that is not its expansion or its base);
- no module of Architects names Medals or a medal (the word, or a medal's id from Medals' data): what it
  needs of its expansion it asks through the hooks;
- no code line of a shared module (comments and docstrings aside) names a game or an expansion by its id, and
  no code line of 7 Wonders names Armada: what a face shows of a game it finds in the registries;
- no file outside companion/games/ (and the tests' tests/games/) is named after a game;
- no import cycle, lazy imports included.

Until the refactor is done each rule carries the offenders left (the allow-lists below): a list only
shrinks, and it must match exactly, so a step that removes an offender removes it from the list too.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from tests.tools import import_graph

ALLOWED_GAME_IMPORTS: dict[tuple[str, str], int] = {}
"""Shared module -> game module it imports: how many import statements."""

ALLOWED_BASE_IMPORTS: dict[tuple[str, str], int] = {}
"""Base game's module -> its expansion's module it imports: how many import statements. None is left:
7 Wonders asks Armada through `SevenWondersExtension`, `SessionPart` and the app's `PANELS`; Architects
asks Medals through `ArchitectsExtension`, `SECTIONS`, `EVENT_VALUES` (an `ArchitectsAction`), `SESSION_PARTS`,
`PANELS` (``architects_new``, ``architects_table``, ``architects_battle``), `SCORE_ROW_LOOKS`, `MARKER_KINDS`,
`TRACKED_PARTS` and `CAMERA_OPTIONS`."""

ALLOWED_MEDAL_MENTIONS: set[str] = set()
"""Architects' code files (under companion/games/architects/) that still name Medals or a medal: none."""

ALLOWED_CROSS_GAME_IMPORTS: dict[tuple[str, str], int] = {}
"""Module of one game -> module of another game (neither the other's expansion) it imports: how many import
statements; none. What two games share lives in a shared module (Architects' scenes draw on
`companion.simulation.scene`, its score sheet prints through `companion.textgrid`, its score picture is
saved by the score pad's `save_sheet_picture`), and `companion score` finds another game's table through
`GamesCommands.score`."""

ALLOWED_SHARED_MENTIONS: dict[str, int] = {
    # The id logs were written with before a game named itself: old stores and game logs read unchanged.
    "storage/events.py": 1,             # UNNAMED_GAME = "7wonders"
    "storage/database.py": 1,           # the schema's default of the game column, as shipped stores hold it
    # The note written into every owner's components file (their Armada values): files already written say it.
    "gamedata/components.py": 1,
}
"""Shared code files (under companion/, outside companion/games/) -> how many code lines name a game or an
expansion by its id; only for the reasons given."""

ALLOWED_ARMADA_IN_SEVEN_WONDERS: dict[str, int] = {
    # issue 26, seams: left; each count only shrinks
    "markers.py": 8,                                    # companion/data/markers.json holds both sets
}
"""7 Wonders' code files (under companion/games/sevenwonders/) -> how many code lines name Armada."""

ALLOWED_GAME_NAMED_FILES: set[str] = set()

ALLOWED_CYCLES: set[tuple[str, ...]] = set()


def test_no_shared_module_imports_a_game() -> None:
    found = Counter((site.importer, site.imported) for site in import_graph.game_imports())
    new = {pair: n for pair, n in found.items() if n > ALLOWED_GAME_IMPORTS.get(pair, 0)}
    gone = {pair: n for pair, n in ALLOWED_GAME_IMPORTS.items() if found.get(pair, 0) < n}
    assert not new, f"shared modules importing a game's module: {new}"
    assert not gone, f"offenders removed: take them off ALLOWED_GAME_IMPORTS too: {gone}"


def test_no_base_game_imports_its_expansions() -> None:
    found = Counter((site.importer, site.imported) for site in import_graph.base_imports())
    new = {pair: n for pair, n in found.items() if n > ALLOWED_BASE_IMPORTS.get(pair, 0)}
    gone = {pair: n for pair, n in ALLOWED_BASE_IMPORTS.items() if found.get(pair, 0) < n}
    assert not new, f"a base game importing an expansion's module (ask it through a hook instead): {new}"
    assert not gone, f"offenders removed: take them off ALLOWED_BASE_IMPORTS too: {gone}"


def test_no_game_imports_another_game() -> None:
    found = Counter((site.importer, site.imported) for site in import_graph.cross_game_imports())
    new = {pair: n for pair, n in found.items() if n > ALLOWED_CROSS_GAME_IMPORTS.get(pair, 0)}
    gone = {pair: n for pair, n in ALLOWED_CROSS_GAME_IMPORTS.items() if found.get(pair, 0) < n}
    assert not new, f"a game importing another game's module (share it in a shared module instead): {new}"
    assert not gone, f"offenders removed: take them off ALLOWED_CROSS_GAME_IMPORTS too: {gone}"


def test_the_cross_game_guard_sees_an_import_and_spares_an_expansion(tmp_path: Path) -> None:
    for package in ("companion", "companion/games", "companion/games/sevenwonders", "companion/games/armada",
                    "companion/games/architects"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "companion/games/sevenwonders/scenes.py").write_text("class SceneBuilder: ...\n")
    (tmp_path / "companion/games/armada/scenes.py").write_text("from ..sevenwonders.scenes import SceneBuilder\n")
    (tmp_path / "companion/games/architects/scenes.py").write_text(
        "from companion.games.sevenwonders.scenes import SceneBuilder\n")
    found = [(s.importer, s.imported) for s in import_graph.cross_game_imports(tmp_path)]
    assert found == [("companion.games.architects.scenes", "companion.games.sevenwonders.scenes")]


def test_the_base_game_guard_knows_the_expansions() -> None:
    # Read from the descriptors, not written here: a new expansion is guarded as soon as it is listed.
    expansions = import_graph.expansion_packages()
    assert "companion.games.armada" in expansions["companion.games.sevenwonders"]
    assert "companion.games.medals" in expansions["companion.games.architects"]
    assert not expansions["companion.games.armada"]


def test_the_base_game_guard_sees_an_import_of_an_expansion(tmp_path: Path) -> None:
    # A copy of the turn engine as issue 23 first wrote it (importing Armada's rules) is caught.
    for package in ("companion", "companion/games", "companion/games/sevenwonders",
                    "companion/games/sevenwonders/rules", "companion/games/armada", "companion/games/armada/rules"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "companion/games/armada/rules/play.py").write_text("def cards_per_player(table): return 8\n")
    (tmp_path / "companion/games/sevenwonders/rules/turns.py").write_text(
        "def turns(table):\n    from ...armada.rules.play import cards_per_player\n"
        "    return cards_per_player(table) - 1\n")
    found = [(s.importer, s.imported, s.kind) for s in import_graph.base_imports(tmp_path)]
    assert found == [("companion.games.sevenwonders.rules.turns", "companion.games.armada.rules.play", "lazy")]


def medal_mentions(root: Path = import_graph.ROOT) -> set[str]:
    """The code files of Architects (``.py``, ``.kv``) that name Medals, a medal, or a medal's id."""
    medals = json.loads((root / "companion/games/medals/data/medals.json").read_text(encoding="utf-8"))["medals"]
    pattern = re.compile("|".join(["medal", *(re.escape(m["id"]) for m in medals)]), re.IGNORECASE)
    folder = root / "companion/games/architects"
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")
            if path.suffix in (".py", ".kv") and pattern.search(path.read_text(encoding="utf-8"))}


def test_no_architects_module_names_medals() -> None:
    found = medal_mentions()
    new, gone = sorted(found - ALLOWED_MEDAL_MENTIONS), sorted(ALLOWED_MEDAL_MENTIONS - found)
    assert not new, f"Architects code naming Medals: {new}"
    assert not gone, f"cleaned: take them off ALLOWED_MEDAL_MENTIONS too: {gone}"
    assert not {name for name in found if name.startswith("rules/")}     # the rules are clean for good


def test_the_medal_guard_sees_a_mention(tmp_path: Path) -> None:
    (tmp_path / "companion/games/medals/data").mkdir(parents=True)
    (tmp_path / "companion/games/medals/data/medals.json").write_text('{"medals": [{"id": "three_green"}]}')
    (tmp_path / "companion/games/architects/rules").mkdir(parents=True)
    (tmp_path / "companion/games/architects/rules/scoring.py").write_text("ROWS = ('wonder', 'cat')\n")
    (tmp_path / "companion/games/architects/rules/battle.py").write_text("GOAL = 'three_green'\n")
    (tmp_path / "companion/games/architects/rules/table.py").write_text("# the Medal layout\n")
    assert medal_mentions(tmp_path) == {"rules/battle.py", "rules/table.py"}


def _compare(found: Counter[str], allowed: dict[str, int], what: str) -> None:
    new = {name: n for name, n in found.items() if n > allowed.get(name, 0)}
    gone = {name: n for name, n in allowed.items() if found.get(name, 0) < n}
    assert not new, f"{what}: {new}"
    assert not gone, f"cleaned: lower ALLOWED counts to what is left: {gone} (found {dict(found)})"


def test_no_shared_code_line_names_a_game() -> None:
    from companion.plugins import games

    pattern = import_graph.id_pattern(info.id for info in games())
    found = import_graph.mentions(import_graph.ROOT / "companion", pattern, skip=lambda path: "games" in path.parts)
    _compare(found, ALLOWED_SHARED_MENTIONS, "shared code naming a game (look it up in a registry instead)")


def test_no_seven_wonders_code_line_names_armada() -> None:
    folder = import_graph.ROOT / "companion/games/sevenwonders"
    found = import_graph.mentions(folder, import_graph.id_pattern(["armada"]))
    _compare(found, ALLOWED_ARMADA_IN_SEVEN_WONDERS, "7 Wonders code naming Armada (ask it through a hook)")


def test_the_mention_guard_reads_code_not_comments(tmp_path: Path) -> None:
    (tmp_path / "screen.py").write_text('"""The Armada panel."""\nPANEL = "armada"  # Armada\nx = 1  # armada\n'
                                        'def f():\n    """armada"""\n    return ARMADA_ONLY\n')
    (tmp_path / "screen.kv").write_text("#:import T companion.games.armada.app.turn.T\n# armada\nT:\n"
                                        "    text: app.tr('stats.game_armada')\n    id: armadas\n")
    found = import_graph.mentions(tmp_path, import_graph.id_pattern(["armada"]))
    assert found == {"screen.py": 2, "screen.kv": 2}


def test_no_file_outside_the_game_folders_is_named_after_a_game() -> None:
    found = set(import_graph.game_named_files())
    assert not found - ALLOWED_GAME_NAMED_FILES, "files named after a game outside companion/games/ and tests/games/"
    assert not ALLOWED_GAME_NAMED_FILES - found, "files moved: take them off ALLOWED_GAME_NAMED_FILES too"


def test_no_import_cycle() -> None:
    found = {tuple(component) for component in import_graph.cycles()}
    assert not found - ALLOWED_CYCLES, f"new import cycles: {found - ALLOWED_CYCLES}"
    assert not ALLOWED_CYCLES - found, f"cycles broken: take them off ALLOWED_CYCLES too: {ALLOWED_CYCLES - found}"
