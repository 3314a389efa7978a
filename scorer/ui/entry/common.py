"""What the contract games' inputs share: the contract fields of a draft and what is missing
from them, and the pickers for the declarer, the contract, the doubling and the tricks.

A picker returns flet controls whose accessible names say what a tap does at the table
('Declarer Ana', 'Level 4', 'Spades', 'Doubled', 'Tricks 10'); ``label`` lets one screen hold
two sets (a team match's two tables) with names that differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from ...rules import Contract, Doubling, Strain
from ...rules.values import Msg
from .. import widgets as w
from .base import DealDraft, choice

if TYPE_CHECKING:
    from ...i18n import Translator

__all__ = ["ContractDraft", "ContractFields", "DOUBLINGS", "STRAINS", "contract_picker",
           "declarer_picker", "doubling_picker", "seat_names", "tricks_picker"]

STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
DOUBLINGS = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
Label = Callable[[str], str]


def _same(label: str) -> str:
    return label


# --- the draft side (pure) -------------------------------------------------------------------


@dataclass
class ContractFields:
    """One contract as it is entered: the declarer, level, strain, doubling and the tricks
    declarer's side took (plain Python). A contract game's draft is one (``ContractDraft``), and
    so is each table of a team-match board (``team_match.TableDraft``)."""

    declarer: int | None = None
    level: int | None = None
    strain: Strain | None = None
    doubling: Doubling = Doubling.UNDOUBLED
    tricks: int | None = None

    @property
    def contract(self) -> Contract | None:
        if self.level is None or self.strain is None:
            return None
        return Contract(self.level, self.strain, self.doubling)

    def contract_problem(self, declarer_known: bool = False) -> Msg | None:
        """The first of declarer, level, strain, tricks still to choose, or None."""
        if self.declarer is None and not declarer_known:
            return Msg.of("form.choose_declarer")
        if self.level is None:
            return Msg.of("form.choose_level")
        if self.strain is None:
            return Msg.of("form.choose_strain")
        if self.tricks is None:
            return Msg.of("form.choose_tricks")
        return None

    def contract_dict(self) -> dict[str, Any]:
        """The contract fields as a kept draft holds them."""
        return {"declarer": self.declarer, "level": self.level,
                "strain": None if self.strain is None else self.strain.abbr,
                "doubling": self.doubling.abbr, "tricks": self.tricks}

    def take_contract(self, data: Mapping[str, Any], seats: int) -> None:
        """Set what :meth:`contract_dict` kept, each value checked as it would be typed."""
        self.declarer = choice(data["declarer"], 0, seats - 1)
        self.level = choice(data["level"], 1, 7)
        self.strain = None if data["strain"] is None else Strain.find(data["strain"])
        self.doubling = Doubling.find(data["doubling"])
        self.tricks = choice(data["tricks"], 0, 13)

    def fill_contract(self, declarer: int | None, contract: Contract | None,
                      tricks: int | None) -> None:
        """Hold a recorded contract (to correct it)."""
        self.declarer, self.tricks = declarer, tricks
        if contract is not None:
            self.level, self.strain = contract.level, contract.strain
            self.doubling = contract.doubling


@dataclass
class ContractDraft(ContractFields, DealDraft):
    """A deal with one contract: the deal's draft with the contract fields (declared once, in
    ``ContractFields``) after the deal's own (variant, players, rules, dealer)."""

    def fill(self, deal: Any) -> None:
        self.fill_contract(deal.declarer, deal.contract, deal.tricks)

    def carry(self, old: DealDraft) -> None:
        """The level, strain and tricks picked in another game of Check a score."""
        if isinstance(old, ContractDraft):
            self.level, self.strain, self.tricks = old.level, old.strain, old.tricks

    def to_dict(self) -> dict[str, Any]:
        return self.contract_dict()

    def take(self, data: Mapping[str, Any]) -> None:
        self.take_contract(data, len(self.players))


# --- the controls (flet) ---------------------------------------------------------------------


def seat_names(t: Translator, players: Sequence[str]) -> tuple[list[str], list[str]]:
    """The declarer choices at a four-seat table: the players (their seats where no name is
    given, as in Check a score), and the button texts 'Ana (N)' / 'North'."""
    seats = [t(f"seat.{s}") for s in ("N", "E", "S", "W")]
    names = [n or seats[i] for i, n in enumerate(players)]
    texts = [t("who.seat_letter", name=n, seat=seats[i][0]) if players[i] else n
             for i, n in enumerate(names)]
    return names, texts


def declarer_picker(t: Translator, names: Sequence[str], texts: Sequence[str],
                    selected: int | None, on_pick: Callable[[Any], None],
                    label: Label = _same) -> ft.Control:
    """A heading and one button per player who may declare ('Declarer Ana'). A player who is
    called 'Declarer' (Check a score's two players) is named so once, not 'Declarer
    Declarer'."""
    heading = t("ui.declarer")
    return ft.Column([
        w.heading(heading),
        w.ChoiceGroup(list(range(len(names))), list(texts),
                      [label(n if n == heading else t("ui.declarer_label", name=n))
                       for n in names],
                      selected, on_pick, per_row=2).control], spacing=6)


def contract_picker(t: Translator, level: int | None, strain: Strain | None,
                    on_level: Callable[[Any], None], on_strain: Callable[[Any], None],
                    label: Label = _same) -> list[ft.Control]:
    """A heading, the levels 1-7 and the five strains."""
    return [
        w.heading(t("ui.contract")),
        w.ChoiceGroup(list(range(1, 8)), [str(n) for n in range(1, 8)],
                      [label(t("ui.level_label", n=n)) for n in range(1, 8)], level,
                      on_level).control,
        w.ChoiceGroup(list(STRAINS), [w.Symbol(s.symbol) for s in STRAINS],
                      [label(t(f"ui.strain_label.{s.abbr}")) for s in STRAINS], strain,
                      on_strain, per_row=5).control,
    ]


def doubling_picker(t: Translator, doubling: Doubling, on_pick: Callable[[Any], None],
                    label: Label = _same) -> ft.Control:
    """Undoubled, X, XX."""
    return w.ChoiceGroup(list(DOUBLINGS), [t("ui.undoubled"), "X", "XX"],
                         [label(t("ui.undoubled")), label(t("ui.doubled")),
                          label(t("ui.redoubled"))],
                         doubling, on_pick, per_row=3).control


def tricks_picker(t: Translator, heading: str, tricks: int | None,
                  on_pick: Callable[[Any], None], label: Label = _same) -> list[ft.Control]:
    """A heading and the tricks 0-13."""
    return [w.heading(heading),
            w.ChoiceGroup(list(range(14)), [str(n) for n in range(14)],
                          [label(t("ui.tricks_label", n=n)) for n in range(14)], tricks,
                          on_pick).control]
