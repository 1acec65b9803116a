"""How an expansion plugs into the Architects rules: the hooks it may implement and the registry it fills.

A table plays with the expansions its ``expansions`` lists; the rules ask each one's extension for what
it adds (tokens in the box, awards of a battle, score rows, problems of a final table), and every hook's
default adds nothing, so a table without expansions runs the base game's code alone. What an expansion
keeps at the table lives in ``ArchitectsTable.extras[id]`` and ``ArchitectsPlayer.extras[id]``. An
expansion registers its extension class in `EXTENSIONS` (by the id table files write in
``expansions``); the base game never imports an expansion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from companion.jsonread import Problem
from companion.plugins import Registry

if TYPE_CHECKING:
    from companion.games.architects.rules.data import ProgressToken
    from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable

__all__ = [
    "EXTENSIONS",
    "ArchitectsExtension",
    "Award",
    "extension_score_rows",
    "installed_extensions",
    "table_extensions",
]

Award = tuple[int, str]
"""What a battle gives a seat beyond its Military Victory tokens: (seat, what), as an extension names it."""


class ArchitectsExtension:
    """An expansion of Architects: override what the expansion changes. Stateless: what it holds at a
    table is in the table's and the players' ``extras``."""

    id: ClassVar[str] = ""
    """The expansion's id, as table files write it in ``expansions`` (and its key in ``extras``)."""
    score_rows: ClassVar[tuple[str, ...]] = ()
    """The rows its score sheet adds after the base game's, in order."""
    claim_kind: ClassVar[str] = ""
    """The action event that takes one of its `offers` (payload: ``seat`` and `claim_field`)."""
    claim_field: ClassVar[str] = ""
    """The payload key naming what is taken."""
    item_kind: ClassVar[str] = ""
    """What a player holds of it is counted (by the camera) as ``<item_kind>:<id>``."""

    def token_copies(self, token: ProgressToken) -> int:
        """Copies of a Progress token this expansion adds to the box."""
        return 0

    def battle_awards(self, table: ArchitectsTable, gains: tuple[int, ...]) -> tuple[Award, ...]:
        """What the battle resolved at `table` (each seat won `gains` Military Victory tokens) gives too."""
        return ()

    def apply_awards(self, table: ArchitectsTable, awards: tuple[Award, ...]) -> ArchitectsTable:
        """The table once the seats hold what `battle_awards` gave them."""
        return table

    def offers(self, table: ArchitectsTable, seat: int) -> tuple[str, ...]:
        """What `seat` may take now, having met its condition (the app offers it at once)."""
        return ()

    def item_names(self, item: str) -> Mapping[str, str]:
        """What one of its items (an offer, something held) is called in each language (its data's names)."""
        return {"en": item}

    def held(self, player: ArchitectsPlayer) -> tuple[str, ...]:
        """The ids of what the player holds of it (each counted once as ``<item_kind>:<id>``)."""
        return ()

    def claim(self, table: ArchitectsTable, seat: int, item: str) -> ArchitectsTable:
        """The table once `seat` took `item` (one of what the expansion offers).

        :raises ValueError: when the rules do not allow it (`ArchitectsRuleError`).
        """
        raise ValueError(f"{self.id or 'this expansion'} offers nothing to take")

    def score(self, player: ArchitectsPlayer) -> Mapping[str, int]:
        """The player's points in each of `score_rows` (a player without this expansion's parts: 0)."""
        return dict.fromkeys(self.score_rows, 0)

    def player_errors(self, table: ArchitectsTable, seat: int) -> list[Problem]:
        """What makes one player of a final table impossible."""
        return []

    def table_errors(self, table: ArchitectsTable) -> list[Problem]:
        """What makes a final table impossible as a whole."""
        return []

    def warnings(self, table: ArchitectsTable) -> list[str]:
        """What looks wrong at a final table that can still be scored."""
        return []


EXTENSIONS: Registry[type[ArchitectsExtension]] = Registry("Architects expansion", "rules")
"""The expansions of Architects by id, filled by each expansion's rules package."""


_instances: dict[type[ArchitectsExtension], ArchitectsExtension] = {}


def _instance(kind: type[ArchitectsExtension]) -> ArchitectsExtension:
    if kind not in _instances:
        _instances[kind] = kind()
    return _instances[kind]


def installed_extensions() -> tuple[ArchitectsExtension, ...]:
    """One extension of each installed expansion, in registration order."""
    return tuple(_instance(kind) for kind in EXTENSIONS.values())


def table_extensions(expansions: tuple[str, ...]) -> tuple[ArchitectsExtension, ...]:
    """The extensions of the installed expansions a table plays with, in registration order."""
    return tuple(ext for ext in installed_extensions() if ext.id in expansions)


def extension_score_rows() -> tuple[str, ...]:
    """The score rows every installed expansion adds, in order (a sheet shows those its table plays)."""
    return tuple(row for ext in installed_extensions() for row in ext.score_rows)
