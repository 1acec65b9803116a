"""A separate process (one Kivy window each) for tests/test_app_question.py: `ask STORE LANGUAGE WxH
FOLDER` starts a 4-player game watched through a video of its table (FOLDER/table.avi) in which two
boards' stickers are under hands: the camera cannot tell whose those two cities' cards are, so the table asks.
One tap answers the first question with its owner (FOLDER/setup.json holds the set-up and the truth),
one the second with "nobody"; a screenshot of each step goes to tests/output/screens/question-* (with
COMPANION_SCREENSHOTS=1).
Prints the facts it measured as one JSON line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.tools.app_driver import AppDriver


def ask(store: Path, language: str, size: tuple[int, int], folder: Path) -> dict[str, Any]:
    from companion.games.sevenwonders.session import SeatSetup

    setup = json.loads((folder / "setup.json").read_text(encoding="utf-8"))
    ui = AppDriver.start(store, size=size, language=language)
    tag = f"question-{language}-{size[0]}x{size[1]}"
    ui.app.start_game([SeatSetup(p["name"], p["wonder"], p["side"]) for p in setup["players"]],
                      camera=str(folder / "table.avi"))
    session = ui.app.session
    facts: dict[str, Any] = {}
    asked = ui.wait_until(lambda: bool(session.questions()) and ui.screen.ids.question.opacity == 1, timeout=60)
    facts["asked"] = asked
    if not asked:
        ui.screenshot(f"{tag}-none")
        return facts
    ui.wait_until(lambda: not ui.app.camera_on, timeout=60)     # every photo read
    ui.pump(frames=4)
    questions = session.questions()
    facts["questions"] = [{"cards": [c.key for c in q.cards], "candidates": list(q.candidates)} for q in questions]
    bar = ui.screen.ids.question
    facts["bar_text"] = ui.screen.ids.question_text.text
    facts["answers"] = [w.text for w in reversed(ui.screen.ids.answers.children)]
    left, bottom = bar.to_window(bar.x, bar.y)
    right, top = bar.to_window(bar.right, bar.top)
    facts["bar_inside"] = left >= -1 and bottom >= -1 and right <= size[0] + 1 and top <= size[1] + 1
    facts["smallest_answer_px"] = min(min(w.width, w.height) for w in ui.screen.ids.answers.children)
    ui.screenshot(f"{tag}-asked")
    first = questions[0]
    owner = next(s for s, p in enumerate(session.players)       # the player whose cards they are says so
                 if {c.card for c in first.cards} <= set(setup["cities"][p["wonder"]]))
    labels = {f"{owner + 1}  {session.players[owner]['name']}", str(owner + 1)}   # by name, or by seat number alone
    ui.tap(next(w for w in ui.walk(ui.screen.ids.answers) if getattr(w, "text", None) in labels))
    facts["first_owner"] = owner
    facts["first_cards"] = sorted(c.card for c in first.cards)
    facts["city_after"] = sorted(session.players[owner]["cards"])
    facts["toast"] = ui.screen.ids.toast.text
    ui.screenshot(f"{tag}-answered")
    left = session.questions()
    facts["left"] = len(left)
    if left:
        ui.tap(ui.find(ui.tr("table.whose_nobody"), root=ui.screen.ids.answers))
        facts["nobody_cards"] = sorted(c.marker for c in left[0].cards)
    ui.pump(frames=4)
    facts["left_after_nobody"] = len(session.questions())
    facts["bar_hidden"] = ui.screen.ids.question.opacity == 0
    ui.screenshot(f"{tag}-done")
    facts["events"] = [{"kind": e.kind, "source": e.source, "payload": e.payload}
                       for e in ui.app.store.events(session.game_id) if e.kind in ("owner_answered", "card_confirmed")]
    facts["game"] = session.game_id
    ui.stop()
    return facts


if __name__ == "__main__":
    width, height = (int(v) for v in sys.argv[4].split("x"))
    print(json.dumps(ask(Path(sys.argv[2]), sys.argv[3], (width, height), Path(sys.argv[5]))))
