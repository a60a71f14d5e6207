"""A question over whatever is on screen, with a button per answer ("Delete" / "Keep")."""

from __future__ import annotations

from typing import Callable

from game.ui import draw, style
from game.ui.message_box import MessageBox


class ConfirmScene(MessageBox):
    """``answers`` are (label, object id, what it does); the first is the careful one and
    is what Enter and Esc choose."""

    def __init__(self, app, title: str, text: str,
                 answers: list[tuple[str, str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.title, self.text, self.answers = str(title), str(text), answers   # str: a Msg

    def build(self, m: style.Metrics) -> None:
        width = self.place_box(m)
        n = len(self.answers)
        # as wide as the longest answer needs ("Apprendre en jouant"), as the box allows
        words = max(draw.font(m.px(style.FONT_BODY), True).size(str(a[0]))[0] for a in self.answers)
        bw = min(max(m.px(180), words + m.px(36)), (width - 2 * m.pad - (n - 1) * m.gap) // n)
        x = self.box.centerx - (n * bw + (n - 1) * m.gap) // 2
        for i, (label, oid, _does) in enumerate(self.answers):
            self.button((x, self.box.bottom - m.button_h - m.pad, bw, m.button_h), label,
                        lambda i=i: self.answer(i), object_id=oid, badge=False,
                        cls="@primary" if i == 0 else None)
            x += bw + m.gap

    def answer(self, i: int) -> None:
        self.app.pop()
        self.answers[i][2]()

    def default_action(self) -> None:
        self.answer(0)

    def on_escape(self) -> None:
        self.answer(0)
