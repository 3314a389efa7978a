"""The service worker's LZMA decoder (scorer/assets/web/lzma.js, decision 440) in Chromium: what
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

from scorer.ui.serve.client_files import web_script
from scorer.ui.site.offline import lzma_packed
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
    page.add_script_tag(content=web_script("lzma.js"))
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
    assert decoder(unsized[:5] + packed[5:13] + unsized[13:]) == data
