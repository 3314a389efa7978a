"""MessagePack for Flet's messages in the browser, faster than msgpack's pure-Python packer.

The published site runs msgpack without its compiled part (``pack.PURE_FALLBACK``): each
message Flet sends to the page goes through ``msgpack.fallback.Packer``, which asks of every
value, one test after the other, whether it is None, a bool, an int, bytes, a str, ... and
writes each piece to a buffer. In Pyodide that was a fifth of a tap's Python (decision 541).
:func:`packb` writes the same bytes (a test compares them, value by value and for every
message of a game's screens): the exact types Flet's messages are made of (str, int, dict,
list, bool, None, float) are looked up by their type, everything else is taken in the
fallback's own order, with its ``default`` (Flet's encoder of controls) asked once, as the
fallback asks it. :func:`install` makes Flet's Pyodide connection use it; elsewhere (a
server, the tests' pages) msgpack's compiled packer is used as before.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Callable
from datetime import datetime
from types import ModuleType
from typing import Any

from msgpack import ExtType, Timestamp  # type: ignore[import-untyped]

__all__ = ["check", "install", "packb"]

_RECURSE_LIMIT = 511  # msgpack's DEFAULT_RECURSE_LIMIT
_frozendict: Any = getattr(__import__("builtins"), "frozendict", dict)
_DICTS = (dict, _frozendict)
_S = struct.Struct
_BB, _BH, _BI = _S(">BB").pack, _S(">BH").pack, _S(">BI").pack
_INTS = ((0xFF, _BB, 0xCC), (0xFFFF, _BH, 0xCD), (0xFFFFFFFF, _BI, 0xCE),
         (0xFFFFFFFFFFFFFFFF, _S(">BQ").pack, 0xCF))
_NEGATIVES = ((-0x80, _S(">Bb").pack, 0xD0), (-0x8000, _S(">Bh").pack, 0xD1),
              (-0x80000000, _S(">Bi").pack, 0xD2), (-0x8000000000000000, _S(">Bq").pack, 0xD3))
_DOUBLE = _S(">Bd").pack
_SMALL = [bytes([n]) for n in range(0x80)] + [bytes([0x100 + n]) for n in range(-0x20, 0)]
_EXT_SIZES = {1: b"\xd4", 2: b"\xd5", 4: b"\xd6", 8: b"\xd7", 16: b"\xd8"}


def _int(n: int) -> bytes | None:
    """``n`` as msgpack writes it (the shortest form); None where no form holds it."""
    if -0x20 <= n < 0x80:
        return _SMALL[n]
    if n > 0:
        for top, pack, code in _INTS:
            if n <= top:
                return pack(code, n)
        return None
    for bottom, pack, code in _NEGATIVES:
        if n >= bottom:
            return pack(code, n)
    return None


def _sized_head(n: int, code: int, what: str) -> bytes:
    """A str's (0xD9) or a bin's (0xC4) header for ``n`` bytes, with an 8-, 16- or 32-bit
    length (``code``, ``code`` + 1, ``code`` + 2)."""
    if n <= 0xFF:
        return _BB(code, n)
    if n <= 0xFFFF:
        return _BH(code + 1, n)
    if n <= 0xFFFFFFFF:
        return _BI(code + 2, n)
    raise ValueError(f"{what} is too large")


def _str_head(n: int) -> bytes:
    return bytes([0xA0 + n]) if n <= 0x1F else _sized_head(n, 0xD9, "String")


def _bin_head(n: int) -> bytes:
    return _sized_head(n, 0xC4, "Bin")


def _head(n: int, small: int, big: int, what: str) -> bytes:
    """An array's (0x90, 0xDC) or a map's (0x80, 0xDE) header for ``n`` items."""
    if n <= 0x0F:
        return bytes([small + n])
    if n <= 0xFFFF:
        return _BH(big, n)
    if n <= 0xFFFFFFFF:
        return _BI(big + 1, n)
    raise ValueError(f"{what} is too large")


def packb(obj: Any, *, default: Callable[[Any], Any] | None = None) -> bytes:
    """``obj`` in MessagePack, byte for byte as ``msgpack.packb(obj, default=default)``
    writes it (use_bin_type, no strict types, doubles, no datetime)."""
    out: list[bytes] = []
    put = out.append

    def pack(o: Any, depth: int) -> None:
        if depth < 0:
            raise ValueError("recursion limit exceeded")
        kind = type(o)
        if kind is str:
            data = o.encode("utf-8")
            put(_str_head(len(data)))
            put(data)
        elif kind is int:
            done = _int(o)
            if done is None:
                other(o, depth)
            else:
                put(done)
        elif kind is dict:
            put(_head(len(o), 0x80, 0xDE, "Dict"))
            for key, value in o.items():
                pack(key, depth - 1)
                pack(value, depth - 1)
        elif kind is list or kind is tuple:
            put(_head(len(o), 0x90, 0xDC, "Array"))
            for item in o:
                pack(item, depth - 1)
        elif o is None:
            put(b"\xc0")
        elif kind is bool:
            put(b"\xc3" if o else b"\xc2")
        elif kind is float:
            put(_DOUBLE(0xCB, o))
        else:
            other(o, depth)

    def other(o: Any, depth: int) -> None:
        """Every other value, tested in msgpack's fallback's order."""
        used = False
        while True:
            if o is None:
                return put(b"\xc0")
            if isinstance(o, bool):
                return put(b"\xc3" if o else b"\xc2")
            if isinstance(o, int):
                done = _int(o)
                if done is not None:
                    return put(done)
                if not used and default is not None:
                    o, used = default(o), True
                    continue
                raise OverflowError("Integer value out of range")
            if isinstance(o, (bytes, bytearray)):
                put(_bin_head(len(o)))
                return put(bytes(o))
            if isinstance(o, str):
                data = o.encode("utf-8")
                put(_str_head(len(data)))
                return put(data)
            if isinstance(o, memoryview):
                put(_bin_head(o.nbytes))
                return put(o.tobytes())
            if isinstance(o, float):
                return put(_DOUBLE(0xCB, o))
            if isinstance(o, (ExtType, Timestamp)):
                code, data = (-1, o.to_bytes()) if isinstance(o, Timestamp) else (o.code, o.data)
                size = len(data)
                put(_EXT_SIZES.get(size) or (_BB(0xC7, size) if size <= 0xFF else
                                             _BH(0xC8, size) if size <= 0xFFFF else
                                             _BI(0xC9, size)))
                put(struct.pack("b", code))
                return put(data)
            if isinstance(o, (list, tuple)):
                put(_head(len(o), 0x90, 0xDC, "Array"))
                for item in o:
                    pack(item, depth - 1)
                return None
            if isinstance(o, _DICTS):
                put(_head(len(o), 0x80, 0xDE, "Dict"))
                for key, value in o.items():
                    pack(key, depth - 1)
                    pack(value, depth - 1)
                return None
            if not used and default is not None:
                o, used = default(o), True
                continue
            if isinstance(o, datetime):
                raise ValueError(f"Cannot serialize {o!r} where tzinfo=None")
            raise TypeError(f"Cannot serialize {o!r}")

    pack(obj, _RECURSE_LIMIT)
    return b"".join(out)


class _Msgpack(ModuleType):
    """msgpack as Flet's Pyodide connection sees it: its :func:`packb` is this module's."""

    def __init__(self, real: ModuleType) -> None:
        super().__init__(real.__name__)
        self.__dict__.update({k: v for k, v in vars(real).items() if not k.startswith("__")})
        self.packb = packb


def check() -> list[str]:
    """What :func:`install` relies on in Flet and does not find (empty: all there)."""
    connection = sys.modules.get("flet.messaging.pyodide_connection")
    if connection is None:
        return ["flet.messaging.pyodide_connection (not imported: not in Pyodide)"]
    send = getattr(getattr(connection, "PyodideConnection", None), "send_message", None)
    if send is None or "msgpack" not in send.__code__.co_names:
        return ["PyodideConnection.send_message calling msgpack.packb"]
    return []


def install() -> bool:
    """Flet's Pyodide connection packs its messages with :func:`packb` (once; True if it
    does). Outside Pyodide, or where Flet no longer packs as this relies on, nothing
    changes."""
    if check():
        return False
    connection: Any = sys.modules["flet.messaging.pyodide_connection"]
    real = connection.msgpack
    if not isinstance(real, _Msgpack):
        connection.msgpack = _Msgpack(real)
    return True
