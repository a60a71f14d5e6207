"""Issue 37, finding 13 (the smaller ones), each through the real app or by what a frame
draws: the respond question says why it is asked, the log's words, no hover card after a
hand-off, hit numbers off the name, attack arrows along the gaps, nothing clipped."""

import itertools
import re

import pygame
import pytest
from ui_helpers import click, click_at, drawn_texts, make_app, step, until

from game.match import Match
from game.rules.hunters.data import BLACK_CARDS, WHITE_CARDS
from game.rules.hunters.scenario import scenario
from game.rules.protocol import Action
from game.session import SeatConfig, Session
from game.ui import style
from game.ui.hunters import look
from game.ui.hunters.anim import Effect
from game.ui.hunters.layout import compute
from game.ui.hunters.notebook import Notebook
from game.ui.hunters.paint import attack_path
from game.ui.hunters.table import HuntersTable
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.setup import default_names

POS = {0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"}

pytestmark = pytest.mark.animation_speed("off")


def table_at(app, state, humans=(0,), seed=1) -> HuntersTable:
    n = state.num_players
    match = Match("hunters", n, seed, {}, state, [])
    names = default_names("hunters")
    seats = [SeatConfig(names[i], "human" if i in humans else "computer", "easy") for i in range(n)]
    session = Session(match, seats, app.bus, pace=0.0, autosave=False)
    book = Notebook(seed)
    book.looked = True
    book.save()
    table = app.push(HuntersTable(app, session))
    step(app, 2)
    if len(humans) > 1:
        assert until(app, lambda: isinstance(app.top, HandoffScene), frames=120)
        click(app, "#ready")
    assert app.top is table
    return table


@pytest.fixture
def small(shadows_home):
    a = make_app(size=(1024, 640))
    a.settings.animation_speed = "off"
    step(a, 2)
    yield a
    a.quit()


# --- the respond question ------------------------------------------------------------------------
def test_respond_says_everyone_attacked_is_asked_and_what_the_attack_did(small, monkeypatch):
    app = small
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], phase="attack", positions={**POS, 1: "Church"})
    table = table_at(app, s, humans=(0, 1))
    click_at(app, table.lay.boards[1].center)          # Red attacks Blue (no counterattack)
    assert until(app, lambda: isinstance(app.top, HandoffScene), frames=120)
    click(app, "#ready")
    assert table.viewer == 1 and [c.button.text for c in table.choices] == ["No response"]
    prompt = table.prompt_text()
    damage = table.view()["players"][1]["damage"]
    said = re.match(rf"{table.seat_name(0)} attacked you \((a miss|no damage|(\d+) damage)\)\. ", prompt)
    assert said, prompt
    assert int(said.group(2) or 0) == damage          # what the attack did, in its words
    assert prompt.endswith("Everyone attacked is asked, so nobody learns who can counterattack:")
    drawn = drawn_texts(monkeypatch)
    app.draw()
    assert prompt in drawn             # whole at 1024x640, not cut with "…"


# --- the log's words -------------------------------------------------------------------------------
def test_a_heal_of_nothing_and_a_hermit_card_that_does_nothing_read_as_sentences(app):
    others = [name for name in ("Huddle", "Nurturance", "Anger", "Blackmail", "Greed", "Slap", "Spell",
                                "Exorcism", "Bully", "Tough Lesson", "Prediction")
              for _ in range(2 if name in ("Anger", "Blackmail", "Greed", "Slap") else 1)]
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], phase="area", discards={"hermit": others},
                 positions={0: "Hermit's Cabin", 1: "Cemetery", 2: "Weird Woods", 3: "Church"})
    table = table_at(app, s)
    table.choose(Action("draw", ("hermit",)))
    assert until(app, lambda: table.view()["pending"].get("kind") == "hermit_give", frames=60)
    assert table.view()["holding"] == "Aid"           # "I bet you're a Hunter": Vampire is not
    table.choose(Action("give", (1,)))
    red, blue = table.seat_name(0), table.seat_name(1)
    assert until(app, lambda: any(f"nothing happens to {blue}" in ln for ln in table.log_panel.lines), frames=300)
    assert not any(f"{blue} nothing happens" in ln for ln in table.log_panel.lines)
    # Weird Woods: healing someone with no damage
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], phase="area", positions={**POS, 0: "Weird Woods"})
    app.pop()
    table = table_at(app, s)
    pick = next(c for c in table.choices if c.button.text.startswith("Heal 1 damage of") and blue in c.button.text)
    click(app, pick.button.get_object_ids()[-1])
    lines = table.log_panel.lines
    assert any(f"{blue} has no damage to heal in the Weird Woods" in ln for ln in lines), lines
    assert not any("heals 0" in ln for ln in lines) and red


def test_the_wight_counts_its_extra_turns_in_words(app):
    s = scenario(["Wight", "Vampire", "Franklin", "Allie"], phase="end", positions=POS, revealed=(0,))
    s.alive[3] = False
    s.dead_order = [3]
    table = table_at(app, s)
    labels = [c.button.text for c in table.choices]
    assert "Wight: take 1 extra turn" in labels and not any("(s)" in t for t in labels)


# --- after a hand-off ------------------------------------------------------------------------------------
def test_no_card_pops_up_under_the_mouse_after_a_handoff_until_it_moves(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], phase="attack", positions={**POS, 1: "Church"})
    table = table_at(app, s, humans=(0, 1))
    click_at(app, table.lay.boards[1].center)
    assert until(app, lambda: isinstance(app.top, HandoffScene), frames=120)
    click(app, "#ready")                               # the mouse stays where Ready was
    assert app.top is table
    pos = pygame.mouse.get_pos()
    assert table.spot_at(pos) is not None, "the test wants Ready over a card"
    step(app, 2)
    assert table.hovered_spot() is None
    elsewhere = table.lay.areas[0].center
    pygame.mouse.set_pos(elsewhere)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=elsewhere, rel=(1, 1), buttons=(0, 0, 0)))
    step(app, 2)
    assert table.hovered_spot() is not None          # it moved: the card under it shows


# --- what a frame draws ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 8])
def test_hit_numbers_float_clear_of_the_name_and_inside_the_board(small, players):
    app = small
    chars = ["Emi", "Vampire", "Franklin", "Allie", "George", "Unknown", "Ellen", "Bob"][:players]
    s = scenario(chars, phase="attack", positions={i: "Church" for i in range(players)})
    table = table_at(app, s)
    for t in (0.0, 0.3, 0.7, 0.99):
        table.effects.items = [Effect("hit", 1.0, seat, {"text": "-2", "amount": 0}, age=t)
                               for seat in range(players)]
        app.draw()
        assert len(table.drawn_floats) == players
        for seat, rect in table.drawn_floats:
            board = table.lay.boards[seat]
            assert board.contains(rect)
            assert not rect.colliderect(table.name_row(board, table.metrics)), (seat, t, rect)
    table.effects.items = []


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("players", [4, 5, 8])
def test_an_attack_arrow_never_crosses_a_third_players_board(size, players):
    pygame.display.init()
    m = style.Metrics.for_size(*size)
    lay = compute(m, m.px(60), players)
    for a, t in itertools.permutations(range(players), 2):
        path = attack_path(lay.boards, a, t, m.gap)
        for (x0, y0), (x1, y1) in zip(path, path[1:]):
            steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for i in range(steps + 1):
                p = (x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps)
                for other, board in enumerate(lay.boards):
                    if other not in (a, t):
                        assert not board.collidepoint(p), (a, t, other, p)
        assert lay.boards[a].collidepoint(path[0][0], path[0][1] - 1) or lay.boards[a].collidepoint(path[0])
        assert path[-1][0] == lay.boards[t].centerx


def test_equipment_chips_stay_on_their_board(small):
    app = small
    # the last chip used to run past the board's edge ("Damage 7/10 Talisman Chains…")
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], phase="attack", positions=POS, damage={1: 7},
                 equipment={1: ["Talisman", "Chainsaw"]})
    table = table_at(app, s)
    app.draw()
    chips = [sp for sp in table.spots if sp.kind == "card" and "Equipment" in sp.where]
    assert chips
    for sp in chips:
        assert table.lay.boards[1].contains(sp.rect), sp


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_used_card_name_fits_its_small_card(size):
    pygame.display.init()
    m = style.Metrics.for_size(*size)
    r = compute(m, m.px(60), 4).decks
    ch = r.height - m.px(30)
    card = (int(ch * 0.7), ch)
    for name in [row[0] for row in WHITE_CARDS + BLACK_CARDS]:
        fs, lines = look.mini_card_lines(name, card)
        from game.ui import draw
        assert all(draw.font(fs, True).size(line)[0] <= card[0] - 4 for line in lines), (name, lines)
        assert len(lines) * fs * 1.15 <= card[1] - 4, (name, lines)
        assert "".join(line.rstrip("-") for line in lines).replace(" ", "") == name.replace(" ", "")


@pytest.mark.parametrize("size", [14, 15, 18, 22, 32, 44])
def test_the_shadow_mark_holds_its_whole_letter(size):
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    bare, _ = look.shadow_crescent(size)
    mark = look.shadow_mark(size)
    letter = [(x, y) for x in range(size) for y in range(size)
              if mark.get_at((x, y)).a > 128 and mark.get_at((x, y))[:3] != bare.get_at((x, y))[:3]
              and sum(mark.get_at((x, y))[:3]) > 600]
    assert len(letter) >= 6                          # a letter is there
    assert all(bare.get_at(p).a > 0 for p in letter), size   # every stroke on the lit crescent


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_moments_banner_and_a_taken_card_never_cover_a_player_board(shadows_home, size):
    app = make_app(size=size)
    app.settings.animation_speed = "off"
    step(app, 2)
    chars = ["Emi", "Vampire", "Franklin", "Allie", "George", "Unknown", "Ellen", "Bob"]
    try:
        for n in range(4, 9):
            table = table_at(app, scenario(chars[:n], phase="attack", positions={i: "Church" for i in range(n)}))
            rect = table.banner_rect(table.metrics)
            assert app.screen.get_rect().contains(rect)
            assert not any(rect.colliderect(board) for board in table.lay.boards), (n, rect)
            for count in (1, 2):          # a card taken, or two looted, with their caption box
                cards = table.steal_rects(table.metrics, count)
                box = table.steal_box(table.metrics, cards, table.metrics.px(300))
                assert all(box.contains(c) for c in cards) and app.screen.get_rect().contains(box)
                assert not any(box.colliderect(board) for board in table.lay.boards), (n, count, box)
                assert cards[0].height >= table.metrics.px(100)      # still a readable card
            app.pop()
    finally:
        app.quit()
