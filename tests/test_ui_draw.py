"""The drawing toolkit: every piece draws, suits differ by shape, caches work."""

import pygame
import pytest

from game.ui import draw, style


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((200, 200))
    yield


def opaque_mask(surface):
    return pygame.mask.from_surface(surface, 128)


def test_suit_symbols_have_four_different_shapes_even_in_grey():
    masks = {}
    for suit in style.SUITS:
        sym = draw.suit_symbol(suit, 48, with_letter=False)
        grey = pygame.transform.grayscale(sym)
        masks[suit] = opaque_mask(grey)
    suits = list(masks)
    for i, a in enumerate(suits):
        for b in suits[i + 1:]:
            overlap = masks[a].overlap_area(masks[b], (0, 0))
            union = masks[a].count() + masks[b].count() - overlap
            assert overlap / union < 0.85, (a, b)  # not the same silhouette


def test_every_suit_has_a_distinct_letter_and_shape():
    letters = [s["letter"] for s in style.SUITS.values()]
    shapes = [s["shape"] for s in style.SUITS.values()]
    assert len(set(letters)) == 4 and len(set(shapes)) == 4
    assert len({f["shape"] for f in style.FACTIONS.values()}) == 3


def test_card_faces_and_backs_have_the_asked_size_and_rounded_corners():
    for suit in style.SUITS:
        face = draw.card_face(7, suit, (90, 126))
        back = draw.card_back((90, 126), suit)
        for surf in (face, back):
            assert surf.get_size() == (90, 126)
            assert surf.get_at((0, 0)).a == 0           # corner cut away
            assert surf.get_at((45, 63)).a == 255       # solid middle
    assert draw.card_back((60, 84)).get_size() == (60, 84)


def test_faces_are_cached_and_ranks_differ():
    assert draw.card_face(3, "red", (90, 126)) is draw.card_face(3, "red", (90, 126))
    a = pygame.image.tobytes(draw.card_face(3, "red", (90, 126)), "RGBA")
    b = pygame.image.tobytes(draw.card_face(4, "red", (90, 126)), "RGBA")
    assert a != b


def test_d6_faces_show_the_right_number_of_pips():
    for value in range(1, 7):
        face = draw.die_face(value, 6, 60)
        dark = pygame.mask.from_threshold(face, (28, 28, 32, 255), (10, 10, 10, 255))
        assert len(dark.connected_components(4)) == value


def test_d4_faces_differ_and_are_triangles():
    faces = [pygame.image.tobytes(draw.die_face(v, 4, 48), "RGBA") for v in range(1, 5)]
    assert len(set(faces)) == 4
    d4 = draw.die_face(1, 4, 48)
    assert d4.get_at((1, 1)).a == 0 and d4.get_at((24, 30)).a == 255


def test_dimmed_is_darker_and_keeps_transparent_corners():
    face = draw.card_face(9, "yellow", (90, 126))
    dim = draw.dimmed(face)
    assert dim.get_at((0, 0)).a == 0
    mid = face.get_at((20, 100))
    dmid = dim.get_at((20, 100))
    assert sum(dmid[:3]) < sum(mid[:3])


def test_draw_card_lifts_playable_and_selected_cards():
    target = pygame.Surface((300, 300), pygame.SRCALPHA)
    face = draw.card_face(1, "blue", (90, 126))
    normal = draw.draw_card(target, face, (100, 100))
    playable = draw.draw_card(target, face, (100, 100), "playable")
    selected = draw.draw_card(target, face, (100, 100), "selected")
    assert normal.y > playable.y > selected.y


def test_tokens_factions_text_cards_and_helpers():
    assert draw.token("A", (200, 50, 50), 40).get_size() == (40, 40)
    assert draw.player_token(9, 30, "Zoe").get_size() == (30, 30)
    assert draw.spy_token(40).get_size() == draw.agent_token(40).get_size() == (40, 40)
    for faction in style.FACTIONS:
        assert draw.faction_symbol(faction, 32).get_size() == (32, 32)
    card = draw.text_card("A very long character name indeed", ("Hunter", "HP 12", "x " * 80),
                          (140, 196))
    assert card.get_size() == (140, 196)
    lines = draw.wrap("one two three four", 16, 80)
    assert len(lines) > 1 and " ".join(lines) == "one two three four"
    assert all(draw.font(16).size(line)[0] <= 80 for line in lines)
    pos = draw.fan_positions(13, 80, pygame.Rect(0, 0, 600, 120))
    assert len(pos) == 13 and pos[0][0] >= 0 and pos[-1][0] + 80 <= 600


def test_metrics_scale_with_the_window_and_stay_readable():
    small = style.Metrics.for_size(1024, 640)
    base = style.Metrics.for_size(1280, 720)
    big = style.Metrics.for_size(2560, 1440)
    assert small.scale >= style.MIN_SCALE and base.scale == 1.0 and big.scale == 2.0
    assert small.px(style.FONT_SMALL) >= 12
