"""Medals in the app: its panels on Architects' screens, declared here without importing Kivy: New game
(with or without Medals, standard or expert, the medals as they lie on the table) and the battle (the
battle-double medal it gives)."""

from companion.app.registry import PANELS, Panel

PANELS.register("architects_new/medals", Panel("architects_new", "medals", f"{__name__}.new:MedalsSetUp"),
                game="medals")
PANELS.register("architects_battle/medals",
                Panel("architects_battle", "medals", f"{__name__}.battle:MedalsBattle"), game="medals")
