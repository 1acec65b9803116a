"""A 2-player 7 Wonders Architects game with Medals played through the app's camera view: a video of
rendered tables (nothing is tapped but the medal offer and the score sheet) to the score sheet; print
what the sheet holds as one JSON line. Run in its own process (Kivy opens one window per process):
``python -m tests.games.architects.camera_script STORE VIDEO [W H LANG]``; the video is written
first when missing. Screenshots go to tests/output/screens/architects-camera-<size>-<lang>-*.png (with
COMPANION_SCREENSHOTS=1).
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import cv2

SEATING = ("giza", "rhodes")
START: dict[str, Any] = {
    "format": "architects-table/1", "game": "architects", "expansions": ["medals"], "medal_variant": "standard",
    "medal_layout": {"between": ["three_grey", "three_blue"]},
    "players": [{"name": "Ann", "wonder": "giza", "stages_built": [], "cards": {}, "medals": []},
                {"name": "Bob", "wonder": "rhodes", "stages_built": [], "cards": {}, "medals": []}]}


def states() -> list[dict[str, Any]]:
    """The table after each moment of the game, as the camera sees it."""
    moments = [START]

    def then(change: Any) -> None:
        state = copy.deepcopy(moments[-1])
        change(state["players"][0], state["players"][1])
        moments.append(state)

    then(lambda ann, bob: (ann["cards"].update(wood=1, stone=1), bob["cards"].update(coin=1)))
    then(lambda ann, bob: ann["cards"].update(clay=1))                        # 3 grey cards: the medal's goal
    then(lambda ann, bob: ann["medals"].append("three_grey"))                 # she flips it in front of her
    then(lambda ann, bob: (ann.update(cards={"clay": 1}, stages_built=["two_different"]),   # wood + stone spent
                           bob["cards"].update(blue_cat=1), bob.update(cat_pawn=True)))
    return moments


def after_resuming() -> list[dict[str, Any]]:
    """What the camera sees once the game is opened again: the table as it was left, then Ann takes
    a wood card."""
    left = states()[-1]
    later = copy.deepcopy(left)
    later["players"][0]["cards"]["wood"] = 1
    return [left, later]


def write_video(path: Path, seconds_per_moment: float = 2.0, fps: float = 5.0,
                moments: list[dict[str, Any]] | None = None) -> None:
    """Render each moment and hold it for `seconds_per_moment` (a camera over a 2-player table)."""
    from companion.games.architects.simulation import architects_table_scene
    from companion.games.sevenwonders.simulation.scenes import Camera

    camera = Camera(1920, 1080, 66.0, 700.0, yaw_deg=90.0)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, (camera.width, camera.height))
    try:
        for state in moments or states():
            frame = architects_table_scene(state, camera=camera, decks=True).frame
            for _ in range(round(seconds_per_moment * fps)):
                writer.write(frame)
    finally:
        writer.release()


def play(store: Path, video: Path, size: tuple[int, int], language: str) -> dict[str, Any]:
    """Set up the game on the New game screen with the video as its camera, watch the video to its
    end (the camera takes the medal it offered when it sees its reward side), finish on the score sheet."""
    from companion.games.medals.rules.table import medals_of
    from tests.tools.app_driver import AppDriver

    ui = AppDriver.start(store, size=size, language=language)
    shot = f"architects-camera-{size[0]}x{size[1]}-{language}"
    ui.tap(ui.tr("home.new_game"))
    ui.tap(ui.tr("new_game.game_architects"))
    screen = ui.screen
    screen.change_players(-1)
    screen.names[:2] = [p["name"] for p in START["players"]]
    screen.wonders[:2] = list(SEATING)
    screen.panels["medals"].between[:2] = list(START["medal_layout"]["between"])
    screen.refresh()
    ui.tap(ui.tr("new_game.camera_file"))
    screen.camera_path = str(video)
    ui.screenshot(f"{shot}-new")
    ui.tap(ui.tr("new_game.start"))
    assert ui.app.root.current == "architects_table" and ui.app.camera_on, ui.app.root.current
    ui.pump(frames=3)
    offered = ""
    assert ui.wait_until(lambda: bool(ui.screen.offer_text), timeout=60), "no medal offer"
    offered = ui.screen.offer_text
    ui.screenshot(f"{shot}-offer")
    assert ui.wait_until(lambda: not ui.app.camera_on, timeout=120), "the video did not end"
    ui.pump(frames=3)
    camera_text = ui.screen.camera_text
    ui.screenshot(f"{shot}-table")
    resumed = resume(ui, video)
    session = ui.app.session
    events = ui.app.store.events(session.game_id)
    ui.tap(ui.tr("architects.score_sheet"))
    ui.tap(ui.tr("score.finish"))
    ui.screenshot(f"{shot}-score")
    result = {"screen": ui.app.root.current, "offered": offered, "camera_text": camera_text,
              "finished": session.finished, "sheet": session.sheet().to_json(),
              "sources": sorted({e.source for e in events[1:]}), "problems": ui.app.camera_play.problems,
              "cards": [dict(p.cards or {}) for p in session.table.players],
              "medals": [list(medals_of(p)) for p in session.table.players], **resumed}
    ui.stop()
    return result


def resume(ui: Any, video: Path) -> dict[str, Any]:
    """Leave the game, then open it again from the history as a player would: the camera it was
    started with (the same file, which now shows the table as it was left and then one more card)
    watches again; what it had confirmed is not played a second time."""
    game_id = ui.app.session.game_id
    logged = len(ui.app.store.events(game_id))
    ui.app.close_game()
    write_video(video, moments=after_resuming())
    ui.app.open_game(game_id, screen="architects_table")
    restarted = ui.app.camera_on
    assert ui.wait_until(lambda: not ui.app.camera_on, timeout=120), "the second video did not end"
    ui.pump(frames=3)
    new = ui.app.store.events(game_id)[logged:]
    return {"restarted": restarted, "after_resuming": [(e.kind, e.source, e.payload["seat"]) for e in new]}


def main() -> None:
    store, video = Path(sys.argv[1]), Path(sys.argv[2])
    size = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) > 4 else (1280, 800)
    language = sys.argv[5] if len(sys.argv) > 5 else "en"
    if not video.exists():
        write_video(video)
    print(json.dumps(play(store, video, size, language), ensure_ascii=False))


if __name__ == "__main__":
    main()
