"""Medals in the app: its panels on Architects' screens, declared here without importing Kivy: New game
(with or without Medals, standard or expert, the medals as they lie on the table), the table (the medals
within the player's reach), the battle (the battle-double medal it gives), and how its score row looks."""

from companion.app.registry import PAD_ICONS, PANELS, Panel
from companion.games.architects.app import SCORE_ROW_LOOKS, RowLook

PANELS.register("architects_new/medals", Panel("architects_new", "medals", f"{__name__}.new:MedalsSetUp"),
                game="medals")
PANELS.register("architects_table/medals", Panel("architects_table", "medals", f"{__name__}.table:MedalsTable"),
                game="medals")
PANELS.register("architects_battle/medals",
                Panel("architects_battle", "medals", f"{__name__}.battle:MedalsBattle"), game="medals")
SCORE_ROW_LOOKS.register("medals", RowLook(colour="commercial", icon="medal"), game="medals")
PAD_ICONS.register("medal", f"{__name__}.icons:medal", game="medals")
