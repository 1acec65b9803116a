"""The game log: every game as append-only events in SQLite, history, statistics, exports."""

from companion.storage.database import GameNotFound, GameStore, GameSummary, StoreError, default_store_path
from companion.storage.events import Event, EventError

__all__ = ["Event", "EventError", "GameNotFound", "GameStore", "GameSummary", "StoreError", "default_store_path"]
