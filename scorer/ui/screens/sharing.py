"""Games in and out of the app: the scoresheet to the share sheet or clipboard, a game as a
CSV or JSON download, games imported from a JSON file (Home)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...game import Game
from ...i18n import Translator
from ...sheet import to_csv, to_text
from ...store import GameSummary, InvalidImport, StoreError
from ...store.transfer import SERVED_IMPORT_MB, SERVED_TOO_LARGE
from ..entry import problem_of
from ..present import game_title, short_time

if TYPE_CHECKING:
    from .host import App

__all__ = ["copy_sheet", "download", "games_named", "import_games", "share_sheet"]


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
    session = app.session
    text = (to_csv(session.load_many([game.id]), app.t.plain) if kind == "csv"
            else session.export_json([game.id]))
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


async def import_games(app: App) -> None:
    """Games from a JSON file the player picks; what came in (or why not) is said on Home."""
    t, session = app.t, app.session
    try:
        picked = await app.files.pick_files(file_type=ft.FilePickerFileType.CUSTOM,
                                            allowed_extensions=["json"], with_data=True)
    except RuntimeError as error:  # scorer serve: the file was over what a phone may send
        if str(error) != SERVED_TOO_LARGE:
            raise
        app.message = t("ui.import_too_large_served", mb=SERVED_IMPORT_MB)
        app.show()
        return
    if not picked or picked[0].bytes is None:
        return
    try:
        report = await session.import_games(picked[0].bytes)
    except InvalidImport as error:
        app.message = t("ui.import_failed", reason=t.render(problem_of(error)))
        app.show()
        return
    except (StoreError, OSError) as error:  # not read, not written or not made durable
        app.message = t("ui.import_failed", reason=str(error))
        app.show()
        return
    parts = [t("ui.imported", n=len(report.imported))]
    if report.skipped or report.conflicts:
        here = {s.id.casefold(): s for s in session.list_games()}
        named = partial(games_named, t, here)
        if report.skipped:
            parts.append(t("ui.import_skipped", games=named(report.skipped)))
        if report.conflicts:
            parts.append(t("ui.import_conflicts", games=named(report.conflicts)))
    app.message = " ".join(parts)
    app.show()
