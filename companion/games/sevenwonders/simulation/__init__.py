"""7 Wonders' simulated tables: rendered scenes, recorded games and their playback (layer 2)."""
