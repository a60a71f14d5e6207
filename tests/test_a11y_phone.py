"""Issue 44: the phone page offers the table's palettes and text sizes, kept on the phone;
in high contrast its text is 7:1 or more against the page (read from the browser)."""

from __future__ import annotations

import re

import pytest
from a11y_colour import contrast
from browser import chromium, quit_browser
from ui_helpers import loopback_phone_app, wait

from game.session import SeatConfig
from game.ui.opening import start_game


@pytest.fixture
def app(shadows_home, monkeypatch):
    yield from loopback_phone_app(monkeypatch)


def rgb(css: str) -> tuple:
    return tuple(int(v) for v in re.findall(r"\d+", css)[:3])


def test_the_phone_page_changes_colours_and_text_size_and_keeps_them(app):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    seats = [SeatConfig("Ann", "human", device="phone"), SeatConfig("Ben", "computer", "easy"),
             SeatConfig("Cid", "computer", "easy")]
    table = start_game(app, "chasing", seats, 11, {}, replace=False)
    hub = table.phones
    browser = chromium()
    try:
        browser.get(hub.url(0))
        assert wait(app, lambda: hub.joined() == {0}), "the page did not join"
        style = "return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]"
        before = rgb(browser.execute_script(style, "body", "backgroundColor"))
        Select(browser.find_element(By.ID, "palette")).select_by_value("high_contrast")
        Select(browser.find_element(By.ID, "textsize")).select_by_value("200")
        root = browser.find_element(By.TAG_NAME, "html")
        assert root.get_attribute("data-palette") == "high_contrast"
        assert root.get_attribute("data-text") == "200"
        bg = rgb(browser.execute_script(style, "body", "backgroundColor"))
        assert bg == (0, 0, 0) != before
        for sel in ("body", "#prompt", "#log", "h2"):
            fg = rgb(browser.execute_script(style, sel, "color"))
            assert contrast(fg, bg) >= 7, (sel, fg)
        assert browser.execute_script(style, "body", "zoom") in ("2", 2)
        browser.refresh()               # kept on the phone
        assert wait(app, lambda: browser.find_element(By.TAG_NAME, "html")
                    .get_attribute("data-palette") == "high_contrast")
        assert Select(browser.find_element(By.ID, "textsize")).first_selected_option \
            .get_attribute("value") == "200"
    finally:
        quit_browser(browser)
