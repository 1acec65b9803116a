"""Game data shared by every game: effects as values and their registry (`effects`), facts that may be
unknown (`facts`), an owner's file of entered values (`components`) and reading data files (`reading`).
Each game's own components and loader live in its folder (companion.games.<game>.rules)."""

from companion.gamedata.effects import Effect
from companion.gamedata.reading import GameDataError

__all__ = ["Effect", "GameDataError"]
