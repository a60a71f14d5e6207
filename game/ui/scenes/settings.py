"""Settings: window mode, animation speed, the computers' pace, volume and mute, memory
aids; colours, text size and motion on a page of their own (game.ui.palette_screen).
Saved at once."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider

from game.i18n import N_, NP_, _, font_files, p_
from game.i18n import current as current_language
from game.ui import draw, navigation, quit_hooks, style
from game.ui.scene import Scene

# (title, setting, ((value, button), ...), hint): every text marked here and translated
# where it is drawn, so the rows follow a change of language. The buttons' words have the
# context "setting" (a speed's "Normal" or "Off" is not every screen's).
ROWS = (
    (N_("Window"), "window_mode",
     (("windowed", NP_("setting", "Windowed")), ("fullscreen", NP_("setting", "Fullscreen"))),
     N_("F11 switches at any time.")),
    (N_("Animation speed"), "animation_speed",
     (("slow", NP_("setting", "Slow")), ("normal", NP_("setting", "Normal")),
      ("fast", NP_("setting", "Fast")), ("off", NP_("setting", "Off"))),
     N_("How fast computer moves, dice and cards play out. Off: instant.")),
    (N_("Computer turns"), "computer_pace",      # "pace": its words agree with "turns"
     (("quick", NP_("pace", "Quick")), ("normal", NP_("pace", "Normal")),
      ("slow", NP_("pace", "Slow"))),
     N_("How long each computer move stays on the table before the next.")),
    (N_("Sound"), "muted", ((False, NP_("setting", "On")), (True, NP_("setting", "Muted"))), ""),
    (N_("Memory aids"), "memory_aids", ((True, NP_("setting", "On")), (False, NP_("setting", "Off"))),
     N_("Show what has been played already (cards seen, suits out).")),
)


@lru_cache(maxsize=4)
def _face(file: str, size: int) -> pygame.font.Font:
    return pygame.font.Font(str(resources.files("pygame_gui.data") / file), size)


# a font dies with pygame.quit(): a later App (a restart, the next test) must not get it
quit_hooks.add(_face.cache_clear)


def own_script(value: str) -> str | None:
    """The font file a language's name needs when the language in force has no such
    letters ("日本語" in a Latin font is a row of boxes); None when the theme's font has them."""
    regular = font_files(value)[0]
    return regular if regular != font_files()[0] else None


def button_words(key: str, text: str) -> str:
    """A row's button in the current words: a language is named in itself, an address
    is an address, everything else is the catalog's."""
    if key == "language" or (key == "phone_address" and text[:1].isdigit()):
        return text
    return p_("pace" if key == "computer_pace" else "setting", text)


def language_row() -> tuple:
    """English, 日本語, Deutsch, Français: each named in itself; applies at once."""
    from game.i18n import LANGUAGES

    return (N_("Language"), "language", tuple(LANGUAGES.items()), "")


def phone_row(current: str) -> tuple:
    """Where phones reach the table: the LAN (automatic or one address) or loopback only."""
    from game.net.addresses import AUTO, LOOPBACK, bind_address, lan_addresses

    lan = lan_addresses()
    options = ([(AUTO, NP_("setting", "Local network"))] + [(a, a) for a in lan[1:3]]
               + [(LOOPBACK, NP_("setting", "This computer"))])
    where = bind_address(current)
    hint = (_("Phones join at {address}.", address=where) if where != LOOPBACK else
            _("Only browsers on this computer can join (no network address found, or chosen)."))
    return (N_("Phones"), "phone_address", tuple(options), hint)


class SettingsScene(Scene):
    keep_look_when_covered = True

    page = 0            # large text: the rows come a page at a time

    def build(self, m: style.Metrics) -> None:
        s = self.app.settings
        self.rows: list[tuple[int, str, str]] = []
        self.own_names: list[tuple[UIButton, str, str]] = []   # (button, name, font file)
        self.stacked = style.TEXT_SCALE > 1
        rows = (language_row(),) + ROWS + (phone_row(s.phone_address),)
        if self.stacked:
            self.build_large(m, rows)
            return
        width = min(m.px(820), m.width - 2 * m.margin)
        step = min(m.px(76), (m.height - m.px(168) - m.button_h - m.pad) // len(rows))
        height = m.px(28) + len(rows) * step + m.px(20) + m.button_h + m.pad
        self.box = pygame.Rect((m.width - width) // 2, max(m.px(110), (m.height - height) // 2 + m.px(30)),
                               width, height)
        label_w = m.px(210)
        x0 = self.box.x + m.pad + label_w
        y = self.box.y + m.px(28)
        for title, key, options, hint in rows:
            bw = min(m.px(140), (self.box.right - m.pad - x0 - m.gap * (len(options) - 1)) // len(options))
            x = x0
            for value, text in options:
                self.option((x, y, bw, m.button_h), key, value, text)
                x += bw + m.gap
            if key == "muted":
                cues_w = m.px(110)     # each cue's own volume: game.ui.sound_settings
                self.slider = UIHorizontalSlider(
                    pygame.Rect(x + m.gap, y + m.px(8), self.box.right - m.pad - x - 2 * m.gap - cues_w, m.button_h - m.px(16)),
                    start_value=s.volume, value_range=(0, 100), manager=self.manager,
                    container=self.root, object_id="#volume", click_increment=5)
                self.ring.add(self.slider)
                self.button((self.box.right - m.pad - cues_w, y, cues_w, m.button_h), _("Sounds…"),
                            self.open_cues, object_id="#sound_cues")
            self.rows.append((y, title, hint))
            y += step
        bw = m.px(160)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw, m.button_h),
                    _("Back"), self.app.pop, object_id="#back", cls="@primary")
        self.button((self.box.right - m.pad - bw, self.box.bottom - m.button_h - m.pad, bw,
                     m.button_h), _("About"), self.open_about, object_id="#about")
        self.button((self.box.x + m.pad, self.box.bottom - m.button_h - m.pad,
                     min(m.px(250), self.box.centerx - bw // 2 - m.gap - self.box.x - m.pad),
                     m.button_h), _("Colours, text, motion…"), self.open_access, object_id="#access")
        kx = self.box.centerx + bw // 2 + m.gap
        self.button((kx, self.box.bottom - m.button_h - m.pad,
                     self.box.right - m.pad - bw - m.gap - kx, m.button_h), _("Keys…"),
                    lambda: navigation.push(self.app, "keys"), object_id="#keys")

    def build_large(self, m: style.Metrics, rows: tuple) -> None:
        """Large text: each row's name above its buttons across the whole width, as many
        rows as the window holds on a page; Colours, Keys and About are a row of their own."""
        s = self.app.settings
        rows = rows + ((N_("More"), "", (("access", N_("Colours, text, motion…")),
                                         ("keys", N_("Keys…")), ("about", N_("About"))), ""),)
        width = m.width - 2 * m.margin
        self.label_h = draw.font(m.px(style.FONT_BODY + 1), True).get_linesize()
        self.hint_h = draw.font(m.px(style.FONT_SMALL - 1)).get_linesize()
        step = self.label_h + m.button_h + self.hint_h + m.px(8)
        title_h = draw.font(m.px(style.FONT_HEADING + 6), True).get_linesize()
        bottom = m.button_h + 2 * m.pad
        per_page = max(1, (m.height - title_h - m.px(16) - bottom - m.pad) // step)
        pages = self.pages = -(-len(rows) // per_page)
        self.page = min(self.page, pages - 1)
        shown = rows[self.page * per_page:(self.page + 1) * per_page]
        self.box = pygame.Rect(m.margin, title_h + m.px(8), width,
                               m.pad + len(shown) * step + bottom)
        y = self.box.y + m.pad
        inner = width - 2 * m.pad
        for title, key, options, hint in shown:
            by = y + self.label_h
            slots = len(options) + (2 if key == "muted" else 0)
            bw = (inner - m.gap * (slots - 1)) // slots
            x = self.box.x + m.pad
            for value, text in options:
                if key == "":
                    action = {"access": self.open_access, "about": self.open_about,
                              "keys": lambda: navigation.push(self.app, "keys")}[value]
                    self.button((x, by, bw, m.button_h), _(text), action, object_id=f"#{value}")
                else:
                    self.option((x, by, bw, m.button_h), key, value, text)
                x += bw + m.gap
            if key == "muted":
                self.slider = UIHorizontalSlider(
                    pygame.Rect(x, by + m.px(8), bw, m.button_h - m.px(16)), start_value=s.volume,
                    value_range=(0, 100), manager=self.manager, container=self.root,
                    object_id="#volume", click_increment=5)
                self.ring.add(self.slider)
                self.button((x + bw + m.gap, by, bw, m.button_h), _("Sounds…"), self.open_cues,
                            object_id="#sound_cues")
            self.rows.append((y, title, hint))
            y += step
        bw = min(m.px(200), inner // 3)
        by = self.box.bottom - m.button_h - m.pad
        self.button((self.box.centerx - bw // 2, by, bw, m.button_h), _("Back"), self.app.pop,
                    object_id="#back", cls="@primary")
        if pages > 1:
            self.button((self.box.right - m.pad - bw, by, bw, m.button_h),
                        _("{page} of {pages} ›", page=self.page + 1, pages=pages), self.next_page,
                        object_id="#settings_page")

    def option(self, rect, key: str, value, text: str) -> None:
        """One of a row's buttons, lit when it is the setting now. A language whose name
        the theme's font cannot write gets its name drawn over the button (``draw``)."""
        s = self.app.settings
        on = (current_language() if key == "language" else getattr(s, key)) == value
        script = own_script(value) if key == "language" else None
        button = self.button(rect, "" if script else button_words(key, text),
                             lambda: self.change(key, value), cls="@toggle_on" if on else None,
                             object_id=f"#{key}_{str(value).lower().replace('.', '_') or 'auto'}")
        if script:
            self.own_names.append((button, text, script))

    def draw_over(self, surface: pygame.Surface) -> None:
        size = self.metrics.px(style.FONT_BODY)
        for button, name, script in self.own_names:       # above the buttons
            img = _face(script, size).render(name, True, style.TEXT)
            surface.blit(img, img.get_rect(center=button.rect.center))
        super().draw_over(surface)

    def next_page(self) -> None:
        self.page = (self.page + 1) % self.pages      # the last page's next is the first
        self.rebuild()

    def open_access(self) -> None:
        navigation.push(self.app, "access")

    def open_cues(self) -> None:
        from game.ui.sound_settings import SoundCuesScene

        self.app.push(SoundCuesScene(self.app))

    def open_about(self) -> None:
        from game.ui.scenes.about import AboutScene

        self.app.push(AboutScene(self.app))

    def change(self, key: str, value) -> None:
        if key == "window_mode":
            self.app.set_fullscreen(value == "fullscreen")  # saves and relayouts (rebuilds us)
            return
        if key == "language":
            from game.i18n.screens import switch

            switch(self.app, value)   # saves, and rebuilds every screen in the new words
            return
        setattr(self.app.settings, key, value)
        self.app.save_settings()
        if key == "muted" and not value:
            self.app.sound.play("card")
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is getattr(self, "slider", None):
            self.app.settings.volume = int(event.value)
            self.app.save_settings()
            self.app.sound.play("card")  # hear the new level
            return True
        return super().handle_event(event)

    def sound_hint(self) -> tuple[str, tuple]:
        if not self.app.sound.available:
            return _("No audio device was found: the game plays silently."), style.DANGER
        return _("Each cue's own volume (turn, cards, dice…): Sounds…"), style.TEXT_DIM

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        if self.stacked:
            draw.blit_text(surface, _("Settings"), m.px(style.FONT_HEADING + 6),
                           (m.width // 2, self.box.y - m.px(4)), style.ACCENT_BRIGHT, True, "midbottom")
        else:
            draw.blit_text(surface, _("Settings"), m.px(style.FONT_TITLE), (m.width // 2, self.box.y - m.px(50)),
                           style.ACCENT_BRIGHT, True, "center")
        draw.panel(surface, self.box, m.px(style.RADIUS))
        if self.stacked:
            self.draw_large(surface, m)
            return
        for y, title, hint in self.rows:
            draw.blit_text(surface, _(title), m.px(style.FONT_BODY + 1), (self.box.x + m.pad, y + m.button_h // 2),
                           style.TEXT, True, "midleft")
            if title == "Sound":
                hint, colour = self.sound_hint()
            else:
                colour = style.TEXT_DIM
            if hint:
                draw.blit_text(surface, _(hint), m.px(style.FONT_SMALL - 1), (self.box.x + m.pad + m.px(210), y + m.button_h + m.px(3)),
                               colour)
        s = self.app.settings
        if hasattr(self, "slider"):
            r = self.slider.rect
            draw.blit_text(surface, _("Volume {volume}", volume=s.volume), m.px(style.FONT_SMALL - 1),
                           (r.right, r.bottom + m.px(7)), style.TEXT_DIM, False, "topright")

    def draw_large(self, surface: pygame.Surface, m: style.Metrics) -> None:
        small = m.px(style.FONT_SMALL - 1)
        width = self.box.width - 2 * m.pad
        for y, title, hint in self.rows:
            draw.blit_text(surface, _(title), m.px(style.FONT_BODY + 1), (self.box.x + m.pad, y),
                           style.TEXT, True)
            colour = style.TEXT_MUTED
            if title == "Sound":
                hint, colour = self.sound_hint()
                hint = _("Volume {volume} · {hint}", volume=self.app.settings.volume, hint=hint)
            if hint:
                draw.blit_text(surface, draw.ellipsize(_(hint), small, width), small,
                               (self.box.x + m.pad, y + self.label_h + m.button_h + m.px(2)), colour)
