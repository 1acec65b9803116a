"""The turn engine against the self-play bots (a separate account of the same rules in
`rules/selfplay.py`): every action of whole random games, entered turn by turn as plays, is legal
for the referee and settles to the same cities, coins and tokens. The games include Olympia A's free
builds, Halikarnassos' builds from the discard pile and Babylon B's last cards."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import SelfPlayGame, play_random_game
from companion.games.sevenwonders.rules.table import Player, Table
from companion.games.sevenwonders.rules.turns import AgeProgress, Play, close_turn

KINDS = {"build": ("build", "hand", False), "free_build": ("build", "hand", True), "stage": ("stage", "hand", False),
         "discard": ("discard", "hand", False), "discard_build": ("build", "discard_pile", False)}
"""Self-play's action kinds as plays: (action, source, free build)."""


def _plays_by_turn(game: SelfPlayGame, turns: int) -> dict[tuple[int, int], list[Play]]:
    """Self-play logs Babylon B's last card as a 7th turn; for the referee it is part of the last one."""
    plays: dict[tuple[int, int], list[Play]] = defaultdict(list)
    for action in game.actions:
        kind, source, free = KINDS[action.kind]
        turn = action.turn
        if turn > turns:
            turn, source = turns, ("last_card" if action.kind != "discard_build" else source)
        plays[(action.age, turn)].append(Play(action.seat, kind, action.copy.card_id, source, free))
    return plays


def _replayed(data: GameData, game: SelfPlayGame) -> Table:
    start = Table(data, tuple(Player(p.name, p.wonder, p.side, 0, (), data.rules.starting_coins)
                              for p in game.final.players))
    turns = data.rules.cards_per_player_per_age - 1
    plays = _plays_by_turn(game, turns)
    table, progress = start, AgeProgress()
    for age in range(1, data.rules.ages + 1):
        for turn in range(1, turns + 1):
            leftovers = {seat: c.card_id for seat, c in game.last_cards[age - 1].items()} if turn == turns else None
            result = close_turn(table, progress, plays[(age, turn)], leftovers)
            table, progress = result.table, result.progress
    assert progress.finished
    return table


def _city(player: Player) -> tuple[object, ...]:
    return player.coins, sorted(c.id for c in player.cards), player.stages_built, sorted(player.tokens)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_settle_turn_by_turn_to_the_self_play_result(data: GameData, players: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(6):
        game = play_random_game(data, players, seed)
        kinds.update(a.kind for a in game.actions)
        table = _replayed(data, game)
        assert [_city(p) for p in table.players] == [_city(p) for p in game.final.players], seed
    assert kinds["build"] and kinds["stage"] and kinds["discard"]
