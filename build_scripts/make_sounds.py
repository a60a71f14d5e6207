"""Synthesise the table's sound cues into assets/sounds/*.wav (44.1 kHz, 16-bit mono).

    python build_scripts/make_sounds.py                 # writes the six WAVs
    python build_scripts/make_sounds.py --check         # exit 1 if a committed WAV differs
    python build_scripts/make_sounds.py --plot cues.png --describe
        # a picture of each cue (waveform, loudness envelope in dB, spectrum) and its figures

Each cue is made of what the real thing is made of, not of tones: a noise burst shaped by
a filter and an envelope for the contact, damped resonances (modes) for the wood of the
table, the dice or the marimba bar, and a small room (a short Schroeder reverb) that puts
them all on the same table. Every random number comes from a fixed seed, so the files are
the same on every run and ``--check`` can tell that the committed ones are current.

    turn    two knuckle knocks on the table: "your go"
    card    a card snapped down on the table
    dice    two dice thrown on wood: bounces closing up, then a short rattle
    damage  a heavy blow on the table and a wooden marker clacked one step on
    win     a rising wooden marimba arpeggio (C E G C)
    loss    a falling, darker one (G E-flat C), slower

Pure Python (no numpy): the app never runs this, only a maintainer who changes a cue.
"""

from __future__ import annotations

import argparse
import cmath
import math
import random
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 44100
CUES = ("turn", "card", "dice", "damage", "win", "loss")


# --- building blocks ---------------------------------------------------------------------------

def blank(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def add(into: list[float], at: float, samples: list[float], gain: float = 1.0) -> None:
    """Lay ``samples`` into ``into`` from ``at`` seconds on (growing it if needed)."""
    start = int(at * RATE)
    if start + len(samples) > len(into):
        into.extend([0.0] * (start + len(samples) - len(into)))
    for i, v in enumerate(samples):
        into[start + i] += gain * v


def white(n: int, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """A raised-cosine attack of ``attack`` s, then an exponential fall with time constant
    ``decay`` s (the way struck things ring out)."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        rise = 0.5 - 0.5 * math.cos(math.pi * min(1.0, i / a))
        out.append(rise * math.exp(-max(0, i - a) / (decay * RATE)))
    return out


def shaped(samples: list[float], env: list[float]) -> list[float]:
    return [s * e for s, e in zip(samples, env)]


def biquad(x: list[float], kind: str, f0: float, q: float = 0.707) -> list[float]:
    """The RBJ cookbook's second-order filters: "lp", "hp" or "bp" (constant peak gain)."""
    w = 2 * math.pi * f0 / RATE
    alpha = math.sin(w) / (2 * q)
    cw = math.cos(w)
    if kind == "lp":
        b = ((1 - cw) / 2, 1 - cw, (1 - cw) / 2)
    elif kind == "hp":
        b = ((1 + cw) / 2, -(1 + cw), (1 + cw) / 2)
    else:
        b = (alpha, 0.0, -alpha)
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    b0, b1, b2 = (v / a0 for v in b)
    a1, a2 = a1 / a0, a2 / a0
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for v in x:
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out.append(y)
        x2, x1, y2, y1 = x1, v, y1, y
    return out


def burst(rng: random.Random, seconds: float, attack: float, decay: float,
          band: tuple[str, float, float] | None = None) -> list[float]:
    """A noise burst: white noise through a filter, under an envelope."""
    n = int(seconds * RATE)
    noise = white(n, rng)
    if band is not None:
        noise = biquad(noise, *band)
    return shaped(noise, envelope(n, attack, decay))


def modes(freqs: list[tuple[float, float, float]], seconds: float,
          rng: random.Random | None = None, spread: float = 0.0) -> list[float]:
    """Damped resonances: each (frequency Hz, decay time constant s, amplitude), the way a
    struck board, die or bar rings. ``spread`` detunes each by up to that fraction."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for f, tau, amp in freqs:
        if rng is not None and spread:
            f *= 1 + rng.uniform(-spread, spread)
        phase = rng.uniform(0, 2 * math.pi) if rng is not None else 0.0
        k = 2 * math.pi * f / RATE
        fall = math.exp(-1 / (tau * RATE))
        level = amp
        for i in range(n):
            out[i] += level * math.sin(k * i + phase)
            level *= fall
            if level < 1e-5:
                break
    # a few samples of fade-in: a mode starting at full level on a non-zero phase clicks
    for i in range(min(n, 24)):
        out[i] *= i / 24
    return out


def room(dry: list[float], wet: float, size: float = 1.0, decay: float = 0.35,
         tail: float = 0.35) -> list[float]:
    """A small room (Schroeder: four damped combs in parallel, two all-passes in series):
    a few early reflections that thicken into a short tail. ``decay`` is the RT60 in s."""
    x = dry + [0.0] * int(tail * RATE)
    combs_ms = [d * size for d in (23.3, 27.1, 31.7, 35.9)]
    mixed = [0.0] * len(x)
    for ms in combs_ms:
        d = int(ms * RATE / 1000)
        g = 10 ** (-3 * (ms / 1000) / decay)
        buf = [0.0] * d
        lp, damp = 0.0, 0.3   # the walls soak up the highs first
        for i, v in enumerate(x):
            y = buf[i % d]
            lp = (1 - damp) * y + damp * lp
            buf[i % d] = v + g * lp
            mixed[i] += y / len(combs_ms)
    for ms, g in ((5.0, 0.7), (1.7, 0.7)):
        d = int(ms * size * RATE / 1000)
        buf = [0.0] * d
        out = []
        for i, v in enumerate(mixed):
            b = buf[i % d]
            y = -g * v + b
            buf[i % d] = v + g * y
            out.append(y)
        mixed = out
    return [dv + wet * mv for dv, mv in zip(x, mixed)]


def finish(x: list[float], peak: float, longest: float = 9.0) -> list[float]:
    """Trim the end below -54 dB (or at ``longest`` s), fade out the last 10 ms (120 ms when
    cut short), scale the loudest point to ``peak``."""
    top = max(abs(v) for v in x)
    end = min(len(x), int(longest * RATE))
    cut = end < len(x)
    while end > 0 and abs(x[end - 1]) < top * 10 ** (-54 / 20):
        end -= 1
    x = x[:end]
    fade = min(len(x), int((0.12 if cut else 0.01) * RATE))
    for i in range(fade):
        x[len(x) - fade + i] *= 0.5 + 0.5 * math.cos(math.pi * (i + 1) / fade)
    return [peak * v / top for v in x]


# --- the cues --------------------------------------------------------------------------------

def knock(rng: random.Random, strength: float) -> list[float]:
    """A knuckle on a wooden table top: a soft, dull contact and the board's low modes."""
    contact = burst(rng, 0.03, 0.0008, 0.004, ("lp", 2400.0, 0.8))
    body = modes([(205.0, 0.050, 0.9), (470.0, 0.032, 0.55), (1040.0, 0.014, 0.3),
                  (1730.0, 0.007, 0.15)], 0.25, rng, 0.03)
    out = blank(0.0)
    add(out, 0.0, contact, 0.7 * strength)
    add(out, 0.0008, body, strength)
    return out


def cue_turn() -> list[float]:
    rng = random.Random(101)
    out = blank(0.0)
    add(out, 0.0, knock(rng, 1.0))
    add(out, 0.155, knock(rng, 0.8))
    return finish(room(out, 0.22, 0.8, 0.30), 0.70)


def cue_card() -> list[float]:
    rng = random.Random(202)
    out = blank(0.0)
    # the air pushed out from under the card as it lands, then the snap of its edge on the
    # table and the table's own small thock
    add(out, 0.0, burst(rng, 0.05, 0.004, 0.010, ("lp", 900.0, 0.7)), 0.35)
    snap = burst(rng, 0.04, 0.0004, 0.007, ("bp", 3400.0, 0.9))
    add(out, 0.007, biquad(snap, "hp", 1500.0), 1.0)
    add(out, 0.007, burst(rng, 0.02, 0.0002, 0.0015, ("hp", 6000.0, 0.7)), 0.35)
    add(out, 0.008, modes([(190.0, 0.020, 0.07), (430.0, 0.014, 0.05)], 0.1, rng, 0.02))
    return finish(room(out, 0.12, 0.7, 0.25), 0.88)


def die_hit(rng: random.Random, energy: float) -> list[float]:
    """One impact of a small plastic die on a wooden table: its own bright modes, a click,
    and a little of the table's low ring (more of it the harder the hit)."""
    out = blank(0.0)
    centre = rng.uniform(2600.0, 4200.0)
    add(out, 0.0, burst(rng, 0.02, 0.0002, 0.0018, ("bp", centre, 1.2)), 0.8 * energy)
    add(out, 0.0, modes([(3150.0, 0.012, 0.45), (4720.0, 0.008, 0.3), (6350.0, 0.005, 0.2)],
                        0.06, rng, 0.08), energy)
    add(out, 0.0, modes([(160.0, 0.045, 0.35), (330.0, 0.030, 0.3), (690.0, 0.016, 0.2)],
                        0.2, rng, 0.05), energy ** 1.5)
    return out


def cue_dice() -> list[float]:
    rng = random.Random(303)
    out = blank(0.0)
    for die, (start, first_gap) in enumerate(((0.0, 0.115), (0.028, 0.097))):
        t, gap, energy = start, first_gap, 1.0 - 0.15 * die
        while energy > 0.06:              # bounces closing up as the die loses height
            add(out, t, die_hit(rng, energy))
            t += gap * rng.uniform(0.9, 1.1)
            gap *= 0.72
            energy *= 0.66
        for _ in range(rng.randint(3, 5)):  # then it tips over an edge or two and stops
            t += rng.uniform(0.018, 0.035)
            add(out, t, die_hit(rng, energy * rng.uniform(0.4, 0.9)))
    return finish(room(out, 0.15, 0.8, 0.30), 0.80)


def cue_damage() -> list[float]:
    rng = random.Random(404)
    out = blank(0.0)
    # a fist on the table: a low, falling thump with a dull crunch of contact
    n = int(0.28 * RATE)
    phase, thump = 0.0, []
    env = envelope(n, 0.002, 0.075)
    for i in range(n):
        f = 58.0 + 70.0 * math.exp(-i / (0.03 * RATE))
        phase += 2 * math.pi * f / RATE
        thump.append(env[i] * math.sin(phase))
    add(out, 0.0, thump, 1.0)
    add(out, 0.0, burst(rng, 0.06, 0.001, 0.012, ("lp", 700.0, 0.9)), 0.7)
    add(out, 0.0, modes([(150.0, 0.06, 0.4), (340.0, 0.03, 0.25)], 0.25, rng, 0.03))
    # then the damage marker, a small wooden cube, clacked one step on
    clack = modes([(1850.0, 0.012, 0.5), (3300.0, 0.008, 0.35), (5200.0, 0.004, 0.2)],
                  0.06, rng, 0.03)
    add(out, 0.16, burst(rng, 0.015, 0.0002, 0.0015, ("bp", 2600.0, 1.0)), 0.35)
    add(out, 0.16, clack, 0.6)
    return finish(room(out, 0.15, 0.9, 0.35), 0.70)   # the loudest by nature: held back


def marimba_note(rng: random.Random, freq: float, ring: float, bright: float) -> list[float]:
    """A rosewood marimba bar struck with a soft mallet: the fundamental, the bar's tuned
    fourth partial (about 3.9 times up) dying faster, a trace of the next, a thud of
    mallet."""
    seconds = min(1.6, ring * 4)
    out = modes([(freq, ring, 1.0), (freq * 3.93, ring * 0.22, 0.28 * bright),
                 (freq * 9.2, ring * 0.06, 0.06 * bright)], seconds, rng, 0.002)
    add(out, 0.0, burst(rng, 0.02, 0.0006, 0.003, ("lp", 1500.0, 0.7)), 0.25)
    return out


def cue_win() -> list[float]:
    rng = random.Random(505)
    out = blank(0.0)
    for k, f in enumerate((523.25, 659.26, 783.99, 1046.5)):
        add(out, 0.085 * k, marimba_note(rng, f, 0.18 if k < 3 else 0.34, 1.0),
            0.75 if k < 3 else 1.0)
    return finish(room(out, 0.22, 1.0, 0.45), 0.62, longest=1.25)


def cue_loss() -> list[float]:
    rng = random.Random(606)
    out = blank(0.0)
    for k, f in enumerate((392.0, 311.13, 261.63)):
        add(out, 0.17 * k, marimba_note(rng, f, 0.2 if k < 2 else 0.38, 0.45), 0.9)
    add(out, 0.34, marimba_note(rng, 130.81, 0.32, 0.3), 0.5)   # the low C under the last
    return finish(room(out, 0.22, 1.0, 0.45), 0.62, longest=1.45)


RECIPES = {"turn": cue_turn, "card": cue_card, "dice": cue_dice, "damage": cue_damage,
           "win": cue_win, "loss": cue_loss}


# --- files -----------------------------------------------------------------------------------

def pcm(samples: list[float]) -> bytes:
    """16-bit little-endian samples, as WAV wants them on any machine."""
    import array

    a = array.array("h", (max(-32767, min(32767, round(32767 * v))) for v in samples))
    if sys.byteorder != "little":
        a.byteswap()
    return a.tobytes()


def wav_bytes(samples: list[float]) -> bytes:
    import io

    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm(samples))
    return buf.getvalue()


def same_sound(a: list[float], b: list[float], steps: int = 3) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= steps / 32767 for x, y in zip(a, b))


def read_wav_bytes(data: bytes) -> list[float]:
    import io

    return read_wav(io.BytesIO(data))


def read_wav(path) -> list[float]:
    import array

    with wave.open(path if not isinstance(path, Path) else str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE), path
        a = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        a.byteswap()
    return [v / 32767 for v in a]


# --- looking at them: envelope and spectrum ----------------------------------------------------

def loudness(x: list[float], window: float = 0.005) -> list[float]:
    """RMS level in dB (full scale 0) of each ``window`` s."""
    w = max(1, int(window * RATE))
    out = []
    for i in range(0, len(x), w):
        part = x[i:i + w]
        rms = math.sqrt(sum(v * v for v in part) / len(part))
        out.append(20 * math.log10(max(rms, 1e-6)))
    return out


def fft(a: list[complex]) -> list[complex]:
    n = len(a)
    if n == 1:
        return a
    even, odd = fft(a[0::2]), fft(a[1::2])
    out = [0j] * n
    for k in range(n // 2):
        t = cmath.exp(-2j * math.pi * k / n) * odd[k]
        out[k], out[k + n // 2] = even[k] + t, even[k] - t
    return out


def spectrum(x: list[float], size: int = 16384) -> list[tuple[float, float]]:
    """(frequency Hz, level dB) of the whole cue (Hann window, zero-padded)."""
    part = x[:size] + [0.0] * max(0, size - len(x))
    n = len(x[:size])
    win = [part[i] * (0.5 - 0.5 * math.cos(2 * math.pi * i / max(1, n - 1))) if i < n else 0.0
           for i in range(size)]
    mags = [abs(c) for c in fft([complex(v) for v in win])[:size // 2]]
    top = max(mags) or 1.0
    return [(k * RATE / size, 20 * math.log10(max(m / top, 1e-6))) for k, m in enumerate(mags)]


def describe(name: str, x: list[float]) -> str:
    level = loudness(x)
    peak_at = level.index(max(level)) * 5
    below = next((i for i in range(level.index(max(level)), len(level))
                  if level[i] < max(level) - 30), len(level)) * 5
    spec = spectrum(x)
    power = [(f, 10 ** (db / 10)) for f, db in spec if f > 20]
    centroid = sum(f * p for f, p in power) / sum(p for _, p in power)
    peaks = sorted((db, f) for (f, db), (_, left), (_, right)
                   in zip(spec[1:-1], spec[:-2], spec[2:]) if db > left and db > right)[-4:]
    hits = onsets(level)
    return (f"{name:7s} {len(x) / RATE:5.2f} s, loudest at {peak_at} ms, 30 dB down by "
            f"{below} ms, {hits} onset{'s' if hits != 1 else ''}, spectral centroid "
            f"{centroid:,.0f} Hz, strongest peaks "
            + ", ".join(f"{f:,.0f} Hz" for _, f in sorted(peaks, key=lambda p: p[1])))


def onsets(level: list[float]) -> int:
    """Hits: the 5 ms level rising by 6 dB or more over the last 15 ms, within 40 dB of
    the loudest (silence before the start counts as very low)."""
    level = [-120.0] * 3 + level
    count, last = 0, -10
    for i in range(3, len(level)):
        if level[i] - min(level[i - 3:i]) >= 6 and level[i] > max(level) - 40 and i - last > 3:
            count, last = count + 1, i
    return count


def plot(cues: dict[str, list[float]], path: Path) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    row_h, wave_w, spec_w, pad = 150, 620, 420, 14
    surface = pygame.Surface((pad * 3 + wave_w + spec_w, pad + len(cues) * (row_h + pad)))
    surface.fill((18, 20, 26))
    longest = max(len(x) for x in cues.values()) / RATE
    for r, (name, x) in enumerate(cues.items()):
        top = pad + r * (row_h + pad)
        box = pygame.Rect(pad, top, wave_w, row_h)
        pygame.draw.rect(surface, (30, 33, 42), box)
        mid = box.centery
        per_px = longest * RATE / wave_w
        for px in range(wave_w):
            part = x[int(px * per_px):int((px + 1) * per_px)]
            if part:
                lo, hi = min(part), max(part)
                pygame.draw.line(surface, (90, 140, 200), (box.x + px, mid - hi * row_h / 2),
                                 (box.x + px, mid - lo * row_h / 2))
        level = loudness(x)     # the envelope: 0 dB at the top, -60 dB at the bottom
        points = [(box.x + (i * 0.005) / longest * wave_w,
                   box.y + min(1.0, -db / 60) * row_h) for i, db in enumerate(level)]
        if len(points) > 1:
            pygame.draw.lines(surface, (240, 190, 80), False, points, 2)
        for ms in range(0, int(longest * 1000) + 1, 100):
            gx = box.x + ms / 1000 / longest * wave_w
            pygame.draw.line(surface, (55, 60, 72), (gx, box.bottom - 6), (gx, box.bottom))
        surface.blit(font.render(f"{name}  ({len(x) / RATE:.2f} s; ticks 100 ms; amber: level "
                                 f"dB, 0 to -60)", True, (230, 230, 230)), (box.x + 6, box.y + 4))
        sbox = pygame.Rect(pad * 2 + wave_w, top, spec_w, row_h)
        pygame.draw.rect(surface, (30, 33, 42), sbox)
        lo_f, hi_f = math.log10(50), math.log10(20000)
        pts = [(sbox.x + (math.log10(f) - lo_f) / (hi_f - lo_f) * spec_w,
                sbox.y + min(1.0, -db / 70) * row_h) for f, db in spectrum(x) if 50 <= f <= 20000]
        pygame.draw.lines(surface, (120, 210, 140), False, pts, 1)
        for f in (100, 1000, 10000):
            gx = sbox.x + (math.log10(f) - lo_f) / (hi_f - lo_f) * spec_w
            pygame.draw.line(surface, (70, 75, 90), (gx, sbox.y), (gx, sbox.bottom))
            surface.blit(font.render(f"{f // 1000}k" if f >= 1000 else str(f), True,
                                     (150, 150, 160)), (gx + 3, sbox.bottom - 16))
        surface.blit(font.render("spectrum, 50 Hz - 20 kHz, 0 to -70 dB", True, (230, 230, 230)),
                     (sbox.x + 6, sbox.y + 4))
    pygame.image.save(surface, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed files instead of writing")
    parser.add_argument("--plot", type=Path, help="write a PNG of every cue")
    parser.add_argument("--describe", action="store_true", help="print each cue's figures")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    cues = {name: RECIPES[name]() for name in CUES}
    stale = []
    for name, samples in cues.items():
        path = args.out / f"{name}.wav"
        data = wav_bytes(samples)
        if args.check:
            # within 3 steps of 32767: another OS's sin and exp may differ in the last bit
            if not path.is_file() or not same_sound(read_wav(path), read_wav_bytes(data)):
                stale.append(name)
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if args.describe:
        for name, samples in cues.items():
            print(describe(name, samples))
    if args.plot:
        plot(cues, args.plot)
        print(f"wrote {args.plot}")
    if stale:
        print("not what build_scripts/make_sounds.py makes now: " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
