"""A message window over whatever is on screen (damaged files, refused saves…)."""

from __future__ import annotations

from game.i18n import _
from game.ui import style
from game.ui.message_box import MessageBox


class NoticeScene(MessageBox):
    def __init__(self, app, text: str, title: str = "Notice") -> None:
        super().__init__(app)
        # Callers below the screens may hand a Msg (translated now) or a finished text
        self.text = str(text)
        self.title = _("Notice") if title == "Notice" else str(title)

    def build(self, m: style.Metrics) -> None:
        self.place_box(m)
        bw = m.px(140)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw, m.button_h),
                    _("OK"), self.app.pop, cls="@primary", object_id="#notice_ok", badge=False)

    def default_action(self) -> None:
        self.app.pop()
