"""What the screens show and allow, without a client: forms for a deal and a new game.

Pure Python (no flet): the screens in this package keep one of these per form, change it on
every tap, and draw what ``evaluate()`` says: the deal it would save, or why Save is disabled,
and a live preview of the score. Unit tests drive these directly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..game import Game, check_players
from ..rules import Contract, DealScore, Doubling, EndRule, InvalidInput, Strain, variant
from ..rules.call_break import CallBreakDeal
from ..rules.common import Msg
from ..rules.draw_bridge import DrawBridgeDeal
from ..rules.minibridge import (
    HCP_MAX,
    MiniBridgeDeal,
    declarer_from_hcp,
    seat_msg,
    who_msg,
)

__all__ = ["DealDraft", "Evaluation", "NewGameForm", "STRAINS", "DOUBLINGS"]

STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
DOUBLINGS = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)


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


@dataclass
class DealDraft:
    """The deal being entered (or corrected, or checked) for one variant."""

    variant_name: str
    players: tuple[str, ...]
    rules: Any
    dealer: int = 0
    # bridge games
    passed_out: bool = False  # Draw Bridge
    redeal: bool = False  # MiniBridge, declarer picked directly
    use_hcp: bool = False  # MiniBridge: enter the four counts
    hcp: list[str] = field(default_factory=lambda: ["", "", "", ""])
    declarer: int | None = None
    level: int | None = None
    strain: Strain | None = None
    doubling: Doubling = Doubling.UNDOUBLED
    tricks: int | None = None
    # Call Break: each player's call and tricks, None until picked
    calls: list[int | None] = field(default_factory=list)
    taken: list[int | None] = field(default_factory=list)
    picked_tricks: set[int] = field(default_factory=set)  # tricks the player picked (not filled)
    typed_counts: set[int] = field(default_factory=set)  # MiniBridge seats the player typed

    def __post_init__(self) -> None:
        if self.variant_name == "call-break":
            if not self.calls:
                self.calls = [None] * 4
            if not self.taken:
                self.taken = [None] * 4

    def follow_rules(self) -> None:
        """After the house rules changed (Check a score): no call below the lowest allowed."""
        self.calls = [None if call is None else max(call, self.rules.min_call)
                      for call in self.calls]

    def pick_call(self, player: int, call: int) -> None:
        self.calls[player] = call

    def calls_made(self) -> dict[str, Any] | None:
        """The four calls as the table announced them (to keep while the round is played),
        or None while a call is missing."""
        if any(call is None for call in self.calls):
            return None
        return {"calls": list(self.calls)}

    def pick_tricks(self, player: int, tricks: int) -> int | None:
        """``player`` took ``tricks``. Once three players' tricks are picked, the fourth's are
        filled in as the rest of the 13 (unless picked too); returns that player when their
        tricks changed (for the screen to show it), else None."""
        self.taken[player] = tricks
        self.picked_tricks.add(player)
        rest = [p for p in range(len(self.taken)) if p not in self.picked_tricks]
        if len(rest) != 1:
            return None
        left = 13 - sum(t for p, t in enumerate(self.taken) if p != rest[0] and t is not None)
        filled = left if 0 <= left <= 13 else None
        if filled == self.taken[rest[0]]:
            return None
        self.taken[rest[0]] = filled
        return rest[0]

    @classmethod
    def for_game(cls, game: Game) -> DealDraft:
        """A new deal; a MiniBridge table that entered counts last time enters them again."""
        draft = cls(game.variant_name, game.players, game.rules, game.dealer)
        last = game.deals[-1] if game.deals else None
        draft.use_hcp = getattr(last, "hcp", None) is not None
        if game.pending is not None and "calls" in game.pending:  # the calls of a round in play
            draft.calls = list(game.pending["calls"])
        return draft

    @classmethod
    def from_deal(cls, game: Game, number: int) -> DealDraft:
        """A draft holding recorded deal ``number``, to correct it."""
        record = game.records[number - 1]
        draft = cls(game.variant_name, game.players, game.rules, record.dealer)
        deal: Any = record.deal
        if game.variant_name == "call-break":
            draft.calls, draft.taken = list(deal.calls), list(deal.tricks)
            draft.picked_tricks = set(range(len(deal.tricks)))
            return draft
        if game.variant_name == "draw-bridge" and deal.passed_out:
            draft.passed_out = True
            return draft
        if game.variant_name == "minibridge":
            if deal.hcp is not None:
                draft.use_hcp = True
                draft.hcp = [str(v) for v in deal.hcp]
                draft.typed_counts = {0, 1, 2, 3}
            draft.redeal = deal.redeal and deal.hcp is None
            if deal.redeal:
                return draft
        draft.declarer = deal.declarer
        draft.level, draft.strain = deal.contract.level, deal.contract.strain
        draft.doubling, draft.tricks = deal.contract.doubling, deal.tricks
        return draft

    # --- kept while it is typed --------------------------------------------------------------
    _KEPT = ("passed_out", "redeal", "use_hcp", "hcp", "declarer", "level", "doubling",
             "tricks", "calls", "taken")

    def to_dict(self) -> dict[str, Any]:
        """What was entered so far, as plain data to keep with the game (Store.save_draft)."""
        data: dict[str, Any] = {name: getattr(self, name) for name in self._KEPT}
        data["strain"] = None if self.strain is None else self.strain.abbr
        data["doubling"] = self.doubling.abbr
        data["picked_tricks"] = sorted(self.picked_tricks)
        data["typed_counts"] = sorted(self.typed_counts)
        return data

    def restore(self, data: Mapping[str, Any]) -> bool:
        """Take back what :meth:`to_dict` kept; False (and nothing changed) when ``data`` is
        not a draft of this kind of deal. Every value is checked as it would be typed."""
        try:
            fresh = replace(self)
            for name in ("passed_out", "redeal", "use_hcp"):
                setattr(fresh, name, _flag(data[name]))
            fresh.hcp = [_count_text(v) for v in _four(data["hcp"])]
            fresh.declarer = _choice(data["declarer"], 0, len(self.players) - 1)
            fresh.level = _choice(data["level"], 1, 7)
            fresh.strain = None if data["strain"] is None else Strain.find(data["strain"])
            fresh.doubling = Doubling.find(data["doubling"])
            fresh.tricks = _choice(data["tricks"], 0, 13)
            if self.variant_name == "call-break":
                fresh.calls = [_choice(c, self.rules.min_call, 13) for c in _four(data["calls"])]
                fresh.taken = [_choice(t, 0, 13) for t in _four(data["taken"])]
            fresh.picked_tricks = {_choice(i, 0, 3) for i in data["picked_tricks"]} - {None}
            fresh.typed_counts = {_choice(i, 0, 3) for i in data["typed_counts"]} - {None}
        except (KeyError, TypeError, ValueError):
            return False
        self.__dict__.update(fresh.__dict__)
        return True

    def is_blank(self) -> bool:
        """Nothing entered yet (a fresh draft of the same deal)."""
        blank = replace(self, passed_out=False, redeal=False, hcp=["", "", "", ""],
                        declarer=None, level=None, strain=None,
                        doubling=Doubling.UNDOUBLED, tricks=None,
                        taken=[None] * len(self.taken), picked_tricks=set(), typed_counts=set())
        return self.to_dict() == blank.to_dict()

    # --- derived, for the screen ------------------------------------------------------------
    @property
    def contract(self) -> Contract | None:
        if self.level is None or self.strain is None:
            return None
        return Contract(self.level, self.strain, self.doubling)

    def announce_order(self) -> list[int]:
        """Seats in the order the table announces counts: the dealer first, then clockwise."""
        return [(self.dealer + i) % 4 for i in range(4)]

    def type_count(self, seat: int, text: str) -> int | None:
        """``seat``'s count was typed. Once the first three announced counts are known, the
        last seat's count is filled in as 40 minus the rest, unless the player typed it;
        returns that seat when its value changed (for the screen to show it), else None."""
        self.hcp[seat] = text
        if text.strip():
            self.typed_counts.add(seat)
        else:
            self.typed_counts.discard(seat)
        *first, last = self.announce_order()
        if last in self.typed_counts:
            return None
        known = [self.hcp[s].strip() for s in first]
        rest = 40 - sum(int(k) for k in known) if all(k.isdigit() for k in known) else -1
        filled = str(rest) if 0 <= rest <= HCP_MAX else ""
        if filled == self.hcp[last]:
            return None
        self.hcp[last] = filled
        return last

    def hcp_result(self) -> tuple[Any, Msg | None]:
        """(HcpResult or None, problem) for the four counts typed so far."""
        counts = []
        for index, text in enumerate(self.hcp):
            seat = seat_msg(index)
            if not text.strip():
                return None, Msg.of("form.hcp_missing", seat=seat)
            if not text.strip().isdigit() or int(text) > HCP_MAX:
                return None, Msg.of("form.hcp_number", seat=seat)
            counts.append(int(text))
        try:
            return declarer_from_hcp(counts, self.dealer), None
        except InvalidInput as error:
            return None, problem_of(error)

    def calls_total(self) -> int:
        return sum(call or 0 for call in self.calls)

    def tricks_left(self) -> int:
        return 13 - sum(tricks or 0 for tricks in self.taken)

    def evaluate(self) -> Evaluation:
        try:
            return self._evaluate()
        except InvalidInput as error:
            return Evaluation(None, None, problem_of(error))

    def _evaluate(self) -> Evaluation:
        v = variant(self.variant_name)
        if self.variant_name == "call-break":
            players = len(self.calls)  # asked in calling order, from the dealer's right
            missing = [i for i in ((self.dealer + 1 + k) % players for k in range(players))
                       if self.calls[i] is None]
            if missing:
                return Evaluation(None, None, Msg.of("form.call_missing",
                                                     name=self.players[missing[0]]))
            left = self.tricks_left()
            if left:
                return Evaluation(None, None, Msg.of("form.tricks_left", n=left) if left > 0
                                  else Msg.of("form.tricks_over", n=-left))
            unpicked = [i for i, tricks in enumerate(self.taken) if tricks is None]
            if unpicked:  # 13 given out, a player left out: they took 0
                return Evaluation(None, None, Msg.of("form.tricks_missing",
                                                     name=self.players[unpicked[0]]))
            deal: Any = CallBreakDeal(tuple(self.calls), tuple(self.taken))  # type: ignore[arg-type]
            v.check_deal(deal, self.dealer, self.rules)
            return Evaluation(deal, v.score(deal, self.rules, self.players), None)
        if self.variant_name == "draw-bridge" and self.passed_out:
            deal = DrawBridgeDeal()
            return Evaluation(deal, v.score(deal, self.rules, self.players), None)
        note: Msg | None = None
        declarer = self.declarer
        hcp = None
        if self.variant_name == "minibridge":
            if self.use_hcp:
                found, problem = self.hcp_result()
                if problem:
                    return Evaluation(None, None, problem)
                hcp = found.hcp
                if found.redeal:
                    deal = MiniBridgeDeal(hcp=hcp, redeal=True)
                    return Evaluation(deal, v.score(deal, self.rules, self.players), None,
                                      Msg.of("line.redeal"))
                declarer = found.declarer
                note = Msg.of("form.hcp_declarer", declarer=who_msg(self.players, declarer),
                              dummy=who_msg(self.players, found.dummy))
            elif self.redeal:
                deal = MiniBridgeDeal(redeal=True)
                return Evaluation(deal, v.score(deal, self.rules, self.players), None)
        if declarer is None:
            return Evaluation(None, None, Msg.of("form.choose_declarer"), note)
        contract = self.contract
        if contract is None:
            missing = "level" if self.level is None else "strain"
            return Evaluation(None, None, Msg.of(f"form.choose_{missing}"), note)
        if self.tricks is None:
            return Evaluation(None, None, Msg.of("form.choose_tricks"), note)
        if self.variant_name == "draw-bridge":
            deal = DrawBridgeDeal(declarer, contract, self.tricks)
        else:
            deal = MiniBridgeDeal(declarer, contract, self.tricks, hcp)
        v.check_deal(deal, self.dealer, self.rules)
        return Evaluation(deal, v.score(deal, self.rules, self.players), None, note)

    def points_text(self, evaluation: Evaluation) -> str:  # names and numbers only
        """'Ana 120 · Ben 0' for the preview."""
        if evaluation.score is None:
            return ""
        parties = variant(self.variant_name).parties(self.players)
        return " · ".join(f"{p} {pts}" for p, pts in
                          zip(parties, evaluation.score.points, strict=True))


@dataclass
class NewGameForm:
    """The new-game screen's state and what it would create."""

    variant_name: str = "minibridge"
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    first_dealer: int | None = None  # None: draw at random
    end_kind: str = ""
    end_value: str = ""
    rules: dict[str, str] = field(default_factory=dict)

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

    def seat_label(self, index: int) -> Msg:
        if self.variant_name == "minibridge":
            return seat_msg(index)
        return Msg.of("ui.player_n", n=index + 1)

    def end_rule(self) -> EndRule:
        if self.end_kind == "open":
            return EndRule("open")
        text = self.end_value.strip()
        if not text.isdigit() or int(text) < 1:
            field_name = "target" if self.end_kind == "target" else "number of deals"
            raise InvalidInput(field_name, text or None, "must be a whole number of at least 1",
                               Msg.of(f"form.end_{self.end_kind}"))
        return EndRule(self.end_kind, int(text))

    def problem(self) -> Msg | None:
        """Why Start is disabled, or None."""
        v = variant(self.variant_name)
        try:
            check_players(v, self.names)
            v.check_end(self.end_rule())
            v.parse_rules(self.rules)
        except InvalidInput as error:
            return problem_of(error)
        return None

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


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not a flag")
    return value


def _four(values: object) -> list[Any]:
    if not isinstance(values, list) or len(values) != 4:
        raise TypeError("not four values")
    return values


def _choice(value: object, low: int, high: int) -> int | None:
    """A picked number (None: not picked yet)."""
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise ValueError("not a choice")
    return value


def _count_text(value: object) -> str:
    if not isinstance(value, str) or len(value) > 2 or (value and not value.isdigit()):
        raise ValueError("not a count as typed")
    return value


def problem_of(error: InvalidInput) -> Msg:
    """The error to show a player: its own message, or its English text as a last resort."""
    return error.msg or Msg.of("error.plain", text=str(error))


def _rule_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def recent_names(player_lists: Sequence[Sequence[str]], limit: int = 12) -> list[str]:
    """Names from the most recent games first, each once."""
    seen: dict[str, str] = {}
    for players in player_lists:
        for name in players:
            seen.setdefault(name.casefold(), name)
            if len(seen) >= limit:
                return list(seen.values())
    return list(seen.values())
