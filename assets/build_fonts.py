"""Make the fallback fonts for names in other scripts: scorer/assets/fonts/Noto*.woff2.

Offline, Flutter's web engine cannot fetch Google's fallback fonts, so a name in Chinese, Arabic,
Devanagari or with an emoji would be drawn as empty boxes. The app ships small subsets of Debian's
Noto fonts and lists them as fallbacks (scorer/ui/shell/app.py, FALLBACK_FONTS).

Run (needs Debian's fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji and PyPI's
fonttools and brotli; none of them is needed to run Scorer):

    python assets/build_fonts.py

- Chinese: Noto Sans CJK SC, the 3,755 characters of GB 2312 level 1 (the common ones) plus
  CJK punctuation; rarer characters stay boxes.
- Arabic, Devanagari: Noto Sans Arabic / Devanagari, their whole blocks, shaping kept.
- Emoji: Noto Color Emoji, the faces, hearts, hands and a few table things (about 170);
  others stay boxes (colour bitmaps are large).
The fonts' licence (SIL Open Font License 1.1) is copied beside them.
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = Path(__file__).resolve().parent.parent / "scorer" / "assets" / "fonts"


def gb2312_level1() -> str:
    chars = []
    for high in range(0xB0, 0xD8):
        for low in range(0xA1, 0xFF):
            try:
                chars.append(bytes([high, low]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(chars)


def ranges(*spans: tuple[int, int]) -> str:
    return "".join(chr(c) for start, end in spans for c in range(start, end + 1))


EMOJI = ranges((0x1F600, 0x1F64F), (0x1F90D, 0x1F90F), (0x1F970, 0x1F97A)) + (
    "❤🧡💛💚💙💜🖤🤍🤎💔💕💖💗💘💝👍👎👏🙌👋✌🤞🤝🙏💪👊✊🔥⭐🌟✨🎉🎊🏆🥇🥈🥉🃏🎴🎲"
    "♠♥♦♣☕🍺🍷🍕🎂🌹🌻🐶🐱🐼🦁🐯🐸🐵🦊🐻🐨👑💯✅❌😀")


def build(source: TTFont, text: str, name: str, keep_layout: bool = True) -> Path:
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"] if keep_layout else []
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text + " ")
    subsetter.subset(source)
    target = OUT / f"{name}.woff2"
    source.flavor = "woff2"
    source.save(target)
    return target


def main() -> None:
    made = [
        build(TTCollection(CJK).fonts[2], gb2312_level1() + ranges((0x3000, 0x303F),
                                                                   (0xFF01, 0xFF5E)),
              "NotoSansSC-common"),
        build(TTFont(NOTO / "NotoSansArabic-Regular.ttf"),
              ranges((0x0600, 0x06FF), (0x0750, 0x077F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)),
              "NotoSansArabic"),
        build(TTFont(NOTO / "NotoSansDevanagari-Regular.ttf"),
              ranges((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF), (0x200C, 0x200D)),
              "NotoSansDevanagari"),
        build(TTFont(NOTO / "NotoColorEmoji.ttf"), EMOJI + "\u200d\ufe0f", "NotoColorEmoji-common"),
    ]
    licences = [Path(f"/usr/share/doc/{package}/copyright").read_text(encoding="utf-8")
                for package in ("fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji")]
    (OUT / "LICENSE-Noto.txt").write_text(
        "The Noto*.woff2 files here are subsets of Debian's Noto fonts, made by\n"
        "assets/build_fonts.py. Their licence, as Debian ships it:\n\n"
        + "\n\n".join(licences), encoding="utf-8")
    for path in made:
        print(f"{path.name}: {path.stat().st_size / 1024:.0f} kB")
    print(f"total {sum(p.stat().st_size for p in made) / 1024:.0f} kB")


if __name__ == "__main__":
    main()
