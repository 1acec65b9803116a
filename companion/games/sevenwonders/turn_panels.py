"""The 7 Wonders turn in the app: the table screen's turn bar (the age and turn, each seat's play or
"waiting", the Close-turn button) and the build check's plays of the open turn (a build or a stage,
a discard, Babylon B's last card, Halikarnassos' build from the discard pile picked from the cards
the pile holds). The session's side is `turn_session.py`; the rules `rules/turns.py`."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app.registry import panel_class
from companion.app.widgets.common import BigButton, app
from companion.games.sevenwonders.rules.build import BuildCheck
from companion.games.sevenwonders.rules.turns import Play, PlayVerdict
from companion.games.sevenwonders.turn_session import OpenTurn, play_of_check
from companion.i18n import catalogue

__all__ = ["TurnBar", "TurnChip", "enter_checked", "enter_discard", "fits", "play_choices", "play_text", "played_text",
           "show_turn_bar", "turn_lines", "turn_options", "turn_verdict", "use_power"]

ROMAN = ("I", "II", "III")
TURN_MOVED = "turn_moved"
"""The panel slot of a dialog an expansion opens after a turn that moved its pieces (`TurnResult.ship_steps`;
Armada: the turn's ships, their rewards confirmed)."""



class TurnChip(BigButton):
    """A seat in the turn bar: its name, and its play on a second line. The chip shows the first of its
    `choices` that fits it whole (no word cut or broken): the play in full, else its kind in a word
    (card, stage, discard), else that the seat has played; the seat's number for a name too long. A
    tap opens the seat's build check, where the play is shown in full."""

    def __init__(self, choices: list[str], **kwargs: Any) -> None:
        self.choices = choices
        super().__init__(text=choices[0], **kwargs)
        self.bind(size=lambda *_a: self.choose())

    def choose(self) -> None:
        """Show the first choice that fits the chip's size."""
        room = self.width - app().u         # BigButton's text width (its rule: text_size width - u, None)
        self.max_lines = 0                  # (and 2 lines at most: the chip's height decides here)
        self.text = next((c for c in self.choices if fits(c, self.font_size, room, self.height)), self.choices[-1])


def fits(text: str, font_size: float, width: float, height: float) -> bool:
    """True when `text` drawn at `font_size`, wrapped at `width` (centred, as a chip draws it), shows
    every word whole: none wider than the width, and its lines no higher than `height`."""
    from kivy.core.text import Label as CoreLabel

    if width <= 0 or height <= 0:
        return False
    label = CoreLabel(text=text, font_size=font_size, text_size=(width, None), halign="center")
    if any(label.get_extents(word)[0] > width for word in text.split()):
        return False
    label.refresh()
    lines = getattr(label, "_cached_lines", None) or []
    shown = " ".join(word.text for line in lines for word in line.words).split()
    return shown == text.split() and label.texture.height <= height


def play_choices(plays: list[tuple[Play, PlayVerdict | None]]) -> list[str]:
    """A seat's plays of the turn, from the full words to the fewest (`plays`: the play from the hand
    first, then a power's; none: not played yet)."""
    running = app()
    if not plays:
        return list(dict.fromkeys(running.tr(f"turns.{key}") for key in ("waiting_seat", "short_waiting",
                                                                           "least_waiting")))
    full = " + ".join(play_text(p, v) for p, v in plays)
    refused = any(v is not None and not v.legal for _p, v in plays)
    if refused:
        return [full, running.tr("turns.short_refused"), running.tr("turns.least_refused")]
    yellow = " + ".join(running.tr("turns.short_discard_yellow" if p.action == "discard" and p.discard_reward != "coins"
                                   else f"turns.short_{p.action}") for p, _v in plays)
    kinds = " + ".join(running.tr(f"turns.short_{p.action}") for p, _v in plays)
    return list(dict.fromkeys([full, yellow, kinds, running.tr("turns.least_played")]))


def play_text(play: Play | None, verdict: PlayVerdict | None = None) -> str:
    """A play in a few words: the card built, the stage, a discard (None: not played yet)."""
    running = app()
    if play is None:
        return running.tr("turns.waiting_seat")
    if play.action == "discard":
        text = running.tr("turns.play_discard" if play.discard_reward == "coins" else "turns.play_discard_yellow")
    elif play.action == "stage":
        text = running.tr("turns.play_stage")
    else:
        text = running.words.card(play.card or "")
    if verdict is not None and not verdict.legal:
        text = running.tr("turns.play_refused", play=text)
    return text


class TurnBar(BoxLayout):
    """The open turn above the table's buttons: one chip per seat (a tap opens its build check)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        running = app()
        self.spacing = running.u * 0.3
        self.padding = (running.u * 0.3, running.u * 0.15)
        self.title = Label(bold=True, size_hint_x=None, halign="left", valign="middle")
        self.seats = BoxLayout(spacing=running.u * 0.2)
        self.close = BigButton(size_hint_x=None)
        self.close.bind(on_release=lambda _b: close_turn())
        for child in (self.title, self.seats, self.close):
            self.add_widget(child)
        self._shown: tuple[Any, ...] = ()

    def show(self, turn: OpenTurn, names: list[str]) -> None:
        """Draw the turn (again only when what it shows changed)."""
        running = app()
        texts = []
        for seat, name in enumerate(names):
            verdict = turn.verdict(seat)
            extra = [v for v in turn.report.verdicts if v.play.seat == seat and v.play.source != "hand"]
            plays = ([] if verdict is None else [(verdict.play, verdict)]) + [(v.play, v) for v in extra]
            lines = play_choices(plays)
            choices = [f"{who}\n{line}" for who in (name, str(seat + 1)) for line in lines]
            tone = "quiet" if verdict is None else "bad" if not verdict.legal else "normal"
            texts.append((tuple(choices), tone))
        shown = (running.language, running.u, turn, tuple(texts))
        if shown == self._shown:
            return
        self._shown = shown
        u = running.u
        self.title.text = running.tr("turns.title", turn=turn.progress.turn, turns=turn.turns)
        self.title.font_size = u * 1.2
        self.title.width = u * 5
        self.title.text_size = (self.title.width, None)
        self.close.text = running.tr("turns.close")
        self.close.tone = "primary" if turn.report.ready else "normal"
        self.close.width = u * 7
        self.close.height = self.height - 2 * self.padding[1]
        self.seats.clear_widgets()
        for seat, (choices, tone) in enumerate(texts):
            chip = TurnChip(list(choices), tone=tone, font_size=u * 1.0, height=self.height - 2 * self.padding[1])
            chip.size_hint_y = 1                     # the bar's height (BigButton's rule sets a button's own)
            chip.bind(on_release=lambda _b, s=seat: running.go("build_check", seat=s))
            self.seats.add_widget(chip)


def show_turn_bar(holder: Any, session: Any) -> None:
    """Put the turn bar in `holder` (the table screen's slot) when the game is played in turns, else
    leave the slot empty (a game entered as its end state never meets a turn)."""
    running = app()
    turn = session.open_turn() if session is not None and not session.finished and session.in_turns else None
    if turn is None or turn.progress.finished:           # after the last turn of Age III: the score
        holder.clear_widgets()
        holder.height = 0
        return
    # A chip holds the name and two lines of play where the table leaves room (5 seats or fewer), so a
    # two-word card name shows whole; at 6 to 8 seats, one line (the rows need the height).
    lines = 3 if len(session.players) <= 5 else 2
    height = max(running.touch, running.u * (3.4 if lines == 2 else 5.0)) + running.u * 0.3
    holder.height = height
    bar = holder.children[0] if holder.children else None
    if not isinstance(bar, TurnBar):
        holder.clear_widgets()
        bar = TurnBar(size_hint_y=None, height=height)
        holder.add_widget(bar)
    bar.height = height
    bar.show(turn, [p["name"] for p in session.players])


def close_turn() -> None:
    """One tap: the open turn closes (one transaction) or the message bar says who has not played."""
    running = app()
    session = running.session
    turn = session.open_turn()
    if turn.report.waiting:
        names = ", ".join(session.players[s]["name"] for s in turn.report.waiting)
        running.notify(running.tr("turns.not_played", names=names), bad=True)
        return
    results: list[Any] = []
    if not running.attempt(lambda: results.append(session.close_open_turn())):
        return
    result = results[0]
    if result.age_over:
        text = running.tr("turns.age_closed", age=ROMAN[turn.progress.age - 1])
    else:
        text = running.tr("turns.closed", turn=turn.progress.turn)
    running.notify(text)
    if result.ship_steps:                   # Armada: what the ships moved by the turn's plays earn, confirmed
        for expansion in session.document.get("expansions", []):
            dialog = panel_class(TURN_MOVED, expansion)
            if dialog is not None:
                dialog().open()


# -- the build check ----------------------------------------------------------------------------------

def turn_options(screen: Any, session: Any) -> None:
    """What the build check offers in a game played in turns: the power of the chosen seat now."""
    screen.in_turns = session.in_turns
    powers = session.open_turn().offers.get(screen.seat, ()) if screen.in_turns else ()
    screen.power = next((p for p in ("discard_build", "last_card") if p in powers), "")
    wanted = {"discard_build": "discard_pile", "last_card": "last_card"}.get(screen.power)
    if screen.source != "hand" and screen.source != wanted:
        screen.source = "hand"
    if screen.power == "last_card":
        screen.power_text = app().tr("check.last_card_on" if screen.source == "last_card" else "check.last_card_off")
    elif screen.power == "discard_build":
        screen.power_text = app().tr("check.from_discard")
    else:
        screen.power_text = ""


def played_text(screen: Any, session: Any) -> str:
    """The chosen seat's plays entered in the open turn, in full (the turn bar's chip may show only
    their kind), or "" when the seat has not played."""
    running = app()
    turn = session.open_turn()
    plays = [(v.play, v) for v in turn.report.verdicts if v.play.seat == screen.seat]
    if not plays:
        return ""
    plays.sort(key=lambda pv: pv[0].source != "hand")
    return running.tr("check.played_in_turn", turn=turn.progress.turn, player=session.players[screen.seat]["name"],
                      play=" + ".join(play_text(p, v) for p, v in plays))


def _play(screen: Any) -> Play:
    if screen.target == "stage":
        return Play(screen.seat, "stage", None, screen.source, naval=screen.naval)
    return Play(screen.seat, "build", screen.target, screen.source, free_build=screen.free_build, naval=screen.naval)


def turn_verdict(screen: Any, session: Any, check: BuildCheck) -> BuildCheck | None:
    """The build check's answer in the open turn: against the start of the turn and the powers used
    (None when the turn refuses the play before any build check: the screen says why)."""
    running = app()
    verdict = session.check_play(_play(screen))
    if verdict.check is not None:
        return verdict.check
    if verdict.legal:
        return check
    player = session.players[screen.seat]["name"]
    target = running.tr("check.stage_target", number=session.players[screen.seat]["stages"] + 1) \
        if screen.target == "stage" else running.words.card(screen.target)
    values = dict(verdict.reason_values)
    if "card" in values:
        values["card"] = running.words.card(str(values["card"]))
    key = f"session.turn_{verdict.reason_code}"
    reason = running.tr(key, **values) if _has_text(key) else verdict.reason or ""
    screen._cannot(running.tr("check.cannot", player=player, target=target), reason)
    return None


def turn_lines(screen: Any, session: Any) -> list[str]:
    """What the build check adds in a game played in turns: what the answer was checked against, and
    for a card of the discard pile that it is free (with Armada: that it moves no ship)."""
    running = app()
    lines = []
    if screen.source == "discard_pile":
        lines.append(running.tr("check.discard_free"))
        lines += [running.tr(f"check.{note}") for note in session.discard_build_notes(screen.seat)]
    if screen.source == "last_card":
        lines.append(running.tr("check.last_card_checked", turn=session.open_turn().progress.turn))
    elif screen.in_turns:
        lines.append(running.tr("check.turn_start", turn=session.open_turn().progress.turn))
    return lines


def _has_text(key: str) -> bool:
    return key in catalogue("en")


def _entered(screen: Any, play: Play) -> None:
    """After a play is entered: say so (undo: take it back), and go on with the next seat that has not
    played, or back to the table once everyone has."""
    running = app()
    session = running.session
    name = session.players[play.seat]["name"]
    turn = session.open_turn()
    running.notify(running.tr("check.entered", player=name, play=play_text(play), turn=turn.progress.turn),
                   undo=lambda: running.attempt(session.withdraw_play, play.seat, play.source))
    screen.target, screen.source, screen.free_build = "", "hand", False
    waiting = [s for s in turn.report.waiting if s != play.seat]
    if waiting and play.source == "hand":
        screen.choose_player(waiting[0])
    elif not waiting and not turn.offers.get(play.seat):
        running.go("table")                 # everyone has played: the turn closes there
    else:
        screen.refresh()                    # a power to use now (Halikarnassos, Babylon B)


def enter_checked(screen: Any, check: BuildCheck | None) -> None:
    """Play in this turn what the build check checked."""
    running = app()
    if check is None or not check.legal:
        return
    play = play_of_check(screen.seat, check, source=screen.source)
    if screen.source == "discard_pile":
        play = Play(screen.seat, "build", check.target, "discard_pile")
    if running.attempt(running.session.enter_play, play):
        _entered(screen, play)


def enter_discard(screen: Any, reward: str = "coins") -> None:
    """Play in this turn: a discard (the card named when one is checked: it joins the discard pile
    Halikarnassos builds from), for 3 coins or, with Armada, the yellow ship's step."""
    running = app()
    card = screen.target if screen.target not in ("", "stage") else None
    play = Play(screen.seat, "discard", card, "last_card" if screen.source == "last_card" else "hand",
                discard_reward=reward)
    if running.attempt(running.session.enter_play, play):
        _entered(screen, play)


def use_power(screen: Any) -> None:
    """Babylon B's last card on or off; Halikarnassos: the picker of the discard pile's cards."""
    running = app()
    session = running.session
    if screen.power == "last_card":
        screen.source = "hand" if screen.source == "last_card" else "last_card"
        screen.refresh()
        return
    if screen.power != "discard_build":
        return
    from companion.games.sevenwonders.app.picker import open_picker

    seat = screen.seat
    choices = set(session.discard_pile_choices(seat))
    unknown = session.open_turn().progress.discard.unknown > 0
    player = session.players[seat]
    everything = set(session.card_data().cards)
    exclude = set(player["cards"]) | (set() if unknown else everything - choices)

    def chosen(card_id: str) -> None:
        screen.source, screen.target, screen.free_build = "discard_pile", card_id, False
        screen.refresh()

    open_picker(running.tr("picker.discard_title", player=player["name"]), chosen, exclude=exclude, seat=seat)
