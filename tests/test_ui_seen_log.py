"""A table's log lines are kept per viewer and extended by new entries only (game.ui.seen_log):
they must always equal the log worked out from every entry, for each viewer, after undo
(the session's entries go back), and in another language. The work is counted, not timed."""

import pytest
from ui_helpers import step

from game import i18n
from game.rules.protocol import Event
from game.session import SeatConfig
from game.ui.opening import start_game


def from_scratch(table, viewer):
    return table.named(table.session.log_lines(viewer))


def whole_log(table):
    out = []
    for _step, e in table.session.entries:
        if not e.text:
            continue
        who = [table.seat_name(i) for i in range(len(table.session.seats)) if e.visible_to(i)]
        out.append(e.text if e.visible_to(None) or not who else f"[{', '.join(who)}] {e.text}")
    return table.named(out)


@pytest.mark.animation_speed("off")
def test_kept_lines_equal_the_whole_log_worked_out_again(app):
    seats = [SeatConfig("Ann", "human", "easy"), SeatConfig("Bob", "human", "easy")] + [
        SeatConfig(f"C{i}", "computer", "easy") for i in range(2, 5)]
    table = start_game(app, "chasing", seats, 5, {})
    s = table.session
    step(app, 5)
    # the game's own first lines (translated when read), then many more, some private
    for i in range(40):
        seats = (None, (0,), (1,), (0, 1))[i % 4]
        s.entries.append((len(s.match.log), Event("note", {}, f"Player {i % 5 + 1} note {i}", seats=seats)))
    assert len(s.entries) > 30
    for viewer in (None, 0, 1, 2):
        assert table.seen_lines(viewer)[1] == from_scratch(table, viewer)
    assert table.full_log() == whole_log(table)

    # a new entry, private to Ann: read once for each viewer, each sees what she may
    read = table.seen_log.entries_read
    s.entries.append((len(s.match.log), Event("note", {}, "Ann alone sees this", seats=(0,))))
    for viewer in (None, 0, 1, 2):
        assert table.seen_lines(viewer)[1] == from_scratch(table, viewer)
    assert table.seen_log.entries_read - read == 4          # not the whole log again
    assert table.seen_lines(0)[1][-1] == "Ann alone sees this"
    assert table.seen_lines(1)[1][-1] != "Ann alone sees this"

    # the session's entries go back (undo gives it a shorter list) and others come
    s.entries = s.entries[:-5]
    s.entries.append((len(s.match.log), Event("note", {}, "Bob's second thought", seats=(1,))))
    for viewer in (None, 0, 1):
        assert table.seen_lines(viewer)[1] == from_scratch(table, viewer)
    assert table.full_log() == whole_log(table)

    # another language: the lines are read again in it
    try:
        i18n.set_language("de")
        german = table.seen_lines(None)[1]
        assert german == from_scratch(table, None)
        assert table.full_log() == whole_log(table)
    finally:
        i18n.set_language("en")
    assert table.seen_lines(None)[1] == from_scratch(table, None) != german


def test_ten_viewers_of_an_eight_seat_table_keep_their_lines():
    """8 seats, the public view and the whole log: at each hand-off a viewer's lines are
    extended by the new entries only (a table of eight people read the whole log again at
    every turn when only 8 keys were kept)."""
    from game.ui.seen_log import SeenLog

    seen = SeenLog()
    entries = [(i, f"line {i}") for i in range(300)]
    keys = [(v, "en") for v in (None, "all", *range(8))]
    for key in keys:
        seen.lines(entries, key, lambda _s, e: e)
    assert seen.entries_read == 300 * len(keys)
    for turn in range(3):
        entries.append((300 + turn, f"line {300 + turn}"))
        for key in keys:
            steps, lines = seen.lines(entries, key, lambda _s, e: e)
            assert lines == [e for _, e in entries]
    assert seen.entries_read == 300 * len(keys) + 3 * len(keys)
