"""The app's sentences: engine results worded in the player's language (no Kivy here, so tests read them).

Names come from the game data (cards, wonders, resources, colours, science symbols); everything
else from the catalogues in companion/data/i18n.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.sevenwonders.rules.build import BuildCheck, PaymentPlan
from companion.games.sevenwonders.rules.conflicts import Battle
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.scoring import winning_teams
from companion.i18n import plural, translate

__all__ = ["CheckWording", "Wording"]


@dataclass(frozen=True)
class CheckWording:
    """A build check as the app shows it: a verdict, the plan's lines, the equally cheap plans."""

    legal: bool
    verdict: str
    lines: tuple[str, ...]
    alternatives: tuple[str, ...]


class Wording:
    """Words for one language over the game data."""

    def __init__(self, data: GameData, language: str) -> None:
        self.data = data
        self.language = language

    def tr(self, key: str, **values: object) -> str:
        """A catalogue text with values filled in."""
        return translate(key, self.language, **values)

    def coins(self, count: int) -> str:
        """``1 coin``, ``3 coins``; ``2 монеты``, ``5 монет``."""
        return f"{count} {plural('unit.coin', count, self.language)}"

    def refusal_values(self, values: dict[str, Any], session: Any) -> dict[str, Any]:
        """A refused tap's values with the ids of the expansions the game plays named (their
        ``refusal_values`` panels: Armada's fleets and islands)."""
        from companion.app.registry import panels

        for fill in panels("refusal_values", session.document.get("expansions", [])):
            values = fill(values, session)
        return values

    def card(self, card_id: str) -> str:
        """A card's name."""
        return self.data.cards[card_id].names.get(self.language) or self.data.cards[card_id].names["en"]

    def wonder(self, wonder_id: str, player: dict[str, Any] | None = None) -> str:
        """A wonder's name; Armada's eighth wonder (from another expansion) by the name its `player`
        entry (a table-file seat) describes, else as "a wonder of another expansion"."""
        if wonder_id not in self.data.wonders:
            described = (player or {}).get("other_wonder") or {}
            return str(described.get("name") or self.tr("wonder.other"))
        names = self.data.wonders[wonder_id].names
        return names.get(self.language) or names["en"]

    def date(self, iso: str) -> str:
        """A logged time (ISO 8601) as the language writes it: ``23 Nov 2026, 20:31``,
        ``23 ноября 2026, 20:31``; the text as it is when it is no such time."""
        from datetime import datetime

        try:
            when = datetime.fromisoformat(iso)
        except ValueError:
            return iso
        if when.tzinfo is not None:
            when = when.astimezone()               # the device's local time
        months = self.tr("date.months").split("|")
        return self.tr("date.format", day=when.day, month=months[when.month - 1], year=when.year,
                       time=f"{when.hour:02d}:{when.minute:02d}")

    def result(self, sheet: dict[str, Any]) -> str:
        """A finished game's line in the history: ``Anna won (65)``; in the team variant the winning
        team and its total, ``Team Gleb + Hana won (33)`` (each team when they share the victory)."""
        teams = winning_teams(sheet)
        if teams:
            return self.tr("history.team_won", count=len(teams), total=teams[0]["total"],
                           names=", ".join(" + ".join(t["players"]) for t in teams))
        totals = {line["name"]: line["total"] for line in sheet["players"]}
        winners = sheet["winners"]
        total = totals[winners[0]] if winners else max(totals.values())
        return self.tr("history.won", names=", ".join(winners), total=total)

    def wonder_short(self, wonder_id: str, side: str, player: dict[str, Any] | None = None) -> str:
        """A wonder by its city and side, short enough for any column: ``Babylon B``; Armada's eighth
        wonder by the name its `player` entry gives (its side means nothing here)."""
        if wonder_id not in self.data.wonders:
            return self.wonder(wonder_id, player)
        names = self.data.wonders[wonder_id].city_names
        return self.tr("city.wonder", wonder=names.get(self.language) or names["en"], side=side)

    def resource(self, resource: str) -> str:
        """A resource's name."""
        names = self.data.rules.resource_names[resource]
        return names.get(self.language) or names["en"]

    def color(self, color: str) -> str:
        """A card colour's name (``raw materials``...)."""
        names = self.data.rules.color_names[color]
        return names.get(self.language) or names["en"]

    def color_letter(self, color: str) -> str:
        """The letter shown on every card of a colour, so colour is never the only sign."""
        return self.tr(f"card_color.{color}.letter")

    def symbol(self, symbol: str) -> str:
        """A science symbol's name."""
        names = self.data.rules.science_symbol_names[symbol]
        return names.get(self.language) or names["en"]

    def side(self, direction: str) -> str:
        """``left`` or ``right``."""
        return self.tr(f"direction.{direction}")

    # -- build checks ----------------------------------------------------------------------
    def plan_lines(self, plan: PaymentPlan) -> list[str]:
        """One line per purchase, then the bank."""
        lines = [self.tr("check.buy", count=b.count, resource=self.resource(b.resource), seller=b.seller,
                         side=self.side(b.direction), coins=b.coins) for b in plan.buys]
        if plan.bank:
            lines.append(self.tr("check.bank", coins=plan.bank))
        return lines

    def target(self, check: BuildCheck, stage_number: int | None = None) -> str:
        """What is being built: a card's name, or ``stage 2 of the wonder``."""
        if check.target == "stage":
            return self.tr("check.stage_target", number=stage_number or 0)
        return self.card(check.target)

    def check(self, check: BuildCheck, stage_number: int | None = None) -> CheckWording:
        """The verdict and plan of a build check."""
        target = self.target(check, stage_number)
        if not check.legal:
            verdict = "check.cannot_tell" if check.reason_code == "unknown_value" else "check.cannot"
            return CheckWording(False, self.tr(verdict, player=check.player, target=target),
                                (self.reason(check),), ())
        if check.how == "chain":
            chain = self.card(self._card_id(check.chain_from or ""))
            return CheckWording(True, self.tr("check.can", player=check.player, target=target),
                                (self.tr("check.free_by_chain", card=chain),), ())
        if check.how == "free_build":
            return CheckWording(True, self.tr("check.can", player=check.player, target=target),
                                (self.tr("check.free_build"),), ())
        assert check.plan is not None
        lines = self.plan_lines(check.plan) or [self.tr("check.nothing_to_pay")]
        naval = self.naval_step(check)
        if naval:
            lines.insert(0, naval)
        if check.plan.total:
            lines.append(self.tr("check.total", total=check.plan.total, coins=check.coins_available))
        alternatives = tuple("; ".join(self.plan_lines(p)) for p in check.alternatives)
        return CheckWording(True, self.tr("check.can", player=check.player, target=target), tuple(lines),
                            alternatives)

    def _card_id(self, name: str) -> str:
        for card in self.data.cards.values():
            if card.name == name or card.id == name:
                return card.id
        return name

    def reason(self, check: BuildCheck) -> str:
        """Why a build is not possible, in this language."""
        values = dict(check.reason_values)
        code = check.reason_code
        if code == "resources_short":
            missing = values["missing"]
            assert isinstance(missing, tuple)
            return "; ".join(self.tr("reason.resources_short", count=count, resource=self.resource(resource),
                                     available=available) for resource, count, available in missing)
        if code == "resources_overlap":
            wanted = values["wanted"]
            assert isinstance(wanted, tuple)
            return self.tr("reason.resources_overlap",
                           wanted=", ".join(f"{n} {self.resource(r)}" for r, n in wanted))
        if code in ("coins_short", "trade_too_dear"):
            cost, coins = values["cost"], values["coins"]
            assert isinstance(cost, int) and isinstance(coins, int)
            return self.tr(f"reason.{code}", cost=cost, coins=coins)
        if code in ("already_built", "not_in_box", "no_free_build", "all_stages_built"):
            return self.tr(f"reason.{code}", **values)
        if code == "unknown_value" and check.unknowns:     # an expansion's values (Armada's), asked as questions
            from companion.app.registry import panels

            keys = [u.key for u in check.unknowns]
            return self.tr("reason.unknown_value", values=" ".join(
                question for questions in panels("value_questions") for question in questions(keys, self.tr,
                                                                                             self.language)))
        return check.reason or ""

    def naval_step(self, check: BuildCheck) -> str | None:
        """``The Blue (B) ship moves to space 2`` for a build paid with a naval construction (its words
        are the expansion's: the ``step_words`` panels, Armada's)."""
        from companion.app.registry import panels

        step = check.step
        if step is None:
            return None
        return next((words(step, self.tr) for words in panels("step_words")), None)

    # -- conflicts and scores -----------------------------------------------------------------
    def battle(self, battle: Battle, names: list[str]) -> str:
        """``Anna 3 : 1 Boris — Anna +3, Boris −1`` or a tie."""
        a, b = names[battle.a], names[battle.b]
        if battle.token_a is None or battle.token_b is None:
            return self.tr("age.tie", a=a, b=b, shields_a=battle.shields_a, shields_b=battle.shields_b)
        return self.tr("age.battle", a=a, b=b, shields_a=battle.shields_a, shields_b=battle.shields_b,
                       token_a=" ".join([_signed(battle.token_a)] * battle.count),    # teams: two tokens each
                       token_b=" ".join([_signed(battle.token_b)] * battle.count))

    def choice(self, player: str, choice: dict[str, Any]) -> str:
        """An optimiser's (or the table's) choice, from a score sheet's JSON, explained."""
        by = self.tr("score.by.table" if choice.get("by") == "table" else "score.by.optimiser")
        value = choice.get("value")
        if choice.get("kind") == "science_wilds":          # what "counted as" takes: "як табличку"
            chosen = value if isinstance(value, list) else [str(value)]
            symbols = ", ".join(self.tr(f"science.as.{s}") for s in chosen)
            return self.tr("score.choice.science_wilds", player=player, symbols=symbols, by=by, count=len(chosen))
        if choice.get("kind") == "most_common_symbol" and value:  # the symbol a tie for the most common counts as
            return self.tr("score.choice.most_common_symbol", player=player, symbol=self.tr(f"science.as.{value}"),
                           by=by)
        if choice.get("kind") == "copied_guild" and value:
            return self.tr("score.choice.copied_guild", player=player, card=self.card(str(value)), by=by)
        return f"{player}: {choice.get('text', '')}"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"\u2212{-value}"
