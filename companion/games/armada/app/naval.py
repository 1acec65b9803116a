"""Armada at 7 Wonders' end of an age: the naval conflict after the land ones (its ``end_of_age`` panel),
and each player's naval tokens once the age is confirmed (its ``age_done`` panel)."""

from __future__ import annotations

from typing import Any

from companion.app.widgets.common import TextLabel, app
from companion.games.armada.app.port import unknown_lines
from companion.games.armada.app.values import values_button
from companion.games.armada.session import NavalUnknown
from companion.games.sevenwonders.app.end_of_age import tokens_text

__all__ = ["show_naval", "show_naval_done"]


def show_naval_done(screen: Any, box: Any) -> None:
    """Each player's naval Victory tokens under the land ones, on a confirmed age's `screen` (in `box`)."""
    running = app()
    screen.add_title(box, running.tr("age.naval_done"))
    for player in running.session.players:
        box.add_widget(TextLabel(text=running.tr("age.tokens", player=player["name"],
                                                 tokens=tokens_text(player.get("naval_tokens", []))),
                                 font_size=running.u * 1.3))


def show_naval(screen: Any) -> None:
    """The naval conflict under the land ones on the end-of-age `screen`: each strength and token,
    strongest first, or the values it needs (then the age waits for them: no token is invented)."""
    running = app()
    session = running.session
    battles = screen.ids.battles
    screen.add_title(battles, running.tr("age.naval"))
    try:
        naval = session.part("armada").naval_conflict()
    except NavalUnknown as error:
        screen.blocked = True
        bad = running.theme.rgba("bad")
        battles.add_widget(TextLabel(text=running.tr("age.naval_unknown"), font_size=running.u * 1.3, color=bad))
        for line in unknown_lines(error.unknowns):
            battles.add_widget(TextLabel(text="\u2022 " + line, font_size=running.u * 1.15))
        battles.add_widget(values_button(error.unknowns, on_done=screen.refresh))
        return
    if naval is None:
        return
    players = session.players
    for seat in sorted(range(len(players)), key=lambda s: (-naval.strengths[s], s)):
        token = naval.tokens[seat]
        if not naval.joined[seat]:
            outcome = running.tr("age.naval_stays_out")
        else:
            outcome = tokens_text([token]) if token is not None else running.tr("age.naval_no_token")
        battles.add_widget(TextLabel(text=running.tr("age.naval_line", player=players[seat]["name"],
                                                     strength=naval.strengths[seat],
                                                     outcome=outcome.replace(" ", "\u00a0")),
                                     font_size=running.u * 1.2))
