"""Colour arithmetic for the accessibility tests: sRGB to CIELAB, CIEDE2000, Machado 2009
colour-vision simulation and the WCAG contrast ratio.

Written here (some 80 lines) rather than taken from colour-science or colormath: those pull
numpy/scipy-sized dependencies into the test extra for four formulas, and the formulas are
pinned by published numbers instead (Sharma, Wu & Dalal 2005's CIEDE2000 test pairs in
tests/test_a11y_colours.py)."""

from __future__ import annotations

import math

# Machado, Oliveira & Fernandes (2009), severity 1.0, acting on linear RGB.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal",) + tuple(MACHADO)


def linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(rgb, vision: str) -> tuple[int, int, int]:
    """How ``rgb`` looks to a dichromat (``vision`` "normal" leaves it)."""
    if vision == "normal":
        return tuple(int(c) for c in rgb[:3])
    lin = [linear(c) for c in rgb[:3]]
    return tuple(encoded(sum(m * v for m, v in zip(row, lin))) for row in MACHADO[vision])


def lab(rgb) -> tuple[float, float, float]:
    """sRGB (D65) to CIELAB."""
    r, g, b = (linear(c) for c in rgb[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b)
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    L_bar, c_barp = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(c_barp ** 7 / (c_barp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (L_bar - 50) ** 2 / math.sqrt(20 + (L_bar - 50) ** 2)
    sc = 1 + 0.045 * c_barp
    sh = 1 + 0.015 * c_barp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


def delta_e(rgb1, rgb2, vision: str = "normal") -> float:
    return ciede2000(lab(simulate(rgb1, vision)), lab(simulate(rgb2, vision)))


def luminance(rgb) -> float:
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg, bg) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def worst_pairs(colours: dict, vision: str) -> list[tuple[float, str, str]]:
    """Every pair of ``colours`` (name -> rgb) with its ΔE00 under ``vision``, closest first."""
    names = list(colours)
    out = [(delta_e(colours[a], colours[b], vision), a, b)
           for i, a in enumerate(names) for b in names[i + 1:]]
    return sorted(out)
