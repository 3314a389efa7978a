"""Starting the app: in a window or the default browser (``scorer run``), served to the phones
at a table (``scorer serve``), and the helpers around it (the address printed with a QR code,
a free port, the package's assets)."""

from __future__ import annotations

import socket
from functools import partial
from importlib.resources import files
from typing import Any

import flet as ft

from ...store import Store

__all__ = ["assets_dir", "run", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8550, data_dir: str | None = None,
          open_access: bool = False, require_code: bool = False,
          site_url: str | None = None) -> None:
    """Serve the web app (offline, no CDN) and print its address and a QR code; see
    :mod:`scorer.ui.serve.server`. ``site_url``: the published site a game's link opens (else this
    server). StoreError (e.g. the folder is busy) and ServeError (host or port unusable) reach
    the caller before anything is served."""
    from ..shell.app import make_main
    from . import printed, server
    from .table import plan_table

    _system_allocator()
    store = Store(data_dir)
    try:
        table = plan_table(host, port, open_access=open_access,
                           require_code=require_code)
        _print_address(table, store)
        served = (table.url or f"http://{host}:{table.port}/").split("?", 1)[0]
        main = make_main(store, table.url, table_code=table.code,
                         link_site=(site_url, True) if site_url else (served, False),
                         open_page=partial(printed.keep, served))
        app = server.build_app(main, table, assets_dir())
        server.run_server(app, table)
    finally:
        store.close()


def _system_allocator() -> None:
    """Run `scorer serve` on the C library's allocator (PYTHONMALLOC=malloc) where it is
    glibc's: Python's own keeps the memory of phones' sessions long gone (2,000 sessions
    opened and closed kept 130 MB for good), glibc's gives it back (decision 223). The
    process is started again in place (same process id), before anything is opened."""
    import os
    import platform
    import sys

    if os.environ.get("PYTHONMALLOC") or not sys.platform.startswith("linux") \
            or platform.libc_ver()[0] != "glibc":
        return
    os.environ["PYTHONMALLOC"] = "malloc"
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])


def _print_address(table: Any, store: Store) -> None:
    import sys

    from ..qr import qr_terminal

    if table.url is None:
        print(f"No network address found for this machine (is it on the Wi-Fi?): phones "
              f"cannot reach it. Serving on port {table.port} anyway"
              + (f"; table code {table.code}" if table.code else "") + ".",
              file=sys.stderr, flush=True)
        return
    print(f"Scorer is served at {table.url}  (data: {store.folder})", flush=True)
    if table.code:
        print(f"Table code: {table.code} (phones that open the address above or scan the code "
              f"below need not type it; use --open to serve without a code)", flush=True)
    qr_terminal(table.url, error="m")  # dark modules dark, on any terminal (issue 30)
    if table.loopback:
        print("Only this machine can open it; use --host 0.0.0.0 to serve phones on this "
              "network.", flush=True)


def run(data_dir: str | None = None) -> None:
    """The app in a desktop window where a Flet desktop client is available, else the web app
    in the default browser on localhost."""
    from ..shell.app import make_main

    store = Store(data_dir)
    try:
        try:
            import flet_desktop  # noqa: F401
        except ImportError:
            import webbrowser

            from . import printed, server
            from .table import plan_table

            table = plan_table("127.0.0.1", _free_port())
            print(f"Scorer is running at {table.url} (opening your browser; "
                  f"data: {store.folder}). Stop it with Ctrl+C.", flush=True)
            served = str(table.url).split("?", 1)[0]
            app = server.build_app(make_main(store, open_page=partial(printed.keep, served)),
                                   table, assets_dir())
            webbrowser.open(str(table.url))  # the socket listens: the browser waits for us
            server.run_server(app, table)
        else:
            ft.run(make_main(store), view=ft.AppView.FLET_APP, no_cdn=True,
                   assets_dir=assets_dir())
    finally:
        store.close()


def _free_port(preferred: int = 8550) -> int:
    for port in (preferred, 0):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(probe.getsockname()[1])
    raise OSError("no free port on 127.0.0.1")


def assets_dir() -> str:
    """The app's assets (fonts, catalogs, rules pages): package data inside ``scorer``."""
    return str(files("scorer") / "assets")
