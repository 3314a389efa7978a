"""The frame every deal input shares: a draft (what has been entered so far, and what it would
save) and the controls that change it.

The registry (:mod:`scorer.ui.entry`) makes them: ``new_draft``, ``draft_for_game``,
``draft_of_deal`` and ``new_entry`` give the draft and the controls of the variant's own input
module (found through its ``entry``, ``scorer.rules.hints_of``): the screens never ask which
game they show. A draft is plain Python, so unit tests fill it as a player would and read
``evaluate()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

import flet as ft

from ...rules import DealScore, InvalidInput, Variant, variant
from ...rules.values import Msg
from .. import widgets as w

if TYPE_CHECKING:
    from ...game import Game
    from ...i18n import Translator

__all__ = ["DealDraft", "DealEntry", "EntryKind", "Evaluation", "problem_of"]


@dataclass(frozen=True)
class Evaluation:
    """What a draft would save: the deal and its score, or the reason Save is disabled."""

    deal: Any | None
    score: DealScore | None
    problem: Msg | None
    note: Msg | None = None  # e.g. who the points name as declarer

    @property
    def can_save(self) -> bool:
        return self.deal is not None and self.problem is None


def problem_of(error: InvalidInput) -> Msg:
    """The error to show a player: its own message, or its English text as a last resort."""
    return error.msg or Msg.of("error.plain", text=str(error))


def _concrete(cls: type) -> None:
    if cls is DealDraft:
        raise TypeError("a draft is made by its input module: use scorer.ui.entry's "
                        "new_draft, draft_for_game or draft_of_deal")


@dataclass
class DealDraft:
    """The deal being entered (or corrected, or checked) for one variant; each input module
    has its own (``scorer.ui.entry.new_draft`` makes the right one)."""

    variant_name: str
    players: tuple[str, ...]
    rules: Any
    dealer: int = 0
    # What the game carries into this deal (a rubber's games, a Chicago cycle, the board
    # number); None: as before the first deal (Check a score).
    state: Any = field(default=None, repr=False, compare=False)

    # Fields that say where the deal is played (not what was typed): a blank draft keeps them.
    CONTEXT: ClassVar[tuple[str, ...]] = ()
    # Can Check a score hold one deal of this game on its own (not a team match's board,
    # which needs two tables of one match)?
    checkable: ClassVar[bool] = True

    # --- making one ------------------------------------------------------------------------
    @classmethod
    def for_game(cls, game: Game) -> DealDraft:
        """A new deal of ``game``: the next one, dealt by its next dealer (on the input
        module's own class: ``scorer.ui.entry.draft_for_game`` finds it)."""
        _concrete(cls)
        draft = cls(game.variant_name, game.players, game.rules, game.dealer)
        draft.join(game, len(game.deals))
        draft.follow(game)
        return draft

    @classmethod
    def from_deal(cls, game: Game, number: int) -> DealDraft:
        """A draft holding recorded deal ``number``, to correct it."""
        _concrete(cls)
        record = game.records[number - 1]
        draft = cls(game.variant_name, game.players, game.rules, record.dealer)
        draft.join(game, number - 1)
        draft.fill(record.deal)
        return draft

    def join(self, game: Game, before: int) -> None:
        """Learn where the deal is played: after the first ``before`` deals of ``game``."""
        self.state = (game.state if before == len(game.deals)
                      else replace(game, deals=game.deals[:before]).state)

    def follow(self, game: Game) -> None:
        """A new deal starts as the table works (e.g. counts entered last time, calls kept)."""

    def fill(self, deal: Any) -> None:
        """Hold recorded ``deal`` (to correct it)."""
        raise NotImplementedError

    # --- kept while it is typed --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """What was entered so far, as plain data to keep with the game (Store.write_draft)."""
        raise NotImplementedError

    def take(self, data: Mapping[str, Any]) -> None:
        """Set what :meth:`to_dict` kept, each value checked as it would be typed; raises
        KeyError, TypeError or ValueError for data that is not such a draft."""
        raise NotImplementedError

    def restore(self, data: Mapping[str, Any]) -> bool:
        """Take back what :meth:`to_dict` kept; False (and nothing changed) when ``data`` is
        not a draft of this kind of deal."""
        try:
            fresh = replace(self)
            fresh.take(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            return False
        self.__dict__.update(fresh.__dict__)
        return True

    def blank(self) -> DealDraft:
        """A fresh draft of the same deal (what is typed is gone, where it is played is kept)."""
        fresh = type(self)(self.variant_name, self.players, self.rules, self.dealer)
        for name in ("state", *self.CONTEXT):
            setattr(fresh, name, getattr(self, name))
        return fresh

    def is_blank(self) -> bool:
        """Nothing entered yet (a fresh draft of the same deal)."""
        return self.to_dict() == self.blank().to_dict()

    def carry(self, old: DealDraft) -> None:
        """Check a score switched game: keep what still means the same (the contract)."""

    # --- what the table announces before the play (Call Break) ------------------------------
    def follow_rules(self) -> None:
        """After the house rules changed (Check a score): keep only what they allow."""

    def calls_made(self) -> dict[str, Any] | None:
        """What the table announced before the play, to keep while the deal is played."""
        return None

    # --- derived, for the screen ------------------------------------------------------------
    @property
    def variant(self) -> Variant[Any, Any]:
        return variant(self.variant_name)

    @staticmethod
    def player_label(v: Variant[Any, Any], index: int) -> Msg:
        """How the new-game form names player ``index`` of this kind of game."""
        if v.seat_names:
            return Msg.of(f"seat.{v.seat_names[index]}")
        return Msg.of("ui.player_n", n=index + 1)

    def evaluate(self) -> Evaluation:
        try:
            return self.assess()
        except InvalidInput as error:
            return Evaluation(None, None, problem_of(error))

    def assess(self) -> Evaluation:
        """The deal entered so far and its score, or the first thing missing."""
        raise NotImplementedError

    def scored(self, deal: Any, note: Msg | None = None) -> Evaluation:
        """``deal`` checked and scored as this game scores it, where it is played."""
        v = self.variant
        v.check_deal(deal, self.dealer, self.rules)
        if self.alone:
            score = v.score_alone(deal, self.rules, self.players, self.dealer, self.where())
        else:
            score, _ = v.score_in(deal, self.rules, self.players, self.dealer, self.where())
        return Evaluation(deal, score, None, note)

    @property
    def alone(self) -> bool:
        """A hand scored on its own (Check a score), not a deal of a game."""
        return False

    def where(self) -> Any:
        """The state the deal is played in."""
        return self.state if self.state is not None else self.variant.start_state(self.rules)

    def points_text(self, evaluation: Evaluation) -> str:  # names and numbers only
        """'Ana 120 · Ben 0' for the preview."""
        if evaluation.score is None:
            return ""
        parties = self.variant.parties(self.players)
        return " · ".join(f"{p} {pts}" for p, pts in
                          zip(parties, evaluation.score.points, strict=True))


class DealEntry:
    """The inputs for one deal, shared by deal entry, correction and Check a score.

    Built once per draft; every tap changes the draft and restyles the controls in place, then
    ``on_change`` lets the screen redraw its preview and Save state. Each input module has
    its own (``scorer.ui.entry.new_entry`` makes the draft's)."""

    def __init__(self, draft: DealDraft, on_change: Callable[[], None], t: Translator,
                 on_calls: Callable[[dict[str, Any]], bool] | None = None,
                 scale: float = 1.0) -> None:
        self.t = t
        self.scale = scale  # the text's size against the usual (App.text_scale)
        self.draft = draft
        self.on_change = on_change
        self.on_calls = on_calls  # keeps what the table announced with the game
        self.preview = ft.Column(spacing=4)
        # Explanation lines the inputs already show (MiniBridge's counts end in "20-20:
        # redeal"): the preview does not say them again.
        self.shown_above: tuple[Any, ...] = ()
        self.controls: list[ft.Control] = self.build()
        self.evaluation = self.refresh()  # what the draft would save now

    def build(self) -> list[ft.Control]:
        raise NotImplementedError

    def setter(self, name: str, target: Any = None) -> Callable[[Any], None]:
        """A handler that sets ``name`` on the draft (or on ``target``) and redraws."""
        def set_value(value: Any) -> None:
            setattr(self.draft if target is None else target, name, value)
            self.changed()
        return set_value

    # --- refreshing ---------------------------------------------------------------------------
    def changed(self) -> None:
        """After a tap: evaluate the draft once, redraw, then let the screen follow
        (:attr:`evaluation` is what it shows)."""
        self.evaluation = self.refresh()
        self.on_change()

    def refresh(self) -> Evaluation:
        """Show or hide inputs for the draft's state and redraw the preview."""
        evaluation = self.draft.evaluate()
        self.restyle()
        self.preview.controls = w.morph_all(self.preview.controls,
                                            self.preview_controls(evaluation))
        return evaluation

    def restyle(self) -> None:
        """Show the inputs the draft's state needs, hide the others."""

    def preview_controls(self, evaluation: Evaluation) -> list[ft.Control]:
        t = self.t
        note: list[ft.Control]
        note = [ft.Text(t.render(evaluation.note), size=14)] if evaluation.note else []
        if evaluation.problem or evaluation.score is None:
            return note  # what is missing is said once, in the bottom bar (status)
        score = evaluation.score
        lines: list[ft.Control] = [*note, w.suited(self.summary(evaluation), size=18,
                                                   weight=ft.FontWeight.BOLD)]
        lines += self.score_head(evaluation)
        lines += [w.suited(t.line(line), size=13) for line in score.lines
                  if line not in self.shown_above]
        return [w.card(*lines)]

    def score_head(self, evaluation: Evaluation) -> list[ft.Control]:
        """What the preview shows under the summary, before the lines (nothing by default)."""
        return []

    def summary(self, evaluation: Evaluation) -> str:
        """'4S by Ana: made +1: Ana 150 · Ben 0' in the player's language."""
        assert evaluation.score is not None
        return self.t("ui.summary_points", summary=self.t.summary(evaluation.score),
                      points=self.draft.points_text(evaluation))

    def status(self, evaluation: Evaluation, saving: bool = True) -> str:
        """The bottom bar's line: the score, or what is still missing, said once on the
        screen; 'Cannot save yet' beside a Save button (``saving``), else 'Not complete'
        (Check a score, where nothing is saved)."""
        if evaluation.problem or evaluation.score is None:
            problem = self.t.render(evaluation.problem) if evaluation.problem else ""
            return self.t("ui.cannot_save" if saving else "ui.not_complete", problem=problem)
        return self.summary(evaluation)


@dataclass(frozen=True)
class EntryKind:
    """An input module's draft and controls (the module's own name is its ``Variant.entry``)."""

    draft: type[DealDraft]
    inputs: type[DealEntry]


# --- checking kept values as they would be typed --------------------------------------------


def flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not a flag")
    return value


def four(values: object) -> list[Any]:
    if not isinstance(values, list) or len(values) != 4:
        raise TypeError("not four values")
    return values


def indexes(values: object, count: int) -> set[int]:
    """Seats or players (0 to ``count`` - 1) kept as a list."""
    if not isinstance(values, list):
        raise TypeError("not a list")
    return {i for i in (choice(v, 0, count - 1) for v in values) if i is not None}


def choice(value: object, low: int, high: int) -> int | None:
    """A picked number (None: not picked yet)."""
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise ValueError("not a choice")
    return value
