"""Driving the real app headless: post mouse and key events, step the main loop.

Every helper goes through pygame's event queue and ``App.step``, the same path a person's
clicks take (the UI manager sees the events first, then the top scene).
"""

from __future__ import annotations

import time

import pygame

DT = 1 / 60


def make_app(size=(1280, 720)):
    from game.app import App

    return App(size=size, fullscreen=False)


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)
        if _computer_thinking(app):
            # The real loop sleeps in clock.tick; this one does not. Without a real pause
            # the main thread re-takes the GIL after every blit and, on an idle 2-core
            # machine, starves the computer player's worker thread for seconds.
            time.sleep(0.001)


def _computer_thinking(app) -> bool:
    for scene in reversed(app.scenes):
        session = getattr(scene, "session", None)
        if session is not None:
            return session.computer_thinking()
    return False


def elements(container) -> list:
    """Every UI element inside ``container`` (recursively)."""
    out = []
    for el in getattr(container, "elements", []):
        out.append(el)
        out.extend(elements(el))
    return out


def find(app, object_id: str):
    """The element of the top scene whose object id is ``object_id`` (e.g. "#start")."""
    scene = app.top
    for el in elements(scene.root):
        if el.get_object_ids() and el.get_object_ids()[-1] == object_id:
            return el
    ids = sorted(el.get_object_ids()[-1] for el in elements(scene.root) if el.get_object_ids()
                 and el.get_object_ids()[-1])
    raise LookupError(f"{object_id} not on {type(scene).__name__}; there are: {ids}")


def click_at(app, pos, frames: int = 2) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, frames)


def click(app, object_id: str, frames: int = 2) -> None:
    """Click the centre of the top scene's element ``object_id``."""
    click_at(app, find(app, object_id).rect.center, frames)


def key(app, k: int, frames: int = 1, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))
    step(app, frames)


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, 2)  # the entry posts its change event, which arrives a frame later


def resize(app, w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    step(app, 2)


def until(app, predicate, frames: int = 600) -> bool:
    """Step until ``predicate()`` holds (True) or ``frames`` ran out (False)."""
    for _ in range(frames):
        if predicate():
            return True
        step(app)
    return predicate()
