"""The phone page's own words (assets/phone/index.html and phone.js), in the phone's
language: ``/words.js`` hands the page a table from English to that language, which
phone.js reads through ``T(text)``. The language is the one chosen on the page (a cookie),
else the browser's (Accept-Language), else English: a phone need not speak the table's.

Only this module knows the list; a test checks that every ``T("...")`` in phone.js and
every ``data-t`` text in index.html is in it.
"""

from __future__ import annotations

import json

from game import i18n
from game.i18n import N_

WORDS = (
    # index.html
    N_("connecting…"), N_("Connecting to the table…"), N_("What just happened"),
    N_("Colours"), N_("Default"), N_("Red–green safe"), N_("High contrast"), N_("Text size"),
    N_("Language"),
    # phone.js
    N_("The table closed the connection: a message from this page was too long."),
    N_("The table closed the connection before this page said which seat it is for."),
    N_("The table heard nothing from this page for half a minute and closed the connection."),
    N_("Stopped"), N_("Open the link shown on the table's screen."), N_("no seat"),
    N_("connected"), N_("The table closed this seat's connection."), N_("closed"),
    N_("game ended"), N_("The table has closed this game."), N_("game closed"),
    N_("Connecting again…"), N_("reconnecting…"), N_("Something went wrong."), N_("moved"),
    N_("Play this seat here again"),
    N_("If that was not you, ask the table for a new key (Menu, then Phones). Playing here "
       "again takes the seat back from the other device."),
    N_("The table could not read a message from this page: {why}."),
    N_("Not connected: trying again…"), N_("Your turn"), N_("The game is over."),
    N_("Your Hermit card"), N_("Your character is covered"),
    N_("Tap to look (keep the screen to yourself)"), N_("{damage} of {hp} damage"),
    N_("Revealed to everyone."), N_("Hidden from everyone else."), N_("Dead."), N_("Cover"),
    N_("Your character"), N_("Wins: "), N_("Only you know"), N_("Players"),
    N_("What is {name}?"), N_("Hunter"), N_("Shadow"), N_("Neutral"), N_("Your notebook"),
    N_("Opening the seat of this link…"),
    # issue 44: what a screen reader says, the table's palette, the phone's sound cues
    N_("As on the table"), N_("As on the table ({palette})"), N_("Sounds on this phone"),
    N_("Your choices"), N_("Your hand"), N_("{count} cards, {playable} can be played now"),
    # Translators: a card named for a screen reader, e.g. "Red 7"
    N_("{suit} {rank}"), N_("{card}, play it"),
    N_("Blue"), N_("Red"), N_("Yellow"), N_("Grey"),
)

COOKIE = "lang"


def words(lang: str) -> dict[str, str]:
    """English -> ``lang`` for every word of the page (made off the main thread: a
    catalog object of its own, never the app's language in force)."""
    tr = i18n.translations(lang)
    return {w: tr.gettext(w) for w in WORDS}


def script(lang: str) -> bytes:
    """/words.js: the table and the language's code, for phone.js (a script file, as the
    page's Content-Security-Policy allows no script written into the page)."""
    table = json.dumps(words(lang), ensure_ascii=False, sort_keys=True)
    langs = json.dumps(i18n.LANGUAGES, ensure_ascii=False)
    return (f'"use strict";\nconst LANG = {json.dumps(lang)};\nconst LANGUAGES = {langs};\n'
            f"const WORDS = {table};\n").encode("utf-8")
