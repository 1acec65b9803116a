"""The Kivy app (layer 4): screens over the game session, the game log and the camera feed.

Only this package imports Kivy, and only once `companion.app.launch` has set Kivy's environment;
`companion.games.sevenwonders.app.wording` and `companion.app.theme` are plain Python.
"""
