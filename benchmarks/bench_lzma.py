"""The published site's LZMA copies (decision 440): their bytes against gzip's, and what the
service worker's decoder (scorer/assets/web/lzma.js) costs to decode them.

Run: python benchmarks/bench_lzma.py [--site DIR]  (without --site it publishes one first)

For each file with a ``NAME.lzma`` copy: its size, gzip -9's size of it, the LZMA copy's, and
the decoder's CPU time for it in V8 (node, the engine of Chromium; ``process.cpuUsage``, best
of three: the figure a busy machine changes least). The total for the files a first visit in
Chromium decodes (everything precached, plus skwasm's renderer files) is printed at the end,
with the machine's load average. Without node the decoding is not timed (sizes only).
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
const out = {};
for (const file of process.argv.slice(3)) {
  const packed = new Uint8Array(fs.readFileSync(file));
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = process.cpuUsage();
    scorerLzma(packed);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  out[file] = best;
}
console.log(JSON.stringify(out));
"""


def manifest(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.JSONDecoder().raw_decode(text[start:])[0]


def decode_ms(site: Path, names: list[str]) -> dict[str, float] | None:
    node = shutil.which("node")
    if not node:
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as script:
        script.write(TIMER)
    try:
        result = subprocess.run(
            [node, script.name, str(ROOT / "scorer" / "assets" / "web" / "lzma.js"),
             *[str(site / f"{name}.lzma") for name in names]],
            capture_output=True, text=True, check=True)
    finally:
        os.unlink(script.name)
    times = json.loads(result.stdout)
    return {name: times[str(site / f"{name}.lzma")] for name in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built before (else one is built)")
    args = parser.parse_args()
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            from scorer.ui.site.publish import publish
            site = publish(Path(tmp) / "site")
        info = manifest(site)
        names = sorted(info["packed"])
        times = decode_ms(site, names)
        first = [n for n in names if n in info["files"] or n in CHROMIUM_RENDERER]
        totals = {"plain": 0, "gzip": 0, "lzma": 0, "ms": 0.0}
        print(f"{'file':46} {'plain':>10} {'gzip -9':>9} {'LZMA':>9} {'decode':>9}")
        for name in names:
            data = (site / name).read_bytes()
            gz = len(gzip.compress(data, 9, mtime=0))
            packed = (site / f"{name}.lzma").stat().st_size
            ms = times[name] if times else float("nan")
            print(f"{name:46} {len(data):>10} {gz:>9} {packed:>9} {ms:>7.0f} ms")
            if name in first:
                for key, value in (("plain", len(data)), ("gzip", gz), ("lzma", packed),
                                   ("ms", ms)):
                    totals[key] += value
        print(f"a Chromium first visit decodes {len(first)} files: {totals['plain'] / 1e6:.2f} MB "
              f"plain, {totals['gzip'] / 1e6:.2f} MB as gzip -9, {totals['lzma'] / 1e6:.2f} MB "
              f"as LZMA, decoded in {totals['ms']:.0f} ms of CPU (V8)"
              + ("" if times else " (node not found: not timed)"))
    print(f"load average at end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
