"""The Shadow Hunters table explains itself: readable cards, the whole sum, abilities in
reach, a warning before hitting your own side, keys that never pick what you did not."""

import pygame
import pytest
from ui_helpers import click, click_at, key, make_app, step, until

from game.match import Match
from game.rules.hunters.scenario import scenario
from game.rules.protocol import Action
from game.session import SeatConfig, Session
from game.ui import style
from game.ui.hunters import look
from game.ui.hunters.cardview import CardViewScene, EquipmentScene, hover_rect
from game.ui.hunters.notebook import Notebook
from game.ui.hunters.overlays import ConfirmScene
from game.ui.hunters.paint import track_slots
from game.ui.hunters.table import HuntersTable
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
        click(app, "#ready")        # the hand-off to whoever decides first
    assert app.top is table
    return table


def labels(table):
    return [c.button.text for c in table.choices]


def hover(app, pos):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)


# --- abilities within reach ------------------------------------------------------------------------
def test_a_hidden_franklin_reveals_and_uses_his_ability_in_one_press(app):
    s = scenario(["Franklin", "Vampire", "Emi", "Werewolf"], phase="start", positions=POS)
    table = table_at(app, s)
    texts = labels(table)
    assert "Reveal and use Franklin: deal d6 damage to Blue" in texts
    click(app, f"#choice_{texts.index('Reveal and use Franklin: deal d6 damage to Blue')}")
    log = [a for _, a in table.session.match.log]
    assert log[:2] == [Action("reveal"), Action("franklin", (1,))]
    assert table.public_players()[0]["revealed"]
    assert not any(t.startswith("Reveal and use") for t in labels(table))


def test_a_hidden_gregor_is_offered_his_barrier_at_the_end_of_his_turn(app):
    s = scenario(["Gregor", "Vampire", "Emi", "Werewolf"], phase="end", positions=POS)
    table = table_at(app, s)
    assert "Reveal and use Gregor: no damage until your next turn" in labels(table)


def test_the_character_panel_says_when_the_ability_applies():
    assert all(name in look.ABILITY_WHEN for name in look.CHARACTER_NAMES)
    assert "start of your turn" in look.ABILITY_WHEN["Franklin"]


# --- warnings -------------------------------------------------------------------------------------------
def test_attacking_a_revealed_player_of_your_own_side_asks_once(app):
    s = scenario(["Emi", "Franklin", "Vampire", "Werewolf"], phase="attack", positions=POS, revealed=(1,))
    table = table_at(app, s)
    click_at(app, table.lay.boards[1].center)          # Blue: a revealed Hunter, like Emi
    assert isinstance(app.top, ConfirmScene)
    key(app, pygame.K_RETURN)                          # Enter alone confirms nothing
    assert app.top is table and not table.session.match.log
    click_at(app, table.lay.boards[1].center)
    click(app, "#confirm_yes")
    assert table.session.match.log[0] == (0, Action("attack", (1,)))


def test_attacking_a_hidden_player_asks_nothing(app):
    s = scenario(["Emi", "Franklin", "Vampire", "Werewolf"], phase="attack", positions=POS)
    table = table_at(app, s)
    click_at(app, table.lay.boards[1].center)
    assert app.top is table and table.session.match.log[0] == (0, Action("attack", (1,)))


# --- keyboard -------------------------------------------------------------------------------------------
def test_a_new_list_starts_with_nothing_highlighted_and_enter_picks_nothing(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert table.selected == 1
    key(app, pygame.K_1)                               # "Draw a White card": highlighted
    assert table.selected == 0 and not table.session.match.log
    key(app, pygame.K_1, frames=3)                     # the same number again: picked
    assert table.session.match.log[0][1].kind == "draw"
    assert until(app, lambda: table.view()["pending"].get("kind") != "area", frames=30)
    step(app, 2)
    assert table.selected is None                      # not the place left from the last list
    before = len(table.session.match.log)
    key(app, pygame.K_RETURN, frames=2)
    assert len(table.session.match.log) == before


# --- cards you can read ---------------------------------------------------------------------------------
def test_equipment_badges_discard_tops_and_areas_show_their_card_on_hover(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack", positions=POS,
                 equipment={1: ["Rusted Broad Axe"]}, discards={"white": ["Holy Water of Healing"]})
    table = table_at(app, s)
    kinds = {(sp.kind, sp.name) for sp in table.spots}
    assert ("card", "Rusted Broad Axe") in kinds and ("card", "Holy Water of Healing") in kinds
    assert ("area", "Church") in kinds and ("character", "Emi") in kinds   # your own card
    assert ("character", "Vampire") not in kinds                           # hidden from you
    axe = next(sp for sp in table.spots if sp.name == "Rusted Broad Axe")
    hover(app, axe.rect.center)
    assert table.hovered_spot() == axe
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=axe.rect.center, button=3))
    step(app, 2)
    assert isinstance(app.top, CardViewScene) and app.top.spot.name == "Rusted Broad Axe"
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_e)
    assert isinstance(app.top, EquipmentScene)
    assert any("Rusted Broad Axe (Black): Equipment: +1 damage" in b.text for b in app.top.panel.blocks)
    key(app, pygame.K_ESCAPE)


def test_the_keyboard_steps_through_the_cards_and_opens_one(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack", positions=POS,
                 equipment={1: ["Rusted Broad Axe"]})
    table = table_at(app, s)
    key(app, pygame.K_i)
    first = table.hovered_spot()
    assert first is not None
    key(app, pygame.K_i)
    assert table.hovered_spot() != first
    key(app, pygame.K_v)
    assert isinstance(app.top, CardViewScene)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_hover_card_is_never_off_screen(size):
    screen = pygame.Rect((0, 0), size)
    for anchor in (pygame.Rect(0, 0, 40, 20), pygame.Rect(size[0] - 30, size[1] - 20, 30, 20),
                   pygame.Rect(size[0] // 2, size[1] - 60, 80, 60), pygame.Rect(0, size[1] // 2, 50, 50)):
        assert screen.contains(hover_rect(anchor, (190, 266), screen, 6))


def test_every_character_card_holds_its_whole_text_at_hover_size():
    pygame.font.init()
    for size in ((1024, 640), (1280, 720)):
        m = style.Metrics.for_size(*size)
        for name in look.CHARACTER_NAMES:
            assert look.character_text_fits(name, (m.px(190), m.px(266))), name


def test_a_white_card_that_acts_at_once_is_held_up_first_then_goes_to_the_discards(app):
    from game.rules.hunters.data import WHITE_CARDS

    app.settings.animation_speed = "normal"
    others = [row[0] for row in WHITE_CARDS if row[0] != "Flare of Judgement" for _ in range(row[1])]
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area", discards={"white": others},
                 positions={0: "Church", 1: "Church", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s)
    table.choose(Action("draw", ("white",)))
    assert until(app, lambda: table.effects.of("card", waiting_too=True), frames=60)
    card = table.effects.of("card", waiting_too=True)[0]
    assert card.data == {"card": "Flare of Judgement", "deck": "white", "to": "discard"}
    hits = table.effects.of("hit", waiting_too=True)
    assert hits and all(h.delay >= card.delay + card.seconds * 0.8 for h in hits)   # read first
    assert card.seconds >= 2.0                      # long enough to read at normal speed
    assert table.dice_rolling() and not table.choices   # the next choices wait for it too
    assert not any(sp.name == "Flare of Judgement" for sp in table.spots)   # not on the pile yet
    assert until(app, lambda: not table.effects.of("card", waiting_too=True), frames=400)
    step(app, 2)
    assert any(sp.name == "Flare of Judgement" and "discards" in sp.where for sp in table.spots)


# --- look -------------------------------------------------------------------------------------------------
def test_floating_numbers_have_at_least_4_5_to_1_contrast_on_their_pill():
    for colour in (look.FLOAT_HIT, look.FLOAT_HEAL):
        for under in (style.PANEL, style.FELT, (214, 206, 184), style.TEXT):   # the lightest chip too
            a = look.FLOAT_BACKING_ALPHA / 255
            backing = tuple(round(a * c + (1 - a) * u) for c, u in zip(style.BG_DEEP, under))
            assert look.contrast(colour, backing) >= 4.5, (colour, under)


def test_eight_pieces_on_one_damage_cell_stay_distinct_at_1024x640():
    pygame.font.init()
    m = style.Metrics.for_size(1024, 640)
    from game.ui.hunters import layout as L
    lay = L.compute(m, m.button_h + 3 * m.gap, 8)
    cw = lay.track.width / 15
    cell = pygame.Rect(lay.track.x + m.px(2), lay.track.y + m.px(17), int(cw) - m.px(4),
                       lay.track.bottom - m.px(3) - lay.track.y - m.px(17))
    slots = track_slots(list(range(8)), cell)
    rects = [r for _, r in slots]
    assert all(cell.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert min(r.width for r in rects) >= 11


def test_the_players_own_board_does_not_glow_as_a_target(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack", positions=POS)
    table = table_at(app, s)
    assert 0 not in table.seat_actions


def test_a_prediction_answered_goes_into_the_notebook_and_onto_the_board(app):
    from game.rules.hunters.data import HERMIT_CARDS

    others = [row[0] for row in HERMIT_CARDS if row[0] != "Prediction"]
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area", discards={"hermit": others},
                 positions={0: "Hermit's Cabin", 1: "Cemetery", 2: "Weird Woods", 3: "Church"})
    table = table_at(app, s)
    table.choose(Action("draw", ("hermit",)))
    assert until(app, lambda: table.view()["pending"].get("kind") == "hermit_give", frames=60)
    assert table.view()["holding"] == "Prediction"
    table.choose(Action("give", (1,)))
    assert until(app, lambda: dict(table.view().get("shown_to_me", ())).get(1) == "Vampire", frames=300)
    step(app, 2)
    assert table.notebook.get(0, 1) == {"faction": "Shadow", "character": "Vampire"}
    from game.ui.hunters.notebook import hermit_clues
    assert "showed you their character: Vampire" in hermit_clues(table.view(), 1)


def test_the_rules_page_lists_each_character_and_card_under_its_heading():
    from game.catalog import get_game
    from game.rules.hunters.data import BLACK_CARDS, CHARACTERS, HERMIT_CARDS, WHITE_CARDS
    from game.ui.scenes.rules import rules_blocks

    blocks = rules_blocks(get_game("hunters"))
    heads = [b.text for b in blocks if b.kind == "h"]
    for title in ("HUNTERS", "SHADOWS", "NEUTRALS", "HERMIT CARDS (16)", "WHITE CARDS (16)", "BLACK CARDS (16)"):
        assert title in heads
    entries = [b.text for b in blocks if b.kind == "p" and b.text.startswith("•")]
    for row in CHARACTERS:
        assert sum(e.startswith(f"•  {row[0]} (") for e in entries) == 1, row[0]
    for table in (HERMIT_CARDS, WHITE_CARDS, BLACK_CARDS):
        for row in table:
            assert sum(e.startswith(f"•  {row[0]}") and ":" in e for e in entries) >= 1, row[0]
    hunters = heads.index("HUNTERS")
    assert heads[hunters + 1] == "SHADOWS"          # the faction headings follow each other


def test_the_choices_wait_until_the_dice_settle(app):
    app.settings.animation_speed = "normal"
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="start", positions=POS)
    table = table_at(app, s)
    table.choose(Action("roll"))
    assert until(app, lambda: table.effects.of("dice", waiting_too=True), frames=60)
    assert table.dice_rolling()
    assert table.choice_actions() == [] and not table.choices
    assert table.prompt_text() == "The dice are rolling…"
    assert until(app, lambda: not table.dice_rolling(), frames=200)
    step(app, 2)
    assert table.choices or table.view()["pending"].get("seat") != 0


def test_a_voided_werewolf_is_told_why_there_is_no_counterattack(app):
    s = scenario(["Emi", "Werewolf", "Franklin", "Vampire"], phase="attack", positions=POS)
    s.voided[1] = True
    table = table_at(app, s, humans=(0, 1))
    click_at(app, table.lay.boards[1].center)         # Red attacks Blue, the Werewolf
    assert until(app, lambda: app.top is not table, frames=60)   # the hand-off to Blue
    click(app, "#ready")
    assert table.viewer == 1 and labels(table) == ["No response"]
    assert table.prompt_text().endswith("(no counterattack: your ability was voided)")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_long_labels_are_whole_in_their_buttons_at_the_table(shadows_home, size):
    a = make_app(size)
    a.settings.animation_speed = "off"
    step(a, 2)
    try:
        s = scenario(["Franklin", "Catherine", "Ultra Soul", "Werewolf", "Emi"], phase="start",
                     positions=POS, revealed=(0, 1, 2, 3))
        table = table_at(a, s)
        texts = labels(table)
        assert "Franklin: deal d6 damage to Blue (Catherine)" in texts
        assert not any(t.endswith("…") for t in texts)
        for c in table.choices:
            assert c.button.rect.width >= draw_width(c.button.text, a)
    finally:
        a.quit()


def draw_width(text, app):
    from game.ui import draw
    from game.ui.hunters import choices as C

    m = app.metrics
    return draw.font(m.px(C.FONT)).size(text)[0] + m.px(C.TEXT_ROOM)
