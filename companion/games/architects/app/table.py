"""An Architects game at the table: one player's area at a time, entered with large controls (the
wonder as its pieces, cards by kind, Progress tokens as tiles, the Cat pawn, Military Victory
tokens, and what the expansions add: their panels, `PANELS` slot ``architects_table``); what an
expansion offers is offered the moment its goal is met, and the battle is called when the last
Conflict token turns. Every tap is logged by the session before it returns."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from companion.app.registry import panels
from companion.app.screens import AppScreen
from companion.app.widgets.common import BigButton, ToggleChoice, app, fit_words, visible_in
from companion.app.widgets.scorepad import text_width
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.app.turns import ask_choice, due_text, show_sources, spent_text, turn_title
from companion.games.architects.app.widgets import ask_piece_vp, card_button
from companion.games.architects.rules.obligations import pieces_to_construct, science_set_due
from companion.games.architects.rules.play import tokens_in_box, tokens_left
from companion.games.architects.session import ArchitectsSession


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
    in_turns = BooleanProperty(False)
    """The game is refereed in turns (`turn_session.py`): card taps take the turn's cards, pieces spend theirs."""
    turn_title = StringProperty("")
    turn_due = StringProperty("")
    """What the active player must do now, or that the turn may end."""
    turn_ready = BooleanProperty(False)
    """Nothing is due: the turn may end."""
    game_over = BooleanProperty(False)
    can_start_turns = BooleanProperty(False)
    """The game is in play and not refereed in turns: the players may start them."""
    source = ObjectProperty(None, allownone=True)
    """The deck the next card is taken from (``deck:<k>``, ``central``, ``gift``), chosen by a tap."""
    _turn_due_shown: tuple[tuple[int, int], str] = ((-1, -1), "")
    """The turn and the first thing due last brought into view."""
    _turn_key: tuple[int, int] = (-1, -1)
    """The turn last shown (its number and seat): a new one brings its player into view."""
    _expansion_panels: list[Any] | None = None
    """The expansions' panels in the player's column (`PANELS` slot ``architects_table``), made on first use."""

    def prepare(self, seat: int = 0, **_options: Any) -> None:
        self.seat = seat
        self.removing = False
        self._turn_key = (-1, -1)                   # in a turn, the active player's area comes into view

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
        self._show_turn(session)
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
        for panel in self._panels():                # an expansion's part of the player's column
            panel.show(table, self.seat, names)
        self.offer = self._first_offer(session)
        self.offer_text = running.tr("architects.offer", name=table.players[self.offer[1]].name,
                                     goal=names.item(self.offer[0], self.offer[2])) if self.offer else ""
        self.battle_due = session.battle_due
        self.conflicts = running.tr("architects.conflicts", turned=table.conflicts_flipped, total=table.conflict_tokens)

    def _panels(self) -> list[Any]:
        """The panels every installed expansion adds to the player's column (made once; each shows
        nothing for a table that does not play it)."""
        if self._expansion_panels is None:
            self._expansion_panels = [kind(self) for kind in panels("architects_table")]
        return self._expansion_panels

    def _first_offer(self, session: ArchitectsSession) -> tuple[str, int, str] | None:
        """The first thing an expansion offers now, as (expansion, seat, item): the seats in order, or
        in a game played in turns the active player alone (what a goal gives is taken on one's own turn)."""
        table = session.table
        if self.in_turns:
            turn = session.open_turn().turn
            if turn is None:
                return None
            return next(((ext.id, turn.seat, item) for ext in table.extensions
                         for item in session.turn_offers(ext.id)), None)
        return next(((ext.id, seat, item) for seat in range(len(table.players)) for ext in table.extensions
                     for item in ext.offers(table, seat)), None)

    def _show_turn(self, session: ArchitectsSession) -> None:
        """The turn bar and the decks the card may come from (a game refereed in turns); a new turn
        brings its player's area into view."""
        in_turns = session.in_turns
        self.in_turns = in_turns and not session.finished
        self.can_start_turns = not in_turns and not session.finished
        holder = self.ids.sources
        if not self.in_turns:
            holder.clear_widgets()
            return
        self.removing = False                       # the construction spends its cards itself
        turn = session.open_turn()
        names = [p.name for p in session.table.players]
        self.game_over = turn.over
        self.turn_title = turn_title(turn, names)
        self.turn_due = due_text(turn, names)
        self.turn_ready = turn.turn is not None and not turn.due
        key = (turn.turn.number, turn.turn.seat) if turn.turn is not None else (-1, -1)
        if key != self._turn_key and turn.turn is not None:
            self._turn_key = key
            self.seat = turn.turn.seat
        if self.source not in turn.sources:
            self.source = turn.sources[0] if len(turn.sources) == 1 else None
        show_sources(holder, turn, self.source, names, self.choose_source, self.deck_empty)
        first = (key, turn.due[0] if turn.due else "")
        if first != self._turn_due_shown:              # what is newly due comes into view once
            self._turn_due_shown = first
            Clock.schedule_once(lambda _dt: self._show_due_part(first[1]))   # once: never under a finger later

    def _show_due_part(self, due: str) -> None:
        """Scroll the cards' column to what the turn asks for: the Progress tokens (a science set,
        Babylon), else its top (the decks and the cards)."""
        scroll = self.ids.cards_scroll
        if due in ("science", "token"):             # the tokens' title at the top of the column
            column, title = scroll.children[0], self.ids.tokens_title
            room = column.height - scroll.height
            top = title.to_window(title.x, title.top)[1] - column.to_window(column.x, column.y)[1]
            if room > 0:
                scroll.scroll_y = min(1.0, max(0.0, (top - scroll.height) / room))
        elif due != "construct":
            scroll.scroll_y = 1.0

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

    def _active_seat(self) -> int | None:
        """The seat whose turn it is, after saying why a tap is refused when it is not this area's."""
        running = app()
        turn = self.session.open_turn().turn
        if turn is None:
            running.notify(running.tr("architects_turn.over_title"), bad=True)
            return None
        if turn.seat != self.seat:
            running.notify(running.tr("architects_turn.not_their_turn",
                                      name=self.session.table.players[turn.seat].name), bad=True)
            return None
        return int(turn.seat)

    def tap_card(self, kind: str) -> None:
        """Add a card of this kind in front of the player (or take one away in removing mode); in a game
        refereed in turns, the active player takes it from the deck chosen (or, for Rome's effect, from
        the opponent whose area is shown)."""
        running = app()
        if self.in_turns:
            turn = self.session.open_turn()
            if turn.turn is not None and turn.turn.seat != self.seat and "theft" in turn.due:
                running.attempt(self.session.use_rome, self.seat, kind)
                return
            if self._active_seat() is None:
                return
            if self.source is None:
                running.notify(running.tr("architects_turn.choose_deck"), bad=True)
                return
            running.attempt(self.session.take_card, self.source, kind)
            return
        if self.removing:
            running.attempt(self.session.remove_card, self.seat, kind)
        else:
            running.attempt(self.session.place_card, self.seat, kind)

    def choose_source(self, deck: str) -> None:
        """The deck the next card is taken from."""
        self.source = deck
        self.refresh()

    def deck_empty(self) -> None:
        """The chosen deck is empty: it stays empty."""
        if self.source is not None:
            app().attempt(self.session.deck_empty, self.source)

    def end_turn(self) -> None:
        """End the turn: the battle due is shown once fought; the end of the game on the score sheet."""
        running = app()
        turn = self.session.open_turn()
        if turn.due:                                # what is still due, in the player's words
            running.notify(due_text(turn, [p.name for p in self.session.table.players]), bad=True)
            return
        fought: list[Any] = []
        if not running.attempt(lambda: fought.append(self.session.end_turn())):
            return
        if fought[0] is not None:
            running.go("architects_battle", fought=True)
        elif self.session.open_turn().over:
            running.go("architects_score")

    def start_turns(self) -> None:
        """Referee the game in turns: who plays first (the rulebook: the youngest)."""
        running = app()
        players = self.session.table.players
        ask_choice(running.tr("architects_turn.who_starts"),
                   [(p.name, lambda s=seat: running.attempt(self.session.start_turns, s)) for seat, p in
                    enumerate(players)])

    def _construct_in_turn(self, piece: str | None) -> None:
        """Construct in the turn: the cards that pay the piece are spent (asked when several ways pay)."""
        running = app()
        session = self.session
        if piece is None:
            ask_piece_vp(running.tr("architects.ask_vp"), self._typed_piece)
            return
        ways = session.payments(piece)
        if len(ways) <= 1:
            running.attempt(session.construct, piece, ways[0] if ways else {})
            return
        names = ArchitectsNames(running.language, session.table.data)
        ask_choice(running.tr("architects_turn.which_cards"),
                   [(spent_text(way, names), lambda w=way: running.attempt(session.construct, piece, w))
                    for way in ways])

    def _typed_piece(self, vp: int) -> None:
        """Rome and Ur (pieces not in the data): after the VP printed on the piece, the cost printed on it,
        whether it carries the wonder's effect, and the cards that pay it."""
        running = app()
        session = self.session
        data = session.table.data
        names = ArchitectsNames(running.language, data)

        def spend(cost: str, effect: bool) -> None:
            ways = session.payments(None, cost)
            if not ways:
                running.notify(running.tr("architects_turn.cards_do_not_pay", cost=names.piece_cost(cost)), bad=True)
                return
            if len(ways) == 1:
                running.attempt(session.construct, None, ways[0], vp=vp, effect=effect)
                return
            ask_choice(running.tr("architects_turn.which_cards"),
                       [(spent_text(w, names), lambda w=w: running.attempt(session.construct, None, w, vp=vp,
                                                                           effect=effect)) for w in ways])

        def effect_of(cost: str) -> None:
            ask_choice(running.tr("architects_turn.effect_question"),
                       [(running.tr(f"architects_turn.effect_{answer}"), lambda a=answer: spend(cost, a == "yes"))
                        for answer in ("yes", "no")])

        ask_choice(running.tr("architects_turn.which_cost"),
                   [(names.piece_cost(cost), lambda c=cost: effect_of(c)) for cost in data.piece_costs])

    def build(self, piece: str | None) -> None:
        """Construct a piece; Rome and Ur first ask for the VP printed on it."""
        running = app()
        if self.in_turns:
            if self._active_seat() is not None:
                self._construct_in_turn(piece)
            return
        if piece is None:
            ask_piece_vp(running.tr("architects.ask_vp"),
                         lambda vp: running.attempt(self.session.build_piece, self.seat, None, vp))
            return
        running.attempt(self.session.build_piece, self.seat, piece)

    def take_token(self, token: str) -> None:
        """The player takes a Progress token (science, Babylon); in a turn, spending the science set (asked
        when the green cards make several)."""
        running = app()
        if not self.in_turns:
            running.attempt(self.session.take_token, self.seat, token)
            return
        if self._active_seat() is None:
            return
        session = self.session
        due = session.open_turn().due
        if "science" in due:
            sets = session.science_sets()
            if len(sets) == 1:
                running.attempt(session.take_progress, token, sets[0])
                return
            names = ArchitectsNames(running.language, session.table.data)
            ask_choice(running.tr("architects_turn.which_set"),
                       [(spent_text(s, names), lambda chosen=s: running.attempt(session.take_progress, token, chosen))
                        for s in sets])
        elif "token" in due:
            running.attempt(session.take_progress, token, None)
        else:
            running.notify(running.tr("architects_turn.no_token_due"), bad=True)

    def take_cat(self) -> None:
        """The Cat pawn moves to this player (Ur, or a correction)."""
        app().attempt(self.session.take_cat, self.seat)

    def claim(self, expansion: str, item: str, seat: int | None = None) -> None:
        """`seat` (default: the player in focus) takes `item`, one of what `expansion` lays within their
        reach (in a game played in turns: only the active player)."""
        seat = self.seat if seat is None else seat
        if self.in_turns:
            app().attempt(self.session.claim_on_turn, expansion, item, seat)
            return
        app().attempt(self.session.claim, expansion, seat, item)

    def take_offer(self) -> None:
        """The player who met a goal takes what it gives."""
        if self.offer is not None:
            expansion, seat, item = self.offer
            self.claim(expansion, item, seat)

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
    camera = running.camera_play
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
