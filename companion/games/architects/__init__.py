"""7 Wonders Architects (2-7 players), a game of its own: wonders built piece by piece from a central deck."""

from companion.plugins import GameInfo

GAME = GameInfo(id="architects", names={"en": "7 Wonders Architects", "ru": "7 Чудес. Архитекторы",
                                        "uk": "7 Чудес. Архітектори"},
                aliases=("7 Wonders Architects",), bgg_id=346703)
