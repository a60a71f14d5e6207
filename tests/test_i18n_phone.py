"""The phone page speaks its browser's language (or the one chosen on it), whatever the
table's: its fixed words from /words.js, the seat's state and the server's refusals in the
language its hello said."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import aiohttp
import pytest
from phone_driver import Table, next_of

from game import i18n
from game.net import phone_words

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "assets" / "phone"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_word_of_the_page_is_in_its_word_list():
    js = (PAGE / "phone.js").read_text(encoding="utf-8")
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    said = set(re.findall(r'\bT\("((?:[^"\\]|\\.)*)"', js))
    # a T( ... ) whose text is split over two lines with +
    said |= {a + b for a, b in re.findall(r'\bT\("([^"]*)" \+\s*"([^"]*)"', js)}
    said |= {t.strip() for t in re.findall(r"data-t>([^<]+)<", html)}
    said |= {"Hunter", "Shadow", "Neutral"}        # T(f) over the notebook's factions
    missing = sorted(w for w in said if w not in phone_words.WORDS and not w.endswith(" "))
    assert missing == []
    assert "If that was not you, ask the table for a new key (Menu, then Phones). Playing " \
           "here again takes the seat back from the other device." in said


def test_the_language_is_the_pages_choice_else_the_browsers():
    assert i18n.browser_language("de-CH,de;q=0.9,en;q=0.8") == "de"
    assert i18n.browser_language("pt-BR,fr;q=0.4,ja;q=0.7") == "ja"     # by weight
    assert i18n.browser_language("pt-BR") == "en"
    assert i18n.browser_language("de", chosen="fr") == "fr"
    assert i18n.browser_language("de", chosen="xx") == "de"
    assert i18n.browser_language(None, chosen="qps") == "en"             # tests only


def test_words_js_is_a_table_from_english_to_the_language():
    text = phone_words.script("ja").decode("utf-8")
    table = json.loads(re.search(r"const WORDS = (\{.*\});", text).group(1))
    assert table["Your notebook"] == "メモ帳"
    assert 'const LANG = "ja";' in text and "Deutsch" in text


def test_the_table_speaks_each_phone_its_own_language_and_keeps_its_own():
    async def go():
        i18n.set_language("en")
        async with Table("hunters", 4, 5) as table:
            base = f"http://127.0.0.1:{table.hub.port}"
            async with aiohttp.ClientSession() as http:
                async with http.get(base + "/words.js",
                                    headers={"Accept-Language": "de-DE,de;q=0.9"}) as r:
                    assert 'const LANG = "de";' in await r.text()
                async with http.get(base + "/words.js", headers={
                        "Accept-Language": "de-DE", "Cookie": "lang=fr"}) as r:
                    assert 'const LANG = "fr";' in await r.text()
                ws = await http.ws_connect(table.ws_url)
                await ws.send_str(json.dumps({"type": "hello", "token": table.hub.tokens[0],
                                              "lang": "de"}))
                # the seat's last state goes out at once (in the table's words), then
                # again in the hello's language as soon as the table publishes
                board = ""
                for _ in range(50):
                    state = await next_of(ws, "state")
                    board = " ".join(state.get("board", []))
                    if "Schaden" in board:
                        break
                assert "Schaden" in board, board           # the board's lines in German
                await ws.send_str(json.dumps({"type": "act", "seq": 0,
                                              "action": ["nothing", []]}))
                error = await next_of(ws, "error")
                assert error["message"] in (
                    "der Tisch ist seit dieser Wahl weiter: Das kannst du jetzt tun",
                    "das gehört jetzt nicht zu deinen Möglichkeiten")
                ja = await http.ws_connect(table.ws_url)
                await ja.send_str(json.dumps({"type": "hello", "token": "wrong", "lang": "ja"}))
                refused = await next_of(ja, "error")
                assert refused["message"].startswith("このリンクでは")
                await ws.close()
                await ja.close()
        assert i18n.current() == "en"          # the table's own language never changed

    asyncio.run(go())


def test_a_hello_with_a_long_lang_is_refused_in_words():
    from game.net import messages

    assert messages.parse(json.dumps({"type": "hello", "token": "k", "lang": "de"}))
    with pytest.raises(messages.BadMessage, match="lang"):
        messages.parse(json.dumps({"type": "hello", "token": "k", "lang": "x" * 40}))
