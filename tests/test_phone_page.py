"""The phone page in a real browser (Debian's headless chromium on 127.0.0.1) against a
running table's server (issue #38): every refusal in words, once; one live device per
seat; the page follows its address; and the smaller findings (turn announced, readable
unplayable cards, the name at 320 px, 44 px menus, the character's cover, the words
before the game and between rounds, the page after the table closed the game)."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest
from browser import chromium, phone_size, quit_browser
from phone_driver import Table

By = pytest.importorskip("selenium.webdriver.common.by").By


def run(coro):
    return asyncio.run(coro)


async def until(cond, timeout: float = 20.0) -> bool:
    """Poll ``cond`` while the table's loop runs (bounded; the suite may be slow)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        await asyncio.sleep(0.05)
    return cond()


def text(browser, css: str = "body") -> str:
    return browser.find_element(By.CSS_SELECTOR, css).text


async def play_until(session, cond, seed: int = 1, limit: int = 3000) -> None:
    """Random legal choices for every seat at the table (as the phones would) until ``cond``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if cond():
            return
        d = session.decider()
        if d >= 0:
            session.submit(d, rng.choice(session.legal_actions(d)))
        await asyncio.sleep(0.003)
    raise AssertionError("the condition never came")


@pytest.fixture
def browsers():
    made = []

    def make(width=390, height=844):
        b = chromium((500, 900))
        phone_size(b, width, height)
        made.append(b)
        return b
    yield make
    for b in made:
        quit_browser(b)


def test_refusals_are_told_once_in_words_and_the_page_follows_its_address(browsers):
    async def go():
        async with Table("chasing", 3, 11) as table:
            b = browsers()
            base = f"http://127.0.0.1:{table.hub.port}/"
            b.get(base + "#not-a-key")
            assert await until(lambda: "does not open a seat" in text(b, "#turn"))
            body = text(b)
            assert body.count("does not open a seat") == 1, body     # not twice (finding 7)
            assert not b.find_element(By.ID, "banner").is_displayed()
            b.execute_script("window.__same_page = 1")
            # a corrected key in the address opens that seat, without a reload (finding 5)
            b.execute_script(f"location.hash = {json.dumps(table.hub.tokens[0])}")
            assert await until(lambda: text(b, "#who") == "Ann" and b.find_elements(
                By.CSS_SELECTOR, "#hand button.card"))
            ann = {c.get_attribute("aria-label") for c in b.find_elements(
                By.CSS_SELECTOR, "#hand button.card")}
            # Ben's link in Ann's tab shows Ben's hand, not Ann's
            b.execute_script(f"location.hash = {json.dumps(table.hub.tokens[1])}")
            assert await until(lambda: text(b, "#who") == "Ben")
            assert await until(lambda: {c.get_attribute("aria-label") for c in b.find_elements(
                By.CSS_SELECTOR, "#hand button.card")} not in (set(), ann))
            assert b.execute_script("return window.__same_page") == 1
            assert table.hub.online() == {1}
            # a wrong key says why not, and shows nothing of Ben's any more
            b.execute_script("location.hash = 'typo'")
            assert await until(lambda: "does not open a seat" in text(b, "#turn"))
            assert not b.find_elements(By.CSS_SELECTOR, "#hand button.card")
            assert "Ben" not in text(b, "header")
            # a malformed or oversized message is refused in words on the page (3, 4)
            b.execute_script(f"location.hash = {json.dumps(table.hub.tokens[0])}")
            assert await until(lambda: text(b, "#link") == "connected" and text(b, "#who") == "Ann")
            b.execute_script("ws.send(JSON.stringify({type: [1]}))")
            assert await until(lambda: "could not read a message" in text(b, "#banner"))
            assert "type" in text(b, "#banner")
            b.execute_script("ws.send(JSON.stringify({type: 'ping', t: 1}) + ' '.repeat(9000))")
            assert await until(lambda: "too long" in text(b, "#banner"))
            assert text(b, "#link") == "connected"
            b.execute_script("ws.send('x'.repeat(70000))")      # past what the server reads
            assert await until(lambda: "too long" in text(b, "#banner")
                               and "closed the connection" in text(b, "#banner"))
            assert await until(lambda: text(b, "#link") == "connected"), "it did not come back"
            assert text(b, "#who") == "Ann"
    run(go())


def test_a_german_page_names_its_suits_and_says_when_the_table_stopped_hearing_it(browsers):
    # the suit under a card's rank was the suit's id ("blue") in every language; and a
    # socket the server closes as silent (4005, game/net/server.py _watch: a real browser
    # answers pings by itself, so the server is told directly) gets its words, then the
    # page connects again
    async def go():
        async with Table("chasing", 3, 11) as table:
            b = browsers()
            b.get(table.hub.url(0))
            b.add_cookie({"name": "lang", "value": "de"})
            b.refresh()
            assert await until(lambda: text(b, "#link") == "verbunden" and b.find_elements(
                By.CSS_SELECTOR, "#hand button.card"))
            cards = b.find_elements(By.CSS_SELECTOR, "#hand button.card")
            words = {c.find_element(By.TAG_NAME, "small").text for c in cards}
            assert words and words <= {"BLAU", "ROT", "GELB", "GRAU"}, words
            for c in cards:
                suit = c.find_element(By.TAG_NAME, "small").text.capitalize()
                assert c.get_attribute("aria-label").startswith(f"{suit} {c.get_attribute('data-rank')}")
            srv = table.hub.server
            # the page's socket (the newest for the seat: the one from before the reload
            # may not be gone yet)
            conn = max((c for c in list(srv._conns.values()) if c.seat == 0), key=lambda c: c.id)
            srv.loop.call_soon_threadsafe(srv._silent, conn)
            assert await until(lambda: "eine halbe Minute lang nichts von dieser Seite gehört"
                               in text(b, "#banner"))
            assert "Verbinde erneut" in text(b, "#banner")
            assert await until(lambda: text(b, "#link") == "verbunden"), "it did not come back"
            assert text(b, "#who") == "Ann"
            assert srv.stats["silent"] == 1
            assert await until(lambda: table.hub.online() == {0})
    run(go())


def test_a_second_device_takes_the_seat_and_the_first_page_says_so(browsers):
    async def go():
        async with Table("hunters", 4, 5) as table:
            first, second = browsers(), browsers()
            first.get(table.hub.url(0))
            assert await until(lambda: text(first, "#who") == "Ann")
            second.get(table.hub.url(0))
            assert await until(lambda: "opened on another device" in text(first, "#turn"))
            assert await until(lambda: text(second, "#who") == "Ann")
            assert text(first, "#link") == "moved"
            assert first.title.startswith("Stopped")
            assert not first.find_elements(By.CSS_SELECTOR, "#character button, #notebook select")
            assert "Ann" not in text(first, "main")
            assert table.hub.take_notices() == ["Ann's seat moved to another phone."]
            # the first person takes it back on purpose: now the second page is told
            first.find_element(By.ID, "again").click()
            assert await until(lambda: "opened on another device" in text(second, "#turn"))
            assert await until(lambda: text(first, "#link") == "connected")
            assert table.hub.online() == {0}
    run(go())


def contrast(fg: str, bg: str) -> float:
    def lum(css):
        nums = [float(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
        c = [v / 255 for v in nums]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    a, b = sorted((lum(fg), lum(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_the_turn_is_announced_and_cards_and_header_stay_readable_at_320_px(browsers):
    async def go():
        async with Table("chasing", 3, 11) as table:
            s = table.session
            b = browsers(320, 568)
            b.get(table.hub.url(0))
            assert await until(lambda: text(b, "#who") == "Ann")
            b.execute_script("window.__buzz = []; Object.defineProperty(navigator, 'vibrate', "
                             "{value: (p) => { window.__buzz.push(p); return true; }, "
                             "configurable: true})")
            await play_until(s, lambda: s.decider() > 0)
            assert await until(lambda: "Waiting for" in text(b, "#turnbox"))
            assert text(b, "#turnbox").count("Waiting for") == 1, text(b, "#turnbox")
            assert not b.title.startswith("Your turn")
            await play_until(s, lambda: s.decider() == 0)
            assert await until(lambda: b.title.startswith("Your turn"))
            assert b.execute_script("return window.__buzz.length") == 1
            assert text(b, "#turnbox").count("Your") >= 1
            # the player's name is shown whole at 320 px (finding 7)
            who = b.find_element(By.ID, "who")
            assert b.execute_script("const w = arguments[0]; const r = w.getBoundingClientRect();"
                                    "return w.scrollWidth <= w.clientWidth && r.right <= 320"
                                    " && r.width > 0", who)
            # cards that cannot be played: full opacity and text at 4.5:1 or more
            dim = b.find_elements(By.CSS_SELECTOR, "#hand button.card:not(.lit)")
            assert dim, "every card was playable: pick another seed"
            for card in dim + b.find_elements(By.CSS_SELECTOR, "#hand button.card.lit"):
                opacity = b.execute_script("return getComputedStyle(arguments[0]).opacity", card)
                fg = card.value_of_css_property("color")
                bg = card.value_of_css_property("background-color")
                assert opacity == "1" and contrast(fg, bg) >= 4.5, (card.text, fg, bg)
    run(go())


def test_hunters_character_is_covered_and_the_notebook_menus_are_44_px(browsers):
    async def go():
        async with Table("hunters", 4, 5) as table:
            b = browsers(320, 568)
            b.get(table.hub.url(0))
            assert await until(lambda: b.find_elements(By.ID, "peek"))
            name = table.session.view(0)["me"]["character"]
            assert name not in text(b, "#character")
            b.find_element(By.ID, "peek").click()
            assert await until(lambda: name in text(b, "#character"))
            b.find_element(By.ID, "unpeek").click()
            assert await until(lambda: name not in text(b, "#character"))
            menus = b.find_elements(By.CSS_SELECTOR, "#notebook select")
            assert len(menus) == 3
            for menu in menus:
                assert menu.size["height"] >= 44, menu.size
            # a note survives a new key for the seat on the same phone
            from selenium.webdriver.support.ui import Select
            Select(menus[0]).select_by_value("Shadow")
            table.hub.new_key(0)
            assert await until(lambda: "new key" in text(b, "#turn"))
            b.execute_script(f"location.hash = {json.dumps(table.hub.tokens[0])}")
            assert await until(lambda: len(b.find_elements(By.CSS_SELECTOR, "#notebook select")) == 3)
            kept = b.find_elements(By.CSS_SELECTOR, "#notebook select")[0]
            assert Select(kept).first_selected_option.get_attribute("value") == "Shadow"
    run(go())


def test_the_words_before_the_game_and_between_rounds(browsers):
    async def go():
        async with Table("chasing", 3, 11) as table:
            s = table.session
            table._task.cancel()
            hold = {"on": False}

            async def loop():       # the table's loop, held at the round's end
                while True:
                    v = s.view(None)
                    if not (hold["on"] and v["phase"] == "deal" and v["rounds_done"]):
                        s.update()
                    table.hub.pump()
                    await asyncio.sleep(0.002)
            table._task = asyncio.ensure_future(loop())
            table.hub.started = False
            table.hub._shown = None
            b = browsers()
            b.get(table.hub.url(0))
            assert await until(lambda: "has not started" in text(b, "#turn"))
            assert "…" not in text(b, "#turnbox") and "Shuffling" not in text(b)
            # nothing to choose before the game starts, even where the rules would allow it
            assert not b.find_elements(By.CSS_SELECTOR, "button.choice, #hand button.card.lit")
            assert all(not st["actions"] for st in [json.loads(table.hub.server._latest[0])])
            table.hub.started = True
            hold["on"] = True
            await play_until(s, lambda: s.view(None)["phase"] == "deal"
                             and s.view(None)["rounds_done"] == 1)
            assert await until(lambda: text(b, "#turn") == "Round 1 is over.")
            page = text(b)
            assert "Round 1 of 3 is over" in page and "Round 2" not in page, page
            assert "…" not in text(b, "#turnbox")
    run(go())


def test_after_the_table_closes_the_game_the_page_no_longer_says_your_turn(browsers):
    async def go():
        async with Table("chasing", 3, 11) as table:
            s = table.session
            b = browsers()
            b.get(table.hub.url(0))
            await play_until(s, lambda: s.decider() == 0)
            assert await until(lambda: b.title.startswith("Your turn")
                               and b.find_elements(By.CSS_SELECTOR, "#hand button.card.lit"))
            table.hub.stop()            # what leaving the table does
            assert await until(lambda: "closed this game" in text(b, "#turn"))
            assert "Your" not in text(b, "#turnbox")
            assert not b.find_elements(By.CSS_SELECTOR, "button.card, button.choice")
            assert not b.title.startswith("Your turn")
            assert text(b, "#link") == "game ended"
    run(go())
