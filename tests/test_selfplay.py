"""Self-played games follow the rules: every dealt card is accounted for, tables stay valid."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.sevenwonders.rules import score_table
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.games.sevenwonders.tablefile import parse_table, table_to_json


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_self_play_accounts_for_every_card(data: GameData, players: int) -> None:
    game = play_random_game(data, players, seed=players)
    dealt = 3 * 7 * players
    built = sum(len(c) for c in game.built_copies)
    staged = sum(len(c) for c in game.stage_copies)
    assert built + staged + len(game.discard) == dealt
    keys = [c.key for copies in game.built_copies for c in copies]
    keys += [c.key for copies in game.stage_copies for c in copies] + [c.key for c in game.discard]
    assert len(set(keys)) == dealt   # each physical copy is in exactly one place
    for seat, player in enumerate(game.final.players):
        assert [c.id for c in player.cards] == [c.card_id for c in game.built_copies[seat]]
        assert player.stages_built == len(game.stage_copies[seat])
        assert len(player.tokens) <= 6 and player.coins >= 0


def test_self_play_tables_are_valid_table_files(data: GameData) -> None:
    for seed in range(10):
        game = play_random_game(data, 3 + seed % 5, seed=seed)
        for table in game.tables_after_age:
            parse_table(table_to_json(table))


def test_self_play_coins_balance(data: GameData) -> None:
    # Coins only come from the bank (start, discards, card and stage effects) and go to the bank
    # (coin costs) or change hands in trades.
    game = play_random_game(data, 5, seed=11)
    start = 5 * data.rules.starting_coins
    gained = sum(a.coins_gained for a in game.actions)
    bank = sum(a.paid - a.to_left - a.to_right for a in game.actions)
    assert sum(p.coins for p in game.final.players) == start + gained - bank


def test_self_play_is_deterministic(data: GameData) -> None:
    one, two = play_random_game(data, 4, seed=5), play_random_game(data, 4, seed=5)
    assert table_to_json(one.final) == table_to_json(two.final)
    assert [line.total for line in score_table(one.final).lines] == [
        line.total for line in score_table(two.final).lines]
    kinds = Counter(a.kind for a in one.actions)
    assert kinds["build"] > kinds["discard"]


def test_self_play_names_each_seats_last_card(data: GameData) -> None:
    # Every seat ends each age with its 7th card: played (Babylon B) or discarded and named.
    for seed in range(12):
        game = play_random_game(data, 3 + seed % 5, seed=seed)
        assert len(game.last_cards) == data.rules.ages
        for age, discarded in enumerate(game.last_cards, start=1):
            played = {a.seat for a in game.actions if a.age == age and a.turn == 7 and a.kind != "discard_build"}
            assert played.isdisjoint(discarded)
            assert played | set(discarded) == set(range(game.final.seat_count))
            assert all(copy.age == age for copy in discarded.values())
