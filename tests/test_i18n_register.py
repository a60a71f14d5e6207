"""One register per language, and numbers written the language's way.

French speaks to the player as "vous" everywhere (the coach, the rules, every table; the
usual choice for French game apps and rulebooks); German says "du" everywhere. A catalog
entry in the other register fails here. And no message glues "%" or a unit to a number
placeholder: the number is a ``game.i18n.Percent``/``Decimal`` that each language writes its
own way ("62 %" in German and French)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.i18n import LOCALE_DIR, Decimal, Msg, Percent

PLACEHOLDER = re.compile(r"\{[^{}]*\}")

# --- French: tu/te/toi/ton/ta/tes and the verb forms only "tu" takes ------------------------
TU_PRONOUNS = re.compile(r"(?<![\w'’-])(tu|te|toi|ton|ta|tes)(?![\w'’-])|(?<![\w-])t['’]|-(toi|tu)\b",
                         re.I)
# imperatives whose "tu" form differs from the third person ("prends", "choisis"); an -er
# verb's "regarde" is also "il regarde", so it cannot be told apart and is not listed
TU_IMPERATIVES = ("choisis", "prends", "fais", "finis", "attends", "réunis", "tiens", "va",
                  "lis", "vois", "mets", "remets", "dis", "sois", "reprends", "saisis", "reviens",
                  "sors", "écris", "bats", "cours", "pars", "viens", "bois", "obtiens", "retiens",
                  "apprends", "comprends", "rends", "réfléchis", "agis", "bâtis", "remplis")
CLAUSE_START = r"(?:^|(?<=[.:;!?—–«(\n])\s*|(?<=, )|(?<=\bpuis )|(?<=\bet )|(?<=\bou ))"
TU_IMPERATIVE = re.compile(CLAUSE_START + r"(" + "|".join(TU_IMPERATIVES) + r")(?![\w-])", re.I)
# present-tense forms that only "tu" (or "je", let through) takes
TU_ONLY = re.compile(r"(?<!\bje )(?<!\bj['’])\b(peux|dois|veux|sais|vas|as|es)\b(?!-)", re.I)
# Entries whose words look like "tu" but are not (none today: a card or place name that
# needs one goes here, with why)
FR_ALLOWED: dict[str, str] = {}

# --- German: the formal "Sie"/"Ihr" in the middle of a sentence --------------------------------
# At the start of a sentence (or after a colon) "Sie" is also "she/they", so only forms
# after a lower-case word count; "du" forms are the register.
DE_FORMAL = re.compile(r"(?<=[a-zäöüß,] )(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")
DE_ALLOWED: dict[str, str] = {}


def entries(lang: str):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "shadows.po", "rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        for s in strings:
            yield ids[0], PLACEHOLDER.sub("X", s or "")


def tu_forms(text: str) -> list[str]:
    found = [m.group(0) for m in TU_PRONOUNS.finditer(text)]
    found += [m.group(1) for m in TU_IMPERATIVE.finditer(text)]
    return found + [m.group(0) for m in TU_ONLY.finditer(text)]


def test_the_detector_finds_tu_and_lets_vous_through():
    assert tu_forms("Choisis une carte de ta collection")
    assert tu_forms("maintenant tu dois : X") and tu_forms("l'Espion t'est tombé dessus")
    assert tu_forms("Bloqué ? Appuie, puis prends la carte") and tu_forms("tiens-toi à l'écart")
    assert tu_forms("Comment paies-tu ?")
    assert not tu_forms("Choisissez une carte de votre collection ; vous pouvez la garder.")
    assert not tu_forms("La partie est terminée : je peux rejouer. Lance de Longinus, Toge sacrée")


def test_french_says_vous_everywhere():
    found = [(mid, text, tu_forms(text)) for mid, text in entries("fr")
             if mid not in FR_ALLOWED and tu_forms(text)]
    assert found == [], "French entries in 'tu' (the app says 'vous'):\n" + "\n".join(
        f"  {mid!r}: {text!r} {forms}" for mid, text, forms in found[:20])


def test_german_says_du_everywhere():
    found = [(mid, text) for mid, text in entries("de")
             if mid not in DE_ALLOWED and DE_FORMAL.search(text)]
    assert found == [], "German entries with 'Sie' (the app says 'du'):\n" + "\n".join(
        f"  {mid!r}: {text!r}" for mid, text in found[:20])
    assert sum(1 for _mid, text in entries("de") if re.search(r"\b(du|dein\w*|dir|dich)\b", text)) > 100


# --- numbers -----------------------------------------------------------------------------
def test_no_message_glues_a_percent_sign_to_a_number():
    """"{win}%" would stay "62%" in German and French; a Percent parameter is written the
    language's way. A literal figure ("95%") is a parameter too."""
    with open(LOCALE_DIR / "shadows.pot", "rb") as f:
        template = read_po(f)
    glued = [m.id for m in template
             if m.id and re.search(r"(\}|\d) ?%", m.id if isinstance(m.id, str) else " ".join(m.id))]
    assert glued == []


@pytest.mark.parametrize("lang, percent, signed, decimal", [
    ("en", "62%", "−5%", "12.5"), ("ja", "62%", "−5%", "12.5"),
    ("de", "62\u00a0%", "−5\u00a0%", "12,5"), ("fr", "62\u00a0%", "−5\u00a0%", "12,5")])
def test_figures_in_messages_follow_the_language_and_stay_numbers_in_the_data(
        lang, percent, signed, decimal):
    msg = Msg("{target}: {ally} that they are on your side", target="Emi", ally=Percent(62))
    swing = Percent(-5, signed=True)
    try:
        i18n.set_language(lang)
        assert percent in msg.text()
        assert swing.text() == signed and Percent(7, signed=True).text().startswith("+")
        assert Decimal(12.49, 1).text() == decimal
        data = msg.to_data()
        assert data["params"]["ally"] == {"figure": "percent", "value": 62}
        again = Msg.from_data(data)
        assert again == msg and again.text() == msg.text()
        assert Msg.from_data(Msg("{s}", s=swing).to_data()).text() == signed
    finally:
        i18n.set_language("en")
    assert msg.params == (("ally", 62), ("target", "Emi"))      # a number to compare with
    assert f"{Percent(62)}" == "62" and str(Decimal(2.5)) == "2.5"


def test_the_coach_and_analysis_hand_up_their_percents_as_figures():
    from game.advice import chasing, harsh, hunters
    from game.analysis.core import Analysis

    assert chasing and harsh and hunters and Analysis     # modules whose messages changed
    from collections import Counter

    msg = harsh.reason(10, Counter({"won": 4, "bomb": 6}))
    assert isinstance(dict(msg.params)["lost"], Percent)
    i18n.set_language("fr")
    try:
        assert "(60\u00a0%)" in msg.text()
    finally:
        i18n.set_language("en")
    assert msg.text().endswith("(60%)")


# --- names -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["de", "fr", "ja"])
def test_setup_names_each_location_as_the_table_does(lang):
    """Setup's "<Location> ability" option names the Location in the words the table and
    the rules use ("Frühlingskarneval", not "Spring Carnival")."""
    from game.catalog import get_game

    options = [o for o in get_game("harsh").options if o.key.startswith("ability_")]
    assert len(options) == 9
    try:
        i18n.set_language(lang)
        for option in options:
            place = option.label[:-len(" ability")]
            assert i18n._(place) != place, place
            assert i18n._(place) in i18n._(option.label), (i18n._(option.label), i18n._(place))
    finally:
        i18n.set_language("en")


# --- Japanese lines ----------------------------------------------------------------------
def test_a_japanese_line_never_ends_with_an_opening_bracket():
    units, _joint = i18n.break_units("王立図書館へ移動（北）「はい」", "ja")
    assert "".join(units) == "王立図書館へ移動（北）「はい」"
    assert not any(u[-1] in i18n.NO_LINE_END for u in units)


def test_a_japanese_line_keeps_the_spaces_in_its_middle():
    """A hint row is "65%±21  <choice>": the gap between figure and words survives the
    wrapping of a language that joins its pieces with nothing."""
    import pygame

    from game.ui import draw

    pygame.font.init()
    try:
        i18n.set_language("ja")
        lines = draw.wrap("65%±21  クリスタル・グローブ・カジノへ移動（北西）", 16, 200)
        assert lines[0].startswith("65%±21  ク")
        assert all(line == line.strip() and line[-1] not in i18n.NO_LINE_END for line in lines)
        assert draw.wrap("移動（北）" * 6, 16, 60)[0][-1] != "（"
    finally:
        i18n.set_language("en")
    assert " ".join(draw.wrap("the quick brown fox", 16, 70)) == "the quick brown fox"


def test_percent_columns_keep_their_decimals():
    from game.i18n.numbers import percent_text

    try:
        for lang, four, some in (("en", "4.0%", "5.9%"), ("de", "4,0\u00a0%", "5,9\u00a0%"),
                                 ("ja", "4.0%", "5.9%")):
            i18n.set_language(lang)
            assert (percent_text(0.04, 1), percent_text(0.0594, 1)) == (four, some)
    finally:
        i18n.set_language("en")


def test_japanese_counts_things_with_their_counters():
    """Japanese has one plural form and counts with a counter word: cards 枚, people 人,
    games 戦 ("3枚", never "3カード")."""
    with open(LOCALE_DIR / "ja" / "LC_MESSAGES" / "shadows.po", "rb") as f:
        catalog = read_po(f)
    counted = 0
    for m in catalog:
        if not isinstance(m.id, (list, tuple)):
            continue
        assert len(m.string) == 1, m.id          # nplurals=1
        for word, counter in (("card", "枚"), ("player", "人"), ("game", "戦")):
            if re.search(r"\{n\} " + word + r"\b", m.id[0]):
                assert "{n}" + counter in m.string[0], (m.id[0], m.string[0])
                counted += 1
    assert counted >= 8
    try:
        i18n.set_language("ja")
        assert i18n.n_("{n} card in hand", "{n} cards in hand", 3) == "手札3枚"
    finally:
        i18n.set_language("en")


# --- the rules screen's headings ------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["chasing", "harsh", "hunters"])
def test_the_rules_screen_has_the_same_headings_in_every_language(game_id):
    """A language without capitals marks a heading with "# " (Japanese): its rules screen
    shows as many headings as the English one, and never a "#"."""
    from game import catalog
    from game.ui.scenes.rules import rules_blocks

    spec = catalog.get_game(game_id)
    english = [b.kind for b in rules_blocks(spec)]
    try:
        for lang in ("de", "fr", "ja"):
            i18n.set_language(lang)
            blocks = rules_blocks(spec)
            assert [b.kind for b in blocks].count("h") == english.count("h"), lang
            assert not any(b.text.startswith("#") for b in blocks), lang
    finally:
        i18n.set_language("en")


# A place's name comes in the nominative ("Königliche Bibliothek", "Cimetière"): after a
# preposition that needs an article or a case ("nach Königliche Bibliothek", "aller à
# Cimetière") it reads wrong. So a move button puts the place after a colon ("Ziehen nach:
# Kirche"), and a sentence names it in apposition to the game's own word for it, which
# takes the case instead ("zum Ort Königliche Bibliothek", "ins Gebiet Kirche", "au Lieu
# Cimetière").
PLACE_AFTER_PREPOSITION = {
    "de": re.compile(r"\b(nach|zu|zum|zur|in|im|ins|an|am|auf|von|vom|aus|bei)\s+\{(place|area|location)\}", re.I),
    "fr": re.compile(r"\b(à|au|de|du|vers|dans|sur)\s+\{(place|area|location)\}", re.I),
}


@pytest.mark.parametrize("lang", sorted(PLACE_AFTER_PREPOSITION))
def test_no_text_puts_a_place_after_a_preposition_that_would_inflect_it(lang):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "shadows.po", "rb") as f:
        catalog = read_po(f)
    texts = [(m.id, m.string) for m in catalog
             if isinstance(m.id, str) and re.search(r"\{(place|area|location)\}", m.id)]
    assert len(texts) >= 40                 # Harsh's Locations and Hunters' Areas, in every kind of text
    assert sum(msgid.startswith("Move to {") for msgid, _ in texts) == 3   # the move buttons among them
    bad = [(msgid, s) for msgid, s in texts if PLACE_AFTER_PREPOSITION[lang].search(s)]
    assert not bad, bad
