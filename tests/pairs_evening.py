"""A whole pairs evening played through the app's screens, for the browser tests of issue 32:
what each table enters, what it reads off its phone (seats, boards, where everyone goes next),
and the ranking worked out by hand from the boards' scores (not from the app's figures)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from browser import Phone, contract_taps

# What the tables play: a contract made (declarer, level, strain, tricks) or None (passed out),
# with its N-S score worked out by hand. Part scores made only: the same vulnerable or not.
#   1NT= 40 + 50 = 90; 1NT+1 40 + 30 + 50 = 120; 2S= 60 + 50 = 110; 2H+1 60 + 30 + 50 = 140
PALETTE: list[tuple[tuple[str, int, str, int] | None, int]] = [
    (None, 0),
    (("North", 1, "No-trump", 7), 90),
    (("South", 2, "Spades", 8), 110),
    (("North", 1, "No-trump", 8), 120),
    (("East", 1, "No-trump", 7), -90),
    (("West", 2, "Spades", 8), -110),
    (("East", 2, "Hearts", 9), -140),
]


def open_board(phone: Phone, board: int) -> None:
    """Tap *Enter board N* and wait for that board's entry. The tap draws the table's screen
    again with this board's entry open; until that drawing reaches the phone, the entry open
    is another board's, whose controls have the same names (*Passed out*, *Declarer North*):
    a tap then reaches a control the app has replaced and is turned away (decision 422), as
    the Howell on a loaded machine showed (decision 520). A player reads which board's card
    is open; the test waits for the one control only this board's entry has, its Accept."""
    phone.tap(f"Enter board {board}")
    phone.shown(phone.button(f"E-W accept board {board}").first, f"board {board}'s entry")


def played(board: int, table: int) -> int:
    """Which of :data:`PALETTE` table ``table`` makes of board ``board``."""
    return (board * 2 + table * 3) % len(PALETTE)


# Who sits where: "N-S: pair 2 · E-W: pair 5" (Howell), "N-S 1 · E-W 4" (Mitchell, whose pairs
# are named by their direction: not "N-S: N-S 1").
SEATS = re.compile(r"^(?:N-S: (pair .+) · E-W: (pair .+)|(N-S \d+[^·]*) · (E-W \d+.*))$", re.M)
BOARD = re.compile(r"^Board (\d+): \w+ deals", re.M)
NEXT = re.compile(r"(?i:next round): N-S (to table (\d+) (N-S|E-W)|sit out|stay at this table); "
                  r"E-W (to table (\d+) (N-S|E-W)|sit out|stay at this table); boards ([^\n]+)")


@dataclass
class Evening:
    """What the tables' phones showed and what they entered."""

    seats: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)  # round, table
    boards: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    moves: dict[tuple[int, int], tuple[tuple[int, str] | None, tuple[int, str] | None, str]] = \
        field(default_factory=dict)
    scores: dict[tuple[int, int], int] = field(default_factory=dict)  # board, table: N-S

    def round_shown(self, phone: Phone, number: int, table: int, total: int) -> None:
        """The table's phone shows round ``number`` of ``total``: its seats and boards kept."""
        phone.see(f"Round {number} of {total}")
        text = phone.screen_text()
        seats = SEATS.search(text)
        assert seats, text
        found = [g for g in seats.groups() if g is not None]
        self.seats[(number, table)] = (found[0], found[1])
        # The round just finished is listed after this one, to correct (decision 474).
        shown = text.split(f"Round {number - 1}: check and correct")[0]
        boards = list(dict.fromkeys(int(b) for b in BOARD.findall(shown)))
        assert boards, text
        self.boards[(number, table)] = boards

    def play_round(self, phone: Phone, number: int, table: int, total: int) -> None:
        """Every board of the table's round entered and accepted by E-W; then, but for the
        last round, where everyone goes next as the phone says it."""
        for board in self.boards[(number, table)]:
            contract, score = PALETTE[played(board, table)]
            # A table enters its boards in any order; a shared set's table starts on a board
            # of its own (decision 410): board by board here, each opened where it is not.
            phone.see(f"Board {board}:")
            if phone.button(f"Enter board {board}").count():
                open_board(phone, board)
            if contract is None:
                phone.tap("Passed out")
            else:
                contract_taps(phone, *contract)
            shown = f"+{score}" if score > 0 else str(score)
            other = f"+{-score}" if score < 0 else str(-score)
            phone.see(f"N-S {shown} · E-W {other}")  # the score for both sides, then Accept
            phone.tap(f"E-W accept board {board}")
            phone.see(re.compile(rf"Correct board {board}|Round {number} finished"))
            self.scores[(board, table)] = score
        phone.see(f"Round {number} finished")
        if number == total:
            phone.see("This table has played every round")
            return
        text = phone.screen_text()
        found = NEXT.search(text)
        assert found, text
        ns = ((table, "N-S") if found.group(1).startswith("stay")
              else (int(found.group(2)), found.group(3)) if found.group(2) else None)
        ew = ((table, "E-W") if found.group(4).startswith("stay")
              else (int(found.group(5)), found.group(6)) if found.group(5) else None)
        self.moves[(number, table)] = (ns, ew, found.group(7))

    def check_moves(self, tables: int) -> None:
        """Where the phone said each pair (and each set of boards) goes after a round is
        where the next round's phones show it."""
        for (number, table), (ns, ew, boards) in self.moves.items():
            here_ns, here_ew = self.seats[(number, table)]
            for pair, going in ((here_ns, ns), (here_ew, ew)):
                if going is None:
                    continue
                there = self.seats[(number + 1, going[0])]
                assert there[0 if going[1] == "N-S" else 1] == pair, (number, table, going)
            moved = re.match(r"to table (\d+)", boards)
            if moved:
                assert self.boards[(number + 1, int(moved.group(1)))] \
                    == self.boards[(number, table)], (number, table, boards)

    def ranking(self, by_direction: bool) -> list[str]:
        """The ranking lines worked out by hand: per board, 2 matchpoints for each N-S score
        beaten and 1 for each tie, E-W the top less N-S's; a pair's percentage of its tops;
        best first, equal percentages sharing a place ('2=')."""
        where: dict[int, list[tuple[int, int]]] = {}  # board: (round, table) it was played at
        for (number, table), boards in self.boards.items():
            for board in boards:
                where.setdefault(board, []).append((number, table))
        got: dict[str, int] = {}
        tops: dict[str, int] = {}
        for board, places in where.items():
            scores = [self.scores[(board, table)] for _, table in places]
            top = 2 * (len(scores) - 1)
            for (number, table), score in zip(places, scores, strict=True):
                ns_mp = sum(2 if score > other else 1 if score == other else 0
                            for other in scores) - 1  # itself: a tie, not counted
                ns, ew = self.seats[(number, table)]
                for pair, mp in ((ns, ns_mp), (ew, top - ns_mp)):
                    got[pair] = got.get(pair, 0) + mp
                    tops[pair] = tops.get(pair, 0) + top
        groups = ([[p for p in got if p.startswith("N-S")], [p for p in got if p.startswith("E-W")]]
                  if by_direction else [list(got)])
        lines = []
        for group in groups:
            pct = {p: Fraction(got[p] * 100, tops[p]) for p in group}
            for pair in group:
                better = sum(1 for p in group if pct[p] > pct[pair])
                same = sum(1 for p in group if pct[p] == pct[pair]) > 1
                lines.append(f"{better + 1}{'=' if same else ''}. {pair}: {two(pct[pair])}% "
                             f"({got[pair]} of {tops[pair]})")
        return lines


def two(value: Fraction) -> str:
    """A percentage as the director's view writes it: two decimals at most, no trailing 0."""
    shown = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP)
    return format(shown, "f").rstrip("0").rstrip(".")
