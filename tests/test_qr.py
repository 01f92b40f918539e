"""The QR codes: an SVG that embeds in HTML, and a terminal drawing that keeps
every module (no decoder is installed, so we check the drawing round-trips to
qrcode's own matrix)."""

import xml.etree.ElementTree as ET

import pytest

from companion import qr

URL = "http://192.168.1.23:8000/"
SVG_NS = "{http://www.w3.org/2000/svg}"

# The terminal drawing's characters, as (top row dark, bottom row dark).
CELLS = {"\u2588": (False, False), "\u2580": (False, True), "\u2584": (True, False), " ": (True, True)}


def undraw(drawing: str) -> list[list[bool]]:
    rows = []
    for line in drawing.split("\n"):
        cells = [CELLS[char] for char in line]
        rows.append([top for top, _ in cells])
        rows.append([bottom for _, bottom in cells])
    return rows


def test_svg_embeds_in_html():
    text = qr.svg(URL)
    assert text.startswith("<svg")  # no XML declaration to show up as text
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg"
    assert root.get("role") == "img"
    assert URL in root.get("aria-label")
    assert (root.get("width"), root.get("height")) == ("100%", "100%")
    size = len(qr.matrix(URL))
    assert root.get("viewBox") == f"0 0 {size} {size}"


def test_svg_draws_dark_modules_on_white():
    root = ET.fromstring(qr.svg(URL))
    background, path = list(root)
    assert background.tag == SVG_NS + "rect" and background.get("fill") == "white"
    assert (background.get("width"), background.get("height")) == ("100%", "100%")
    assert path.tag == SVG_NS + "path" and path.get("fill") == "#000000"
    assert path.get("id") is None  # two codes on one page must not clash
    # One unit square per dark module, none in the quiet zone.
    dark = sum(row.count(True) for row in qr.matrix(URL))
    assert path.get("d").count("z") == dark
    matrix = qr.matrix(URL)
    assert not any(matrix[0]) and not any(row[0] for row in matrix)


def test_svg_escapes_its_label():
    text = qr.svg('http://x/?a="<b>"&c')
    assert ET.fromstring(text).get("aria-label") == 'QR code: http://x/?a="<b>"&c'


@pytest.mark.parametrize("text", [URL, "http://10.0.0.2:8123/" + "x" * 120])
def test_terminal_drawing_round_trips_to_the_matrix(text):
    matrix = qr.matrix(text)
    size = len(matrix)
    assert size == qrcode_modules(text) + 2 * qr.BORDER
    drawing = qr.terminal(text)
    lines = drawing.split("\n")
    assert len(lines) == (size + 1) // 2  # two module rows per line
    assert all(len(line) == size for line in lines)
    rows = undraw(drawing)
    assert rows[:size] == matrix
    # QR sizes are odd, so the last line's lower half is left undrawn (dark).
    assert size % 2 == 1 and rows[size:] == [[True] * size]


def test_terminal_draws_the_quiet_zone():
    lines = qr.terminal(URL).split("\n")
    full = "\u2588"
    assert lines[0] == full * len(lines[0])  # the top border is drawn, not left blank
    assert all(line[: qr.BORDER] == full * qr.BORDER for line in lines[:-1])
    assert all(line[-qr.BORDER :] == full * qr.BORDER for line in lines[:-1])


def test_terminal_colour_only_wraps_lines():
    plain = qr.terminal(URL).split("\n")
    coloured = qr.terminal(URL, colour=True).split("\n")
    assert len(plain) == len(coloured)
    for p, c in zip(plain, coloured):
        assert c.startswith("\x1b[") and c.endswith("\x1b[0m") and p in c


def qrcode_modules(text: str) -> int:
    import qrcode

    code = qrcode.QRCode(border=0)
    code.add_data(text)
    code.make(fit=True)
    return code.modules_count
