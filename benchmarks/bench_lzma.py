"""The published site's LZMA copies (decision 440): their bytes against gzip's, and what the
service worker's decoder (scorer/assets/web/lzma.js, running lzma.c as WebAssembly: decision
586) costs to decode them.

Run: python benchmarks/bench_lzma.py [--site DIR] [--decoder FILE]
(without --site it publishes one first; --decoder times another script that defines
scorerLzma(bytes), e.g. the JavaScript decoder before decision 586:
``git show c690eef:scorer/assets/web/lzma.js > old.js``)

For each file with a ``NAME.lzma`` copy: its size, gzip -9's size of it, the LZMA copy's, and
the decoder's CPU time for it in V8 (node, the engine of Chromium; ``process.cpuUsage``): the
first decoding in a fresh node, in the order a service worker meets them (what a first visit
pays, the decoder's warm-up included), and the best of three more (the figure a busy machine
changes least). The totals for the files a first visit in Chromium decodes (everything
precached, plus skwasm's renderer files) are printed at the end, with the machine's load
average. Without node the decoding is not timed (sizes only).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# The renderer files a Chromium first visit asks for (Flutter picks skwasm there).
CHROMIUM_RENDERER = ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm",
                     "canvaskit/skwasm.js")

TIMER = """
const fs = require("fs");
eval(fs.readFileSync(process.argv[2], "utf8") + "\\nglobalThis.scorerLzma = scorerLzma;");
const files = process.argv.slice(3);
const packed = files.map((file) => new Uint8Array(fs.readFileSync(file)));
const used = (i) => {
  const start = process.cpuUsage();
  scorerLzma(packed[i]);
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
};
const out = {};
files.forEach((file, i) => { out[file] = {first: used(i), best: Infinity}; });
for (let round = 0; round < 3; round++) {
  files.forEach((file, i) => { out[file].best = Math.min(out[file].best, used(i)); });
}
console.log(JSON.stringify(out));
"""


def manifest(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.JSONDecoder().raw_decode(text[start:])[0]


def decode_ms(site: Path, names: list[str],
              decoder: Path | None = None) -> dict[str, dict[str, float]] | None:
    """Each file's decoding CPU ms, {"first": ..., "best": ...}, by the site's decoder (or
    ``decoder``); None without node."""
    from scorer.ui.site.offline import lzma_script

    node = shutil.which("node")
    if not node:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        script, lzma_js = Path(tmp) / "timer.js", Path(tmp) / "lzma.js"
        script.write_text(TIMER, encoding="utf-8")
        lzma_js.write_text(decoder.read_text(encoding="utf-8") if decoder else lzma_script(),
                           encoding="utf-8")
        result = subprocess.run(
            [node, str(script), str(lzma_js), *[str(site / f"{name}.lzma") for name in names]],
            capture_output=True, text=True, check=True)
    times = json.loads(result.stdout)
    return {name: times[str(site / f"{name}.lzma")] for name in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built before (else one is built)")
    parser.add_argument("--decoder", type=Path,
                        help="time this script's scorerLzma instead of the site's decoder")
    args = parser.parse_args()
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            from scorer.ui.site.publish import publish
            site = publish(Path(tmp) / "site")
        info = manifest(site)
        # (in the order the service worker's install meets them: its precache list's)
        names = [n for n in info["files"] if n in info["packed"]]
        names += sorted(n for n in info["packed"] if n not in names)
        times = decode_ms(site, names, args.decoder)
        first = [n for n in names if n in info["files"] or n in CHROMIUM_RENDERER]
        totals = {"plain": 0.0, "gzip": 0.0, "lzma": 0.0, "first": 0.0, "best": 0.0}
        print(f"{'file':46} {'plain':>10} {'gzip -9':>9} {'LZMA':>9} {'first':>9} {'best':>9}")
        for name in names:
            data = (site / name).read_bytes()
            gz = len(gzip.compress(data, 9, mtime=0))
            packed = (site / f"{name}.lzma").stat().st_size
            ms = times[name] if times else {"first": float("nan"), "best": float("nan")}
            print(f"{name:46} {len(data):>10} {gz:>9} {packed:>9} {ms['first']:>7.0f} ms "
                  f"{ms['best']:>6.0f} ms")
            if name in first:
                for key, value in (("plain", len(data)), ("gzip", gz), ("lzma", packed),
                                   ("first", ms["first"]), ("best", ms["best"])):
                    totals[key] += value
        print(f"a Chromium first visit decodes {len(first)} files: {totals['plain'] / 1e6:.2f} MB "
              f"plain, {totals['gzip'] / 1e6:.2f} MB as gzip -9, {totals['lzma'] / 1e6:.2f} MB "
              f"as LZMA, decoded in {totals['first']:.0f} ms of CPU (V8; each file's first "
              f"decoding), {totals['best']:.0f} ms (best of three more)"
              + ("" if times else " (node not found: not timed)"))
    print(f"load average at end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
