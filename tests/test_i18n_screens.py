"""The screens converted to the catalog, in every language: under the pseudo-locale they
draw only marked text; in English, German, French and Japanese every label fits at the
smallest and a large window; and Settings -> Language applies at once, in the middle of
a game, losing nothing of it.

The tour covers the menu and everything it opens: Setup, Settings with its Sounds,
Colours/text/motion and Keys pages, the keys list (F1), Learn to play, saved games (one of
them damaged), history, the review of each game (its round sheet and hint), the analysis,
statistics, rules, the save banner, the hand-off and the phone screens. The tables
themselves and the tutorials have tests of their own (test_i18n_chasing/harsh/hunters)."""

from __future__ import annotations

import inspect
import re

import pygame
import pytest
from advice_worlds import few_worlds
from harsh_ui_driver import hint_budget
from pygame_gui.elements import UIButton, UILabel
from test_ui_chasing_screens import play_until
from ui_helpers import click, elements, find, key, make_app, step, until_worked

from game import i18n
from game.i18n import screens as i18n_screens
from game.match import Match
from game.session import SeatConfig, Session
from game.storage import stats as stats_store
from game.ui import draw, navigation

pytestmark = pytest.mark.animation_speed("off")

NAMES = ("Ann", "Ben", "Cleo", "Dov", "Eve")
MINE = ("game.ui.scenes.", "game.ui.review.", "game.ui.analysis.", "game.ui.sound_settings",
        "game.ui.palette_screen", "game.ui.keys_screen", "game.ui.banner", "game.ui.since")
NOT_MINE = ()
LETTER = re.compile(r"[^\W\d_]")
# What a screen shows in no catalog, and why:
#  - the seats' names of the reviewed games (game.review.sample: names typed at setup)
#  - the languages' names in the Settings row, each written in itself so that a player who
#    cannot read the language in force still finds their own
#  - the file names of saves that cannot be read (the saved-games list names the file)
RECORD_NAMES = ("Ada", "Bram", "Cleo", "Dev", "Edda", "Finn", "Gus", "Hana")
LANGUAGE_NAMES = tuple(i18n.LANGUAGES.values())
FILE_NAMES = ("chasing_damaged.json",)
MARK_OPEN, MARK_CLOSE = i18n.MARK_OPEN, i18n.MARK_CLOSE
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
CUT = re.compile(r"⟦[^⟧]*…$")      # a marked text cut short with an ellipsis


@pytest.fixture
def lang_app(shadows_home, request):
    """The app started in ``request.param``'s language (as --lang does), English after."""
    lang, size = request.param
    i18n_screens.set_override(lang)
    app = make_app(size)
    app.settings.animation_speed = "off"
    step(app, 2)
    yield app
    app.quit()
    i18n_screens.set_override(None)
    i18n.set_language("en")


def seats(n: int):
    return [SeatConfig(NAMES[i], "human" if i == 0 else "computer", "easy") for i in range(n)]


def record_some_statistics() -> None:
    st, _ = stats_store.load_stats()
    st.record("chasing", ["Ann", "Ben", "Cleo"], [1], scores=[12, 3, 8], humans=[0],
              levels=[None, "normal", "hard"])
    for outcome in ("won", "countdown", "red-herring"):
        st.record("harsh", ["Ann"], [0] if outcome == "won" else [], scores=[0.0],
                  details={"difficulty": "expert", "outcome": outcome}, humans=[0])
    st.record("hunters", ["Ann", "Ben", "Cleo", "Dov"], [0, 2], scores=[1, 0, 1, 0],
              details={"factions": ["hunter", "shadow", "hunter", "neutral"],
                       "characters": ["Emi", "Vampire", "George", "Allie"]},
              humans=[0], levels=["normal", "hard", "hard", "easy"])
    stats_store.save_stats(st)


def tour(app):
    """Open every converted screen in turn; yields each once it is on screen."""
    from game.catalog import all_games
    from game.ui.opening import start_game
    from game.ui.scenes.confirm import ConfirmScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.results import ResultsScene

    record_some_statistics()
    yield "menu"
    yield from settings_screens(app)
    yield from review_screens(app)
    yield from storage_screens(app)
    for spec in all_games():
        navigation.push(app, "setup", spec)
        step(app, 2)
        yield f"setup {spec.id}"
        app.pop()
    table = start_game(app, "chasing", seats(4), 11, {"start": "0"})
    step(app, 3)
    app.push(PauseScene(app, table))
    step(app, 2)
    yield "pause"
    app.push(ConfirmScene(app, i18n._("Leave without saving?"),
                          i18n._("This game could not be saved ({why}). If you leave now, the "
                                 "moves since it was last saved are lost.", why="ENOSPC"),
                          [(i18n._("Stay"), "#stay", lambda: None),
                           (i18n._("Save to…"), "#leave_save_to", lambda: None),
                           (i18n._("Leave anyway"), "#leave_anyway", lambda: None)]))
    step(app, 2)
    yield "confirm"
    app.pop()
    app.pop()
    from game.ui.scenes.save_to import SaveToScene

    app.push(SaveToScene(app, table.session))
    step(app, 2)
    app.top.error = i18n._("There is no folder {folder}.", folder="/nowhere")
    yield "save to"
    app.pop()
    done = play_until(Match.start("chasing", 4, 12, {"start": "1"}), lambda st: st.is_over())
    app.push(ResultsScene(app, Session(done, seats(4), autosave=False)))
    step(app, 2)
    yield "results"
    navigation.back_to(app, "menu")
    step(app, 2)
    yield "menu with a saved game"
    app.notify("ENOSPC")
    step(app, 2)
    yield "notice"
    app.pop()
    from game.ui.scenes.about import AboutScene

    for name in ("saves", "history"):
        navigation.push(app, name)
        step(app, 2)
        yield name
        app.pop()
    app.push(AboutScene(app))
    step(app, 2)
    yield "about"
    app.pop()
    for name in ("stats", "rules"):
        screen = navigation.push(app, name)
        for spec in all_games():
            screen.show(spec.id)
            step(app, 2)
            yield f"{name} {spec.id}"
        app.pop()
    yield from phone_screens(app)


def settings_screens(app):
    """Settings and its pages, the keys list (F1) and Learn to play."""
    from game.ui.sound_settings import SoundCuesScene

    navigation.push(app, "settings")
    step(app, 2)
    yield "settings"
    app.push(SoundCuesScene(app))
    step(app, 2)
    yield "sounds"
    app.pop()
    for name in ("access", "keys"):
        navigation.push(app, name)
        step(app, 2)
        yield name
        app.pop()
    app.pop()
    navigation.push(app, "keys_help", app.top)
    step(app, 2)
    yield "keys help"
    app.pop()
    navigation.push(app, "learn")
    step(app, 2)
    yield "learn"
    app.pop()


REVIEWED = (("chasing", 4, 5), ("harsh", 1, 11), ("hunters", 5, 3))
_records: list = []


def review_screens(app):
    """The review of each game from the history (Chasing's round sheet, Harsh's hint, the
    Hunters secrets), then the Analyse screen of the last."""
    from game.analysis.store import stored, with_analysis
    from game.review.sample import play_record
    from game.storage import history
    from game.ui.analysis.scene import AnalysisScene
    if not _records:
        _records.extend(play_record(g, n, seed) for g, n, seed in REVIEWED)
    history.save_history(list(_records))
    # the Harsh review's hint from a fifth of the app's work: its words are checked
    with hint_budget():
        for i, (game, _n, _seed) in enumerate(REVIEWED):
            navigation.push(app, "history")
            step(app, 2)
            click(app, f"#history_{i}")
            step(app, 3)
            yield f"review {game}"
            if game == "chasing":
                click(app, "#review_round")
                step(app, 2)
                yield "review chasing, no round ended"
            if game == "harsh":
                key(app, pygame.K_h)
                assert until_worked(app, lambda: not app.top.busy, 3000)
                yield "review harsh hint"
            if game == "hunters":
                # the same screen and words with other figures (3 s of CPU at 12 worlds)
                AnalysisScene.budget, budget = 4, AnalysisScene.budget
                try:
                    with few_worlds("hunters"):
                        click(app, "#analyse")
                        assert until_worked(app, lambda: app.top.analysis is not None, 5000)
                        if stored(_records[i]) is None:
                            # kept with its game, as the app keeps it (game.analysis.store):
                            # the next tours of this process open it at once, as the app does
                            # the second time (it cost 4 s of CPU a tour). The tour checks the
                            # screen once the analysis is done, never while it is made.
                            _records[i] = with_analysis(_records[i], app.top.analysis)
                        step(app, 2)
                        yield "analysis"
                finally:
                    AnalysisScene.budget = budget
            navigation.back_to(app, "menu")
            step(app, 2)


def storage_screens(app):
    """The saved games with one that cannot be read, and the banner of failing saves."""
    from game.storage import problems
    from game.storage.paths import user_dirs

    folder = user_dirs().data_dir / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE_NAMES[0]).write_text("{ not json", encoding="utf-8")
    navigation.push(app, "saves")
    step(app, 3)
    yield "saves, one damaged"
    app.pop()
    (folder / FILE_NAMES[0]).unlink()
    problems.failed("game", folder / "x.json", OSError(28, "No space left on device"))
    problems.failed("statistics", folder / "y.json", OSError(30, "Read-only file system"))
    step(app, 3)
    yield "save banner"
    problems.clear()
    step(app, 2)


def phone_screens(app):
    """The join screen, then the pause menu's Phones screen and a seat's link."""
    from game.ui.opening import start_game
    from game.ui.scenes.join import JoinScene
    from game.ui.scenes.phones import PhonesScene

    app.settings.phone_address = "127.0.0.1"
    phone_seats = [SeatConfig(NAMES[0], "human", device="phone"),
                   SeatConfig(NAMES[1], "human", device="phone"),
                   SeatConfig(NAMES[2], "computer", "easy"), SeatConfig(NAMES[3], "computer")]
    table = start_game(app, "hunters", phone_seats, 5, {})
    step(app, 3)
    assert isinstance(app.top, JoinScene)
    yield "join"
    app.top.start_now()
    step(app, 3)
    app.push(PhonesScene(app, table))
    step(app, 2)
    yield "phones"
    app.top.to_phone(0)
    step(app, 2)
    yield "phones link"
    navigation.back_to(app, "menu")
    step(app, 2)


def caller_module() -> str:
    frame = inspect.currentframe().f_back.f_back
    while frame is not None and frame.f_globals.get("__name__", "").startswith("game.ui.draw"):
        frame = frame.f_back
    return frame.f_globals.get("__name__", "") if frame else ""


def texts_off_screen(app, monkeypatch, drawn_by) -> list:
    """(text, rect) of each text that a module ``drawn_by`` accepts draws on the screen
    outside the window, gathered as frames are drawn (the caller clears it per screen)."""
    window = app.screen.get_rect()
    outside: list = []
    real = draw.blit_text

    def spy(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        if surface is app.screen and drawn_by(caller_module()) and not window.contains(rect):
            outside.append((text, rect))
        return rect

    monkeypatch.setattr(draw, "blit_text", spy)
    return outside


def mine(module: str) -> bool:
    return module.startswith(MINE) and not (NOT_MINE and module.startswith(NOT_MINE))


def unmarked(text: str, allowed=NAMES + RECORD_NAMES + LANGUAGE_NAMES + FILE_NAMES) -> str:
    """What is left of ``text`` once the marked parts, the names and the numbers are
    taken out: letters there were never translated."""
    if len(text.strip()) == 1 and text.strip().isascii():
        return ""        # a key's letter on its button (the keyboard's, not a word)
    rest, before = text, None
    while rest != before:          # markers nest: a translated text with one inside
        before, rest = rest, MARKED.sub("", rest)
    rest = CUT.sub("", rest)
    for name in allowed:
        rest = rest.replace(name, "")
    return rest if LETTER.search(rest) else ""


def unmarked_lines(texts) -> list[str]:
    """The texts with untranslated letters. Markers nest, and a marked text wrapped over
    several lines opens its markers on the first and closes them on the last: the lines
    between, drawn in order, are inside them (a text cut short with "…" closes none)."""
    out, depth = [], 0
    for text in texts:
        outside = []
        for ch in text:
            if ch == MARK_OPEN:
                depth += 1
            elif ch == MARK_CLOSE:
                depth = max(0, depth - 1)
            elif depth == 0:
                outside.append(ch)
        if depth and text.endswith("…"):
            depth = 0
        if unmarked("".join(outside)):
            out.append(text)
    return out


def scene_texts(scene) -> list[str]:
    out = []
    if scene.root is not None:
        for el in elements(scene.root):
            if isinstance(el, (UIButton, UILabel)) and el.visible and el.text:
                out.append(el.text)
    panel = getattr(scene, "panel", None)
    if type(scene).__name__ == "RulesScene":
        return out      # the rules text is the rules layer's, the keys game.ui.controls'
    for block in getattr(panel, "blocks", ()):
        out.append(block.text)
        out.extend(str(h) for h in block.headers)
        out.extend(str(cell) for row in block.rows for cell in row)
    return out


# Texts a converted screen shows that another layer makes (listed in docs/translating.md)
FROM_OTHER_LAYERS = (
    re.compile(r"^(https?://\S+|#[\w-]+)$"),   # a phone's address and key: data, not words
)



@pytest.mark.parametrize("lang_app", [(i18n.PSEUDO, (1280, 720))], indirect=True)
def test_the_converted_screens_draw_only_catalog_text(lang_app, monkeypatch):
    app = lang_app
    drawn: list[tuple[str, str]] = []
    real = draw.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append((text, caller_module()))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", spy)
    problems, seen = [], 0
    for screen in tour(app):
        scene = app.top
        if not mine(type(scene).__module__) or type(scene).__module__ in NOT_MINE:
            continue
        drawn.clear()
        app.draw()
        texts = [t for t, module in drawn if mine(module)] + scene_texts(scene)
        seen += len(texts)
        for text in unmarked_lines(texts):
            if not any(p.match(text) for p in FROM_OTHER_LAYERS):
                problems.append((screen, text))
    assert seen > 300
    problems = sorted(set(problems))
    assert problems == [], "\n".join(map(repr, problems[:60]))


def fit_problems(app, screen: str) -> list:
    """Buttons whose words are wider or taller than the button, and texts the screen
    draws past the window's edge."""
    out = []
    window = app.screen.get_rect()
    scene = app.top
    for el in elements(scene.root) if scene.root is not None else ():
        if type(el) is not UIButton or not el.visible or not el.text:
            continue
        if el.ui_container is not scene.root.get_container():
            continue     # a part of a pygame-gui widget (a drop-down's arrow), not a label
        w, h = el.font.size(el.text)
        if w > el.rect.w - 4 or h > el.rect.h:
            out.append((screen, "button", el.text, (w, h), el.rect.size))
        if not window.contains(el.rect):
            out.append((screen, "button off screen", el.text, el.rect))
    return out


SIZES = [(1024, 640), (1920, 1080)]


@pytest.mark.parametrize("lang_app", [(lang, size) for lang in ("en", "de", "fr", "ja")
                                      for size in SIZES], indirect=True,
                         ids=lambda p: f"{p[0]}-{p[1][0]}x{p[1][1]}")
def test_every_label_fits_in_every_language(lang_app, monkeypatch):
    app = lang_app
    outside = texts_off_screen(app, monkeypatch, mine)
    problems, screens = [], 0
    for screen in tour(app):
        if not mine(type(app.top).__module__):
            continue
        screens += 1
        outside.clear()
        app.draw()
        problems += fit_problems(app, screen)
        problems += [(screen, "text off screen", t, r) for t, r in outside]
    assert screens >= 15
    assert problems == []


@pytest.mark.parametrize("lang_app", [("en", (1024, 640))], indirect=True)
def test_switching_language_in_settings_applies_at_once_and_keeps_the_game(lang_app):
    from game.ui.opening import start_game

    app = lang_app
    table = start_game(app, "chasing", seats(4), 7, {"start": "0"})
    step(app, 30)
    session, log_len = table.session, len(table.session.match.log)
    navigation.push(app, "settings")
    step(app, 2)
    click(app, "#language_ja")
    step(app, 2)
    assert i18n.current() == "ja" and app.settings.language == "ja"
    assert app.manager.get_locale() == "ja"
    assert "NotoSansJP" in draw._noto_path(False)
    assert find(app, "#language_ja") is not None          # the open screen was rebuilt
    app.pop()
    step(app, 3)
    assert app.top is table and table.session is session
    assert len(session.match.log) >= log_len               # nothing of the game lost
    navigation.push(app, "pause", table)
    step(app, 2)
    assert find(app, "#resume").text == "再開"
    app.pop()
    navigation.push(app, "settings")
    step(app, 2)
    click(app, "#language_de")
    step(app, 2)
    assert i18n.current() == "de" and "NotoSans-Regular" in draw._noto_path(False)
    navigation.back_to(app, "menu")
    step(app, 2)
    assert find(app, "#quit").text == "Beenden"


@pytest.mark.parametrize("lang_app", [("ja", (1024, 640))], indirect=True)
def test_japanese_text_is_drawn_with_its_glyphs(lang_app):
    """Noto Sans JP has the kana and kanji: a text drawn in it is wider than the same
    number of tofu boxes would be in Noto Sans, and every character has a glyph."""
    face = draw.font(20).face
    text = "保存してメニューへ"
    assert all(m is not None and m[4] > 0 for m in face.metrics(text))
    pygame.font.init()
    latin = pygame.font.Font(draw._noto_path(False).replace("NotoSansJP-Regular.otf",
                                                            "NotoSans-Regular.ttf"), 20)
    assert any(m is None for m in latin.metrics(text)) or latin.size(text) != face.size(text)


def test_the_self_test_fails_when_a_languages_catalog_is_missing(tmp_path, monkeypatch):
    from game.__main__ import language_problem

    i18n.set_language("de")
    assert language_problem() is None
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert "no catalog for 'de'" in language_problem()
    i18n.set_language("en")
    assert language_problem() is None


def test_a_first_start_follows_the_system_language_without_saving_it(shadows_home, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de_AT:en")
    app = make_app((1024, 640))
    try:
        step(app, 2)
        assert i18n.current() == "de" and app.manager.get_locale() == "de"
        assert find(app, "#quit").text == "Beenden"
        assert app.settings.language == ""        # chosen by nobody: the next start asks again
    finally:
        app.quit()
        i18n.set_language("en")


def test_the_command_lines_language_is_for_this_run_only(shadows_home):
    from game.storage import settings as settings_store

    i18n_screens.set_override("fr")
    app = make_app((1024, 640))
    try:
        step(app, 2)
        assert find(app, "#quit").text == "Quitter"
        app.save_settings()
        assert settings_store.load_settings()[0].language == ""
    finally:
        app.quit()
        i18n_screens.set_override(None)
        i18n.set_language("en")
