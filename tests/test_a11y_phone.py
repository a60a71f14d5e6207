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


def ax_tree(browser) -> list[dict]:
    """The page's accessibility tree as chromium gives it to a screen reader."""
    return browser.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]


def ax(node: dict, key: str):
    v = node.get(key) or {}
    return v.get("value") if isinstance(v, dict) else v


def ax_props(node: dict) -> dict:
    return {p["name"]: p.get("value", {}).get("value") for p in node.get("properties", [])}


def test_a_screen_reader_hears_labelled_buttons_the_hand_as_a_list_and_its_turn(app):
    """Chromium's accessibility tree: every button has a name, the hand is a list of
    named cards after its count, the choices are a named group, and a live region says
    "Your turn" when it comes."""
    from selenium.webdriver.common.by import By

    seats = [SeatConfig("Ann", "human", device="phone"), SeatConfig("Ben", "computer", "easy"),
             SeatConfig("Cid", "computer", "easy")]
    table = start_game(app, "chasing", seats, 11, {}, replace=False)
    hub = table.phones
    browser = chromium()
    try:
        browser.get(hub.url(0))
        assert wait(app, lambda: hub.joined() == {0}), "the page did not join"
        assert wait(app, lambda: app.top is table)
        session = table.session
        assert wait(app, lambda: session.decider() == 0, 60), "Ann's turn never came"
        assert wait(app, lambda: bool(browser.find_elements(By.CSS_SELECTOR, "#hand button.lit")))
        say = browser.find_element(By.ID, "say")
        assert say.get_attribute("aria-live") == "assertive"
        assert wait(app, lambda: say.get_attribute("textContent").startswith("Your turn: "))
        nodes = ax_tree(browser)
        by_id = {n["nodeId"]: n for n in nodes}
        buttons = [n for n in nodes if ax(n, "role") == "button" and not n.get("ignored")]
        assert buttons and all((ax(n, "name") or "").strip() for n in buttons), \
            [ax(n, "name") for n in buttons]
        hand = session.view(0)["hands"][0]
        lists = [n for n in nodes if ax(n, "role") == "list"
                 and "can be played now" in (ax(n, "name") or "")]
        assert len(lists) == 1
        assert ax(lists[0], "name").startswith(f"{len(hand)} cards, ")
        items = [by_id[c] for c in lists[0].get("childIds", []) if c in by_id]
        assert len(items) == len(hand) and all(ax(i, "role") == "listitem" for i in items)
        cards = [n for n in buttons if ax(n, "name").endswith(", play it")]
        assert cards, "no playable card is named so"
        first = hand[0]
        named = f"{first[1].title()} {first[2]}"
        assert any(ax(n, "name").startswith(named) for n in buttons)
        dimmed = [n for n in nodes if ax(n, "role") == "button"
                  and ax_props(n).get("disabled") and ax(n, "name") in
                  {f"{c[1].title()} {c[2]}" for c in hand}]
        assert len(dimmed) + len(cards) == len(hand)     # the unplayable: named, disabled
        groups = [n for n in nodes if ax(n, "role") == "group" and ax(n, "name") == "Your choices"]
        assert groups
        assert any(ax(n, "role") == "status" for n in nodes)        # the connection line
        checkbox = [n for n in nodes if ax(n, "role") == "checkbox"]
        assert [ax(n, "name") for n in checkbox] == ["Sounds on this phone"]
        combos = {ax(n, "name") for n in nodes if ax(n, "role") == "combobox"}
        assert {"Colours", "Text size", "Language"} <= combos
    finally:
        quit_browser(browser)


def test_the_phone_is_offered_the_tables_palette_and_may_keep_its_own(app):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from game.ui import palette

    seats = [SeatConfig("Ann", "human", device="phone"), SeatConfig("Ben", "computer", "easy"),
             SeatConfig("Cid", "computer", "easy")]
    table = start_game(app, "chasing", seats, 11, {}, replace=False)
    hub = table.phones
    browser = chromium()
    root = lambda: browser.find_element(By.TAG_NAME, "html").get_attribute("data-palette")  # noqa: E731
    try:
        browser.get(hub.url(0))
        assert wait(app, lambda: hub.joined() == {0}), "the page did not join"
        assert Select(browser.find_element(By.ID, "palette")).first_selected_option \
            .get_attribute("value") == "table"
        assert wait(app, lambda: root() == "default")
        palette.apply("high_contrast", palette.current()[1])     # the table's Settings
        try:
            assert wait(app, lambda: root() == "high_contrast"), "the table's palette not offered"
            assert "High contrast" in browser.find_element(By.ID, "as-table").text
            Select(browser.find_element(By.ID, "palette")).select_by_value("red_green")
            assert root() == "red_green"                 # this phone's own choice
            palette.apply("default", palette.current()[1])
            assert wait(app, lambda: "(Default)" in browser.find_element(By.ID, "as-table").text)
            assert root() == "red_green"                 # kept, whatever the table does
        finally:
            palette.apply("default", 100)
    finally:
        quit_browser(browser)


def test_the_phone_plays_the_tables_sound_cues_only_when_chosen(app):
    import urllib.request

    from selenium.webdriver.common.by import By

    seats = [SeatConfig("Ann", "human", device="phone"), SeatConfig("Ben", "computer", "easy"),
             SeatConfig("Cid", "computer", "easy")]
    table = start_game(app, "chasing", seats, 11, {}, replace=False)
    hub = table.phones
    with urllib.request.urlopen(f"http://127.0.0.1:{hub.port}/sounds/card.wav") as r:
        assert r.headers["Content-Type"] == "audio/wav" and r.read(4) == b"RIFF"
        assert "media-src 'self'" in r.headers["Content-Security-Policy"]
    browser = chromium()
    heard = lambda: browser.execute_script("return heard.slice()")  # noqa: E731
    try:
        browser.get(hub.url(0))
        assert wait(app, lambda: hub.joined() == {0}), "the page did not join"
        assert wait(app, lambda: app.top is table)
        session = table.session
        assert not browser.find_element(By.ID, "sounds").is_selected()   # off until chosen
        assert wait(app, lambda: len(session.match.log) >= 1, 60)
        assert heard() == []
        browser.find_element(By.ID, "sounds").click()
        assert heard() == ["turn"]                       # the tap plays one, to hear it
        lit = "#hand button.lit"
        assert wait(app, lambda: "card" in heard() or (
            session.decider() == 0 and bool(browser.find_elements(By.CSS_SELECTOR, lit))), 60)
        if "card" not in heard():
            browser.find_elements(By.CSS_SELECTOR, lit)[0].click()     # a card played
        assert wait(app, lambda: "card" in heard(), 60), heard()
        browser.refresh()                                # the choice is kept on the phone
        assert wait(app, lambda: browser.find_element(By.ID, "sounds").is_selected())
    finally:
        quit_browser(browser)
