"""Simulated cameras: stickers and whole tables rendered with exact ground truth, and recorded games.

`render` draws stickers, `scenes` whole tables (the tests' and benchmarks' frames), `recording` reads
and checks scripted games (``sevenwonders-recording/1``), `playback` plays them as timed frames or a
video. Layer 2, beside the vision: it may use the game data, the engine, the markers, numpy, OpenCV
and segno, never the vision, the table state or the faces; the vision's frame sources play
recordings through it.
"""
