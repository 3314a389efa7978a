"""The form for a new game, without a client: the New game screen keeps one, changes it on
every tap and draws what it says (the game it would create, or the first thing missing); unit
tests drive it directly. Recent players' names for its suggestions. (A deal's draft is
:mod:`scorer.ui.entry`'s.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..fields import clean_name
from ..game import Game, check_players
from ..rules import NEW_GAME_FIRST, EndRule, InvalidInput, variant
from ..rules.values import Msg, whole_number
from ..store import GameSummary
from .entry import entry_for, problem_of

__all__ = ["END_FIELD", "NewGameForm", "recent_names", "recent_players"]

END_FIELD = -1  # NewGameForm.field_at_fault: the end's number (a target, a count of deals)


@dataclass
class NewGameForm:
    """The new-game screen's state and what it would create."""

    variant_name: str = NEW_GAME_FIRST
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    first_dealer: int | None = None  # None: draw at random
    end_kind: str = ""
    end_value: str = ""
    rules: dict[str, str] = field(default_factory=dict)
    # What the player has done so far: a name left empty is said only once they typed in its
    # field and left it (``left``), or tried to start (``tried``); a fresh form is not red.
    typed: set[int] = field(default_factory=set)
    left: set[int] = field(default_factory=set)
    tried: bool = False

    def __post_init__(self) -> None:
        self.choose(self.variant_name, keep_names=True)

    def choose(self, name: str, keep_names: bool = False) -> None:
        """Switch game: the RULES.md defaults are preselected again."""
        v = variant(name)
        self.variant_name = v.name
        names = [n for n in self.names if n.strip()] if not keep_names else self.names
        self.names = (names + [""] * v.player_count)[: v.player_count]
        if self.first_dealer is not None and self.first_dealer >= v.player_count:
            self.first_dealer = None
        self.end_kind = v.default_end.kind
        self.end_value = str(v.default_end.value or "")
        self.rules = {r.name: r.default for r in v.house_rules}
        self.typed, self.left, self.tried = set(), set(), False  # new fields, untouched

    def seat_label(self, index: int) -> Msg:
        """How the form names player ``index`` (a seat, a player, a team: the input module
        of the game says)."""
        v = variant(self.variant_name)
        return entry_for(v.name).draft.player_label(v, index)

    @property
    def end_kinds(self) -> list[str]:
        """The ways this game may end, in the order the form offers them."""
        allowed = variant(self.variant_name).end_kinds
        return [kind for kind in EndRule.KINDS if kind in allowed]

    @property
    def picks_dealer(self) -> bool:
        """Do the players choose the first dealer (not a team match: board 1, North)?"""
        return variant(self.variant_name).first_dealer is None

    def end_rule(self) -> EndRule:
        if self.end_kind == "open":
            return EndRule("open")
        text = self.end_value.strip()
        number = whole_number(text)
        most = EndRule.MOST.get(self.end_kind, 1)
        if number is None or not 1 <= number <= most:
            field_name = _END_FIELDS.get(self.end_kind, self.end_kind)
            raise InvalidInput(field_name, text or None, f"must be a whole number from 1 to "
                               f"{most}", Msg.of(f"form.end_{self.end_kind}", max=most,
                                                 unit=variant(self.variant_name).deal_word))
        return EndRule(self.end_kind, number)

    def problem(self, untouched_ok: bool = False) -> Msg | None:
        """Why the game cannot start, or None. ``untouched_ok``: a name nobody has typed in
        yet is not a reason (see :meth:`shown_problem`)."""
        v = variant(self.variant_name)
        names = self.names
        if untouched_ok:
            names = [n if n.strip() or i in self.left else _UNTOUCHED.format(i)
                     for i, n in enumerate(names)]
        try:
            check_players(v, names)
            v.check_end(self.end_rule())
            v.parse_rules(self.rules)
        except InvalidInput as error:
            if error.msg is not None and error.msg.key == "error.name_empty":
                # named as the form names the field: 'North', 'Player 2'
                index = dict(error.msg.params)["player"] - 1
                return Msg.of("form.name_empty", who=self.seat_label(index))
            return problem_of(error)
        return None

    def shown_problem(self) -> Msg | None:
        """The reason the form shows: every reason once Start was tried, before that none
        for a name field the player has not typed in and left."""
        return self.problem(untouched_ok=not self.tried)

    def field_at_fault(self) -> int | None:
        """The field a refused Start leaves the focus on: the first name at fault (empty, not
        allowed, or the second of two alike), :data:`END_FIELD` for the end's number, None
        for a house rule (picked by chips) or nothing at fault."""
        seen: set[str] = set()
        for i, raw in enumerate(self.names):
            name = clean_name(raw).casefold()
            try:
                check_players(variant(self.variant_name),
                              [raw if j == i else _UNTOUCHED.format(j) for j in
                               range(len(self.names))])
            except InvalidInput:
                return i
            if name in seen:
                return i
            seen.add(name)
        try:
            variant(self.variant_name).check_end(self.end_rule())
        except InvalidInput:
            return END_FIELD
        return None

    def leave_name(self, index: int) -> None:
        """The player left name field ``index``: if they typed in it, its problem is said."""
        if index in self.typed:
            self.left.add(index)

    def create(self, rng: random.Random | None = None) -> Game:
        return Game.new(self.variant_name, self.names, rules=self.rules, end=self.end_rule(),
                        first_dealer=self.first_dealer, rng=rng)

    def offer_name(self, name: str) -> None:
        """Put a recent name in the first empty seat."""
        if any(n.strip().casefold() == name.casefold() for n in self.names):
            return
        for i, current in enumerate(self.names):
            if not current.strip():
                self.names[i] = name
                return

    @classmethod
    def rematch(cls, game: Game) -> NewGameForm:
        form = cls(game.variant_name, list(game.players))
        form.end_kind, form.end_value = game.end.kind, str(game.end.value or "")
        form.rules = {k: _rule_text(v) for k, v in game.rules.to_dict().items()}
        form.first_dealer = None
        return form


# Stands in for a name not typed yet while the form checks the rest: visible characters (a
# name may hold them), too unlike a name to equal one typed.
_UNTOUCHED = "·{}· not typed yet ·"
_END_FIELDS = {"target": "target", "deals": "number of deals", "rubbers": "number of rubbers"}


def _rule_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def recent_players(games: Sequence[GameSummary], teams: bool = False) -> list[str]:
    """The names New game offers, most recent first: people, from every game whose players
    are people; or, for a game of teams (``teams``), the teams of earlier team games. A team's
    name is never offered as a person, nor a person's as a team."""
    return recent_names([g.players for g in games if _of_teams(g.variant) == teams])


def _of_teams(name: str) -> bool | None:
    try:
        return variant(name).teams
    except InvalidInput:  # a game this version does not know: its names are offered nowhere
        return None


def recent_names(player_lists: Sequence[Sequence[str]], limit: int = 12) -> list[str]:
    """Names from the most recent games first, each once."""
    seen: dict[str, str] = {}
    for players in player_lists:
        for name in players:
            seen.setdefault(name.casefold(), name)
            if len(seen) >= limit:
                return list(seen.values())
    return list(seen.values())
