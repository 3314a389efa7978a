"""The service worker's LZMA decoder (scorer/assets/web/lzma.js and the WebAssembly it runs,
lzma.c: decisions 440 and 586) in Chromium: what
Python's lzma packs at publish (``offline.lzma_packed``) it decodes to the same bytes, from an
empty file to the site's own app archive; a file cut short, not LZMA, or without its size is
an Error, never bytes. The whole path (every large file of the site downloaded as LZMA and
decoded by the service worker) is what every test of the published site runs through, in
Chromium, Firefox and WebKit (test_published.py, test_engines.py)."""

from __future__ import annotations

import base64
import lzma
import random

import pytest

from scorer.ui.site.offline import lzma_packed, lzma_script, lzma_sized
from scorer.ui.site.pack import app_archive

pytestmark = pytest.mark.browser

# The decoded bytes (base64), or the error's message.
DECODE = """(packed) => {
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  let out;
  try {
    out = scorerLzma(bytes);
  } catch (error) {
    return "error: " + error.message;
  }
  let text = "";
  for (let at = 0; at < out.length; at += 8192) {
    text += String.fromCharCode.apply(null, out.subarray(at, at + 8192));
  }
  return btoa(text);
}"""


@pytest.fixture
def decoder(browser):
    page = browser.new_page()
    page.goto("about:blank")
    page.add_script_tag(content=lzma_script())
    def decoded(packed: bytes) -> bytes | str:
        out = page.evaluate(DECODE, base64.b64encode(packed).decode())
        return out if out.startswith("error: ") else base64.b64decode(out)

    yield decoded
    page.close()


def samples(app: bytes) -> dict[str, bytes]:
    noise = random.Random(440)
    words = [bytes(noise.choice(b"abcdefgh ") for _ in range(noise.randint(1, 12)))
             for _ in range(300)]
    return {
        "empty": b"",
        "one byte": b"x",
        "noise (no match)": bytes(noise.getrandbits(8) for _ in range(70_000)),
        "one byte repeated (overlapping copies)": b"a" * 300_000,
        "words (short and long distances)": b" ".join(noise.choice(words)
                                                       for _ in range(60_000)),
        "the site's app archive": app,
    }


def test_what_python_packs_the_page_decodes_to_the_same_bytes(decoder):
    for name, data in samples(app_archive()).items():
        assert decoder(lzma_packed(data)) == data, name


def test_a_file_cut_short_or_not_lzma_is_an_error(decoder):
    data = bytes(range(256)) * 400
    packed = lzma_packed(data)
    assert decoder(packed[:len(packed) // 2]) == "error: LZMA: cut short"
    assert decoder(packed[:10]) == "error: LZMA: too short"
    assert decoder(b"\xff" + packed[1:]) == "error: LZMA: bad properties"
    # liblzma's own header leaves the size unknown: lzma_packed writes it in.
    unsized = lzma.compress(data, format=lzma.FORMAT_ALONE)
    assert decoder(unsized) == "error: LZMA: no size in the header"
    assert decoder(lzma_sized(unsized, len(data))) == data


@pytest.mark.parametrize(("lc", "lp", "pb"), [(0, 0, 0), (1, 2, 2), (4, 0, 4), (0, 4, 0)])
def test_other_literal_and_position_settings_decode_too(decoder, lc, lp, pb):
    """The site's files use liblzma's preset (lc 3, lp 0, pb 2); the decoder reads the
    settings from the header, as any LZMA file gives them."""
    noise = random.Random(586)
    data = bytes(noise.choice(b"abcdefgh\x00\xff") for _ in range(50_000)) * 3
    filters = [{"id": lzma.FILTER_LZMA1, "preset": 6, "lc": lc, "lp": lp, "pb": pb}]
    packed = lzma.compress(data, format=lzma.FORMAT_ALONE, filters=filters)
    assert decoder(lzma_sized(packed, len(data))) == data


def test_a_stream_spoilt_after_its_header_is_an_error_or_bytes_of_its_size(decoder):
    """A byte changed in the middle of a file: the decoder says so (an Error, as from a read
    the WebAssembly would make outside its memory), or, where the change still reads as LZMA
    (which has no checksum), gives as many bytes as the header says, as the JavaScript decoder
    did; it never hangs. 40 spoilt copies, each a different place and value."""
    data = b" ".join(str(n).encode() * (n % 7 + 1) for n in range(20_000))
    packed = lzma_packed(data)
    noise = random.Random(5860)
    outcomes = set()
    for _ in range(40):
        spoilt = bytearray(packed)
        at = noise.randrange(18, len(spoilt))
        spoilt[at] ^= noise.randrange(1, 256)
        out = decoder(bytes(spoilt))
        assert isinstance(out, bytes) or out.startswith("error: LZMA: "), out
        outcomes.add("error" if isinstance(out, str) else "bytes")
        if isinstance(out, bytes):
            assert len(out) == len(data)
    assert "error" in outcomes
