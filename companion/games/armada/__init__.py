"""Armada, the 7 Wonders expansion: ports, fleets, islands, naval conflicts, up to 8 players and teams."""

from companion.plugins import GameInfo

GAME = GameInfo(id="armada", names={"en": "Armada", "ru": "Армада", "uk": "Армада"},
                aliases=("7 Wonders Armada",), base="7wonders")
