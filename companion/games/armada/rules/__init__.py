"""The Armada rules: its components (`data`), effect kinds (`effects`), the port boards (`port`), naval
conflicts (`naval`) and what a turn sets in motion (`play`), on top of the 7 Wonders rules."""
