"""The game log's cost per new line does not grow with the game (issue 37, frames): a new
line lays out and renders itself and the line before it (which dims), whatever the log's
length; the lines above keep their pieces and places. The work is counted, never timed."""

import pygame
import pytest
from ui_helpers import step

from game.rules.protocol import Event
from game.session import SeatConfig
from game.ui import draw
from game.ui.opening import start_game
from game.ui.widgets import LogPanel


def pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


def lines_of(n, start=0):
    return [f"Line {i}: Alice plays the {i % 13 + 1} of red and takes a long look around"
            for i in range(start, start + n)]


@pytest.fixture
def renders(monkeypatch):
    """How many texts the fonts render (draw.text keeps what it made: a text it has made
    before costs nothing)."""
    made = []
    real = draw.SizedFont.render

    def counting(self, *args, **kw):
        made.append(args[0])
        return real(self, *args, **kw)

    monkeypatch.setattr(draw.SizedFont, "render", counting)
    return made


@pytest.mark.parametrize("length", [50, 500])
def test_a_new_line_costs_the_same_in_a_long_log_as_in_a_short_one(app, renders, length):
    panel = LogPanel(pygame.Rect(0, 0, 300, 420), app.metrics)
    lines = lines_of(length)
    panel.set_lines(lines)
    surface = pygame.Surface((300, 420))
    panel.draw(surface)
    before = list(panel.content().pieces)
    made, rendered = panel.blocks_made, len(renders)

    panel.set_lines(lines + ["Bob takes the trick with the 9 of blue"])
    panel.draw(surface)

    assert panel.blocks_made - made == 2        # the new line, and the last one dimmed
    assert len(renders) - rendered <= 2 * 2     # each one or two wrapped lines, no more
    pieces = panel.content().pieces
    kept = len(before) - 2                      # every line wraps in two here: all but the last
    assert all(a is b for a, b in zip(pieces[:kept], before[:kept]))   # the same, not made again
    assert panel.at_end()                       # the newest line is in view


def test_lines_added_one_by_one_look_as_the_whole_log_laid_out_at_once(app):
    grown = LogPanel(pygame.Rect(0, 0, 300, 420), app.metrics)
    lines = lines_of(40) + ["short", "Bob takes the trick", "x " * 60]
    grown.set_lines(lines[:20])
    for k in range(21, len(lines) + 1, 2):     # one or two lines at a time
        grown.set_lines(lines[:k])
    grown.set_lines(lines)
    whole = LogPanel(pygame.Rect(0, 0, 300, 420), app.metrics)
    whole.set_lines(lines)
    a, b = pygame.Surface((300, 420)), pygame.Surface((300, 420))
    grown.draw(a)
    whole.draw(b)
    assert grown.content().get_height() == whole.content().get_height()
    assert grown._tops == whole._tops
    assert [(x, y, s.get_size()) for x, y, s in grown.content().pieces] == \
        [(x, y, s.get_size()) for x, y, s in whole.content().pieces]
    assert pixels(a) == pixels(b)
    grown.scroll(-10**6)                       # and scrolled back to the first lines
    whole.scroll(-10**6)
    grown.draw(a)
    whole.draw(b)
    assert pixels(a) == pixels(b)


def test_a_reader_who_scrolled_back_stays_there_when_a_line_comes(app):
    panel = LogPanel(pygame.Rect(0, 0, 300, 420), app.metrics)
    lines = lines_of(100)
    panel.set_lines(lines)
    panel.scroll_to_end()
    panel.scroll(-600)
    where = panel.offset
    panel.set_lines(lines + ["Bob takes the trick"])
    assert panel.offset == where and not panel.at_end()


@pytest.mark.animation_speed("off")
def test_at_a_table_with_a_500_line_log_a_move_lays_out_only_its_own_lines(app):
    """The real table: a log 500 lines long (public lines added to the session), then the
    person's move by key press: only the move's lines and the one before are laid out."""
    seats = [SeatConfig("Ann", "human", "easy")] + [SeatConfig(f"C{i}", "computer", "easy")
                                                    for i in range(1, 5)]
    table = start_game(app, "chasing", seats, 7, {})
    for _ in range(400):
        if table.acting_seat() is not None and app.top is table:
            break
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        step(app)
    s = table.session
    for i in range(500):
        s.entries.append((0, Event("note", {}, f"An earlier line, number {i}")))
    step(app, 2)
    panel = table.log_panel
    assert len(panel.lines) >= 500
    shown, made = len(panel.lines), panel.blocks_made
    log = len(s.match.log)
    for key in (pygame.K_1, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                             scancode=0))
    step(app)
    for _ in range(30):
        if len(s.match.log) != log:
            break
        step(app)
    assert len(s.match.log) > log                # the move was made
    step(app)
    new = len(panel.lines) - shown
    assert new >= 1
    # each batch of new lines lays out the line before it again (it dims): never the 500
    assert new + 1 <= panel.blocks_made - made <= 2 * new


def test_logs_that_part_and_shrink_look_as_each_laid_out_at_once(app):
    """Pass-and-play: each person's log shares the public lines and differs in her own; the
    screen goes back and forth between them, lines are held back while dice roll (the log
    shrinks) and come back. Whatever the order, the panel shows what a fresh panel given the
    same lines shows, and a log shown before is not laid out again from its first line."""
    public = lines_of(60)
    ann = public[:40] + ["Ann's own card: the Spear"] + public[40:]
    bob = public[:30] + ["Bob peeks at the 4 of red", "x " * 70] + public[30:]
    steps = [public, ann, bob, ann + ["Ann rolls 7"], public + ["Ann rolls 7"],
             bob + ["Ann rolls 7", "Bob takes 2 damage"], bob + ["Ann rolls 7"],
             bob + ["Ann rolls 7"] + lines_of(3, 200), ann[:10], ann, ["one line"], ann]
    panel = LogPanel(pygame.Rect(0, 0, 300, 420), app.metrics)
    a, b = pygame.Surface((300, 420)), pygame.Surface((300, 420))
    laid_out = 0
    for k, lines in enumerate(steps):
        made, placed = panel.blocks_made, panel.lines_placed
        panel.set_lines(lines)
        fresh = LogPanel(pygame.Rect(0, 0, 300, 420), app.metrics)
        fresh.set_lines(lines)
        panel.draw(a)
        fresh.draw(b)
        assert panel.lines == lines, k
        assert panel._tops == fresh._tops, k
        assert [(x, y, s.get_size()) for x, y, s in panel.content().pieces] == \
            [(x, y, s.get_size()) for x, y, s in fresh.content().pieces], k
        assert pixels(a) == pixels(b), k
        panel.scroll(-10**6)
        fresh.scroll(-10**6)
        panel.draw(a)
        fresh.draw(b)
        assert pixels(a) == pixels(b), k
        panel.scroll_to_end()
        if k in (3, 5):   # back to a log laid out before: only its new lines and the one before
            assert panel.blocks_made - made <= 2 * 2, k
            # its pieces and places kept, not put in place again from where the logs part
            assert panel.lines_placed - placed == {3: 1, 5: 2}[k] + 1, k
        laid_out += panel.blocks_made - made
    assert laid_out < sum(len(x) for x in steps) // 2



def assert_the_full_log_is_kept(table) -> None:
    """The finished game's whole log is there without reading any entry again, and it is
    the log worked out from the first entry."""
    from game.ui.seen_log import SeenLog

    read = table.seen_log.entries_read
    whole = table.full_log()
    assert table.seen_log.entries_read == read        # nothing worked out again
    kept, table.seen_log = table.seen_log, SeenLog()
    assert whole == table.full_log()                  # as worked out from the first entry
    table.seen_log = kept

def mixed_game(app, game_id: str, frames: int):
    """Two people and three computers, seed 7, played for ``frames`` frames."""
    import random

    from ui_helpers import play_mixed

    seats = [SeatConfig("Ann", "human", "easy"), SeatConfig("Bob", "human", "easy")] + \
        [SeatConfig(f"C{i}", "computer", "easy") for i in range(2, 5)]
    table = start_game(app, game_id, seats, 7, {})
    play_mixed(app, table, random.Random(7), frames=frames)
    return table


@pytest.mark.animation_speed("off")
def test_the_finished_game_s_log_is_worked_out_during_play_not_in_the_frame_it_ends(app):
    """Every line of the game with whose each private one was is what the log shows once
    the game is over: it is kept up to date a new entry at a time while the game is played
    (never shown before the end), so the end's frame reads no entry again."""
    table = mixed_game(app, "chasing", frames=700)
    s = table.session
    assert len(s.entries) > 12 and not s.is_over()
    assert_the_full_log_is_kept(table)
    assert table.log_panel.lines == table.seen_lines(table.viewer)[1]   # only hers shown


@pytest.mark.animation_speed("off")
def test_the_hunters_table_keeps_the_finished_game_s_log_during_play_too(app):
    """The Hunters table asks for its log its own way (dice hold lines back): it keeps the
    finished game's log up to date during play as every table does, so the frame the game
    ends reads no entry again (it worked out all of them there: 288 lines, 2-4 ms)."""
    table = mixed_game(app, "hunters", frames=120)
    s = table.session
    assert len(s.entries) > 12 and not s.is_over()
    table.log_lines()      # as a frame asks it (the newest entries may have come since)
    assert_the_full_log_is_kept(table)


def test_a_scroll_panel_at_its_end_shows_no_line_cut_by_its_top_edge(app):
    # the hand-off's "since your last turn" box opens scrolled to its end, and showed its
    # first heading sliced in half under the title; scrolled by the reader elsewhere, lines
    # slide under the edge as in any scrolling text
    from game.ui import widgets

    def panel_of(n_lines):
        panel = widgets.ScrollPanel(pygame.Rect(0, 0, 420, 260), app.metrics,
                                    title="Since Ann's last turn")
        blocks = []
        for who in ("Bob", "Carol (computer)", "Dave (computer)"):
            blocks.append(widgets.heading(who))
            blocks += [widgets.paragraph(line) for line in lines_of(n_lines)]
        panel.set_blocks(blocks)
        return panel

    cut_at_end = 0
    for n_lines in range(1, 7):         # contents of many heights: the end falls anywhere
        panel = panel_of(n_lines)
        content = panel.content()
        if content.get_height() <= panel.inner.height:
            continue
        panel.scroll_to_end()
        first = panel.first_visible()
        assert first in content._ys and first >= panel.offset
        cut_at_end += first > panel.offset
        # nothing of the content above its first whole line: the band is the panel alone
        inner = panel.inner
        band = pygame.Rect(inner.x, inner.y, inner.width, first - panel.offset)
        if band.height:
            surface, bare = pygame.Surface(panel.rect.size), pygame.Surface(panel.rect.size)
            panel.draw(surface)
            widgets.ScrollPanel(panel.rect, app.metrics, title=panel.title).draw(bare)
            assert pixels(surface.subsurface(band)) == pixels(bare.subsurface(band))
        # scrolled back a little by the reader: the drawing starts where the reader is
        panel.scroll(-5)
        assert panel.first_visible() == panel.offset
    assert cut_at_end, "no content's end fell inside a line"


def test_a_table_taller_than_its_scroll_panel_is_shown_cut_rather_than_left_out(app):
    from game.ui import widgets

    rows = [(f"Game {i}", "Chasing Shadows", f"{i * 7 % 50} points") for i in range(40)]
    panel = widgets.ScrollPanel(pygame.Rect(0, 0, 420, 260), app.metrics, title="History")
    panel.set_blocks([widgets.heading("Your games"), widgets.table(["Game", "Table", "Score"], rows),
                      widgets.paragraph("Totals at the end of each game.")])
    content = panel.content()
    table_top, note_top = content._ys[1], content._ys[2]
    panel.scroll_to_end()       # the table's end and the note below it
    assert table_top < panel.offset < note_top - panel.inner.height // 2
    assert panel.first_visible() == panel.offset
    surface = pygame.Surface(panel.rect.size)
    panel.draw(surface)
    bare = pygame.Surface(panel.rect.size)
    widgets.ScrollPanel(panel.rect, app.metrics, title="History").draw(bare)
    inner = panel.inner
    assert pixels(surface.subsurface(inner)) != pixels(bare.subsurface(inner)), "the panel was left empty"
