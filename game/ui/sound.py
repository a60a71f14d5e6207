"""A few short sounds, synthesised at start (no sound files), played at the set volume.

If the mixer cannot start (no audio device, headless runs) everything here is silent.
"""

from __future__ import annotations

import array
import math

import pygame

RATE = 22050


def _tone(freqs: list[float], seconds: float, decay: float) -> array.array:
    n = int(RATE * seconds)
    out = array.array("h")
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * decay) * min(1.0, i / 40)
        v = sum(math.sin(2 * math.pi * f * t) for f in freqs) / len(freqs)
        out.append(int(9000 * env * v))
    return out


RECIPES = {
    "click": ([880.0, 1320.0], 0.05, 90.0),
    "turn": ([523.25, 784.0], 0.25, 12.0),
    "refused": ([196.0, 207.65], 0.18, 18.0),
    "end": ([392.0, 493.88, 587.33], 0.6, 5.0),
}


class Sounds:
    def __init__(self, volume: int = 70, muted: bool = False) -> None:
        self.volume, self.muted = volume, muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._channels = 0
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            self._channels = pygame.mixer.get_init()[2]
        except (pygame.error, TypeError):
            self._channels = 0  # no audio device: play silently

    @property
    def available(self) -> bool:
        return self._channels > 0

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        # Synthesised on first use so that start-up does not pay for it.
        if name not in self._sounds and self.available and name in RECIPES:
            samples = _tone(*RECIPES[name])
            if self._channels == 2:
                samples = array.array("h", (s for s in samples for _ in (0, 1)))
            try:
                self._sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
            except pygame.error:
                return None
        return self._sounds.get(name)

    def configure(self, volume: int, muted: bool) -> None:
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        if self.muted or self.volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        sound.set_volume(self.volume / 100)
        sound.play()
