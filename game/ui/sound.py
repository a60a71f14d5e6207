"""The table's sounds, played at the set volume.

The six cues that tell a player who looked away what happened (``CUES``: your turn, a
card played, dice, damage, a win, a loss) are recorded-like WAVs in assets/sounds/, made
by build_scripts/make_sounds.py from noise bursts, damped resonances and a small room;
each has its own volume (Settings -> Sounds), times the main volume. Each cue goes with
something on screen as well (the turn line, the card's flight, the dice, the hit numbers,
the results), so a cue is never the only signal. The lesser sounds (a click, a trick swept
in, a shuffle, the Spy's steps, a bomb) are small recipes synthesised on first use. If no
audio device can be opened everything here is silent and ``available`` says so (Settings
shows it).

``init_pygame`` starts pygame with the C-level stderr caught: on a machine without a
sound card, libasound prints a dozen "ALSA lib ..." lines that mean nothing to a player.
Other lines are passed on unchanged.
"""

from __future__ import annotations

import array
import logging
import math
import os
import random
import sys
import tempfile
import threading
from collections import Counter
from contextlib import contextmanager

import pygame

from game.storage.settings import SOUND_CUES

log = logging.getLogger("shadows.sound")

RATE = 44100      # the mixer's and the WAVs' (a card's snap lives above 11 kHz too)
CUES = SOUND_CUES
PEAK = 9000
NOISE_PREFIXES = ("ALSA lib ", "error: XDG_RUNTIME_DIR", "ALSA: ", "jack server", "Cannot connect to server")


@contextmanager
def quiet_native_stderr():
    """Catch what C libraries write to fd 2 while the block runs; pass on all but the noise."""
    fd = 2  # C libraries write to the process's fd 2, whatever sys.stderr is
    try:
        saved = os.dup(fd)
    except OSError:
        yield  # no fd 2 at all (a frozen windowed app on Windows)
        return
    with tempfile.TemporaryFile() as sink:
        try:
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        os.dup2(sink.fileno(), fd)
        try:
            yield
        finally:
            os.dup2(saved, fd)
            os.close(saved)
            sink.seek(0)
            kept = [line for line in sink.read().decode("utf-8", "replace").splitlines()
                    if line.strip() and not line.startswith(NOISE_PREFIXES)]
            if kept:
                os.write(fd, ("\n".join(kept) + "\n").encode("utf-8", "replace"))


def init_pygame() -> None:
    """``pygame.init()`` without the sound system's console noise."""
    from game.ui import quit_hooks

    with quiet_native_stderr():
        pygame.init()
    quit_hooks.arm()      # the font and theme caches are forgotten at its quit too


# --- synthesis -------------------------------------------------------------------------------

def _env(i: int, n: int, decay: float, attack: int = 40) -> float:
    return math.exp(-(i / RATE) * decay) * min(1.0, i / attack) * min(1.0, (n - i) / 60)


def tones(freqs: list[float], seconds: float, decay: float, gain: float = 1.0) -> list[float]:
    n = int(RATE * seconds)
    return [_env(i, n, decay) * gain * sum(math.sin(2 * math.pi * f * i / RATE) for f in freqs) / len(freqs)
            for i in range(n)]


def noise(seconds: float, decay: float, smooth: float, gain: float = 1.0, seed: int = 1) -> list[float]:
    """Filtered white noise: ``smooth`` near 1 gives a dull thud, near 0 a bright hiss."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(_env(i, n, decay, 10) * gain * last / max(0.05, (1 - smooth) ** 0.5))
    return out


def sweep(f0: float, f1: float, seconds: float, decay: float, gain: float = 1.0) -> list[float]:
    n = int(RATE * seconds)
    out, phase = [], 0.0
    for i in range(n):
        f = f0 + (f1 - f0) * i / n
        phase += 2 * math.pi * f / RATE
        out.append(_env(i, n, decay) * gain * math.sin(phase))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Lay sounds over each other: each part is (start in seconds, samples)."""
    length = max(int(at * RATE) + len(s) for at, s in parts)
    out = [0.0] * length
    for at, samples in parts:
        start = int(at * RATE)
        for i, v in enumerate(samples):
            out[start + i] += v
    return out


def notes(freqs: list[float], step: float, each: float, decay: float) -> list[float]:
    return mix(*((k * step, tones([f, f * 2], each, decay, 0.8)) for k, f in enumerate(freqs)))


RECIPES = {
    "click": lambda: tones([880.0, 1320.0], 0.05, 90.0),
    "refused": lambda: tones([196.0, 207.65], 0.18, 18.0),
    "trick": lambda: mix((0, noise(0.22, 14, 0.8, 0.7, 5)), (0.02, sweep(300, 520, 0.2, 12, 0.35))),
    "shuffle": lambda: mix(*((k * 0.045, noise(0.05, 70, 0.5, 0.6, 10 + k)) for k in range(12))),
    "spy": lambda: mix((0, noise(0.08, 45, 0.9, 1.0, 7)), (0.16, noise(0.08, 45, 0.9, 0.8, 8))),
    "bomb": lambda: mix((0, noise(0.9, 4.5, 0.97, 1.3, 9)), (0, sweep(90, 35, 0.8, 4, 0.8))),
    "end": lambda: tones([392.0, 493.88, 587.33], 0.6, 5.0),
    "tick": lambda: mix((0, tones([1244.5], 0.05, 70.0)), (0.09, tones([830.6, 1661.2], 0.22, 14.0))),
}


def render(name: str) -> array.array:
    """The 16-bit mono samples of one recipe, scaled so the loudest point is at PEAK."""
    samples = RECIPES[name]()
    top = max((abs(v) for v in samples), default=1.0) or 1.0
    return array.array("h", (int(PEAK * v / top) for v in samples))


# Rendered samples, shared by every Sounds of this process: synthesis costs 1-45 ms a
# sound, far more than a frame, so it happens once, on a background thread, not when a
# card first lands.
_rendered: dict[str, array.array] = {}
_warming: threading.Thread | None = None
_warm_lock = threading.Lock()


def rendered(name: str) -> array.array:
    samples = _rendered.get(name)
    if samples is None:
        samples = _rendered[name] = render(name)
    return samples


def warm_up() -> None:
    """Synthesise every sound on a background thread (started once per process)."""
    global _warming
    with _warm_lock:
        if _warming is not None:
            return

        def work() -> None:
            for name in RECIPES:
                if name not in _rendered:
                    _rendered[name] = render(name)

        _warming = threading.Thread(target=work, name="sound-synthesis", daemon=True)
        _warming.start()


def cue_file(name: str):
    """The WAV of a cue (FileNotFoundError if the assets lack it)."""
    from game.resources import asset_path

    return asset_path(f"sounds/{name}.wav")


class Sounds:
    def __init__(self, volume: int = 70, muted: bool = False,
                 cue_volumes: dict | None = None) -> None:
        self.volume, self.muted = volume, muted
        self.cue_volumes: dict[str, int] = dict(cue_volumes or {})
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._channels = 0
        self.played: list[str] = []  # names asked for, newest last (tests and the log read it)
        self.counts: Counter = Counter()  # how often each name was asked for (tests count)
        self.heard: list[tuple[str, float]] = []  # (name, volume 0-1) of sounds started
        try:
            with quiet_native_stderr():
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 1, 512)
            self._channels = pygame.mixer.get_init()[2]
        except (pygame.error, TypeError) as exc:
            log.info("no audio device, sounds are off: %s", exc)
            self._channels = 0

    @property
    def available(self) -> bool:
        return self._channels > 0

    def warm_up(self) -> None:
        """Synthesise the sounds now, off the main thread (once the menu is on screen)."""
        if self.available:
            warm_up()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds and self.available and name in CUES:
            try:  # a fraction of a millisecond: SDL reads it and converts it to the device's rate
                self._sounds[name] = pygame.mixer.Sound(file=str(cue_file(name)))
            except (pygame.error, FileNotFoundError) as exc:
                log.warning("the %s sound could not be loaded: %s", name, exc)
                return None
        # Synthesised after start-up by ``warm_up`` (or here, if asked for before that).
        if name not in self._sounds and self.available and name in RECIPES:
            samples = rendered(name)
            if self._channels == 2:
                mono, samples = samples, array.array("h", bytes(4 * len(samples)))
                samples[0::2] = mono     # the same sample to both ears, interleaved
                samples[1::2] = mono
            try:
                self._sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
            except pygame.error:
                return None
        return self._sounds.get(name)

    def configure(self, volume: int, muted: bool, cue_volumes: dict | None = None) -> None:
        self.volume, self.muted = volume, muted
        if cue_volumes is not None:
            self.cue_volumes = dict(cue_volumes)

    def level(self, name: str) -> float:
        """The volume a sound plays at, 0-1: the main volume, times the cue's own."""
        own = self.cue_volumes.get(name, 100) if name in CUES else 100
        return 0.0 if self.muted else self.volume / 100 * own / 100

    def play(self, name: str) -> None:
        self.played = (self.played + [name])[-20:]
        self.counts[name] += 1
        level = self.level(name)
        if level <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        sound.set_volume(level)
        sound.play()
        self.heard = (self.heard + [(name, level)])[-20:]
