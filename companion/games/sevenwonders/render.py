"""Plain-text layouts for the terminal: the score pad, conflicts and build checks."""

from __future__ import annotations

from collections.abc import Iterable

from companion.gamedata.facts import Unknown
from companion.games.sevenwonders.rules import ConflictResult, ScoreSheet, Table
from companion.games.sevenwonders.rules.city import shields
from companion.textgrid import text_grid

__all__ = ["cities_text", "conflicts_text", "score_sheet_text", "unknowns_text"]

CATEGORY_LABELS = {
    "military": "Military", "treasury": "Treasury", "wonder": "Wonder", "civilian": "Civilian (blue)",
    "science": "Science (green)", "commercial": "Commercial (yellow)", "guilds": "Guilds (purple)",
    "naval": "Naval conflicts", "islands": "Islands", "port": "Port (blue fleet)",
}
TABLE_FILE_HINT = ("or, for a value at a ship's space, give it for that player in the table file: "
                   "\"fleet_values\": {\"blue\": {\"vp\": N}}")


def unknowns_text(title: str, unknowns: Iterable[Unknown], players: Iterable[str] | None = None) -> str:
    """A block naming each value to enter and how."""
    lines = [f"{title}:"]
    names = list(players) if players is not None else None
    for index, unknown in enumerate(unknowns):
        who = f" ({names[index]})" if names else ""
        lines.append(f"  {unknown.label}{who}: {unknown.how_to_enter}")
    if any(u.key.startswith("fleet.") for u in unknowns):
        lines.append(f"  ({TABLE_FILE_HINT})")
    return "\n".join(lines)


def score_sheet_text(sheet: ScoreSheet) -> str:
    """The score pad: one row per category, one column per player, then ranks, winners, choices.

    A category that needs an unknown value shows ``?`` (so does the total), and the values to
    enter are listed under the sheet, which says it is incomplete."""
    header = [""] + [line.name for line in sheet.lines]
    rows = [[CATEGORY_LABELS[c]] + ["?" if c in line.unknown else str(line.points.get(c, 0)) for line in sheet.lines]
            for c in sheet.categories]
    rows.append(["Total"] + [str(line.total) if line.complete else "?" for line in sheet.lines])
    rows.append(["Coins (tie-break)"] + [str(line.coins) for line in sheet.lines])
    rows.append(["Rank"] + ["-" if line.rank is None else str(line.rank) for line in sheet.lines])
    text = text_grid(header, rows)
    if sheet.teams:
        text += "\n\nTeams: " + "; ".join(
            f"{' + '.join(team.names)} {team.total if sheet.complete else '?'}"
            + (f" (rank {team.rank})" if team.rank else "") for team in sheet.teams)
    if not sheet.complete:
        gaps = sheet.unknowns()
        text += "\n\nINCOMPLETE: no total, rank or winner until these values are entered\n"
        text += unknowns_text("Unknown values", [gap for _, gap in gaps], [name for name, _ in gaps])
    elif len(sheet.winners) == 1:
        text += f"\n\nWinner: {sheet.winners[0]}"
    elif sheet.winners:
        label = "Winning team" if sheet.teams and len(sheet.winners) == 2 and \
            any(set(sheet.winners) == set(t.names) for t in sheet.teams) else "Shared victory"
        text += f"\n\n{label}: {', '.join(sheet.winners)}"
    notes = [f"  {line.name}: {choice.text}" + ("" if choice.stated else " (best choice)")
             for line in sheet.lines for choice in line.choices]
    if notes:
        text += "\n\nChoices:\n" + "\n".join(notes)
    return text


def conflicts_text(table: Table, result: ConflictResult) -> str:
    """Each neighbour pair with shields and tokens, then each player's tokens."""
    names = [p.name for p in table.players]
    lines = [f"End of Age {'I' * result.age}: land conflicts"]
    for battle in result.battles:
        a, b = names[battle.a], names[battle.b]
        if battle.token_a is None:
            outcome = "tie, no tokens"
        else:
            winner, loser = (a, b) if (battle.token_a or 0) > 0 else (b, a)
            points = max(battle.token_a or 0, battle.token_b or 0)
            times = f"{battle.count} x " if battle.count > 1 else ""
            outcome = f"{winner} takes {times}+{points}, {loser} takes {times}-1"
        kind = " (incursion)" if battle.kind == "incursion" else ""
        lines.append(f"  {a} ({battle.shields_a}) vs {b} ({battle.shields_b}){kind}: {outcome}")
    lines.append("Tokens:")
    for name, tokens in zip(names, result.tokens, strict=True):
        shown = ", ".join(f"{t:+d}" for t in tokens) or "none"
        lines.append(f"  {name}: {shown}")
    return "\n".join(lines)


def cities_text(table: Table) -> str:
    """Each city in seating order: wonder, stages, buildings grouped by colour, coins and tokens."""
    rules = table.data.rules
    blocks = []
    for seat, player in enumerate(table.players):
        left, right = table.neighbour(seat, "left").name, table.neighbour(seat, "right").name
        head = (f"{player.name}: {player.wonder.name} side {player.side}, "
                f"{player.stages_built}/{len(player.board.stages)} stages, {player.coins} coins, "
                f"{shields(player)} shields, tokens {' '.join(f'{t:+d}' for t in player.tokens) or 'none'}"
                f"  (left: {left}, right: {right})")
        rows = [head]
        for color in rules.colors:
            names = [card.name for card in player.cards if card.color == color]
            if names:
                rows.append(f"    {color:<7} {', '.join(names)}")
        blocks.append("\n".join(rows))
    return "\n".join(blocks)
