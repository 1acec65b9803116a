"""Entering the Armada values printed only as icons: which ones a component still lacks, what each
question is about, and saving an answer validated exactly like the shipped data.

One account shared by `companion components status|edit` and the app's question dialog, so a
value typed on the command line and one entered with a stepper on a tablet pass the same checks
(`parse_input`, then `armada_with_values`) and land in the same components file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.gamedata.components import parse_input, read_components, write_components
from companion.gamedata.facts import Fact
from companion.games.armada.rules.data import ArmadaData, armada_with_values
from companion.games.sevenwonders.rules.loader import load_game_data

__all__ = [
    "FactTopic",
    "SubjectCount",
    "enter_answers",
    "fact_topic",
    "parse_answer",
    "questions_for",
    "save_values",
    "space_reward_facts",
    "subject_count",
]


def questions_for(subject: str, armada: ArmadaData) -> list[Fact]:
    """The unknown facts asked for `subject` (``port-board 3``, ``card dock``, ``island wild_island``,
    ``fleets``): for a port board, space by space, each space's cost then the rewards printed there
    (the same on every board, so they are asked with whichever board comes first)."""
    facts = armada.facts
    if not subject.startswith("port-board"):
        return [f for f in facts.values() if f.subject == subject and not f.known]
    number = subject.split()[1]
    ordered = [facts[f"port_board.{number}.wonder_fleet"]]
    for fleet, track in armada.fleets.items():
        for level in range(1, len(track.spaces)):
            ordered.append(facts[f"port_board.{number}.{fleet}.{level}.cost"])
            ordered += [facts[f"fleet.{fleet}.{level}.{field}"] for field in track.rewards]
    return [f for f in ordered if not f.known]


@dataclass(frozen=True)
class SubjectCount:
    """How many values a component still lacks: its own, and the fleet rewards (printed alike on
    every port board) that `components edit port-board N` asks with them."""

    own: int
    shared: int

    @property
    def asked(self) -> int:
        """How many questions `components edit` asks for the component."""
        return self.own + self.shared


def subject_count(subject: str, armada: ArmadaData) -> SubjectCount:
    """The values `subject` lacks, split as `components status` and `components edit` both report them."""
    asked = questions_for(subject, armada)
    own = sum(1 for f in asked if f.subject == subject)
    return SubjectCount(own, len(asked) - own)


def space_reward_facts(armada: ArmadaData, fleet: str, level: int) -> list[Fact]:
    """The reward facts printed on `fleet`'s space `level` (none for the start space)."""
    if level <= 0:
        return []
    return [armada.facts[f"fleet.{fleet}.{level}.{field}"] for field in armada.fleets[fleet].rewards]


def parse_answer(fact: Fact, text: str, armada: ArmadaData) -> Any:
    """The JSON value of `text` typed (or built by a stepper) for `fact`.

    :raises InputError: when it is not a value of the fact's kind.
    """
    data = load_game_data()
    return parse_input(fact.kind, text, resources=data.rules.resources, fleets=armada.fleet_ids,
                       cards=tuple(data.cards) + tuple(armada.cards))


def save_values(path: Path, values: Mapping[str, Any]) -> ArmadaData:
    """Validate the whole set of values like shipped data, then write the file; nothing is written
    when one is bad.

    :raises GameDataError: naming each value that is not valid.
    """
    checked = armada_with_values(values, str(path))
    write_components(path, values)
    return checked


def enter_answers(path: Path, answers: Mapping[str, str], armada: ArmadaData) -> ArmadaData:
    """Parse each answer (fact key -> text), add them to the components file at `path` and save it
    validated; return the data with them. The file is read again first, so values entered elsewhere
    meanwhile are kept.

    :raises InputError: for an answer that is not a value of its kind (nothing is written).
    :raises GameDataError: when the values together are not valid (nothing is written).
    :raises KeyError: for a key that is no component value.
    """
    parsed = {key: parse_answer(armada.facts[key], text, armada) for key, text in answers.items()}
    values = read_components(path)
    values.update(parsed)
    return save_values(path, values)


@dataclass(frozen=True)
class FactTopic:
    """What a fact key is about, for wording a question in any language: the component (``port_board``,
    ``fleet``, ``card`` or ``island``), the field asked and, where they apply, the board, fleet,
    space, card or island."""

    component: str
    field: str
    board: int | None = None
    fleet: str | None = None
    level: int | None = None
    ident: str | None = None


def fact_topic(key: str) -> FactTopic:
    """Split a fact key (``port_board.3.blue.4.cost``, ``fleet.red.1.naval_shields``, ``card.dock.cost``,
    ``island.wild_island.produces``, ``port_board.2.wonder_fleet``) into its parts."""
    parts = key.split(".")
    if parts[0] == "port_board":
        if len(parts) == 3:
            return FactTopic("port_board", parts[2], board=int(parts[1]))
        return FactTopic("port_board", parts[4], board=int(parts[1]), fleet=parts[2], level=int(parts[3]))
    if parts[0] == "fleet":
        return FactTopic("fleet", parts[3], fleet=parts[1], level=int(parts[2]))
    return FactTopic(parts[0], parts[-1], ident=parts[1])
