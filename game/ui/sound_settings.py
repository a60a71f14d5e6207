"""Settings -> Sounds: each sound cue's own volume (a slider and a button to hear it).

A cue plays at the main volume times its own (``Sounds.level``); a cue at 0 is silent
while the others play on. Saved with the settings at once, so it is kept across restarts.
Without a mouse: a number or Up/Down picks a cue's Play button, Left/Right (or -/+) turn
that cue down or up by 10.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from game.i18n import N_, _
from game.ui import draw, style
from game.ui.scene import Scene
from game.ui.sound import CUES

# What each cue tells, in the player's words (what also shows it on screen: none is the
# only signal)
CUE_LABELS = {
    "turn": (N_("Your turn"), N_("two knocks on the table; the turn line says it too")),
    "card": (N_("A card played"), N_("a card's snap, as the card lands")),
    "dice": (N_("Dice"), N_("dice thrown on wood, while they tumble on screen")),
    "damage": (N_("Damage"), N_("a blow, as the hit shows on the board")),
    "win": (N_("A win"), N_("a rising marimba, with the results")),
    "loss": (N_("A loss"), N_("a falling marimba, with the results")),
}


class SoundCuesScene(Scene):
    keep_look_when_covered = True

    def build(self, m: style.Metrics) -> None:
        width = min(m.px(860), m.width - 2 * m.margin)
        step = min(m.px(64), (m.height - m.px(200) - m.button_h) // len(CUES))
        height = m.px(24) + len(CUES) * step + m.px(16) + m.button_h + m.pad
        self.box = pygame.Rect((m.width - width) // 2,
                               max(m.px(100), (m.height - height) // 2 + m.px(24)), width, height)
        self.sliders: dict[str, UIHorizontalSlider] = {}
        self.rows: list[tuple[int, str]] = []
        label_w, play_w = m.px(230), m.px(96)
        x0 = self.box.x + m.pad + label_w
        y = self.box.y + m.px(24)
        volumes = self.app.settings.cue_volumes
        for cue in CUES:
            slider_w = self.box.right - m.pad - play_w - m.gap - x0
            self.sliders[cue] = UIHorizontalSlider(
                pygame.Rect(x0, y + m.px(8), slider_w, m.button_h - m.px(16)),
                start_value=volumes.get(cue, 100), value_range=(0, 100), manager=self.manager,
                container=self.root, object_id=f"#cue_{cue}", click_increment=5)
            self.ring.add(self.sliders[cue])
            self.button((self.box.right - m.pad - play_w, y, play_w, m.button_h), _("Play"),
                        lambda c=cue: self.app.sound.play(c), object_id=f"#hear_{cue}")
            self.rows.append((y, cue))
            y += step
        bw = m.px(160)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw,
                     m.button_h), _("Back"), self.app.pop, object_id="#back", cls="@primary")

    def set_volume(self, cue: str, value: int) -> None:
        self.app.settings.cue_volumes = {**self.app.settings.cue_volumes,
                                         cue: max(0, min(100, int(value)))}
        self.app.save_settings()      # and the Sounds get the new level at once

    def handle_key(self, event: pygame.event.Event) -> bool:
        step = {pygame.K_LEFT: -10, pygame.K_MINUS: -10, pygame.K_KP_MINUS: -10,
                pygame.K_RIGHT: 10, pygame.K_PLUS: 10, pygame.K_EQUALS: 10,
                pygame.K_KP_PLUS: 10}.get(event.key)
        if step is not None and self.selected is not None and self.selected < len(CUES):
            cue = CUES[self.selected]
            value = max(0, min(100, self.app.settings.cue_volumes.get(cue, 100) + step))
            self.sliders[cue].set_current_value(value)
            self.set_volume(cue, value)
            self.app.sound.play(cue)
            return True
        if event.key == pygame.K_UP and self.choices:   # Left and Right are the volume here
            self.select(len(self.choices) - 1 if self.selected is None
                        else (self.selected - 1) % len(self.choices))
            return True
        return super().handle_key(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            cue = next((c for c, s in self.sliders.items() if s is event.ui_element), None)
            if cue is not None:
                self.set_volume(cue, event.value)
                self.app.sound.play(cue)   # hear the new level
                return True
        return super().handle_event(event)

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.blit_text(surface, _("Sounds"), m.px(style.FONT_TITLE),
                       (m.width // 2, self.box.y - m.px(50)), style.ACCENT_BRIGHT, True, "center")
        draw.panel(surface, self.box, m.px(style.RADIUS))
        volumes = self.app.settings.cue_volumes
        for y, cue in self.rows:
            title, hint = CUE_LABELS[cue]
            r = self.sliders[cue].rect
            draw.blit_text(surface, _(title), m.px(style.FONT_BODY + 1),
                           (self.box.x + m.pad, y + m.button_h // 2), style.TEXT, True, "midleft")
            draw.blit_text(surface, _(hint), m.px(style.FONT_SMALL - 2), (r.x, r.bottom + m.px(4)),
                           style.TEXT_DIM)
            draw.blit_text(surface, str(volumes.get(cue, 100)), m.px(style.FONT_SMALL - 1),
                           (r.right, r.bottom + m.px(4)), style.TEXT_DIM, False, "topright")
        if not self.app.sound.available:
            draw.blit_text(surface, _("No audio device was found: the game plays silently."),
                           m.px(style.FONT_SMALL - 1), (self.box.centerx, self.box.bottom + m.px(8)),
                           style.DANGER, False, "midtop")
        elif self.app.settings.muted:
            draw.blit_text(surface, _("Sound is muted in Settings."), m.px(style.FONT_SMALL - 1),
                           (self.box.centerx, self.box.bottom + m.px(8)), style.TEXT_DIM, False,
                           "midtop")
