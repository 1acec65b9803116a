"""7 Wonders' camera layout: where each city's board and cards lie on the table (layer 2)."""

from companion.games.sevenwonders.vision import reading as reading  # registers the layout in TABLE_LAYOUTS
