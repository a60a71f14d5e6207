"""What the tables make ahead or keep between frames (issue 15, frames after a move): a kept
surface must change the moment what it shows changes, and what is made ahead while a
table is put up must not show (or even make) anybody's secret with several people at the
screen."""

import pygame
import pytest
from ui_helpers import step

from game.session import SeatConfig
from game.ui import draw
from game.ui.hunters import look
from game.ui.moments import Moment
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("normal")   # the banner and the deal animate


def seats(humans, players):
    return [SeatConfig(f"P{i + 1}", "human" if i < humans else "computer", "easy")
            for i in range(players)]


def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


def test_panels_and_shades_are_kept_per_size_and_colour_and_look_as_made_fresh():
    a = draw._panel((120, 60), 8, 235)
    assert draw._panel((120, 60), 8, 235) is a                     # kept
    assert draw._panel((121, 60), 8, 235) is not a                 # another size: its own
    assert pixels(draw._panel((120, 60), 8, 200)) != pixels(a)     # another alpha: other pixels
    fresh = pygame.Surface((120, 60), pygame.SRCALPHA)
    draw.rounded_rect(fresh, fresh.get_rect(), (*draw.style.PANEL, 235), 8, draw.style.PANEL_EDGE)
    assert pixels(a) == pixels(fresh)
    veil = draw.shade((40, 20), (0, 0, 0, 90))
    assert veil.get_at((5, 5)) == (0, 0, 0, 90)
    assert draw.shade((40, 20), (10, 20, 30, 200)).get_at((5, 5)) == (10, 20, 30, 200)


def test_the_reveal_banner_is_made_once_and_again_when_it_shows_someone_else(app, monkeypatch):
    table = start_game(app, "hunters", seats(1, 5), 11, {})
    while table is not app.top:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                             scancode=0))
        step(app)
    made = []
    real = type(table).banner_panel

    def counting(self, kind, who, name, info, size, m, data=None):
        made.append((kind, who, name))
        return real(self, kind, who, name, info, size, m, data)

    monkeypatch.setattr(type(table), "banner_panel", counting)
    names = sorted(look.CHARACTER)[:2]
    effect = Moment("reveal", 2.0, data={"character": names[0], "seat": 1}, elapsed=0.5)
    monkeypatch.setattr(type(table.moments), "current", property(lambda self: effect))
    surface = pygame.Surface(app.screen.get_size())
    for _ in range(3):
        table.draw_banner(surface, table.metrics)
    assert made == [("reveal", table.seat_name(1), names[0])]       # once, then only faded
    first = table._banner[1]
    effect.data = {"character": names[1], "seat": 1}               # another character shown
    table.draw_banner(surface, table.metrics)
    assert made[-1] == ("reveal", table.seat_name(1), names[1]) and table._banner[1] is not first
    effect.kind, effect.data["seat"] = "death", 2                  # another player dies
    table.draw_banner(surface, table.metrics)
    assert made[-1] == ("death", table.seat_name(2), names[1])
    assert len(made) == 3


def test_a_table_is_drawn_once_while_it_is_put_up(app):
    from game.ui.harsh import look as harsh_look

    harsh_look.location_card.cache_clear()
    table = start_game(app, "harsh", seats(1, 1), 5, {"difficulty": "standard"})
    assert table._warmed and table.session.match.log          # dealt behind the start
    assert harsh_look.location_card.cache_info().currsize >= 9  # the grid's faces are made


def characters_pictured(monkeypatch) -> list:
    """The names of the character cards drawn from now on, in order."""
    names: list = []
    real = look.character_card

    def spy(name, *a, **k):
        names.append(name)
        return real(name, *a, **k)

    monkeypatch.setattr(look, "character_card", spy)
    return names


def test_several_people_nothing_private_is_made_while_the_table_is_put_up(app, monkeypatch):
    """Two people at one Shadow Hunters screen: the table's start (deal, first picture)
    makes no character picture at all; each card comes after its hand-off."""
    pictured = characters_pictured(monkeypatch)
    table = start_game(app, "hunters", seats(2, 5), 11, {})
    assert table._warmed and table.session.at_screen is None
    assert pictured == []


def test_one_person_the_first_look_s_card_is_made_before_it_shows(app, monkeypatch):
    made = characters_pictured(monkeypatch)
    table = start_game(app, "hunters", seats(1, 5), 11, {})
    mine = table.session.view(0)["me"]["character"]
    assert mine in made          # made with the table (off screen), for the one person here


def test_hunters_choice_buttons_are_made_ahead_unseen_and_a_later_decision_shows_them(app, monkeypatch):
    """While the computers play, quiet frames make choice buttons ahead into the table's
    park: hidden, outside the table's widgets (nothing finds or presses them), until a
    decision's choices take them (issue 15: no frame after a move makes nine buttons)."""
    from ui_helpers import elements, post_key

    table = start_game(app, "hunters", seats(1, 5), 11, {})
    # every frame counts as quiet (a busy machine makes fewer so, not other ones), and the
    # table's clock moves 1/60 s a frame: the computers' pace in frames, however fast they are
    monkeypatch.setattr(table, "frame_room", lambda budget=0.004: budget)
    now = [1000.0]
    table.session.clock = lambda: now[0]
    stocked: dict = {}
    taken = []
    shown_ok: list[bool] = []
    for _ in range(6000):
        now[0] += 1 / 60
        if table.session.computer_thinking():
            table.session.wait_for_computer()
        if app.top is not table:
            post_key(pygame.K_RETURN)          # the first look, a notice
        elif table.acting_seat() is not None and not table.busy and table.choices:
            now_taken = [c.button for c in table.choices if id(c.button) in stocked]
            # shown while its decision is up (a later decision may park it again: that is
            # the park's purpose, so it is looked at now, not at the end)
            shown_ok += [b.visible and b.alive() and bool(b.text) for b in now_taken]
            taken += now_taken
            if taken and len(table.session.match.log) > 30:
                break
            post_key(pygame.K_1)
        step(app)
        shown = {id(el) for el in elements(table.root)} if table.root is not None else set()
        for key, buttons in table._parked.items():
            for b in buttons:
                assert not b.visible and id(b) not in shown     # unseen, out of the widgets
                if key[1] == "":                                # made ahead: no words yet
                    stocked.setdefault(id(b), b)
    # made ahead: the choices' buttons, and the private panel's (test_ui_hunters_private_ahead)
    ids = [b.get_object_ids()[-1] for b in stocked.values()]
    assert any(i.startswith("#choice_") for i in ids)
    assert all(i.startswith("#choice_") or i in ("#reveal", "#notebook", "#my_card", "#pass")
               for i in ids), ids
    assert taken and all(shown_ok)


def test_harsh_board_s_felt_locations_and_panels_are_one_picture_while_unchanged(app, monkeypatch):
    """The felt, the nine Location cards (with their glows) and the fixed panels are drawn
    into one picture kept while they do not change: a frame then blits it once, and draws
    no Location card. Counted (cards drawn per frame) and compared pixel for pixel with
    the board drawn piece by piece."""
    from game.ui.harsh import look as harsh_look

    table = start_game(app, "harsh", seats(1, 1), 5, {"difficulty": "standard"})
    for _ in range(600):
        step(app)
        if not table.timeline.running and table.acting_seat() is not None:
            break
    assert table.acting_seat() is not None and table.grid_moves()   # Locations glow
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)
    cards = []
    real = harsh_look.location_card
    monkeypatch.setattr(harsh_look, "location_card", lambda *a: cards.append(a) or real(*a))
    # the frame has room to make it, however fast this machine is (it failed when loaded)
    monkeypatch.setattr(type(table), "frame_room", lambda self, budget=0: 1.0)
    step(app, 2)
    assert table._base is not None
    cards.clear()
    table.draw(app.screen)
    assert cards == []                                # the base picture only
    key = table._base_key
    kept = pixels(app.screen)
    table._base = None
    monkeypatch.setattr(type(table), "frame_room", lambda self, budget=0: -1.0)   # none made
    table.draw(app.screen)                            # piece by piece
    assert len(cards) == 9 and table._base is None
    assert pixels(app.screen) == kept
    table._base = base = table._make_base(app.screen, table.view(), table.grid_moves())
    table._base_key = key
    # a move changes the glows: the old picture is not used
    table.click_cell(next(iter(table.grid_moves())))
    step(app, 3)
    cards.clear()
    table.draw(app.screen)
    assert len(cards) == 9 and table._base is base and table._base_key == key
