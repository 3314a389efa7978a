"""Scoresheets of a game: rows a person reads, CSV a spreadsheet opens, plain text to share.

Pure: built from :class:`scorer.game.Game`, in any of the app's languages (English unless a
translator is given, which is what ``scorer export`` writes).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from .game import DealRecord, Game
from .i18n import Translator
from .rules.parts import sheet_of
from .rules.values import Msg

__all__ = ["FORMULA_START", "csv_cell", "deal_words", "outcome_words", "sheet_rows", "to_csv",
           "to_text"]

ENGLISH = Translator("en")


def deal_words(game: Game, record: DealRecord, t: Translator = ENGLISH) -> tuple[str, str]:
    """What was bid or called, and the tricks taken, as written on a scoresheet."""
    words = sheet_of(game.variant).deal_words(record.deal, game.players)
    if words is None:  # passed out, redealt, or a team-match board: its summary says it
        return (t.summary(record.score), "")
    return (t.render(words[0]), words[1])


def _text(t: Translator, words: str | Msg) -> str:
    return t.render(words) if isinstance(words, Msg) else words


def outcome_words(game: Game, t: Translator = ENGLISH) -> str:
    outcome = game.outcome
    if outcome is None:
        return t("sheet.in_progress", progress=game.progress())
    names = t("ui.and").join(game.parties[i] for i in outcome.winners)
    key = ("ui.share_win" if len(outcome.winners) > 1
           else "ui.win_pair" if game.variant.partnerships or game.variant.teams  # a team: "win"
           else "ui.wins")
    reason = outcome.msg  # 'after 8 boards' in a team match
    return t(key, names=names, reason=Msg.of(reason.key, **dict(reason.params),
                                             unit=game.variant.deal_word))


def sheet_rows(game: Game, t: Translator = ENGLISH) -> list[list[str]]:
    """Header and one row per deal: deal, dealer, bid, tricks, result, points, totals."""
    parties = game.parties
    header = [t("sheet.deal"), t("sheet.dealer"), t("sheet.bid"), t("sheet.tricks"),
              t("sheet.result"), *(t("sheet.points", party=p) for p in parties),
              *(t("sheet.total", party=p) for p in parties)]
    rows = [header]
    for record in game.records:
        what, tricks = deal_words(game, record, t)
        rows.append([str(record.table_number),
                     _text(t, game.variant.dealer_name(record.dealer, game.players)), what, tricks,
                     t.summary(record.score), *map(str, record.score.points),
                     *map(str, record.totals)])
    closing = game.closing
    if closing is not None:  # points added when the players stopped (an unfinished rubber)
        words = "; ".join(t.line(line) for line in closing.lines)
        rows.append(["", "", words, "", t.summary(closing), *map(str, closing.points),
                     *map(str, game.totals)])
    return rows


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?[0-9]+")


def csv_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: one starting like a formula (= + - @, tab, CR)
    gets a leading apostrophe (OWASP's advice), except a plain whole number such as -40."""
    if text.startswith(FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def to_csv(games: Sequence[Game], t: Translator = ENGLISH) -> str:
    """A scoresheet per game; several games are separated by a blank line. Text cells that a
    spreadsheet would run as a formula are neutralised (see :func:`csv_cell`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for i, game in enumerate(games):
        if i:
            writer.writerow([])
        rows = [[t(f"game.{game.variant_name}"), ", ".join(game.players), game.id,
                 outcome_words(game, t)], *sheet_rows(game, t)]
        writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue()


def to_text(game: Game, t: Translator = ENGLISH) -> str:
    """A plain-text scoresheet to paste into a message."""
    v = sheet_of(game.variant)
    lines = [t("ui.game_players", game=t(f"game.{game.variant_name}"),
               players=", ".join(game.players))]
    for record in game.records:
        # Points and totals in the same unit on every line; the players' habit only at the end.
        points = " / ".join(str(p) for p in record.score.points)
        totals = " / ".join(str(n) for n in record.totals)
        said = v.deal_line(record.deal, game.players, record.score)
        what = t.summary(record.score) if said is None else t.render(said)
        lines.append(t("sheet.line", number=record.table_number, what=what,
                       summary=t.summary(record.score), points=points, totals=totals))
    if game.closing is not None:
        lines.extend(t.line(line) for line in game.closing.lines)
    lines.extend(t.render(msg) for msg in v.sheet_end([r.score for r in game.records],
                                                       game.closing))
    totals = ", ".join(f"{p} {v.points_words(n)}"
                       for p, n in zip(game.parties, game.totals, strict=True))
    lines.append(t("sheet.totals", totals=totals))
    lines.append(t("cli.result_points", points=outcome_words(game, t)))
    return "\n".join(lines) + "\n"
