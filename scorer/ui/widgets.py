"""Small building blocks for the screens: big labelled buttons, toggles, choice groups.

Every interactive control gets an accessible name (a semantics label) that says what it does
at the table, so that screen readers and the browser tests find it by role and name. Every
touch target is at least 48 px high. Choice groups and toggles change in place (the same
controls, restyled), so a quick second tap never lands on a control being replaced.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypedDict, cast

import flet as ft

from .layout import BAR_PAD as BAR_PAD  # the layout's, where the screens find them
from .layout import COLUMN as COLUMN
from .layout import PAGE_PAD as PAGE_PAD
from .layout import bottom_bar as bottom_bar
from .layout import fit_column as fit_column
from .sending import MAX_SENT_APART as MAX_SENT_APART  # where the screens find them
from .sending import changed as changed
from .sending import morph as morph
from .sending import morph_all as morph_all
from .sending import update_changed as update_changed
from .spans import respanned
from .theme import SYMBOL_FONT

TOUCH = 48
# The smallest text drawn (a sheet's notes: "+90", a board's dealer and vulnerability), at 86%
# of the body's 14 px (it was 10-11 px: issue 29 item 5); it grows with the text size too.
SMALLEST = 12
# The app's own text sizes, in percent of the phone's (the home screen offers them).
TEXT_SIZES = (100, 130, 150, 200)
TOUCH_PAD = 3  # a button's text is at least this far from its body's top and bottom edge
RING = 3  # the width of the focus ring around a button (drawn while it has the focus)
BORDER = 1  # a button's outline
RED_SUITS = ("♦", "♥")
Handler = Callable[[], Any]


class Symbol(str):
    """Button text drawn with the symbol font (suits render without a network font)."""


# A button of tap() is drawn in these colours (Material 3's outlined and filled buttons):
# its background and text, enabled and disabled, and the outline of one not filled.
FADED_TEXT = ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE)
FADED_FILL = ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE)
PRIMARY_KEY = "primary"


def _paint(key: ft.Container, selected: bool) -> None:
    """Colour a button of :func:`tap` (filled when primary or selected, faded when disabled)
    and its face. A red suit is red on an enabled unfilled button; on a filled one it takes
    the button's text colour, since red on the green fill is unreadable (scorer/ui/theme.py)."""
    primary = key.data == PRIMARY_KEY
    filled = primary or selected
    enabled = not key.disabled
    body = cast(ft.Container, key.content)  # inside the focus ring
    colour: ft.ColorValue
    if filled and (enabled or not primary):  # a selected choice looks selected when disabled
        body.bgcolor, colour = ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY
    else:
        # Opaque: the focus colour under it shows only as the ring.
        body.bgcolor = FADED_FILL if filled else ft.Colors.SURFACE
        colour = ft.Colors.PRIMARY if enabled else FADED_TEXT
    # A border on every button (the primary's unseen), so that all are of the same size.
    body.border = ft.Border.all(BORDER, ft.Colors.TRANSPARENT if primary else (
        ft.Colors.OUTLINE if enabled or selected else FADED_FILL))
    face: ft.Control | None = _face(key)
    if isinstance(face, ft.Semantics):  # a face read out on its own (tap's ``read``)
        face = face.content
    for part in face.controls if isinstance(face, ft.Row) else [face]:
        if isinstance(part, ft.Text):
            red = colour == ft.Colors.PRIMARY and part.value in RED_SUITS
            part.color = ft.Colors.TERTIARY if red else colour
        elif isinstance(part, ft.Icon):
            part.color = colour


def _face(key: ft.Container) -> ft.Control:
    """What a button of :func:`key` shows (beside the spacer that keeps it 48 x 48)."""
    return cast(ft.Stack, cast(ft.Container, key.content).content).controls[-1]


def inked(cell: ft.Semantics) -> ft.Container:
    """The keyboard's layer of a button of :func:`tap` or :func:`key` (its InkWell, under the
    press layer that is ``cell.content``): coloured, with the focus ring."""
    return cast(ft.Container, cast(ft.Container, cell.content).content)


def face(cell: ft.Semantics) -> ft.Control:
    """What a button of :func:`tap` or :func:`key` shows."""
    return _face(inked(cell))


def body(cell: ft.Semantics) -> ft.Container:
    """The coloured part of a button of :func:`tap` or :func:`key`, inside its focus ring."""
    return cast(ft.Container, inked(cell).content)


def restyle(cell: ft.Semantics, selected: bool) -> None:
    """Show a button of :func:`tap` or :func:`key` selected or not (in place); a choice also
    tells a screen reader (checked or not)."""
    cell.selected = selected
    if cell.checked is not None:
        cell.checked = selected
    _paint(inked(cell), selected)


def _call(handler: Handler) -> Callable[[Any], Any]:
    return lambda _event: handler()


class Pressed(TypedDict, total=False):
    """A button's tap and long-press handlers, as keyword arguments (``**pressed(...)``)."""

    on_click: Callable[[Any], Any]
    on_long_press: Callable[[Any], Any]


def pressed(handler: Handler) -> Pressed:
    """A button's handlers: the same for a tap and for a press held longer.

    Flet's buttons always claim a long press (a finger down 0.5 s or more), and a press that
    becomes a long press is no longer a tap: without this, a deliberate press at the table,
    or any press on a phone busy drawing, did nothing at all (decision 101)."""
    call = _call(handler)
    return {"on_click": call, "on_long_press": call}


def text_button(text: str, handler: Handler) -> ft.TextButton:
    """A dialog's action."""
    return ft.TextButton(text, **pressed(handler))


def icon_button(icon: ft.IconData | ft.Icon, handler: Handler) -> ft.IconButton:
    return ft.IconButton(icon, **pressed(handler))


def tap(text: str, label: str, on_tap: Handler | None, *, selected: bool = False,
        disabled: bool = False, width: float | None = None, expand: bool | int | None = None,
        primary: bool = False, read: bool = False, choice: bool = False,
        min_width: float = TOUCH) -> ft.Semantics:
    """A button at least 48 px high whose accessible name is ``label``: filled when
    ``primary`` (the screen's main action) or ``selected`` (a choice), else outlined.

    It is drawn without ink (decision 124): a press draws nothing of its own, and what the
    tap changes (a chip selected, a preview) is drawn as soon as Python answers. Flutter's
    buttons animate a ripple and a pressed overlay for about 0.4 s after each tap, and while
    the page draws those frames Chromium leaves the Python worker's answer waiting (about
    80 ms at each tap in deal entry, more than the rest of the tap together)."""
    symbol = isinstance(text, Symbol)
    face = ft.Text(text, text_align=ft.TextAlign.CENTER, semantics_label=None if read else "",
                   font_family=SYMBOL_FONT if symbol else None, size=22 if symbol else None,
                   theme_style=None if symbol else ft.TextThemeStyle.LABEL_LARGE)
    # ``read``: the face says more than the label (Check a score's house-rules button shows
    # which rules are on), so it is read out too, as a node of its own inside the button: the
    # button's name stays ``label``. Otherwise the label is the only name ("Tricks 8", not
    # also "8").
    return key(ft.Semantics(content=face, container=True) if read else face, label, on_tap,
               selected=selected, disabled=disabled, width=width, expand=expand,
               primary=primary, choice=choice, min_width=min_width)


def key(face: ft.Control, label: str, on_tap: Handler | None, *, selected: bool = False,
        disabled: bool = False, width: float | None = None, expand: bool | int | None = None,
        primary: bool = False, choice: bool = False,
        min_width: float = TOUCH) -> ft.Semantics:
    """:func:`tap` with a face of its own: a Text (its semantics_label "", so that
    ``label`` is the button's only name), a Row of Texts and Icons, or a Text in a Semantics
    node of its own (read out inside the button); coloured here.

    Every player at the table (issue 29, decision 194): the button is at least ``min_width``
    x 48 px and grows with its text (the phone's or the app's text size), never cutting it;
    it is reached by Tab and pressed by Enter or Space (Flutter's InkWell, whose splash is
    transparent: decision 124 still holds for a finger's tap, which draws nothing of its
    own), with a ring of the theme's focus colour while it has the keyboard's focus; a
    ``choice`` (a chip of a group, a toggle) tells a screen reader whether it is checked."""
    handlers: Pressed = {} if on_tap is None else pressed(on_tap)
    side = 24 if primary else 8
    edge = RING + BORDER + TOUCH_PAD  # from the button's outer edge to its text, top and bottom
    # The spacer keeps the button's minimum size; the face, drawn over it, can be larger.
    spacer = ft.Container(width=max(0.0, min_width - 2 * (RING + BORDER + side)),
                          height=TOUCH - 2 * edge)
    body = ft.Container(content=ft.Stack([spacer, face], alignment=ft.Alignment.CENTER),
                        padding=ft.Padding.symmetric(horizontal=side, vertical=TOUCH_PAD),
                        border_radius=TOUCH / 2 - RING)
    # The ring: Flutter's InkWell fills the whole button with the theme's focus colour while
    # it has the keyboard's focus, and the body, drawn over that, leaves a ring of RING px.
    # It takes the keyboard only (Tab, Enter, Space): pointers pass it by (_layers).
    press = _layers(body, handlers, TOUCH / 2, disabled=disabled or on_tap is None,
                    width=width, data=PRIMARY_KEY if primary else None)
    _paint(cast(ft.Container, press.content), selected)
    # Disabled here too: Flutter then marks the node disabled (aria-disabled) for screen
    # readers, as it did for its own buttons.
    # ``selected`` kept on the node from the start, as restyle() keeps it: a group that
    # starts with a chip chosen unchooses it at the first tap on another (decision 401).
    return ft.Semantics(label=label, button=True, checked=selected if choice else None,
                        selected=selected or None,
                        content=press, expand=expand, container=True,
                        disabled=press.disabled)


def _layers(body: ft.Control, handlers: Pressed, radius: float, *, disabled: bool = False,
            **keyboard: Any) -> ft.Container:
    """A button's two layers around ``body`` (a :func:`key`, a :func:`card`): the keyboard's
    InkWell (the focus ring: RING px of its focus fill around ``body``; no pointer reaches
    it) under the layer a finger, a mouse and a screen reader's activation press, which has
    no ink (decision 571): an InkWell animates its splash and pressed highlight, transparent
    or not, for 0.2-0.4 s after a press, and each of those 20 frames is drawn and copied.
    Both run ``handlers``; the press layer is returned."""
    button = ft.Container(content=body, **handlers, disabled=disabled, ink=True,
                          ink_color=ft.Colors.TRANSPARENT, padding=RING, border_radius=radius,
                          ignore_interactions=True, **keyboard)
    return ft.Container(content=button, **handlers, disabled=disabled,
                        bgcolor=ft.Colors.TRANSPARENT, border_radius=radius)


def set_enabled(control: ft.Semantics, enabled: bool) -> None:
    """Enable or disable a button of :func:`tap` (its colours follow)."""
    button = inked(control)
    control.disabled = button.disabled = cast(ft.Container, control.content).disabled = \
        not enabled
    _paint(button, bool(control.selected))


class Toggle:
    """An on/off button (e.g. 'Passed out'), restyled in place; ``on_toggle(value)``."""

    def __init__(self, text: str, label: str, value: bool,
                 on_toggle: Callable[[bool], Any]) -> None:
        self.value = value
        self.on_toggle = on_toggle
        self.control = tap(text, label, self.flip, selected=value, choice=True)

    def flip(self) -> None:
        self.value = not self.value
        restyle(self.control, self.value)
        self.on_toggle(self.value)


# A phone's row for buttons: 360 px less the screen's padding (10 px each side). Buttons in a
# group touch: their focus rings (RING px each) are the gap a player sees between them.
ROW_WIDTH = 340


# The mark of a group's node in the page (Flutter writes it as ``flt-semantics-identifier``),
# where a11y.js looks for the chips the arrow keys move between.
CHIP_GROUP = "scorer-chips"


class ChoiceGroup:
    """A grid of buttons, at most one selected; ``on_pick(value)`` after a tap. The arrow
    keys move the keyboard's focus within the group (the page's a11y.js, decision 230)."""

    def __init__(self, values: Sequence[Any], texts: Sequence[str], labels: Sequence[str],
                 selected: Any, on_pick: Callable[[Any], Any], *, per_row: int = 7) -> None:
        self.values = list(values)
        self.on_pick = on_pick
        # ``per_row`` buttons fill a phone's row (360 px) at the usual text size; a larger
        # text makes a button wider, and the row wraps onto the next instead of shrinking the
        # buttons or cutting their text (issue 29, decision 194).
        width = max(TOUCH, ROW_WIDTH // per_row)
        self.cells = [tap(text, label, partial(self.pick, value), selected=value == selected,
                          choice=True, min_width=width)
                      for value, text, label in zip(values, texts, labels, strict=True)]
        # One node around the group, marked for the page's script (a11y.js): the arrow keys
        # move the focus from chip to chip within it (issue 29 item 3, decision 230). A mark,
        # not a handler: a tap costs what it did.
        self.control = ft.Semantics(
            container=True, identifier=CHIP_GROUP,
            content=ft.Row(list(self.cells), wrap=True, spacing=0, run_spacing=0))

    def select(self, value: Any) -> None:
        for cell, cell_value in zip(self.cells, self.values, strict=True):
            chosen = cell_value == value
            if bool(cell.selected) != chosen:  # the others' colours stand (a tap: two cells)
                restyle(cell, chosen)

    def pick(self, value: Any) -> None:
        self.select(value)
        self.on_pick(value)


SUITS = ("♣", "♦", "♥", "♠")


def suited(text: str, size: float = 14, weight: ft.FontWeight | None = None) -> ft.Text:
    """Text in which suit symbols are drawn with the symbol font, the red suits in red (the
    colour the theme checks for contrast)."""
    return set_suited(ft.Text(size=size, weight=weight), text)


def set_suited(control: ft.Text, text: str) -> ft.Text:
    """Show ``text`` in ``control`` (in place), its suit symbols as :func:`suited` draws them."""
    if not any(suit in text for suit in SUITS):
        control.value, control.spans, control.semantics_label = text, None, None
        return control
    spans: list[ft.TextSpan] = []
    run = ""
    for char in text:
        if char in SUITS:
            if run:
                spans.append(ft.TextSpan(run))
                run = ""
            spans.append(ft.TextSpan(char, style=ft.TextStyle(
                font_family=SYMBOL_FONT,
                color=ft.Colors.TERTIARY if char in RED_SUITS else None)))
        else:
            run += char
    if run:
        spans.append(ft.TextSpan(run))
    # None (no text beside the spans) where Flet types the value as str
    control.value, control.semantics_label = cast(str, None), text
    control.spans = respanned(control.spans, spans)
    return control



# A number field lets through the digits a player may type: ASCII, and Devanagari from a Nepali
# or Hindi keyboard (read as ASCII by scorer.rules.values.ascii_digits; decision 110). Flet's
# NumbersOnlyInputFilter lets only 0-9 through.
DIGITS = ft.InputFilter(regex_string=r"^[0-9०-९]*$", allow=True, replacement_string="")


def number_field(label: str, value: str, on_change: Callable[[str], Any],
                 **more: Any) -> ft.TextField:
    """A field for a whole number: the phone's number keyboard, digits only."""
    return ft.TextField(label=label, value=value, keyboard_type=ft.KeyboardType.NUMBER,
                        input_filter=DIGITS, on_change=lambda e: on_change(e.control.value),
                        **more)


def heading(text: str) -> ft.Semantics:
    """A section's heading, read as one by a screen reader (and found by its headings): a
    node of its own, or it would make the whole card it heads a heading."""
    return ft.Semantics(header=True, container=True,
                        content=ft.Text(text, size=16, weight=ft.FontWeight.BOLD))


def retitle(node: ft.Semantics, text: str) -> None:
    """Give a :func:`heading` new words: its text's, which the screen draws and reads (the
    node's own ``value`` would be read but not drawn: the blank headings of decision 400)."""
    cast(ft.Text, node.content).value = text


def note(text: str, *, error: bool = False) -> ft.Text:
    return ft.Text(text, size=14, color=ft.Colors.ERROR if error else None,
                   italic=not error)


CARD_COLOUR = ft.Colors.SURFACE_CONTAINER_LOW  # Material 3's card, in every theme
CARD_RADIUS = 12  # Material 3's card corners


def card(*controls: ft.Control, on_tap: Handler | None = None, key: str | None = None,
         label: str | None = None) -> ft.Control:
    """A card of ``controls``; with ``on_tap`` a button, read by its ``label`` alone.

    A card that is a button is pressed as a :func:`key` is (decision 575): a finger, a mouse
    or a screen reader's activation on a layer without ink, the keyboard on the InkWell under
    it (Tab, Enter, Space, the focus ring). The InkWell's ripple, drawn for 0.3 s after a
    tap while the game the card opens was being made, held that screen's message back."""
    column: ft.Control = ft.Column(list(controls), spacing=6)
    if on_tap is None:
        if label is not None:
            column = read_as(label, column, button=False)
        return ft.Card(content=ft.Container(column, padding=12), key=key)
    handlers: Pressed = pressed(on_tap)
    if label is not None:  # read as the label alone: its texts say nothing more (as a key's)
        for text in controls:
            if isinstance(text, ft.Text):
                text.semantics_label = ""
    # (An ExcludeSemantics around them made the press layer a node of its own, unnamed.)
    # The focus ring as a key's (_layers): the InkWell fills the card with the focus colour
    # (the text's) while it has the keyboard's focus, and the body, in the card's own colour,
    # leaves a ring of RING px; without the body the focused card was a block hiding its words.
    body = ft.Container(column, padding=12 - RING, bgcolor=CARD_COLOUR,
                        border_radius=CARD_RADIUS - RING)
    press = _layers(body, handlers, CARD_RADIUS)
    return ft.Card(content=ft.Semantics(label=label, button=True, container=True,
                                        content=press),
                   key=key, bgcolor=CARD_COLOUR)


def read_as(label: str, content: ft.Control, *, button: bool) -> ft.Semantics:
    """``content`` read out as ``label`` alone (a row of a sheet: "Deal 2: 1C by Ben, made,
    Ana 20, Ben 60"), a button when it opens something.

    Not a node of its own: the label joins the node of the InkWell around it, whose press a
    screen reader then makes. A node of its own with ``exclude_semantics`` (as rows were)
    left the InkWell's press out of the tree: the row was a dead button (issue 29). The
    InkWell's Container goes inside a ``Semantics(container=True)`` (:func:`sheet_row`)."""
    return ft.Semantics(label=label, button=button, exclude_semantics=True, content=content)


def sheet_row(line: ft.Container, label: str, *, button: bool,
              key: str | None = None) -> ft.Semantics:
    """A row of a sheet (``line``: a Container, with ink and a handler where it opens a deal)
    read out as one node, ``label`` (see :func:`read_as`)."""
    if line.content is not None:
        line.content = read_as(label, line.content, button=button)
    return ft.Semantics(container=True, content=line, key=key)


def unbroken(text: ft.Text) -> ft.Text:
    """A text of moves ("E-W to table 2 E-W") whose sides are never broken over two lines at
    the hyphen ("E-" / "W" at 360 px): drawn with non-breaking hyphens, read as written
    (decision 354)."""
    plain = str(text.value)
    text.value = re.sub(r"(?<=\w)-(?=\w)", "\u2011", plain)
    text.semantics_label = plain
    return text
