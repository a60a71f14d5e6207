"""The tutorials and the How to play cards in every language: every step's note, the
coach's reasons and every card's words come from the catalog (none left in English), the
Harsh and Shadow Hunters tutorials play to their end in German, French and Japanese at
1024x640 (the Chasing one: test_i18n_chasing), and every How to play card fits its box."""

from __future__ import annotations

import pytest
from tutorial_play import QUICK, coach_click, pace_on_frames, play_through
from ui_helpers import click, find, make_app, step

from game import i18n
from game.i18n import screens as i18n_screens
from game.rules.protocol import Action
from game.tutorial import available
from game.tutorial.session import TutorialSession
from game.ui import draw, style

pytestmark = pytest.mark.animation_speed("fast")

LANGS = ("de", "fr", "ja")
ANIMATED = "ja"     # the language whose tutorials play with their animations


@pytest.fixture(autouse=True)
def paced_by_frames(monkeypatch):
    pace_on_frames(monkeypatch, QUICK)


@pytest.fixture
def lang_app(shadows_home, request):
    """The app started in ``request.param``'s language at 1024x640 (as --lang does)."""
    i18n_screens.set_override(request.param)
    draw.clear_caches()     # fonts measured in an earlier test's language
    app = make_app((1024, 640))
    # What differs per language is the words. The tutorials wait for every animation
    # (test_tutorial plays them so in English): one language here does too, the others
    # play with animations off, 109 frames of waiting in Hunters instead of 2993.
    app.settings.animation_speed = "fast" if request.param == ANIMATED else "off"
    step(app, 2)
    yield app
    app.quit()
    i18n_screens.set_override(None)
    i18n.set_language("en")
    draw.clear_caches()


def english_texts():
    """Every tutorial's notes and reasons, part titles and How to play words, in English."""
    from game.ui.howto import CARDS

    texts = set()
    for t in available():
        texts |= {r.text for r in t.rows if r.text} | {r.why for r in t.rows if r.why}
        texts |= {t.title} | ({t.part_title} if t.part_title else set())
    texts |= {words for card in CARDS.values() for section in card for words in section}
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_every_tutorial_note_and_how_to_play_card_is_in_the_catalog(lang):
    """A row added in English only would show English in the middle of a German tutorial:
    every note, reason, part title and card is in the language's compiled catalog."""
    catalog = i18n.translations(lang)._catalog
    assert not [t for t in english_texts() if not catalog.get(t)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_harsh_consequences_are_whole_sentences_in_the_language(lang):
    """A legal move other than the step's is explained in the language in force, the
    Location's name in it (never English pieces glued round it)."""
    from game.tutorial import harsh, tutorial_for

    t = tutorial_for("harsh")
    m = t.match_at(6)       # turn 1: the learner moves
    english = harsh.consequence(m.state, 0, Action("move", (5,)))
    assert english.startswith("you would walk to the Spring Carnival")
    try:
        i18n.set_language(lang)
        said = harsh.consequence(m.state, 0, Action("move", (5,)))
        place = i18n._("Spring Carnival")
        ended = harsh.consequence(m.state, 0, Action("end", ()))
    finally:
        i18n.set_language("en")
    assert place in said and said != english and "Spring Carnival" not in said
    assert ended and "would" not in ended


@pytest.mark.parametrize("lang_app", LANGS, indirect=True)
@pytest.mark.parametrize("game_id", ("chasing", "harsh", "hunters"))
def test_every_how_to_play_card_fits_its_box(lang_app, game_id):
    """At 1024x640, the longest language's card: every line within the box's width, the
    last line above the buttons, nothing off the window."""
    from game.ui.howto import HowToPlayScene

    app = lang_app
    app.push(HowToPlayScene(app, game_id))
    step(app, 3)
    card = app.top
    m = app.metrics
    inner = card.box.w - 2 * m.pad
    heading = draw.font(m.px(style.FONT_BODY + 1), True)
    for head, _at, lines in card.placed:
        assert m.px(12) + heading.size(head)[0] <= inner, head
        for line, _y in lines:
            assert draw.font(card.body).size(line)[0] <= inner, line
    title = i18n._("How to play · {game}", game=i18n._(card.title))
    assert draw.font(m.px(style.FONT_HEADING), True).size(title)[0] <= card.box.w - 2 * m.pad
    buttons = min(find(app, name).rect.top for name in ("#howto_ok", "#howto_rules"))
    assert card.text_bottom + m.px(6) <= buttons, (game_id, card.text_bottom, buttons)
    assert card.box.top >= 0 and card.box.bottom <= m.height


def coach_buttons_cut(app) -> list:
    """The coach's buttons whose words do not fit them (German "Gegen leichte KI")."""
    return [(b.text, b.font.size(b.text), b.rect.size) for b in app.coach.buttons.values()
            if b.font.size(b.text)[0] > b.rect.w - 4 or b.font.size(b.text)[1] > b.rect.h]


def _play_the_tutorial(app, key: str):
    """Start ``key`` from Learn to play and follow its coach to the last step; at every
    step the note is the language's (not the English row) and the panel keeps clear."""
    click(app, "#learn")
    click(app, f"#learn_{key}")
    table = app.top
    assert isinstance(table.session, TutorialSession)
    rows = table.session.tutorial.rows
    english = {r.text for r in rows if r.text}
    notes: dict[int, str] = {}

    def note(index: int) -> None:
        notes[index] = app.coach.text()
        assert coach_buttons_cut(app) == [], index

    seen = play_through(app, table, shots=note)
    assert list(dict.fromkeys(seen)) == table.session.tutorial.steps   # each step, in order
    worded = [i for i in notes if rows[i].text]
    assert len(worded) >= len(table.session.tutorial.steps) - 2
    assert not [notes[i] for i in worded if notes[i] in english or rows[i].text in notes[i]]
    return table


@pytest.mark.slow  # a whole tutorial through the UI per language: CI runs it
@pytest.mark.parametrize("lang_app", LANGS, indirect=True)
def test_the_harsh_tutorial_plays_to_its_end_in_every_language(lang_app):
    from game.ui.harsh.ending import HarshResultsScene

    table = _play_the_tutorial(lang_app, "harsh")
    assert isinstance(lang_app.top, HarshResultsScene) and lang_app.top.won
    assert table.session.is_over()


@pytest.mark.slow  # both parts through the UI per language: CI runs it
@pytest.mark.parametrize("lang_app", LANGS, indirect=True)
def test_the_hunters_tutorial_plays_both_parts_to_the_end_in_every_language(lang_app):
    from game.ui.hunters.results import HuntersResults

    app = lang_app
    table = _play_the_tutorial(app, "hunters")
    assert not table.session.is_over()
    part = app.coach.buttons["part"].text
    assert part == i18n._("Part {n}", n=2) and part != "Part 2"
    coach_click(app, "part")
    step(app, 3)
    second = app.top
    assert second.session.tutorial.key == "hunters2"
    seen = play_through(app, second, shots=lambda i: coach_buttons_cut(app) == [] or
                        pytest.fail(f"{coach_buttons_cut(app)} at step {i}"))
    assert list(dict.fromkeys(seen)) == second.session.tutorial.steps
    assert isinstance(app.top, HuntersResults) and second.session.is_over()


@pytest.mark.parametrize("lang_app", ["de"], indirect=True)
def test_a_refused_move_names_the_seats_as_set_up(lang_app):
    """The rules' labels say "Player 2"; the coach's explanation and the table's status
    line put the seat's name in its place, in the language in force."""
    from ui_helpers import click_at

    app = lang_app
    click(app, "#learn")
    click(app, "#learn_hunters")
    table = app.top
    session = table.session
    play_through(app, table, until=lambda: session.step.action == Action("give", (2,))
                 and table.acting_seat() is not None and table.still())
    before = len(session.match.log)
    click_at(app, table.region("choice.give.1").center)      # Bob, not Carol
    assert len(session.match.log) == before
    said = app.coach.refusal
    assert said.startswith(i18n._("The coach asks for another move")), said
    assert "Bob" in said and "Player" not in said and "Spieler" not in said, said
    assert "Bob" in table.status and "Player" not in table.status, table.status


@pytest.mark.parametrize("lang_app", ["qps", "de", "fr", "ja"], indirect=True)
def test_the_learn_screen_speaks_the_language_and_fits(lang_app, monkeypatch):
    """Learn to play with a tutorial stopped half-way, one done and one new: every text it
    draws is the catalog's (under the pseudo-locale every one is marked) and inside the
    window, and every button's words fit it."""
    from test_i18n_screens import caller_module, fit_problems, texts_off_screen

    from game.ui.scenes.learn import LearnScene

    app = lang_app
    app.settings.tutorial_steps = {"harsh": 12}
    app.settings.tutorials_done = ["chasing"]
    drawn: list[str] = []
    outside = texts_off_screen(app, monkeypatch, lambda module: module == "game.ui.scenes.learn")
    spied = draw.blit_text

    def record(surface, text, *args, **kwargs):
        if caller_module() == "game.ui.scenes.learn":
            drawn.append(text)
        return spied(surface, text, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", record)
    click(app, "#learn")
    step(app, 3)
    assert isinstance(app.top, LearnScene)
    assert outside == [] and fit_problems(app, "learn") == []
    assert len(drawn) >= 10
    if i18n.current() == "qps":
        # a wrapped text's lines: the markers open on its first, close on its last
        depth, bare = 0, []
        for text in drawn:
            if depth == 0 and not text.startswith("⟦"):
                bare.append(text)
            depth += text.count("⟦") - text.count("⟧")
        assert bare == [], bare
    else:
        english = {"Learn to play", "Basics", "Winning and dying", "Start over", "Resume"}
        assert not english & set(drawn) and not [t for t in drawn if "steps" in t], drawn
    # the offer at a first opening of a game, over the menu
    from game import catalog
    from game.ui.scenes.learn import offer_first_time

    app.pop()
    step(app, 2)
    app.settings.tutorials_offered, app.settings.tutorials_done = [], []
    assert offer_first_time(app, catalog.get_game("hunters"), lambda: None)
    step(app, 3)
    assert fit_problems(app, "offer") == []
