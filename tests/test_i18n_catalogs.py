"""The gettext catalogs: complete in every language, nothing fuzzy, placeholders as in
English, the compiled .mo files made from the .po files as they are, and the texts the
screens and data layers mark all in the template. Plus the helpers of game.i18n."""

from __future__ import annotations

import datetime
import io
import re
import string
from pathlib import Path

import pytest

from game import i18n
from game.i18n import LANGUAGES, Msg, NMsg, _, n_

babel = pytest.importorskip("babel", reason="Babel is in the dev extra")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_keywords  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "game" / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
KEYWORDS = "_ n_:1,2 p_:1c,2 N_ NP_:1c,2 Msg NMsg:1,2"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def po(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "shadows.po", "rb") as f:
        return read_po(f, locale=lang)


def placeholders(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def ids(msg) -> tuple:
    return tuple(msg.id) if isinstance(msg.id, (tuple, list)) else (msg.id,)


def test_pyproject_keywords_are_the_ones_this_test_extracts_with():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'keywords = "{KEYWORDS}"' in text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_not_fuzzy_and_keeps_the_placeholders(lang):
    catalog = po(lang)
    problems = []
    for msg in catalog:
        if not msg.id:
            continue
        english = set().union(*(placeholders(i) for i in ids(msg)))
        forms = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        if msg.fuzzy:
            problems.append(f"fuzzy: {msg.id!r}")
        if not all(forms):
            problems.append(f"untranslated: {msg.id!r}")
            continue
        if isinstance(msg.id, (tuple, list)):
            if len(forms) != catalog.num_plurals:
                problems.append(f"{len(forms)} forms, {catalog.num_plurals} wanted: {msg.id!r}")
            # a singular form may say "one" instead of {n}; together they say all
            got = set().union(*(placeholders(f) for f in forms))
            if got != english or any(not placeholders(f) <= english for f in forms):
                problems.append(f"placeholders {sorted(got)} != {sorted(english)}: {msg.id!r}")
        elif placeholders(forms[0]) != english:
            problems.append(f"placeholders {sorted(placeholders(forms[0]))} != "
                            f"{sorted(english)}: {msg.id!r}")
    assert problems == []


def source_messages() -> set:
    method_map = [("**.py", "python")]
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "game"), method_map, keywords=parse_keywords(KEYWORDS.split())):
        key = tuple(message) if isinstance(message, (tuple, list)) else message
        if isinstance(key, tuple) and len(key) == 1:
            key = key[0]
        found.add((context, key))
    return found


def catalog_keys(catalog) -> set:
    return {(m.context, tuple(m.id) if isinstance(m.id, (tuple, list)) else m.id)
            for m in catalog if m.id}


def test_every_marked_text_is_in_the_template_and_every_language():
    """A text marked in the code (``_``, ``n_``, ``N_``...) but missing from a catalog
    would show in English: run pybabel extract and update (docs/translating.md)."""
    wanted = source_messages()
    with open(LOCALE / "shadows.pot", "rb") as f:
        template = catalog_keys(read_po(f))
    assert sorted(map(str, wanted - template)) == []
    for lang in TRANSLATED:
        assert sorted(map(str, wanted - catalog_keys(po(lang)))) == [], lang


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_made_from_the_po_as_it_is(lang):
    out = io.BytesIO()
    write_mo(out, po(lang))
    mo = (LOCALE / lang / "LC_MESSAGES" / "shadows.mo").read_bytes()
    assert mo == out.getvalue(), "run: pybabel compile (docs/translating.md)"


def test_the_catalogue_data_texts_are_all_listed_for_the_catalog():
    """Titles, pitches and options the catalogue holds as data are translated where
    shown; game/i18n/data_texts.py lists them for pybabel."""
    from game.catalog import GAMES  # the app's own (tests register a tiny game beside them)
    from game.i18n import data_texts
    from game.ui.scenes.setup import choice_label

    listed = set(data_texts.GAMES + data_texts.OPTIONS + data_texts.VALUES
                 + data_texts.STATS_WORDS)
    wanted = set()
    for spec in GAMES:
        wanted |= {spec.title, spec.pitch}
        for opt in spec.options:
            wanted |= {opt.label, opt.help}
            wanted |= {choice_label(c) for c in opt.choices if not c.isdigit()}
    assert sorted(wanted - listed) == []


# --- the helpers ------------------------------------------------------------------------

def test_plural_forms_follow_each_language():
    expected = {
        "en": ("0 games", "1 game", "2 games"),
        "de": ("0 Partien", "1 Partie", "2 Partien"),
        "fr": ("0 partie", "1 partie", "2 parties"),     # French: 0 is singular
        "ja": ("0戦", "1戦", "2戦"),                      # one form, a counter
    }
    for lang, forms in expected.items():
        i18n.set_language(lang)
        assert tuple(n_("{n} game", "{n} games", n) for n in (0, 1, 2)) == forms


def test_dates_in_each_languages_format():
    when = datetime.datetime(2026, 5, 6, 9, 5)
    expected = {"en": "6 May 2026, 09:05", "de": "6. Mai 2026, 09:05",
                "fr": "6 mai 2026, 09:05", "ja": "2026年5月6日 09:05"}
    for lang, text in expected.items():
        i18n.set_language(lang)
        assert i18n.date_text(when) == text
        assert i18n.date_text(when.timetuple()) == text


def test_a_msg_is_data_and_shows_in_the_language_of_the_moment():
    msg = Msg("Pass to {name}", name="Emi")
    saved = msg.to_data()
    assert saved == {"msg": "Pass to {name}", "params": {"name": "Emi"}}
    again = Msg.from_data(saved)
    assert again == msg
    assert again.text() == "Pass to Emi"
    i18n.set_language("de")
    assert again.text() == "Weitergeben an Emi"
    steps = NMsg("{n} step", "{n} steps", "n", n=3)
    assert Msg.from_data(steps.to_data()).text() == "3 Schritte"
    nested = Msg("Continue: {game}", game=Msg("Shadow Hunters"))
    i18n.set_language("ja")
    assert Msg.from_data(nested.to_data()).text() == "続ける：シャドウハンターズ"


def test_a_log_kept_as_data_shows_in_the_language_of_the_moment():
    """What a rules layer would keep in a saved log: ids and parameters, not sentences."""
    import json

    saved = json.loads(json.dumps([Msg("Pass to {name}", name="Emi").to_data(),
                                   NMsg("{n} step", "{n} steps", "n", n=1).to_data(),
                                   "an old plain line"]))
    assert [i18n.shown(e) for e in saved] == ["Pass to Emi", "1 step", "an old plain line"]
    i18n.set_language("fr")
    assert [i18n.shown(e) for e in saved] == ["Passez à Emi", "1 étape", "an old plain line"]


def test_the_pseudo_locale_marks_every_translated_text():
    i18n.set_language(i18n.PSEUDO)
    assert _("Quit") == "⟦Quit⟧"
    assert n_("{n} game", "{n} games", 2) == "⟦2 games⟧"
    assert Msg("Pass to {name}", name="Emi").text() == "⟦Pass to Emi⟧"


def test_the_first_start_follows_the_system_language():
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.system_language({"LANGUAGE": "pt:fr", "LANG": "pt_BR.UTF-8"}) == "fr"
    assert i18n.system_language({"LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR"}) == "ja"
    assert i18n.system_language({"LANG": "pt_BR.UTF-8"}) == "en"     # not one of ours
    assert i18n.normalise("fr-CA") == "fr" and i18n.normalise("xx") is None


def test_japanese_lines_break_between_characters_but_not_before_closing_marks():
    units, joint = i18n.break_units("カードを1枚引く。Shadow Hunters です", "ja")
    assert joint == ""
    assert "".join(units) == "カードを1枚引く。Shadow Hunters です"
    assert "く。" in units and "Shadow" in units        # 。 stays with its character
    assert not any(u[:1] in i18n.NO_LINE_START for u in units[1:])
    assert " Hunters" in units                          # the space stays between words
    assert i18n.break_units("two words", "de") == (["two", "words"], " ")


def test_an_unknown_or_missing_catalog_falls_back_to_english(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.translations("de").gettext("Quit") == "Quit"
    assert i18n.set_language("xx") == "en"


def test_placeholders_are_named_never_positional():
    """Every msgid's placeholders have names, so a translation may put them in any order."""
    with open(LOCALE / "shadows.pot", "rb") as f:
        template = read_po(f)
    positional = [m.id for m in template if m.id and any(
        re.search(r"\{\d*\}", i) for i in ids(m))]
    assert positional == []
