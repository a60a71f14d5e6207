"""pygame-gui's own words and the command line's --lang in every language: the file dialog's
buttons come from pygame-gui's catalog for the language in force (at start and after a
switch in Settings), `--lang xx` starts that run in xx for each language, and `--self-test
--lang xx` checks the language it was asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame_gui
import pytest
from pygame_gui.core.utility import translate
from ui_helpers import click, find, make_app, step

from game import i18n
from game.__main__ import arguments
from game.i18n import screens as i18n_screens

ROOT = Path(__file__).resolve().parent.parent
GUI_WORDS = Path(pygame_gui.__file__).parent / "data" / "translations"


def gui_word(lang: str, key: str) -> str:
    """A word from pygame-gui's own catalog (its file dialog's "Cancel", "OK")."""
    words = json.loads((GUI_WORDS / f"pygame-gui.{lang}.json").read_text(encoding="utf-8"))
    return words[lang][key]


@pytest.fixture
def started_in(shadows_home, request):
    lang = request.param
    i18n_screens.set_override(lang)
    app = make_app((1024, 640))
    app.settings.animation_speed = "off"
    step(app, 2)
    yield app, lang
    app.quit()
    i18n_screens.set_override(None)
    i18n.set_language("en")


def open_dialog(app):
    from game.ui.review.files import OpenFileScene

    click(app, "#open_file")
    step(app, 2)
    assert isinstance(app.top, OpenFileScene)
    return app.top.dialog


@pytest.mark.parametrize("started_in", ["en", "ja", "de", "fr"], indirect=True)
def test_the_file_dialog_speaks_the_language_it_was_started_in(started_in):
    app, lang = started_in
    assert app.manager.get_locale() == lang
    dialog = open_dialog(app)
    # a button keeps pygame-gui's key ("pygame-gui.Cancel") and draws its translation
    assert translate(dialog.cancel_button.text) == gui_word(lang, "Cancel")
    assert translate(dialog.ok_button.text) == gui_word(lang, "OK")
    if lang != "en":
        assert translate(dialog.cancel_button.text) != "Cancel"


@pytest.mark.parametrize("started_in", ["en"], indirect=True)
def test_the_file_dialog_follows_a_switch_of_language(started_in):
    app, _lang = started_in
    for lang in ("de", "ja", "fr"):
        i18n_screens.switch(app, lang)
        step(app, 2)
        assert app.manager.get_locale() == lang
        dialog = open_dialog(app)
        assert translate(dialog.cancel_button.text) == gui_word(lang, "Cancel")
        app.pop()
        step(app, 2)
    assert find(app, "#quit").text == "Quitter"


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_lang_on_the_command_line_takes_every_language(shadows_home, lang):
    assert arguments(["--lang", lang]).lang == lang
    i18n_screens.set_override(lang)
    app = make_app((1024, 640))
    try:
        step(app, 2)
        assert i18n.current() == lang
        with i18n.speaking(lang):
            assert find(app, "#quit").text == i18n._("Quit")
        assert (find(app, "#quit").text == "Quit") == (lang == "en")
    finally:
        app.quit()
        i18n_screens.set_override(None)
        i18n.set_language("en")


def test_lang_refuses_a_language_the_app_does_not_have(capsys):
    with pytest.raises(SystemExit):
        arguments(["--lang", "es"])
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ja", "de", "fr"])
def test_the_self_test_passes_in_every_language(lang):
    """The self-test builds every scene in the language asked for and checks its catalog
    and font (``language_problem``): the frozen build runs this once per language."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "game", "--self-test", "--lang", lang],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "self-test passed" in proc.stdout
