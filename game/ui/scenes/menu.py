"""The main menu: a tile per game in the catalogue; Continue (naming the game it resumes),
Saved games and History; then Open game file, Statistics, Settings, Rules, Learn to play,
Quit."""

from __future__ import annotations

import pygame

from game.catalog import GameSpec, all_games
from game.i18n import N_, _, n_
from game.storage import saves
from game.ui import draw, navigation, style
from game.ui.scene import Scene

TAGLINE = N_("Three games of hidden things, one table.")
# A tile's face and edge by state: the theme's button colours (assets/theme.json defaults).
TILE_COLOURS = {
    "normal": ((0x23, 0x27, 0x33), (0x3d, 0x44, 0x55)),
    "hovered": ((0x2f, 0x35, 0x45), (0xd4, 0xa8, 0x4a)),
    "selected": ((0x4a, 0x3d, 0x22), (0xd4, 0xa8, 0x4a)),
    "active": ((0x5a, 0x4a, 0x28), (0xf0, 0xc8, 0x70)),
}


def players_text(spec: GameSpec) -> str:
    if spec.min_players == spec.max_players == 1:
        return _("Solo")
    if spec.min_players == spec.max_players:
        return n_("{n} player", "{n} players", spec.min_players)
    return _("{low}–{high} players", low=spec.min_players, high=spec.max_players)


def emblem(game_id: str, size: int) -> pygame.Surface:
    """A small picture for a game's tile, drawn from the toolkit."""
    if game_id == "chasing":
        return draw.row_of([draw.suit_symbol(s, size) for s in style.SUITS], gap=size // 5)
    if game_id == "harsh":
        return draw.row_of([draw.spy_token(int(size * 1.2)), draw.agent_token(int(size * 1.2))],
                           gap=size // 3)
    if game_id == "hunters":
        return draw.row_of([draw.faction_symbol(f, size) for f in style.FACTIONS], gap=size // 4)
    return draw.row_of([draw.card_back((int(size * 0.75), size)),
                        draw.die_face(5, 6, size)], gap=size // 4)


def hold_state_drawing(buttons) -> list:
    """Take the states pygame-gui would pre-draw for ``buttons`` (hovered, selected,
    pressed: one a frame each) out of their queues: the first frame shows none of them.
    Each queue is handed back with ``release_state_drawing``; a state needed sooner (the
    pointer already over a button) is drawn when it is asked for, as pygame-gui does."""
    held = []
    for button in buttons:
        shape = getattr(button, "drawable_shape", None)
        queue = getattr(shape, "states_to_redraw_queue", None)
        if queue:
            held.append((shape, list(queue)))
            queue.clear()
    return held


def release_state_drawing(held: list) -> None:
    for shape, states in held:
        queue = shape.states_to_redraw_queue
        queue.extend(s for s in states if s not in queue and not shape.states[s].generated)


class MenuScene(Scene):
    keep_look_when_covered = True
    needs_full_theme = False
    _held_states: list = []   # the buttons' other states, drawn once the menu is on screen
    _shown = False
    _tiles_to_grow = False
    hotkeys: list = []
    # Beside Continue and Saved games: (label, method name, object id).
    BESIDE_SAVES = [(N_("History"), "open_history", "#history")]
    # The second row of buttons. Add a screen here (and its key to KEYS).
    SECONDARY = [(N_("Open game file"), "open_game_file", "#open_file"),
                 (N_("Statistics"), "open_stats", "#statistics"),
                 (N_("Settings"), "open_settings", "#settings"),
                 (N_("Rules"), "open_rules", "#rules"),
                 (N_("Learn to play"), "open_learn", "#learn"),
                 (N_("Quit"), "quit", "#quit")]
    # Each entry's own key, drawn on its button, the same with or without saved games (a
    # disabled entry keeps its key and ignores it). The games are 1, 2, 3… in the
    # catalogue's order. Quit has none: leaving is a click, not a stray key.
    KEYS = {"#continue": "C", "#saved_games": "G", "#history": "H", "#open_file": "O",
            "#statistics": "T", "#settings": "S", "#rules": "R", "#learn": "L"}

    def build(self, m: style.Metrics) -> None:
        self.games = all_games()
        self.tiles: list[tuple[pygame.Rect, GameSpec]] = []
        self.tile_buttons: list = []
        self.hotkeys: list[tuple] = []     # (key, button, action), see KEYS
        n = max(1, len(self.games))
        cols = min(n, 3)
        rows = (n + cols - 1) // cols
        header = max(m.px(170), self.tagline_y(m) + m.px(56))
        gap = m.px(20)
        tile_w = min(m.px(360), (m.width - 2 * m.margin - gap * (cols - 1)) // cols)
        # large text: the buttons below the tiles hold two lines (game.ui.words)
        self.wrap = style.TEXT_SCALE > 1
        bh = self.bh = m.lines_h(2) if self.wrap else m.button_h
        bottom_reserved = 2 * bh + m.gap + m.px(56)
        space = m.height - header - bottom_reserved
        tile_h = min(m.px(240), (space - gap * (rows - 1)) // rows)
        top = header + (space - rows * tile_h - (rows - 1) * gap) // 2
        total_w = cols * tile_w + (cols - 1) * gap
        x0 = (m.width - total_w) // 2
        # Before the app's first frame the tiles' see-through buttons start as a point at
        # their corner (the number badge's place) and take the whole tile once the frame is
        # shown: pygame-gui's surfaces for a tile-sized button show nothing and cost start-up.
        self._tiles_to_grow = self.app.frames == 0
        for i, spec in enumerate(self.games):
            r, c = divmod(i, cols)
            rect = pygame.Rect(x0 + c * (tile_w + gap), top + r * (tile_h + gap), tile_w, tile_h)
            where = pygame.Rect(rect.topleft, (1, 1)) if self._tiles_to_grow else rect
            button = self.button(where, "", lambda s=spec: self.open_setup(s), cls="@tile",
                                 object_id=f"#tile_{spec.id}", badge=False)
            self.hotkeys.append((str(i + 1), button, lambda s=spec: self.open_setup(s)))
            self.tiles.append((rect, spec))
            self.tile_buttons.append(button)

        self.saves = saves.list_saves()
        self.resume = next((i for i in self.saves if not i.finished and i.problem is None), None)
        y2 = m.height - bh - m.px(28)
        y1 = y2 - bh - m.gap
        sw, hw = m.px(200), m.px(170)
        extra = len(self.BESIDE_SAVES) * (hw + m.gap)
        cw = min(m.px(520), m.width - 2 * m.margin - sw - m.gap - extra)
        x = (m.width - cw - m.gap - sw - extra) // 2
        text = _("Continue")
        if self.resume is not None:
            # Translators: {game} is e.g. "Shadow Hunters, turn 11, 4 players"
            text = draw.ellipsize(_("Continue: {game}", game=self.resume.describe()),
                                  m.px(style.FONT_BODY),
                                  cw - m.px(24))
        # "@off": a button made disabled is drawn in its disabled colours from the start, so
        # pygame-gui draws its face once (the disabled state finds it in the shape cache).
        self.entry((x, y1, cw, bh), text, self.continue_game,
                   enabled=self.resume is not None, object_id="#continue",
                   cls="@primary" if self.resume is not None else "@off")
        label = (_("Saved games ({count})", count=len(self.saves)) if self.saves
                 else _("Saved games"))
        self.entry((x + cw + m.gap, y1, sw, bh), label, self.open_saves,
                   enabled=bool(self.saves), object_id="#saved_games",
                   cls=None if self.saves else "@off")
        hx = x + cw + m.gap + sw + m.gap
        for text, method, oid in self.BESIDE_SAVES:
            self.entry((hx, y1, hw, bh), _(text), getattr(self, method), object_id=oid)
            hx += hw + m.gap
        items = self.SECONDARY
        bw = min(m.px(170), (m.width - 2 * m.margin - (len(items) - 1) * m.gap) // len(items))
        x = (m.width - len(items) * bw - (len(items) - 1) * m.gap) // 2
        for text, method, oid in items:
            self.entry((x, y2, bw, bh), _(text), getattr(self, method), object_id=oid)
            x += bw + m.gap
        self._held_states = hold_state_drawing(self.root.elements)
        self._shown = False

    def entry(self, rect, text: str, action, *, object_id: str, enabled: bool = True,
              cls: str | None = None) -> None:
        """A menu button; with a key of its own (KEYS) it answers that key, shown on it."""
        button = self.button(rect, text, action, enabled=enabled, object_id=object_id,
                             cls=cls, badge=False,
                             wrap=getattr(self, "wrap", False) and object_id != "#continue")
        if object_id in self.KEYS:
            self.hotkeys.append((self.KEYS[object_id], button, action))

    # --- keys ---------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event) -> bool:
        pressed = key_name(event)
        for name, button, action in self.hotkeys:
            if name == pressed:
                if button.is_enabled:
                    self.app.sound.play("click")
                    action()
                return True     # a disabled entry's key does nothing, never another's
        if pressed:
            return True        # a key no entry has: not the n-th button of the moment
        return super().handle_key(event)

    def _draw_badges(self, surface: pygame.Surface) -> None:
        m = self.metrics
        size = m.px(12)
        for name, button, _action in self.hotkeys:
            if not button.visible:
                continue
            r = button.rect
            colour = style.TEXT_DIM if button.is_enabled else style.PANEL_EDGE
            if button.is_enabled and "@primary" in button.get_class_ids():
                colour = style.TEXT        # on the lit button
            draw.blit_text(surface, name, size, (r.x + m.px(6), r.y + m.px(3)), colour, True)
        super()._draw_badges(surface)

    # --- actions ------------------------------------------------------------------------
    def open_setup(self, spec: GameSpec) -> None:
        from game.ui.scenes.learn import offer_first_time

        def setup() -> None:
            navigation.push(self.app, "setup", spec)

        if not offer_first_time(self.app, spec, setup):
            setup()

    def open_learn(self) -> None:
        navigation.push(self.app, "learn")

    def continue_game(self) -> None:
        from game.ui.opening import open_saved_game

        open_saved_game(self.app, self.resume.path if self.resume is not None else None)

    def open_saves(self) -> None:
        navigation.push(self.app, "saves")

    def quit(self) -> None:
        self.app.quit()

    def open_history(self) -> None:
        navigation.push(self.app, "history")

    def open_game_file(self) -> None:
        navigation.push(self.app, "open_file")

    def open_stats(self) -> None:
        navigation.push(self.app, "stats")

    def open_settings(self) -> None:
        navigation.push(self.app, "settings")

    def open_rules(self) -> None:
        navigation.push(self.app, "rules")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._shown and self._tiles_to_grow:
            self._tiles_to_grow = False
            for (rect, _spec), button in zip(self.tiles, self.tile_buttons):
                button.set_dimensions(rect.size)
        if self._shown and self._held_states:
            release_state_drawing(self._held_states)
            self._held_states = []

    def on_escape(self) -> None:
        pass  # the menu is the bottom of the stack: Quit is a button, not a stray key

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        cx = m.width // 2
        draw.blit_text(surface, _("Shadows Tabletop"), m.px(style.FONT_TITLE + 8), (cx, m.px(64)),
                       style.ACCENT_BRIGHT, True, "center")
        y = self.tagline_y(m)
        draw.blit_text(surface, _(TAGLINE), m.px(style.FONT_BODY), (cx, y), style.TEXT_MUTED,
                       False, "center")
        pygame.draw.line(surface, style.PANEL_EDGE, (cx - m.px(160), y + m.px(28)),
                         (cx + m.px(160), y + m.px(28)), 1)
        self.draw_tiles(surface)

    @staticmethod
    def tagline_y(m: style.Metrics) -> int:
        """The tagline's middle: under the title, however large the text."""
        title = draw.font(m.px(style.FONT_TITLE + 8), True).get_linesize()
        line = draw.font(m.px(style.FONT_BODY)).get_linesize()
        return max(m.px(114), m.px(64) + (title + line) // 2)

    def draw_tiles(self, surface: pygame.Surface) -> None:
        """The tiles' faces. Their buttons are see-through rectangles (a rounded pygame-gui
        button this big costs more to make than the rest of the menu's first frame): the
        rounded face is drawn here, in the button's colours for its state."""
        m = self.metrics
        for (rect, _spec), button in zip(self.tiles, getattr(self, "tile_buttons", ())):
            state = "normal"
            if button.held:
                state = "active"
            elif button.is_selected:
                state = "selected"
            elif button.hovered:
                state = "hovered"
            bg, edge = TILE_COLOURS[state]
            draw.rounded_rect(surface, rect, bg, m.px(10), edge, max(1, m.px(1)))

    def draw_over(self, surface: pygame.Surface) -> None:
        m = self.metrics
        title_h = max(m.px(34), draw.font(m.px(24), True).get_linesize())
        players_h = max(m.px(26), draw.font(m.px(16), True).get_linesize())
        step = max(m.px(22), draw.font(m.px(16)).get_linesize())
        for rect, spec in self.tiles:
            pad = m.px(18)
            band = m.px(48)
            inner = rect.width - 2 * pad
            # steps of a line of the text's own size; large text: the title may take two
            # lines, and the emblems give way when the words need their room
            title = draw.wrap(_(spec.title), m.px(24), inner, True)[:2]
            y = rect.y + pad + band + m.px(12)
            if y + len(title) * title_h + players_h > rect.bottom:
                y = rect.y + pad + m.px(10)
            else:
                art = emblem(spec.id, m.px(40))
                surface.blit(art, art.get_rect(midleft=(rect.x + pad, rect.y + pad + band // 2)))
            for line in title:
                draw.blit_text(surface, line, m.px(24), (rect.x + pad, y), style.TEXT, True)
                y += title_h
            if y + players_h <= rect.bottom:
                draw.blit_text(surface, draw.ellipsize(players_text(spec), m.px(16), inner, True),
                               m.px(16), (rect.x + pad, y), style.ACCENT, True)
            y += players_h
            for line in draw.wrap(_(spec.pitch), m.px(16), inner)[:3]:
                if y + step > rect.bottom - m.px(6):
                    break
                draw.blit_text(surface, line, m.px(16), (rect.x + pad, y), style.TEXT_MUTED)
                y += step
        super().draw_over(surface)
        self._shown = True


def key_name(event: pygame.event.Event) -> str:
    """The digit or capital letter a key press stands for ("" for any other key); the
    number pad's digits too."""
    from game.ui.scene import DIGIT_KEYS

    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return ""
    if event.key in DIGIT_KEYS:
        return str(DIGIT_KEYS[event.key])
    if pygame.K_a <= event.key <= pygame.K_z:
        return chr(event.key).upper()
    return ""
