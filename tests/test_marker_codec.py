"""The marker code: every component has one number; QR payloads round-trip and refuse every change."""

from __future__ import annotations

import string

import pytest
import segno
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.sevenwonders.rules.model import GameData
from companion.markers import Component, Rejection, encode_payload, load_marker_registry, read_payload
from companion.markers.codec import ALPHABET, PAYLOAD_LENGTH, check_character

REGISTRY = load_marker_registry()
NUMBERS = [c.marker for c in REGISTRY]


def test_every_base_card_copy_wonder_side_and_card_back_has_exactly_one_marker(data: GameData) -> None:
    cards = [c for c in REGISTRY if c.kind == "card" and c.set == "base"]
    assert len(cards) == 148
    assert sorted(c.key.removeprefix("card:") for c in cards) == sorted(copy.key for copy in data.all_copies())
    assert len([c for c in REGISTRY if c.kind == "wonder_side"]) == 14
    assert sorted(c.age for c in REGISTRY if c.kind == "card_back") == [1, 2, 3]


def test_armada_components_have_markers() -> None:
    # The Armada rulebook's contents: 24 Armada cards, 27 islands (9 per level), 8 port boards.
    armada = [c for c in REGISTRY if c.set == "armada"]
    assert len([c for c in armada if c.kind == "card"]) == 24
    islands = [c for c in armada if c.kind == "island"]
    assert sorted(c.level for c in islands) == [1] * 9 + [2] * 9 + [3] * 9
    assert sorted(c.board for c in armada if c.kind == "port_board") == list(range(1, 9))


def test_copies_of_one_building_have_different_markers() -> None:
    lumber = [c for c in REGISTRY if c.card == "lumber_yard"]
    assert [(c.age, c.players) for c in lumber] == [(1, 3), (1, 4)]
    assert lumber[0].marker != lumber[1].marker


def test_numbers_are_unique_and_fit_the_fiducial_dictionary() -> None:
    assert len(set(NUMBERS)) == len(NUMBERS)
    assert all(0 < n < 1000 for n in NUMBERS)   # DICT_5X5_1000 holds ids 0..999
    assert len({c.key for c in REGISTRY}) == len(NUMBERS)


def test_architects_numbers_stay_in_their_range() -> None:
    in_range = {c.marker for c in REGISTRY if 320 <= c.marker <= 599}
    assert in_range == {c.marker for c in REGISTRY.in_sets(("architects",))}


def test_payloads_fit_a_version_1_qr_code_at_level_h() -> None:
    for number in NUMBERS:
        payload = encode_payload(number, REGISTRY)
        assert len(payload) == PAYLOAD_LENGTH <= 10
        assert set(payload) <= set(string.digits + string.ascii_uppercase)
        code = segno.make_qr(payload, version=1, error="h", mode="alphanumeric", boost_error=False)
        assert code.version == 1 and code.error == "H"


@pytest.mark.parametrize("number", NUMBERS)
def test_every_marker_round_trips(number: int) -> None:
    component = read_payload(encode_payload(number, REGISTRY), REGISTRY)
    assert isinstance(component, Component) and component.marker == number


@settings(max_examples=2000, deadline=None)
@given(st.sampled_from(NUMBERS), st.integers(0, PAYLOAD_LENGTH - 1), st.characters(codec="ascii"))
def test_any_single_changed_character_is_refused(number: int, position: int, replacement: str) -> None:
    payload = encode_payload(number, REGISTRY)
    changed = payload[:position] + replacement + payload[position + 1:]
    if changed == payload:
        return
    assert isinstance(read_payload(changed, REGISTRY), Rejection)


def test_every_single_substitution_within_the_alphabet_is_refused() -> None:
    # Exhaustively: 225 markers x 7 positions x 35 other characters.
    for number in NUMBERS:
        payload = encode_payload(number, REGISTRY)
        for position in range(PAYLOAD_LENGTH):
            for char in ALPHABET:
                if char != payload[position]:
                    changed = payload[:position] + char + payload[position + 1:]
                    assert isinstance(read_payload(changed, REGISTRY), Rejection), changed


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=60))
def test_random_foreign_payloads_are_refused(text: str) -> None:
    result = read_payload(text, REGISTRY)
    assert isinstance(result, Rejection) or encode_payload(result.marker, REGISTRY) == text


@pytest.mark.parametrize(("text", "reason"), [
    ("https://boardgamegeek.com/boardgame/68448", "foreign"),
    ("4607177454213", "foreign"),
    ("W72001N", "unknown_version"),
    ("W71001", "malformed"),
    ("W71001n", "malformed"),
    ("W71001M", "bad_check"),
    (f"W71{'1AA'}{check_character('W711AA')}", "unknown_component"),
])
def test_refusals_say_why(text: str, reason: str) -> None:
    result = read_payload(text, REGISTRY)
    assert isinstance(result, Rejection) and result.reason == reason and result.message


def test_luhn_check_character_by_hand() -> None:
    # Luhn mod 36 of "W71001": from the right, doubled values are folded (a // 36 + a % 36):
    # 1 -> 2; 0 -> 0; 0 -> 0 (x2); 1 -> 1; 7 -> 14 (x2); W = 32 -> 32.
    # Sum 2 + 0 + 0 + 1 + 14 + 32 = 49; check = (36 - 49 % 36) % 36 = 23 -> 'N'.
    assert check_character("W71001") == "N"
