"""Medal goals as predicates over a player's state, which medals a seat can still take, and the
offers to make during play (Medals rulebook: the first of the two neighbours to meet a goal takes
the medal between them; in the expert variant the 2 central medals are open to everybody)."""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.architects.rules.data import ArchitectsData
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable
from companion.games.medals.rules.data import GoalPart, Medal, load_medals_data
from companion.games.medals.rules.table import is_expert, medal_layout, medals_of

__all__ = ["BATTLE_DOUBLE", "accessible_medals", "goal_met", "medal_offers", "monotone_goal_met", "part_count",
           "unclaimed"]

BATTLE_DOUBLE = "battle_double"
"""The medal won by an event (2 Military Victory tokens in one battle), not by a state."""


def _cards(player: ArchitectsPlayer, data: ArchitectsData, part: GoalPart) -> int:
    if player.cards is not None:
        kinds = set(part.kinds) | {k.id for k in data.cards.values() if k.color in part.colors}
        if not part.kinds and not part.colors:
            kinds = set(data.cards)
        return sum(n for kind, n in player.cards.items() if kind in kinds)
    # Only the scoring totals are known: blue and grey cards can still be counted.
    by_color = {"blue": player.blue_plain + player.blue_cat, "grey": player.grey_cards or 0}
    by_kind = {"blue_cat": player.blue_cat, "blue_plain": player.blue_plain}
    return sum(by_color.get(c, 0) for c in part.colors) + sum(by_kind.get(k, 0) for k in part.kinds)


def part_count(player: ArchitectsPlayer, data: ArchitectsData, part: GoalPart, battle_gain: int = 0) -> int:
    """What the part counts, for this player now (`battle_gain`: tokens won in the battle just resolved)."""
    if part.count == "cards":
        return _cards(player, data, part)
    counts = {"stages": player.stages, "progress_tokens": len(player.progress_tokens),
              "military_tokens": player.military_tokens, "cat_pawn": int(player.cat_pawn),
              "battle_tokens": battle_gain}
    return counts[part.count]


def goal_met(medal: Medal, player: ArchitectsPlayer, data: ArchitectsData, battle_gain: int = 0) -> bool:
    """True when every part of the goal holds (minimums: more is fine)."""
    return all(part_count(player, data, part, battle_gain) >= part.at_least for part in medal.goal)


def monotone_goal_met(medal: Medal, player: ArchitectsPlayer, data: ArchitectsData) -> bool:
    """True when the parts a final table can still prove hold: stages, Progress tokens and Military
    Victory tokens never decrease; a battle double leaves at least 2 Military Victory tokens."""
    for part in medal.goal:
        if part.monotone and part_count(player, data, part) < part.at_least:
            return False
        if part.count == "battle_tokens" and player.military_tokens < part.at_least:
            return False
    return True


def accessible_medals(table: ArchitectsTable, seat: int) -> tuple[str, ...]:
    """The medals lying where this seat can win them: to its left and right, and the centre (expert)."""
    layout = medal_layout(table)
    if layout is None or not table.players:
        return ()
    count = len(layout.between)
    near = [layout.between[seat % count], layout.between[(seat - 1) % count]]
    if is_expert(table):
        near.extend(layout.center)
    return tuple(dict.fromkeys(m for m in near if m is not None))


def unclaimed(table: ArchitectsTable, medals: Iterable[str]) -> tuple[str, ...]:
    """Those of `medals` nobody holds yet."""
    held = {m for p in table.players for m in medals_of(p)}
    return tuple(m for m in medals if m not in held)


def medal_offers(table: ArchitectsTable, seat: int) -> tuple[str, ...]:
    """The accessible, unclaimed medals whose state goal this seat meets now (the app offers them)."""
    player = table.players[seat]
    medals = load_medals_data().medals
    return tuple(m for m in unclaimed(table, accessible_medals(table, seat))
                 if not medals[m].is_event and goal_met(medals[m], player, table.data))
