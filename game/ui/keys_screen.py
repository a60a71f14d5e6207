"""Settings → Keys, where the table keys are moved, and the F1 list of the keys a screen
understands (game.ui.controls says them; App.dispatch routes every key press through
``controls.route``)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import controls, draw, style
from game.ui.scene import Overlay, Scene
from game.ui.widgets import ScrollPanel, heading, paragraph, table


class KeysScene(Scene):
    """Each table action with its key; Change listens for the next key press (Esc keeps
    the old one), a key that is taken or kept for something else is refused with why, and
    Reset brings back every default. Saved at once with the settings."""

    keep_look_when_covered = True
    raw_keys = True            # controls.route hands this screen the keys as pressed

    def __init__(self, app) -> None:
        super().__init__(app)
        self.listening: str | None = None
        self.note, self.note_colour = "", style.TEXT_MUTED

    def build(self, m: style.Metrics) -> None:
        keys = controls.current_keys(self.app.settings)
        width = min(m.px(900), m.width - 2 * m.margin)
        row = m.button_h + m.px(6)
        note_h = draw.font(m.px(style.FONT_BODY)).get_linesize() * 2
        height = m.pad + len(keys) * row + note_h + m.button_h + 2 * m.pad
        title_h = draw.font(m.px(style.FONT_HEADING + 6), True).get_linesize()
        self.box = pygame.Rect((m.width - width) // 2, max(title_h + m.px(8), (m.height - height) // 2),
                               width, height)
        self.rows = []
        key_w = min(m.px(220), width // 3)
        y = self.box.y + m.pad
        for action, _default, _does in controls.TABLE_KEYS:
            shown = _("press a key…") if self.listening == action else controls.key_label(keys[action])
            self.button((self.box.right - m.pad - key_w, y, key_w, m.button_h), shown,
                        lambda a=action: self.listen(a), object_id=f"#key_{action}",
                        cls="@toggle_on" if self.listening == action else None)
            self.rows.append((y, action))
            y += row
        self.note_y = y
        bw = min(draw.label_width(m, _("Reset to defaults"), minimum=m.px(220)),
                 (width - 3 * m.pad) // 2)
        by = self.box.bottom - m.button_h - m.pad
        self.button((self.box.x + m.pad, by, bw, m.button_h), _("Reset to defaults"), self.reset,
                    object_id="#keys_reset")
        self.button((self.box.right - m.pad - bw, by, bw, m.button_h), _("Back"), self.app.pop,
                    object_id="#back", cls="@primary")

    def listen(self, action: str) -> None:
        self.listening = action
        self.note, self.note_colour = (_("Press the new key for {what} (Esc keeps {key}).",
                                         what=_(controls.ACTION_NAMES[action]),
                                         key=controls.key_label(controls.current_keys(self.app.settings)[action])),
                                       style.ACCENT_BRIGHT)
        self.rebuild()

    def reset(self) -> None:
        self.app.settings.keys = {}
        self.app.save_settings()
        self.listening = None
        self.note, self.note_colour = _("Every table key is back to its default."), style.TEXT_MUTED
        self.rebuild()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if self.listening is None:
            return super().handle_key(event)
        action, self.listening = self.listening, None
        pressed = controls.binding(event)
        if event.key == pygame.K_ESCAPE:
            self.note, self.note_colour = _("Kept as it was."), style.TEXT_MUTED
        elif pressed.removeprefix("ctrl+") in ("left ctrl", "right ctrl", "left shift",
                                                 "right shift", "left alt", "right alt"):
            self.listening = action         # a modifier alone: wait for the key with it
            return True
        else:
            why = controls.refusal(self.app.settings, action, pressed)
            if why:
                self.note, self.note_colour = _("Not changed: {why}", why=why), style.DANGER
            else:
                keys = dict(getattr(self.app.settings, "keys", {}) or {})
                keys[action] = pressed
                if pressed == controls.DEFAULT_KEYS[action]:
                    keys.pop(action)
                self.app.settings.keys = keys
                self.app.save_settings()
                self.note, self.note_colour = (_("{what} is now {key}.",
                                                 what=_(controls.ACTION_NAMES[action]),
                                                 key=controls.key_label(pressed)), style.GOOD)
        self.rebuild()
        return True

    def on_escape(self) -> None:
        self.app.pop()

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        m = self.metrics
        draw.blit_text(surface, _("Keys"), m.px(style.FONT_HEADING + 6),
                       (m.width // 2, self.box.y - m.px(4)), style.ACCENT_BRIGHT, True, "midbottom")
        draw.panel(surface, self.box, m.px(style.RADIUS))
        label, small = m.px(style.FONT_BODY), m.px(style.FONT_SMALL)
        text_w = self.box.width - 2 * m.pad - min(m.px(220), self.box.width // 3) - m.gap
        for y, action in self.rows:
            does = next(d for a, _k, d in controls.TABLE_KEYS if a == action)
            draw.blit_text(surface, draw.ellipsize(_(controls.ACTION_NAMES[action]), label, text_w, True),
                           label, (self.box.x + m.pad, y), style.TEXT, True)
            draw.blit_text(surface, draw.ellipsize(_(does), small, text_w), small,
                           (self.box.x + m.pad, y + draw.font(label, True).get_linesize()),
                           style.TEXT_MUTED)
        for i, line in enumerate(draw.wrap(self.note, label, self.box.width - 2 * m.pad)[:2]):
            draw.blit_text(surface, line, label, (self.box.x + m.pad,
                                                  self.note_y + i * draw.font(label).get_linesize()),
                           self.note_colour)


class KeysHelpScene(Overlay):
    """F1 or ?: what each key does on the screen below, the moved table keys as they are now."""

    is_keys_help = True

    def __init__(self, app, below=None) -> None:
        super().__init__(app)
        self.below = below

    def rows(self) -> tuple[tuple[str, str], ...]:
        spec = getattr(self.below, "spec", None)
        if spec is not None:
            return controls.rows(spec.id)
        if type(self.below).__name__ == "ReviewScene":
            return controls.COMMON + controls.REVIEW
        return controls.COMMON

    def build(self, m: style.Metrics) -> None:
        width = min(m.width - 2 * m.margin, m.px(1000))
        top, bottom = m.px(70), m.height - m.button_h - m.px(30)
        self.panel = ScrollPanel(pygame.Rect((m.width - width) // 2, top, width, bottom - top), m)
        keys = controls.current_keys(self.app.settings)
        mine = [(controls.key_label(keys[a]), _(does)) for a, _k, does in controls.TABLE_KEYS]
        self.panel.set_blocks([
            heading(_("THE TABLE KEYS (Settings → Keys moves them)")),
            table([_("key"), _("does")], mine),
            heading(_("ON THIS SCREEN")),
            table([_("key"), _("does")], [(_(k), _(d)) for k, d in self.rows()]),
            paragraph(_("F1 or ? shows this list; Esc, Enter or F1 closes it."), style.TEXT_MUTED),
        ])
        bw = m.px(160)
        self.button(((m.width - bw) // 2, m.height - m.button_h - m.px(16), bw, m.button_h),
                    _("Close"), self.app.pop, object_id="#keys_close", cls="@primary")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.panel.handle_event(event):
            return True
        return super().handle_event(event)

    def on_escape(self) -> None:
        self.app.pop()

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.blit_text(surface, _("Keys on this screen"), m.px(style.FONT_HEADING + 4),
                       (m.width // 2, m.px(36)), style.ACCENT_BRIGHT, True, "center")
        self.panel.draw(surface)
