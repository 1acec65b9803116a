"""Game data: the components of the box, loaded from validated data files."""

from companion.gamedata.effects import Effect
from companion.gamedata.loader import GameDataError, load_game_data
from companion.gamedata.model import Card, CardCopy, Cost, GameData, Rules, Stage, Wonder, WonderSide

__all__ = [
    "Card", "CardCopy", "Cost", "Effect", "GameData", "GameDataError", "Rules", "Stage", "Wonder",
    "WonderSide", "load_game_data",
]
