"""The game log: every game as append-only events in SQLite, history, statistics, exports."""

from companion.storage.database import (
    DuplicateGame,
    GameNotFound,
    GameStore,
    GameSummary,
    StoreError,
    StoreUnusable,
    default_store_path,
)
from companion.storage.events import Event, EventError

__all__ = ["DuplicateGame", "Event", "EventError", "GameNotFound", "GameStore", "GameSummary", "StoreError",
           "StoreUnusable", "default_store_path"]
