"""Play Shadow Hunters with every seat on a "phone": headless chromium tabs on loopback
drive the seats while the real app shows the table (run it under Xvfb to watch it).

    SDL_AUDIODRIVER=dummy xvfb-run -a -s '-screen 0 1280x720x24' \\
        python build_scripts/research/demo_phones.py --players 4 --out shots/

Saves the join screen, the big screen while it waits for a phone, a phone page answering
a Hermit card, and the end; prints how many choices each tab made. Everything stays on
127.0.0.1 (Settings' "This computer" choice); the user folder is a throw-away one.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--out", type=Path, default=ROOT / "shots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SHADOWS_HOME", tempfile.mkdtemp(prefix="shadows-demo-"))

    import pygame
    from browser import chromium, quit_browser
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    from game.app import App
    from game.session import SeatConfig
    from game.ui.opening import start_game
    from game.ui.scenes.join import JoinScene

    app = App(size=(1280, 720), fullscreen=False)
    app.settings.phone_address = "127.0.0.1"
    app.settings.animation_speed = "fast"
    names = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")
    seats = [SeatConfig(names[i], device="phone") for i in range(args.players)]
    table = start_game(app, "hunters", seats, args.seed, {})
    hub = table.phones
    rng = random.Random(args.seed)

    def frames(n=1):
        for _ in range(n):
            app.step()

    def shot(name):
        frames(2)
        pygame.image.save(app.screen, str(args.out / name))
        print("saved", args.out / name)

    frames(10)
    shot("join-screen.png")
    browser = chromium(size=(430, 1400))
    tabs = {}
    try:
        for seat in hub.seats:
            if tabs:
                browser.switch_to.new_window("tab")
            browser.get(hub.url(seat))
            tabs[seat] = browser.current_window_handle
            frames(3)
        shot("join-screen-joined.png") if isinstance(app.top, JoinScene) else None
        end = time.monotonic() + 600
        while isinstance(app.top, JoinScene) and time.monotonic() < end:
            frames()
        made = {s: 0 for s in hub.seats}
        waited_shot = hermit_shot = False
        session = table.session
        while not session.is_over() and time.monotonic() < end:
            frames()
            d = session.decider()
            if d not in tabs or app.top is not table:
                continue
            browser.switch_to.window(tabs[d])
            try:
                buttons = [b for b in browser.find_elements(By.CSS_SELECTOR,
                                                            "#actions button.choice")
                           if b.is_enabled() and "danger" not in b.get_attribute("class")]
            except StaleElementReferenceException:
                continue       # the page redrew its buttons meanwhile: look again
            state_seq = browser.execute_script("return state && state.seq")
            if not buttons or state_seq != len(session.match.log):
                continue       # the page has not caught up yet
            if not waited_shot and len(session.match.log) > 8:
                frames(30)
                shot("big-screen-waiting.png")
                waited_shot = True
            pending = session.view(None)["pending"]
            if pending.get("kind") == "hermit_answer" and not hermit_shot:
                browser.save_screenshot(str(args.out / "phone-hermit.png"))
                print("saved", args.out / "phone-hermit.png")
                frames(2)
                shot("big-screen-hermit.png")
                hermit_shot = True
            labels = [b.text for b in buttons]
            pick = next((i for i, t in enumerate(labels) if t.startswith("Attack")),
                        rng.randrange(len(buttons)))
            try:
                buttons[pick].click()
            except StaleElementReferenceException:
                continue
            made[d] += 1
        frames(60)
        shot("game-over.png")
        browser.switch_to.window(tabs[hub.seats[0]])
        time.sleep(0.5)
        browser.save_screenshot(str(args.out / "phone-end.png"))
        print("saved", args.out / "phone-end.png")
        print("choices made per tab:", made, "result:", session.result())
        return 0 if session.is_over() else 1
    finally:
        quit_browser(browser)
        app.quit()
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
