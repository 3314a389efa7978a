"""The browser build's MessagePack packer writes what msgpack's own writes (decision 541)."""

from __future__ import annotations

import datetime
import enum
import sys
import types
from pathlib import Path
from typing import Any

import flet_page
import pytest
from flet_page import ENCODE, scorer_app
from msgpack import ExtType, Timestamp, fallback
from test_save_steady import played, save_a_deal, tap

from scorer.ui.site import packing


class Colour(enum.StrEnum):
    RED = "red"


class Big(enum.IntEnum):
    ONE = 300


def msgpacks(value: Any, default: Any = None) -> bytes:
    """What msgpack's pure-Python packer (the one the browser build has) writes."""
    return bytes(fallback.Packer(default=default).pack(value))


VALUES = [None, True, False, 0, 1, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32,
          2**64 - 1, -1, -32, -33, -128, -129, -32768, -32769, -2**31, -2**31 - 1, -2**63,
          1.5, -0.0, float("inf"), "", "a" * 31, "a" * 32, "a" * 255, "a" * 256, "é" * 40000,
          "x" * 70000, "♣ by Ana", b"", b"x" * 300, bytearray(b"ab"), memoryview(b"abc"),
          Colour.RED, Big.ONE, [1, [2, [3]]], (1, 2), {"a": {1: 2}},
          {n: n for n in range(20)}, list(range(70000)), {n: "v" for n in range(70000)},
          ExtType(5, b"abcd"), ExtType(1, b"xyz"), ExtType(2, b"y" * 300), Timestamp(1, 2)]


@pytest.mark.parametrize("value", VALUES, ids=[f"{type(v).__name__}-{n}"
                                                for n, v in enumerate(VALUES)])
def test_each_kind_of_value_is_written_as_msgpack_writes_it(value: Any) -> None:
    assert packing.packb(value) == msgpacks(value)


def test_default_is_asked_once_as_msgpack_asks_it() -> None:
    class Odd:
        pass

    def named(value: Any) -> Any:
        return ["odd", type(value).__name__] if isinstance(value, Odd) else str(value)

    value = [Odd(), 2**70, {"k": Odd()}, datetime.date(2026, 1, 2)]
    assert packing.packb(value, default=named) == msgpacks(value, named)
    for bad, error in (([Odd()], TypeError), (2**70, OverflowError), ([Odd()] * 2, TypeError)):
        with pytest.raises(error):
            msgpacks(bad, None if error is TypeError else None)
        with pytest.raises(error):
            packing.packb(bad)
    with pytest.raises(TypeError):  # default's answer itself cannot be written
        packing.packb([Odd()], default=lambda value: value)


def test_every_message_of_a_game_is_written_as_msgpack_writes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The home screen, a game's scoreboard, deal entry tap by tap and a Save: each message
    Flet sends, packed by both (Flet's encoder of controls as ``default``)."""
    seen: list[int] = []

    def both(self: Any, message: Any) -> None:
        body = [message.action, message.body]
        expected = msgpacks(body, ENCODE)
        assert packing.packb(body, default=ENCODE) == expected
        seen.append(len(expected))

    monkeypatch.setattr(flet_page.Connection, "send_message", both)
    with scorer_app(tmp_path) as app:
        app.show()
        game = played(app, 12)
        app.route = f"/game/{game.id}"
        app.show()
        save_a_deal(app, game.id)
        app.route = f"/game/{game.id}/deal"
        app.show()
        for name in ("Declarer Ben", "Level 3", "Hearts", "Tricks 9", "Tricks 10"):
            tap(app, name)
        app.keeper.store.close()
    assert len(seen) > 20 and max(seen) > 5000, seen


def test_installed_only_where_flets_pyodide_connection_packs_with_msgpack(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside Pyodide nothing is installed; in a connection module as Flet's, its msgpack
    becomes one whose packb is this packer (and whose unpackb is msgpack's)."""
    monkeypatch.delitem(sys.modules, "flet.messaging.pyodide_connection", raising=False)
    assert packing.check() and packing.install() is False
    import msgpack

    module = types.ModuleType("flet.messaging.pyodide_connection")
    exec("import msgpack\n"  # Flet's send_message, as far as this relies on it
         "class PyodideConnection:\n"
         "    def send_message(self, message):\n"
         "        return msgpack.packb(message)\n", module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    assert packing.check() == [] and packing.install() is True
    assert module.msgpack.packb is packing.packb  # type: ignore[attr-defined]
    assert module.msgpack.unpackb is msgpack.unpackb  # type: ignore[attr-defined]
    assert module.PyodideConnection().send_message([2, {"id": 7}]) == packing.packb(
        [2, {"id": 7}])  # type: ignore[attr-defined]
    assert packing.install() is True and module.msgpack.packb is packing.packb  # once
    assert msgpack.packb is not packing.packb  # the real module is left as it was
