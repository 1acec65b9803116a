"""An Architects game at the table: one player's area at a time, entered with large controls (the
wonder as its pieces, cards by kind, Progress tokens as tiles, the Cat pawn, Military Victory
tokens, the medals beside the player); medals are offered the moment a goal is met, and the battle
is called when the last Conflict token turns. Every tap is logged by the session before it returns."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.app.screens import AppScreen
from companion.app.widgets.common import BigButton, ToggleChoice, app, fit_words, visible_in
from companion.app.widgets.scorepad import text_width
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.app.widgets import ask_piece_vp, card_button
from companion.games.architects.rules.obligations import pieces_to_construct, science_set_due
from companion.games.architects.rules.play import tokens_in_box, tokens_left
from companion.games.architects.session import ArchitectsSession
from companion.games.medals.rules.data import MEDALS
from companion.games.medals.rules.goals import accessible_medals
from companion.games.medals.rules.table import has_medals, medals_of


class ArchitectsTableScreen(AppScreen):
    """The table of an Architects game."""

    seat = NumericProperty(0)
    removing = BooleanProperty(False)
    """Card taps take a card away (spent on a piece or a token, or entered by mistake) instead of adding one."""
    offer_text = StringProperty("")
    battle_due = BooleanProperty(False)
    conflicts = StringProperty("")
    reminder = StringProperty("")
    """What the rules oblige the player in focus to do now (construct a piece, take a Progress token)."""
    camera_text = StringProperty("")
    """What the camera confirms in front of the player in focus, beside the hand entry (camera on)."""
    _reminded: tuple[int, str] = (-1, "")
    """The seat and reminder last shown (a new one scrolls its piece into view once)."""

    def prepare(self, seat: int = 0, **_options: Any) -> None:
        self.seat = seat
        self.removing = False

    def place_options(self) -> dict[str, Any]:
        return {"seat": self.seat}

    @property
    def session(self) -> Any:
        return app().session

    # -- drawing --------------------------------------------------------------------------------------
    def refresh(self) -> None:
        running = app()
        session = self.session
        if not isinstance(session, ArchitectsSession):      # no game, or a 7 Wonders one (whose table() is a method)
            return
        table = session.table
        self.seat = min(self.seat, len(table.players) - 1)
        names = ArchitectsNames(running.language, table.data)
        u = running.u
        sheet = session.sheet() if running.show_scores else None
        tabs = self.ids.tabs
        if len(tabs.children) != len(table.players):
            tabs.clear_widgets()
            for seat in range(len(table.players)):
                tab = ToggleChoice(value=seat)
                fit_words(tab, 1.1)
                tab.bind(on_release=lambda button: self.focus(button.value))
                tabs.add_widget(tab)
        for tab in tabs.children:
            seat = tab.value
            tab.text = f"{seat + 1}  {table.players[seat].name}" + (f"  {sheet.lines[seat].total}" if sheet else "")
            tab.chosen = seat == self.seat
        player = table.players[self.seat]
        self.ids.wonder_title.text = running.tr("architects.wonder_title", wonder=names.wonder(player.wonder.id),
                                                stages=player.stages)
        obliged = pieces_to_construct(player, table.data)
        self.ids.wonder.show(player, self.build, frozenset(p.id for p in obliged))
        due = list(dict.fromkeys(running.tr("architects.cost", cost=names.piece_cost(p.cost)) for p in obliged))
        reminders = [running.tr("architects.must_build", pieces=running.tr("architects.or").join(due))] if due else []
        if science_set_due(player, table.data):
            reminders.append(running.tr("architects.must_take_token"))
        reminder = "  ".join(reminders)
        if due and (self.seat, reminder) != self._reminded:     # newly due: the piece to build brought into view
            Clock.schedule_once(lambda _dt: self._show_due_piece())
        self._reminded = (self.seat, reminder)
        self.reminder = reminder
        self.camera_text = camera_reading_text(running, player.wonder.id, names)
        self.ids.cat.chosen = player.cat_pawn
        self.ids.military.value = player.military_tokens
        self.ids.military.label = running.tr("architects.military_vp",
                                             vp=player.military_tokens * table.data.military_token_vp)
        self.ids.military.on_change = lambda value: running.attempt(session.set_military, self.seat, value)
        cards = self.ids.cards
        cards.clear_widgets()
        for kind in table.data.cards.values():
            cards.add_widget(card_button(kind.id, kind.color, player.card_count(kind.id), names, self.tap_card))
        tokens = self.ids.tokens
        tokens.clear_widgets()
        words = [word for token in table.data.tokens.values() for word in names.token(token.id).split()]
        widest = max((text_width(word, u * 1.05, bold=True) for word in words), default=u * 6)
        tokens.cols = max(2, min(5, int(tokens.width // (widest + u * 1.2)))) if tokens.width > 100 else 3
        for token in table.data.tokens.values():
            if tokens_in_box(table, token.id) == 0:
                continue
            held = player.token_count(token.id)
            left = tokens_left(table, token.id)
            text = names.token(token.id) + (f" \u00d7{held}" if held > 1 else "")
            tile = BigButton(text=text, tone="good" if held else "normal", font_size=u * 1.05, max_lines=2)
            fit_words(tile, 1.05)
            tile.token = token.id
            tile.disabled = not left and not held
            tile.opacity = 1 if (left or held) else 0.35
            if left:
                tile.bind(on_release=lambda button: self.take_token(button.token))
            tokens.add_widget(tile)
        medals = self.ids.medals
        medals.clear_widgets()
        holders = {m: p.name for p in table.players for m in medals_of(p)}
        for medal in accessible_medals(table, self.seat):
            owner = holders.get(medal)
            text = names.medal(medal) + (f"  \u2014  {owner}" if owner else "")
            button = BigButton(text=text, tone="good" if owner == player.name else "normal", font_size=u * 1.05,
                               max_lines=3)
            button.medal = medal
            if owner is None:
                button.bind(on_release=lambda b: self.take_medal(b.medal))
            medals.add_widget(button)
        self.ids.medals_title.opacity = 1 if has_medals(table) else 0
        offers = session.part(MEDALS).offers() if has_medals(table) else {}
        self.offer = next(((seat, m) for seat, found in sorted(offers.items()) for m in found), None)
        self.offer_text = running.tr("architects.offer", name=table.players[self.offer[0]].name,
                                     goal=names.medal(self.offer[1])) if self.offer else ""
        self.battle_due = session.battle_due
        self.conflicts = running.tr("architects.conflicts", turned=table.conflicts_flipped, total=table.conflict_tokens)

    def _show_due_piece(self) -> None:
        """Scroll the wonder's column to the first piece the rules oblige now (the one "Must construct now"
        asks for, saying so itself: on the Pi's screen the lowest pieces lie below the fold), once the column's
        new pieces are laid out (a few frames: a moment later, and again in case a slow screen was not
        done); a piece already in view, or the column scrolled to it, is left alone."""
        scroll = self.ids.pieces_scroll
        column = scroll.children[0]

        def bring(*_args: Any) -> None:
            ready = next((w for w in self.ids.wonder.walk(restrict=True)       # the pieces are drawn anew
                          if getattr(w, "due", False)), None)
            room = column.height - scroll.height
            if ready is None or room <= 0 or visible_in(ready, scroll):
                return
            above_bottom = ready.to_window(ready.x, ready.y)[1] - column.to_window(column.x, column.y)[1]
            scroll.scroll_y = min(1.0, max(0.0, (above_bottom - app().u * 0.5) / room))

        for delay in (0.2, 0.5, 1.0):
            Clock.schedule_once(bring, delay)

    # -- taps -------------------------------------------------------------------------------------------
    def focus(self, seat: int) -> None:
        """Show another player's area."""
        self.seat = seat
        app().save_place()
        self.refresh()

    def tap_card(self, kind: str) -> None:
        """Add a card of this kind in front of the player (or take one away in removing mode)."""
        running = app()
        if self.removing:
            running.attempt(self.session.remove_card, self.seat, kind)
        else:
            running.attempt(self.session.place_card, self.seat, kind)

    def build(self, piece: str | None) -> None:
        """Construct a piece; Rome and Ur first ask for the VP printed on it."""
        running = app()
        if piece is None:
            ask_piece_vp(running.tr("architects.ask_vp"),
                         lambda vp: running.attempt(self.session.build_piece, self.seat, None, vp))
            return
        running.attempt(self.session.build_piece, self.seat, piece)

    def take_token(self, token: str) -> None:
        """The player takes a Progress token (science, Babylon)."""
        app().attempt(self.session.take_token, self.seat, token)

    def take_cat(self) -> None:
        """The Cat pawn moves to this player (Ur, or a correction)."""
        app().attempt(self.session.take_cat, self.seat)

    def take_medal(self, medal: str) -> None:
        """This player takes a medal lying beside them."""
        app().attempt(self.session.part(MEDALS).take_medal, self.seat, medal)

    def take_offer(self) -> None:
        """The player who met a goal takes its medal."""
        if self.offer is not None:
            seat, medal = self.offer
            app().attempt(self.session.part(MEDALS).take_medal, seat, medal)

    def toggle_removing(self) -> None:
        """Switch card taps between adding and taking away."""
        self.removing = not self.removing

    def undo(self) -> None:
        """Undo the last tap of this sitting."""
        running = app()
        done: list[bool] = []
        if running.attempt(lambda: done.append(self.session.undo())) and not done[0]:
            running.notify(running.tr("architects.nothing_to_undo"))

    def toggle_scores(self) -> None:
        """Show or hide the running score."""
        running = app()
        running.show_scores = not running.show_scores
        running.store_set("show_scores", running.show_scores)
        self.refresh()


def camera_reading_text(running: Any, wonder: str, names: ArchitectsNames) -> str:
    """``Camera: Wood ×2, Gold coin ×1; 2 pieces; Culture``, or nothing when no camera watches."""
    camera = running.architects_camera
    if camera is None:
        return ""
    reading = camera.reading(wonder)
    parts = [f"{names.card(item[5:])} \u00d7{n}" for item, n in reading.items() if item.startswith("card:")]
    pieces = sum(1 for item in reading if item.startswith("piece:"))
    tokens = [names.token(item[6:]) for item, n in reading.items() if item.startswith("token:") for _ in range(n)]
    text = ", ".join(parts) or running.tr("architects.camera_no_cards")
    text += "; " + running.tr("architects.camera_pieces", pieces=pieces)
    if tokens:
        text += "; " + ", ".join(tokens)
    return running.tr("architects.camera_reading", reading=text)


SCREEN = ArchitectsTableScreen
