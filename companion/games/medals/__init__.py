"""Medals, the 7 Wonders Architects expansion: goals between neighbours or dealt, each worth points."""

from companion.plugins import GameInfo

GAME = GameInfo(id="medals", names={"en": "Medals", "ru": "Медали", "uk": "Медалі"},
                aliases=("7 Wonders Architects Medals",), base="architects")
