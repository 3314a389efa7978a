"""The app's colours, light and dark, and its fonts. The colours are chosen so that every
text and every selected control is readable at a noisy table (WCAG contrast: text >= 4.5:1,
controls >= 3:1; the test ``tests/test_reported.py`` checks every pair the screens use).

The colours are a green Material 3 scheme written out, not generated from a seed at run time,
so the pairs the test checks are the pairs the phone shows. Red suits use ``tertiary``: red
on the page, and the selected button's own text colour when selected (red on green was 1.29:1).
"""

from __future__ import annotations

import flet as ft

__all__ = ["LIGHT", "DARK", "HIGH_LIGHT", "HIGH_DARK", "HIGH_TEXT", "FALLBACK_FONTS",
           "FLUTTER_FALLBACKS", "SYMBOL_FONT", "TEXT_FONT", "TEXT_PAIRS", "CONTROL_PAIRS",
           "theme", "contrast", "fallbacks_on_demand"]

LIGHT = {
    "primary": "#2F6A31", "on_primary": "#FFFFFF",
    "primary_container": "#B8F0AE", "on_primary_container": "#002204",
    "secondary": "#52634F", "on_secondary": "#FFFFFF",
    "tertiary": "#B71C1C", "on_tertiary": "#FFFFFF",
    "error": "#BA1A1A", "on_error": "#FFFFFF",
    "surface": "#F8FBF1", "on_surface": "#191D17", "on_surface_variant": "#424940",
    "surface_container_lowest": "#FFFFFF", "surface_container_low": "#F2F5EB",
    "surface_container": "#ECEFE6", "surface_container_high": "#E7E9E0",
    "surface_container_highest": "#E1E4DA",
    "outline": "#72796F", "outline_variant": "#C2C8BD",
}
DARK = {
    "primary": "#9ED795", "on_primary": "#07390C",
    "primary_container": "#1B5120", "on_primary_container": "#B8F0AE",
    "secondary": "#B9CCB3", "on_secondary": "#253423",
    "tertiary": "#FF8A80", "on_tertiary": "#5F1412",
    "error": "#FFB4AB", "on_error": "#690005",
    "surface": "#10140F", "on_surface": "#E0E4DB", "on_surface_variant": "#C2C8BD",
    "surface_container_lowest": "#0B0F0A", "surface_container_low": "#191D17",
    "surface_container": "#1D211B", "surface_container_high": "#272B25",
    "surface_container_highest": "#323630",
    "outline": "#8C9388", "outline_variant": "#424940",
}

# For a phone that asks for more contrast (prefers-contrast: more, forced colours): the same
# scheme with text at 7:1 or more (WCAG AAA) and outlines in the text's colour (issue 29).
HIGH_LIGHT = {
    **LIGHT,
    "primary": "#14431A", "secondary": "#2B3829", "tertiary": "#8E0A0A", "error": "#8C0009",
    "surface": "#FFFFFF", "on_surface": "#000000", "on_surface_variant": "#1F241D",
    "surface_container_lowest": "#FFFFFF", "surface_container_low": "#F7F9F3",
    "surface_container": "#F1F4EC", "surface_container_high": "#EBEEE6",
    "surface_container_highest": "#E5E8E0",
    "outline": "#1F241D", "outline_variant": "#424940",
}
HIGH_DARK = {
    **DARK,
    "primary": "#C9F7C0", "on_primary": "#002204", "secondary": "#DCEBD6",
    "on_secondary": "#0F1A0E", "tertiary": "#FFC8C2", "on_tertiary": "#410001",
    "error": "#FFD2CC", "on_error": "#410002",
    "surface": "#000000", "on_surface": "#FFFFFF", "on_surface_variant": "#F0F4EA",
    "surface_container_lowest": "#000000", "surface_container_low": "#0B0F0A",
    "surface_container": "#12160F", "surface_container_high": "#1A1E18",
    "surface_container_highest": "#232721",
    "outline": "#F0F4EA", "outline_variant": "#8C9388",
}
HIGH_TEXT = 7.0  # the contrast of every text pair in the high-contrast schemes

_BACKGROUNDS = ("surface", "surface_container_low", "surface_container_highest")
# (foreground, background) pairs drawn as text: plain text, error notes, red suits and the
# outlined buttons' labels on the page and on cards; a selected button's label.
TEXT_PAIRS = ([(fg, bg) for fg in ("on_surface", "on_surface_variant", "error", "tertiary",
                                   "primary") for bg in _BACKGROUNDS]
              + [("on_primary", "primary"), ("on_primary_container", "primary_container")])
# Controls against what surrounds them: a selected (filled) button, outlines of buttons.
CONTROL_PAIRS = [(fg, bg) for fg in ("primary", "outline") for bg in _BACKGROUNDS]


# Names in other scripts: offline, Flutter cannot fetch Google's fallback fonts, so these subsets
# of Noto (scorer/assets/fonts, made by assets/build_fonts.py) are every text's fallbacks, after
# the suit symbols (a contract such as 4♠ in any text).
FALLBACK_FONTS = {"NotoSansSC": "fonts/NotoSansSC-common.woff2",
                  "NotoSansArabic": "fonts/NotoSansArabic.woff2",
                  "NotoSansDevanagari": "fonts/NotoSansDevanagari.woff2",
                  "NotoColorEmoji": "fonts/NotoColorEmoji-common.woff2"}
FALLBACK_FAMILIES = tuple(FALLBACK_FONTS)
# The published site (scorer publish) registers none of them up front (1.5 MB that most players
# never need): Flutter's engine, finding a character that no registered font has, asks for a
# Noto font of its own list under the page's fontFallbackBaseUrl (``assets/fonts/`` in a
# no-CDN page): ``assets/fonts/notosanssc/v37/....woff2`` and so on. The site's service worker
# answers those requests with ours, by folder (sw.js), fetched once and then kept. The CJK
# folders all get the Chinese subset (Flutter picks SC, TC, HK, JP or KR by the language).
FLUTTER_FALLBACKS = {
    **{folder: FALLBACK_FONTS["NotoSansSC"]
       for folder in ("notosanssc", "notosanstc", "notosanshk", "notosansjp", "notosanskr")},
    "notosansarabic": FALLBACK_FONTS["NotoSansArabic"],
    "notosansdevanagari": FALLBACK_FONTS["NotoSansDevanagari"],
    # Flutter's engine finds Devanagari in plain "Noto Sans" (Google's has a Devanagari slice)
    # and asks for notosans/v37/....woff2, never notosansdevanagari/: without this folder, Nepali
    # and Hindi were boxes on the phone (decision 115). Roboto draws the scripts Noto Sans's
    # other slices hold, so ours answers them all.
    "notosans": FALLBACK_FONTS["NotoSansDevanagari"],
    "notocoloremoji": FALLBACK_FONTS["NotoColorEmoji"],
}
# Every text is drawn in Roboto (Flet's client ships it), then the fallbacks for what Roboto
# lacks. Named here because a style without a family would take its letters from the first
# fallback that has them: ScorerSymbols holds ASCII too, so words were drawn in DejaVu with
# their accented and Cyrillic letters in Roboto, and the phone build asked the network for
# Noto Sans on every visit (decision 80).
TEXT_FONT = "Roboto"
SYMBOL_FONT = "ScorerSymbols"  # scorer/assets/fonts: suits, arrows, minus (a DejaVu subset)
TEXT_STYLES = ("display_large", "display_medium", "display_small", "headline_large",
               "headline_medium", "headline_small", "title_large", "title_medium", "title_small",
               "body_large", "body_medium", "body_small", "label_large", "label_medium",
               "label_small")


def _text(colour: str) -> ft.TextTheme:
    """Every text style with the fallback fonts and this colour. Flet sends each style whole:
    Flutter's side builds a new TextStyle from only what is set here and puts it in place of
    the theme's own (no merge), so a style without a colour is drawn in Flutter's default
    black, on the dark page too."""
    families = [SYMBOL_FONT, *FALLBACK_FAMILIES]
    return ft.TextTheme(**{name: ft.TextStyle(font_family=TEXT_FONT,
                                              font_family_fallback=families, color=colour)
                           for name in TEXT_STYLES})


def theme(colours: dict[str, str]) -> ft.Theme:
    """A Flet theme with these colours, the fallback fonts on every text style, and no
    page-turn animations. The page's own background is given too: Flutter derives it from
    the seed colour when the theme is made, before this colour scheme replaces the seed's."""
    still = ft.PageTransitionsTheme(**{platform: ft.PageTransitionTheme.NONE for platform in
                                       ("android", "ios", "linux", "macos", "windows")})
    # The keyboard's focus: a ring in the text's own colour (17:1 on the page, widgets.key);
    # a press draws nothing (decision 124), a mouse over a button a faint ring.
    return ft.Theme(color_scheme=ft.ColorScheme(**colours), page_transitions=still,
                    focus_color=colours["on_surface"], highlight_color=ft.Colors.TRANSPARENT,
                    splash_color=ft.Colors.TRANSPARENT,
                    font_family=TEXT_FONT,
                    scaffold_bgcolor=colours["surface"], canvas_color=colours["surface"],
                    text_theme=_text(colours["on_surface"]),
                    primary_text_theme=_text(colours["on_primary"]))


def fallbacks_on_demand() -> None:
    """From now on the app registers no fallback font up front (``FALLBACK_FONTS`` is emptied):
    for the published site, where Flutter loads one when a text needs it (see
    ``FLUTTER_FALLBACKS``). One page per Python process there, so the switch is global."""
    FALLBACK_FONTS.clear()


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two '#RRGGBB' colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
