"""Games in and out of the app: the scoresheet to the share sheet or clipboard, a game as a
CSV or JSON download, games imported from a JSON file (Home)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...game import Game
from ...i18n import Translator
from ...sheet import to_csv, to_text
from ...store import GameSummary, InvalidImport, StoreError
from ...store.transfer import (
    MAX_IMPORT_BYTES,
    MAX_IMPORT_MB,
    SERVED_IMPORT_MB,
    SERVED_TOO_LARGE,
)
from ..entry import problem_of
from ..present import game_title, short_time
from .pairs_codes import imported_codes

if TYPE_CHECKING:
    from .host import App

__all__ = ["copy_sheet", "download", "games_named", "import_games", "megabytes", "share_sheet"]


async def share_sheet(app: App, game: Game) -> None:
    """The scoresheet to the phone's share sheet; copied where there is none."""
    try:
        result = await app.share.share_text(
            to_text(game, app.t), subject=app.t(f"game.{game.variant_name}"),
            download_fallback_enabled=False, mail_to_fallback_enabled=False)
    except Exception:  # noqa: BLE001 - no share sheet here (a desktop browser)
        result = None
    if result is None or getattr(result.status, "value", "") == "unavailable":
        await copy_sheet(app, game)


async def copy_sheet(app: App, game: Game) -> None:
    await ft.Clipboard().set(to_text(game, app.t))
    app.snack(app.t("ui.copied"))


async def download(app: App, game: Game, kind: str) -> None:
    keeper = app.keeper
    text = (to_csv(keeper.load_many([game.id]), app.t.plain) if kind == "csv"
            else keeper.export_json([game.id]))
    name = f"scorer-{game.variant_name}-{game.id}.{kind}"
    await app.files.save_file(file_name=name, src_bytes=text.encode("utf-8"))


def games_named(t: Translator, here: Mapping[str, GameSummary], ids: Sequence[str]) -> str:
    """Games as the home list names them, 'Draw Bridge: Ana, Ben (2026-11-30 22:05 CET)',
    from ``here`` (the stored games by their id, case folded); an id is left as it is only
    where no such game is stored."""
    names = []
    for game_id in ids:
        found = here.get(game_id.casefold())
        names.append(t("ui.game_dated", title=game_title(t, found),
                       changed=short_time(found.updated_at)) if found else game_id)
    return "; ".join(names)


def megabytes(size: int) -> str:
    """A file's size in MB (of 1,048,576 bytes, as the limits are), rounded up to a tenth: a
    file just over a limit is never said to be at it."""
    return f"{math.ceil(size * 10 / (1024 * 1024)) / 10:.1f}"


async def import_games(app: App) -> None:
    """Games from a JSON file the player picks; what came in (or why not) is said on Home.

    In the browser build the picker sends only the file's name and size: a file larger than
    Scorer imports is refused by its size, unread, and a file it takes is read by the page
    with its progress shown (decision 245). Elsewhere the picker sends the bytes (to `scorer
    serve`, at most what a phone's message may hold: decision 224)."""
    t, keeper = app.t, app.keeper
    try:
        picked = await app.files.pick_files(file_type=ft.FilePickerFileType.CUSTOM,
                                            allowed_extensions=["json"],
                                            with_data=app.read_picked is None)
    except RuntimeError as error:  # scorer serve: the file was over what a phone may send
        if str(error) != SERVED_TOO_LARGE:
            raise
        app.message = t("ui.import_too_large_served", mb=SERVED_IMPORT_MB)
        app.show()
        return
    if not picked:
        return
    data = picked[0].bytes if app.read_picked is None else await _read(app, picked[0])
    if data is None:
        return
    try:
        report = await keeper.import_games(data)
    except InvalidImport as error:
        app.message = t("ui.import_failed", reason=t.render(problem_of(error)))
        app.show()
        return
    except (StoreError, OSError) as error:  # not read, not written or not made durable
        app.message = t("ui.import_failed", reason=str(error))
        app.show()
        return
    parts = [t("ui.imported", n=len(report.imported))] if report.imported \
        or not report.evenings else []
    if report.evenings:  # pairs evenings (issue 32): listed on Home
        parts.append(t("pairs.app_imported", n=len(report.evenings)))
        parts += imported_codes(app, report.codes)
    if report.skipped or report.conflicts:
        here = {s.id.casefold(): s for s in keeper.list_games()}
        named = partial(games_named, t, here)
        if report.skipped:
            parts.append(t("ui.import_skipped", games=named(report.skipped)))
        if report.conflicts:
            parts.append(t("ui.import_conflicts", games=named(report.conflicts)))
    app.message = " ".join(parts)
    app.show()


async def _read(app: App, picked: ft.FilePickerFile) -> bytes | None:
    """The picked file's bytes, read by the page (the browser build), with how much is read
    shown on Home as it goes; None, said on Home, when it is too large or cannot be read."""
    t, reader = app.t, app.read_picked
    assert reader is not None
    size = megabytes(picked.size)
    if picked.size > MAX_IMPORT_BYTES:
        app.message = t("ui.import_too_large_size", name=picked.name, size=size,
                        mb=MAX_IMPORT_MB)
        app.show()
        return None
    shown = -1
    try:
        async for part in reader(picked.name, picked.size):
            if isinstance(part, bytes):
                return part
            percent = min(100, part * 100 // max(picked.size, 1))
            # A step a player sees, not a redraw per slice; and the whole once read.
            if percent - shown >= 10 or (percent == 100 and shown < 100):
                shown = percent
                app.message = t("ui.import_reading", name=picked.name, percent=percent,
                                size=size)
                app.message_is_news = True
                app.show()
    except OSError:  # gone, or changed, since it was picked
        app.message = t("ui.import_failed", reason=t("ui.import_unread"))
        app.show()
    return None
