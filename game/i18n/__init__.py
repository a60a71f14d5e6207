"""The app's languages: which one is in force, and the helpers every screen translates with.

Plain Python over the standard library's ``gettext`` (no pygame, no Babel at run time), so
the rules layer, the phone server and the screens may all import it. Babel is a developer's
tool here: ``pybabel extract`` finds the texts, ``pybabel compile`` makes the ``.mo`` files
that ship beside the ``.po`` catalogs in ``game/locale/<lang>/LC_MESSAGES/`` (see
docs/translating.md). Plural rules come from each catalog's ``Plural-Forms`` header.

    from game.i18n import _, n_, N_, Msg

    _("Saved games")                          a text in the current language
    _("Continue: {game}", game=title)         named placeholders, filled after translation
    n_("{n} card", "{n} cards", count)        plural by the language's rule; {n} is count
    N_("Quit")                                marks a text for the catalog, translated later
    Msg("{name} draws a card", name="Emi")    data a layer below the screens hands up;
    Msg(...).text()                           translated when shown, so a saved log shows
                                              in whatever language is in force then
    NMsg("{n} card", "{n} cards", "n", n=3)   the same with a plural
    Msg("{p} that you win", p=Percent(62))  a number kept as a number, written the
                                              language's way when shown ("62%", "62 %")

The pseudo-locale ``qps`` wraps every translated text in ``⟦ ⟧``: the tests switch to it
and look at what is drawn for text without the markers (a text nobody translates).
"""

from __future__ import annotations

import copy
import gettext
import locale as _locale
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

DOMAIN = "shadows"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENGLISH = "en"
# The languages a player can choose, each named in itself (the Settings row's buttons).
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語", "de": "Deutsch", "fr": "Français"}
PSEUDO = "qps"   # tests only: every translated text in markers
MARK_OPEN, MARK_CLOSE = "⟦", "⟧"


class _Pseudo(gettext.NullTranslations):
    """English with every translated text wrapped in markers."""

    def gettext(self, message: str) -> str:
        return f"{MARK_OPEN}{message}{MARK_CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"{MARK_OPEN}{singular if n == 1 else plural}{MARK_CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)


_state: dict[str, Any] = {"lang": ENGLISH, "tr": gettext.NullTranslations()}
_listeners: list[Callable[[str], None]] = []


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang``; English (the texts as written) for ``en`` and
    for a language whose catalog is missing."""
    if lang == PSEUDO:
        return _Pseudo()
    if lang == ENGLISH:
        return gettext.NullTranslations()
    try:
        with open(catalog_path(lang), "rb") as f:
            return gettext.GNUTranslations(f)
    except OSError:
        return gettext.NullTranslations()


def normalise(code: str | None) -> str | None:
    """``"de_AT.UTF-8"`` -> ``"de"``; None for a language the app does not have."""
    if not code:
        return None
    base = code.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if base == PSEUDO:
        return PSEUDO
    return base if base in LANGUAGES else None


# What --lang asked for: this run only, never saved (set through game.i18n.screens.set_override;
# kept here so that what is worded before the window, such as a damaged settings file's
# notice, speaks it too).
RUN_OVERRIDE: dict[str, str | None] = {"lang": None}


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language where the app has it, English otherwise. POSIX desktops
    say it in LANGUAGE (a list, by preference), LC_ALL, LC_MESSAGES or LANG; Windows and
    macOS through the C library's locale, which Python reads with ``getlocale``."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value or value in ("C", "POSIX"):
            continue
        for part in value.split(":"):
            found = normalise(part)
            if found is not None and found != PSEUDO:
                return found
        if variable != "LANGUAGE":
            return ENGLISH   # the first of these that is set decides (as gettext does)
    try:
        code = _locale.getlocale(_locale.LC_CTYPE)[0] or ""
    except (ValueError, AttributeError):
        code = ""
    found = normalise(code)
    return found if found is not None and found != PSEUDO else ENGLISH


def current() -> str:
    return _state["lang"]


def set_language(lang: str) -> str:
    """Make ``lang`` the language of every text from now on (an unknown code: English).
    Returns the language set. Listeners (the screens' caches) hear of a change."""
    lang = normalise(lang) or ENGLISH
    changed = lang != _state["lang"]
    _state["lang"] = lang
    _state["tr"] = translations(lang)
    if changed:
        for listener in list(_listeners):
            listener(lang)
    return lang


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` after each change of language (caches of drawn text)."""
    if listener not in _listeners:
        _listeners.append(listener)


def _fill(text: str, params: Mapping[str, Any]) -> str:
    if not params:
        return text
    return text.format_map({k: _shown(v) for k, v in params.items()})


def _shown(value: Any) -> Any:
    return value.text() if isinstance(value, (Msg, Figure)) else value


def _(message: str, **params: Any) -> str:
    """``message`` in the current language, its ``{name}`` placeholders filled."""
    return _fill(_state["tr"].gettext(message), params)


def p_(context: str, message: str, **params: Any) -> str:
    """Like ``_`` for a short text whose meaning depends on where it stands (a button
    "Open" beside "Close" is not the adjective): the context tells the translator."""
    return _fill(_state["tr"].pgettext(context, message), params)


def n_(singular: str, plural: str, n: int, **params: Any) -> str:
    """The form of ``singular``/``plural`` that ``n`` takes in the current language, with
    ``{n}`` and the other placeholders filled."""
    return _fill(_state["tr"].ngettext(singular, plural, n), {"n": n, **params})


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it (a table of labels made
    at import time is translated where it is shown, with ``_(label)``)."""
    return message


def NP_(context: str, message: str) -> str:
    """``N_`` with a context, translated later with ``p_(context, message)``."""
    return message


@dataclass(frozen=True)
class Msg:
    """A text as data: the English message id and its parameters (numbers, names, other
    ``Msg``). What a layer below the screens produces and a save may keep: it is turned
    into words only when shown, in the language in force then. ``plural`` with ``count``
    chooses a plural form by the parameter named ``count``."""

    id: str
    params: tuple = ()
    plural: str = ""
    count: str = ""

    def __init__(self, id: str, plural: str = "", count: str = "", **params: Any) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def text(self) -> str:
        params = dict(self.params)
        if self.plural:
            n = int(params[self.count])
            return _fill(_state["tr"].ngettext(self.id, self.plural, n), {"n": n, **params})
        return _fill(_state["tr"].gettext(self.id), params)

    __str__ = text

    def to_data(self) -> dict:
        """JSON-ready: what a save or a log keeps."""
        data: dict[str, Any] = {"msg": self.id,
                                "params": {k: v.to_data() if isinstance(v, (Msg, Figure)) else v
                                           for k, v in self.params}}
        if self.plural:
            data["plural"], data["count"] = self.plural, self.count
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "Msg":
        params = {k: cls.from_data(v) if isinstance(v, Mapping) and "msg" in v
                  else Figure.from_data(v) if isinstance(v, Mapping) and "figure" in v else v
                  for k, v in data.get("params", {}).items()}
        return cls(data["msg"], plural=data.get("plural", ""), count=data.get("count", ""),
                   **params)


class Figure:
    """A number that a message shows with its unit or its decimals: kept as the number in
    the data (it compares equal to it), written the way the language in force writes it
    only when the message is shown (``game.i18n.numbers``: "62%" in English and Japanese,
    "62 %" and "4,5" in German and French). A "%" or a decimal point written into a
    message would stay English in every language."""

    def text(self) -> str:
        raise NotImplementedError

    def to_data(self) -> dict:
        raise NotImplementedError

    @staticmethod
    def from_data(data: Mapping[str, Any]) -> Any:
        if data.get("figure") == "percent":
            return Percent(data["value"], signed=bool(data.get("signed")))
        if data.get("figure") == "decimal":
            return Decimal(data["value"], int(data.get("digits", 1)))
        return data


class Percent(Figure, int):
    """A whole percentage (62 for 62 %); ``signed`` writes a sign before it, "+12%" and
    "−12%", as a change of a chance."""

    signed = False

    def __new__(cls, value: int, signed: bool = False) -> "Percent":
        self = int.__new__(cls, value)
        if signed:
            self.signed = True
        return self

    def text(self) -> str:
        from game.i18n.numbers import percent_text

        if not self.signed:
            return percent_text(int(self) / 100)
        return ("+" if self >= 0 else "\u2212") + percent_text(abs(int(self)) / 100)

    def to_data(self) -> dict:
        data: dict[str, Any] = {"figure": "percent", "value": int(self)}
        if self.signed:
            data["signed"] = True
        return data

    def __repr__(self) -> str:
        return f"Percent({int(self)}{', signed=True' if self.signed else ''})"

    def __str__(self) -> str:       # the number, as an int says it (not the repr)
        return int.__repr__(self)


class Decimal(Figure, float):
    """A number with ``digits`` decimals (4.5 points, 1.2 s), the decimal sign the
    language's."""

    digits = 1

    def __new__(cls, value: float, digits: int = 1) -> "Decimal":
        self = float.__new__(cls, round(float(value), digits))
        if digits != 1:
            self.digits = digits
        return self

    def text(self) -> str:
        from game.i18n.numbers import decimal_text

        return decimal_text(float(self), self.digits)

    def to_data(self) -> dict:
        return {"figure": "decimal", "value": float(self), "digits": self.digits}

    def __repr__(self) -> str:
        return f"Decimal({float(self)!r}, {self.digits})"

    def __str__(self) -> str:
        return float.__repr__(self)


def NMsg(singular: str, plural: str, count: str, **params: Any) -> Msg:
    """A ``Msg`` with a plural: the form is chosen by the parameter named ``count``."""
    return Msg(singular, plural=plural, count=count, **params)


def shown(value: Any) -> str:
    """A text for the screen from whatever a lower layer handed up: a ``Msg``, or one kept
    as data in a save or log (``{"msg": ..., "params": ...}``), is translated; a plain
    string (a layer not converted yet) is shown as it is, so the pseudo-locale's scan
    still finds it."""
    if isinstance(value, (Msg, Figure)):
        return value.text()
    if isinstance(value, Mapping) and isinstance(value.get("msg"), str):
        return Msg.from_data(value).text()
    return "" if value is None else str(value)


def uses_spaces(lang: str | None = None) -> bool:
    """Whether the language puts spaces between words (Japanese does not: a line may be
    broken between any two characters, with a few exceptions)."""
    return (lang or current()) != "ja"


# Characters a Japanese line must not start with (closing brackets, small kana, marks of
# punctuation): kinsoku shori, the line-breaking rule of Japanese typesetting.
NO_LINE_START = set("、。，．・：；？！ー～）」』】〕》〉ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥,.:;!?)]}%")
# ... and the opening brackets a line must not end with (they stay with what they open)
NO_LINE_END = set("（「『【〔《〈([{“‘")


def break_units(paragraph: str, lang: str | None = None) -> tuple[list[str], str]:
    """The pieces a paragraph may be broken between, and what joins two of them on one
    line: words and a space, or (Japanese) runs of characters and nothing. A Latin word
    inside Japanese text stays whole; a character that may not start a line stays with
    the one before it, an opening bracket with the one after it."""
    if uses_spaces(lang):
        return paragraph.split(" "), " "
    # A space starts a unit of its own and the Latin word after it joins that unit, so a
    # line may begin or end at the space but never loses it in the middle of a line.
    units: list[str] = []
    for ch in paragraph:
        if units and (ch in NO_LINE_START or units[-1][-1] in NO_LINE_END
                      or (ch.isascii() and ch != " " and units[-1][-1:].isascii())):
            units[-1] += ch
        else:
            units.append(ch)
    return units, ""


def font_files(lang: str | None = None) -> tuple[str, str]:
    """The pygame-gui data fonts (regular, bold) that have this language's letters:
    Noto Sans for the Latin alphabets, Noto Sans JP (its Latin letters too) for Japanese."""
    if (lang or current()) == "ja":
        return "NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"
    return "NotoSans-Regular.ttf", "NotoSans-Bold.ttf"


MONTHS = (NP_("month", "Jan"), NP_("month", "Feb"), NP_("month", "Mar"), NP_("month", "Apr"),
          NP_("month", "May"), NP_("month", "Jun"), NP_("month", "Jul"), NP_("month", "Aug"),
          NP_("month", "Sep"), NP_("month", "Oct"), NP_("month", "Nov"), NP_("month", "Dec"))


def date_text(when) -> str:
    """A date and time (a ``datetime`` or a ``time.struct_time``) the way the language
    writes it: the order and the words are the catalog's ("6 Dec 2026, 09:15",
    "2026年12月6日 09:15", "6. Dez. 2026, 09:15", "6 déc. 2026, 09:15")."""
    if hasattr(when, "tm_year"):
        year, month, day, hour, minute = (when.tm_year, when.tm_mon, when.tm_mday,
                                          when.tm_hour, when.tm_min)
    else:
        year, month, day, hour, minute = when.year, when.month, when.day, when.hour, when.minute
    # Translators: a date and time; {month} is a month's short name from the list above
    return _("{day} {month} {year}, {time}", day=day, month=p_("month", MONTHS[month - 1]),
             month_number=month, year=year, time=f"{hour:02d}:{minute:02d}")


def gui_locale(lang: str | None = None) -> str:
    """pygame-gui's locale for ours: its own words (a text field's menu, the file dialog)
    and its default font follow it; the pseudo-locale is English to pygame-gui."""
    lang = lang or current()
    return lang if lang in LANGUAGES else ENGLISH


def _font_resource(name: str) -> dict:
    return {"package": "pygame_gui.data", "resource": name}


def theme_fonts(theme: dict, lang: str | None = None) -> dict:
    """``theme`` with a Japanese variant beside each font (Noto Sans JP at the same size
    and weight) when the language is Japanese. pygame-gui picks a font block's variant by
    its manager's locale; it loads every variant a theme names, so the 9 MB of Japanese
    faces are named only while Japanese is in force."""
    lang = lang or current()
    if lang != "ja":
        return theme
    theme = copy.deepcopy(theme)
    regular, bold = font_files("ja")
    latin_regular, latin_bold = font_files("en")
    for block in theme.values():
        font: Any = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            ja = {k: v for k, v in font.items() if k not in ("locale", "name")}
            ja.update(locale="ja", name="noto_sans_jp", regular_resource=_font_resource(regular),
                      bold_resource=_font_resource(bold))
            if font.get("name") == "noto_sans" and "regular_resource" not in font:
                # pygame-gui knows where Noto Sans is only while it is the locale's default
                font = dict(font, regular_resource=_font_resource(latin_regular),
                            bold_resource=_font_resource(latin_bold))
            block["font"] = [font, ja]
    return theme


class speaking:
    """``with speaking("de"):`` texts made inside are in German, the language in force
    before comes back after (no listener hears of it: nothing on screen changes). For
    words made on the main thread for someone else, such as a phone whose browser speaks
    another language than the table."""

    def __init__(self, lang: str | None) -> None:
        self.lang = normalise(lang) or ENGLISH

    def __enter__(self) -> "speaking":
        self.saved = (_state["lang"], _state["tr"])
        _state["lang"], _state["tr"] = self.lang, translations(self.lang)
        return self

    def __exit__(self, *exc) -> None:
        _state["lang"], _state["tr"] = self.saved


def browser_language(accept: str | None, chosen: str | None = None) -> str:
    """A phone page's language: the one chosen on the page (``chosen``), else the first of
    the browser's Accept-Language list the app has (``"de-CH,de;q=0.9,en;q=0.8"``), else
    English."""
    found = normalise(chosen)
    if found is not None and found != PSEUDO:
        return found
    weighted = []
    for i, part in enumerate((accept or "").split(",")[:20]):
        tag, _semi, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        found = normalise(tag.strip())
        if found is not None and found != PSEUDO and weight > 0:
            weighted.append((-weight, i, found))
    return min(weighted)[2] if weighted else ENGLISH


def _number_locale() -> str:
    lang = current()
    return lang if lang in LANGUAGES else ENGLISH   # the pseudo-locale writes English numbers


# numbers writes in the language in force: it asks this module, which imports it (not back)
from game.i18n import numbers as _numbers  # noqa: E402

_numbers.locale_code = _number_locale
