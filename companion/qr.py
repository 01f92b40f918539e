"""QR codes of the join link: inline SVG for web pages, half blocks for terminals.

Only qrcode's pure-Python parts are used (no Pillow), so this works on a phone
running Termux as well as on a laptop.
"""

from __future__ import annotations

import qrcode
import qrcode.image.svg

# The quiet zone the QR standard asks for, in modules. Scanners fail more
# often without it, especially when the code sits on a coloured page.
BORDER = 4

# One terminal character shows two module rows: (top is light, bottom is light).
# Light modules are drawn (full or half blocks) and dark ones left blank, so on
# the usual dark terminal the code comes out dark-on-light, as printed codes are.
_HALF_BLOCKS = {
    (True, True): "\u2588",  # █
    (True, False): "\u2580",  # ▀
    (False, True): "\u2584",  # ▄
    (False, False): " ",
}
# With colour we pin pure white on pure black (256-colour cube entries, which
# themes don't remap), so the code reads right on light terminals too.
_COLOUR_ON = "\x1b[38;5;231;48;5;16m"
_COLOUR_OFF = "\x1b[0m"


def _code(text: str, **options) -> qrcode.QRCode:
    """The smallest QR code that holds `text`, with the quiet zone."""
    code = qrcode.QRCode(border=BORDER, **options)
    code.add_data(text)
    code.make(fit=True)
    return code


def matrix(text: str) -> list[list[bool]]:
    """The QR modules of `text`, quiet zone included; True means dark."""
    return _code(text).get_matrix()


def svg(text: str, label: str | None = None) -> str:
    """An inline <svg> of the QR code of `text`, ready to put in HTML.

    It fills its container (width/height 100%, sized by CSS through the
    viewBox) and paints its own white background, so it stays scannable when
    the page around it is in dark mode.
    """
    image = _code(text, image_factory=qrcode.image.svg.SvgPathFillImage).make_image()
    root = image._img  # the ElementTree <svg>; qrcode has no public setter for attributes
    root.set("width", "100%")
    root.set("height", "100%")
    root.set("role", "img")
    root.set("aria-label", label if label is not None else f"QR code: {text}")
    root.set("class", "qr")
    # Unit squares side by side can show hairline seams when scaled; crisp
    # edges snaps them to pixels.
    root.set("shape-rendering", "crispEdges")
    if image.path is not None:
        # A fixed id would repeat if a page shows two codes.
        image.path.attrib.pop("id", None)
    # to_string(encoding="unicode") writes no XML declaration, which HTML would show as text.
    return image.to_string(encoding="unicode")


def terminal(text: str, colour: bool = False) -> str:
    """The QR code of `text` in Unicode half blocks, two module rows per line,
    with the quiet zone drawn. `colour` adds ANSI colours that make it read
    right on a light terminal too; without it, it is dark-on-light on a dark
    terminal and inverted on a light one (phone cameras read both)."""
    return draw(matrix(text), colour)


def draw(modules: list[list[bool]], colour: bool = False) -> str:
    lines = []
    for top in range(0, len(modules), 2):
        upper = modules[top]
        # An odd last row is paired with blank (undrawn) cells.
        lower = modules[top + 1] if top + 1 < len(modules) else [True] * len(upper)
        line = "".join(_HALF_BLOCKS[(not a, not b)] for a, b in zip(upper, lower))
        lines.append(f"{_COLOUR_ON}{line}{_COLOUR_OFF}" if colour else line)
    return "\n".join(lines)

