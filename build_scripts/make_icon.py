"""Draw the app icon with pygame and write it as PNG, Windows .ico and macOS .icns.

    python build_scripts/make_icon.py [--out assets]

No image library is needed: pygame draws and writes the PNGs, and both container
formats accept PNG images inside (ICO since Windows Vista, ICNS since macOS 10.7), so
they are assembled here byte by byte. PyInstaller would need Pillow to convert a PNG.

The picture: a fedora silhouette against a street-lamp glow over a fan of three cards
whose suits are told by shape as well as colour (circle, diamond, triangle).
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MASTER = 1024
PNG_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (the @2x types share sizes).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)

INK = (12, 11, 18)
NIGHT_TOP = (38, 36, 62)
NIGHT_BOTTOM = (10, 10, 16)
LAMP = (255, 205, 120)
CARD_FACE = (238, 230, 212)
CARD_EDGE = (60, 52, 44)
SUITS = ((70, 120, 210), (200, 60, 60), (230, 185, 40))


def _rounded_mask(size: int, radius: int) -> pygame.Surface:
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _background(size: int) -> pygame.Surface:
    bg = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        t = y / (size - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(NIGHT_TOP, NIGHT_BOTTOM)]
        pygame.draw.line(bg, colour, (0, y), (size, y))
    # The lamp glow: stacked translucent discs fading outwards.
    glow = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (int(size * 0.5), int(size * 0.36))
    steps = 48
    for i in range(steps, 0, -1):
        r = int(size * 0.46 * i / steps)
        alpha = int(10 + 150 * (1 - i / steps) ** 2)
        pygame.draw.circle(glow, (*LAMP, alpha), centre, r)
    pygame.draw.circle(glow, (255, 236, 190, 255), centre, int(size * 0.2))
    bg.blit(glow, (0, 0))
    return bg


def _fedora(size: int) -> pygame.Surface:
    hat = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = size // 2
    brim_y = int(size * 0.47)
    # Brim: a wide flat ellipse, curled up at both ends.
    pygame.draw.ellipse(hat, INK, (cx - int(size * 0.34), brim_y - int(size * 0.045),
                                   int(size * 0.68), int(size * 0.09)))
    # Crown: a trapezoid with a pinched top and a dent in the middle.
    crown = [
        (cx - int(size * 0.17), brim_y),
        (cx - int(size * 0.14), int(size * 0.27)),
        (cx - int(size * 0.05), int(size * 0.245)),
        (cx, int(size * 0.275)),
        (cx + int(size * 0.05), int(size * 0.245)),
        (cx + int(size * 0.14), int(size * 0.27)),
        (cx + int(size * 0.17), brim_y),
    ]
    pygame.draw.polygon(hat, INK, crown)
    # Hat band, just a shade lighter so it reads at large sizes.
    band_top = brim_y - int(size * 0.065)
    pygame.draw.polygon(hat, (48, 40, 52), [
        (cx - int(size * 0.165), brim_y - int(size * 0.012)),
        (cx - int(size * 0.158), band_top),
        (cx + int(size * 0.158), band_top),
        (cx + int(size * 0.165), brim_y - int(size * 0.012)),
    ])
    return hat


def _suit_shape(surface: pygame.Surface, index: int, centre: tuple[int, int], r: int) -> None:
    colour = SUITS[index]
    x, y = centre
    if index == 0:
        pygame.draw.circle(surface, colour, centre, r)
    elif index == 1:
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r * 3 // 4, y), (x, y + r),
                                              (x - r * 3 // 4, y)])
    else:
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y + r * 4 // 5),
                                              (x - r, y + r * 4 // 5)])


def _card(width: int, height: int, suit: int) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 9
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    inner = card.get_rect().inflate(-width // 14, -width // 14)
    pygame.draw.rect(card, CARD_FACE, inner, border_radius=radius * 3 // 4)
    _suit_shape(card, suit, (width // 2, height // 2), width // 4)
    _suit_shape(card, suit, (width // 5, height // 7), width // 11)
    return card


def _card_fan(size: int) -> pygame.Surface:
    fan = pygame.Surface((size, size), pygame.SRCALPHA)
    w, h = int(size * 0.26), int(size * 0.37)
    pivot = (size // 2, int(size * 1.25))
    for suit, angle in ((0, 17), (2, -17), (1, 0)):
        card = _card(w, h, suit)
        shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=w // 9)
        for surf, offset in ((shadow, size // 80), (card, 0)):
            turned = pygame.transform.rotozoom(surf, angle, 1.0)
            # Rotate the card's centre about a point below the icon, like a held hand.
            centre = pygame.Vector2(0, -(pivot[1] - int(size * 0.73))).rotate(-angle)
            rect = turned.get_rect(center=(pivot[0] + centre.x + offset,
                                           pivot[1] + centre.y + offset))
            fan.blit(turned, rect)
    return fan


def draw_icon(size: int = PNG_SIZE) -> pygame.Surface:
    """The icon at ``size`` pixels square (drawn large, then scaled down smoothly)."""
    master = _background(MASTER)
    master.blit(_fedora(MASTER), (0, 0))
    master.blit(_card_fan(MASTER), (0, 0))
    shaped = _rounded_mask(MASTER, MASTER // 6)
    shaped.blit(master, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if size == MASTER:
        return shaped
    return pygame.transform.smoothscale(shaped, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images, keyed by pixel size."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, payload = [], []
    for px in sizes:
        data = images[px]
        dim = 0 if px >= 256 else px  # 0 means 256 in an ICO directory entry
        entries.append(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        payload.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(payload)


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An ICNS file whose elements are PNG images, keyed by pixel size."""
    body = b"".join(kind + struct.pack(">I", 8 + len(images[px])) + images[px]
                    for kind, px in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path) -> dict[str, Path]:
    """Write icon.png (256 px), icon.ico and icon.icns into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    big = draw_icon(MASTER)
    pngs = {}
    for px in sorted(set(ICO_SIZES) | {px for _, px in ICNS_TYPES}):
        surf = big if px == MASTER else pygame.transform.smoothscale(big, (px, px))
        pngs[px] = png_bytes(surf)
    paths = {
        "png": out_dir / "icon.png",
        "ico": out_dir / "icon.ico",
        "icns": out_dir / "icon.icns",
    }
    paths["png"].write_bytes(pngs[PNG_SIZE])
    paths["ico"].write_bytes(ico_bytes({px: pngs[px] for px in ICO_SIZES}))
    paths["icns"].write_bytes(icns_bytes(pngs))
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets",
                        help="folder to write icon.png, icon.ico and icon.icns into")
    args = parser.parse_args(argv)
    for kind, path in write_icons(args.out).items():
        print(f"{kind:4} {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
