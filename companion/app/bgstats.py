"""The BG Stats play as a QR code a phone can read: the play without the fields BG Stats fills in by
itself (``startPlayer: false``, ``noPoints: false``, ``highestWins: true``, the rank it works out from the
scores, empty fields), its link
encoded as little as a URL allows, and no code at all when even that is too large to scan from a
screen (7 players with Cyrillic names): then the play file is written and shared instead.

BG Stats' import (``createPlay.html?data=``, public examples of other apps) needs ``sourceName``,
``sourcePlayId``, ``playDate``, the game (``name``, ``sourceGameId``, ``bggId``) and for each player
``name``, ``sourcePlayerId`` and ``winner`` (its Android app fails without an explicit ``winner``).
"""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

__all__ = ["MAX_QR_VERSION", "compact_play", "play_link", "qr_for_play"]

MAX_QR_VERSION = 20
"""The largest QR code still read reliably by a phone from an 800x480 screen (97 modules a side: four
pixels a module in a 400-pixel square). A screen does not smudge: the lowest error correction (L) is enough."""
DEFAULTS = {"startPlayer": False, "noPoints": False, "highestWins": True}
"""Fields BG Stats assumes when they are left out."""
DERIVED = ("rank",)
"""Fields BG Stats works out itself from the scores (highest wins)."""
LINK = "https://app.bgstatsapp.com/createPlay.html?data="


def compact_play(play: dict[str, Any]) -> dict[str, Any]:
    """The play without empty fields and without the values BG Stats assumes anyway."""
    def keep(key: str, value: Any) -> bool:
        if value is None or value == "" or value == [] or value == {} or key in DERIVED:
            return False
        return not (key in DEFAULTS and value == DEFAULTS[key])

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if keep(k, v)}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    compact: dict[str, Any] = strip(play)
    return compact


def play_link(play: dict[str, Any]) -> str:
    """The link that opens BG Stats with `play` (compact JSON; only what a URL query cannot hold is escaped)."""
    text = json.dumps(compact_play(play), ensure_ascii=False, separators=(",", ":"))
    return LINK + urllib.parse.quote(text, safe=":,@!$'()*+;=/?")


def qr_for_play(play: dict[str, Any]) -> Any:
    """A segno QR code of the play's link (error correction L), or None when it would need a code
    larger than `MAX_QR_VERSION`."""
    import segno

    try:
        code = segno.make_qr(play_link(play), error="l", boost_error=False)
    except segno.DataOverflowError:
        return None
    return code if code.version <= MAX_QR_VERSION else None
