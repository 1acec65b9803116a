"""What a player at the table sees of a screen, measured on its widgets: the height of every text
read from a seat and the size of every touch target, in millimetres on the screen (the rule is
companion.app.theme's: READ_TEXT_MM, TOUCH_MM; small print, `small_print` widgets, is left out).

A text's height is its font size (the em) as drawn: a label's `font_size`, or the smallest
``[size=N]`` of its markup that holds visible text. A text is spoilt when it runs out of its
label, is shortened, loses lines its height does not hold, or has a line broken inside a word. A
target is any visible, enabled widget that takes a tap (buttons, tappable tiles, toggles, text
fields); its size is the smaller of its width and height.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["cut_or_broken", "measure", "text_px"]

SIZE_TAG = re.compile(r"\[size=(\d+(?:\.\d+)?)(?:sp|dp|px)?\]|\[/size\]")
OTHER_TAGS = re.compile(r"\[/?(?:b|i|u|s|color|font|sub|sup|ref|anchor)(?:=[^\]]*)?\]")


def text_px(widget: Any) -> float | None:
    """The smallest font size (px) at which the widget draws visible text; None when it shows none."""
    text = getattr(widget, "text", "") or ""
    if not text.strip():
        text = getattr(widget, "hint_text", "") if _is_text_input(widget) and not text else ""
        if not str(text).strip():
            return None
    base = float(widget.font_size)
    if not getattr(widget, "markup", False):
        return base
    sizes: list[float] = []
    stack = [base]
    position = 0
    for match in SIZE_TAG.finditer(text):
        if OTHER_TAGS.sub("", text[position:match.start()]).strip():
            sizes.append(stack[-1])
        if match.group(0) == "[/size]":
            if len(stack) > 1:
                stack.pop()
        else:
            stack.append(float(match.group(1)))
        position = match.end()
    if OTHER_TAGS.sub("", text[position:]).strip():
        sizes.append(stack[-1])
    return min(sizes) if sizes else None


def _is_text_input(widget: Any) -> bool:
    from kivy.uix.textinput import TextInput

    return isinstance(widget, TextInput)


def _is_target(widget: Any) -> bool:
    from kivy.uix.behaviors import ButtonBehavior, ToggleButtonBehavior
    from kivy.uix.textinput import TextInput

    return isinstance(widget, (ButtonBehavior, ToggleButtonBehavior, TextInput))


def _shown(widget: Any) -> bool:
    """True when the widget and every parent are drawn (not transparent) and it has a size."""
    if widget.width < 1 or widget.height < 1:
        return False
    node = widget
    while node is not None:
        if getattr(node, "opacity", 1) <= 0.01:
            return False
        parent = node.parent
        if parent is node:
            break
        node = parent
    return widget.get_root_window() is not None


def _plain(text: str) -> str:
    return OTHER_TAGS.sub("", SIZE_TAG.sub("", text))


def cut_or_broken(label: Any) -> str | None:
    """How a label's text is spoiled, or None: ``cut`` when it runs out of the label or is shortened
    with an ellipsis, ``broken`` when a line ends inside a word (a word too long for the width)."""
    if getattr(label, "texture", None) is None and not label.text:
        return None
    label.texture_update()
    width, height = label.texture_size
    if width > label.width + 1.5 or height > label.height + 1.5:
        return f"cut ({width:.0f}x{height:.0f} in {label.width:.0f}x{label.height:.0f})"
    cached = getattr(getattr(label, "_label", None), "_cached_lines", None) or []
    lines = ["".join(word.text for word in line.words) for line in cached]
    if any("..." in line or "\u2026" in line for line in lines) and "..." not in label.text \
            and "\u2026" not in label.text:
        return "cut (shortened)"
    original = " ".join(_plain(label.text).split())
    position = 0
    for index, line in enumerate(lines[:-1]):
        shown = " ".join(line.split())
        found = original.find(shown, position) if shown else -1
        if found < 0:
            return None                             # laid out otherwise than the plain text (markup): not judged
        end = found + len(shown)
        if 0 < end < len(original) and not original[end].isspace() and not original[end - 1].isspace() \
                and original[end - 1] not in "-\u2010\u2013\u2014/" and lines[index + 1].strip():
            return f"broken after {shown[-12:]!r}"
        position = end
    if lines:
        last = " ".join(lines[-1].split())
        found = original.find(last, position) if last else -1
        if found >= 0 and found + len(last) < len(original):
            return f"cut after {last[-12:]!r} (lines left out)"    # the label's height held fewer lines
    return None


def _describe(widget: Any) -> str:
    text = str(getattr(widget, "text", "") or getattr(widget, "hint_text", "")).replace("\n", " ")
    return f"{type(widget).__name__} {text[:40]!r}"


def measure(widgets: Any, mm: float, *, least_text_mm: float, least_target_mm: float) -> dict[str, Any]:
    """Text heights and target sizes (mm, at `mm` pixels per millimetre) of the `widgets`; the
    smallest of each and every one under the given least sizes (with their text, for the message)."""
    texts: list[float] = []
    targets: list[float] = []
    small_text: list[str] = []
    small_targets: list[str] = []
    spoilt: list[str] = []
    small_print = 0
    seen: set[int] = set()
    for widget in widgets:
        if id(widget) in seen or not _shown(widget):
            continue
        seen.add(id(widget))
        if _is_target(widget) and not widget.disabled:
            size = min(widget.width, widget.height) / mm
            targets.append(size)
            if size < least_target_mm - 0.01:
                small_targets.append(f"{_describe(widget)} {widget.width:.0f}x{widget.height:.0f} px = {size:.1f} mm")
        if not hasattr(widget, "font_size"):
            continue
        px = text_px(widget)
        if px is None:
            continue
        if getattr(widget, "small_print", False):
            small_print += 1
            continue
        height = px / mm
        texts.append(height)
        if height < least_text_mm - 0.01:
            small_text.append(f"{_describe(widget)} {px:.1f} px = {height:.2f} mm")
        spoiled = cut_or_broken(widget) if not _is_text_input(widget) else None
        if spoiled:
            spoilt.append(f"{_describe(widget)} {spoiled}")
    return {"text_mm": round(min(texts), 2) if texts else None,
            "target_mm": round(min(targets), 2) if targets else None,
            "texts": len(texts), "targets": len(targets), "small_print": small_print,
            "small_text": small_text, "small_targets": small_targets, "spoilt": spoilt}
