"""``sw.js`` in the published site: Scorer's service worker (``scorer/assets/web/sw.js``) with
its precache list, the content hash of every file of the site to keep offline, and LZMA
copies of the large ones for it to download instead, decoded by ``lzma.js`` at its end (see
docs/decisions.md on why it is ours and not Workbox, decision 440 on LZMA, and 586 on its
decoder, ``lzma.c`` in WebAssembly)."""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import lzma
import struct
from pathlib import Path

from ..serve.client_files import web_script
from ..serve.flet_files import RENDERER_FILES
from ..theme import FLUTTER_FALLBACKS

__all__ = ["NOT_PRECACHED", "ON_DEMAND", "PACK_FROM", "PRECACHED_FONTS", "lzma_packed",
           "lzma_script", "lzma_sized", "precached", "write_service_worker"]

# Shipped (for the licence notices and what Flet's client may ask for) but not precached:
# nothing on Scorer's screens loads them.
NOT_PRECACHED = ("assets/NOTICES", "assets/packages/media_kit/", "assets/packages/record_web/",
                 "assets/packages/flutter_map/")  # wakelock_plus is kept: the screen stays on

# Kept offline but fetched only when first asked for (then cached): the fallback fonts, which
# only a name in another script needs (Flutter asks for them by its own URLs: see theme.py).
ON_DEMAND = ("fonts/Noto",)
# ... except this one, kept at install: every first home screen names नेपाली and हिन्दी in the
# language list, so every phone needs it at once (41 kB), not a moment after that screen is
# drawn with boxes for them (decision 248).
PRECACHED_FONTS = ("fonts/NotoSansDevanagari.woff2",)

# Precached files this large get an LZMA copy that the service worker downloads instead (the
# page itself too: the service worker keeps its own copy). Decoding 64 kB takes 1-2 ms.
PACK_FROM = 8 * 1024
PACK_SUFFIXES = (".wasm", ".js", ".mjs", ".json", ".zip", ".otf", ".ttf", ".bin", ".html",
                 ".frag", ".gz")


def precached(site: Path) -> tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]:
    """(URL relative to the site, content hash) of every file to keep offline at install, the
    names of those that get an LZMA copy (``NAME.lzma``, written here) for the service worker
    to download instead: the large ones that compress well (see sw.js); and (URL, hash) of the
    files kept only once the page asks for them (``ON_DEMAND``)."""
    entries: list[tuple[str, str]] = []
    packed: list[str] = []
    lazy: list[tuple[str, str]] = []
    # Both renderers shipped ("auto"): each browser downloads and keeps only the one Flutter
    # picks for it, when the page first asks for its files.
    both = all((site / name).is_file() for name in ("main.dart.js", "main.dart.wasm"))
    for path in sorted(site.rglob("*")):
        name = path.relative_to(site).as_posix()
        if path.is_dir() or name == "sw.js" or name.startswith(NOT_PRECACHED) \
                or (path.suffix == ".lzma" and path.with_suffix("").is_file()):  # a copy
            continue
        data = path.read_bytes()
        if (name.startswith(ON_DEMAND) and name not in PRECACHED_FONTS) \
                or (both and name in RENDERER_FILES["auto"]):
            lazy.append((name, hashlib.sha256(data).hexdigest()[:16]))
        else:
            entries.append((name, hashlib.sha256(data).hexdigest()[:16]))
        if len(data) >= PACK_FROM and path.suffix in PACK_SUFFIXES:
            copy = lzma_packed(data)
            if len(copy) <= 0.9 * len(data):
                path.with_name(path.name + ".lzma").write_bytes(copy)
                packed.append(name)
    return entries, packed, lazy


@functools.lru_cache(maxsize=24)
def lzma_packed(data: bytes) -> bytes:
    """``data`` as LZMA (``lzma.FORMAT_ALONE``, preset 9: as small as "extreme" within 0.1 %,
    in less time), with its size written in the header where liblzma leaves it unknown, so
    that the decoder (lzma.js) makes its output array once. The same bytes at each build.
    Kept for the process: Flutter's and Pyodide's large files are the same at every build,
    and compressing them takes seconds (a test session builds several sites)."""
    return lzma_sized(lzma.compress(data, format=lzma.FORMAT_ALONE, preset=9), len(data))


def lzma_sized(packed: bytes, size: int) -> bytes:
    """An ``lzma.FORMAT_ALONE`` stream with its decoded ``size`` written in its header."""
    return packed[:5] + struct.pack("<Q", size) + packed[13:]


def lzma_script() -> str:
    """``lzma.js`` with its decoder, ``lzma.wasm`` (built from ``lzma.c``: decision 586),
    written into it as base64: what sw.js ends with."""
    from importlib.resources import files

    wasm = (files("scorer") / "assets" / "web" / "lzma.wasm").read_bytes()
    script = web_script("lzma.js")
    placeholder = '"__SCORER_LZMA_WASM__"'
    if script.count(placeholder) != 1:
        raise ValueError("lzma.js: no single place for lzma.wasm")
    return script.replace(placeholder, f'"{base64.b64encode(wasm).decode()}"')


def write_service_worker(site: Path, base: str) -> None:
    """``sw.js``, written last: it lists every other file of the site."""
    entries, packed, lazy = precached(site)
    version = hashlib.sha256(json.dumps([entries, lazy]).encode()).hexdigest()[:16]
    script = web_script("sw.js") + "\n" + lzma_script()
    on_demand = dict(lazy)
    kept = on_demand.keys() | dict(entries).keys()
    fallbacks = {folder: name for folder, name in sorted(FLUTTER_FALLBACKS.items())
                 if name in kept}
    manifest = json.dumps({"version": version, "base": base, "files": dict(entries),
                           "packed": packed, "onDemand": on_demand,
                           "fontFallbacks": fallbacks}, indent=0)
    site.joinpath("sw.js").write_text(script.replace("/*PRECACHE*/{}", manifest, 1),
                                      encoding="utf-8")
