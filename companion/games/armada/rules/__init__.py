"""The Armada rules: its components (`data`), effect kinds (`effects`), the port boards (`port`), naval
conflicts (`naval`) and what a turn sets in motion (`play`), on top of the 7 Wonders rules."""

from companion.games.armada.rules.extension import ArmadaExtension
from companion.games.sevenwonders.rules.extension import EXTENSIONS

EXTENSIONS.register(ArmadaExtension.id, ArmadaExtension, game="armada")
