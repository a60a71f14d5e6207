"""Setting up a game: player count, each seat (name, Human / Computer and level), the
game's options, an optional seed. The last setup per game is remembered in Settings."""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.catalog import GameSpec
from game.i18n import N_, _, n_
from game.session import SeatConfig
from game.ui import draw, style
from game.ui.scene import Scene

HINT_GAMES = ("chasing", "hunters")    # game.advice at the table (Harsh has its own hint)
DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")
# Shadow Hunters has characters called Bob, Allie, David…: a seat called "Bob" next to the
# character Bob is confusing, so its seats default to the colour of their piece.
GAME_NAMES = {"hunters": (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"), N_("Purple"),
                         N_("Orange"), N_("Teal"), N_("White"))}


def default_names(game_id: str | None = None) -> tuple[str, ...]:
    """Names are the player's to keep: the colours are given in the language of the day."""
    names = GAME_NAMES.get(game_id or "")
    if names:
        from game.ui import palette

        names = palette.seat_names()    # the colours of the pieces in the chosen palette
    return tuple(_(n) for n in names) if names else DEFAULT_NAMES

LEVELS = ("easy", "normal", "hard")
DEVICES = (("screen", N_("This screen"), N_("Plays here: the screen is handed over for private choices")),
           ("phone", N_("Phone"), N_("Plays on their own phone: scan a code on the next screen")))
KINDS = (("human", N_("Human")), ("computer", N_("Computer")))
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
MAX_NAME = 16
SEED_DIGITS = 9


def parse_seed(text: str) -> int | None:
    """The seed the field holds, or None: the same rule as the field itself (ASCII digits
    only, at most SEED_DIGITS). "²" is a digit to str.isdigit but not a number to int."""
    text = text.strip()
    if text and len(text) <= SEED_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return None


def default_setup(spec: GameSpec) -> dict:
    n = spec.min_players if spec.min_players == spec.max_players else min(
        spec.max_players, max(spec.min_players, 4))
    names = default_names(spec.id)
    seats = [{"name": names[i % len(names)],
              "kind": "human" if i == 0 or spec.bot_factory is None else "computer",
              "level": "normal", "device": "screen", "hints": False}
             for i in range(spec.max_players)]
    return {"players": n, "seats": seats,
            "options": {o.key: o.default for o in spec.options}, "seed": ""}


def merged_setup(spec: GameSpec, saved: dict | None) -> dict:
    """The remembered setup, repaired against what the game offers now."""
    setup = default_setup(spec)
    if not isinstance(saved, dict):
        return setup
    try:
        n = int(saved.get("players", setup["players"]))
        if spec.min_players <= n <= spec.max_players:
            setup["players"] = n
        for i, seat in enumerate(list(saved.get("seats", []))[:spec.max_players]):
            name = str(seat.get("name", "")).strip()[:MAX_NAME]
            kind = seat.get("kind") if seat.get("kind") in ("human", "computer") else "human"
            if spec.bot_factory is None:
                kind = "human"
            level = seat.get("level") if seat.get("level") in LEVELS else "normal"
            device = "phone" if seat.get("device") == "phone" and spec.max_players > 1 else "screen"
            setup["seats"][i] = {"name": name or setup["seats"][i]["name"], "kind": kind,
                                 "level": level, "device": device,
                                 "hints": seat.get("hints") is True}
        for opt in spec.options:
            value = str(saved.get("options", {}).get(opt.key, opt.default))
            setup["options"][opt.key] = value if value in opt.choices else opt.default
        # The seed is not carried over: a setup that kept the last one would silently deal
        # the same cards again. A new setup deals afresh unless a seed is typed into it.
    except (TypeError, ValueError, AttributeError, OverflowError):
        return default_setup(spec)
    return setup


def seat_configs(setup: dict, game_id: str | None = None) -> list[SeatConfig]:
    """The chosen seats with blank names filled in and duplicate names told apart."""
    out, seen = [], {}
    names = default_names(game_id)
    for i, seat in enumerate(setup["seats"][:setup["players"]]):
        name = seat["name"].strip()[:MAX_NAME] or names[i % len(names)]
        if name in seen:
            seen[name] += 1
            name = f"{name} {seen[name]}"
        else:
            seen[name] = 1
        device = "phone" if seat.get("device") == "phone" and seat["kind"] == "human" else "screen"
        hints = seat["kind"] == "human" and device == "screen" and seat.get("hints") is True
        out.append(SeatConfig(name, seat["kind"], seat["level"], device, hints))
    return out


class SetupScene(Scene):
    keep_look_when_covered = True
    page = "players"     # large text: the players and the options are a page each

    def __init__(self, app, spec: GameSpec) -> None:
        super().__init__(app)
        self.spec = spec
        self.setup = merged_setup(spec, app.settings.last_setup.get(spec.id))
        self.entries: dict = {}
        self.dropdowns: dict = {}
        from game.ui.opening import prepare

        prepare(spec.id, app)    # the game's code loads while its setup is read, not at Start

    # --- layout ----------------------------------------------------------------------------
    def build(self, m: style.Metrics) -> None:
        spec, setup = self.spec, self.setup
        self.entries, self.dropdowns = {}, {}
        self.option_labels, self.seat_rows, self.seed_pos = [], [], None
        # the heading and the pitch take the lines their text size needs
        self.title_h = draw.font(m.px(style.FONT_TITLE - 8), True).get_linesize()
        self.pitch_y = max(m.px(80), m.px(28) + self.title_h)
        top = max(m.px(118), self.pitch_y + draw.font(m.px(style.FONT_BODY)).get_linesize() + m.px(8))
        self.head_h = max(m.px(48), m.px(18) + draw.font(m.px(style.FONT_HEADING - 4), True).get_linesize())
        bottom = m.height - m.button_h - m.px(36)
        full = m.width - 2 * m.margin
        self.paged = style.TEXT_SCALE > 1
        if self.paged:
            # large text: the seats' rows need the whole width; the options are a page of
            # their own ("Options ›" beside Back)
            self.left = pygame.Rect(m.margin, top, full, bottom - top)
            self.right = pygame.Rect(self.left)
            bw = m.px(190)
            self.button((m.width // 2 - 2 * bw - 2 * m.gap, m.height - m.button_h - m.px(20), bw,
                         m.button_h), _("Options ›") if self.page == "players" else _("‹ Players"),
                        self.turn_page, object_id="#setup_page", choice=False)
            if self.page == "options":
                self.build_options(m)
                self.build_buttons(m)
                return
        elif spec.max_players <= 2:
            # Few seats: players on top, the options get the whole width below.
            players_h = (m.px(48) + (m.row_h + m.px(14) if spec.min_players < spec.max_players else 0)
                         + spec.max_players * (m.row_h + m.px(8)) + m.px(44))
            self.left = pygame.Rect(m.margin, top, full, players_h)
            self.right = pygame.Rect(m.margin, self.left.bottom + m.px(14), full,
                                     bottom - self.left.bottom - m.px(14))
        else:
            left_w = int(full * 0.62)
            self.left = pygame.Rect(m.margin, top, left_w, bottom - top)
            self.right = pygame.Rect(self.left.right + m.px(18), top, full - left_w - m.px(18),
                                     bottom - top)
        x, y = self.left.x + m.pad, self.left.y + self.head_h
        self.count_y = y
        if spec.min_players < spec.max_players:
            bw = max(m.px(50), m.row_h)
            cx = self.left.x + m.pad + max(m.px(110), draw.font(m.px(style.FONT_SMALL)).size(
                _("How many"))[0] + m.px(14))
            for n in range(spec.min_players, spec.max_players + 1):
                self.button((cx, y, bw, m.row_h), str(n), lambda n=n: self.set_players(n),
                            cls="@toggle_on" if n == setup["players"] else None,
                            object_id=f"#players_{n}", choice=False)
                cx += bw + m.px(6)
            y += m.row_h + m.px(14)
        inner_w = self.left.width - 2 * m.pad
        token_w = m.row_h + m.px(8)
        gap = m.px(6)
        name_w = int(inner_w * 0.27)
        kind_w = int((inner_w - token_w - name_w) * 0.48 / 2) - gap
        level_w = int((inner_w - token_w - name_w) * 0.52 / 3) - gap
        self.seat_rows = []
        row_step = min(m.row_h + m.px(8), (self.left.bottom - y - m.pad) // max(1, setup["players"]))
        row_h = min(m.row_h, row_step - m.px(4))
        for i in range(setup["players"]):
            seat = setup["seats"][i]
            self.seat_rows.append((i, pygame.Rect(x, y, inner_w, row_h)))
            sx = x + token_w
            entry = UITextEntryLine(pygame.Rect(sx, y, name_w, row_h), self.manager,
                                    container=self.root, object_id=f"#name_{i}",
                                    initial_text=seat["name"])
            entry.set_text_length_limit(MAX_NAME)
            self.ring.add(entry)
            self.entries[entry] = i
            sx += name_w + gap * 2
            for kind, text in KINDS:
                enabled = kind == "human" or spec.bot_factory is not None
                self.button((sx, y, kind_w, row_h), _(text),
                            lambda i=i, k=kind: self.set_seat(i, "kind", k),
                            cls="@compact_on" if seat["kind"] == kind else "@compact",
                            enabled=enabled,
                            object_id=f"#kind_{i}_{kind}", choice=False,
                            tooltip=None if enabled else _("{game} has no computer players yet",
                                                           game=_(spec.title)))
                sx += kind_w + gap
            sx += gap
            if seat["kind"] == "human" and self.phones_offered():
                # a person plays at this screen or on their own phone, with hints or not
                hinted = spec.id in HINT_GAMES
                widths = share_by_words([_(t) for _d, t, _tip in DEVICES]
                                        + ([_("Hints")] if hinted else []),
                                        3 * level_w + 2 * gap, gap, m)
                for (device, text, tip), dev_w in zip(DEVICES, widths):
                    self.button((sx, y, dev_w, row_h), _(text),
                                lambda i=i, d=device: self.set_seat(i, "device", d),
                                cls="@compact_on" if seat.get("device", "screen") == device
                                else "@compact", object_id=f"#device_{i}_{device}",
                                choice=False, tooltip=_(tip))
                    sx += dev_w + gap
                if hinted:
                    here = seat.get("device", "screen") == "screen"
                    on = here and seat.get("hints") is True
                    self.button((sx, y, widths[-1], row_h), _("Hints"),
                                lambda i=i, v=not on: self.set_seat(i, "hints", v),
                                cls="@compact_on" if on else "@compact", enabled=here,
                                object_id=f"#hints_{i}", choice=False,
                                tooltip=_("This person may ask for a hint (H) at the table"))
                y += row_step
                continue
            for level in LEVELS:
                on = seat["kind"] == "computer" and seat["level"] == level
                self.button((sx, y, level_w, row_h), _(LEVEL_NAMES[level]),
                            lambda i=i, lv=level: self.set_seat(i, "level", lv),
                            cls="@compact_on" if on else "@compact",
                            enabled=seat["kind"] == "computer",
                            object_id=f"#level_{i}_{level}", choice=False)
                sx += level_w + gap
            y += row_step

        if not self.paged:
            self.build_options(m)
        self.build_buttons(m)

    def turn_page(self) -> None:
        self.page = "options" if self.page == "players" else "players"
        self.rebuild()

    def build_buttons(self, m: style.Metrics) -> None:
        bw = m.px(170)
        by = m.height - m.button_h - m.px(20)
        self.button((m.width // 2 - bw - m.gap, by, bw, m.button_h), _("Back"), self.app.pop,
                    object_id="#back")
        self.button((m.width // 2 + m.gap, by, bw, m.button_h), _("Start"), self.start,
                    cls="@primary", object_id="#start")

    def build_options(self, m: style.Metrics) -> None:
        """The game's options and the seed field, in as many columns as they need."""
        spec, setup = self.spec, self.setup
        x0, y0 = self.right.x + m.pad, self.right.y + self.head_h
        if not spec.options:
            y0 += m.px(40)  # room for the "no options" line
        width = self.right.width - 2 * m.pad
        height = self.right.bottom - m.pad - y0
        count = len(spec.options) + 1  # + the seed
        label_h = self.label_h = max(m.px(24), draw.font(m.px(style.FONT_SMALL), True).get_linesize())
        note_h = max(m.px(20), draw.font(m.px(13)).get_linesize())
        full_h = label_h + m.row_h + note_h + m.px(12)
        compact_h = label_h + m.row_h + m.px(12)
        col_gap = m.px(24)
        self.show_help = True
        cols, item_h = 4, compact_h
        for help_shown, h, c in ((True, full_h, 1), (True, full_h, 2), (True, full_h, 3),
                                 (False, compact_h, 2), (False, compact_h, 3), (False, compact_h, 4)):
            col_w = (width - col_gap * (c - 1)) // c
            if c > 1 and col_w < m.px(200):
                continue
            if -(-count // c) * h <= height:
                self.show_help, cols, item_h = help_shown, c, h
                break
        col_w = (width - col_gap * (cols - 1)) // cols
        per_col = -(-count // cols)
        self.option_labels = []
        slots = []
        for i in range(count):
            c, r = divmod(i, per_col)
            slots.append((x0 + c * (col_w + col_gap), y0 + r * item_h))
        for opt, (x, y) in zip(spec.options, slots):
            self.option_labels.append((opt, x, y, col_w))
            labels = [(choice_label(c), c) for c in opt.choices]
            current = setup["options"].get(opt.key, opt.default)
            if not self.option_applies(opt):
                current = opt.default
            dd = UIDropDownMenu(labels, (choice_label(current), current),
                                pygame.Rect(x, y + label_h, col_w, m.row_h), self.manager,
                                container=self.root,
                                object_id=ObjectID(class_id="@dd_up" if y > m.height * 0.55 else None,
                                                   object_id=f"#option_{opt.key}"),
                                expansion_height_limit=m.px(220))
            if not self.option_applies(opt):
                dd.disable()    # the reason is drawn under it
            self.ring.add(dd)
            self.dropdowns[dd] = opt.key
        sx, sy = slots[-1]
        self.seed_pos = (sx, sy, col_w)
        self.seed_entry = UITextEntryLine(pygame.Rect(sx, sy + label_h, col_w, m.row_h), self.manager,
                                          container=self.root, object_id="#seed",
                                          placeholder_text=_("(empty: a random deal)"),
                                          initial_text=setup["seed"])
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        self.ring.add(self.seed_entry)

    def option_applies(self, opt) -> bool:
        return self.setup["players"] >= opt.min_players

    def option_note(self, opt) -> str:
        """The help under an option, or why it is disabled."""
        if not self.option_applies(opt):
            return n_("Needs {n} or more players", "Needs {n} or more players", opt.min_players)
        return _(opt.help) if opt.help else ""

    def chosen_options(self) -> dict:
        """The options as chosen; one that cannot apply at this player count is its default."""
        return {o.key: (self.setup["options"].get(o.key, o.default) if self.option_applies(o)
                        else o.default) for o in self.spec.options}

    def phones_offered(self) -> bool:
        """Phones are for games several people play (a solo game has no one to hide from)."""
        return self.spec.max_players > 1

    # --- changes ------------------------------------------------------------------------------
    def set_players(self, n: int) -> None:
        self.setup["players"] = n
        self.rebuild()

    def set_seat(self, i: int, key: str, value: str) -> None:
        self.setup["seats"][i][key] = value
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element in self.entries:
                self.setup["seats"][self.entries[event.ui_element]]["name"] = event.text
                return True
            if event.ui_element is getattr(self, "seed_entry", None):
                self.setup["seed"] = event.text
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.dropdowns:
            self.setup["options"][self.dropdowns[event.ui_element]] = event.selected_option_id
            return True
        return super().handle_event(event)

    def default_action(self) -> None:
        self.start()

    # --- start ----------------------------------------------------------------------------------
    def start(self) -> None:
        from game.ui.opening import start_game

        setup = self.setup
        seed = parse_seed(setup["seed"])
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        self.app.settings.last_setup[self.spec.id] = {
            "players": setup["players"], "seats": [dict(s) for s in setup["seats"]],
            "options": dict(setup["options"])}
        self.app.save_settings()
        start_game(self.app, self.spec.id, seat_configs(setup, self.spec.id), seed, self.chosen_options(),
                   replace=True, curtain=True)

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.blit_text(surface, _("New game · {game}", game=_(self.spec.title)),
                       m.px(style.FONT_TITLE - 8),
                       (m.margin, m.px(28)), style.ACCENT_BRIGHT, True)
        from game.ui.table_base import fit

        draw.blit_text(surface, fit(_(self.spec.pitch), m.px(style.FONT_BODY), m.width - 2 * m.margin),
                       m.px(style.FONT_BODY), (m.margin, self.pitch_y), style.TEXT_MUTED)
        if not self.paged or self.page == "players":
            self.draw_players(surface, m)
        if not self.paged or self.page == "options":
            self.draw_options(surface, m)

    def draw_players(self, surface: pygame.Surface, m: style.Metrics) -> None:
        draw.panel(surface, self.left, m.px(style.RADIUS))
        draw.blit_text(surface, _("Players"), m.px(style.FONT_HEADING - 4), (self.left.x + m.pad, self.left.y + m.px(12)),
                       style.TEXT, True)
        if self.spec.min_players < self.spec.max_players:
            draw.blit_text(surface, _("How many"), m.px(style.FONT_SMALL), (self.left.x + m.pad, self.count_y + m.row_h // 2),
                           style.TEXT_MUTED, anchor="midleft")
        elif self.spec.max_players == 1:
            draw.blit_text(surface, _("A solo game"), m.px(style.FONT_SMALL),
                           (self.left.right - m.pad, self.left.y + m.px(20)), style.TEXT_MUTED, anchor="topright")
        if self.seat_rows:
            last = self.seat_rows[-1][1]
            hint = (_("This screen: it asks before showing anyone's private cards. Phone: that "
                      "player's cards and choices are on their own phone (same Wi-Fi).")
                    if len(self.seat_rows) > 1 else "")
            line_h = max(m.px(20), draw.font(m.px(14)).get_linesize())
            room = max(0, (self.left.bottom - m.pad - last.bottom - m.px(18)) // line_h)
            for j, line in enumerate(draw.wrap(hint, m.px(14), self.left.width - 2 * m.pad)[:min(2, room)]
                                     if hint else []):
                draw.blit_text(surface, line, m.px(14), (self.left.x + m.pad, last.bottom + m.px(18) + j * line_h),
                               style.TEXT_DIM)
        for i, rect in self.seat_rows:
            d = rect.height - m.px(4)
            name = self.setup["seats"][i]["name"]
            surface.blit(draw.player_token(i, d, name), (rect.x, rect.y + m.px(2)))

    def draw_options(self, surface: pygame.Surface, m: style.Metrics) -> None:
        from game.ui.table_base import fit

        draw.panel(surface, self.right, m.px(style.RADIUS))
        draw.blit_text(surface, _("Options"), m.px(style.FONT_HEADING - 4), (self.right.x + m.pad, self.right.y + m.px(12)),
                       style.TEXT, True)
        label = m.px(style.FONT_SMALL)
        below = self.label_h + m.row_h + m.px(4)
        for opt, x, y, w in self.option_labels:
            draw.blit_text(surface, fit(_(opt.label), label, w, True), label, (x, y), style.TEXT_MUTED, True)
            note = self.option_note(opt)
            if note and (self.show_help or not self.option_applies(opt)):
                draw.blit_text(surface, fit(note, m.px(13), w), m.px(13), (x, y + below),
                               style.TEXT_DIM if self.option_applies(opt) else style.TEXT_MUTED)
        if self.seed_pos is not None:
            x, y, w = self.seed_pos
            draw.blit_text(surface, fit(_("Seed (optional)"), label, w, True), label, (x, y), style.TEXT_MUTED, True)
            if self.show_help:
                draw.blit_text(surface, fit(_("The same seed deals the same game again."), m.px(13), w), m.px(13),
                               (x, y + below), style.TEXT_DIM)
        x = self.right.x + m.pad
        if not self.spec.options:
            draw.blit_text(surface, _("This game has no options."), m.px(style.FONT_SMALL),
                           (x, self.right.y + self.head_h + m.px(4)), style.TEXT_DIM)


def share_by_words(texts: list[str], total: int, gap: int, m: style.Metrics) -> list[int]:
    """Widths for a row of compact buttons sharing ``total`` px: each as wide as its words
    need, what is left shared out evenly (words differ in length from one language to the
    next: "Phone" is "スマホ", "This screen" is "Ici")."""
    face = draw.font(m.px(16))
    pad = m.px(12)
    need = [face.size(t)[0] + pad for t in texts]
    room = total - gap * (len(texts) - 1)
    spare = max(0, room - sum(need)) // len(texts)
    widths = [n + spare for n in need]
    if sum(widths) > room:          # too long whatever: in proportion to the words
        widths = [max(1, room * n // sum(need)) for n in need]
    return widths


def choice_label(value: str) -> str:
    """How an option's value reads in the drop-down ("on" -> "On"); the value itself stays.
    A number (a seat, a count) reads as it is; a word is looked up in the catalog."""
    if value.isdigit():
        return value
    return _(value[:1].upper() + value[1:])
