"""Markers: which component each printed code stands for, the QR payload codec, the sticker sheets."""

from companion.markers.codec import Rejection, encode_payload, read_payload
from companion.markers.registry import Component, MarkerRegistry, load_marker_registry

__all__ = ["Component", "MarkerRegistry", "Rejection", "encode_payload", "load_marker_registry", "read_payload"]
