"""Write the installable app's PNG icons from the shapes of ``static/icon.svg``: ``python tools/build/icons.py``.

No imaging library: each pixel's coverage by each shape comes from the shape's signed distance
(anti-aliased edges), in a few flat colours, written as a palette PNG with zlib, so the files are
small and the same on every run. The PNGs are committed; run this again only when the icon changes.

- ``static/icon-192.png``, ``static/icon-512.png``: the icon as the SVG draws it (rounded square,
  transparent corners), for the manifest's ``any`` purpose;
- ``static/icon-maskable-512.png``: full-bleed background with the glyph inside the maskable safe
  zone (the centred circle of 40% of the size's radius), for ``maskable``;
- ``static/icon-180.png``: the same full-bleed opaque square for iOS (``apple-touch-icon``), which
  rounds the corners itself and would show transparency as black.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"

RGB = tuple[int, int, int]
BACKGROUND: RGB = (0x1C, 0x1E, 0x23)
GOLD: RGB = (0xD8, 0xA2, 0x3C)
RED: RGB = (0xE0, 0x79, 0x6B)
LEVELS = 8  # coverage steps: smooth enough edges in a small palette (16 steps: +16% bytes)
GLYPH_RADIUS = 14.0  # in the SVG's 32-unit box: the ticks reach 13 from the centre, plus half a stroke

Sdf = Callable[[float, float], float]  # signed distance in SVG units: negative inside


def ring(cx: float, cy: float, r: float, width: float) -> Sdf:
    """A stroked circle."""
    return lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - width / 2


def disc(cx: float, cy: float, r: float) -> Sdf:
    """A filled circle."""
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def box(x0: float, y0: float, x1: float, y1: float, radius: float = 0.0) -> Sdf:
    """A rectangle (with rounded corners of ``radius``)."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - radius, (y1 - y0) / 2 - radius

    def sdf(x: float, y: float) -> float:
        qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius

    return sdf


def capsule(ax: float, ay: float, bx: float, by: float, width: float) -> Sdf:
    """A stroked segment with round caps."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy

    def sdf(x: float, y: float) -> float:
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        return math.hypot(x - ax - t * dx, y - ay - t * dy) - width / 2

    return sdf


# static/icon.svg, shape by shape (stroke widths as drawn; the inner ring at its 0.7 opacity)
GLYPH: list[tuple[Sdf, RGB, float]] = [
    (ring(16, 16, 11, 2), GOLD, 1.0),
    (ring(16, 16, 5.5, 1.5), GOLD, 0.7),
    (box(15, 3, 17, 9), GOLD, 1.0),
    (box(15, 23, 17, 29), GOLD, 1.0),
    (box(3, 15, 9, 17), GOLD, 1.0),
    (box(23, 15, 29, 17), GOLD, 1.0),
    (capsule(16, 16, 24, 8, 2), RED, 1.0),
    (disc(21, 11, 1.8), RED, 1.0),
]


def render(size: int, full_bleed: bool) -> list[list[tuple[int, int, int, int]]]:
    """RGBA rows: the SVG's rounded square at ``size``, or (``full_bleed``) an opaque square with
    the glyph scaled into the maskable safe zone."""
    if full_bleed:
        scale = 0.4 * size / GLYPH_RADIUS  # pixels per SVG unit
        shapes = [(box(-1e3, -1e3, 1e3, 1e3), BACKGROUND, 1.0), *GLYPH]
    else:
        scale = size / 32
        shapes = [(box(0, 0, 32, 32, 6), BACKGROUND, 1.0), *GLYPH]
    rows = []
    for py in range(size):
        row = []
        for px in range(size):
            x, y = 16 + (px + 0.5 - size / 2) / scale, 16 + (py + 0.5 - size / 2) / scale
            r = g = b = a = 0.0  # premultiplied
            for sdf, colour, opacity in shapes:
                cover = max(0.0, min(1.0, 0.5 - sdf(x, y) * scale))
                cover = round(cover * (LEVELS - 1)) / (LEVELS - 1) * opacity
                if cover:
                    r = colour[0] * cover + r * (1 - cover)
                    g = colour[1] * cover + g * (1 - cover)
                    b = colour[2] * cover + b * (1 - cover)
                    a = cover + a * (1 - cover)
            if a:
                row.append((round(r / a), round(g / a), round(b / a), round(a * 255)))
            else:
                row.append((0, 0, 0, 0))
        rows.append(row)
    return rows


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, kind, data, CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(rows: list[list[tuple[int, int, int, int]]]) -> bytes:
    """A palette PNG (colour type 3, with tRNS when any pixel is not opaque)."""
    palette: dict[tuple[int, int, int, int], int] = {}
    for row in rows:
        for pixel in row:
            palette.setdefault(pixel, len(palette))
    if len(palette) > 256:
        sys.exit(f"icons: {len(palette)} colours do not fit a palette")
    # opaque entries last, so tRNS lists only the translucent ones
    order = sorted(palette, key=lambda p: (p[3] == 255, p))
    index = {p: i for i, p in enumerate(order)}
    raw = b"".join(b"\0" + bytes(index[p] for p in row) for row in rows)
    height, width = len(rows), len(rows[0])
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
    out += chunk(b"PLTE", b"".join(bytes(p[:3]) for p in order))
    alphas = bytes(p[3] for p in order if p[3] != 255)
    if alphas:
        out += chunk(b"tRNS", alphas)
    return out + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "icon-180.png": (180, True),
}


def main() -> int:
    """Write every icon in ICONS into static/ and print its size."""
    for name, (size, full_bleed) in ICONS.items():
        data = png(render(size, full_bleed))
        (STATIC / name).write_bytes(data)
        print(f"icons: static/{name} {size}x{size}, {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
