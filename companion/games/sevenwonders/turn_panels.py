"""The 7 Wonders turn in the app: the table screen's turn bar (the age and turn, each seat's play or
"waiting", the Close-turn button) and the build check's plays of the open turn (a build or a stage,
a discard, Babylon B's last card, Halikarnassos' build from the discard pile picked from the cards
the pile holds). The session's side is `turn_session.py`; the rules `rules/turns.py`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app.registry import panel_class
from companion.app.widgets.common import BigButton, InstantModal, TextLabel, app
from companion.games.sevenwonders.rules.build import BuildCheck
from companion.games.sevenwonders.rules.turns import Play, PlayVerdict
from companion.games.sevenwonders.turn_session import OpenTurn, play_of_check
from companion.i18n import catalogue

__all__ = ["CROWDED_MARGIN", "TurnBar", "TurnChip", "ask_reopen", "enter_checked", "enter_discard", "fits",
           "free_city_lines", "named_check", "play_choices", "play_text", "played_text", "refused_lines", "seat_tabs",
           "show_turn_bar", "turn_bar_height", "turn_lines", "turn_options", "turn_verdict", "use_power"]

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
        # The turn's title is a button: a tap offers to open the last closed turn again (to correct it).
        self.title = BigButton(bold=True, size_hint_x=None, tone="quiet")
        self.title.bind(on_release=lambda _b: ask_reopen())
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
        self.title.height = self.height - 2 * self.padding[1]
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


def turn_bar_height(session: Any) -> float:
    """The turn bar's height with its margins. A chip holds the name and two lines of play where the
    table leaves room (5 seats or fewer), so a two-word card name shows whole; at 6 to 8 seats, one
    line (the rows need the height)."""
    running = app()
    lines = 3 if len(session.players) <= 5 else 2
    return float(max(running.touch, running.u * (3.4 if lines == 2 else 5.0)) + running.u * 0.3)


CROWDED_MARGIN = 1.0
"""Pixels above and below the chips of a crowded table's turn bar (and the bottom bar's buttons)."""


def show_turn_bar(holder: Any, session: Any, *, crowded: bool = False) -> None:
    """Put the turn bar in `holder` (the table screen's slot) when the game is played in turns, else
    leave the slot empty (a game entered as its end state never meets a turn). `crowded`: the bar a
    chip's fingertip height and hardly more (the table screen's rows need the room)."""
    running = app()
    turn = session.open_turn() if session is not None and not session.finished and session.in_turns else None
    if turn is None or turn.progress.finished:           # after the last turn of Age III: the score
        holder.clear_widgets()
        holder.height = 0
        return
    height = running.touch + 2 * CROWDED_MARGIN if crowded else turn_bar_height(session)
    holder.height = height
    bar = holder.children[0] if holder.children else None
    if not isinstance(bar, TurnBar):
        holder.clear_widgets()
        bar = TurnBar(size_hint_y=None, height=height)
        holder.add_widget(bar)
    bar.padding = (running.u * 0.3, CROWDED_MARGIN if crowded else running.u * 0.15)
    bar.height = height
    names = [p["name"] for p in session.players]
    bar.show(turn, [_seat_name(names, seat) for seat in range(len(names))])


def close_turn() -> None:
    """One tap: the open turn closes (one transaction) or the message bar says who has not played."""
    running = app()
    session = running.session
    turn = session.open_turn()
    if turn.report.waiting:
        names = ", ".join(_seat_name([p["name"] for p in session.players], s) for s in turn.report.waiting)
        running.notify(running.tr("turns.not_played", names=names), bad=True)
        return
    results: list[Any] = []
    if not running.attempt(lambda: results.append(session.close_open_turn())):
        return
    result = results[0]
    if result.age_over:                     # its conflicts are logged: not opened again
        running.notify(running.tr("turns.age_closed", age=ROMAN[turn.progress.age - 1]))
    else:                                   # Undo: open it again (asked first)
        running.notify(running.tr("turns.closed", turn=turn.progress.turn), undo=ask_reopen)
    if result.ship_steps:                   # Armada: what the ships moved by the turn's plays earn, confirmed
        for expansion in session.document.get("expansions", []):
            dialog = panel_class(TURN_MOVED, expansion)
            if dialog is not None:
                dialog().open()


def ask_reopen() -> InstantModal | None:
    """A tap on the turn's title (or Undo after a close): the last closed turn, its plays, and one tap to
    open it again (one transaction: the cities back at its start, its plays the open turn's), after
    which the players correct it and close it again. When it cannot be opened again the message bar says
    why (and no dialog opens); returns the dialog."""
    running = app()
    session = running.session
    refusal = session.reopen_refusal()
    last = session.last_closed_turn()
    if refusal is not None or last is None:
        running.notify(running.refusal_text(refusal) if refusal is not None else running.tr("session.turn_no_turn"),
                       bad=True)
        return None
    _age, number, plays = last
    u = running.u
    from kivy.core.window import Window

    view = InstantModal(size_hint=(None, None), size=(min(Window.width * 0.96, u * 44), min(Window.height * 0.96,
                                                                                            u * 34)))
    box = BoxLayout(orientation="vertical", padding=u * 0.8, spacing=u * 0.4)
    box.add_widget(TextLabel(text=running.tr("turns.reopen_title", turn=number), font_size=u * 1.6, bold=True))
    names = [p["name"] for p in session.players]
    lines = [f"{_seat_name(names, play.seat)}: {play_text(play)}" for play in plays]
    box.add_widget(TextLabel(text="\n".join(lines), font_size=u * (1.3 if len(lines) <= 5 else 1.1)))
    box.add_widget(TextLabel(text=running.tr("turns.reopen_text", turn=number), font_size=u * 1.15,
                             color=running.theme.rgba("text_dim")))
    box.add_widget(Widget())
    buttons = BoxLayout(size_hint_y=None, height=max(running.touch, u * 3.6), spacing=u * 0.5)
    cancel = BigButton(text=running.tr("common.cancel"), tone="quiet", size_hint_x=0.6)
    cancel.bind(on_release=lambda _b: view.dismiss())
    reopen = BigButton(text=running.tr("turns.reopen_do", turn=number), tone="primary")

    def confirmed(_b: Any) -> None:
        view.dismiss()
        if running.attempt(session.reopen_last_turn):
            running.notify(running.tr("turns.reopen_done", turn=number))
            running.go("table")
    reopen.bind(on_release=confirmed)
    buttons.add_widget(cancel)
    buttons.add_widget(reopen)
    box.add_widget(buttons)
    view.add_widget(box)
    view.open()
    return view


def _seat_name(names: list[str], seat: int) -> str:
    """A seat's name as the players read it (the free city of the two-player variant by its title)."""
    running = app()
    return running.tr("new_game.free_city") if names[seat] == running.store.data.rules.free_city_name \
        else names[seat]


# -- the build check ----------------------------------------------------------------------------------

def seat_tabs(session: Any) -> list[tuple[int, str]]:
    """The build check's players' tabs: each seat's number and name; the free city of the two-player
    variant only in a game played in turns, where it plays every turn, named with the player who plays
    it this turn ("3  Вольный город: Анна")."""
    running = app()
    free = session.free_city_seats() if session.in_turns else None
    tabs = []
    for seat, player in enumerate(session.players):
        if player["name"] != running.store.data.rules.free_city_name:
            tabs.append((seat, f"{seat + 1}  {player['name']}"))
        elif free is not None and free[0] == seat:
            tabs.append((seat, running.tr("check.free_city_tab", number=seat + 1,
                                          player=session.players[free[1]]["name"])))
    return tabs


def named_check(check: BuildCheck, session: Any, seat: int) -> BuildCheck:
    """The check as the players read it: the free city by its title, not by its name in the table file."""
    if session.players[seat]["name"] != app().store.data.rules.free_city_name:
        return check
    return replace(check, player=app().tr("new_game.free_city"))


def free_city_lines(screen: Any, session: Any) -> list[str]:
    """The free city's forced rules when its tab is chosen (who plays it this turn; a card its chain
    allows built free; a discard only of a card it can neither build nor use for a stage)."""
    free = session.free_city_seats() if screen.in_turns else None
    if free is None or free[0] != screen.seat:
        return []
    return [app().tr("check.free_city_rules", player=session.players[free[1]]["name"])]


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
    player = _seat_name([p["name"] for p in session.players], screen.seat)
    return running.tr("check.played_in_turn", turn=turn.progress.turn, player=player,
                      play=" + ".join(play_text(p, v) for p, v in plays))


def refused_lines(screen: Any, session: Any) -> list[str]:
    """Why the chosen seat's play of the open turn is refused (a play the camera entered: the card is on
    the table), in the build check's words; empty when its plays are legal or it has not played."""
    running = app()
    for verdict in session.open_turn().report.verdicts:
        if verdict.play.seat != screen.seat or verdict.legal:
            continue
        if verdict.check is not None:
            return list(running.words.check(verdict.check).lines)
        return [_reason(verdict)]
    return []


def _reason(verdict: PlayVerdict) -> str:
    """Why the turn refuses a play, in the player's language (its English reason where no text has it)."""
    running = app()
    values = dict(verdict.reason_values)
    if "card" in values:
        values["card"] = running.words.card(str(values["card"]))
    key = f"session.turn_{verdict.reason_code}"
    return str(running.tr(key, **values)) if _has_text(key) else verdict.reason or ""


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
    player = _seat_name([p["name"] for p in session.players], screen.seat)
    target = running.tr("check.stage_target", number=session.players[screen.seat]["stages"] + 1) \
        if screen.target == "stage" else running.words.card(screen.target)
    screen._cannot(running.tr("check.cannot", player=player, target=target), _reason(verdict))
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
    return lines + free_city_lines(screen, session)


def _has_text(key: str) -> bool:
    return key in catalogue("en")


def _entered(screen: Any, play: Play) -> None:
    """After a play is entered: say so (undo: take it back), and go on with the next seat that has not
    played, or back to the table once everyone has."""
    running = app()
    session = running.session
    name = _seat_name([p["name"] for p in session.players], play.seat)
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
