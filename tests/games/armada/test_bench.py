"""The Armada benchmark measures what it says: naval constructions joined to the card's cost, emporiums."""

from __future__ import annotations

from companion.games.armada.bench import armada_builds, sample_armada
from companion.games.sevenwonders.rules import check_card
from companion.games.sevenwonders.rules.loader import load_game_data


def test_the_armada_bench_checks_naval_constructions_with_emporiums() -> None:
    builds = armada_builds(load_game_data(), games=3)
    checks = [check_card(table, seat, card, step="naval") for table, seat, card in builds]
    legal = [c for c in checks if c.legal]
    assert legal and all(c.step is not None and c.step.to_level == c.step.from_level + 1 for c in legal)
    assert not any(c.reason_code == "unknown_value" for c in checks)         # every sample cost is entered
    assert any(b.direction in ("left2", "right2") for c in legal for b in c.plan.buys)   # emporiums buy
    assert all(f.source.startswith("entered") for k, f in sample_armada().facts.items() if k.endswith(".cost")
               and k.startswith("port_board."))
