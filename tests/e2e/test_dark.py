"""Plain text is readable in the phone's dark mode and in its light mode: a game's scoreboard
is opened in real Chromium with the colour scheme emulated, and the pixels drawn where known
texts are (found by their accessibility nodes) must hold a colour with WCAG contrast >= 4.5
against the background there (a player once saw dark names on the dark page: the theme's text
styles carried no colour, so Flutter drew them in its default black)."""

from __future__ import annotations

import struct
import time
import zlib
from collections import Counter

import pytest
from browser import PHONE, Phone, served

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.minibridge import MiniBridgeDeal
from scorer.store import Store
from scorer.ui.theme import DARK, HIGH_DARK, HIGH_LIGHT, LIGHT, contrast

pytestmark = pytest.mark.browser

# Where a text is drawn: the smallest accessibility node in view whose own text (or name)
# holds ``text``.
BOX = """text => {
  let best = null;
  for (const e of document.querySelectorAll('flt-semantics')) {
    const own = Array.from(e.childNodes).filter(n => n.nodeType === 3)
      .map(n => n.textContent).join('')
      || Array.from(e.children).filter(c => c.tagName === 'SPAN')
           .map(c => c.textContent).join('');
    if (!own.includes(text) && !(e.getAttribute('aria-label') || '').includes(text)) continue;
    const r = e.getBoundingClientRect();
    const shown = r.width > 0 && r.height > 0 && r.y >= 0 && r.bottom <= window.innerHeight;
    if (shown && (!best || r.width * r.height < best.width * best.height))
      best = {x: r.x, y: r.y, width: r.width, height: r.height};
  }
  return best;
}"""


def rgb_rows(png: bytes) -> list[list[tuple[int, int, int]]]:
    """The pixels of an 8-bit RGB or RGBA PNG (what Chromium's screenshots are), row by row."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, width, height, step = 8, b"", 0, 0, 3
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0
            step = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += body
        pos += 12 + length
    raw, stride = zlib.decompress(data), width * step
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind_ = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - step] if i >= step else 0
            b, c = prev[i], (prev[i - step] if i >= step else 0)
            if kind_ == 1:
                line[i] = (line[i] + a) & 255
            elif kind_ == 2:
                line[i] = (line[i] + b) & 255
            elif kind_ == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind_ == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([(line[x], line[x + 1], line[x + 2]) for x in range(0, stride, step)])
        prev = line
    return rows


def best_contrast(png: bytes) -> tuple[float, str, str]:
    """The highest contrast of any pixel against the most common one (the background):
    (ratio, that pixel, the background)."""
    pixels = Counter("#{:02X}{:02X}{:02X}".format(*px) for row in rgb_rows(png) for px in row)
    background = pixels.most_common(1)[0][0]
    ink = max(pixels, key=lambda px: contrast(px, background))
    return contrast(ink, background), ink, background


@pytest.fixture(scope="module")
def game_url(tmp_path_factory):
    """A MiniBridge game of four deals (the one in the player's report), served."""
    data_dir = tmp_path_factory.mktemp("dark") / "data"
    data_dir.mkdir()
    with Store(data_dir) as store:
        game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
        for deal in (MiniBridgeDeal(0, Contract.parse("3NT"), 9), MiniBridgeDeal(redeal=True),
                     MiniBridgeDeal.from_hcp([5, 10, 5, 20], 1, Contract.parse("4S"), 8),
                     MiniBridgeDeal(3, Contract.parse("2H"), 9)):
            game = game.add_deal(deal)
        game_id = store.save(game).id
    with served(data_dir) as url:
        yield f"{url}game/{game_id}"


# Plain texts of the scoreboard: the totals card's names, the deal line, the opener's line,
# the rules line.
TEXTS = ["Ana & Cleo total 500", "Deal 4 of 8 · dealer: Dan",
         "Dan (West) announces points first",
         "Rules: after a redeal the same dealer deals again (default)"]


@pytest.mark.parametrize(("scheme", "colours"), [("dark", DARK), ("light", LIGHT)])
def test_scoreboard_text_is_readable(browser, game_url, scheme, colours):
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    try:
        phone = Phone(context.new_page(), game_url).open()
        phone.see("Ana & Cleo total 500")
        page = phone.page
        # The page itself (its bottom right corner holds nothing else) is this scheme's surface.
        # Just after loading, Flet may draw a frame or two in Flutter's default theme: wait
        # (by count) for the theme's background, then read the texts.
        corner = {"x": PHONE["width"] - 4, "y": PHONE["height"] - 4, "width": 2, "height": 2}
        for _ in range(100):
            page_colour = best_contrast(page.screenshot(clip=corner))
            if page_colour[2] == colours["surface"]:
                break
            time.sleep(0.1)
        found = {}
        for text in TEXTS:
            page.wait_for_function(f"t => ({BOX})(t) !== null", arg=text, timeout=20000)
            box = page.evaluate(BOX, text)
            found[text] = best_contrast(page.screenshot(clip=box))
        wrong = {text: seen for text, seen in found.items() if seen[0] < 4.5}
        if page_colour[2] != colours["surface"]:
            wrong["page"] = page_colour
        assert wrong == {}, f"{scheme}: (contrast, ink, background) where wrong: {wrong}"
    finally:
        context.close()


@pytest.mark.parametrize(("asked", "colours"), [
    ({"contrast": "more"}, HIGH_LIGHT), ({"contrast": "more", "color_scheme": "dark"}, HIGH_DARK),
    ({"contrast": "no-preference"}, LIGHT),
    # Forced colours (Windows' high contrast, a browser's own colours) ask for it too, with no
    # prefers-contrast at all (decision 232).
    ({"forced_colors": "active", "contrast": "no-preference"}, HIGH_LIGHT),
    ({"forced_colors": "active", "contrast": "no-preference", "color_scheme": "dark"},
     HIGH_DARK),
    ({"forced_colors": "none", "contrast": "no-preference", "color_scheme": "dark"}, DARK)],
    ids=["more-light", "more-dark", "usual", "forced-light", "forced-dark", "not-forced-dark"])
def test_a_phone_that_asks_for_more_contrast_gets_the_high_contrast_scheme(browser, game_url,
                                                                          asked, colours):
    """Issue 29 item 5: prefers-contrast: more, or forced colours, draw the high-contrast
    scheme (the page tells the app, a11y.js); a phone that asks for neither keeps the usual
    one."""
    context = browser.new_context(viewport=PHONE, **asked)
    try:
        phone = Phone(context.new_page(), game_url).open()
        phone.see("Ana & Cleo total 500")
        corner = {"x": PHONE["width"] - 4, "y": PHONE["height"] - 4, "width": 2, "height": 2}
        seen = ""
        for _ in range(100):  # the theme's background comes a frame or two after the first
            seen = best_contrast(phone.page.screenshot(clip=corner))[2]
            if seen == colours["surface"]:
                break
            phone.frames(6)
        assert seen == colours["surface"], (asked, seen)
    finally:
        context.close()
