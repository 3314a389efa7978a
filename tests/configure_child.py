"""Run alone (a fresh interpreter, ``PYTHONHASHSEED`` fixed): every game's screens, a deal
entered and saved, then home, statistics, Check a score and the rules; prints a digest of
every message sent to the page and of every control's marks after each screen (its parent,
frozen and initialized marks, its tracked changes, the copies its next comparison starts
from) and of the controls the session keeps (those each screen left taken out), then which
functions prepared new controls, listed removed ones and compared the page. ``flet`` as the
argument: Flet's own (neither scorer.ui.shell.configure nor scorer.ui.shell.unchanged
installed). tests/test_configure.py compares the two."""

import gc
import hashlib
import random
import sys
import tempfile
import uuid
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import flet_page  # noqa: E402
import msgpack  # noqa: E402
from controls import walk  # noqa: E402
from flet.controls import object_patch  # noqa: E402
from flet_page import ENCODE, Connection, scorer_app  # noqa: E402

import scorer.game  # noqa: E402
from scorer.ui.shell import configure, unchanged  # noqa: E402

if sys.argv[1:] == ["flet"]:
    configure.install = lambda: None  # type: ignore[assignment]
    unchanged.install = lambda: None  # type: ignore[assignment]

# The same ids and times in both runs
_ids = random.Random(7)
uuid.uuid4 = lambda: uuid.UUID(int=_ids.getrandbits(128))  # type: ignore[assignment]


class _Fixed(datetime):
    @classmethod
    def now(cls, tz=None):  # type: ignore[override]
        return datetime(2026, 12, 5, 12, 0, tzinfo=UTC)


scorer.game.datetime = _Fixed  # type: ignore[attr-defined]

import link_games  # noqa: E402  (after the clock: its games' own clock is fixed anyway)

digest = hashlib.sha256()
sent = [0, 0]


def _sent(self, message) -> None:
    data = msgpack.packb([message.action, message.body], default=ENCODE)
    digest.update(data)
    sent[0] += 1
    sent[1] += len(data)


Connection.send_message = _sent


def _item(value) -> object:
    return getattr(value, "_i", None) or type(value).__name__


def kept(control) -> list[object]:
    """The copies Flet keeps of what the control's lists, dicts and nested objects held
    when last sent (what its next comparison starts from), as the ids and types they hold."""
    out: list[object] = []
    for name in ("__prev_lists", "__prev_dicts", "__prev_classes"):
        for field, value in sorted(getattr(control, name, {}).items()):
            items = (value if isinstance(value, list) else
                     list(value.values()) if isinstance(value, dict) else [value])
            out.append((name, field, [_item(item) for item in items]))
    return out


def marks(app) -> None:
    """Every control's marks on the screen shown (hidden ones too), then the ids of the
    controls the session keeps (those a screen left were taken out), into the digest."""
    view = app.page.views[0]
    for control in walk([c for c in (view, *view.controls, view.appbar, view.bottom_appbar)
                         if c is not None]):
        parent = getattr(control, "_parent", None)
        parent = parent() if parent is not None else None
        digest.update(repr((type(control).__name__, control._i, getattr(parent, "_i", None),
                            getattr(control, "_frozen", None),
                            getattr(control, "_initialized", None),
                            len(control._dirty), kept(control))).encode())
    gc.collect()  # the index holds its controls weakly: only those still kept, in both runs
    digest.update(repr(sorted(app.page.session.index)).encode())


def shown(app, route: str) -> None:
    app.route = route
    app.show()
    marks(app)


def tap(app, name: str) -> None:
    flet_page.tap(app, name)
    marks(app)


with tempfile.TemporaryDirectory() as folder, scorer_app(Path(folder)) as app:
    shown(app, "/")
    games = [app.keeper.store.save(game) for game in link_games.long_games().values()]
    shown(app, "/")
    for game in games:
        for screen in ("", "/deal", "/deal/1", "/deal/2/edit", ""):
            shown(app, f"/game/{game.id}{screen}")
    draw = games[0]
    shown(app, f"/game/{draw.id}/deal")
    for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 8", "Tricks 9", "Save deal"):
        tap(app, name)
    for route in (f"/game/{draw.id}", "/", "/stats", "/check", "/new",
                  "/rules/draw-bridge", f"/game/{draw.id}"):
        shown(app, route)
    walked = object_patch.DiffBuilder._configure_dataclass
    left = object_patch.DiffBuilder.get_removed_controls
    compared = object_patch.DiffBuilder._compare_dataclasses
    print(digest.hexdigest(), sent[0], sent[1], walked.__module__, left.__module__,
          compared.__module__)
