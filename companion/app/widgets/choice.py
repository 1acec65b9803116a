"""Drop-down choices whose taps are guarded (`companion.app.guard`): a wonder or a medal chosen
from a list. In a module of their own: Kivy's Spinner opens the window when it is imported."""

from __future__ import annotations

from kivy.uix.spinner import Spinner, SpinnerOption

from companion.app.guard import TapGuard

__all__ = ["ChoiceSpinner", "WonderOption"]


class ChoiceSpinner(TapGuard, Spinner):
    """A drop-down choice (a wonder, a medal): its options are `WonderOption`s, whose taps are guarded."""


class WonderOption(TapGuard, SpinnerOption):
    """One option of a `ChoiceSpinner`: choosing it runs the spinner's handlers inside its guarded tap."""
