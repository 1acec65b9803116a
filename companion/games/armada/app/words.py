"""Armada's unknown values worded as questions in the player's language: "Port board 1, red fleet,
space 1: how many naval shields?" instead of the engine's English label and a command line.

Pure functions over the fact key (`fact_topic`), the catalogue and the Armada data's names, so the
build check's wording, the city row and the question dialog say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.games.armada.rules.values import fact_topic

__all__ = ["component_name", "naval_step_words", "team_lines", "team_winner", "value_question", "value_questions"]


def component_name(armada: Any, kind: str, ident: str, language: str) -> str:
    """An Armada card's or island's name in `language` (English where none is given)."""
    pool = armada.cards if kind == "card" else armada.islands
    item = pool.get(ident)
    if item is None:
        return ident
    return str(item.names.get(language) or item.names["en"])


def value_question(key: str, tr: Callable[..., str], armada: Any, language: str, *, board: int | None = None) -> str:
    """The question asking for the value of fact `key`; `board` names the port board a fleet reward
    is read off (the rewards are printed alike on every board)."""
    topic = fact_topic(key)
    if topic.component == "fleet":
        fleet = tr(f"armada.fleet.{topic.fleet}.word")
        what = tr(f"armada.q.what.{topic.field}")
        if board is not None:
            return tr("armada.q.fleet_reward", board=board, fleet=fleet, level=topic.level, what=what)
        return tr("armada.q.fleet_reward_any", fleet=fleet, level=topic.level, what=what)
    if topic.component == "port_board":
        if topic.field == "wonder_fleet":
            return tr("armada.q.wonder_fleet", board=topic.board)
        return tr("armada.q.cost", board=topic.board, fleet=tr(f"armada.fleet.{topic.fleet}.word"), level=topic.level)
    name = component_name(armada, topic.component, topic.ident or "", language)
    return tr(f"armada.q.{topic.component}.{topic.field}", **{topic.component: name})


def value_questions(keys: Iterable[str], tr: Callable[..., str], armada: Any, language: str) -> list[str]:
    """One question per distinct key, in order."""
    seen: list[str] = []
    for key in keys:
        if key not in seen:
            seen.append(key)
    return [value_question(key, tr, armada, language) for key in seen]



def unknown_questions(keys: Iterable[str], tr: Callable[..., str], language: str) -> list[str]:
    """The questions for these fact keys over Armada's shipped data (7 Wonders' ``value_questions`` panel)."""
    from companion.games.armada.rules.data import load_armada_data

    return value_questions(keys, tr, load_armada_data(), language)

def naval_step_words(step: Any, tr: Callable[..., str]) -> str:
    """``The Blue (B) ship moves to space 2``: a build's naval construction, in the build check."""
    fleet = f"armada.fleet.{step.fleet}"
    return tr("check.naval_step", fleet=tr(fleet), letter=tr(f"{fleet}.letter"), level=step.to_level)


def team_lines(sheet: dict[str, Any], tr: Callable[..., str]) -> list[str]:
    """``Team Anna + Boris: 102`` for each team of the team variant, best first."""
    teams = sorted(sheet.get("teams", []), key=lambda t: (t["rank"] or 99))
    return [tr("score.team_line", names=" + ".join(t["players"]), total=t["total"]) for t in teams]


def team_winner(sheet: dict[str, Any], tr: Callable[..., str]) -> str:
    """``Winning team: Anna + Boris (102)`` (several when the coins tie them too)."""
    best = [t for t in sheet.get("teams", []) if t["rank"] == 1]
    return "; ".join(tr("score.team_winner", names=" + ".join(t["players"]), total=t["total"]) for t in best)
