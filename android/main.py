"""Android entry point (python-for-android runs main.py): the app on its own user data folder."""

from companion.app.launch import configure_kivy

configure_kivy()

from companion.app.main import CompanionApp  # noqa: E402 - Kivy is set up first

CompanionApp(None).run()
