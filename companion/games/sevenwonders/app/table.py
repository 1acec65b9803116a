"""The table: every player's city at once (one compact row each, 3-7 players), the camera picture
beside them (larger on request), and a player's full city one tap away.

Cards confirmed by the camera appear by themselves; pending ones are counted on the row and dashed
in the full city, where a tap confirms them; a tap on a card there removes it (undo in the message
bar); "+ Card" opens the picker for what the camera cannot see. Cards the camera sees in no city for
sure (a column between two cities, or beside a board it cannot read) are asked about in a bar under
the cities: one tap says whose they are, or that they are nobody's (the discard pile).
"""

from __future__ import annotations

import json
from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from companion.app.registry import PANELS, panel_class
from companion.app.screens import AppScreen
from companion.app.widgets.common import BigButton, InstantModal, app, fit_words
from companion.app.widgets.scorepad import text_width
from companion.games.sevenwonders.app.city import CityPanel, CityRow
from companion.games.sevenwonders.app.coins import open_coin_pad
from companion.games.sevenwonders.app.expansions import entered_values, game_panels
from companion.games.sevenwonders.app.picker import open_picker, prepare_chips
from companion.games.sevenwonders.app.score import prepare_score
from companion.games.sevenwonders.session import GameSession
from companion.games.sevenwonders.turn_panels import CROWDED_MARGIN, show_turn_bar, turn_bar_height

ROW_UNITS = 40
"""The width a city's row needs in size units: with less, the camera picture does not sit beside the rows."""


class CityView(InstantModal):
    """A player's full city over the table (cards by colour, stages, coins; Armada's port)."""

    def __init__(self, screen: TableScreen, seat: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen, self.seat = screen, seat

    def on_dismiss(self) -> None:
        if self.screen.city_view is self:
            self.screen.city_view = None
            self.screen.toast = self.screen.ids.toast
            app().highlight = []
            self.screen.show_question_again()


class TableScreen(AppScreen):
    """The game as it stands."""

    age_text = StringProperty("")
    problems = StringProperty("")
    camera_large = BooleanProperty(False)
    """The camera picture takes most of the screen (the cities in one column beside it), or all of it."""
    crowded = BooleanProperty(False)
    """The rows would not all show at a fingertip's height between the turn bar and the bottom bar (8
    seats with Armada in turns on the 800x480 screen): the bars lose their margins (never their
    targets' height, nor any text's size), the rows their gaps, and the problem line its place (a new
    problem is said in the message bar), so that every row is in view."""
    camera_hidden = BooleanProperty(False)
    """The camera is on but its picture has no room beside the cities (many players on a small screen):
    "Camera: show" gives it the whole area."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Held here: a part taken out of the layout must outlive the kv ids, which are weak.
        ids = self.ids
        self._parts = (ids.preview.__self__, ids.rows_scroll.__self__)
        self._rows: list[tuple[tuple[Any, ...], CityRow]] = []
        """Each seat's row and what it shows, so that only a changed city is drawn again."""
        self._panels: dict[int, tuple[tuple[Any, ...], CityPanel]] = {}
        """Each seat's full city (made when first opened), and what it shows."""
        self._question: tuple[Any, ...] = ()
        """What the question bar shows (it is filled again only when that changes)."""
        self.city_view: CityView | None = None
        self._announced = ""
        """The problem last said (at a crowded table, in the message bar: a new one is said once)."""
        self.bar_parts: dict[str, Any] = {}
        """The buttons the installed expansions add to the bottom bar after the build check (`table_bar`
        panels: Armada's "Turn done"), by expansion id; each hides itself in a game without it."""
        bar = ids.bar
        for panel in PANELS.values():
            if panel.slot == "table_bar":
                button = panel_class("table_bar", panel.expansion)(size_hint_y=1)   # the bar's height less padding
                bar.add_widget(button, index=bar.children.index(ids.build_check.__self__))
                self.bar_parts[panel.expansion] = button
        ids.rows_scroll.bind(height=lambda *_: self._fit_rows())
        ids.main.bind(size=lambda *_: self._arrange(app().camera_on))

    def _fit_rows(self) -> None:
        """Rows share the height so that every city is in view (with Armada the port sits beside the
        counts); their buttons never below a touch target. Where even that leaves no room (8 seats on
        the 800x480 screen) the gaps between the rows and their margins give way first. (The message
        bar shows in the bottom bar: it takes no height from the rows.)"""
        running = app()
        if not isinstance(running.session, GameSession):
            return                          # another game's session is open (this screen waits unseen)
        rows = [row for _, row in self._rows]
        u, count = running.u, max(len(rows), 1)
        self._make_room(count)
        gap, margin = u * 0.2, u * 0.15
        share = (self.ids.rows_scroll.height - gap * (count - 1)) / count
        if share < running.touch + 2 * margin:      # the gaps give way (to a pixel or so at 8 seats in turns)
            gap = min(gap, 2.0, max(1.0, (self.ids.rows_scroll.height - count * running.touch) / max(count - 1, 1)))
            share = (self.ids.rows_scroll.height - gap * (count - 1)) / count
            margin = min(margin, max(0.0, (share - running.touch) / 2))
        self.ids.rows.spacing = gap
        height = max(running.touch + 2 * margin, min(u * 4.6, share))
        for row in rows:
            row.padding = (u * 0.15, margin)
            row.height = height

    def _make_room(self, count: int) -> None:
        """Crowd the bars (`crowded`) when `count` rows a fingertip high, 2 pixels apart, would not fit
        between them with their margins; the decision is the same whichever way the bars are drawn now."""
        running = app()
        u, touch = running.u, running.touch
        holder = self.ids.turn_holder
        line = u * 1.6 if self.problems or running.status else 0.0       # the problem line: in the message bar
        bars = [(max(touch, u * 3.6) + u * 0.6, touch + CROWDED_MARGIN * 2), (u * 0.6, 0.0), (line, 0.0)]
        if holder.height:
            bars.append((turn_bar_height(app().session), touch + CROWDED_MARGIN * 2))
        now = sum(tight if self.crowded else roomy for roomy, tight in bars)
        room = self.ids.rows_scroll.height + now - sum(roomy for roomy, _ in bars)     # with the bars' margins
        crowded = room < count * touch + (count - 1) * 2.0
        if crowded != self.crowded:
            self.crowded = crowded
            self.ids.main.padding = (u * 0.3, 0) if crowded else u * 0.3
            show_turn_bar(holder, running.session, crowded=crowded)
            self._say_problem()

    def _say_problem(self) -> None:
        """At a crowded table the problem line has no room: a new problem is said in the message bar, once."""
        if not self.crowded:
            self._announced = ""                        # the problem line shows it
        elif self.problems and self.problems != self._announced:
            self._announced = self.problems
            app().notify(self.problems, bad=True)

    def refresh(self) -> None:
        """Show the game as it stands; a city is drawn again only when what it shows changed (its
        table entry, pending cards, total, language, size unit or an expansion's values entered)."""
        running = app()
        session = running.session
        if session is None:
            return
        last_age = running.store.data.rules.ages
        self.age_text = running.tr("table.age", age="I" * min(session.age, last_age)) if session.age <= last_age \
            else running.tr("table.game_over")
        self.problems = running.problem_text(session.problems[-1]) if session.problems else ""
        self._say_problem()
        self.ids.end_age.text = (running.tr("table.end_age", age="I" * session.age) if session.age <= last_age
                                 else running.tr("table.to_score"))
        refereed = session.in_turns and session.age <= last_age     # the age's last turn ends it
        end_age = self.ids.end_age
        end_age.disabled, end_age.opacity, end_age.size_hint_x, end_age.width = \
            refereed, 0 if refereed else 1, None if refereed else 1, 0
        totals = {line.name: line.total for line in session.scores().lines} if running.show_scores else None
        pending: dict[int, list[Any]] = {}
        for seat, entry in session.pending():
            pending.setdefault(seat, []).append(entry)
        self._arrange(running.camera_on)
        players = session.players
        del self._rows[len(players):]
        values = entered_values(running, session)       # new values entered: the rows drawn again
        rows = self.ids.rows
        teams = seat_teams(session.document)
        for seat, player in enumerate(players):
            total = totals.get(player["name"]) if totals else None
            waiting = pending.get(seat, [])
            shown = (running.language, running.u, json.dumps(player, sort_keys=True), values,
                     tuple(entry.component.marker for entry in waiting), total, teams.get(player["name"]))
            if seat == len(self._rows):
                self._rows.append(((), CityRow()))
            before, row = self._rows[seat]
            if before != shown:              # only a city that changed is drawn again (the camera changes one)
                row.show(seat, player, pending=len(waiting), total=total, actions=self._row_actions(seat),
                         part=self._compact_part(seat, player),
                         team=teams.get(player["name"]))
                self._rows[seat] = (shown, row)
        wanted = [row for _, row in self._rows]
        if list(reversed(rows.children)) != wanted:
            rows.clear_widgets()
            for row in wanted:
                rows.add_widget(row)
        self._show_question(session.questions())
        show_turn_bar(self.ids.turn_holder, session, crowded=self.crowded)    # a game played in turns: the open turn
        self._fit_rows()
        if self.city_view is not None:
            self._show_panel(self.city_view.seat, pending.get(self.city_view.seat, []), totals)

    def _show_question(self, questions: list[Any]) -> None:
        """The oldest question about cards the camera could not place: their names (outlined in the camera
        picture), then one button per player (the likely owners first; the only likely one marked) and
        one for nobody (the discard pile)."""
        running = app()
        bar, answers = self.ids.question, self.ids.answers
        question = questions[0] if questions else None
        shown = (running.language, running.u, question) if question is not None else ()
        if shown == self._question:
            return
        self._question = shown
        answers.clear_widgets()
        if self.city_view is None:          # the camera picture outlines the cards asked about
            running.highlight = [c.marker for c in question.cards] if question is not None else []
        if question is None:
            bar.height, bar.opacity = 0, 0
            return
        session = running.session
        names = [running.words.card(c.card) for c in question.cards]
        self.ids.question_text.text = running.tr("table.whose", count=len(names), cards=", ".join(names))
        wonders = [p["wonder"] for p in session.players]
        likely = [wonders.index(w) for w in question.candidates if w in wonders]
        u = running.u
        room = (bar.width - u * (0.6 + 0.3 * len(wonders))) / (len(wonders) + 1) - u * 0.6
        names = all(text_width(p["name"], u, bold=True) <= room * 0.95 for p in session.players)
        above = u * (1.8 + 0.45) + max(running.touch, u * 3.2)        # the question above its answers
        rows = len(wonders) * running.touch + (len(wonders) - 1) * 2 + u * 0.6
        names = names and self.ids.rows_scroll.height + bar.height - above >= rows     # every row still a fingertip
        for seat in likely + [s for s in range(len(wonders)) if s not in likely]:
            # the seat's number and name; where the names would not fit at 1 unit (7-8 seats on the 7-inch
            # screen), the number alone on the seat's colour, as on the rows' badges above
            button = BigButton(text=f"{seat + 1}  {session.players[seat]['name']}" if names else str(seat + 1),
                               tone="primary" if likely == [seat] else "normal")
            fit_words(button, 1.1)
            if not names:
                button.background_color, button.color = running.theme.player(seat), (0.05, 0.05, 0.08, 1)
                button.font_size, button.size_hint_x = u * 1.5, 0.8
            button.bind(on_release=lambda _b, s=seat: self.answer(question, s))
            answers.add_widget(button)
        nobody = BigButton(text=running.tr("table.whose_nobody"), tone="quiet", size_hint_x=1 if names else 1.9)
        fit_words(nobody, 1.1)
        answers.add_widget(nobody)
        nobody.bind(on_release=lambda _b: self.answer(question, None))
        text = self.ids.question_text
        if names:                                   # the question above its answers
            bar.orientation, text.size_hint_x = "vertical", 1
            text.texture_update()
            bar.height = max(u * 1.8, text.texture_size[1]) + u * (0.15 + 0.3) + max(running.touch, u * 3.2)
        else:                                       # seat numbers: the question beside them, one row's height
            bar.orientation, text.size_hint_x = "horizontal", 0.34
            bar.height = max(running.touch, u * 3.6) + u * 0.3
        bar.opacity = 1

    def show_question_again(self) -> None:
        """After the full city closes: the question bar outlines its cards in the camera picture again."""
        self._question = ()
        session = app().session
        if session is not None:
            self._show_question(session.questions())

    def answer(self, question: Any, seat: int | None) -> None:
        """One tap: whose the asked cards are (None: nobody's); the message bar says what was done."""
        running = app()
        session = running.session
        names = ", ".join(running.words.card(c.card) for c in question.cards)
        if not running.attempt(session.answer_owner, [c.marker for c in question.cards], seat):
            return
        if seat is None:
            running.notify(running.tr("table.whose_nobody_done", cards=names))
        else:
            running.notify(running.tr("table.whose_done", cards=names, player=session.players[seat]["name"]))

    def _arrange(self, camera_on: bool) -> None:
        """With the camera: its picture above the cities where they leave a third of the height free
        (few players), else beside them; "Camera: large" gives it most of the width, or on a narrow
        screen (the Pi's: a row needs some 40 units) the whole area over the cities. Without: the cities alone."""
        preview, rows = self._parts
        main = self.ids.main
        running = app()
        u = running.u
        count = max(len(self._rows), 1)
        wanted = [preview, rows] if camera_on else [rows]
        main.orientation = "horizontal"
        preview.size_hint = (0.36, 1)
        if camera_on and self.camera_large:
            if main.width < u * 64:
                wanted = [preview]
                preview.size_hint_x = 1
            else:
                preview.size_hint_x = 0.62
        elif camera_on:
            needed = count * u * 4.2 + (count - 1) * u * 0.2 + u * 0.6
            free = main.height - needed
            if free >= main.height * 0.3:
                main.orientation = "vertical"
                preview.size_hint = (1, None)
                preview.height = free
            elif main.width * 0.64 < u * ROW_UNITS:      # beside the rows it would be a stamp: shown on request
                wanted = [rows]
        self.camera_hidden = camera_on and preview not in wanted
        if list(reversed(main.children)) != wanted:
            main.clear_widgets()
            for widget in wanted:
                main.add_widget(widget)

    def _row_actions(self, seat: int) -> dict[str, Any]:
        return {"open": lambda: self.open_city(seat), "add": lambda: self.pick_card(seat),
                "stage": lambda: self.build_stage(seat), "coins": lambda: open_coin_pad(seat)}

    def _compact_part(self, seat: int, player: dict[str, Any]) -> Any:
        """The compact part an expansion adds to a row (Armada's port), None when none has one."""
        return next((compact(seat, player) for compact in game_panels("table_row")), None)

    # -- the full city ---------------------------------------------------------------------------------
    def open_city(self, seat: int) -> None:
        """Show one player's full city over the table."""
        if self.city_view is not None:
            self.city_view.dismiss()
        self.city_view = CityView(self, seat)
        running = app()
        session = running.session
        totals = {line.name: line.total for line in session.scores().lines} if running.show_scores else None
        self._show_panel(seat, [entry for s, entry in session.pending() if s == seat], totals)
        self.toast = self.city_view.ids.toast          # its messages (and undo) show inside the city
        self.city_view.open()

    def _show_panel(self, seat: int, pending: list[Any], totals: dict[str, int] | None) -> None:
        running = app()
        session = running.session
        player = session.players[seat]
        total = totals.get(player["name"]) if totals else None
        shown = (running.language, running.u, json.dumps(player, sort_keys=True), entered_values(running, session),
                 tuple(entry.component.marker for entry in pending), total)
        before, panel = self._panels.get(seat, ((), None))
        if panel is None:
            panel = CityPanel()
        if before != shown:
            panel.show(seat, player, pending=pending, total=total,
                       on_card=lambda card, s=seat: self.remove_card(s, card),
                       on_pending=lambda marker, s=seat: self.confirm(s, marker),
                       on_add=lambda s=seat: self.pick_card(s),
                       on_stage=lambda delta, s=seat: self.change_stages(s, delta),
                       on_coins=lambda _delta, s=seat: open_coin_pad(s),
                       part_actions=self._port_actions(seat))
            self._panels[seat] = (shown, panel)
        view = self.city_view
        if view is not None and view.seat == seat:
            holder = view.ids.holder
            if panel.parent is not holder:
                if panel.parent is not None:
                    panel.parent.remove_widget(panel)
                holder.clear_widgets()
                holder.add_widget(panel)
            running.highlight = [c.component.marker for c in
                                 session.tracker.cities[player["wonder"]].cards if c.source == "camera"]

    # -- taps -------------------------------------------------------------------------------------
    def remove_card(self, seat: int, card_id: str) -> None:
        """Remove a card with one tap; the message bar offers to put it back."""
        running = app()
        session = running.session
        if not running.attempt(session.remove_card, seat, card_id):
            return
        name = running.words.card(card_id)
        running.notify(running.tr("table.removed", card=name, player=session.players[seat]["name"]),
                       undo=lambda: running.attempt(session.add_card, seat, card_id))

    def confirm(self, seat: int, marker: int) -> None:
        """Confirm a pending card with a tap."""
        running = app()
        running.attempt(running.session.confirm_pending, seat, marker)

    def pick_card(self, seat: int) -> None:
        """Open the picker to add a card the camera cannot see (the next tap adds it)."""
        running = app()
        session = running.session
        player = session.players[seat]

        def add(card_id: str) -> None:
            if running.attempt(session.add_card, seat, card_id):
                running.notify(running.tr("table.added", card=running.words.card(card_id), player=player["name"]),
                               undo=lambda: running.attempt(session.remove_card, seat, card_id))

        open_picker(running.tr("picker.add_title", player=player["name"]), add, exclude=set(player["cards"]), seat=seat)

    def build_stage(self, seat: int) -> None:
        """One tap: the next wonder stage is built (the message bar offers to take it back)."""
        running = app()
        session = running.session
        before = session.players[seat]["stages"]
        if running.attempt(session.set_stages, seat, before + 1):
            running.notify(running.tr("table.stage_built", player=session.players[seat]["name"], stage=before + 1),
                           undo=lambda: running.attempt(session.set_stages, seat, before))

    def change_stages(self, seat: int, delta: int) -> None:
        """A stage more or fewer."""
        running = app()
        stages = running.session.players[seat]["stages"] + delta
        if stages >= 0:
            running.attempt(running.session.set_stages, seat, stages)   # past the last: a message says how many

    def _port_actions(self, seat: int) -> dict[str, Any] | None:
        """What the taps on a city's expansion part do (Armada's port), None without one."""
        return next((actions(seat) for actions in game_panels("port_actions")), None)

    def toggle_scores(self) -> None:
        """Show or hide the running scores (hidden unless the table wants them)."""
        running = app()
        running.show_scores = not running.show_scores
        running.store_set("show_scores", running.show_scores)
        self.refresh()

    def toggle_camera(self) -> None:
        """The camera picture large, or small beside the cities."""
        self.camera_large = not self.camera_large
        self.refresh()

    def on_enter(self, *_: Any) -> None:
        prepare_chips()             # the picker's first opening as quick as the next
        prepare_score()             # after the last age: the score's first showing as quick as the next

    def on_leave(self, *_: Any) -> None:
        if self.city_view is not None:
            self.city_view.dismiss()

    def end_age(self) -> None:
        """Go to the end of the age (or to the score after the last one)."""
        running = app()
        if self.city_view is not None:
            self.city_view.dismiss()
        running.go("end_of_age" if running.session.age <= running.store.data.rules.ages else "score")


def seat_teams(document: dict[str, Any]) -> dict[str, tuple[int, bool]]:
    """Armada's team variant: each player's team number (1, 2... in seating order) and whether the
    player is the team's first seat; empty without teams."""
    return {name: (number, index == 0) for number, team in enumerate(document.get("teams") or [], start=1)
            for index, name in enumerate(team)}


SCREEN = TableScreen
