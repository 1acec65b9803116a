"""Game data: the components of the box, loaded from validated data files."""

from companion.gamedata.effects import Effect
from companion.gamedata.loader import load_game_data
from companion.gamedata.model import Card, CardCopy, Cost, GameData, Rules, Stage, Wonder, WonderSide
from companion.gamedata.reading import GameDataError

__all__ = [
    "Card", "CardCopy", "Cost", "Effect", "GameData", "GameDataError", "Rules", "Stage", "Wonder",
    "WonderSide", "load_game_data",
]
