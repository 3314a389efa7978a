"""Scorer in the browser: the entry point of the site ``scorer publish`` builds (Pyodide).

The games live in the same :class:`~scorer.store.Store` as everywhere else, in a folder of
Pyodide's file system that is mounted on IndexedDB (Emscripten's IDBFS). The store writes
files as usual; IDBFS keeps them in memory until :func:`persist` copies the changes to
IndexedDB. The app awaits :func:`persist` after every change before it moves on, so a save the
player sees acknowledged is in IndexedDB. Only this module knows about Pyodide.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..store import DataFolderBusy, Store

__all__ = ["DATA_MOUNT", "persist", "start"]

DATA_MOUNT = "/data"  # the IndexedDB-backed folder; the store is DATA_MOUNT/scorer

_store: Store | None = None
_opening: asyncio.Lock | None = None
_syncing: asyncio.Lock | None = None


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


async def _syncfs(populate: bool) -> None:
    """Copy IndexedDB into memory (``populate``) or memory into IndexedDB, and wait for it."""
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    global _syncing
    if _syncing is None:
        _syncing = asyncio.Lock()
    async with _syncing:  # one sync at a time: Emscripten would otherwise redo the work
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()

        def finished(error: Any = None) -> None:
            if done.done():
                return
            if error:
                done.set_exception(OSError(f"the browser's storage refused the write "
                                           f"({error})"))
            else:
                done.set_result(None)

        _fs().syncfs(populate, create_once_callable(finished))
        await done


async def persist() -> None:
    """Make every change so far durable in IndexedDB (returns when it is)."""
    await _syncfs(False)


async def _hold_site_lock() -> bool:
    """Hold the browser's lock on the games for as long as this page lives; False when another
    tab or window of this site holds it.

    Two pages syncing the same IndexedDB would each write back their own copy of the folder
    and undo the other's saves: like the lock file of a data folder on a computer, this keeps
    a second Scorer out. Browsers without the Web Locks API are not guarded."""
    import js  # type: ignore[import-not-found]
    from pyodide import ffi  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return True
    loop = asyncio.get_running_loop()
    granted: asyncio.Future[bool] = loop.create_future()

    def held(lock: Any) -> Any:
        got = lock is not None and lock is not getattr(ffi, "jsnull", None)  # JS null
        granted.set_result(got)
        if not got:
            return None
        return js.Promise.new(create_once_callable(lambda resolve, reject: None))  # kept

    locks.request("scorer-games", to_js({"ifAvailable": True},
                                        dict_converter=js.Object.fromEntries),
                  create_once_callable(held))
    return await granted


async def open_store() -> Store:
    """The one store of this page, on the IndexedDB mount (loaded from it on first use).
    DataFolderBusy when another tab of this site has the games open."""
    global _store, _opening
    if _opening is None:
        _opening = asyncio.Lock()
    async with _opening:
        if _store is None:
            if not await _hold_site_lock():
                raise DataFolderBusy("Scorer is open in another tab or window of this browser")
            fs = _fs()
            fs.mkdirTree(DATA_MOUNT)
            fs.mount(fs.filesystems.IDBFS, {}, DATA_MOUNT)
            await _syncfs(True)
            _store = Store(f"{DATA_MOUNT}/scorer")
            await persist()  # the folders and index a first visit creates
        return _store


def start() -> None:
    """Run the app in this page (called by the site's ``main.py``)."""
    import flet as ft

    from ..i18n import Translator, choose_language
    from .app import _ask, make_main
    from .theme import fallbacks_on_demand

    fallbacks_on_demand()  # Flutter fetches a Noto font only for a text that needs it

    async def main(page: ft.Page) -> None:
        try:
            store = await open_store()
        except DataFolderBusy:
            info = await _ask(page.get_device_info)
            t = Translator(choose_language(None, getattr(info, "language", None)))
            page.title = "Scorer"
            page.add(ft.Text(t("ui.open_elsewhere"), size=18))
            return
        await make_main(store, None, persist=persist, serverless=True)(page)
        _home_shown()

    ft.run(main)


def _home_shown() -> None:
    """Tell the site's worker that the home screen is up, with the modules it took: the worker
    then has a Python memory snapshot made with them imported, for the next visit (see
    scorer/assets/web/python-start.js). Outside that worker, nothing happens."""
    import sys

    import flet_js  # type: ignore[import-not-found]

    hook = getattr(flet_js, "scorerHomeShown", None)
    if hook is not None:
        hook(",".join(sorted(sys.modules)))
