"""7 Wonders' camera layout: where each city's board and cards lie on the table (layer 2)."""
