"""A real browser as the phone: headless chromium opens a seat's link on loopback, sees
its hand, taps a playable card, and the table applies that choice."""

from __future__ import annotations

import pytest
from browser import chromium, quit_browser
from ui_helpers import loopback_phone_app, step, wait

from game.rules.protocol import Action
from game.session import SeatConfig
from game.ui.opening import start_game
from game.ui.scenes.join import JoinScene


@pytest.fixture
def app(shadows_home, monkeypatch):
    yield from loopback_phone_app(monkeypatch)


def test_chromium_plays_a_card_from_the_phone_page(app):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    seats = [SeatConfig("Ann", "human", device="phone"), SeatConfig("Ben", "computer", "easy"),
             SeatConfig("Cid", "computer", "easy")]
    table = start_game(app, "chasing", seats, 11, {}, replace=False)
    assert isinstance(app.top, JoinScene)
    hub = table.phones
    browser = chromium()
    try:
        browser.get(hub.url(0))
        assert wait(app, lambda: hub.joined() == {0}), "the page did not join"
        assert wait(app, lambda: app.top is table)
        session = table.session
        assert wait(app, lambda: session.decider() == 0, 60), "Ann's turn never came"

        def lit_cards():
            step(app)
            return browser.find_elements(By.CSS_SELECTOR, "#hand button.card.lit")

        assert wait(app, lambda: bool(lit_cards())), "no playable card lit on the phone"
        hand = browser.find_elements(By.CSS_SELECTOR, "#hand button.card")
        assert len(hand) == len(session.view(0)["hands"][0])
        assert browser.find_element(By.ID, "who").text == "Ann"
        assert "Your" in browser.find_element(By.ID, "prompt").text
        before = len(session.match.log)
        for _ in range(3):
            try:
                card = lit_cards()[0]
                suit, rank = card.get_attribute("data-suit"), card.get_attribute("data-rank")
                card.click()
                break
            except StaleElementReferenceException:
                continue    # the page redrew its hand between finding and tapping
        else:
            raise AssertionError("the lit card kept being redrawn")
        assert wait(app, lambda: len(session.match.log) > before), "the tap was not applied"
        seat, action = session.match.log[before]
        assert seat == 0 and action == Action("play", (suit, int(rank)))
        # the page follows: the card left Ann's hand
        assert wait(app, lambda: len(browser.find_elements(
            By.CSS_SELECTOR, "#hand button.card")) == len(hand) - 1)
        # a reload keeps the seat (the link carries it)
        browser.refresh()
        assert wait(app, lambda: browser.find_element(By.ID, "who").text == "Ann")
        assert browser.find_element(By.ID, "link").text == "connected"
        # the socket drops (the phone slept): the page reconnects by itself
        browser.execute_script("ws.close()")
        assert wait(app, lambda: browser.find_element(By.ID, "link").text == "connected"
                    and 0 in hub.online())
        assert browser.find_element(By.ID, "who").text == "Ann"
    finally:
        quit_browser(browser)
