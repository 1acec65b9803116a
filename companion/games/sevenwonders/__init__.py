"""7 Wonders (first edition, 2-7 players): the base game its expansions plug into (`rules.extension`)."""

from companion.plugins import GameInfo

GAME = GameInfo(id="7wonders", names={"en": "7 Wonders", "ru": "7 Чудес", "uk": "7 Чудес"},
                aliases=("7 Wonders", "seven wonders"), bgg_id=68448)
