"""Games in and out of the app: the scoresheet to the share sheet or clipboard, a game as a
CSV or JSON download, games imported from a JSON file (Home)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...game import Game
from ...sheet import to_csv, to_text
from ...store import InvalidImport, StoreError
from ..entry import problem_of

if TYPE_CHECKING:
    from ..app import ScorerApp

__all__ = ["copy_sheet", "download", "import_games", "share_sheet"]


async def share_sheet(app: ScorerApp, game: Game) -> None:
    """The scoresheet to the phone's share sheet; copied where there is none."""
    try:
        result = await app.share.share_text(
            to_text(game, app.t), subject=app.t(f"game.{game.variant_name}"),
            download_fallback_enabled=False, mail_to_fallback_enabled=False)
    except Exception:  # noqa: BLE001 - no share sheet here (a desktop browser)
        result = None
    if result is None or getattr(result.status, "value", "") == "unavailable":
        await copy_sheet(app, game)


async def copy_sheet(app: ScorerApp, game: Game) -> None:
    await ft.Clipboard().set(to_text(game, app.t))
    app.snack(app.t("ui.copied"))


async def download(app: ScorerApp, game: Game, kind: str) -> None:
    store = app.session.store
    text = (to_csv(store.load_many([game.id]), app.t.plain) if kind == "csv"
            else store.export_json([game.id]))
    name = f"scorer-{game.variant_name}-{game.id}.{kind}"
    await app.files.save_file(file_name=name, src_bytes=text.encode("utf-8"))


async def import_games(app: ScorerApp) -> None:
    """Games from a JSON file the player picks; what came in (or why not) is said on Home."""
    t, session = app.t, app.session
    picked = await app.files.pick_files(file_type=ft.FilePickerFileType.CUSTOM,
                                        allowed_extensions=["json"], with_data=True)
    if not picked or picked[0].bytes is None:
        return
    try:
        report = session.store.import_data(picked[0].bytes)
    except InvalidImport as error:
        app.message = t("ui.import_failed", reason=t.render(problem_of(error)))
        app.show()
        return
    except (StoreError, OSError) as error:
        app.message = t("ui.import_failed", reason=str(error))
        app.show()
        return
    if session.persist is not None:
        try:
            await session.persist()
        except OSError as error:
            app.message = t("ui.import_failed", reason=str(error))
            app.show()
            return
    parts = [t("ui.imported", n=len(report.imported))]
    if report.skipped:
        parts.append(t("ui.import_skipped", games=", ".join(report.skipped)))
    if report.conflicts:
        parts.append(t("ui.import_conflicts", games=", ".join(report.conflicts)))
    session.announce("*")
    app.message = " ".join(parts)
    app.show()
