"""Medals in the app: its panel on Architects' New game screen (with or without Medals, standard or
expert, the medals as they lie on the table), declared here without importing Kivy."""

from companion.app.registry import PANELS, Panel

PANELS.register("architects_new/medals", Panel("architects_new", "medals", f"{__name__}.new:MedalsSetUp"),
                game="medals")
