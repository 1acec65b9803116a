"""Medals in an Architects game being played (`ArchitectsSession.part("medals")`): taking a medal (one
tap, logged as ``architects_medal_taken`` through `ArchitectsSession.claim`) and the medals each seat
may take now."""

from __future__ import annotations

from typing import Any

from companion.games.architects.session import SESSION_PARTS, ArchitectsSession
from companion.games.medals.rules.data import MEDALS
from companion.games.medals.rules.goals import medal_offers

__all__ = ["MedalsActions"]


class MedalsActions:
    """The Medals actions of one open Architects game."""

    def __init__(self, session: ArchitectsSession) -> None:
        self.session = session

    def take_medal(self, seat: int, medal: str) -> None:
        """`seat` takes a medal whose goal they met.

        :raises SessionError: when the rules refuse it, or the log cannot save it.
        """
        self.session.claim(MEDALS, seat, medal)

    def offers(self) -> dict[int, tuple[str, ...]]:
        """The medals each seat may take now (the app offers them the moment a goal is met)."""
        table = self.session.table
        found = {seat: medal_offers(table, seat) for seat in range(len(table.players))}
        return {seat: medals for seat, medals in found.items() if medals}


def _part(session: Any) -> MedalsActions:
    return MedalsActions(session)


SESSION_PARTS.register(MEDALS, _part, game="medals")
