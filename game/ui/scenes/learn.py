"""Learn to play: choose a game's tutorial (start, resume at the step reached, start over),
and the offer of a tutorial the first time a game is opened."""

from __future__ import annotations

import pygame

from game.i18n import _, n_
from game.tutorial import available, tutorial_for
from game.ui import draw, style
from game.ui.coach import saved_step, start_tutorial
from game.ui.scene import Scene


def status_text(app, tutorial) -> str:
    steps = len(tutorial.steps)
    at = saved_step(app, tutorial.key)
    if at:
        done = sum(1 for i in tutorial.steps if i < tutorial.resume_index(at))
        status = _("Stopped at step {n} of {total}", n=done + 1, total=steps)
    else:
        # Translators: a tutorial's size, "35 steps, about 9 min" (min: minutes, any count)
        size = n_("{n} step, about {minutes} min", "{n} steps, about {minutes} min", steps,
                  minutes=tutorial.minutes)
        status = (_("Done · {size}", size=size) if tutorial.key in app.settings.tutorials_done
                  else size)
    if not tutorial.part_title:
        return status
    # Translators: a tutorial in parts, "Part 2: Winning and dying · 20 steps, about 7 minutes"
    return _("Part {n}: {title} · {status}", n=tutorial.part, title=_(tutorial.part_title),
             status=status)


class LearnScene(Scene):
    keep_look_when_covered = True

    def build(self, m: style.Metrics) -> None:
        self.tutorials = available()
        width = min(m.px(760), m.width - 2 * m.margin)
        x = (m.width - width) // 2
        y = m.px(150)
        # four rows (Hunters in two parts) fit above Back at 1024x640 too
        room = m.height - y - m.button_h - m.px(48)
        row_h = min(m.px(96), room // max(1, len(self.tutorials)))
        self.rows: list[tuple[pygame.Rect, object]] = []
        bw = m.px(150)
        for t in self.tutorials:
            rect = pygame.Rect(x, y, width, row_h - m.gap)
            self.rows.append((rect, t))
            bx = rect.right - m.pad - bw
            by = rect.centery - m.button_h // 2
            if saved_step(self.app, t.key):
                self.button((bx, by, bw, m.button_h), _("Resume"), lambda t=t: self.start(t, True),
                            cls="@primary", object_id=f"#resume_{t.key}")
                bx -= bw + m.gap
                self.button((bx, by, bw, m.button_h), _("Start over"),
                            lambda t=t: self.start(t, False), object_id=f"#restart_{t.key}")
            else:
                self.button((bx, by, bw, m.button_h), _("Start"), lambda t=t: self.start(t, False),
                            cls="@primary", object_id=f"#learn_{t.key}")
            y += row_h
        self.button(((m.width - m.px(200)) // 2, m.height - m.button_h - m.px(36), m.px(200),
                     m.button_h), _("Back"), self.app.pop, object_id="#back")

    def buttons_w(self, m: style.Metrics, tutorial) -> int:
        """The width the row's buttons take at its right (Resume and Start over, or Start)."""
        bw = m.px(150)
        return (2 * bw + m.gap if saved_step(self.app, tutorial.key) else bw) + m.gap

    def start(self, tutorial, resume: bool) -> None:
        start_tutorial(self.app, tutorial.key, resume=resume)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.blit_text(surface, _("Learn to play"), m.px(style.FONT_TITLE), (m.width // 2, m.px(60)),
                       style.ACCENT_BRIGHT, True, "center")
        # as wide as the rows: German takes two lines
        lines = draw.wrap(_("A short guided game on the real table: a coach points at each part "
                            "and asks for a move. Leave at any time; it resumes where you were."),
                          m.px(style.FONT_SMALL), min(m.px(760), m.width - 2 * m.margin))
        line_h = m.px(19)
        for i, line in enumerate(lines):
            draw.blit_text(surface, line, m.px(style.FONT_SMALL),
                           (m.width // 2, m.px(104) + (2 * i - len(lines) + 1) * line_h // 2),
                           style.TEXT_MUTED, False, "center")
        for rect, t in self.rows:
            draw.panel(surface, rect, m.px(style.RADIUS))
            draw.blit_text(surface, _(t.title), m.px(22), (rect.x + m.pad, rect.y + m.px(16)),
                           style.TEXT, True)
            status = draw.ellipsize(status_text(self.app, t), m.px(style.FONT_SMALL),
                                    rect.w - 2 * m.pad - self.buttons_w(m, t))
            draw.blit_text(surface, status, m.px(style.FONT_SMALL),
                           (rect.x + m.pad, rect.y + m.px(50)), style.TEXT_MUTED)
        if not self.rows:
            draw.blit_text(surface, _("No tutorials yet."), m.px(style.FONT_BODY),
                           (m.width // 2, m.px(200)), style.TEXT_MUTED, False, "center")


def offer_first_time(app, spec, then) -> bool:
    """The first time a game with a tutorial is opened: offer it (once; remembered in the
    settings). True if the offer is on screen; ``then`` sets the game up instead."""
    tutorial = tutorial_for(spec.id)
    if (tutorial is None or spec.id in app.settings.tutorials_offered
            or spec.id in app.settings.tutorials_done):     # learnt already: no "New to"
        return False
    app.settings.tutorials_offered = [*app.settings.tutorials_offered, spec.id]
    app.save_settings()
    from game.ui.scenes.confirm import ConfirmScene

    app.push(ConfirmScene(
        app, _("New to {game}?", game=_(spec.title)),
        n_("Learn it by playing: a guided game of about {n} minute on the real table, one short "
           "step at a time. It is always on the menu under Learn to play.",
           "Learn it by playing: a guided game of about {n} minutes on the real table, one short "
           "step at a time. It is always on the menu under Learn to play.", tutorial.minutes),
        [(_("Learn by playing"), "#offer_learn", lambda: start_tutorial(app, spec.id)),
         (_("Set up a game"), "#offer_setup", then)]))
    return True
