"""Chasing Shadows in every language: under the pseudo-locale a real game at the table
(prompts, plates, the middle, the scores and memory panels, the log, the last trick,
the scoresheets, each round's end and the results) draws only catalog text; every label
fits in English, German, French and Japanese at 1024x640 and 1920x1080; and the rules'
log lines, labels and reasons are data that a saved game shows in the language in force."""

from __future__ import annotations

import json

import pygame
import pytest
from test_i18n_screens import caller_module, texts_off_screen, unmarked_lines
from test_ui_chasing_screens import play_until
from ui_helpers import click, key, make_app, step, until

from game import i18n
from game.i18n import screens as i18n_screens
from game.match import Match
from game.rules.protocol import CHANCE
from game.session import SeatConfig, Session
from game.ui import draw, navigation
from game.ui.chasing.last_trick import LastTrickScene
from game.ui.chasing.overlays import ChasingResultsScene, RoundEndScene, SheetsScene
from game.ui.chasing.table import ChasingTable
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("off")

NAMES = ("Ann", "Ben", "Cleo", "Dov", "Eve")
ROMAN = ("III", "II")      # the scoresheet's round numerals: numbers, not words
# the results' "Analyse" button is game.ui.analysis's (issue 43), listed in test_i18n_screens
OTHERS = ("Analyse",)
# The modules whose drawing is Chasing's (and the shared parts of the table it shows)
SCANNED = ("game.ui.chasing.", "game.ui.table_base", "game.ui.widgets", "game.ui.scenes.results")


@pytest.fixture
def lang_app(shadows_home, request):
    """The app started in ``request.param``'s language (as --lang does), English after."""
    lang, size = request.param
    i18n_screens.set_override(lang)
    # fonts measured for an earlier test's language (a real run starts with none cached)
    draw.clear_caches()
    app = make_app(size)
    app.settings.animation_speed = "off"
    step(app, 2)
    yield app
    app.quit()
    i18n_screens.set_override(None)
    i18n.set_language("en")
    draw.clear_caches()


def seats(n: int, humans: int = 1):
    return [SeatConfig(NAMES[i], "human" if i < humans else "computer", "easy")
            for i in range(n)]


def scanned(module: str) -> bool:
    return module.startswith(SCANNED)


def button_texts(scene) -> list[str]:
    from pygame_gui.elements import UIButton, UILabel
    from ui_helpers import elements

    if scene.root is None:
        return []
    return [el.text for el in elements(scene.root)
            if isinstance(el, (UIButton, UILabel)) and el.visible and el.text]


def whole_game(app, players: int = 4, seed: int = 11):
    """A real game at the table, the person at seat 0 playing the first card offered:
    yields each screen worth reading once it is up (the table at the first decision, a
    follower's turn, a Follow Card to choose, the sheets, the last trick, every round's
    end, the results and the finished table)."""
    table = start_game(app, "chasing", seats(players), seed, {"start": "0"})
    assert isinstance(table, ChasingTable)
    session = table.session
    seen: set[str] = set()
    for _ in range(20000):
        top = app.top
        if isinstance(top, RoundEndScene):
            yield f"round end {top.round}"
            click(app, "#continue_round")
            continue
        if isinstance(top, ChasingResultsScene):
            yield "results"
            click(app, "#see_table")
            step(app, 2)
            yield "finished table"
            return
        if top is table and table.acting() is not None:
            view = session.view(0)
            moment = ("discard" if view["phase"] == "discard"
                      else "follow" if view["trick"] else "lead")
            if moment not in seen:
                seen.add(moment)
                yield f"table: {moment}"
                if moment == "follow":
                    key(app, pygame.K_s)
                    assert isinstance(app.top, SheetsScene)
                    yield "sheets"
                    key(app, pygame.K_s)
                    key(app, pygame.K_l)
                    assert isinstance(app.top, LastTrickScene)
                    yield "last trick"
                    key(app, pygame.K_l)
            table.choose(session.legal_actions(0)[0])
        step(app)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang_app", [(i18n.PSEUDO, (1280, 720))], indirect=True)
def test_a_chasing_game_draws_only_catalog_text(lang_app, monkeypatch):
    app = lang_app
    drawn: list[tuple[str, str]] = []
    real = draw.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append((text, caller_module()))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", spy)
    problems, screens, seen = [], [], 0
    for screen in whole_game(app, players=4):
        screens.append(screen)
        drawn.clear()
        app.forget_still()     # the whole drawing, not the kept picture or still layer
        app.draw()
        texts = [t for t, module in drawn if scanned(module)] + button_texts(app.top)
        seen += len(texts)
        for text in unmarked_lines(texts):
            rest = text
            for numeral in ROMAN:
                rest = rest.replace(numeral, "")
            if unmarked_lines([rest]) and text not in OTHERS:
                problems.append((screen, text))
    assert {"table: lead", "table: follow", "sheets", "last trick", "round end 1",
            "round end 3", "results", "finished table"} <= set(screens)
    assert seen > 300
    problems = sorted(set(problems))
    assert problems == [], "\n".join(map(repr, problems[:60]))


def quick_tour(app):
    """The Chasing screens, each once, without playing a whole game (the label-fit runs
    in eight languages and sizes): the table at a decision, the sheets, the last trick,
    a round's end and the results."""
    table = start_game(app, "chasing", seats(5), 11, {"start": "0"})
    assert until(app, lambda: table.acting() is not None, frames=500)
    for _ in range(4):     # a few tricks in: the plates, the log and the memory aid fill
        table.choose(table.session.legal_actions(0)[0])
        assert until(app, lambda: table.acting() is not None or app.top is not table,
                     frames=800)
        if app.top is not table:
            break
    yield "table"
    key(app, pygame.K_s)
    yield "sheets"
    key(app, pygame.K_s)
    key(app, pygame.K_l)
    yield "last trick"
    key(app, pygame.K_l)
    ended = play_until(Match.start("chasing", 5, 11, {"start": "0"}), lambda st: st.rnd == 1)
    app.push(RoundEndScene(app, table, ended.state.view(None)))
    step(app, 2)
    yield "round end"
    app.pop()
    done = play_until(Match.start("chasing", 5, 12, {}), lambda st: st.is_over())
    app.push(ChasingResultsScene(app, Session(done, seats(5), autosave=False), table))
    step(app, 2)
    yield "results"
    navigation.back_to(app, "menu")
    step(app, 2)


def fit_problems(app, screen: str) -> list:
    from test_i18n_screens import fit_problems as buttons_fit

    return buttons_fit(app, screen)


@pytest.mark.parametrize("lang_app", [(lang, size) for lang in ("en", "de", "fr", "ja")
                                      for size in [(1024, 640), (1920, 1080)]], indirect=True,
                         ids=lambda p: f"{p[0]}-{p[1][0]}x{p[1][1]}")
def test_every_chasing_label_fits_in_every_language(lang_app, monkeypatch):
    app = lang_app
    outside = texts_off_screen(app, monkeypatch, scanned)
    problems, screens = [], 0
    for screen in quick_tour(app):
        screens += 1
        outside.clear()
        app.draw()
        problems += fit_problems(app, screen)
        problems += [(screen, "text off screen", t, r) for t, r in outside]
    assert screens == 5
    assert problems == []


# --- the rules' words are data ------------------------------------------------------------

def finished(seed: int = 3) -> Match:
    return play_until(Match.start("chasing", 4, seed, {"start": "1"}), lambda st: st.is_over())


def test_the_rules_words_are_messages_shown_in_the_language_in_force():
    match = finished()
    st = match.state
    res = st.result()
    assert isinstance(res.reason, i18n.Msg)
    data = json.loads(json.dumps(res.reason.to_data()))
    assert i18n.Msg.from_data(data) == res.reason
    english = str(res.reason)
    assert english.startswith("Player ") and "lowest score" in english or "tie on" in english
    try:
        i18n.set_language("de")
        german = i18n.shown(data)
        assert german != english and "Spieler" in german
        i18n.set_language("ja")
        assert "プレイヤー" in i18n.shown(data)
    finally:
        i18n.set_language("en")
    assert i18n.shown(data) == english


def test_labels_events_and_refusals_follow_the_language():
    from game.rules.protocol import RuleError, chance_rng

    match = Match.start("chasing", 3, 5, {"start": "0"})
    match.apply(CHANCE, match.state.sample_chance(chance_rng(5, 0)))
    events = []
    play = match.state.legal_actions(0)[0]
    assert play.label.startswith("Play ")
    try:
        i18n.set_language("fr")
        assert play.label.startswith("Jouer")
        events = match.apply(0, play)
        assert events[0].text.startswith("Joueur 1")
        with pytest.raises(RuleError) as refused:
            match.state.check(0, play)
        assert "Joueur" in str(refused.value)
    finally:
        i18n.set_language("en")
    assert events[0].text.startswith("Player 1 plays ")


def test_an_old_save_shows_its_log_in_the_language_chosen_since(shadows_home):
    """A save keeps moves, not words (a save written before the rules spoke in messages
    is the same file): loaded while German is in force, its log and reason are German,
    with the seats' names in place of "Spieler 3"."""
    match = finished(7)
    saved = json.loads(json.dumps(Session(match, seats(4, humans=0), autosave=False).to_json()))
    saved["barrier"] = len(match.log)      # computers only: nothing to take back
    try:
        i18n.set_language("de")
        session = Session.from_save(saved)
        lines = session.log_lines(None)
        assert any("spielt" in line for line in lines)
        from game.ui.wording import with_names

        named = [with_names(line, session.seats) for line in lines]
        assert not any("Spieler " in line for line in named)
        assert any(line.startswith(NAMES[0]) or line.startswith(NAMES[1]) for line in named)
        reason = with_names(i18n.shown(session.result().reason), session.seats)
        assert "Spieler" not in reason and any(n in reason for n in NAMES[:4])
    finally:
        i18n.set_language("en")
    assert any(" plays " in line for line in Session.from_save(saved).log_lines(None))


@pytest.mark.parametrize("lang_app", [("de", (1024, 640))], indirect=True)
def test_switching_language_re_renders_the_chasing_log(lang_app):
    app = lang_app
    table = start_game(app, "chasing", seats(4), 7, {"start": "0"})
    assert until(app, lambda: table.acting() is not None, frames=500)
    german = table.log_lines()
    assert any("Runde 1" in line for line in german)
    navigation.push(app, "settings")
    step(app, 2)
    click(app, "#language_fr")
    step(app, 2)
    app.pop()
    step(app, 2)
    french = app.top.log_lines()
    assert french != german and any("Manche 1" in line for line in french)
    i18n.set_language("en")


def test_the_rules_text_reads_in_the_language_in_force():
    from game import catalog
    from game.rules.chasing.rules_text import PARTS
    from game.ui.scenes.rules import rules_blocks

    spec = catalog.get_game("chasing")
    english = [b.text for b in rules_blocks(spec)]
    assert "COMPONENTS" in english and len(english) == len(PARTS)
    try:
        for lang, word in (("de", "SPIELMATERIAL"), ("fr", "MATÉRIEL"), ("ja", "内容物")):
            i18n.set_language(lang)
            shown = [b.text for b in rules_blocks(spec)]
            assert word in shown and len(shown) == len(english)
            assert not set(shown) & set(english[1:])      # every piece in the language
            assert sum(t.startswith("•  ") for t in shown) == sum(
                t.startswith("•  ") for t in english)     # the list items stay items
    finally:
        i18n.set_language("en")


@pytest.fixture
def quick_pace(monkeypatch):
    """The tutorial's pace between the computers' cards on a clock four times the frames'
    (0.8 s in 12 frames, not 48): what differs per language is the words, and the waits
    between cards are tested once (test_tutorial, in English). Animations are off here."""
    from tutorial_play import QUICK, pace_on_frames

    pace_on_frames(monkeypatch, QUICK)


@pytest.mark.parametrize("lang_app", [(lang, (1024, 640)) for lang in ("de", "fr", "ja")],
                         indirect=True, ids=lambda p: p[0])
def test_the_chasing_tutorial_plays_to_its_end_in_every_language(lang_app, quick_pace):
    """The coach speaks the language in force at every step (none of its notes is the
    English one), keeps clear of what it points at (play_through checks every frame) and
    the tutorial reaches the results."""
    from tutorial_play import play_through

    from game.tutorial.session import TutorialSession

    app = lang_app
    click(app, "#learn")
    click(app, "#learn_chasing")
    table = app.top
    assert isinstance(table.session, TutorialSession)
    rows = table.session.tutorial.rows
    english = {r.text for r in rows if r.text}
    notes: dict[int, str] = {}

    def note(index: int) -> None:
        notes[index] = app.coach.text()

    seen = play_through(app, table, shots=note)
    assert seen == table.session.tutorial.steps
    assert isinstance(app.top, ChasingResultsScene) and table.session.is_over()
    worded = [i for i in notes if rows[i].text]
    assert len(worded) > 30
    assert not [notes[i] for i in worded if notes[i] in english or rows[i].text in notes[i]]


@pytest.mark.parametrize("lang_app", [("ja", (1024, 640))], indirect=True)
def test_four_letter_japanese_names_fit_the_score_panel(lang_app, monkeypatch):
    """The wide Japanese header of the trick counts (トリック) pushed the columns left and the
    scores panel cut キャロル to "キャ…" at 1024x640; the names now have the room."""
    from game.ui.chasing import look

    cut = []
    real = look.fit_text

    def watch(text, size, width, bold=False):
        shown = real(text, size, width, bold)
        if shown != text:
            cut.append((text, shown))
        return shown

    monkeypatch.setattr(look, "fit_text", watch)
    names = ["キャロル", "デイブ", "アリス", "ボブ"]
    seats_ = [SeatConfig(names[0], "human")] + [SeatConfig(n, "computer", "easy") for n in names[1:]]
    table = start_game(lang_app, "chasing", seats_, 31, {"start": "0"})
    assert until(lang_app, lambda: lang_app.top is table and table.acting_seat() == 0, 600)
    cut.clear()
    table.rebuild()
    step(lang_app, 3)
    assert not [c for c in cut if c[0] in names], cut
