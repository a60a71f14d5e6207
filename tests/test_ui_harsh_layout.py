"""The Harsh table fits the smallest and the usual window, and its animations follow the
animation-speed setting (off = instant)."""

import itertools

import pytest
from harsh_ui_driver import find_seed, perform, start_harsh
from test_ui_shell import assert_fits
from ui_helpers import drawn_texts, resize, step, until

from game.ai.harsh_hint import make_bot
from game.i18n import shown
from game.ui.harsh import layout

pytestmark = pytest.mark.animation_speed("off")


def regions(table):
    lay = table.lay
    out = {"grid": lay.grid, "status": lay.status, "cases": lay.cases, "actions": lay.actions,
           "spy": lay.spy, "log": lay.log, "hint": lay.hint, "collection": lay.collection}
    if lay.hint == lay.log:
        del out["hint"]      # large text: the log and the hint take turns in one place
    return out


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_table_and_its_bomb_dialog_fit_the_window(app, size):
    resize(app, *size)
    seed = find_seed("standard", lambda _, phases: "bomb" in phases)
    table = start_harsh(app, seed)
    window = app.screen.get_rect()
    assert_fits(app)
    for (a, ra), (b, rb) in itertools.combinations(regions(table).items(), 2):
        assert window.contains(ra) and ra.height > 0, a
        assert not ra.colliderect(rb), (a, b)
    for (f, slot), r in table.slot_rects(table.view()).items():
        assert table.lay.cases.contains(r), (f, slot)
    bot = make_bot("easy", 0, seed=seed)
    while table.view()["phase"] != "bomb":
        assert until(app, lambda: table.acting_seat() == 0)
        perform(app, table, bot.choose(table.view(), table.actions()))
    assert table.dialog is not None and window.contains(table.dialog_rect)
    assert_fits(app)


def test_layout_shares_scale_with_the_window():
    from game.ui import style

    small = layout.compute(style.Metrics.for_size(1024, 640), 54)
    big = layout.compute(style.Metrics.for_size(1920, 1080), 90)
    assert big.cells[0].width > small.cells[0].width
    assert small.grid.right < small.status.x and small.spy.x > small.actions.right


def test_animations_play_at_normal_speed_and_never_when_off(app):
    table = start_harsh(app, seed=3)
    move = next(a for a in table.actions() if a.kind == "move")
    perform(app, table, move)
    assert not table.timeline.running  # "off": everything is instant
    app.settings.animation_speed = "normal"
    end = next(a for a in table.actions() if a.kind == "end") if table.view()["phase"] == "actions" \
        else None
    if end is None:
        pytest.skip("this deal ends the first turn at once")
    table.choose(end)
    kinds = {a.kind for a in table.timeline.anims}
    assert {"flip_spy", "spy"} <= kinds
    spy = table.timeline.of("spy")[0]
    start = table.piece_at("spy", spy.data["frm"])
    assert start == table.token_spot("spy", spy.data["frm"])
    frames = 0
    while table.timeline.running:
        step(app)
        frames += 1
        assert frames < 300
    assert frames >= 30  # about a second at 60 frames a second
    assert table.piece_at("spy", table.view()["spy"]) is None


def test_a_forced_dialog_waits_for_the_animation_that_led_to_it(app):
    seed = find_seed("standard", lambda _, phases: "bomb" in phases)
    table = start_harsh(app, seed)
    bot = make_bot("easy", 0, seed=seed)
    app.settings.animation_speed = "fast"
    for _ in range(200):
        assert until(app, lambda: table.acting_seat() == 0 and not table.timeline.running)
        action = bot.choose(table.view(), table.actions())
        table.choose(action)
        step(app)
        if table.view()["phase"] == "bomb":
            break
    assert table.timeline.running and table.dialog is None and table.dialog_deferred
    assert until(app, lambda: not table.timeline.running, frames=200)
    step(app)
    assert table.dialog is not None and table.dialog.kind == "bomb"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_stakeout_choice_opens_beside_the_grid_and_says_where_the_spy_would_go(app, size):
    from game.ui.harsh import forecast

    resize(app, *size)
    seed = find_seed("standard", lambda _, phases: "stakeout" in phases)
    table = start_harsh(app, seed)
    bot = make_bot("easy", 0, seed=seed)
    while table.view()["phase"] != "stakeout":
        assert until(app, lambda: table.acting_seat() == 0)
        perform(app, table, bot.choose(table.view(), table.actions()))
    assert until(app, lambda: table.dialog is not None, frames=120)
    assert table.dialog.kind == "stakeout"
    # the arrow and the Spy's next place on the grid stay in view while deciding
    assert not table.dialog_rect.colliderect(table.lay.grid)
    assert app.screen.get_rect().contains(table.dialog_rect)
    fc = forecast.next_move(table.view())
    assert fc is not None
    if not fc.stays:
        assert table.view()["grid"][fc.to]["location"] in table.dialog.text
    for btn, opt in table.option_buttons:
        assert btn.text == opt.text          # read whole, not cut
    assert_fits(app)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_status_lines_read_whole(app, size, monkeypatch):

    resize(app, *size)
    table = start_harsh(app, seed=3)
    drawn = drawn_texts(monkeypatch)
    view = dict(table.view())
    for found in (False, True):
        view["dealt_bomb_found"] = found
        drawn.clear()
        table.draw_status(app.screen, view)
        assert any("Bomb" in t for t in drawn), drawn
        assert not any(t.endswith("…") for t in drawn), drawn
    view["deck_known_top"] = ("Hidden Camera", "Photographs", "Bomb")
    drawn.clear()
    table.draw_status(app.screen, view)
    assert any(t.startswith("next") for t in drawn), drawn
    assert not any(t.endswith("…") for t in drawn), drawn


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("held", [0, 2, 10])
def test_the_known_top_of_the_deck_reads_whole_beside_the_collection(app, size, held, monkeypatch):
    # Put back at the Cafe in an order of the player's choosing, the top of the Discovery
    # deck is theirs to know: it is spelled out under the collection, however full the hand.
    from game.ui.harsh import paint

    resize(app, *size)
    table = start_harsh(app, seed=3)
    drawn = drawn_texts(monkeypatch)
    view = dict(table.view())
    top = ("Hidden Camera", "Photographs", "Bomb")
    view["deck_known_top"] = top
    hand = ["Clue"] * 3 + ["Gun", "Laptop", "Passport", "Binoculars", "Coded Message", "Clue x2", "Phone"]
    view["collection"] = tuple(hand[:held])
    view["discovery_discard"] = ("Gun",) if held == 0 else ()
    table.draw_collection(app.screen, view)
    text = " ".join(drawn)
    assert paint.deck_top_note(view).startswith("Next from the Discovery deck, top first")
    for name in top:
        assert name in text, drawn
    assert "Nothing yet" not in text             # the note, not the empty-hand line
    assert not any(t.endswith("…") for t in drawn), drawn
    assert paint.deck_top_note({"deck_known_top": ()}) is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_face_down_location_says_why_in_full(app, size, monkeypatch):
    from game.ui.harsh import look

    resize(app, *size)
    table = start_harsh(app, seed=3)
    cell = table.lay.cells[0]
    drawn = drawn_texts(monkeypatch)
    look.location_card.cache_clear()
    for used in (True, False):
        drawn.clear()
        look.location_card(cell.size, "Espresso Lane Cafe", False, True, "Overheard",
                           "Look at the top 3 Discovery cards.", used, True, cell.height // 3)
        said = " ".join(drawn[1:])                # after the title
        assert said.replace("  ", " ") in ("Ability used · face down", "Face down · no ability")
        assert not any(t.endswith("…") for t in drawn), drawn


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_toast_never_covers_the_locations(app, size):
    # the first-turn greeting lay over the bottom row's Discovery stacks at 1280x720
    from game.ui import draw
    from game.ui.harsh import look

    resize(app, *size)
    table = start_harsh(app, seed=3)
    m = table.metrics
    for text in ('New to this game? "How to play" (top right): the goal, a turn, how to win.',
                 "Not now: the Spy is not bugged yet"):
        img = draw.text(look.plain(text), m.px(16), (255, 255, 255), True)
        box = table.toast_rect(img.get_size()).inflate(m.px(20), m.px(10))
        assert not box.colliderect(table.lay.grid), (box, table.lay.grid)
        assert app.screen.get_rect().contains(box)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_top_bar_says_every_phase_in_full(app, size, monkeypatch):
    # the Cafe's reorder prompt was cut at 1024x640 ("... the Discovery cards you l…")
    from game.rules.harsh.phases import PHASE_PROMPTS, PLAYER_PHASES

    resize(app, *size)
    table = start_harsh(app, seed=3)
    real = dict(table.view())
    drawn = drawn_texts(monkeypatch)
    for phase in PLAYER_PHASES:
        view = dict(real, phase=phase, prompt=PHASE_PROMPTS[phase], turn=20)
        monkeypatch.setattr(table, "view", lambda view=view: view)
        drawn.clear()
        table.draw_top_bar(app.screen)
        said = [t for t in drawn if t.startswith("Turn 20:")]
        assert said and not said[0].endswith("…"), (phase, drawn)
        assert shown(PHASE_PROMPTS[phase])[1:] in said[0]
