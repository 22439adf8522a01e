"""Draws Cozcade's app icon at every size the bundles need, as opaque PNGs (the App Store
refuses an icon with an alpha channel). Standard library only, so anyone can redraw them:

    python3 mobile/icons/make_icons.py

The picture: a cream board on teal with a marble, a seed and a checker in a triangle, one for
each game (Chinese Checkers jade, Kalah gold, Checkers red). Our own drawing, no third-party
artwork. hosts-check/tests/dioxus_toml.rs checks the files exist, are PNGs and have the
sizes their names say.
"""

import os
import struct
import zlib

TEAL = (31, 111, 107)
CREAM = (246, 241, 231)
RIM = (214, 201, 176)
JADE = (46, 158, 107)
GOLD = (224, 168, 46)
RED = (196, 58, 49)

# (centre x, centre y, radius) as fractions of the side, and the colour; later shapes on top.
SHAPES = [
    (0.5, 0.5, 0.40, RIM),
    (0.5, 0.5, 0.37, CREAM),
    (0.5, 0.335, 0.105, JADE),
    (0.357, 0.583, 0.105, GOLD),
    (0.643, 0.583, 0.105, RED),
]

# File name -> side in pixels.
SIZES = {
    "32x32.png": 32,
    "128x128.png": 128,
    "128x128@2x.png": 256,
    "icon.png": 1024,
    # The web app manifest's icons (mobile/web/manifest.webmanifest); mobile/web/icon.svg is
    # the same picture for the favicon and the splash.
    "web-192.png": 192,
    "web-512.png": 512,
}


def pixel(x, y, side):
    colour = TEAL
    for cx, cy, r, fill in SHAPES:
        # Distance from the pixel's centre to the circle's edge, in pixels: a one-pixel ramp
        # smooths the edge.
        d = ((x + 0.5 - cx * side) ** 2 + (y + 0.5 - cy * side) ** 2) ** 0.5
        cover = min(1.0, max(0.0, r * side - d + 0.5))
        if cover > 0:
            colour = tuple(round(c * (1 - cover) + f * cover) for c, f in zip(colour, fill))
    return colour


def png(side):
    rows = bytearray()
    for y in range(side):
        rows.append(0)  # filter: none
        for x in range(side):
            rows.extend(pixel(x, y, side))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, side in SIZES.items():
        with open(os.path.join(here, name), "wb") as out:
            out.write(png(side))


if __name__ == "__main__":
    main()
