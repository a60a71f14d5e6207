"""Numbers the way the language in force writes them, from Babel's CLDR data: a decimal
comma in German and French ("4,5"), a space before the percent sign there ("12 %"),
and the English forms in English and Japanese.

    percent_text(0.123)            "12%", "12 %"
    percent_text(0.1234, 1)        "12.3%", "12,3 %"
    percent_text(0.04, 1)          "4.0%", "4,0 %"
    decimal_text(4.25, 1)          "4.2", "4,2"

Pure Python (no pygame): the rules, the coach and the screens may all use it. Babel is
imported on first use, so a start that shows no number does not load its data.
"""

from __future__ import annotations

from functools import lru_cache


def locale_code() -> str:
    """The language in force, as Babel names it. ``game.i18n`` puts its own answer here when
    it loads (it imports this module for its ``Percent`` and ``Decimal``, so this module does
    not import it back); English before that."""
    return "en"


def _locale() -> str:
    return locale_code()


@lru_cache(maxsize=None)
def _babel_locale(code: str):
    from babel import Locale

    return Locale.parse(code)


def percent_text(share: float, digits: int = 0) -> str:
    """``share`` (0.123 for 12.3 %) as a percentage with exactly ``digits`` decimals (a
    column of them lines up: "4,0 %" under "5,9 %"), in the language's own pattern."""
    from babel.numbers import format_percent

    return format_percent(round(float(share), digits + 2), format=_percent_pattern(_locale(), digits),
                          locale=_babel_locale(_locale()))


@lru_cache(maxsize=None)
def _percent_pattern(code: str, digits: int) -> str:
    """The language's percent pattern ("#,##0\u00a0%" in German) with ``digits`` decimals."""
    pattern = _babel_locale(code).percent_formats[None].pattern
    if digits <= 0:
        return pattern
    at = pattern.rindex("0") + 1      # after the last digit of the whole part
    return pattern[:at] + "." + "0" * digits + pattern[at:]


def decimal_text(value: float, digits: int = 1) -> str:
    """``value`` with exactly ``digits`` decimals and the language's decimal sign."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(value, format=pattern, locale=_babel_locale(_locale()))
