"""Harsh Shadows in every language, through a real game at the table: under the
pseudo-locale the table, its dialogs, the hint, the log, the ending and the results draw
only marked text; in English, German, French and Japanese every label fits at 1024x640
and 1920x1080; a saved game's log (actions only, as every save since the first holds)
comes back in the language in force, and changes with it."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UIButton, UILabel
from test_i18n_screens import (
    LETTER,
    NAMES,
    caller_module,
    fit_problems,
    texts_off_screen,
)
from ui_helpers import elements, make_app, step, until, until_worked

from game import i18n
from game.ai.harsh_hint import make_bot
from game.i18n import screens as i18n_screens
from game.i18n import shown
from game.match import Match
from game.session import SeatConfig, Session
from game.ui import draw

pytestmark = pytest.mark.animation_speed("off")

# one game, seeded so that the easy player meets a Bomb, a forced discard and the Cafe
SEED = 3
DRAWN_BY = ("game.ui.harsh.", "game.ui.table_base", "game.ui.widgets", "game.ui.scenes.results")


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


# what another issue's screen element says on the Harsh results (issue 43's Analyse button)
FROM_OTHER_LAYERS = ("Analyse", "Where this game was won and lost, move by move")


def drawn_by_harsh(module: str) -> bool:
    return module.startswith(DRAWN_BY)


def unmarked_lines(texts) -> list[str]:
    """The texts with letters outside every marker. Markers nest (a translated sentence
    with translated names in it) and a marked text wrapped over lines opens on one and
    closes on a later one: the depth is carried from line to line, in drawing order; a
    line cut short with "…" closes whatever it left open."""
    out, depth = [], 0
    for text in texts:
        if text in FROM_OTHER_LAYERS:
            continue
        outside = []
        for ch in text:
            if ch == "⟦":
                depth += 1
            elif ch == "⟧":
                depth = max(0, depth - 1)
            elif depth == 0:
                outside.append(ch)
        if text.endswith("…"):
            depth = 0
        rest = "".join(outside)
        for name in NAMES + ("Alice",):      # the players' names (Alice: Setup's first)
            rest = rest.replace(name, "")
        if len(text.strip()) > 1 and LETTER.search(rest):
            out.append(text)
    return out


def panel_texts(panel) -> list[str]:
    out = []
    if panel is None:
        return out
    out.append(getattr(panel, "title", "") or "")
    for block in getattr(panel, "blocks", ()):
        out.append(block.text)
        out.extend(str(h) for h in block.headers)
        out.extend(str(cell) for row in block.rows for cell in row)
    return out


def scene_texts(scene) -> list[str]:
    out = []
    if scene.root is not None:
        for el in elements(scene.root):
            if isinstance(el, (UIButton, UILabel)) and el.visible and el.text:
                out.append(el.text)
                if getattr(el, "tool_tip_text", None):
                    out.append(el.tool_tip_text)
    for name in ("panel", "log_panel", "hint_panel"):
        out += panel_texts(getattr(scene, name, None))
    return out


def harsh_tour(app, steps: int = 400):
    """A Harsh game from the menu to the results, played by the easy computer player
    through the table: yields a name each time the screen shows something new (a phase,
    a dialog, the hint, an aimed ability, the Clue payment, the ending, the results)."""
    from harsh_ui_driver import hint_budget, start_harsh

    from game.ui.harsh.ending import HarshResultsScene

    with hint_budget():     # the hint from a fifth of the app's work: its words are checked
        table = start_harsh(app, SEED)
    bot = make_bot("easy", 0, seed=SEED)
    seen: set = set()
    yield "table move"
    table.ask_hint()
    assert until_worked(app, lambda: table.current_hint() is not None, 900)
    step(app, 2)
    yield "hint"
    for _ in range(steps):
        if table.session.is_over():
            break
        if table.acting_seat() is None:
            step(app)
            continue
        view, acts = table.view(), table.actions()
        kinds = {a.kind for a in acts}
        if view["phase"] == "actions" and "reveal" in kinds and "clues" not in seen:
            seen.add("clues")
            table.open_clues()
            step(app, 2)
            yield "dialog clues"
            table.close_dialog()
        if "ability" in kinds and "ability" not in seen and \
                len([a for a in acts if a.kind == "ability"]) > 1:
            seen.add("ability")
            table.use_ability()
            step(app, 2)
            yield "ability targets"
            if table.grid_pick is not None:
                table.cancel_grid_pick()
            else:
                table.close_dialog()
        key = ("dialog", table.dialog.kind) if table.dialog is not None else view["phase"]
        if key not in seen:
            seen.add(key)
            step(app, 2)
            yield f"table {key}"
        action = bot.choose(view, acts)
        if table.dialog is not None:
            table.pick(next(o.action for _b, o in table.option_buttons
                            if o.action == action or o.action.kind == action.kind))
        else:
            table.choose(action, asked=True)
        step(app, 2)
        if table.dialog is not None and table.dialog.kind == "confirm":
            if "confirm" not in seen:
                seen.add("confirm")
                yield "dialog confirm"
            table.pick(table.dialog.options[0].action)
            step(app, 2)
    assert table.session.is_over(), "the tour's game did not end"
    assert until(app, lambda: table.over_shown(), 300)
    step(app, 2)
    yield "ending"
    app.push(HarshResultsScene(app, table.session, table))
    step(app, 2)
    yield "results"


@pytest.mark.parametrize("lang_app", [(i18n.PSEUDO, (1280, 720))], indirect=True)
def test_the_harsh_table_draws_only_catalog_text(lang_app, monkeypatch):
    app = lang_app
    drawn: list[tuple[str, str]] = []
    real_blit, real_text = draw.blit_text, draw.text

    def spy_blit(surface, text, *args, **kwargs):
        drawn.append((text, caller_module()))
        return real_blit(surface, text, *args, **kwargs)

    def spy_text(text, *args, **kwargs):
        import inspect

        if not inspect.currentframe().f_back.f_globals["__name__"].startswith("game.ui.draw"):
            drawn.append((text, caller_module()))      # not blit_text's own (counted there)
        return real_text(text, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", spy_blit)
    monkeypatch.setattr(draw, "text", spy_text)
    problems, seen, screens = [], 0, []
    for screen in harsh_tour(app):
        screens.append(screen)
        scene = app.top
        drawn.clear()
        # the drawings the table keeps (cards, the base picture) are made afresh
        from game.ui.harsh import look

        look._forget_words("qps")
        if hasattr(scene, "_base"):
            scene._base = None
        app.draw()
        texts = [t for t, module in drawn if drawn_by_harsh(module)] + scene_texts(scene)
        seen += len(texts)
        problems += [(screen, text) for text in unmarked_lines(texts)]
    assert {"table move", "hint", "table actions", "ending", "results"} <= set(screens), screens
    assert any(s.startswith("table ('dialog'") for s in screens), screens
    assert seen > 300
    problems = sorted(set(problems))
    assert problems == [], "\n".join(map(repr, problems[:80]))


@pytest.mark.parametrize("lang_app", [(lang, size) for lang in ("en", "de", "fr", "ja")
                                      for size in [(1024, 640), (1920, 1080)]], indirect=True,
                         ids=lambda p: f"{p[0]}-{p[1][0]}x{p[1][1]}")
def test_every_harsh_label_fits_in_every_language(lang_app, monkeypatch):
    app = lang_app
    outside = texts_off_screen(app, monkeypatch, drawn_by_harsh)
    problems, screens = [], 0
    for screen in harsh_tour(app):
        screens += 1
        outside.clear()
        app.draw()
        problems += fit_problems(app, screen)
        problems += [(screen, "text off screen", t, r) for t, r in outside]
    assert screens >= 8
    assert problems == [], "\n".join(map(repr, problems[:40]))


def test_a_saved_harsh_game_shows_its_log_in_the_language_in_force(shadows_home):
    """A save holds the seed and the actions, never words (as every save since the first):
    a saved game loads, and its log and result read in German, then French, then English."""
    import json

    from game.rules.protocol import CHANCE, NOBODY, chance_rng

    session = Session.new("harsh", [SeatConfig("Ann", "human")], SEED, {"difficulty": "standard"},
                          autosave=False)
    m = session.match
    bot = make_bot("easy", 0, seed=SEED)
    while m.decider() != NOBODY:
        if m.decider() == CHANCE:
            m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
        else:
            m.apply(0, bot.choose(m.state.view(0), m.state.legal_actions(0)))
    data = json.loads(json.dumps(session.to_json()))
    data["barrier"] = len(m.log)        # played past the session here: nothing to undo
    # what the app wrote before the rules kept their words as data is this same record
    assert "move your Agent" not in json.dumps(data) and "Found:" not in json.dumps(data)
    loaded = Session.from_save(data, autosave=False)
    try:
        i18n.set_language("en")
        english = loaded.log_lines(0)
        assert "Turn 1: move your Agent." in english
        i18n.set_language("de")
        german = loaded.log_lines(0)
        assert "Zug 1: Zieh deinen Agenten." in german
        assert len(german) == len(english) and german != english
        i18n.set_language("fr")
        assert "Tour 1 : déplacez votre Agent." in loaded.log_lines(0)
        assert shown(loaded.result().reason).startswith(("Vous avez", "Une Bombe", "Le compte"))
    finally:
        i18n.set_language("en")
    assert loaded.log_lines(0) == english


def test_every_harsh_message_the_rules_make_is_in_every_catalog():
    """A long game's every event text and action label, as data, exists in German,
    French and Japanese (a message id missing from a catalog would show in English)."""
    from game.i18n import Msg, translations

    m = Match.start("harsh", 1, SEED, {"difficulty": "standard"})
    bot = make_bot("easy", 0, seed=SEED)
    from game.rules.protocol import CHANCE, NOBODY, chance_rng

    messages: list[Msg] = []

    def walk(msg):
        if isinstance(msg, Msg):
            messages.append(msg)
            for _k, v in msg.params:
                walk(v)

    while m.decider() != NOBODY:
        if m.decider() == CHANCE:
            events = m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
        else:
            acts = m.state.legal_actions(0)
            for a in acts:
                walk(a.label_message)
            events = m.apply(0, bot.choose(m.state.view(0), acts))
        for e in events:
            walk(e.message)
    assert len(messages) > 100
    for lang in ("de", "fr", "ja"):
        tr = translations(lang)
        missing = {msg.id for msg in messages
                   if (msg.id, 0) not in tr._catalog and msg.id not in tr._catalog}
        assert missing == set(), (lang, sorted(missing)[:10])
