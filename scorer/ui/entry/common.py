"""What the contract games' inputs share: the contract fields of a draft and what is missing
from them, and the pickers for the declarer, the contract, the doubling and the tricks.

A picker returns flet controls whose accessible names say what a tap does at the table
('Declarer Ana', 'Level 4', 'Spades', 'Doubled', 'Tricks 10'); ``label`` lets one screen hold
two sets (a team match's two tables) with names that differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from ...rules import Contract, Doubling, Strain
from ...rules.values import Msg
from .. import widgets as w
from .base import DealDraft, choice

if TYPE_CHECKING:
    from ...i18n import Translator

__all__ = ["ContractDraft", "ContractFields", "DOUBLINGS", "STRAINS", "contract_dict",
           "contract_of", "contract_picker", "contract_problem", "declarer_picker",
           "doubling_picker", "fill_contract", "seat_names", "take_contract", "tricks_picker"]

STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
DOUBLINGS = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
Label = Callable[[str], str]


def _same(label: str) -> str:
    return label


class ContractFields(Protocol):
    declarer: int | None
    level: int | None
    strain: Strain | None
    doubling: Doubling
    tricks: int | None


# --- the draft side (pure) -------------------------------------------------------------------


def contract_of(fields: ContractFields) -> Contract | None:
    if fields.level is None or fields.strain is None:
        return None
    return Contract(fields.level, fields.strain, fields.doubling)


def contract_problem(fields: ContractFields, declarer_known: bool = False) -> Msg | None:
    """The first of declarer, level, strain, tricks still to choose, or None."""
    if fields.declarer is None and not declarer_known:
        return Msg.of("form.choose_declarer")
    if fields.level is None:
        return Msg.of("form.choose_level")
    if fields.strain is None:
        return Msg.of("form.choose_strain")
    if fields.tricks is None:
        return Msg.of("form.choose_tricks")
    return None


def contract_dict(fields: ContractFields) -> dict[str, Any]:
    return {"declarer": fields.declarer, "level": fields.level,
            "strain": None if fields.strain is None else fields.strain.abbr,
            "doubling": fields.doubling.abbr, "tricks": fields.tricks}


def take_contract(fields: ContractFields, data: Mapping[str, Any], seats: int) -> None:
    fields.declarer = choice(data["declarer"], 0, seats - 1)
    fields.level = choice(data["level"], 1, 7)
    fields.strain = None if data["strain"] is None else Strain.find(data["strain"])
    fields.doubling = Doubling.find(data["doubling"])
    fields.tricks = choice(data["tricks"], 0, 13)


def fill_contract(fields: ContractFields, declarer: int | None, contract: Contract | None,
                  tricks: int | None) -> None:
    """Hold a recorded contract (to correct it)."""
    fields.declarer, fields.tricks = declarer, tricks
    if contract is not None:
        fields.level, fields.strain = contract.level, contract.strain
        fields.doubling = contract.doubling


@dataclass
class ContractDraft(DealDraft):
    """A deal with one contract: the declarer, level, strain, doubling and tricks taken."""

    declarer: int | None = None
    level: int | None = None
    strain: Strain | None = None
    doubling: Doubling = Doubling.UNDOUBLED
    tricks: int | None = None

    @property
    def contract(self) -> Contract | None:
        return contract_of(self)

    def fill(self, deal: Any) -> None:
        fill_contract(self, deal.declarer, deal.contract, deal.tricks)

    def carry(self, old: DealDraft) -> None:
        """The level, strain and tricks picked in another game of Check a score."""
        if isinstance(old, ContractDraft):
            self.level, self.strain, self.tricks = old.level, old.strain, old.tricks

    def to_dict(self) -> dict[str, Any]:
        return contract_dict(self)

    def take(self, data: Mapping[str, Any]) -> None:
        take_contract(self, data, len(self.players))


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
    """A heading and one button per player who may declare ('Declarer Ana')."""
    return ft.Column([
        w.heading(t("ui.declarer")),
        w.ChoiceGroup(list(range(len(names))), list(texts),
                      [label(t("ui.declarer_label", name=n)) for n in names],
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
