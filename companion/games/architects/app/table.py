"""An Architects game at the table: one player's area at a time, entered with large controls (the
wonder as its pieces, cards by kind, Progress tokens as tiles, the Cat pawn, Military Victory
tokens, the medals beside the player); medals are offered the moment a goal is met, and the battle
is called when the last Conflict token turns. Every tap is logged by the session before it returns."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.app.screens import AppScreen
from companion.app.widgets.common import BigButton, ToggleChoice, app
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.app.widgets import COST_SIGNS, ask_piece_vp, card_button
from companion.games.architects.rules.medals import accessible_medals
from companion.games.architects.rules.obligations import pieces_to_construct, science_set_due
from companion.games.architects.rules.play import tokens_left


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
        if session is None or not hasattr(session, "table"):
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
                tab.bind(on_release=lambda button: self.focus(button.value))
                tabs.add_widget(tab)
        for tab in tabs.children:
            seat = tab.value
            tab.text = f"{seat + 1}  {table.players[seat].name}" + (f"  {sheet.lines[seat].total}" if sheet else "")
            tab.chosen = seat == self.seat
        player = table.players[self.seat]
        self.ids.wonder_title.text = running.tr("architects.wonder_title", wonder=names.wonder(player.wonder.id),
                                                stages=player.stages)
        self.ids.wonder.show(player, self.build)
        due = [COST_SIGNS[p.cost] for p in pieces_to_construct(player, table.data)]
        reminders = [running.tr("architects.must_build", pieces=", ".join(due))] if due else []
        if science_set_due(player, table.data):
            reminders.append(running.tr("architects.must_take_token"))
        self.reminder = "  ".join(reminders)
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
        for token in table.data.tokens.values():
            if token.copies_in_box(table.has_medals) == 0:
                continue
            held = player.token_count(token.id)
            left = tokens_left(table, token.id)
            text = names.token(token.id) + (f" \u00d7{held}" if held > 1 else "")
            tile = BigButton(text=text, tone="good" if held else "normal", height=u * 2.6, font_size=u * 0.95,
                             shorten=True, max_lines=1)
            tile.token = token.id
            tile.disabled = not left and not held
            tile.opacity = 1 if (left or held) else 0.35
            if left:
                tile.bind(on_release=lambda button: self.take_token(button.token))
            tokens.add_widget(tile)
        medals = self.ids.medals
        medals.clear_widgets()
        holders = {m: p.name for p in table.players for m in p.medals}
        for medal in accessible_medals(table, self.seat):
            owner = holders.get(medal)
            text = names.medal(medal) + (f"  \u2014  {owner}" if owner else "")
            button = BigButton(text=text, tone="good" if owner == player.name else "normal", height=u * 2.6,
                               font_size=u * 0.95)
            button.medal = medal
            if owner is None:
                button.bind(on_release=lambda b: self.take_medal(b.medal))
            medals.add_widget(button)
        self.ids.medals_title.opacity = 1 if table.has_medals else 0
        offers = session.offers()
        self.offer = next(((seat, m) for seat, found in sorted(offers.items()) for m in found), None)
        self.offer_text = running.tr("architects.offer", name=table.players[self.offer[0]].name,
                                     goal=names.medal(self.offer[1])) if self.offer else ""
        self.battle_due = session.battle_due
        self.conflicts = running.tr("architects.conflicts", turned=table.conflicts_flipped, total=table.conflict_tokens)

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
        app().attempt(self.session.take_medal, self.seat, medal)

    def take_offer(self) -> None:
        """The player who met a goal takes its medal."""
        if self.offer is not None:
            seat, medal = self.offer
            app().attempt(self.session.take_medal, seat, medal)

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
