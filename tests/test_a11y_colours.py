"""Issue 44: colour is never the only signal, and the palettes keep their promises.

Checked by numbers: every pair of suit colours and of seat colours stays at least ΔE00 20
apart in normal vision and in simulated protanopia, deuteranopia and tritanopia (Machado
2009, severity 1.0) for the palettes that claim it (red–green safe, high contrast), both on
the palette's numbers and on pixels sampled from what the app draws; the default palette's
near pairs are listed here as they are (the red–green palette is the remedy). In high
contrast every text colour is 7:1 or more against every background it is drawn on.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from a11y_colour import VISIONS, ciede2000, contrast, delta_e, simulate, worst_pairs
from ui_helpers import click, key, make_app, step, until

from game.ui import draw, palette, style

MIN_DE = 20
CLAIMING = ("red_green", "high_contrast")


@pytest.fixture(autouse=True)
def default_palette_after():
    yield
    palette.apply("default", 100)


def test_ciede2000_gives_sharma_wu_dalal_numbers():
    pairs = [(((50, 2.6772, -79.7751), (50, 0, -82.7485)), 2.0425),
             (((50, 2.5, 0), (73, 25, -18)), 27.1492),
             (((50, 2.5, 0), (61, -5, 29)), 22.8977),
             (((50, 2.5, 0), (56, -27, -3)), 31.9030),
             (((50, 2.5, 0), (58, 24, 15)), 19.4535),
             (((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)), 1.2644),
             (((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619)), 2.0373)]
    for (a, b), expected in pairs:
        assert ciede2000(a, b) == pytest.approx(expected, abs=1e-4)
        assert ciede2000(b, a) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_keep_greys_and_lose_red_green():
    for vision in VISIONS:
        assert max(abs(a - b) for a, b in zip(simulate((128, 128, 128), vision), (128,) * 3)) <= 2
    red, green = (200, 60, 50), (80, 150, 60)
    assert delta_e(red, green) > 40
    assert delta_e(red, green, "deuteranopia") < delta_e(red, green) / 2


def colours(kind: str) -> dict:
    if kind == "suits":
        return {k: v["colour"] for k, v in style.SUITS.items()}
    if kind == "factions":
        return {k: v["colour"] for k, v in style.FACTIONS.items()}
    return {f"seat {i + 1}": c for i, c in enumerate(style.PLAYER_COLOURS)}


def near_pairs(named: dict) -> dict:
    return {v: [(a, b, round(d, 1)) for d, a, b in worst_pairs(named, v) if d < MIN_DE]
            for v in VISIONS}


@pytest.mark.parametrize("name", CLAIMING)
@pytest.mark.parametrize("kind", ["suits", "seats", "factions"])
def test_the_safe_palettes_keep_every_pair_apart_in_every_vision(name, kind):
    palette.apply(name)
    assert near_pairs(colours(kind)) == {v: [] for v in VISIONS}


def test_what_the_default_palette_fails():
    """Said as it is: the default's suits stay 20 apart in every vision (its grey is a
    neutral one since issue 44: the bluish grey was 18 from blue for a tritanope), but its
    seat colours run together for a red–green (and a blue–yellow) colour-blind eye; the
    red–green palette is the remedy, and every seat has its initial and its mark."""
    palette.apply("default")
    assert near_pairs(colours("suits")) == {v: [] for v in VISIONS}
    seats = near_pairs(colours("seats"))
    assert seats["normal"] == []
    assert {(a, b) for a, b, _ in seats["deuteranopia"]} >= {("seat 2", "seat 5"),
                                                               ("seat 3", "seat 6")}
    assert min(d for a, b, d in seats["deuteranopia"]) < 5      # seats 2 and 5: one blue
    assert near_pairs(colours("factions")) == {v: [] for v in VISIONS}


def mode_colour(surface: pygame.Surface, rect: pygame.Rect) -> tuple:
    """The commonest opaque colour in ``rect``: a symbol's or token's fill."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    counts = Counter(tuple(area.get_at((x, y))) for x in range(area.get_width())
                     for y in range(area.get_height()))
    return next(c[:3] for c, _ in counts.most_common() if c[3] > 250)


def assert_apart(sampled: dict) -> None:
    for vision in VISIONS:
        for d, a, b in worst_pairs(sampled, vision):
            assert d >= MIN_DE, (vision, a, b, round(d, 1), sampled[a], sampled[b])


@pytest.mark.parametrize("name", CLAIMING)
def test_drawn_suits_seats_and_backs_stay_apart(shadows_home, name):
    """Pixels of what the app draws: the sample row of Settings → Colours (the same
    drawing calls the tables use), a Chasing hand's suit bands and the suit backs."""
    app = make_app(size=(1280, 720))
    try:
        step(app, 2)
        from game.ui import navigation

        navigation.push(app, "settings")
        step(app, 2)
        click(app, "#access")
        click(app, f"#palette_{name}")
        step(app, 2)
        assert app.settings.palette == name and palette.current()[0] == name
        app.draw()
        scene = app.top
        by_kind: dict[str, dict] = {"suit": {}, "seat": {}, "faction": {}}
        for kind, key, rect in scene.sample_rects:
            inner = rect.inflate(-rect.w // 3, -rect.h // 3) if kind != "seat" else \
                pygame.Rect(rect.x + rect.w // 8, rect.centery - rect.h // 8, rect.w // 5, rect.h // 4)
            by_kind[kind][key] = mode_colour(app.screen, inner)
        assert len(by_kind["seat"]) == 8 and len(by_kind["suit"]) == 4
        for sampled in by_kind.values():
            assert_apart(sampled)
        # the backs Chasing shows: each suit's symbol on its back
        backs = {}
        for suit in style.SUITS:
            back = draw.card_back((90, 126), suit)
            backs[suit] = mode_colour(back, pygame.Rect(30, 45, 30, 36))
        assert_apart(backs)
        assert backs == by_kind["suit"]
    finally:
        app.quit()


def test_a_chasing_hand_in_the_red_green_palette(shadows_home):
    from game.session import SeatConfig
    from game.ui.opening import start_game

    app = make_app(size=(1280, 720))
    app.settings.animation_speed = "off"
    app.settings.palette = "red_green"
    app.restyle()
    try:
        seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "computer", "easy"),
                 SeatConfig("Cy", "computer", "easy")]
        table = start_game(app, "chasing", seats, 21, {"start": "0"})
        assert until(app, lambda: app.top is table and table.acting() is not None
                     and len(table.hand_hits) == len(table.live_view()["hands"][0]), 3000)
        app.draw()
        bands: dict = {}
        for rect, card in table.hand_hits:
            band = max(3, rect.h // 28)
            bands.setdefault(card[1], app.screen.get_at((rect.x + rect.w // 9 + 2,
                                                         rect.y + band + band // 2))[:3])
        assert len(bands) >= 3
        assert_apart(bands)
        assert all(bands[s] == style.SUITS[s]["colour"] for s in bands)
    finally:
        app.quit()


def theme_pairs(theme: dict) -> list[tuple[str, str, str]]:
    """(where, text, background) of every themed text, a transparent background read as
    the black page it sits on. A two-line ("…_wrap") class's theme words are see-through:
    its words are drawn by game.ui.words in the text colours of the class it wraps, over
    its own backgrounds, so those are the colours checked for it."""
    from game.ui import words

    base = theme["defaults"]["colours"]
    out = []
    for name, block in theme.items():
        if not isinstance(block, dict) or "slider" in name or "scroll_bar" in name:
            continue            # a slider's knob and a scroll bar carry no words
        own = block.get("colours", {})
        inks = own
        if words.wrapping(name):
            assert all(own.get(k) == words.SEE_THROUGH for k in words.TEXT_KEYS), name
            drawn = words.drawn_as(name)
            inks = theme.get(drawn, {}).get("colours", {}) if drawn else {}
        for state in ("normal", "hovered", "selected", "active", "disabled"):
            text = inks.get(f"{state}_text") or base.get(f"{state}_text")
            bg = own.get(f"{state}_bg") or own.get("dark_bg") or base.get(f"{state}_bg")
            if text and bg:
                out.append((f"{name} {state}", text, bg))
        if "dark_bg" in own and "normal_text" in inks:
            out.append((f"{name} dark", inks["normal_text"], own["dark_bg"]))
    return out


def rgb(hex_colour: str, under=(0, 0, 0)) -> tuple:
    h = hex_colour.lstrip("#")
    c = tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))
    a = int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
    return tuple(round(x * a + u * (1 - a)) for x, u in zip(c, under))


def high_contrast_pairs() -> list[tuple[str, tuple, tuple]]:
    palette.apply("high_contrast")
    texts = ("TEXT", "TEXT_MUTED", "TEXT_DIM", "ACCENT", "ACCENT_BRIGHT", "DANGER", "GOOD")
    grounds = ("BG", "BG_DEEP", "BG_TOP", "PANEL", "FELT", "FELT_TOP")
    pairs = [(f"{t} on {g}", getattr(style, t), getattr(style, g)) for t in texts for g in grounds]
    # a bar of the panels' edge colour under the current line (review, table heads)
    pairs += [(f"{t} on PANEL_EDGE", getattr(style, t), style.PANEL_EDGE)
              for t in ("TEXT", "ACCENT_BRIGHT")]
    # Hunters writes a faction's name in its colour
    pairs += [(f"{f} words on {g}", info["colour"], getattr(style, g))
              for f, info in style.FACTIONS.items() for g in ("BG", "PANEL")]
    pairs.append(("CARD_INK on CARD_FACE", style.CARD_INK, style.CARD_FACE))
    for suit, info in style.SUITS.items():
        ink = style.mix(info["colour"], (0, 0, 0), style.RANK_INK)
        pairs.append((f"{suit} rank on a card", ink, style.CARD_FACE))
    for where, text, bg in theme_pairs(style.scaled_theme(1.0)):
        pairs.append((where, rgb(text), rgb(bg)))
    return pairs


def test_high_contrast_text_is_seven_to_one_everywhere():
    low = [(w, round(contrast(t, b), 2)) for w, t, b in high_contrast_pairs()
           if contrast(t, b) < 7]
    assert low == []
    assert len(high_contrast_pairs()) > 60


def test_the_default_theme_is_not_high_contrast():
    """The check above has teeth: the default look has quieter text than 7:1."""
    palette.apply("default")
    theme = style.scaled_theme(1.0)
    assert any(contrast(rgb(t), rgb(b)) < 7 for _, t, b in theme_pairs(theme))


def test_palette_choice_applies_at_once_and_survives_a_restart(shadows_home):
    app = make_app(size=(1024, 640))
    try:
        step(app, 2)
        from game.ui import navigation

        navigation.push(app, "access")
        step(app, 2)
        click(app, "#palette_high_contrast")
        click(app, "#text_size_150")
        assert style.TEXT == (255, 255, 255) and style.TEXT_SCALE == 1.5
        app.draw()
        corner = app.screen.get_at((2, 2))[:3]
        assert max(corner) <= 10          # the backdrop went black at once
    finally:
        app.quit()
    palette.apply("default", 100)
    again = make_app(size=(1024, 640))
    try:
        assert (again.settings.palette, again.settings.text_size) == ("high_contrast", 150)
        assert palette.current() == ("high_contrast", 150)
    finally:
        again.quit()


def test_damaged_colour_settings_are_repaired_and_the_original_kept(shadows_home):
    import json

    from game.storage.settings import Settings, load_settings, save_settings, settings_path

    save_settings(Settings())
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    data["data"]["palette"] = "sepia"
    data["data"]["text_size"] = 175
    data["data"]["reduce_motion"] = "yes"
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    s, notice = load_settings()
    assert (s.palette, s.text_size, s.reduce_motion) == ("default", 100, False)
    assert notice and "palette" in notice and "text_size" in notice
    kept = [p for p in settings_path().parent.iterdir() if p.name != "settings.json"
            and p.name.startswith("settings")]
    assert kept and "sepia" in kept[0].read_text(encoding="utf-8")


def test_hunters_seat_names_follow_the_palette():
    """Hunters' seats are named after their pieces' colours: never "Red" for a gold piece."""
    from game.ui.scenes.setup import default_names

    palette.apply("default")
    assert default_names("hunters")[:4] == ("Red", "Blue", "Yellow", "Green")
    palette.apply("red_green")
    names = default_names("hunters")
    assert names[:4] == ("Gold", "Violet", "Ice", "Brown") and len(set(names)) == 8
    assert len(names) == len(style.PLAYER_COLOURS)


@pytest.mark.parametrize("game", ["chasing", "harsh", "hunters"])
def test_a_palette_chosen_during_a_game_repaints_its_table(shadows_home, game):
    """Pause → Settings → Colours, text, motion… → High contrast, back to the table: the
    table's kept pictures (backdrop, board) are made again in the new colours."""
    from game.session import SeatConfig
    from game.ui import navigation
    from game.ui.opening import start_game

    app = make_app(size=(1280, 720))
    app.settings.animation_speed = "off"
    try:
        n = {"chasing": 3, "harsh": 1, "hunters": 4}[game]
        seats = [SeatConfig("Ann", "human")] + [SeatConfig(x, "computer", "easy")
                                                for x in ("Bo", "Cy", "Di")[:n - 1]]
        table = start_game(app, game, seats, 21, {})
        for _ in range(30):
            step(app, 5)
            if app.top is not table and hasattr(app.top, "done"):
                app.top.done()             # Hunters: the character card is read
        assert app.top is table
        app.draw()
        corner = app.screen.get_at((3, app.screen.get_height() - 3))[:3]
        navigation.push(app, "pause", table)
        navigation.push(app, "settings")
        step(app, 2)
        click(app, "#access")
        click(app, "#palette_high_contrast")
        while app.top is not table:
            app.pop()
        step(app, 3)
        app.draw()
        after = app.screen.get_at((3, app.screen.get_height() - 3))[:3]
        assert max(after) <= 12 < max(corner), (corner, after)
    finally:
        app.quit()


def texts_and_grounds(app, monkeypatch) -> list:
    """(words, their colour, the mean colour under them just before they were drawn) of
    every line the screen draws with draw.blit_text onto the window or a window-sized picture."""
    found = []
    original = draw.blit_text

    def spy(surface, s, size, pos, colour=None, bold=False, anchor="topleft"):
        # the window, or a window-sized picture that is copied onto it whole (Shadow
        # Hunters' still layer, a screen drawn ahead): its words are the window's words
        if surface.get_size() == app.screen.get_size() and s.strip():
            img = draw.text(s, size, colour, bold)
            rect = img.get_rect(**{anchor: pos}).clip(surface.get_rect())
            if rect.w and rect.h:
                under = pygame.transform.average_color(surface, rect)[:3]
                found.append((s, tuple((colour or style.TEXT)[:3]), under))
        return original(surface, s, size, pos, colour, bold, anchor)

    monkeypatch.setattr(draw, "blit_text", spy)
    return found


@pytest.mark.parametrize("game", ["chasing", "harsh", "hunters"])
def test_drawn_text_at_each_table_reads_seven_to_one_in_high_contrast(shadows_home, monkeypatch,
                                                                       game):
    from game.session import SeatConfig
    from game.ui.opening import start_game

    def low_pairs(name: str) -> list:
        app.settings.palette = name
        app.restyle()
        step(app, 2)
        found.clear()
        draw.clear_caches()      # every text drawn afresh, the kept pictures too (Hunters' layer)
        app.draw()
        assert len(found) > 20
        return [(s, round(contrast(c, b), 1)) for s, c, b in found if contrast(c, b) < 7]

    app = make_app(size=(1280, 720))
    app.settings.animation_speed = "off"
    try:
        n = {"chasing": 4, "harsh": 1, "hunters": 5}[game]
        seats = [SeatConfig("Ann", "human")] + [SeatConfig(x, "computer", "easy")
                                                for x in ("Bo", "Cy", "Di", "Ed")[:n - 1]]
        table = start_game(app, game, seats, 21, {})
        for _ in range(20):
            step(app, 5)
            if app.top is not table and hasattr(app.top, "done"):
                app.top.done()
        found = texts_and_grounds(app, monkeypatch)
        assert low_pairs("default")              # the default look has quieter words
        assert low_pairs("high_contrast") == []
    finally:
        app.quit()


@pytest.mark.parametrize("game", ["chasing", "hunters"])
def test_drawn_text_in_the_review_reads_seven_to_one_in_high_contrast(shadows_home, monkeypatch,
                                                                       game):
    import tiny_game  # noqa: F401  (the history screen lists every registered game)
    from test_ui_review import GAMES, open_from_history

    from game.review.sample import play_record

    records = {g: play_record(g, n, seed) for g, n, seed in GAMES}
    app = make_app(size=(1280, 720))
    app.settings.animation_speed = "off"
    app.settings.palette = "high_contrast"
    app.restyle()
    try:
        step(app, 2)
        open_from_history(app, records, game)
        for _ in range(25):
            key(app, pygame.K_RIGHT)
        step(app, 5)
        found = texts_and_grounds(app, monkeypatch)
        app.draw()
        assert len(found) > 20
        assert [(s, round(contrast(c, b), 1)) for s, c, b in found if contrast(c, b) < 7] == []
    finally:
        app.quit()


@pytest.mark.parametrize("name", palette.PALETTES)
def test_the_memory_aids_ranks_read_on_lit_and_dimmed_chips(name):
    """The 'played in earlier tricks' chips: an unplayed (dimmed) light suit's chip once had
    dark ink on a darkened ground (about 2:1, in high contrast too), and a lit blue or red
    chip's white rank was 4.2:1 in high contrast. Measured on the drawn chip: its ground
    inside a corner, its ink the pixel that stands out most from that ground. A lit chip in
    the other palettes is held to 4:1 (bold ranks; the card colours are the palette's)."""
    from game.ui.chasing import look

    pygame.init()
    palette.apply(name)
    for suit in style.SUITS:
        for dim in (False, True):
            need = 7.0 if name == "high_contrast" else (4.5 if dim else 4.0)
            surf = look.chip(8, suit, (20, 26), dim=dim)
            ground = surf.get_at((10, 3))[:3]
            pixels = [surf.get_at((x, y))[:3] for x in range(4, 16) for y in range(6, 22)]
            ink = max(pixels, key=lambda c: contrast(c, ground))
            assert contrast(ink, ground) >= need, (name, suit, dim, ink, ground)
