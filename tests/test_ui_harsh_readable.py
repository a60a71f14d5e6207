"""The Harsh table reads whole at 1024x640: the hint gives each chance its margin and
one line to alike cards, the notes beside the action buttons are never cut, the results
fit their box, the risk question is in plain words and a forced choice with one option
is not asked about, and the Use clues dialog leaves the Case Files in view."""

import pygame
import pytest
from test_ui_harsh_moments import match_at_actions, on_the_run
from ui_helpers import click, drawn_texts, key, resize, step, until

from game.rules.harsh.data import ABILITY_TEXT
from game.rules.protocol import Action
from game.session import SeatConfig, Session
from game.ui import draw
from game.ui.harsh import hinting
from game.ui.harsh.column import ABILITY_SHORT
from game.ui.harsh.ending import HarshResultsScene
from game.ui.opening import table_for

pytestmark = pytest.mark.animation_speed("off")


def open_table(app, m, size=(1024, 640)):
    resize(app, *size)
    session = Session(m, [SeatConfig("You", "human")], app.bus, autosave=False)
    table = app.push(table_for("harsh")(app, session))
    step(app, 2)
    return table


def a_position_with_clues_to_pay():
    """Turn 6's additional actions, one Clue in hand: Red Herring and False Leads payable."""
    m = match_at_actions(4, 6)
    acts = m.state.legal_actions(0)
    files = {a.args[0] for a in acts if a.kind == "reveal"}
    assert {1, 2} <= files, "the seed no longer gives a position with two Case Files to pay"
    return m


def test_the_hint_gives_every_chance_its_margin_and_alike_cards_one_line(app, monkeypatch):
    m = a_position_with_clues_to_pay()
    table = open_table(app, m)
    acts = table.actions()
    end = next(a for a in acts if a.kind == "end")
    herring = next(a for a in acts if a.kind == "reveal" and a.args[0] == 1)
    leads = [a for a in acts if a.kind == "reveal" and a.args[0] == 2]
    assert len(leads) == 4
    ranked = ((end, 0.80, 330), (herring, 0.78, 330)) + tuple((a, 0.60, 330) for a in leads)
    # the search itself is tested in test_ui_harsh_hint; here, what the panel makes of it
    monkeypatch.setattr(hinting, "_search", lambda key_, *a: hinting.HintAnswer(key_, ranked, 0.4))
    key(app, pygame.K_h)
    assert until(app, lambda: table.current_hint() is not None, frames=60)
    step(app, 2)
    texts = [b.text.replace("\u00a0", " ") for b in table.hint_panel.blocks]
    assert texts == [
        "Best: End turn (the Spy moves) — 80% ±4 win chance",
        "As good, within the ±:",
        "78% ±4  Reveal Red Herring card 1 (pay 1 Clue)",
        "Less good:",
        "60% ±5  Reveal one of 4 False Leads cards (pay 1 Clue)",
        "± is the 95% margin (330 games a choice, 0.4 s).",
    ]
    # a figure and its margin are one unit: a line never breaks between them
    assert "78%\u00a0±4" in table.hint_panel.blocks[2].text
    panel = table.hint_panel
    panel.content()
    assert panel.max_offset == 0, panel.max_offset        # all of it in view at 1024x640, the margins too


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_hint_gives_its_reasons_as_far_as_the_panel_holds_them(app, monkeypatch, size):
    """The best choice's reason (the search's commonest loss) under it, then those of the
    choices as good as it while the panel has room; the figure of every choice stays in
    view (reasons give way first)."""
    from game.i18n import Msg, Percent

    m = a_position_with_clues_to_pay()
    table = open_table(app, m, size)
    acts = table.actions()
    end = next(a for a in acts if a.kind == "end")
    herring = next(a for a in acts if a.kind == "reveal" and a.args[0] == 1)
    leads = [a for a in acts if a.kind == "reveal" and a.args[0] == 2]

    def why(lost):
        return Msg("Commonest loss: {how} ({lost})", how=Msg("the Countdown runs out"),
                   lost=Percent(lost))

    def ask(ranked, reasons):
        monkeypatch.setattr(hinting, "_search",
                            lambda key_, *a: hinting.HintAnswer(key_, ranked, 0.4, reasons))
        table.hints.forget()
        table.hints._known.clear()
        key(app, pygame.K_h)
        assert until(app, lambda: table.current_hint() is not None, frames=60)
        step(app, 2)
        table.hint_panel.content()
        assert table.hint_panel.max_offset == 0, size       # nothing to scroll to
        return [b.text.replace("\u00a0", " ") for b in table.hint_panel.blocks]

    # two choices, as good as each other: the best's reason under it (the other's too,
    # under its own line, where the panel has room for it)
    texts = ask(((end, 0.80, 330), (herring, 0.78, 330)), (why(20), why(21)))
    assert texts[:2] == ["Best: End turn (the Spy moves) — 80% ±4 win chance",
                         "Commonest loss: the Countdown runs out (20%)"]
    row = texts.index("78% ±4  Reveal Red Herring card 1 (pay 1 Clue)")
    if "Commonest loss: the Countdown runs out (21%)" in texts:
        assert texts[row + 1] == "Commonest loss: the Countdown runs out (21%)"
    # every choice: the reasons give way, every figure and the margin's note stay in view
    texts = ask(((end, 0.80, 330), (herring, 0.78, 330)) + tuple((a, 0.60, 330) for a in leads),
                (why(20), why(21)) + (why(40),) * len(leads))
    for line in ("Best: End turn (the Spy moves) — 80% ±4 win chance",
                 "78% ±4  Reveal Red Herring card 1 (pay 1 Clue)",
                 "60% ±5  Reveal one of 4 False Leads cards (pay 1 Clue)"):
        assert line in texts
    assert texts[-1].startswith("± is the 95% margin")
    assert "Commonest loss: the Countdown runs out (40%)" not in texts    # less good: no reason
    assert "Commonest loss: the Countdown runs out (21%)" not in texts or \
        "Commonest loss: the Countdown runs out (20%)" in texts           # the best's first


def test_the_notes_beside_the_action_buttons_read_whole(app, monkeypatch):
    m = a_position_with_clues_to_pay()
    table = open_table(app, m)
    m_ = table.metrics
    x = table.lay.actions.x + table.button_w + m_.gap
    w = table.lay.actions.right - x
    rows = max(table.row_h, table.buttons["bug"].rect.height)
    reasons = ["not enough Clues (you have 0, the cheapest reveal costs 3)",
               "Espresso Lane Cafe's ability is switched off in this game",
               "the bug cannot be placed at a ★ Location", "the Tracking Bug has been used twice",
               "only after moving, during your additional actions",
               "Crystal Globe Casino's ability was already used"]
    for why in reasons:
        lines, _fs, cut = table.note_fit(("Not now: " + why, why), w, rows)
        assert not cut and " ".join(lines).endswith(why), why
    for text in ABILITY_TEXT:
        lines, _fs, cut = table.note_fit((text, ABILITY_SHORT), w, rows)
        assert not cut, text
    # and on the screen: nothing beside the buttons ends in "…"
    texts = drawn_texts(monkeypatch)
    step(app, 2)
    notes = [t for t in texts if t.startswith("Not now") or "…" in t]
    assert notes and not any(t.endswith("…") for t in notes), notes


def test_the_results_fit_their_box_whole_at_1024x640(app):
    m = match_at_actions(3, 4)
    on_the_run(m, 1)
    table = open_table(app, m)
    click(app, "#act_end")
    click(app, "#opt_0")
    assert until(app, lambda: isinstance(app.top, HarshResultsScene), frames=300)
    panel = app.top.panel
    content = panel.content()
    assert panel.max_offset == 0, (content.get_height(), panel.inner.height)
    files = next(b for b in panel.blocks if b.kind == "table")
    fs = panel.font_size
    natural = [max(draw.font(fs, True).size(h)[0], *(draw.font(fs).size(str(r[i]))[0] for r in files.rows))
               for i, h in enumerate(files.headers)]
    assert sum(natural) + table.metrics.px(8) * len(natural) <= panel.inner.width   # no cell cut
    texts = " ".join(b.text for b in panel.blocks)
    assert "Your record at Standard: 0 won of 1 played" in texts


def test_the_risk_question_is_in_plain_words(app):
    m = match_at_actions(3, 4)
    on_the_run(m, 1)
    table = open_table(app, m)
    assert "worlds" not in table.hint_panel.blocks[0].text    # the hint's own invitation too
    click(app, "#act_end")
    dlg = table.dialog
    assert dlg is not None and dlg.kind == "confirm"
    assert "worlds" not in dlg.text and "tell apart" not in dlg.text
    assert dlg.text.startswith("From what you can see, this") and "chance of losing the game" in dlg.text \
        or dlg.text.startswith("This ends the game and you lose")


def test_a_forced_discard_with_one_option_is_not_asked_about(app):
    m = match_at_actions(3, 4)
    on_the_run(m, 1)
    s = m.state
    for p in range(9):       # every square bare: the Spy's next step ticks the Countdown to 0
        s.discard.extend(s.stacks[p])
        s.stacks[p], s.origin[p], s.known[p] = [], [], []
    keep, rest = s.coll[0], s.coll[1:]
    s.discard.extend(rest)
    s.coll, s.protected = [keep], -1
    s.phase, s.discard_for, s.arrival, s.turn_over = "discard", "bomb", False, True
    table = open_table(app, m)
    assert table.dialog is not None and table.dialog.kind == "discard"
    assert len(table.actions()) == 1
    danger = table.danger_of(table.actions()[0])
    assert danger is not None and danger.certain     # it ends the game: the option says so
    before = len(table.session.match.log)
    click(app, "#opt_0")
    assert table.session.match.log[before] == (0, Action("discard", (keep,)))   # taken at once
    assert table.session.is_over()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_use_clues_dialog_leaves_the_case_files_in_view(app, size):
    m = a_position_with_clues_to_pay()
    table = open_table(app, m, size)
    click(app, "#act_clues")
    assert table.dialog is not None and table.dialog.kind == "clues"
    assert not table.dialog_rect.colliderect(table.lay.cases)
    assert app.screen.get_rect().contains(table.dialog_rect)
    for btn, _opt in table.option_buttons:
        assert table.dialog_rect.contains(btn.rect)
    # the Case File's card is clicked through the dialog as before
    i, herring = next((i, o.action) for i, (_b, o) in enumerate(table.option_buttons)
                      if o.action.args[0] == 1)
    before = len(table.session.match.log)
    click(app, f"#opt_{i}")
    assert table.session.match.log[before] == (0, herring)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_column_heads_read_whole(app, size, monkeypatch):
    from test_ui_harsh_table_aids import match_at_move

    texts = drawn_texts(monkeypatch)
    for m in (match_at_move(3), a_position_with_clues_to_pay()):
        open_table(app, m, size)
        texts.clear()
        step(app, 2)
        heads = [t for t in texts if t.startswith(("Move:", "Additional actions"))]
        assert heads and not any(t.endswith("…") for t in heads), heads
        app.pop()
        step(app, 2)
