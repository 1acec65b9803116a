"""Medals on Architects (`ArchitectsExtension`): the Progress tokens its box adds, the battle-double medal
a battle gives, 4 VP a medal, and what makes a final table's medals impossible or implausible."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from companion.games.architects.rules.data import ProgressToken
from companion.games.architects.rules.extension import ArchitectsExtension, Award
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable
from companion.games.medals.rules.data import MEDAL_TAKEN, MEDALS, load_medals_data
from companion.games.medals.rules.goals import (
    BATTLE_DOUBLE,
    accessible_medals,
    medal_offers,
    monotone_goal_met,
    unclaimed,
)
from companion.games.medals.rules.play import take_medal
from companion.games.medals.rules.table import (
    STANDARD,
    is_expert,
    medal_layout,
    medal_variant,
    medals_of,
    with_medals_won,
)
from companion.jsonread import Problem

__all__ = ["MedalsExtension"]


class MedalsExtension(ArchitectsExtension):
    """The Medals expansion at an Architects table."""

    id: ClassVar[str] = MEDALS
    score_rows: ClassVar[tuple[str, ...]] = ("medals",)
    claim_kind: ClassVar[str] = MEDAL_TAKEN
    claim_field: ClassVar[str] = "medal"
    item_kind: ClassVar[str] = "medal"

    def token_copies(self, token: ProgressToken) -> int:
        """Culture's third copy and the three new tokens come with Medals."""
        return load_medals_data().token_copies.get(token.id, 0)

    def battle_awards(self, table: ArchitectsTable, gains: tuple[int, ...]) -> tuple[Award, ...]:
        """A player who wins 2 tokens takes an accessible, unclaimed battle-double medal (the central
        one in the expert variant: each such player takes one)."""
        medals: list[Award] = []
        layout = medal_layout(table)
        center = layout.center if layout is not None and is_expert(table) else ()
        for seat, gain in enumerate(gains):
            if gain < 2 or BATTLE_DOUBLE in medals_of(table.players[seat]):
                continue
            between = BATTLE_DOUBLE in unclaimed(table, accessible_medals(table, seat)) and not medals
            if BATTLE_DOUBLE in center or between:
                medals.append((seat, BATTLE_DOUBLE))
        return tuple(medals)

    def apply_awards(self, table: ArchitectsTable, awards: tuple[Award, ...]) -> ArchitectsTable:
        """The seats hold the medals the battle gave them."""
        for seat, medal in awards:
            player = table.players[seat]
            table = table.with_player(seat, with_medals_won(player, (*medals_of(player), medal)))
        return table

    def offers(self, table: ArchitectsTable, seat: int) -> tuple[str, ...]:
        """The accessible, unclaimed medals whose goal `seat` meets now."""
        return medal_offers(table, seat)

    def item_names(self, item: str) -> Mapping[str, str]:
        """A medal's goal in each language (``3 grey cards``)."""
        return load_medals_data().medals[item].names

    def held(self, player: ArchitectsPlayer) -> tuple[str, ...]:
        """The medals the player won."""
        return medals_of(player)

    def claim(self, table: ArchitectsTable, seat: int, item: str) -> ArchitectsTable:
        """`seat` takes the medal `item`."""
        return take_medal(table, seat, item)

    def score(self, player: ArchitectsPlayer) -> Mapping[str, int]:
        """4 VP a medal (Medals rulebook)."""
        return {"medals": load_medals_data().medal_vp * len(medals_of(player))}

    def player_errors(self, table: ArchitectsTable, seat: int) -> list[Problem]:
        """More medals than a player may win, one listed twice, one lying out of the player's reach."""
        player = table.players[seat]
        won = medals_of(player)
        at = f"players[{seat}]"
        errors = []
        most = load_medals_data().medals_per_player["expert" if is_expert(table) else STANDARD]
        if len(won) > most:
            errors.append(Problem(f"{at}.medals", f"{len(won)} medals; a player can win at most {most} "
                                                  f"in the {medal_variant(table) or STANDARD} game"))
        twice = sorted({m for m in won if won.count(m) > 1})
        if twice:
            errors.append(Problem(f"{at}.medals", f"the {', '.join(twice)} medal is listed twice"))
        if medal_layout(table) is not None:
            reach = accessible_medals(table, seat)
            for medal in dict.fromkeys(won):
                if medal not in reach:
                    errors.append(Problem(f"{at}.medals", f"the {medal} medal lies neither next to {player.name} nor "
                                                          f"in the centre"))
        return errors

    def table_errors(self, table: ArchitectsTable) -> list[Problem]:
        """A medal held by two players (but the expert variant's central battle-double medal)."""
        errors = []
        owners: dict[str, list[int]] = {}
        for seat, player in enumerate(table.players):
            for medal in dict.fromkeys(medals_of(player)):
                owners.setdefault(medal, []).append(seat)
        layout = medal_layout(table)
        center = layout.center if layout is not None else ()
        for medal, seats in owners.items():
            shared = medal == BATTLE_DOUBLE and is_expert(table) and (layout is None or medal in center)
            if len(seats) > 1 and not shared:
                names = ", ".join(table.players[s].name for s in seats)
                errors.append(Problem("players", f"the {medal} medal is held by {names}; one player takes it"))
        return errors

    def warnings(self, table: ArchitectsTable) -> list[str]:
        """A medal whose goal's parts that never decrease are not there at the end."""
        medals = load_medals_data().medals
        warnings = []
        for player in table.players:
            for medal in dict.fromkeys(medals_of(player)):
                if medal in medals and not monotone_goal_met(medals[medal], player, table.data):
                    warnings.append(f"{player.name}'s {medal} medal: its goal's stages, Progress tokens or Military "
                                    f"Victory tokens are not there at the end, and those never decrease")
        return warnings
