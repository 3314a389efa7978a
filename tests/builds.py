"""A site built by ``scorer publish`` once per test run and shared by pytest-xdist's workers:
a build takes 10-25 s of one core, and each worker building its own doubled that on a
2-core machine (issue 19 item 9). Tests must not change a shared build."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # no POSIX locks: each worker builds its own
    fcntl = None  # type: ignore[assignment]


def built_once(tmp_path_factory: Any, name: str, **options: Any) -> Path:
    """The site ``publish(folder, **options)`` builds, made by the first worker that asks for
    it in this run (under a lock the others wait on) and then read by all of them."""
    from scorer.ui.site.publish import publish

    base = tmp_path_factory.getbasetemp()
    # A worker's folder is inside the run's (pytest-N/popen-gw0); without workers the run's
    # own folder is the base (its parent holds earlier runs, whose builds must not be taken).
    shared = fcntl is not None and os.environ.get("PYTEST_XDIST_WORKER") is not None
    run = base.parent if shared else base
    folder = run / f"built-{name}"
    with open(run / f"built-{name}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "done").exists():
            shutil.rmtree(folder, ignore_errors=True)
            publish(folder / "site", **options)
            (folder / "done").write_text("built\n", encoding="utf-8")
    return folder / "site"
