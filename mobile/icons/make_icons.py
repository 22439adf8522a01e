"""Draws Cozcade's app icon at every size the bundles need, as opaque PNGs (the App Store
refuses an icon with an alpha channel). Standard library only, so anyone can redraw them:

    python3 mobile/icons/make_icons.py

Besides the files here it writes the two phone builds' own icons, since dx uses neither
`[bundle] icon` on iOS nor on Android:
- ios/Assets.xcassets/AppIcon.appiconset/icon-1024.png: the single 1024 px icon the release
  compiles with actool into Assets.car and the sizes iOS needs;
- android/res/mipmap-*/: Android's adaptive icon, the board on a transparent foreground layer
  (108 dp, the drawing kept inside the 66 dp circle every launcher mask shows) over the teal of
  android/res/values/cozcade_icon.xml, plus a square legacy icon per density.

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


def pixel(x, y, side, scale=1.0):
    """The colour at pixel (x, y), with the shapes scaled by `scale` about the centre."""
    colour = TEAL
    for cx, cy, r, fill in SHAPES:
        cx, cy, r = 0.5 + (cx - 0.5) * scale, 0.5 + (cy - 0.5) * scale, r * scale
        # Distance from the pixel's centre to the circle's edge, in pixels: a one-pixel ramp
        # smooths the edge.
        d = ((x + 0.5 - cx * side) ** 2 + (y + 0.5 - cy * side) ** 2) ** 0.5
        cover = min(1.0, max(0.0, r * side - d + 0.5))
        if cover > 0:
            colour = tuple(round(c * (1 - cover) + f * cover) for c, f in zip(colour, fill))
    return colour


# Android's adaptive foreground: 108 dp with the visible part inside a 66 dp circle. The rim's
# diameter is 0.8 of the side, so 66/108/0.8 keeps all of the drawing inside that circle.
FOREGROUND_SCALE = 66 / 108 / 0.8


def foreground_pixel(x, y, side):
    """The adaptive icon's foreground: the scaled board, transparent around it (RGBA)."""
    cx, cy = (x + 0.5) / side - 0.5, (y + 0.5) / side - 0.5
    d = (cx * cx + cy * cy) ** 0.5 * side
    radius = SHAPES[0][2] * FOREGROUND_SCALE * side
    cover = min(1.0, max(0.0, radius - d + 0.5))
    colour = pixel(x, y, side, FOREGROUND_SCALE)
    return (*colour, round(255 * cover))


def png(side, draw=pixel, alpha=False):
    rows = bytearray()
    for y in range(side):
        rows.append(0)  # filter: none
        for x in range(side):
            rows.extend(draw(x, y, side))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    # 8-bit RGB (colour type 2), or RGBA (6) for the adaptive foreground.
    header = struct.pack(">IIBBBBB", side, side, 8, 6 if alpha else 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


# Android densities: (folder, legacy icon side = 48 dp, foreground side = 108 dp) in pixels.
ANDROID_DENSITIES = [
    ("mipmap-mdpi", 48, 108),
    ("mipmap-hdpi", 72, 162),
    ("mipmap-xhdpi", 96, 216),
    ("mipmap-xxhdpi", 144, 324),
    ("mipmap-xxxhdpi", 192, 432),
]


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(data)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    for name, side in SIZES.items():
        write(os.path.join(here, name), png(side))
    write(
        os.path.join(root, "ios/Assets.xcassets/AppIcon.appiconset/icon-1024.png"),
        png(1024),
    )
    res = os.path.join(root, "android/res")
    for folder, legacy, foreground in ANDROID_DENSITIES:
        write(os.path.join(res, folder, "ic_launcher.png"), png(legacy))
        write(
            os.path.join(res, folder, "ic_launcher_foreground.png"),
            png(foreground, foreground_pixel, alpha=True),
        )


if __name__ == "__main__":
    main()
