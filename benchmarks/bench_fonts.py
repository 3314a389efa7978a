"""What a first visit to the published site sends, to its home screen and in the background
after it (decision 247: the fallback fonts are kept once the home screen is up).

Run: python benchmarks/bench_fonts.py [--site DIR ...]   (default: builds this checkout's site)

For each site: a fresh Chromium profile at phone size opens it on loopback (every other host
refused); the bytes the static server sent are read when the home screen shows, then again
once the page has drawn 600 frames without a file being sent (the service worker's background
work done), with the fallback fonts the site's worker then keeps. The machine's load is printed:
a figure taken under load says little (bytes do not depend on it; times are not measured)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

FONTS_KEPT = ("caches.open('scorer-site').then(c => c.keys()).then(k => k.map("
              "r => new URL(r.url).pathname).filter(p => p.startsWith('/fonts/Noto')))")


def visit(playwright, folder: Path, profile: Path) -> tuple[int, int, list[str]]:
    from browser import CHROMIUM_ARGS, PHONE, Phone, StaticSite, block_other_hosts, chromium_path

    site = StaticSite(folder).start()
    failures: list[str] = []
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True,
        viewport=PHONE)
    block_other_hosts(context, failures)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        phone = Phone(page, site.url)
        page.goto(site.url)
        phone.ready(240000).see("No games yet", timeout=240000)
        home = site.bytes_sent
        site.quiet(phone, frames=600, tries=20)
        return home, site.bytes_sent, page.evaluate(FONTS_KEPT)
    finally:
        context.close()
        site.stop()
        assert not failures, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", action="append", type=Path, default=[])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from scorer.ui.site.publish import publish

    print(f"load average at start: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        sites = args.site or [publish(Path(tmp) / "site")]
        for n, folder in enumerate(sites):
            home, after, kept = visit(playwright, folder, Path(tmp) / f"profile-{n}")
            print(f"{folder}: to the home screen {home / 1e6:.2f} MB sent; in all, once "
                  f"quiet, {after / 1e6:.2f} MB (+{(after - home) / 1e6:.2f} MB after home); "
                  f"fallback fonts kept: {', '.join(sorted(kept)) or 'none'}")
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
