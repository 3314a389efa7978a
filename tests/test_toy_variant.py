"""Adding a variant is one rules module and one input module (docs/adding-a-variant.md): a toy
three-player game, "High card" (each player's points as typed, first to a target), is defined
here as those two modules, registered through the public hooks (``register_variant``,
``register_entry``) for each test only, and then scored as a game and played through the real
app on a Flet page: New game, deal entry and its Save, each moving on through the app's own
tasks as the page runs them (``scorer_app(run_tasks=True)``), the scoreboard (the plain grid:
it has no board of its own), its rules link (it has no rules page) and Check a score. Nothing
in ``scorer/`` names it; its sentences are added to the English catalog for the test (a
shipped variant puts them in all six catalogs, which tests/test_i18n.py checks)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from controls import walk
from flet_page import dispatch, scorer_app

from scorer.game import Game
from scorer.i18n import Translator, catalog
from scorer.rules import (
    VARIANTS,
    DealScore,
    EndRule,
    InvalidInput,
    Line,
    Msg,
    Variant,
    hints_of,
    register_variant,
    sheet_of,
    stats_of,
    variant,
)
from scorer.rules.values import whole_number
from scorer.ui import widgets as w
from scorer.ui.boards import views as boards
from scorer.ui.entry import ENTRIES, DealDraft, DealEntry, EntryKind, Evaluation, register_entry
from scorer.ui.screens.check import ScoreCheck
from scorer.ui.screens.frame import checkable_variant_names, variant_names
from scorer.ui.screens.new_game import Filling

NAME = "toy-high-card"
PLAYERS = ("Ana", "Ben", "Cleo")

# --- the rules module (what scorer/rules/toy_high_card.py would hold) --------------------------


@dataclass(frozen=True)
class HighCardDeal:
    """Each player's points, as typed."""

    typed: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"typed": list(self.typed)}


@dataclass(frozen=True)
class HighCardRules:
    """No house rules."""

    def to_dict(self) -> dict[str, Any]:
        return {}

    def describe(self) -> tuple[Msg, ...]:
        return ()


class HighCard(Variant[HighCardDeal, HighCardRules]):
    name = NAME
    title = "High card"
    aliases = ("toyhighcard",)
    player_count = 3
    end_kinds = ("target", "deals", "open")
    default_end = EndRule("target", 50)
    end_suggestions = (EndRule("target", 50), EndRule("target", 100))
    house_rules = ()

    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        return tuple(players)

    def next_dealer(self, dealer: int, deal: HighCardDeal, rules: HighCardRules) -> int:
        return (dealer + 1) % self.player_count

    def openers(self, dealer: int, players: Sequence[str]) -> Msg:
        return Msg.of("toy.leads", player=players[(dealer + 1) % self.player_count])

    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> HighCardRules:
        for rule in mapping or {}:
            raise InvalidInput("rule", rule, "is not a house rule of High card")
        return HighCardRules()

    def deal_from_dict(self, data: Mapping[str, Any]) -> HighCardDeal:
        typed = data.get("typed")
        if not isinstance(typed, list) or len(typed) != self.player_count:
            raise InvalidInput("typed", typed, "is not one number per player")
        return HighCardDeal(tuple(typed))

    def check_deal(self, deal: Any, dealer: int, rules: HighCardRules) -> None:
        for n in deal.typed:
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise InvalidInput("typed", n, "is not a whole number")

    def score(self, deal: HighCardDeal, rules: HighCardRules,
              players: Sequence[str]) -> DealScore:
        best = max(range(self.player_count), key=lambda i: deal.typed[i])
        lines = tuple(Line(Msg.of("toy.line", player=p, n=n), n)
                      for p, n in zip(players, deal.typed, strict=True))
        return DealScore(deal.typed, lines, Msg.of("toy.summary", player=players[best]))


# --- the input module (what scorer/ui/entry/toy_high_card.py would hold) ----------------------


@dataclass
class HighCardDraft(DealDraft):
    typed: list[str] = field(default_factory=lambda: ["", "", ""])

    def fill(self, deal: Any) -> None:
        self.typed = [str(n) for n in deal.typed]

    def to_dict(self) -> dict[str, Any]:
        return {"typed": list(self.typed)}

    def take(self, data: Mapping[str, Any]) -> None:
        typed = data["typed"]
        if not isinstance(typed, list) or not all(isinstance(x, str) for x in typed):
            raise TypeError("not the typed points")
        self.typed = list(typed)

    def assess(self) -> Evaluation:
        numbers = [whole_number(text.strip()) for text in self.typed]
        for player, number in zip(self.players, numbers, strict=True):
            if number is None:
                return Evaluation(None, None, Msg.of("toy.missing", player=player))
        return self.scored(HighCardDeal(tuple(n for n in numbers if n is not None)))


class HighCardEntry(DealEntry):
    draft: HighCardDraft

    def build(self) -> list[ft.Control]:
        def typed(index: int, value: str) -> None:
            self.draft.typed[index] = value
            self.changed()

        return [w.number_field(player, self.draft.typed[i],
                               lambda value, i=i: typed(i, value))
                for i, player in enumerate(self.draft.players)]


KIND = EntryKind(HighCardDraft, HighCardEntry)

# Its sentences (a shipped variant: one block in each of the six catalogs).
TEXTS = {
    f"game.{NAME}": "High card",
    f"ui.seating.{NAME}": "Three players, any seats.",
    "toy.leads": "{player} leads",
    "toy.line": "{player}: {n} points",
    "toy.summary": "{player} shows the highest card",
    "toy.missing": "points of {player}",
}

# --- registered for one test, and gone after it ----------------------------------------------


@pytest.fixture
def toy(monkeypatch) -> Iterator[HighCard]:
    registries: list[dict[Any, Any]] = [VARIANTS, ENTRIES, boards.BOARDS, boards.TOTALS]
    before = [dict(r) for r in registries]
    for key, text in TEXTS.items():
        monkeypatch.setitem(catalog("en"), key, text)  # type: ignore[arg-type]
    game = HighCard()
    register_variant(game)
    register_entry(hints_of(game).entry, KIND)
    try:
        yield game
    finally:
        for registry, kept in zip(registries, before, strict=True):
            registry.clear()
            registry.update(kept)
    assert NAME not in variant_names()


EN = Translator("en")


def play(deals: Sequence[Sequence[int]], end: str = "target=50") -> Game:
    game = Game.new(NAME, PLAYERS, end=end, first_dealer=0)
    for typed in deals:
        game = game.add_deal(HighCardDeal(tuple(typed)))
    return game


def test_the_toy_game_scores_its_deals_and_ends_at_its_target(toy):
    assert variant("ToyHighCard") is toy and variant(NAME) is toy
    game = play([(10, 20, 5), (15, 5, 30)])
    assert game.totals == (25, 25, 35) and not game.is_over and game.dealer == 2
    assert EN.render(game.openers()) == "Ana leads"
    assert [EN.line(line) for line in game.records[0].score.lines][0].startswith("Ana: 10")
    game = game.add_deal(HighCardDeal((0, 0, 20)))
    assert game.is_over and game.outcome is not None and game.outcome.winners == (2,)
    assert Game.from_dict(game.to_dict()).totals == (25, 25, 55)
    with pytest.raises(InvalidInput):
        game.add_deal(HighCardDeal((1, -1, 2)))
    with pytest.raises(ValueError, match="already names a game"):
        register_variant(HighCard())  # a second game of the same name is refused


def test_a_name_taken_by_a_game_cannot_be_registered_again():
    class Impostor(HighCard):
        aliases = ("mini",)  # an alias of MiniBridge

    with pytest.raises(ValueError, match="mini"):
        register_variant(Impostor())
    assert NAME not in VARIANTS
    with pytest.raises(ValueError, match="bridge"):
        register_entry("bridge", KIND)


# --- through the real app ---------------------------------------------------------------------


def on_screen(app: Any) -> list[ft.Control]:
    """What the player sees: the screen, its app bar and its bottom bar."""
    view = app.page.views[-1]
    parts = [*view.controls, view.appbar, view.bottom_appbar]
    return list(walk([p for p in parts if p is not None], visible_only=True))


def texts(app: Any) -> str:
    return " | ".join(str(getattr(c, "value", None) or getattr(c, "label", None) or "")
                      for c in on_screen(app))


def event(app: Any, control: ft.BaseControl, name: str, data: Any = None) -> None:
    """The event sent as Flet's client sends it; the tasks it starts run as the page runs them
    (an app made with ``run_tasks``)."""
    dispatch(app, control, name, data)


def tap(app: Any, label: str) -> None:
    """Tap the button a player finds by ``label`` (its accessible name)."""
    found = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button
             and c.label == label]
    assert found, f"no button {label!r} in {texts(app)[:600]}"
    event(app, found[0].content, "click")


def type_in(app: Any, label: str, value: str) -> None:
    """Type ``value`` into the field labelled ``label``."""
    found = [c for c in on_screen(app) if isinstance(c, ft.TextField) and c.label == label]
    assert found, f"no field {label!r} in {texts(app)[:600]}"
    found[0].value = value
    event(app, found[0], "change", value)


def go(app: Any, route: str) -> None:
    app.route = route
    app.show()


def test_new_game_deal_entry_and_the_scoreboard_of_the_toy_game(tmp_path: Path, toy):
    with scorer_app(tmp_path, run_tasks=True) as app:
        go(app, "/new")
        tap(app, "High card")  # offered in New game: the registry says so
        form = app.state(Filling).form
        assert form.variant_name == NAME and len(form.names) == 3
        assert "Three players, any seats." in texts(app)
        for n, name in enumerate(PLAYERS, start=1):
            type_in(app, f"Player {n}", name)
        tap(app, "First dealer Ana")
        tap(app, "Start game")  # and on to its scoreboard, as the app's tasks move it
        [summary] = app.keeper.store.list_games()
        game = app.keeper.store.load(summary.id)
        assert game.variant_name == NAME and game.players == PLAYERS and game.dealer == 0
        assert app.route == app.page.route == f"/game/{game.id}"
        tap(app, "New deal")  # deal entry: the toy's own input module
        assert app.page.route == f"/game/{game.id}/deal"
        assert "Cannot save yet: points of Ana" in texts(app)
        for player, points in zip(PLAYERS, ("10", "20", "5"), strict=True):
            type_in(app, player, points)
        assert "Ben shows the highest card: Ana 10 · Ben 20 · Cleo 5" in texts(app)
        tap(app, "Save deal")  # saved, then the scoreboard: the real Save path, tasks and all
        assert app.keeper.store.load(game.id).totals == (10, 20, 5)
        assert app.page.route == f"/game/{game.id}"
        shown = texts(app)
        assert "dealer: Ben" in shown and "Cleo leads" in shown
        assert "Rules: as the rules say (defaults)" in shown  # it has no house rules
        assert "Deal 1: Ben shows the highest card" in shown  # the grid, its one deal
        # no board of its own: the plain totals and the grid of deals
        assert boards.scoreboard(app.keeper.store.load(game.id), EN) is None
        assert boards.totals_card(app.keeper.store.load(game.id), EN) is None
        tap(app, "Rules of High card")  # it has no rules page: the screen says so
        go(app, f"/rules/{NAME}")
        assert "There is no rules page for High card yet." in texts(app)


def test_check_a_score_offers_the_toy_game_and_names_its_three_players(tmp_path, toy):
    assert NAME in checkable_variant_names()
    with scorer_app(tmp_path) as app:
        go(app, "/check")
        tap(app, "Check High card")
        draft = app.state(ScoreCheck).hand(EN)
        assert draft.variant_name == NAME
        assert draft.players == ("Player 1", "Player 2", "Player 3")
        for n, points in enumerate(("3", "9", "4"), start=1):
            type_in(app, f"Player {n}", points)
        assert "Player 2 shows the highest card: Player 1 3 · Player 2 9 · Player 3 4" in (
            texts(app))
        tap(app, "Check Draw Bridge")  # and back to a real game, as before
        assert app.state(ScoreCheck).hand(EN).players == ("Declarer", "Opponent")


def test_a_board_of_its_own_is_registered_beside_the_variant(tmp_path, toy):
    def board(game: Game, t: Translator, on_open: Any, reuse: Any) -> ft.Control:
        return ft.Text(f"toy board: {sum(game.totals)} points")

    boards.register_board(HighCard, board)
    with pytest.raises(ValueError, match="has a board already"):
        boards.register_board(HighCard, board)
    with scorer_app(tmp_path) as app:
        game = app.keeper.store.save(play([(4, 5, 6)]))
        go(app, f"/game/{game.id}")
        assert "toy board: 15 points" in texts(app)


def naming(*words: str) -> list[str]:
    """The files of ``scorer/`` (code, catalogs, rules pages) that name any of ``words``."""
    root = Path(__file__).resolve().parent.parent / "scorer"
    return sorted(str(path.relative_to(root)) for path in root.rglob("*")
                  if path.suffix in {".py", ".json", ".md"}
                  and any(word in path.read_text(encoding="utf-8").lower() for word in words))


def test_nothing_in_scorer_names_the_toy_game():
    """Its two modules are all it took: no registry, screen or catalog of the app names it.
    The same search finds a shipped game's name where the app names it (so it can fail)."""
    assert {"rules/call_break.py", "rules/__init__.py", "assets/i18n/en.json"} <= set(
        naming("call-break", "call_break"))
    assert naming(NAME, "toy_high_card", "toyhighcard") == []


def test_a_game_in_scorer_would_join_with_one_line_of_games(monkeypatch):
    """A game's rules module in scorer/rules/ and its input module in scorer/ui/entry/ (here
    put where those would be) need one line of ``GAMES`` and nothing else: the line makes the
    variant, and the input module is found from the variant (named after it: the toy names no
    ``entry``)."""
    import sys
    import types

    from scorer import rules
    from scorer.ui import entry

    rules_module = types.ModuleType("scorer.rules.toy_high_card")
    rules_module.HighCard = HighCard  # type: ignore[attr-defined]
    entry_module = types.ModuleType("scorer.ui.entry.toy_high_card")
    entry_module.KIND = KIND  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, rules_module.__name__, rules_module)
    monkeypatch.setitem(sys.modules, entry_module.__name__, entry_module)
    made = rules._made("toy_high_card:HighCard")
    assert isinstance(made, HighCard) and entry._kind(hints_of(made).entry) is KIND
    with pytest.raises(TypeError, match="has no KIND"):
        entry._kind("base")  # a module of the package that is no input module


def test_the_registry_is_the_lines_of_games_in_order():
    from scorer.rules import GAMES

    assert [type(v).__name__ for v in VARIANTS.values()] == [
        line.partition(":")[2] for line in GAMES]
    assert [type(v).__module__ for v in VARIANTS.values()] == [
        "scorer.rules." + line.partition(":")[0] for line in GAMES]
    assert list(ENTRIES) == list(dict.fromkeys(hints_of(v).entry for v in VARIANTS.values()))


def test_a_game_without_contracts_is_not_read_as_one(toy):
    """The base ``Variant`` assumes no contract: a deal's scoresheet words and statistics are
    a contract game's (``rules.contract_deals.ContractDeals``) only where the game says so."""
    from scorer.rules import Contract, variant
    from scorer.sheet import sheet_rows

    class Played:  # a deal that happens to have what a contract game's deal has
        contract = Contract.parse("4H")
        declarer = 0
        tricks = 10

    score = toy.score(HighCardDeal((1, 2, 3)), HighCardRules(), PLAYERS)
    assert sheet_of(toy).deal_words(Played(), PLAYERS) is None
    assert stats_of(toy).deal_stats(Played(), score, 0) == {}
    draw = variant("draw-bridge")
    assert EN.render(sheet_of(draw).deal_words(Played(), PLAYERS)[0]) == "4H by Ana"
    assert stats_of(draw).deal_stats(Played(), score, 0) == {"declared": 1, "made": 0}
    [row] = sheet_rows(play([(1, 2, 3)]), EN)[1:]  # the toy's sheet: no contract, no tricks
    assert row[:5] == ["1", "Ana", "Cleo shows the highest card", "",
                       "Cleo shows the highest card"]


def test_the_toy_game_is_a_core_alone_and_gets_each_parts_default(toy):
    """The toy names no optional part (``scorer.rules.parts``): each layer that asks for one
    gets its default (the plain sheet, points-only statistics, not in ``scorer check``, the
    input module and rules page named after it); a shipped game's parts are its own."""
    from scorer.rules import checks_of
    from scorer.rules.parts import DealStats, HandChecks, ScreenHints, SheetWords

    assert not isinstance(toy, SheetWords | DealStats | HandChecks | ScreenHints)
    assert checks_of(toy) is None
    hints = hints_of(toy)
    assert (hints.entry, hints.rules_page, hints.calls_per_player) == (
        "toy_high_card", NAME, False)
    assert sheet_of(toy).points_words(7) == "7"
    call_break = variant("call-break")
    assert sheet_of(call_break) is call_break and hints_of(call_break).calls_per_player
    assert sheet_of(call_break).points_words(23) == "23 (2.3)"
    assert hints_of(variant("chicago")).entry == "bridge"
    assert hints_of(variant("team-match")).rules_page == "contract-bridge"


def test_a_part_member_without_its_part_is_refused():
    """A member of an optional part on a variant that does not name the part would never be
    asked for (the toy's ``entry`` would be ignored): registering it says so, naming both."""

    class Misnamed(HighCard):
        name = "toy-misnamed"
        aliases = ()
        calls_per_player = True

    with pytest.raises(TypeError, match="Misnamed defines calls_per_player without "
                                        "ScreenHints among its bases"):
        register_variant(Misnamed())
    assert "toy-misnamed" not in VARIANTS
