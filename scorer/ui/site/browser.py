"""Scorer in the browser: the entry point of the site ``scorer publish`` builds (Pyodide).

The games live in the same :class:`~scorer.store.Store` as everywhere else, in a folder of
Pyodide's file system that is mounted on IndexedDB (Emscripten's IDBFS). The store writes
files as usual; IDBFS keeps them in memory until :func:`persist` copies the changes to
IndexedDB. The app awaits :func:`persist` after every change before it moves on, so a save the
player sees acknowledged is in IndexedDB. Only this module knows about Pyodide.

:func:`persist` copies only the files written, moved or deleted since the last one (noted by
the file system's tracking hooks, :data:`TRACKER`), in one IndexedDB transaction, in IDBFS's
own format: its cost does not grow with the number of stored games, where IDBFS's
``syncfs`` walks every file and every IndexedDB key each time. After a failed copy the next
one copies the whole folder again (``syncfs``), so nothing written meanwhile is left behind.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator, Callable
from typing import Any

from ...store import MAX_IMPORT_BYTES, DataFolderBusy, Store

__all__ = ["DATA_MOUNT", "hold_messages", "page_address", "persist", "read_picked", "start"]

DATA_MOUNT = "/data"  # the IndexedDB-backed folder; the store is DATA_MOUNT/scorer

_store: Store | None = None
_opening: asyncio.Lock | None = None
_syncing: asyncio.Lock | None = None


def _fs() -> Any:
    import pyodide_js

    return pyodide_js.FS


# The tracker of changed files (JavaScript, run once the folder is loaded): the file system
# calls its hooks on every write, move and deletion; copy() puts what changed under the mount
# into IndexedDB with IDBFS's own entries (so a later load reads them as usual).
TRACKER = """
const changed = new Set();
let whole = false;  // after a failed copy: copy the whole folder next time
const mine = (path) => path === mount || String(path).startsWith(mount + "/");
const note = (path) => { if (path && mine(path)) { changed.add(String(path)); } };
const hooks = FS.trackingDelegate;
hooks.onWriteToFile = note;
hooks.onMakeDirectory = note;
hooks.onMakeSymlink = (target, path) => note(path);
hooks.onDeletePath = note;
hooks.onMovePath = (from, to) => { note(from); note(to); };
// A file opened to be created (O_CREAT) or emptied (O_TRUNC) changes even if nothing is written.
hooks.onOpenFile = (path, flags) => { if (flags & (64 | 512)) { note(path); } };
const exists = (path) => { try { return FS.lstat(path); } catch (error) { return null; } };
// A path and, for a folder moved or made, what is in it.
function within(path, into) {
  into.add(path);
  const stat = exists(path);
  if (stat && FS.isDir(stat.mode)) {
    for (const name of FS.readdir(path)) {
      if (name !== "." && name !== "..") { within(path + "/" + name, into); }
    }
  }
  return into;
}
function copy(done) {
  const paths = new Set();
  for (const path of changed) { within(path, paths); }
  changed.clear();
  let answered = false;
  const finish = (error) => {
    if (answered) { return; }
    answered = true;
    if (error) { whole = true; }
    done(error ? String(error && error.message || error) : null);
  };
  if (whole) {
    IDBFS.syncfs(FS.lookupPath(mount).node.mount, false, (error) => {
      if (!error) { whole = false; }
      finish(error);
    });
    return;
  }
  if (!paths.size) { finish(null); return; }
  IDBFS.getDB(mount, (error, db) => {
    if (error) { finish(error); return; }
    // The browser closes the connection if the site's storage is cleared under the page: the
    // next copy opens the database again and writes everything the app holds.
    db.onclose = () => { delete IDBFS.dbs[mount]; whole = true; };
    let transaction;
    try {
      transaction = db.transaction([IDBFS.DB_STORE_NAME], "readwrite");
    } catch (error) {  // e.g. the connection closed: the site's storage was cleared
      delete IDBFS.dbs[mount];
      finish(error);
      return;
    }
    transaction.oncomplete = () => finish(null);
    transaction.onabort = () => finish(transaction.error || "the write was aborted");
    transaction.onerror = (event) => { event.preventDefault(); };  // reported by onabort
    const store = transaction.objectStore(IDBFS.DB_STORE_NAME);
    const failed = (error) => { if (error) { try { transaction.abort(); } catch (e) {} } };
    for (const path of [...paths].sort()) {
      if (exists(path)) {
        IDBFS.loadLocalEntry(path, (error, entry) => {
          if (error) { failed(error); } else { IDBFS.storeRemoteEntry(store, path, entry, failed); }
        });
      } else {  // gone: its entry, and those of a folder's files
        store.delete(path);
        store.delete(IDBKeyRange.bound(path + "/", path + "/\\uffff"));
      }
    }
  });
}
return {copy, pending: () => changed.size, whole: () => whole};
"""
PERSIST_TIMEOUT = 20.0  # seconds: a browser storage that does not answer by then has failed

_tracker: Any = None


async def _answer(start: Any, what: str) -> None:
    """Run ``start(callback)`` (a JavaScript call that answers once, with an error or not) and
    wait for its answer: OSError naming ``what`` on an error, or after :data:`PERSIST_TIMEOUT`
    without one (the browser's storage may have been cleared under the page)."""
    from pyodide.ffi import create_once_callable

    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()

    def finished(error: Any = None) -> None:
        if done.done():
            return
        if error:
            done.set_exception(OSError(f"the browser's storage refused the {what} ({error})"))
        else:
            done.set_result(None)

    start(create_once_callable(finished))
    try:
        await asyncio.wait_for(done, PERSIST_TIMEOUT)
    except TimeoutError:
        raise OSError(f"the browser's storage did not answer the {what} in "
                      f"{PERSIST_TIMEOUT:g} s") from None


def _sync_lock() -> asyncio.Lock:
    """One copy between memory and IndexedDB at a time (made on first use, in the page's
    event loop): Emscripten would otherwise redo the work, and a copy takes what changed
    before it began."""
    global _syncing
    if _syncing is None:
        _syncing = asyncio.Lock()
    return _syncing


async def _syncfs(populate: bool) -> None:
    """Copy IndexedDB into memory (``populate``) or the whole folder into IndexedDB."""
    async with _sync_lock():
        await _answer(lambda callback: _fs().syncfs(populate, callback),
                      "read" if populate else "write")


def _track_changes() -> None:
    """From now on, note every file changed under the mount (see :data:`TRACKER`)."""
    import js

    global _tracker
    fs = _fs()
    _tracker = js.Function.new("FS", "IDBFS", "mount", TRACKER)(
        fs, fs.filesystems.IDBFS, DATA_MOUNT)


async def persist() -> None:
    """Make every change so far durable in IndexedDB (returns when it is; OSError if the
    browser's storage refused it or did not answer)."""
    if _tracker is None:  # before the folder was loaded: nothing of ours is tracked yet
        await _syncfs(False)
        return
    async with _sync_lock():
        await _answer(_tracker.copy, "write")


async def _hold_site_lock() -> bool:
    """Hold the browser's lock on the games for as long as this page lives; False when another
    tab or window of this site holds it.

    Two pages syncing the same IndexedDB would each write back their own copy of the folder
    and undo the other's saves: like the lock file of a data folder on a computer, this keeps
    a second Scorer out. Browsers without the Web Locks API are not guarded."""
    import js
    from pyodide import ffi
    from pyodide.ffi import create_once_callable, to_js

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
            _track_changes()
            # The index (the home screen's summaries of every game) is not written at each
            # Save: it would be copied to IndexedDB at every Save, and it grows with the
            # games. The next start re-reads the few games changed since, and writes it.
            _store = Store(f"{DATA_MOUNT}/scorer", index_interval=math.inf)
            await persist()  # the folders and index a first visit creates
        return _store


async def read_picked(name: str, size: int) -> AsyncIterator[int | bytes]:
    """The bytes of the file just picked (``name``, ``size``, as Flet's picker told them), read
    by the page itself (scorer/assets/web/picked.js) and handed to this worker whole: the
    number of bytes read so far after each slice, then the bytes. OSError if the page cannot
    read it (decision 245). The caller has refused a file larger than MAX_IMPORT_BYTES by its
    size; the page refuses it too, unread."""
    import flet_js
    from pyodide.ffi import create_proxy

    ask = getattr(flet_js, "scorerReadPicked", None)
    if ask is None:
        raise OSError("this page cannot read a picked file")
    told: asyncio.Queue[int | bytes | OSError] = asyncio.Queue()
    progress = create_proxy(lambda loaded: told.put_nowait(int(loaded)))

    async def whole() -> None:
        try:
            told.put_nowait((await ask(name, size, MAX_IMPORT_BYTES, progress)).to_bytes())
        except Exception as error:  # noqa: BLE001 - JavaScript's error, said in one line
            told.put_nowait(OSError(str(getattr(error, "message", error))))

    reading = asyncio.ensure_future(whole())
    try:
        while True:
            item = await told.get()
            if isinstance(item, OSError):
                raise item
            yield item
            if isinstance(item, bytes):
                return
    finally:
        reading.cancel()
        progress.destroy()


def page_address(document: bytes) -> str:
    """An address of this site's origin (``blob:``) at which ``document`` (HTML) opens in a
    tab of its own: a printable page, with no server (decision 432)."""
    import js
    from pyodide.ffi import to_js

    blob = js.Blob.new(to_js([document.decode("utf-8")]),
                       to_js({"type": "text/html;charset=utf-8"},
                             dict_converter=js.Object.fromEntries))
    return str(js.URL.createObjectURL(blob))


def hold_messages(page: Any) -> Callable[[], None] | None:
    """What Flet sends ``page`` from now on waits, in order, until the function returned is
    called (once; later calls do nothing); None if it cannot wait (no connection). A Save's
    next screen is built and compared while IndexedDB writes the Save, and reaches the page
    once the write is done (decision 374)."""
    connection = page.session.connection
    if connection is None or "send_message" in vars(connection):  # (held already)
        return None
    send = connection.send_message
    waiting: list[Any] = []
    connection.send_message = waiting.append  # this connection's, ahead of its class's

    def release() -> None:
        if connection.__dict__.get("send_message") == waiting.append:
            del connection.send_message
            for message in waiting:
                send(message)
            waiting.clear()

    return release


def start() -> None:
    """Run the app in this page (called by the site's ``main.py``)."""
    import flet as ft

    from ...i18n import Translator, choose_language
    from ..shell.app import ask, make_main
    from ..theme import fallbacks_on_demand
    from . import packing

    fallbacks_on_demand()  # Flutter fetches a Noto font only for a text that needs it

    async def main(page: ft.Page) -> None:
        _mark("session started")
        packing.install()  # Flet's messages to the page packed faster (decision 541)
        try:
            store = await open_store()
            _mark("store opened")
        except DataFolderBusy:
            info = await ask(page.get_device_info)
            t = Translator(choose_language(None, getattr(info, "language", None)))
            page.title = "Scorer"
            page.add(ft.Text(t("ui.open_elsewhere"), size=18))
            return
        await make_main(store, None, persist=persist, serverless=True,
                        read_picked=read_picked, hold=hold_messages,
                        open_page=page_address)(page)
        _mark("home sent")
        _home_shown()

    ft.run(main)


# What a game's screens import that the home screen does not (its scoreboard's chart: flet-charts
# is most of the app's import time; the controls only they draw). Imported for the snapshot too,
# so that on the next visit the first game opened, or the first Save, waits for no import
# (decision 186; a test checks that the games' screens import nothing else).
LATER = ("flet_charts", "flet.controls.core.gesture_detector", "flet.controls.core.icon",
         "flet.controls.material.card", "flet.controls.material.divider",
         "flet.controls.material.icon_button", "flet.controls.material.icons",
         "flet.controls.material.progress_bar", "flet.data_channel", "encodings.utf_8_sig")


def _mark(name: str) -> None:
    """A stage of the start on the console, as the worker's own (python-start.js's
    ``scorerMark``): what bench_web.py reads to say where a visit's time went."""
    import js

    mark = getattr(js, "scorerMark", None)
    if mark is not None:
        mark(name)


def _home_shown() -> None:
    """Tell the site's worker that the home screen is up, with the modules it took and those a
    game's screens take later (:data:`LATER`): the worker then has a Python memory snapshot
    made with them imported, for the next visit (see scorer/assets/web/python-start.js).
    Outside that worker, nothing happens."""
    import sys

    import flet_js

    hook = getattr(flet_js, "scorerHomeShown", None)
    if hook is not None:
        hook(",".join(sorted(set(sys.modules) | set(LATER))))
    up = getattr(flet_js, "scorerHomeUp", None)  # the page keeps its fonts now (decision 247)
    if up is not None:
        up()
