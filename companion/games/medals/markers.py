"""Medals' stickers in the Architects marker set (`MARKER_KINDS`): each medal on its reward side (lying in
front of the player who won it, counted as ``medal:<id>``) and on its goal side (lying in the space
between two neighbours, or in the centre in the expert variant), printed on their own sheet."""

from companion.games.architects.markers import MARKER_KINDS, MarkerKind
from companion.games.medals.rules.data import load_medals_data


def _medal_names() -> dict[str, dict[str, str]]:
    return {medal.id: dict(medal.names) for medal in load_medals_data().medals.values()}


for _kind, _role in (("architects_medal", "owned"), ("architects_medal_goal", "between")):
    MARKER_KINDS.register(_kind, MarkerKind(_kind, "medal", _medal_names, "architects_medals", "a4-architects-medals",
                                            role=_role, item="medal" if _role == "owned" else "", noun="medal"),
                          game="medals")
