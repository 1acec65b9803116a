"""The app, driven headless through its real widgets: set up a game by taps, enter and undo cards,
check a build, resolve the ages, score, switch the language, and look at every screen.

One offscreen window serves the whole module (Kivy allows one per process); screenshots of every
screen go to tests/output/screens/ for a person to look at.
"""

from __future__ import annotations

import importlib.util
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed")


@pytest.fixture(scope="module")
def ui(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    from tests.tools.app_driver import AppDriver

    driver = AppDriver.start(tmp_path_factory.mktemp("app") / "games.sqlite3")
    yield driver
    driver.stop()


def _picture_has_content(path: Path) -> bool:
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
        ui.tap(ui.find(ui.app.words.wonder(wonder), cls="WonderOption"))   # ...and one is chosen
    rows = sorted((w for w in ui.walk(screen) if type(w).__name__ == "SeatRow"), key=lambda r: r.seat)
    for row in rows:
        ui.tap(row.ids.side_a)
    ui.tap(ui.tr("new_game.camera_none"))
    ui.tap(ui.tr("new_game.start"))


def _panel(ui: object, seat: int) -> object:
    return next(w for w in ui.walk(ui.screen) if type(w).__name__ == "CityPanel" and w.seat == seat)


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
    _add_card(ui, 0, "Baths")
    _add_card(ui, 2, "Altar")
    # One tap removes a card; the message bar puts it back.
    ui.tap(ui.find("Altar", root=_panel(ui, 2)))
    assert session.players[2]["cards"] == []
    ui.tap(ui.tr("common.undo"))
    assert session.players[2]["cards"] == ["altar"]
    ui.tap(ui.find("Altar", root=_panel(ui, 2)))
    assert session.players[2]["cards"] == []
    ui.screenshot("table-by-hand")

    # Build check: Boris wants the Scriptorium (1 papyrus). Only Vera (Ephesos A makes papyrus),
    # his left neighbour, sells it: 2 coins.
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
    ui.tap(ui.tr("check.pay"))
    assert [p["coins"] for p in session.players] == [3, 1, 5]
    ui.tap(ui.tr("common.back"))

    # Three ages: Anna's Stockade (1 shield) beats both neighbours every age; Boris and Vera tie.
    for age in (1, 2, 3):
        ui.tap(ui.tr("table.end_age", age="I" * age))
        assert ui.app.root.current == "end_of_age"
        victory = (1, 3, 5)[age - 1]
        assert ui.tr("age.battle", a="Anna", b="Boris", shields_a=1, shields_b=0, token_a=f"+{victory}",
                     token_b="\u22121") in ui.texts()
        if age == 1:
            ui.screenshot("end-of-age")
        ui.tap(ui.tr("age.confirm"))
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
    # Anna: tokens 1+1+3+3+5+5 = 18, 7 coins -> 2, Baths 3: 23. Boris: -1 x3 = -3, 1 coin -> 0: -3.
    # Vera: -3, 5 coins -> 1: -2.
    lines = {line.name: line for line in session.scores().lines}
    assert (lines["Anna"].total, lines["Boris"].total, lines["Vera"].total) == (23, -3, -2)
    texts = ui.texts()
    assert ui.tr("score.winner", names="Anna", total=23) in texts
    assert {"23", "-3", "-2"} <= set(texts)
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
    path = ui.screenshot("bgstats-qr")
    # A phone reads the code off the screen: it holds the link that opens BG Stats with this play.
    import cv2
    import zxingcpp

    from companion.storage.exchange import bgstats_url, export_bgstats

    found = zxingcpp.read_barcodes(cv2.imread(str(path)))
    expected = bgstats_url(export_bgstats(ui.app.store, ui.screen.game_id))
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
            assert _picture_has_content(ui.screenshot(f"small-{name}"))
            # Every button is at least 36 px high: a fingertip on a 7" 800x480 screen.
            buttons = [w for w in ui.walk(ui.screen) if type(w).__name__ == "BigButton" and w.opacity > 0]
            assert buttons and min(b.height for b in buttons) >= 36
    finally:
        Window.size = (1280, 800)
        ui.pump(frames=4)
