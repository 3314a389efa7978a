"""How long Pyodide's dynamic linker takes in a repeat visit of the published site, measured
inside the page (issue 33, decision 601).

Run: python benchmarks/bench_linker.py SITE [SITE ...] [--visits N]
(SITE: a folder built by ``scorer publish``; two of them, e.g. main's and a branch's, have their
visits alternated)

A copy of each site is made with timings written into its ``pyodide.asm.mjs`` (and its LZMA
copy, which a first visit downloads): Emscripten's ``receiveInstance`` (the whole link of the
main module), its ``reportUndefinedSymbols``, and in it the wrapping of JavaScript functions as
wasm functions (``convertJsFunctionToWasm``) and the TypeErrors ``addFunction`` catches on the
way. Each copy gets one browser profile: its first visit, one visit with 5 deals played
(``bench_web.py --played``), then its repeat visits, offline, each printing what the worker
measured. Medians in ms, with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import re
import shutil
import statistics
import tempfile
from pathlib import Path

from bench_web import NO_OMNIBOX_WEBUI, Visits, home, load
from playwright.sync_api import sync_playwright

from scorer.ui.site.offline import lzma_sized

ASM = "pyodide/pyodide.asm.mjs"
# (what is in Pyodide's file, what the copy has in its place): each must be there once.
TIMINGS = [
    ("function receiveInstance(instance,module){",
     "function receiveInstance(instance,module){var benchStart=performance.now();"),
    ("LDSO.init();loadDylibs();updateMemoryViews();return wasmExports}",
     "LDSO.init();loadDylibs();updateMemoryViews();benchLinker.receiveInstance="
     "performance.now()-benchStart;console.log('bench linker '+JSON.stringify(benchLinker));"
     "return wasmExports}"),
    ("var reportUndefinedSymbols=()=>{",
     "var benchLinker={report:0,wrap:0,wrapped:0,refused:0};"
     "var reportUndefinedSymbols=()=>{var benchStart=performance.now();"
     "try{return benchReport()}finally{benchLinker.report+=performance.now()-benchStart}};"
     "var benchReport=()=>{"),
    ("var convertJsFunctionToWasm=(func,sig)=>{",
     "var convertJsFunctionToWasm=(func,sig)=>{var benchStart=performance.now();"
     "try{return benchWrap(func,sig)}finally{benchLinker.wrap+=performance.now()-benchStart;"
     "benchLinker.wrapped++}};var benchWrap=(func,sig)=>{"),
    ("var ret=getEmptyTableSlot();try{setWasmTableEntry(ret,func)}catch(err){",
     "var ret=getEmptyTableSlot();var benchStart=performance.now();"
     "try{setWasmTableEntry(ret,func)}catch(err){"
     "benchLinker.refused+=performance.now()-benchStart;"),
]
LINE = re.compile(r"bench linker (\{.*\})")


def timed_copy(site: Path, folder: Path) -> Path:
    """A copy of ``site`` whose Pyodide prints its linker's timings on the console."""
    shutil.copytree(site, folder)
    path = folder / ASM
    text = path.read_bytes().decode("utf-8")
    for old, new in TIMINGS:
        if text.count(old) != 1:
            raise SystemExit(f"bench_linker: {old!r} is not once in {site / ASM}")
        text = text.replace(old, new)
    data = text.encode("utf-8")
    path.write_bytes(data)
    path.with_name(path.name + ".lzma").write_bytes(  # as scorer publish writes it
        lzma_sized(lzma.compress(data, format=lzma.FORMAT_ALONE), len(data)))
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sites", type=Path, nargs="+")
    parser.add_argument("--visits", type=int, default=6, help="repeat visits per site (6)")
    args = parser.parse_args()
    print(f"load average at start: {load()} ({os.cpu_count()} cores)", flush=True)
    seen: dict[Path, list[dict[str, float]]] = {site: [] for site in args.sites}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        phones = {site: Visits(p.chromium, timed_copy(site, tmp / f"site{n}"),
                               tmp / f"profile{n}", extra_args=(NO_OMNIBOX_WEBUI,))
                  for n, site in enumerate(args.sites)}
        try:
            for phone in phones.values():
                phone.first()
                phone.played(5, tmp, 5.0)
            for visit in range(args.visits):
                for site in args.sites if visit % 2 == 0 else args.sites[::-1]:
                    context, page = phones[site].launch()
                    lines: list[str] = []
                    page.on("console", lambda message, lines=lines: lines.append(message.text))
                    seconds = home(page, phones[site].site.url)
                    context.close()
                    found = [LINE.search(line) for line in lines]
                    figures = [json.loads(m[1]) for m in found if m]
                    if len(figures) != 1:
                        raise SystemExit(f"bench_linker: {site}: the worker said {figures}")
                    seen[site].append(figures[0])
                    print(f"{site}: home in {seconds:.2f} s; " + ", ".join(
                        f"{k} {v:.1f}" for k, v in figures[0].items()), flush=True)
        finally:
            for phone in phones.values():
                phone.site.stop()
    for site, runs in seen.items():
        print(f"{site}: medians of {len(runs)} repeat visits, ms: " + ", ".join(
            f"{key} {statistics.median(run[key] for run in runs):.1f}" for key in runs[0]))
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    main()
