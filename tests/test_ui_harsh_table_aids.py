"""The Harsh table's aids: a choice that loses at once says so and asks once; the Spy's
next square after Track; Express aimed on the grid; A accuses from the meeting dialog;
the accusation note deduces the last roles."""

from types import SimpleNamespace

import pygame
import pytest
from harsh_ui_driver import find_seed, start_harsh
from ui_helpers import click, click_at, key, make_app, settle, step, until

from game.ai.harsh_hint import make_bot
from game.match import Match
from game.rules.harsh.data import BOMB, KIND_BY_NAME, NEIGHBOURS
from game.rules.protocol import CHANCE, NOBODY, Action, chance_rng
from game.session import SeatConfig, Session
from game.ui.harsh import dialogs, forecast
from game.ui.opening import table_for

pytestmark = pytest.mark.animation_speed("off")


def match_at_move(seed: int, turn: int = 2) -> Match:
    """A standard game played by the autopilot until the Agent is to move on ``turn``."""
    m = Match.start("harsh", 1, seed, {"difficulty": "standard"})
    bot = make_bot("easy", 0, seed=seed)
    while True:
        d = m.decider()
        if d == CHANCE:
            m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
            continue
        assert d != NOBODY, "the game ended too soon"
        if m.state.phase == "move" and m.state.turn >= turn:
            return m
        m.apply(0, bot.choose(m.state.view(0), m.state.legal_actions(0)))


def empty_hands(s) -> None:
    """Nothing left to discard: the collection goes to the discard pile (every card stays
    accounted for, so the worlds the table samples stay consistent)."""
    s.discard.extend(s.coll)
    s.coll = []


def spy_next_door_with_nothing_to_discard() -> Match:
    """Move 3, the Spy on a Location beside the Agent with no card there, the Agent with
    none to discard and no Tracking Bug: walking in loses at once (meeting-no-card)."""
    m = match_at_move(3)
    s = m.state
    empty_hands(s)
    s.bugged, s.bug, s.safe_until = False, -1, -1
    s.spy = NEIGHBOURS[s.agent][0][1]
    for k, dealt in zip(s.stacks[s.spy], s.origin[s.spy]):  # nothing to pick up there
        s.discard.append(k)
        s.dealt_bomb_found |= k == BOMB and dealt
    s.stacks[s.spy], s.origin[s.spy], s.known[s.spy] = [], [], []
    return m


def open_table(app, m: Match):
    session = Session(m, [SeatConfig("You", "human")], autosave=False)
    table = app.push(table_for("harsh")(app, session))
    step(app, 2)
    return table


def test_walking_into_the_spy_with_nothing_to_discard_says_so_and_asks_once(app):
    m = spy_next_door_with_nothing_to_discard()
    s = m.state
    table = open_table(app, m)
    into_spy = Action("move", (s.spy,))
    danger = table.danger_of(into_spy)
    assert danger is not None and danger.certain and "meeting the Spy" in danger.note()
    assert danger.note().startswith("ENDS THE GAME")
    others = [a for a in table.actions() if a.kind == "move" and a != into_spy]
    assert others and all(table.danger_of(a) is None for a in others)
    click_at(app, table.lay.cells[s.spy].center)
    assert table.dialog is not None and table.dialog.kind == "confirm"  # asked, not taken
    assert not table.session.is_over()
    click(app, "#cancel")
    assert table.dialog is None and not table.session.is_over()
    click_at(app, table.lay.cells[s.spy].center)
    click(app, "#opt_0")  # "Yes, move to …": one question, then it happens
    assert table.session.is_over()
    assert table.session.view(0)["result"]["reason"] == "meeting-no-card"


def test_keeping_the_kit_with_nothing_to_discard_is_marked_on_the_bomb_dialog(app):
    m = match_at_move(4)
    s = m.state
    q = next(q for _, q in NEIGHBOURS[s.agent] if s.stacks[q] and q != s.spy)
    s.stacks[q][0] = BOMB
    s.kit_used = False
    empty_hands(s)
    table = open_table(app, m)
    click_at(app, table.lay.cells[q].center)
    assert table.view()["phase"] == "bomb" and table.dialog.kind == "bomb"
    # the check plays its worlds a few each frame (the dialog's own frame plays one)
    assert until(app, lambda: table._assessment().done and any(o.note for o in table.dialog.options), frames=60)
    notes = {o.action.args[0]: o.note for o in table.dialog.options}
    assert notes[False].startswith("ENDS THE GAME") and "Bomb" in notes[False]
    assert notes[True] == ""
    keep = next(btn for btn, o in table.option_buttons if o.action.args == (False,))
    click_at(app, keep.rect.center)
    assert table.dialog.kind == "confirm" and not table.session.is_over()
    click(app, "#opt_0")
    assert table.session.view(0)["result"]["reason"] == "bomb-no-card"


def test_the_forecast_names_the_square_the_spy_then_moves_to():
    checked = 0
    for seed in range(1, 40):
        m = Match.start("harsh", 1, seed, {"difficulty": "standard"})
        bot = make_bot("easy", 0, seed=seed)
        expected = None
        while m.decider() != NOBODY:
            if m.decider() == CHANCE:
                m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
                continue
            view = m.state.view(0)
            fc = forecast.next_move(view)
            acts = m.state.legal_actions(0)
            action = bot.choose(view, acts)
            if fc is not None and not fc.stays and action.kind == "end":
                expected = fc.to
            events = m.apply(0, action)
            moved = [e for e in events if e.kind == "spy_moved"]
            if expected is not None and moved:
                assert moved[0].data["to"] == expected
                if fc.blocked:
                    assert "off the grid" in fc.caption()
                checked += 1
                expected = None
    assert checked >= 10


def test_express_is_aimed_on_the_grid_and_a_digit_picks_the_location(app):
    seed = 5
    table = start_harsh(app, seed)
    bot = make_bot("easy", 0, seed=seed)
    for _ in range(400):
        acts = table.actions()
        if [a for a in acts if a.kind == "ability" and a.args[0] == "bus"]:
            break
        table.choose(bot.choose(table.view(), acts), asked=True)
        step(app, 2)
    else:
        pytest.fail("Express never came up")
    click(app, "#act_ability")
    assert table.dialog is None and table.grid_pick == "bus"  # no dialog over the board
    targets = table.grid_targets()
    agent = table.view()["agent"]
    assert agent not in targets and len(targets) == 8
    key(app, pygame.K_ESCAPE)
    assert table.grid_pick is None
    click(app, "#act_ability")
    goal = max(targets)
    key(app, getattr(pygame, f"K_{goal + 1}"))   # the digit rule: the number highlights it...
    assert table.key_cell_now() == goal and table.grid_pick == "bus"
    key(app, getattr(pygame, f"K_{goal + 1}"))   # ...and the same number again goes there
    assert table.session.match.log[-1][1].args == ("bus", goal) or table.view()["agent"] == goal
    assert any("Express" in line for line in table.session.log_lines(0))


def test_a_accuses_from_the_bugged_spy_dialog(app):
    seed = find_seed("standard", lambda outcome, phases: "meeting" in phases)
    table = start_harsh(app, seed)
    bot = make_bot("easy", 0, seed=seed)
    for _ in range(600):
        if table.view()["phase"] == "meeting":
            break
        table.choose(bot.choose(table.view(), table.actions()), asked=True)
        step(app, 2)
    else:
        pytest.fail("no meeting with the bugged Spy")
    step(app, 2)
    assert table.dialog is not None and table.dialog.kind == "meeting"
    key(app, pygame.K_a, unicode="a")
    danger = table._confirming
    if danger is not None:  # the accusation loses: it asks once first
        assert table.dialog.kind == "confirm"
        click(app, "#opt_0")
    assert table.session.is_over()
    assert table.session.match.log[-1][1].kind == "accuse"


def test_the_accusation_note_names_what_the_case_files_prove():
    m = match_at_move(2)
    view = dict(m.state.view(0))
    files = [dict(f) for f in view["case_files"]]
    # every card turned but one Evidence: the one Item never seen must be that Evidence
    items = list(m.state.conf)
    names = {i: n for n, i in KIND_BY_NAME.items()}
    hidden = items[0][2]
    for f, row in enumerate(items):
        files[f]["slots"] = tuple(None if (f, k) == (0, 2) else names[i] for k, i in enumerate(row))
        files[f]["revealed"] = tuple(names[i] for k, i in enumerate(row) if (f, k) != (0, 2))
    view["case_files"] = tuple(files)
    view["win_possible"] = True
    assert dialogs.roles(view)[names[hidden]] == "Evidence"
    view["collection"] = (names[items[0][0]], names[items[0][1]], names[hidden])
    assert dialogs.accuse_note(view) == f"3 of 3 Evidence known and held ({names[hidden]}: the only Evidence left)"
    view["collection"] = (names[items[0][0]], names[hidden])
    assert dialogs.accuse_note(view).endswith("is not in your collection: you would lose")



def test_the_log_never_shows_part_of_an_entry_at_its_top(shadows_home):
    from game.ui.widgets import LogPanel

    a = make_app((1024, 640))
    try:
        panel = LogPanel(pygame.Rect(0, 0, 260, 200), a.metrics)
        panel.set_lines([f"Entry {i}: the Spy moves somewhere far across the city grid" for i in range(30)])
        panel.scroll_to_end()
        panel.draw(a.screen)
        top = panel.first_visible()
        assert top in panel._tops and top >= panel.offset  # a whole entry starts the view
        assert panel.offset not in panel._tops  # (the scroll itself ends mid-entry here)
    finally:
        a.quit()


def test_a_card_seen_at_the_cafe_lies_face_up_where_the_spy_laid_it(app, monkeypatch):
    from game.ui.harsh import look, paint

    m = match_at_move(3)
    s = m.state
    p = next(p for p in range(9) if p not in (s.agent, s.spy) and s.stacks[p])
    bomb = s.deck.index(BOMB)                      # the Spy laid a Bomb seen at the Cafe
    s.deck.pop(bomb)
    s.stacks[p].insert(0, BOMB)
    s.origin[p].insert(0, False)
    s.known[p].insert(0, True)
    faces = []
    real = look.mini_face
    monkeypatch.setattr(look, "mini_face", lambda size, name: faces.append(name) or real(size, name))
    open_table(app, m)
    step(app, 5)
    assert faces and set(faces) == {"Bomb"}        # drawn face up, and nothing else is
    where = s.view(0)["grid"][p]["location"]
    assert paint.seen_on_grid(s.view(0)) == [f"Bomb, top card at {where}"]


def test_buttons_a_dialog_covers_are_parked_and_come_back_the_same(app):
    """The dialog's options and the action buttons are kept aside while unused (no new
    pygame-gui buttons each turn), but a parked one can be neither found nor pressed."""
    from ui_helpers import find

    m = spy_next_door_with_nothing_to_discard()
    s = m.state
    table = open_table(app, m)
    end = find(app, "#act_end")
    click_at(app, table.lay.cells[s.spy].center)
    assert table.dialog is not None and table.dialog.kind == "confirm"
    with pytest.raises(LookupError):
        find(app, "#act_end")                # under the dialog: parked, not just hidden
    assert table.is_parked(end) and not end.alive()
    option = find(app, "#opt_0")
    spot = option.rect.center
    click(app, "#cancel")
    assert table.dialog is None
    assert find(app, "#act_end") is end and end.visible and end.alive()
    with pytest.raises(LookupError):
        find(app, "#opt_0")
    assert table.is_parked(option) and not option.visible
    picked = []
    # a patch of its own: undoing the fixture's too would send SHADOWS_HOME back to the
    # process's folder, where this game's save would land
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(table, "pick", picked.append)
        moves = len(table.session.match.log)
        click_at(app, spot)                      # where the option was: it is gone
        assert picked == [] and len(table.session.match.log) == moves
    click_at(app, table.lay.cells[s.spy].center)
    assert find(app, "#opt_0") is option and option.visible   # the same button, shown again
    click(app, "#opt_0")
    assert table.session.is_over()
    assert table.session.view(0)["result"]["reason"] == "meeting-no-card"


def _press(app, pos) -> None:
    """A click as it arrives, without the helpers' stepping on."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_a_quick_move_is_held_while_the_danger_check_plays_its_worlds_then_taken(app, monkeypatch):
    """A click before the check is done: each frame plays some of its worlds, a choice of
    one world at a time (within HELD_BUDGET), and the move is taken in the frame after the
    last of them, not with all of them at once."""
    from game.ui.harsh import checking as harsh_checking

    monkeypatch.setattr(harsh_checking, "HELD_FRAMES", 10 ** 6)   # only the check decides when
    m = match_at_move(3)
    table = open_table(app, m)
    table._dangers = (-1, {})            # the check starts afresh: no world played yet
    found = table._assessment()
    monkeypatch.setattr(table, "_assess_some", lambda: None)   # only the held choice plays
    played = [0]
    piece = found.piece
    monkeypatch.setattr(found, "piece", lambda: played.__setitem__(0, played[0] + 1) or piece())
    # a piece costs 1 ms of this clock and each frame has 2.5 ms for them: two a frame
    ticks = iter(range(10 ** 6))
    monkeypatch.setattr(harsh_checking, "time", SimpleNamespace(thread_time=lambda: next(ticks) / 1000))
    monkeypatch.setattr(table, "frame_room", lambda budget=0.0: 0.0025)
    move = next(a for a in table.actions() if a.kind == "move")
    before = len(table.session.match.log)
    _press(app, table.lay.cells[move.args[0]].center)
    step(app)
    counts = [played[0]]
    while table.input_pending():
        assert len(table.session.match.log) == before      # held
        step(app)
        counts.append(played[0])
    assert found.done
    # spread: two pieces a frame, and the move in the frame after the last of them
    assert len(counts) > 3 and all(0 <= b - a <= 2 for a, b in zip(counts, counts[1:])), counts
    assert counts[-1] == counts[-2]
    assert table.session.match.log[before] == (0, move)


def test_a_held_move_is_taken_after_held_frames_even_if_worlds_are_left(app, monkeypatch):
    from game.ui.harsh import checking as harsh_checking

    monkeypatch.setattr(harsh_checking, "HELD_BUDGET", -1.0)   # no world at all in a held frame
    monkeypatch.setattr(harsh_checking, "HELD_FRAMES", 4)
    m = match_at_move(3)
    table = open_table(app, m)
    table._dangers = (-1, {})
    monkeypatch.setattr(table, "_assess_some", lambda: None)
    move = next(a for a in table.actions() if a.kind == "move")
    before = len(table.session.match.log)
    _press(app, table.lay.cells[move.args[0]].center)
    step(app, 4)
    assert table.input_pending() and len(table.session.match.log) == before
    step(app)
    assert not table.input_pending()
    assert table.session.match.log[before] == (0, move)


def test_a_quick_move_into_the_spy_still_asks_first(app, monkeypatch):
    from game.ui.harsh import checking as harsh_checking

    monkeypatch.setattr(harsh_checking, "HELD_BUDGET", 0.0)
    m = spy_next_door_with_nothing_to_discard()
    s = m.state
    table = open_table(app, m)
    table._dangers = (-1, {})
    _press(app, table.lay.cells[s.spy].center)
    step(app)
    assert table.input_pending() and table.dialog is None
    settle(app)
    assert table.dialog is not None and table.dialog.kind == "confirm"   # asked, not taken
    assert not table.session.is_over()


def test_a_held_move_is_taken_before_the_next_key_as_it_would_be_at_once(app, monkeypatch):
    """A move then Ctrl+Z in the same frame: held or not, the same happens in that order."""
    from game.ui.harsh import checking as harsh_checking

    def move_then_undo(budget: float):
        monkeypatch.setattr(harsh_checking, "HELD_BUDGET", budget)
        monkeypatch.setattr(harsh_checking, "ASSESS_UNTIL", budget or harsh_checking.ASSESS_UNTIL)
        table = open_table(app, match_at_move(3))
        table._dangers = (-1, {})
        held = []
        take = table._take_held
        monkeypatch.setattr(table, "_take_held", lambda: held.append(table._held) or take())
        move = next(a for a in table.actions() if a.kind == "move")
        _press(app, table.lay.cells[move.args[0]].center)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                             unicode="", scancode=0))
        step(app)
        assert not table.input_pending()
        step(app, 3)
        out = (list(table.session.match.log), table.status, [h[2] for h in held])
        app.pop()
        return out

    log_held, status_held, held = move_then_undo(0.0)
    log_now, status_now, none = move_then_undo(10.0)
    assert len(held) == 1 and none == []
    assert log_held == log_now and status_held == status_now
    assert log_held[-1][1] == held[0] or "taken back" in status_held
