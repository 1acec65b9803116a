"""Simulated cameras: stickers and whole tables rendered with exact ground truth, and recorded games.

Layer 2, beside the vision: it may use the game data, the engine, the markers, numpy, OpenCV and
segno, never the table state or the faces. The vision's frame sources play recordings through it.
"""
