"""What the storage layer, the statistics and the keys say, in the language in force:
damaged and unreadable files, the banner of failing saves, a save's progress, numbers with
the language's decimal sign and percent, key names and the Keys page's refusals."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n.numbers import decimal_text, percent_text


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang,share,digits,expected", [
    ("en", 0.123, 0, "12%"), ("ja", 0.5, 0, "50%"), ("de", 0.123, 0, "12\xa0%"),
    ("fr", 1.0, 0, "100\xa0%"), ("en", 0.1234, 1, "12.3%"), ("de", 0.1234, 1, "12,3\xa0%"),
])
def test_percentages_the_languages_way(lang, share, digits, expected):
    i18n.set_language(lang)
    try:
        assert percent_text(share, digits) == expected
    finally:
        i18n.set_language("en")


def test_decimals_with_the_languages_decimal_sign():
    for lang, expected in (("en", "4.5"), ("ja", "4.5"), ("de", "4,5"), ("fr", "4,5")):
        i18n.set_language(lang)
        assert decimal_text(4.5, 1) == expected
    i18n.set_language(i18n.PSEUDO)
    assert decimal_text(12, 1) == "12.0"          # the pseudo-locale writes English numbers
    i18n.set_language("en")


def test_a_damaged_save_is_told_in_the_language_in_force(shadows_home, german):
    from game.storage import saves

    folder = saves.saves_dir()
    bad = folder / "chasing_x.json"
    bad.write_text("", encoding="utf-8")
    data, notice = saves.load_save(bad)
    assert data is None
    assert "war beschädigt (sie ist leer)" in notice
    assert "das Spiel darin kann nicht fortgesetzt werden" in notice
    listed = saves.SaveInfo(folder / "gone.json", problem=i18n._("it is damaged"))
    assert listed.describe() == "gone.json (sie ist beschädigt)"


def test_the_banner_of_failing_saves_is_one_sentence_in_the_language(german, tmp_path):
    from game.storage import problems

    problems.clear()
    try:
        problems.failed("game", tmp_path / "a.json", OSError(28, "No space left on device"))
        problems.failed("statistics", tmp_path / "b.json", OSError(30, "Read-only file system"))
        text = problems.banner_text()
        assert text.startswith("Speichern schlägt fehl (das Spiel und die Statistik): ")
        assert "der Datenträger ist voll" in text and "nach deinem nächsten Zug" in text
    finally:
        problems.clear()


def test_a_saves_progress_is_shown_in_the_language(german):
    from game.storage.saves import SaveInfo, progress_words

    assert progress_words("round 2") == "Runde 2"
    assert progress_words("turn 11") == "Zug 11"
    assert progress_words("finished") == "beendet"
    assert progress_words("chapter 3") == "chapter 3"      # unknown: shown as it is
    info = SaveInfo(path=None, game_id="hunters", names=["A", "B", "C", "D"], progress="turn 4")
    assert info.describe() == "Shadow Hunters, Zug 4, 4 Personen"


def test_a_damaged_settings_file_is_told_in_the_systems_language(shadows_home, monkeypatch):
    """The settings hold the language: when they cannot be read the app speaks the system's,
    and so does the notice, though it is worded before the app has chosen a language."""
    from game.storage import settings as settings_store

    monkeypatch.setenv("LANGUAGE", "fr")
    path = settings_store.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    settings, notice = settings_store.load_settings()
    assert settings.language == "" and i18n.current() == "en"
    assert "était endommagé" in notice and "les réglages par défaut sont utilisés" in notice


def test_key_names_and_refusals_on_the_keys_page(german):
    from game.ui import controls

    assert controls.key_label("page up") == "Bild auf"
    assert controls.key_label("ctrl+z") == "Strg+Z"
    assert controls.key_label("h") == "H"

    class Settings:
        keys: dict = {}

    assert controls.refusal(Settings(), "hint", "f1") == "F1 ist reserviert für diese Tastenliste."
    assert controls.refusal(Settings(), "hint", "tab") == "Tab ist schon „Auswählen“."
    i18n.set_language("en")
    assert controls.key_label("page up") == "Page Up"        # as the screens showed it before
    assert controls.refusal(Settings(), "hint", "tab") == "Tab already does Select."


def test_statistics_name_characters_as_the_hunters_table_does():
    from game.ui.scenes.stats import hunters_blocks

    record = {"played": 1, "characters": {"Emi": {"played": 1, "won": 1}},
              "factions": {"hunter": {"played": 1, "won": 1}}}
    i18n.set_language("ja")
    try:
        cells = [str(c) for b in hunters_blocks(record) for row in b.rows for c in row]
        assert "エミ" in cells and "ハンター" in cells and "100%" in cells
        i18n.set_language("de")
        cells = [str(c) for b in hunters_blocks(record) for row in b.rows for c in row]
        assert "100\xa0%" in cells
    finally:
        i18n.set_language("en")


def test_with_lang_a_damaged_settings_file_is_told_in_that_language(shadows_home, monkeypatch):
    """`--lang de` on a French system: the notice, worded before the window, is German too,
    and so is the title of the window that tells it."""
    from ui_helpers import make_app, step

    from game.i18n import screens
    from game.storage import settings as settings_store
    from game.ui.scenes.notice import NoticeScene

    monkeypatch.setenv("LANGUAGE", "fr")
    path = settings_store.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    screens.set_override("de")
    try:
        app = make_app((1024, 640))
        try:
            step(app, 3)
            top = app.top
            assert isinstance(top, NoticeScene)
            assert top.title == i18n._("Some files needed attention") != "Some files needed attention"
            assert "Standardeinstellungen" in top.text and "était" not in top.text, top.text
        finally:
            app.quit()
    finally:
        screens.set_override(None)
        i18n.set_language("en")
