"""7 Wonders Architects refereed turn by turn (`../shared/reference/architects.md`, section 4.2).

On their turn the active player takes 1 of the 3 available cards: the top of the deck on their left
(their own wonder's deck, set between them and their left neighbour), of the deck on their right, or
of the face-down central deck (the Cat pawn's holder, and a Domestication holder, may look at the
central deck's top card first). Then, in any order, until nothing is left to do:

- **must construct**: while the grey and yellow cards in front of them pay an available piece, they
  construct it, spending those cards (the cards spent are part of the construction, checked against
  the piece's cost); an effect piece's effect follows at once (Alexandria, Ephesus, Olympia,
  Halicarnassus: cards; Babylon: a Progress token);
- **must take a token**: while their green cards show 2 identical or 3 different symbols, they spend
  them and take a Progress token;
- the Progress tokens' extra cards: taking a card of the kind a token names (Urbanism: wood or clay,
  Crafts: papyrus or glass, Jewellery: stone or yellow, Science: green, Propaganda: red with horns)
  or constructing a stage (Architecture) gives 1 extra card from the 3 available; each token once
  per turn;
- an expansion may add actions of its own to the turn (its rules check them against `ArchitectsTurn`).

The turn ends when nothing is due; a battle whose last Conflict token turned this turn is fought
then. The game ends at the end of the turn in which a wonder is completed (the reference's reading
of the rulebook, section 4.2 "End"; a battle due is fought first, A21). Each function returns the
new table and turn, or raises `ArchitectsRuleError` saying what the rules refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import combinations, product

from companion.games.architects.rules.battle import apply_battle, resolve_battle
from companion.games.architects.rules.data import Piece
from companion.games.architects.rules.obligations import pieces_to_construct, science_set_due
from companion.games.architects.rules.play import (
    ArchitectsRuleError,
    build_piece,
    give_cat,
    place_card,
    remove_card,
    rome_theft,
    take_token,
    tokens_left,
)
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.rules.wonder import buildable_pieces

__all__ = [
    "EXTRA_CARD_TOKENS",
    "SOURCES",
    "WONDER_EFFECTS",
    "ArchitectsTurn",
    "TurnEnd",
    "card_sources",
    "claim_on_turn",
    "construct",
    "deck_between",
    "deck_emptied",
    "due",
    "end_turn",
    "may_peek",
    "payments",
    "science_sets",
    "start_turn",
    "take_card",
    "take_progress",
    "use_rome",
]

SOURCES = ("left", "right", "central")
"""Where a turn's card is taken: the deck on the left (the player's own), on the right, the centre."""

EXTRA_CARD_TOKENS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...], bool]] = {
    "urbanism": (("wood", "clay"), (), False),
    "crafts": (("papyrus", "glass"), (), False),
    "jewellery": (("stone",), ("yellow",), False),
    "science": ((), ("green",), False),
    "propaganda": ((), ("red",), True),
}
"""The tokens whose holder chooses 1 extra card when taking a card of these kinds or colours (the
last field: red cards with horns only), from the rulebook's token list (section 4.3)."""
ARCHITECTURE = "architecture"
"""Its holder chooses 1 extra card when constructing a stage."""
PEEKERS = ("domestication",)
"""Tokens that let their holder look at the central deck's top card, as the Cat pawn does."""


@dataclass(frozen=True)
class ArchitectsTurn:
    """The active player's turn as it stands."""

    seat: int
    number: int = 1
    """Turns played so far in the game, this one included."""
    taken: bool = False
    """True once the turn's card is taken."""
    extra_cards: int = 0
    """Extra cards still to choose from the 3 available (Progress tokens)."""
    effects: tuple[str, ...] = ()
    """Wonder effects still to carry out: ``any_deck`` (Alexandria), ``central`` (Ephesus), ``left``
    and ``right`` (Olympia), ``left_or_right`` (Halicarnassus: 1 of the top 5), ``token`` (Babylon),
    ``theft`` (Rome), ``cat_card`` (Ur)."""
    tokens_used: frozenset[str] = frozenset()
    """The Progress tokens whose extra card this turn has already given."""
    battle_due: bool = False
    wonder_completed: bool = False
    gifts: tuple[int, ...] = ()
    """Seats given a face-down central card by Rome: they place it at the start of their next turn."""
    gift_due: bool = False
    """The active player must first place the card Rome gave them."""
    empty: frozenset[str] = frozenset()
    """The decks found empty: ``central`` or ``deck:<k>`` (the deck between seat k and seat k+1)."""


@dataclass(frozen=True)
class TurnEnd:
    """A turn ended: the table after its battle, the battle (if any), the next turn, or the game's end."""

    table: ArchitectsTable
    battle_gains: tuple[int, ...] | None
    next_turn: ArchitectsTurn | None
    game_over: bool


def deck_between(table: ArchitectsTable, seat: int, side: str) -> str:
    """The id of the deck on `side` of `seat`: ``deck:<k>`` lies between seat k and its left neighbour."""
    if side == "left":
        return f"deck:{seat}"
    if side == "right":
        return f"deck:{table.right(seat)}"
    return "central"


def start_turn(table: ArchitectsTable, seat: int = 0, previous: ArchitectsTurn | None = None) -> ArchitectsTurn:
    """The turn of `seat` (the first player by default; after `previous`, its left neighbour)."""
    if previous is not None:
        seat = table.left(previous.seat)
        gifts = previous.gifts
        return ArchitectsTurn(seat, previous.number + 1, gifts=tuple(s for s in gifts if s != seat),
                              gift_due=seat in gifts, empty=previous.empty)
    return ArchitectsTurn(seat)


def deck_emptied(turn: ArchitectsTurn, deck: str) -> ArchitectsTurn:
    """The turn (and the game after it) with `deck` found empty: "an empty deck stays empty"."""
    return replace(turn, empty=turn.empty | {deck})


def may_peek(table: ArchitectsTable, turn: ArchitectsTurn) -> bool:
    """True when the active player may look at the central deck's top card before taking a card: the
    Cat pawn's holder or a Domestication holder, at the start of the turn."""
    player = table.players[turn.seat]
    return not turn.taken and (player.cat_pawn or any(player.token_count(t) for t in PEEKERS))


CARD_EFFECTS = ("left", "right", "central", "left_or_right", "cat_card", "extra", "any_deck")
"""The cards a turn may still owe after its own card, the most particular about its deck first: a card
taken is counted for the first of these it fits."""


def _decks_for(table: ArchitectsTable, seat: int, use: str) -> tuple[str, ...]:
    """The decks a card for `use` may come from (``turn`` and ``extra``: the 3 available cards)."""
    left, right = deck_between(table, seat, "left"), deck_between(table, seat, "right")
    three = (left, right, "central")
    return {"turn": three, "extra": three, "cat_card": three, "left": (left,), "right": (right,),
            "central": ("central",), "left_or_right": (left, right),
            "any_deck": (*(f"deck:{k}" for k in range(len(table.players))), "central")}[use]


def _card_uses(turn: ArchitectsTurn) -> list[str]:
    """The cards the turn still owes, in the order a card taken is counted for them."""
    if not turn.taken:
        return ["turn"]
    owed = [e for e in turn.effects if e in CARD_EFFECTS] + ["extra"] * turn.extra_cards
    return sorted(owed, key=CARD_EFFECTS.index)


def card_sources(table: ArchitectsTable, turn: ArchitectsTurn) -> tuple[str, ...]:
    """The decks the next card may come from now (``gift``: the card Rome gave; empty decks left out)."""
    if turn.gift_due:
        return ("gift",)
    wanted = [deck for use in _card_uses(turn) for deck in _decks_for(table, turn.seat, use)]
    return tuple(dict.fromkeys(d for d in wanted if d not in turn.empty))


def _effect_for(table: ArchitectsTable, turn: ArchitectsTurn, deck: str) -> str | None:
    """Which owed card one taken from `deck` is: the turn's card, an extra card, a wonder effect's."""
    return next((use for use in _card_uses(turn) if deck in _decks_for(table, turn.seat, use)), None)


def take_card(table: ArchitectsTable, turn: ArchitectsTurn, deck: str, kind: str
              ) -> tuple[ArchitectsTable, ArchitectsTurn]:
    """The active player takes a card of `kind` from `deck` (``deck:<k>``, ``central``, or ``gift``: the
    card Rome gave) and places it in front of them; its cat icon takes the pawn, its horns turn Conflict
    tokens, and a Progress token may give an extra card.

    :raises ArchitectsRuleError: when no card is due from that deck now.
    """
    if turn.gift_due != (deck == "gift"):
        raise ArchitectsRuleError("the card Rome gave is placed first, at the start of the turn" if turn.gift_due
                                  else "no card was given to this player")
    if deck == "gift":
        placed = place_card(table, turn.seat, kind)
        return placed.table, replace(turn, gift_due=False, battle_due=turn.battle_due or placed.battle_due)
    use = _effect_for(table, turn, deck) if deck in card_sources(table, turn) else None
    if use is None:
        raise ArchitectsRuleError(f"no card may be taken from {deck} now (from: "
                                  f"{', '.join(card_sources(table, turn)) or 'nowhere'})")
    placed = place_card(table, turn.seat, kind)
    after = replace(turn, battle_due=turn.battle_due or placed.battle_due)
    if use == "turn":
        after = replace(after, taken=True)
    elif use == "extra":
        after = replace(after, extra_cards=after.extra_cards - 1)
    else:
        effects = list(after.effects)
        effects.remove(use)
        after = replace(after, effects=tuple(effects))
    return placed.table, _extra_card(placed.table, after, kind)


def _extra_card(table: ArchitectsTable, turn: ArchitectsTurn, kind: str) -> ArchitectsTurn:
    """The Progress tokens that give an extra card for taking a card of `kind` (each once per turn)."""
    card = table.data.cards[kind]
    player = table.players[turn.seat]
    for token, (kinds, colors, horned) in EXTRA_CARD_TOKENS.items():
        if not player.token_count(token) or token in turn.tokens_used:
            continue
        if (kind in kinds or card.color in colors) and (not horned or card.horns > 0):
            turn = replace(turn, extra_cards=turn.extra_cards + 1, tokens_used=turn.tokens_used | {token})
    return turn


def _payment_problem(table: ArchitectsTable, seat: int, piece: Piece, spent: Mapping[str, int]) -> str | None:
    """Why `spent` does not pay `piece` (its number of cards, all identical or all different; yellow
    coins stand for any missing resource, Economy makes one worth 2; Engineering: any resources)."""
    data = table.data
    player = table.players[seat]
    cost = data.piece_costs[piece.cost]
    for kind, count in spent.items():
        if kind not in data.cards or data.cards[kind].color not in ("grey", "yellow") or count < 1:
            return f"a construction is paid with grey and yellow cards, not {kind}"
        if player.card_count(kind) < count:
            return f"{player.name} has {player.card_count(kind)} {kind} card(s), not {count}"
    grey = {k: n for k, n in spent.items() if data.cards[k].color == "grey"}
    coins = sum(n for k, n in spent.items() if data.cards[k].color == "yellow")
    name = cost.id.replace("_", " ")
    if not player.token_count("engineering"):
        if cost.identical and len(grey) > 1:
            return f"{name}: the resources must be identical"
        if not cost.identical and any(n > 1 for n in grey.values()):
            return f"{name}: the resources must be different"
    cards = sum(grey.values()) + coins
    paid = cards + (1 if coins and player.token_count("economy") else 0)
    if paid < cost.cards:
        return f"{name} needs {cost.cards} cards; these pay {paid}"
    if cards > cost.cards:
        return f"{name} needs {cost.cards} cards, not {cards}"
    return None


def payments(table: ArchitectsTable, seat: int, piece: str | None, cost: str | None = None
             ) -> tuple[dict[str, int], ...]:
    """The ways `seat`'s grey and yellow cards pay `piece` of its wonder (kind -> count), none paying
    more than another does (the app constructs at once when there is one, else asks which). Rome and
    Ur (pieces not in the data): `piece` None and the `cost` printed on the piece."""
    player = table.players[seat]
    known = player.wonder.piece(piece) if piece is not None else Piece(player.wonder.id, cost or "", 0, 1, False)
    held = [(k, player.card_count(k)) for k in (*table.data.kinds_of("grey"), *table.data.kinds_of("yellow"))
            if player.card_count(k)]
    found: list[dict[str, int]] = []
    for counts in product(*(range(n + 1) for _, n in held)):
        spent = {kind: n for (kind, _), n in zip(held, counts, strict=True) if n}
        if spent and _payment_problem(table, seat, known, spent) is None:
            found.append(spent)
    least = [s for s in found if not any(o != s and all(s.get(k, 0) >= n for k, n in o.items()) for o in found)]
    yellow = set(table.data.kinds_of("yellow"))
    return tuple(sorted(least, key=lambda s: (sum(s.values()), sum(n for k, n in s.items() if k in yellow),
                                              sorted(s.items()))))


def science_sets(table: ArchitectsTable, seat: int) -> tuple[dict[str, int], ...]:
    """The science sets `seat`'s green cards make now: 2 identical, or 3 different symbols."""
    player = table.players[seat]
    green = [k for k in table.data.kinds_of("green") if player.card_count(k)]
    pairs = [{k: 2} for k in green if player.card_count(k) >= 2]
    return (*pairs, *({k: 1 for k in trio} for trio in combinations(green, 3)))


WONDER_EFFECTS = {"alexandria": ("any_deck",), "ephesus": ("central",), "olympia": ("left", "right"),
                  "halicarnassus": ("left_or_right",), "babylon": ("token",), "rome": ("theft",),
                  "ur": ("cat",)}
"""What constructing an effect piece asks of its builder (Giza has none, Rhodes' shield is lasting)."""


def construct(table: ArchitectsTable, turn: ArchitectsTurn, piece: str | None, spent: Mapping[str, int], *,
              vp: int | None = None, effect: bool = False) -> tuple[ArchitectsTable, ArchitectsTurn]:
    """The active player constructs `piece`, spending the cards `spent` (kind -> count), which must pay
    its cost; an effect piece's effect is then due. Rome and Ur (pieces not in the data): the player
    gives the printed `vp` and says whether the piece carries the `effect`; the cards are not checked.

    :raises ArchitectsRuleError: when the piece cannot be constructed now or the cards do not pay it.
    """
    if not turn.taken:
        raise ArchitectsRuleError("the turn's card is taken first")
    seat = turn.seat
    player = table.players[seat]
    wonder = player.wonder
    carries = effect
    if wonder.pieces_known:
        if piece not in {p.id for p in buildable_pieces(wonder, player.built_ids)}:
            raise ArchitectsRuleError(f"{wonder.name}'s {piece} piece cannot be constructed now")
        assert piece is not None
        known = wonder.piece(piece)
        problem = _payment_problem(table, seat, known, spent)
        if problem is not None:
            raise ArchitectsRuleError(problem)
        carries = known.effect
    for kind, count in spent.items():
        table = remove_card(table, seat, kind, count)
    table = build_piece(table, seat, piece, vp)
    after = turn
    if carries:
        after = replace(after, effects=after.effects + WONDER_EFFECTS.get(wonder.id, ()))
        if wonder.id == "ur":
            table = give_cat(table, seat)
            after = replace(after, effects=tuple("cat_card" if e == "cat" else e for e in after.effects))
    if player.token_count(ARCHITECTURE) and ARCHITECTURE not in after.tokens_used:
        after = replace(after, extra_cards=after.extra_cards + 1, tokens_used=after.tokens_used | {ARCHITECTURE})
    if table.players[seat].stages >= table.data.stages_per_wonder:
        after = replace(after, wonder_completed=True)
    return table, after


def take_progress(table: ArchitectsTable, turn: ArchitectsTurn, token: str, spent: Mapping[str, int] | None = None
                  ) -> tuple[ArchitectsTable, ArchitectsTurn]:
    """The active player takes a Progress token: for science, spending 2 identical or 3 different green
    cards (`spent`); for Babylon's effect, without spending (`spent` None).

    :raises ArchitectsRuleError: when no token is due that way, or the cards are not a science set.
    """
    if not turn.taken:
        raise ArchitectsRuleError("the turn's card is taken first")
    seat = turn.seat
    if spent is None:
        if "token" not in turn.effects:
            raise ArchitectsRuleError("a Progress token is taken for a science set or with Babylon's effect")
        effects = list(turn.effects)
        effects.remove("token")
        return take_token(table, seat, token), replace(turn, effects=tuple(effects))
    data = table.data
    player = table.players[seat]
    if any(k not in data.cards or data.cards[k].color != "green" for k in spent):
        raise ArchitectsRuleError("a science set is made of green cards")
    counts = [n for n in spent.values() if n]
    if not (counts == [2] or (len(counts) == 3 and all(n == 1 for n in counts))):
        raise ArchitectsRuleError("a science set is 2 identical or 3 different green cards")
    for kind, count in spent.items():
        if player.card_count(kind) < count:
            raise ArchitectsRuleError(f"{player.name} has {player.card_count(kind)} {kind} card(s), not {count}")
    table = take_token(table, seat, token)
    for kind, count in spent.items():
        table = remove_card(table, seat, kind, count)
    return table, turn


def use_rome(table: ArchitectsTable, turn: ArchitectsTurn, victim: int, kind: str
             ) -> tuple[ArchitectsTable, ArchitectsTurn]:
    """Rome's effect: take a card of `kind` from `victim` (its cat and horns take effect); the victim
    gets the central deck's top card face down and places it at the start of their next turn."""
    if "theft" not in turn.effects:
        raise ArchitectsRuleError("Rome's effect is not due")
    placed = rome_theft(table, turn.seat, victim, kind)
    effects = list(turn.effects)
    effects.remove("theft")
    return placed.table, replace(turn, effects=tuple(effects), battle_due=turn.battle_due or placed.battle_due,
                                 gifts=(*turn.gifts, victim))


def claim_on_turn(table: ArchitectsTable, turn: ArchitectsTurn, seat: int, expansion: str, item: str
                  ) -> ArchitectsTable:
    """`seat` takes `item`, which the expansion `expansion` offers it now (`ArchitectsExtension.offers`):
    only on its own turn (what such a goal's rulebook says: "at any moment of your turn")."""
    ext = next((e for e in table.extensions if e.id == expansion), None)
    if ext is None:
        raise ArchitectsRuleError(f"this game does not play with {expansion}")
    name = table.players[seat].name
    if seat != turn.seat:
        raise ArchitectsRuleError(f"{name} claims a {ext.item_kind} on their own turn")
    if item not in ext.offers(table, seat):
        raise ArchitectsRuleError(f"{name} does not meet the {item} {ext.item_kind}'s goal, or cannot take it")
    return ext.claim(table, seat, item)


def due(table: ArchitectsTable, turn: ArchitectsTurn) -> tuple[str, ...]:
    """What must still happen before the turn may end: ``gift`` (place Rome's card), ``card`` (the
    turn's card), ``extra_card``, a wonder effect, ``construct`` (a piece the cards pay), ``science``
    (a science set while a token is left). Cards that cannot be taken (empty decks) are not due."""
    needs: list[str] = []
    if turn.gift_due:
        needs.append("gift")

    def can_take(use: str) -> bool:
        return any(d not in turn.empty for d in _decks_for(table, turn.seat, use))

    if not turn.taken and can_take("turn"):
        needs.append("card")
    if turn.extra_cards and can_take("extra"):
        needs.append("extra_card")
    tokens_remain = any(tokens_left(table, t) > 0 for t in table.data.tokens)
    for effect in turn.effects:
        if (effect == "token" and not tokens_remain) or (effect in CARD_EFFECTS and not can_take(effect)):
            continue
        needs.append(effect)
    player = table.players[turn.seat]
    if turn.taken and pieces_to_construct(player, table.data):
        needs.append("construct")
    if turn.taken and science_set_due(player, table.data) and tokens_remain:
        needs.append("science")
    return tuple(needs)


def end_turn(table: ArchitectsTable, turn: ArchitectsTurn) -> TurnEnd:
    """End the turn: refused while something is due; a battle due is fought; the game ends if a
    wonder was completed, else the left neighbour plays.

    :raises ArchitectsRuleError: naming what is still due.
    """
    needs = due(table, turn)
    if needs:
        raise ArchitectsRuleError(f"{table.players[turn.seat].name}'s turn is not over: {', '.join(needs)}")
    gains = None
    if turn.battle_due:
        battle = resolve_battle(table)
        table, gains = apply_battle(table, battle), battle.gains
    if turn.wonder_completed:
        return TurnEnd(table, gains, None, True)
    return TurnEnd(table, gains, start_turn(table, previous=turn), False)


