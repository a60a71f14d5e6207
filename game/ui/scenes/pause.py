"""The pause menu over a table: Resume, Rules, Settings, Phones (while any seat plays on a
phone), Save & quit to menu."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import draw, navigation, style
from game.ui.scene import Overlay


class PauseScene(Overlay):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def build(self, m: style.Metrics) -> None:
        items = [(_("Resume"), self.app.pop, "#resume"), (_("Rules"), self.open_rules, "#pause_rules"),
                 (_("Settings"), self.open_settings, "#pause_settings"),
                 (_("Save & quit to menu"), self.save_and_quit, "#save_quit")]
        if getattr(self.table, "phones", None) is not None and not self.table.session.is_over():
            items.insert(3, (_("Phones"), self.open_phones, "#pause_phones"))
        bw = m.px(300)
        self.box = self.centered(bw + 2 * m.px(40), m.px(90) + len(items) * (m.button_h + m.gap) + m.px(20))
        y = self.box.y + m.px(84)
        for text, action, oid in items:
            self.button((self.box.centerx - bw // 2, y, bw, m.button_h), text, action, object_id=oid,
                        cls="@primary" if oid == "#resume" else None)
            y += m.button_h + m.gap

    def open_rules(self) -> None:
        navigation.push(self.app, "rules", self.table.session.match.game_id)

    def open_settings(self) -> None:
        navigation.push(self.app, "settings")

    def open_phones(self) -> None:
        from game.ui.scenes.phones import PhonesScene

        self.app.pop()      # back to the game afterwards, not to this menu
        self.app.push(PhonesScene(self.app, self.table))

    def save_and_quit(self) -> None:
        from game.ui.scenes.confirm import ConfirmScene

        session = self.table.session
        why = None if session.is_over() else session.save_now()
        if why is None:
            navigation.back_to(self.app, "menu")
            return
        self.app.push(ConfirmScene(
            self.app, _("Leave without saving?"),
            _("This game could not be saved ({why}). If you leave now, the moves since it "
              "was last saved are lost.", why=why),
            [(_("Stay"), "#stay", lambda: None),
             (_("Save to…"), "#leave_save_to", self.app.open_save_to),
             (_("Leave anyway"), "#leave_anyway", lambda: navigation.back_to(self.app, "menu"))]))

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("Paused"), m.px(style.FONT_HEADING + 6), (self.box.centerx, self.box.y + m.px(42)),
                       style.ACCENT_BRIGHT, True, "center")
