"""The Medals rules on top of the Architects rules: its data (`data`), what it keeps at a table (`table`),
the medal goals (`goals`), taking a medal (`play`), and its `ArchitectsExtension` (`extension`),
registered here in Architects' `EXTENSIONS`."""

from companion.games.architects.rules.extension import EXTENSIONS
from companion.games.medals.rules.extension import MedalsExtension

EXTENSIONS.register(MedalsExtension.id, MedalsExtension, game="medals")
