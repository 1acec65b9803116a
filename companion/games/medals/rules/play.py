"""Taking a medal: at any moment from a table's point of view (`take_medal`, what the log replays), and
as the refereed turn allows it (`claim_medal`: on one's own turn, when the goal holds)."""

from __future__ import annotations

from companion.games.architects.rules.play import ArchitectsRuleError
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.rules.turns import ArchitectsTurn, claim_on_turn
from companion.games.medals.rules.data import MEDALS
from companion.games.medals.rules.goals import BATTLE_DOUBLE, accessible_medals, unclaimed
from companion.games.medals.rules.table import is_expert, medal_layout, medals_of, with_medals_won

__all__ = ["claim_medal", "take_medal"]


def take_medal(table: ArchitectsTable, seat: int, medal: str) -> ArchitectsTable:
    """`seat` takes a medal lying where they can win it that nobody has taken (the expert central
    battle-double medal may be taken by several players)."""
    player = table.players[seat]
    if medal not in accessible_medals(table, seat):
        raise ArchitectsRuleError(f"{player.name} cannot reach the {medal} medal")
    layout = medal_layout(table)
    central = is_expert(table) and layout is not None and medal in layout.center
    won = medals_of(player)
    if medal in won or (medal not in unclaimed(table, (medal,)) and not (central and medal == BATTLE_DOUBLE)):
        raise ArchitectsRuleError(f"the {medal} medal is already taken")
    return table.with_player(seat, with_medals_won(player, (*won, medal)))


def claim_medal(table: ArchitectsTable, turn: ArchitectsTurn, seat: int, medal: str) -> ArchitectsTable:
    """`seat` takes a medal whose goal it meets: only on its own turn (the Medals rulebook: "в любой
    момент своего хода"; `turns.claim_on_turn`)."""
    return claim_on_turn(table, turn, seat, MEDALS, medal)
