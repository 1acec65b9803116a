"""Widgets shared by the screens (Kivy)."""
