"""The app, driven headless through its real widgets: set up a game by taps, enter and undo cards,
check a build, resolve the ages, score, switch the language, and look at every screen.

One offscreen window serves the whole module (Kivy allows one per process); screenshots of every
screen go to tests/output/screens/ for a person to look at (with COMPANION_SCREENSHOTS=1; those a
test reads always).
"""

from __future__ import annotations

import importlib.util
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]


@pytest.fixture(scope="module")
def ui(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    from tests.tools.app_driver import AppDriver

    driver = AppDriver.start(tmp_path_factory.mktemp("app") / "games.sqlite3")
    yield driver
    driver.stop()


def _picture_has_content(path: Path | None) -> bool:
    """A screenshot that is not one flat colour (something was drawn)."""
    import cv2

    image = cv2.imread(str(path))
    return image is not None and float(image.std()) > 10.0


def _set_up_three_players(ui: object, names: tuple[str, str, str]) -> None:
    """New game: three players named by typing, wonders Gizah A, Rhodes A, Ephesos A; no camera."""
    ui.tap(ui.tr("home.new_game"))
    assert ui.app.root.current == "new_game"
    screen = ui.screen
    while screen.players > 3:
        ui.tap(ui.find("\u2212", root=screen))
    while screen.players < 3:
        ui.tap(ui.find("+", root=screen))
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"), key=lambda r: r.seat)
    for row, name, wonder in zip(rows, names, ("gizah", "rhodes", "ephesos"), strict=True):
        row.ids.name.text = name                       # typed on the keyboard
        ui.tap(row.ids.wonder)                         # the wonder list opens...
        ui.tap(ui.find(ui.app.words.wonder(wonder), cls="WonderOption", exact=False))   # ...one chosen (its seat
        # marked when another seat holds it: the two swap)
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"), key=lambda r: r.seat)
    for row in rows:
        ui.tap(row.ids.side_a)
    ui.tap(ui.tr("new_game.camera_none"))
    ui.tap(ui.tr("new_game.start"))


def _panel(ui: object, seat: int) -> object:
    """A player's full city: one tap on the city's row on the table opens it."""
    view = ui.screen.city_view
    if view is not None and view.seat != seat:
        _close_city(ui)
    if ui.screen.city_view is None:
        row = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "CityRow" and w.seat == seat)
        ui.tap(row.children[-1])                # the seat's badge at the row's left (Armada's fleets fill its middle)
    return next(w for w in ui.walk(ui.screen.city_view) if type(w).__name__ == "CityPanel" and w.seat == seat)


def _close_city(ui: object) -> None:
    if getattr(ui.screen, "city_view", None) is not None:
        ui.tap(ui.find(ui.tr("common.close"), root=ui.screen.city_view))


def _add_card(ui: object, seat: int, card_name: str) -> None:
    ui.tap(ui.find(ui.tr("city.add_card"), root=_panel(ui, seat)))
    picker = next(w for w in ui.walk() if type(w).__name__ == "CardPicker")
    picker.ids.search.text = card_name[:5]             # a few letters typed narrow the list
    ui.pump(frames=2)
    ui.tap(ui.find(card_name, root=picker.ids.cards))


def test_a_game_entered_by_hand_is_scored_and_kept(ui: object) -> None:
    ui.screenshot("home")
    _set_up_three_players(ui, ("Anna", "Boris", "Vera"))
    assert ui.app.root.current == "table"
    session = ui.app.session
    assert [(p["name"], p["wonder"], p["side"]) for p in session.players] == [
        ("Anna", "gizah", "A"), ("Boris", "rhodes", "A"), ("Vera", "ephesos", "A")]
    _add_card(ui, 0, "Stockade")
    vera, stockade = _panel(ui, 2), ui.find("Stockade", root=_panel(ui, 0))
    _add_card(ui, 0, "Baths")
    # Only what changed is drawn again: Vera's city and Anna's Stockade are the widgets they were.
    assert _panel(ui, 2) is vera and ui.find("Stockade", root=_panel(ui, 0)) is stockade
    _add_card(ui, 2, "Altar")
    # The box holds one Altar at 3 players: Boris's picker no longer offers it.
    ui.tap(ui.find(ui.tr("city.add_card"), root=_panel(ui, 1)))
    picker = next(w for w in ui.walk() if type(w).__name__ == "CardPicker")
    picker.ids.search.text = "Alta"
    ui.pump(frames=2)
    assert not [w for w in ui.walk(picker) if getattr(w, "name", "") == "Altar"]
    ui.tap(ui.find(ui.tr("common.close"), root=picker))
    assert session.players[1]["cards"] == []
    # One tap removes a card; the message bar puts it back.
    ui.tap(ui.find("Altar", root=_panel(ui, 2)))
    assert session.players[2]["cards"] == []
    ui.tap(ui.tr("common.undo"))
    assert session.players[2]["cards"] == ["altar"]
    ui.tap(ui.find("Altar", root=_panel(ui, 2)))
    assert session.players[2]["cards"] == []
    ui.screenshot("city-by-hand")
    _close_city(ui)
    ui.screenshot("table-by-hand")

    # Build check: Boris wants the Scriptorium (1 papyrus). Only Vera (Ephesos A makes papyrus),
    # his left neighbour, sells it: 2 coins.
    _close_city(ui)
    ui.tap(ui.tr("table.build_check"))
    ui.tap("2  Boris")
    ui.tap(ui.tr("check.pick_card"))
    picker = next(w for w in ui.walk() if type(w).__name__ == "CardPicker")
    picker.ids.search.text = "Script"
    ui.pump(frames=2)
    ui.tap(ui.find("Scriptorium", root=picker.ids.cards))
    texts = ui.texts()
    assert "Boris can build Scriptorium" in texts
    assert "Buy 1 papyrus from Vera (left) for 2 coins" in texts
    ui.screenshot("build-check")
    # Worth now: one tablet is 1 point (1 squared), but 3 coins -> 1 point become 1 coin -> 0: 0 in all.
    parts = [ui.tr("check.worth_part", category=ui.tr("score.category.treasury"), points="\u22121"),
             ui.tr("check.worth_part", category=ui.tr("score.category.science"), points="+1")]
    assert f"{ui.tr('check.worth', points='0')} ({', '.join(parts)})" in ui.texts()
    ui.tap(ui.tr("check.pay"))
    # One tap built it and paid Vera: the card and the coins, in one transaction.
    assert [p["coins"] for p in session.players] == [3, 1, 5]
    assert session.players[1]["cards"] == ["scriptorium"]
    assert ui.app.root.current == "table"           # the turn is done: back at the table, the message there
    assert ui.screen.ids.toast.text == ui.tr("check.built", player="Boris", card="Scriptorium")

    # Three ages: Anna's Stockade (1 shield) beats both neighbours every age; Boris and Vera tie.
    for age in (1, 2, 3):
        _close_city(ui)
        ui.tap(ui.tr("table.end_age", age="I" * age))
        assert ui.app.root.current == "end_of_age"
        victory = (1, 3, 5)[age - 1]
        lines = [(w.token_a, w.name_a, w.score, w.name_b, w.token_b) for w in ui.walk(ui.screen)
                 if type(w).__name__ == "BattleLine"]
        assert (f"+{victory}", "Anna", "1 : 0", "Boris", "\u22121") in lines
        assert ("=", "Boris", "0 : 0", "Vera", "=") in lines            # a tie: no tokens
        if age == 1:
            ui.screenshot("end-of-age")
        ui.confirm_conflicts()
        if age == 3:
            anna_coins = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "Stepper" and w.label == "Anna")
            for _ in range(4):                          # Anna counts 7 coins: four taps on +
                ui.tap(ui.find("+", root=anna_coins))
            ui.screenshot("end-of-age-coins")
            ui.tap(ui.tr("age.coins_right_score"))
        else:
            ui.tap(ui.tr("age.coins_right_next", age="I" * (age + 1)))
    assert ui.app.root.current == "score"
    assert [p["coins"] for p in session.players] == [7, 1, 5]
    # Anna: tokens 1+1+3+3+5+5 = 18, 7 coins -> 2, Baths 3: 23. Boris: -1 x3 = -3, 1 coin -> 0,
    # Scriptorium one tablet 1: -2.
    # Vera: -3, 5 coins -> 1: -2.
    lines = {line.name: line for line in session.scores().lines}
    assert (lines["Anna"].total, lines["Boris"].total, lines["Vera"].total) == (23, -2, -2)
    texts = ui.texts()
    assert ui.tr("score.winner", names="Anna", total=23) in texts
    assert {"23", "-2"} <= set(texts)
    ui.screenshot("score")
    ui.tap(ui.tr("score.save_picture"))
    picture = Path(ui.screen.saved_to)
    assert picture.parent == ui.app.export_folder() and _picture_has_content(picture)
    ui.tap(ui.tr("score.finish"))
    assert session.finished
    game = ui.app.store.game(session.game_id)
    assert game.status == "finished" and game.sheet["winners"] == ["Anna"]


def test_history_shows_the_game_and_its_bgstats_code(ui: object) -> None:
    ui.app.close_game()
    ui.tap(ui.tr("home.history"))
    ui.tap(ui.tr("history.won", names="Anna", total=23), exact=False)
    assert ui.app.root.current == "game_detail"
    ui.screenshot("game-detail")
    ui.tap(ui.tr("detail.bgstats"))
    qr = [w for w in ui.walk() if type(w).__name__ == "Image" and w.texture is not None]
    assert qr and qr[0].texture.width == qr[0].texture.height          # a square QR code is shown
    path = ui.screenshot("bgstats-qr", needed=True)
    # A phone reads the code off the screen: it holds the link that opens BG Stats with this play.
    import cv2
    import zxingcpp

    from companion.app.bgstats import play_link
    from companion.storage.exchange import export_bgstats

    found = zxingcpp.read_barcodes(cv2.imread(str(path)))
    expected = play_link(export_bgstats(ui.app.store, ui.screen.game_id))
    assert [code.text for code in found] == [expected]
    assert '"bggId":68448' in urllib.parse.unquote(found[0].text)
    ui.tap(ui.tr("common.close"))
    ui.tap(ui.tr("common.back"))
    ui.tap(ui.tr("history.stats"))
    assert ui.tr("stats.games", count=1) in ui.texts()
    ui.screenshot("stats")


def test_names_are_remembered_and_picked_with_one_tap(ui: object) -> None:
    ui.app.go("home")
    ui.tap(ui.tr("home.new_game"))
    screen = ui.screen
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"), key=lambda r: r.seat)
    for row in rows:
        row.ids.name.text = ""
    ui.tap(ui.find("Vera", root=screen.ids.known))
    ui.tap(ui.find("Anna", root=screen.ids.known))
    assert screen.names[:3] == ["Vera", "Anna", ""]
    ui.screenshot("new-game")
    ui.tap(ui.tr("common.back"))


def test_the_language_switches_at_once_everywhere(ui: object) -> None:
    from companion.i18n import translate

    ui.app.go("settings")
    ui.tap("Русский")
    assert ui.app.language == "ru"
    ui.screenshot("settings-ru")
    ui.tap(translate("common.back", "ru"))
    texts = ui.texts()
    assert translate("home.new_game", "ru") in texts and translate("app.title", "ru") in texts
    english = {translate(k, "en") for k in ("home.new_game", "home.history", "home.settings", "app.title")}
    assert not english & set(texts)
    ui.screenshot("home-ru")
    ui.app.go("settings")
    ui.tap("Українська")
    ui.tap(translate("common.back", "uk"))
    assert translate("home.history", "uk") in ui.texts()
    ui.app.set_language("en")


def test_every_screen_fits_a_small_touchscreen(ui: object) -> None:
    from kivy.core.window import Window

    Window.size = (800, 480)
    ui.pump(frames=4)
    try:
        for name in ("home", "settings", "history", "stats"):
            ui.app.go(name)
            assert _picture_has_content(ui.screenshot(f"small-{name}", needed=True))
            # Every button is at least 36 px high: a fingertip on a 7" 800x480 screen.
            buttons = [w for w in ui.walk(ui.screen) if type(w).__name__ == "BigButton" and w.opacity > 0]
            assert buttons and min(b.height for b in buttons) >= 36
    finally:
        Window.size = (1280, 800)
        ui.pump(frames=4)


# A whole 3-player game, three turns an age, scripted for the camera. Clockwise: Anna (Gizah A:
# stone; stages 3/5/7 VP), Boris (Rhodes A: ore; stages 3 VP, 2 shields, 7 VP), Vera (Ephesos A: papyrus).
VIDEO_GAME = {
    "format": "sevenwonders-recording/1",
    "title": "UI test: a short whole game",
    "players": [{"name": "Anna", "wonder": "gizah", "side": "A"}, {"name": "Boris", "wonder": "rhodes", "side": "A"},
                {"name": "Vera", "wonder": "ephesos", "side": "A"}],
    "turns": [
        {"age": 1, "plays": [{"build": "lumber_yard/I/3+"}, {"build": "stockade/I/3+"}, {"build": "clay_pool/I/3+"}]},
        {"age": 1, "plays": [{"build": "baths/I/3+"}, {"build": "altar/I/3+"}, {"build": "apothecary/I/3+"}]},
        {"age": 1, "plays": [{"stage": "loom/I/3+"}, {"build": "ore_vein/I/3+"}, {"discard": "theater/I/3+"}]},
        {"age": 2, "plays": [{"build": "sawmill/II/3+"}, {"build": "walls/II/3+"}, {"build": "library/II/3+"}]},
        {"age": 2, "plays": [{"build": "aqueduct/II/3+"}, {"build": "forum/II/3+"}, {"build": "school/II/3+"}]},
        {"age": 2, "plays": [{"stage": "temple/II/3+"}, {"stage": "courthouse/II/3+"}, {"build": "statue/II/3+"}]},
        {"age": 3, "plays": [{"build": "pantheon/III/3+"}, {"build": "fortifications/III/3+"},
                             {"build": "lodge/III/3+"}]},
        {"age": 3, "plays": [{"build": "gardens/III/3+"}, {"build": "arsenal/III/3+"},
                             {"build": "university/III/3+"}]},
        {"age": 3, "plays": [{"stage": "study/III/3+"}, {"discard": "senate/III/3+"},
                             {"build": "scientists_guild/III/guild"}]},
    ],
}
COINS_AFTER_AGE = {"Anna": (3, 4, 6), "Boris": (3, 5, 2), "Vera": (6, 6, 9)}
"""What each player counts at the end of each age (the camera does not read coins)."""
# Shields: Boris has Stockade 1 (Age I), + Walls 2 (Age II; his stage 1 gives VP), + Fortifications 3
# and Arsenal 3 (Age III); Anna and Vera have none, so Boris beats both every age and they tie:
# Anna -1 -1 -1, Boris +1 +1 +3 +3 +5 +5 = 18, Vera -1 -1 -1.
# Anna: military -3, 6 coins -> 2, stages 3+5+7 = 15, Baths 3 + Aqueduct 5 + Pantheon 7 + Gardens 5
#   = 20: 34.
# Boris: 18, 2 coins -> 0, stage 1 -> 3, Altar 2 (Forum gives no points): 23.
# Vera: -3, 9 coins -> 3, Statue 4, science compass 2 (Apothecary, Lodge), tablet 3 (Library, School,
#   University) and the Scientists Guild's wild symbol: as a gear 4+1+9 + one set 7 = 21 (as a tablet
#   4+16 = 20, as a compass 9+9 = 18): 25.
EXPECTED_TOTALS = {"Anna": 34, "Boris": 23, "Vera": 25}


def test_a_whole_game_read_from_a_recorded_video(ui: object, tmp_path: Path) -> None:
    from companion.games.sevenwonders.simulation.playback import write_video
    from companion.games.sevenwonders.simulation.recording import parse_recording

    recording = parse_recording(VIDEO_GAME)
    video = tmp_path / "game.mp4"
    write_video(recording, video, fps=5.0, pause_between_ages=5.0)
    ui.app.close_game()
    ui.tap(ui.tr("home.new_game"))
    screen = ui.screen
    ui.tap(ui.tr("new_game.camera_file"))
    screen.camera_path = str(video)
    ui.tap(ui.tr("new_game.read_boards"))
    assert ui.wait_until(lambda: not screen.scanning, timeout=20)
    # The boards seen, clockwise from wherever the camera starts: a rotation of the script's order.
    order = ["gizah", "rhodes", "ephesos"]
    seen = screen.wonders[:3]
    assert seen in [order[i:] + order[:i] for i in range(3)] and screen.sides[:3] == ["A", "A", "A"]
    owner = {"gizah": "Anna", "rhodes": "Boris", "ephesos": "Vera"}
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"), key=lambda r: r.seat)
    for row, wonder in zip(rows, seen, strict=True):
        row.ids.name.text = owner[wonder]
    ui.tap(ui.tr("new_game.start"))
    assert ui.app.root.current == "table" and ui.app.camera_on
    session = ui.app.session
    snapshots = recording.snapshots()
    ends = {turn.age: snapshots[i + 1] for i, turn in enumerate(recording.turns)}
    seat_of = {p["name"]: seat for seat, p in enumerate(session.players)}

    def age_on_table(age: int) -> bool:
        for script_seat, (copies, backs) in enumerate(zip(ends[age].cards, ends[age].stages, strict=True)):
            player = session.players[seat_of[VIDEO_GAME["players"][script_seat]["name"]]]
            if not {c.split("/")[0] for c in copies} <= set(player["cards"]) or player["stages"] < len(backs):
                return False
        return True

    for age in (1, 2, 3):
        assert ui.wait_until(lambda a=age: age_on_table(a), timeout=60), f"Age {age} was not seen"
        if age == 2:
            ui.screenshot("table-camera")
        _close_city(ui)
        ui.tap(ui.tr("table.end_age", age="I" * age))
        ui.confirm_conflicts()
        for name, coins in COINS_AFTER_AGE.items():
            stepper = next(w for w in ui.walk(ui.screen) if type(w).__name__ == "Stepper" and w.label == name)
            for _ in range(abs(int(stepper.value) - coins[age - 1])):
                ui.tap(ui.find("+" if stepper.value < coins[age - 1] else "\u2212", root=stepper))
            assert stepper.value == coins[age - 1], f"{name}'s coins after Age {age}"
        ui.tap(ui.tr("age.coins_right_next", age="I" * (age + 1)) if age < 3 else ui.tr("age.coins_right_score"))
    assert ui.app.root.current == "score"
    tokens = {p["name"]: p["tokens"] for p in session.players}
    assert tokens == {"Anna": [-1, -1, -1], "Boris": [1, 1, 3, 3, 5, 5], "Vera": [-1, -1, -1]}
    # Every card came from the camera (none typed): the log says so.
    sources = {e.source for e in ui.app.store.events(session.game_id) if e.kind == "card_confirmed"}
    assert sources == {"camera"}
    pad = ui.screen.ids.pad
    lines = {line.name: line.total for line in session.scores().lines}
    assert lines == EXPECTED_TOTALS
    assert {"34", "23", "25"} <= set(ui.texts(pad))
    assert ui.tr("score.winner", names="Anna", total=34) in ui.texts()
    # Said as the command line says it: "wild science symbol".
    assert "\u2022 Vera: the wild science symbol counted as a gear (best choice)" in ui.texts()
    ui.screenshot("score-from-video")
    ui.tap(ui.tr("score.finish"))
    assert ui.app.store.game(session.game_id).sheet["winners"] == ["Anna"]


# -- Armada, by hand ---------------------------------------------------------------------------------

def _move(ui: object, seat: int, fleet: str, taps: int) -> None:
    """Up: a tap on the fleet's tile in the city's row (the question a space asks is left for later);
    back: the port sheet's stepper."""
    if taps > 0:
        for _ in range(taps):
            ui.tap(next(w for w in ui.walk(_panel(ui, seat)) if type(w).__name__ == "FleetTile" and w.fleet == fleet))
            dialog = next((w for w in ui.walk() if type(w).__name__ == "ValueDialog"), None)
            if dialog is not None:
                ui.tap(ui.find(ui.tr("armada.values.later"), root=dialog))
        return
    ui.tap(next(w for w in ui.walk(_panel(ui, seat)) if type(w).__name__ == "PortTile"))
    sheet = next(w for w in ui.walk() if type(w).__name__ == "PortSheet")
    stepper = next(w for w in ui.walk(sheet) if type(w).__name__ == "FleetStepper" and w.fleet == fleet)
    for _ in range(-taps):
        ui.tap(ui.find("\u2212", root=stepper))
    ui.tap(ui.find(ui.tr("common.close"), root=sheet))


def _islands(ui: object, seat: int) -> object:
    """The port sheet of a city (its islands, + Island)."""
    ui.tap(next(w for w in ui.walk(_panel(ui, seat)) if type(w).__name__ == "PortTile"))
    return next(w for w in ui.walk() if type(w).__name__ == "PortSheet")


def _end_age(ui: object, age: int) -> None:
    _close_city(ui)
    ui.tap(ui.tr("table.end_age", age="I" * age))
    ui.confirm_conflicts()
    ui.tap(ui.tr("age.coins_right_next", age="I" * (age + 1)) if age < 3 else ui.tr("age.coins_right_score"))


def test_an_armada_game_by_hand_is_scored_once_the_missing_value_is_entered(ui: object) -> None:
    import json
    import os

    ui.app.close_game()
    ui.tap(ui.tr("home.new_game"))
    screen = ui.screen
    ui.tap(ui.tr("new_game.armada"))
    assert screen.panels["armada"].chosen
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"), key=lambda r: r.seat)
    ui.tap(ui.find(ui.tr("new_game.port", number=1), root=rows[0]))    # one tap: Anna takes board 2, Boris 1
    assert screen.panels["armada"].ports[:3] == [2, 1, 3]
    for row, name, wonder in zip(sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"),
                                        key=lambda r: r.seat), ("Anna", "Boris", "Vera"),
                                 ("gizah", "rhodes", "ephesos"), strict=True):
        row.ids.name.text = name
        ui.tap(row.ids.wonder)
        ui.tap(ui.find(ui.app.words.wonder(wonder), cls="WonderOption", exact=False))
    ui.screenshot("new-game-armada")
    ui.tap(ui.tr("new_game.camera_none"))
    ui.tap(ui.tr("new_game.start"))
    session = ui.app.session
    assert session.document["expansions"] == ["armada"]
    assert [p["port_board"] for p in session.players] == [2, 1, 3]

    _move(ui, 0, "red", 3)                 # Anna's red ship to space 3: 3 naval shields (rulebook)
    _move(ui, 2, "blue", 2)                # Vera's blue ship to space 2: its points are an icon
    _move(ui, 1, "yellow", 1)
    _move(ui, 1, "yellow", -1)             # and back: Boris's yellow ship is at its start again
    assert [p["fleets"] for p in session.players] == [
        {"red": 3, "yellow": 0, "blue": 0, "green": 0}, {"red": 0, "yellow": 0, "blue": 0, "green": 0},
        {"red": 0, "yellow": 0, "blue": 2, "green": 0}]
    sheet = _islands(ui, 1)
    ui.tap(ui.find(ui.tr("armada.add_island"), root=sheet))
    picker = next(w for w in ui.walk() if type(w).__name__ == "IslandPicker")
    ui.screenshot("island-picker")
    ui.tap(ui.find("Inhabited Island", root=picker.ids.islands))
    ui.tap(ui.find(ui.tr("armada.add_island"), root=sheet))
    picker = next(w for w in ui.walk() if type(w).__name__ == "IslandPicker")
    assert not [w for w in ui.walk(picker.ids.islands) if getattr(w, "name", "") == "Inhabited Island"]
    ui.tap(ui.find("Bronze Island", root=picker.ids.islands))
    ui.tap(ui.find("Bronze Island", root=sheet))          # one tap removes it
    ui.tap(ui.find(ui.tr("common.close"), root=sheet))
    assert session.players[1]["islands"] == ["inhabited_island"]
    assert ui.tr("armada.row.port", number=2, shields=3) in ui.texts(_panel(ui, 0))
    ui.screenshot("table-armada")

    # Build check with a naval construction: board 2's blue level-1 cost is an icon nobody entered.
    _close_city(ui)
    ui.tap(ui.tr("table.build_check"))
    ui.tap("1  Anna")
    ui.tap(ui.tr("check.naval_off"))
    ui.tap(ui.tr("check.pick_card"))
    picker = next(w for w in ui.walk() if type(w).__name__ == "CardPicker")
    picker.ids.search.text = "Baths"
    ui.pump(frames=2)
    ui.tap(ui.find("Baths", root=picker.ids.cards))
    assert ui.tr("check.cannot_tell", player="Anna", target="Baths") in ui.texts()
    assert any("Port board 2, blue fleet, space 1: what does this naval construction cost?" in t for t in ui.texts())
    ui.screenshot("build-check-naval-unknown")
    ui.tap(ui.tr("check.naval_on"))
    assert ui.tr("check.can", player="Anna", target="Baths") in ui.texts()
    ui.tap(ui.tr("common.back"))

    # A naval strength that needs an unknown value: the age waits, naming the value.
    _move(ui, 2, "red", 1)
    _close_city(ui)
    ui.tap(ui.tr("table.end_age", age="I"))
    assert ui.tr("age.naval_unknown") in ui.texts()
    assert any("Any port board, red fleet, space 1: how many naval shields?" in t for t in ui.texts())
    assert ui.screen.blocked
    ui.screenshot("end-of-age-naval-unknown")
    ui.tap(ui.tr("common.back"))
    _move(ui, 2, "red", -1)

    # Age I: Anna 3, Boris 0, Vera 0 (blue spaces 1-5 carry no shield): both weakest take -1, Anna +3.
    _close_city(ui)
    ui.tap(ui.tr("table.end_age", age="I"))
    assert ui.tr("age.naval_line", player="Anna", strength=3, outcome="+3") in ui.texts()
    assert ui.tr("age.naval_line", player="Vera", strength=0, outcome="\u22121") in ui.texts()
    ui.screenshot("end-of-age-armada")
    ui.confirm_conflicts()
    ui.tap(ui.tr("age.coins_right_next", age="II"))
    _move(ui, 1, "red", 3)
    # Ages II and III: Anna 3 and Boris 3 tie for first and both take the second place's token
    # (II: 3, III: 5); Vera, weakest, takes -2 then -3.
    _end_age(ui, 2)
    _end_age(ui, 3)
    assert ui.app.root.current == "score"
    assert [p["naval_tokens"] for p in session.players] == [[3, 3, 5], [-1, 3, 5], [-1, -2, -3]]
    texts = ui.texts()
    assert "?" in ui.texts(ui.screen.ids.pad) and ui.tr("score.incomplete") in texts
    assert any("Any port board, blue fleet, space 2: how many victory points?" in t for t in texts)
    assert not any(t.startswith(ui.tr("score.winner", names="", total="").split(":")[0] + ":") for t in texts)
    ui.screenshot("score-armada-unknown")

    # The owner enters the blue level-2 points (4) in the components file; the score is complete.
    path = os.environ["COMPANION_COMPONENTS"]
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"format": "sevenwonders-components/1", "values": {"fleet.blue.2.vp": 4}}, handle)
    ui.tap(ui.tr("common.back"))
    _close_city(ui)
    ui.tap(ui.tr("table.to_score"))
    # Land: no cards, every battle a tie. Treasury: 3 coins -> 1 each.
    # Anna: 1 + naval 3+3+5 = 12. Boris: 1 + naval -1+3+5 = 7, Inhabited Island 3: 11.
    # Vera: 1 + naval -1-2-3 = -6, port (blue level 2) 4: -1.
    lines = {line.name: line for line in session.scores().lines}
    assert {n: line.total for n, line in lines.items()} == {"Anna": 12, "Boris": 11, "Vera": -1}
    assert (lines["Boris"].points["islands"], lines["Vera"].points["port"]) == (3, 4)
    # The pad laid out before (with "?") shows the new points in its cells: totals 12, 11, -1; islands 3, port 4.
    pad_texts = ui.texts(ui.screen.ids.pad)
    assert "?" not in pad_texts and {"12", "11", "-1", "3", "4"} <= set(pad_texts)
    pad = ui.texts(ui.screen.ids.pad)
    assert {"12", "11", "-1", "-6"} <= set(pad) and "?" not in pad
    assert ui.tr("score.category.naval") in pad and ui.tr("score.category.port") in pad
    assert ui.tr("score.winner", names="Anna", total=12) in ui.texts()
    ui.screenshot("score-armada")

    from kivy.core.window import Window

    Window.size = (800, 480)
    ui.pump(frames=4)
    try:
        assert _picture_has_content(ui.screenshot("small-score-armada", needed=True))
        ui.tap(ui.tr("common.back"))
        assert _picture_has_content(ui.screenshot("small-table-armada", needed=True))
        ports = [w for w in ui.walk(ui.screen) if type(w).__name__ == "CompactPort"]
        # every city's port tile stays at least 9 mm (47 px on the 7-inch 800x480 screen) and inside the window
        assert ports and all(p.to_window(p.right, 0)[0] <= 800 and min(p.size) >= 46.7 for p in ports)
    finally:
        Window.size = (1280, 800)
        ui.pump(frames=4)
    _close_city(ui)
    ui.tap(ui.tr("table.to_score"))
    ui.tap(ui.tr("score.finish"))
    assert ui.app.store.game(session.game_id).sheet["winners"] == ["Anna"]
