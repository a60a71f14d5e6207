"""Driving the real app headless: post mouse and key events, step the main loop.

Every helper goes through pygame's event queue and ``App.step``, the same path a person's
clicks take (the UI manager sees the events first, then the top scene).
"""

from __future__ import annotations

import time

import pygame

DT = 1 / 60


def make_app(size=(1280, 720), offer_tutorials: bool = False):
    """The app as a returning player finds it: a game's tile opens its setup, without the
    first-time offer of its tutorial (``offer_tutorials=True`` keeps the offer)."""
    from game.app import App
    from game.tutorial import GAMES

    app = App(size=size, fullscreen=False)
    if not offer_tutorials:
        app.settings.tutorials_offered = list(GAMES)
    return app


def loopback_phone_app(monkeypatch):
    """The app for phone tests (a fixture's body: ``yield from``): the server on loopback
    only, computer moves without animation, and no autosave written behind the test."""
    from game.storage import saves

    monkeypatch.setattr(saves, "save_autosave", lambda data: None)
    a = make_app()
    a.settings.phone_address = "127.0.0.1"
    a.settings.animation_speed = "off"
    yield a
    a.quit()


_FRAME_TIME = [0.0]


def frame_clock() -> float:
    """Seconds of the frames stepped here so far (1/60 s each): a session's clock that, like
    the animations, moves only as the test steps, whatever the machine's load."""
    return _FRAME_TIME[0]


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)
        _FRAME_TIME[0] += DT
        if _worker_thinking(app):
            # The real loop sleeps in clock.tick; this one does not. Without a real pause
            # the main thread re-takes the GIL after every blit and starves the worker
            # thread (a computer player, a hint) for seconds on a busy machine.
            time.sleep(0.001)


def _worker_thinking(app) -> bool:
    """A computer player, a hint or a game's analysis is searching on its worker thread, or
    a finished game is being recorded on its own (TableEnding.start_recording: the results are made ahead
    only once it is done, during the final linger)."""
    for scene in reversed(app.scenes):
        hints = getattr(scene, "hints", None)
        if hints is not None and hints.thinking:
            return True
        recording = getattr(scene, "_recording", None)
        if recording is not None and recording.is_alive():
            return True
        analysing = getattr(scene, "_thread", None)       # the Analyse screen's worker
        if analysing is not None and analysing.is_alive():
            return True
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


def advance(app, seconds: float) -> None:
    """One frame that took ``seconds`` (a long frame, as on a slow machine): the app's clock
    (each frame's ``dt``) and the session's (``frame_clock``) move on by that much at once."""
    app.step(seconds)
    _FRAME_TIME[0] += seconds


def wait_armed(app, frames: int = 120) -> None:
    """A hand-off screen ignores input for its first half second: wait as a person would.
    The half second runs on the app's clock (HandoffScene.update counts each frame's dt from
    the second frame after it was first drawn): once it counts, the rest passes in one frame
    that long (``advance``), not in 30 frames of the same picture that nobody looks at."""
    from game.ui.scenes.handoff import GUARD_SECONDS

    for _ in range(frames):
        top = app.top
        if getattr(top, "armed", None) is None or top.armed():
            return
        guard = getattr(top, "guard", GUARD_SECONDS)
        if 0 < guard < GUARD_SECONDS:
            advance(app, guard)
        else:
            step(app)


def click_at(app, pos, frames: int = 2) -> None:
    wait_armed(app)
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, frames)
    settle(app)


def settle(app, frames: int = 40) -> None:
    """Step while the top scene still holds a choice made by the click or key for a later
    frame (``input_pending``: the Harsh table spreads a quick choice's checks over frames)."""
    for _ in range(frames):
        pending = getattr(app.top, "input_pending", None)
        if pending is None or not pending():
            return
        step(app)


def click(app, object_id: str, frames: int = 2) -> None:
    """Click the centre of the top scene's element ``object_id``."""
    wait_armed(app)
    click_at(app, find(app, object_id).rect.center, frames)


def key(app, k: int, frames: int = 1, unicode: str = "") -> None:
    wait_armed(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))
    step(app, frames)
    settle(app)


def type_text(app, text: str) -> None:
    """Type ``text`` as a keyboard does: for each character its key goes down (KEYDOWN,
    with the key and its unicode), then SDL sends the text (TEXTINPUT), then the key goes
    up. A screen that acted on the key press as well as the text is caught here."""
    for ch in text:
        k = ord(ch.lower()) if ch.isascii() and ch.isprintable() else pygame.K_UNKNOWN
        mod = pygame.KMOD_SHIFT if ch.isupper() else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=ch, scancode=0))
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


def until_worked(app, predicate, frames: int = 600) -> bool:
    """``until``, for what a worker thread makes (a hint, a game's analysis): while it
    thinks, no frame is drawn. A frame drawn meanwhile checks nothing and takes the CPU
    and the GIL from the thread (a review hint cost hundreds of frames). The worker's own
    budget ends it; the screen is stepped as usual once it has."""
    for _ in range(frames):
        if predicate():
            return True
        for _wait in range(60_000):        # 5 minutes: a worker that never ends fails here
            if not _worker_thinking(app):
                break
            time.sleep(0.005)
        step(app)
    return predicate()


def drawn_texts(monkeypatch) -> list:
    """Every text drawn from now on, as it was passed to ``draw.blit_text``."""
    from game.ui import draw

    drawn = []
    real = draw.blit_text
    monkeypatch.setattr(draw, "blit_text", lambda surf, text, *a, **k: (
        drawn.append(text), real(surf, text, *a, **k))[1])
    return drawn


def wait(app, predicate, seconds: float = 30.0) -> bool:
    """Step until ``predicate()`` holds (True) or ``seconds`` ran out (False): for what
    happens off the frame and takes its own time (a browser, a computer's move).

    ``seconds`` of this process's CPU time (every thread's: a computer's or a hint's
    search counts, and so do the frames drawn while waiting), so a loaded machine that
    gives the test less of a core does not cut the wait short. A wall-clock cap twenty
    times longer only ends a wait for something that never comes (a hung browser)."""
    budget = time.process_time() + seconds
    cap = time.monotonic() + 20 * seconds
    while time.process_time() < budget and time.monotonic() < cap:
        if predicate():
            return True
        step(app)
        time.sleep(0.002)
    return predicate()


# --- a game brought to the table part way through ------------------------------------------

def played_without_screen(game_id, seats, seed, options, pick=None, stop=None) -> list:
    """The log of the game that ``seats`` play without the screen: a person's moves by
    ``pick(legal)`` (the first legal one without it), the computers' by a session's own
    computers, as at the table. To the end, or until ``stop(match)`` holds. A test about a
    moment late in a game plays the moves before it this way and brings the table up there
    (``continue_game``): the same game, without the thousands of frames on the way."""
    from game.session import Session

    ahead = Session.new(game_id, seats, seed, options, pace=0.0, autosave=False)
    try:
        while not ahead.is_over() and not (stop is not None and stop(ahead.match)):
            seat = ahead.human_to_act()
            if seat is None:
                ahead.update()
                ahead.wait_for_computer()
            else:
                legal = ahead.legal_actions(seat)
                assert ahead.submit(seat, pick(legal) if pick else legal[0]) is None
    finally:
        ahead.close()
    return list(ahead.match.log)


def continue_game(app, game_id, seats, seed, options, log):
    """The table of the game after ``log``'s moves, pushed as for a continued game."""
    from game.match import Match
    from game.session import Session
    from game.ui.opening import table_for

    match = Match.start(game_id, len(seats), seed, options)
    for seat, action in log:
        match.apply(seat, action)
    session = Session(match, seats, app.bus, pace=app.settings.computer_gap)
    table = app.push(table_for(game_id)(app, session))
    step(app)
    return table


# --- privacy: what is on screen, checked against every seat's secrets ------------------------

EARLY_FRAMES = 24   # 0.4 s at 60 frames a second: nobody reads a hand-off screen that fast


class SecretWatch:
    """At every drawn frame, checks that no seat's secret is on screen unless the screen
    belongs to that seat.

    The secrets are the rules' own ``secret_tokens()`` (the ones the conformance tests hold
    every view to); what is on screen is every text the drawing toolkit renders, every card
    face and character/Hermit card picture, the log panels drawn and the widgets' texts.
    Who the screen belongs to is worked out here, not read from the table: a seat owns it
    from a hand-off to it (``session.handed_to``) until it answers a decision and the next
    decision (after dice and shuffles) is someone else's.
    """

    def __init__(self, app, monkeypatch) -> None:
        from game.ui import draw
        from game.ui.hunters import look
        from game.ui.widgets import ScrollPanel

        self.app = app
        self.texts: list[str] = []
        self.log_texts: list[str] = []   # log panels: Chasing's repeat cards of past rounds
        self.faces: set = set()
        self.pictures: set = set()
        self.findings: list[tuple] = []
        self.frames = 0
        self.owner: int | None = None
        self.last_owner: int | None = None   # whose secrets were on screen last
        self._answered = False
        self._session = None
        self._drawn: tuple | None = None   # what the last checked frame drew
        self._where: dict = {}             # token -> where that drawing shows it
        self._without_cards: str | None = None   # that drawing's texts, card names taken out

        self._inside = 0

        def spy(module, name, record):
            original = getattr(module, name)

            def wrapper(*args, **kw):
                if not self._inside:
                    record(*args, **kw)
                self._inside += 1     # a card's own text is the card, not more text on screen
                try:
                    return original(*args, **kw)
                finally:
                    self._inside -= 1

            monkeypatch.setattr(module, name, wrapper)

        spy(draw, "text", lambda s, *a, **k: self.texts.append(str(s)))
        spy(draw, "card_face", lambda rank, suit, *a, **k: self.faces.add((suit, rank)))
        spy(look, "character_card", lambda name, *a, **k: self.pictures.add(name))
        spy(look, "read_card", lambda name, *a, **k: self.pictures.add(name))
        spy(look, "mini_card", lambda name, *a, **k: self.pictures.add(name))
        spy(look, "chip", lambda text, *a, **k: self.texts.append(str(text)))
        spy(ScrollPanel, "draw", lambda panel, *a, **k: self.log_texts.extend(
            b.text for b in getattr(panel, "blocks", ()) or ()))
        # "Since your last turn" retells public log lines, as the log panel does: a card
        # played in an earlier round may be in a hand again without that being a secret.
        from game.ui.since import SinceBanner

        spy(SinceBanner, "_render", lambda banner, m, w, seat, rows: self.log_texts.extend(
            text for _, text in rows))
        original_draw = app.draw

        self.drawn = 0                        # frames drawn since the watch began
        self._handoff = (None, 0)             # the hand-off screen on top, and when it came

        def watched_draw():
            self.texts, self.log_texts, self.faces, self.pictures = [], [], set(), set()
            self.drawn += 1
            original_draw()
            self.check()

        monkeypatch.setattr(app, "draw", watched_draw)
        monkeypatch.setattr(app, "idle", lambda: False)   # draw every frame, not every 6th

    # --- who owns the screen --------------------------------------------------------------
    def follow(self, session, monkeypatch) -> None:
        """Track hand-offs and answers of ``session`` (call once the table is up)."""
        self._session = session
        handed_to, apply = session.handed_to, session._apply

        def on_hand(seat):
            from game.ui.scenes.handoff import HandoffScene

            top = self.app.top
            if isinstance(top, HandoffScene) and seat is not None:
                age = self.drawn - (self._handoff[1] if self._handoff[0] is top else self.drawn)
                if age < EARLY_FRAMES:     # a key or click meant for the screen before
                    self.findings.append((self.drawn, type(top).__name__, self.owner, seat,
                                          "hand-off", f"hand-off taken {age} frames after it came"))
            handed_to(seat)
            self.owner, self.last_owner, self._answered = seat, seat, False

        def on_apply(seat, action):
            apply(seat, action)
            if seat == self.owner and seat >= 0:
                self._answered = True
            self._settle()

        monkeypatch.setattr(session, "handed_to", on_hand)
        monkeypatch.setattr(session, "_apply", on_apply)

    def _settle(self) -> None:
        s = self._session
        d = s.decider()
        if self._answered and d != -1:  # -1: chance; wait for what the dice bring
            self._answered = False
            if d != self.owner:
                self.owner = None
        # Only computers and chance moved since this person's secrets left the screen:
        # the screen is theirs again without a hand-off (nobody else's secrets came between).
        if (self.owner is None and self.last_owner is not None and d == self.last_owner
                and s.at_this_screen(d)):
            self.owner = d

    # --- the check ------------------------------------------------------------------------
    def check(self) -> None:
        from game.rules.hunters.data import CARD_NAME
        from game.ui.scenes.handoff import HandoffScene

        CARD_NAMES = _card_names(CARD_NAME)
        s = self._session
        top = self.app.top
        if isinstance(top, HandoffScene) and self._handoff[0] is not top:
            self._handoff = (top, self.drawn)
        if s is None:
            return
        self.frames += 1
        if s.is_over():
            return      # at the end every secret is revealed on purpose
        state = s.match.state
        blob = "\n".join(self.texts)
        for item in self.app.top.root.elements if self.app.top and self.app.top.root else ():
            for el in elements(item) + [item]:
                if getattr(el, "visible", True):
                    blob += "\n" + str(getattr(el, "text", "") or "")
        private = getattr(state, "private", None)   # Shadow Hunters: what each seat was told
        # Where a token shows depends only on what this frame drew: a frame that drew the
        # same as the last one (most frames of a game) reuses what was found then, token by
        # token; who may see each token is worked out every frame.
        drawn = (blob, tuple(self.log_texts), frozenset(self.faces), frozenset(self.pictures))
        if drawn != self._drawn:
            self._drawn, self._where, self._without_cards = drawn, {}, None
        found = self._where
        for owner, token in state.secret_tokens():
            # owner: a seat, None (nobody) or a tuple of seats who may each see it
            knowers = set(owner) if isinstance(owner, tuple) else {owner}
            if private is not None:
                name = token if isinstance(token, str) else token[-1]
                knowers |= {i for i, entries in enumerate(private) if any(
                    e[0] in ("drew", "gave", "got", "saw") and e[-1] == name for e in entries)}
            if self.owner is not None and self.owner in knowers:
                continue
            where = found.get(token, _UNSEEN)
            if where is _UNSEEN:
                where = found[token] = self._where_shown(token, blob, CARD_NAMES)
            if where:
                self.findings.append((self.frames, type(self.app.top).__name__, self.owner, owner,
                                      token, where))

    def _where_shown(self, token, blob: str, card_names) -> str | None:
        """Where this frame's drawing shows ``token`` (None: nowhere)."""
        import re

        if isinstance(token, tuple) and token and token[0] == "card":       # Chasing Shadows
            suit, rank = token[1], token[2]
            if (suit, rank) in self.faces:
                return "card face"
            return _text_hit(rf"\b{suit} {rank}\b", blob)
        if isinstance(token, str):                                          # a character
            if token in self.pictures:
                return "character card"
            if self._without_cards is None:
                text = blob + "\n" + "\n".join(self.log_texts)
                for card in card_names:        # "Vampire Bat" is a card, not the Vampire
                    text = text.replace(card, "")
                self._without_cards = text
            return _text_hit(rf"(?<![\w-]){re.escape(token)}(?![\w-])", self._without_cards)
        if isinstance(token, tuple) and token and token[0] in ("drew", "gave", "got"):
            name = token[-1]                                                # a Hermit card
            if name in self.pictures:
                return "Hermit card"
            told = blob + "\n" + "\n".join(self.log_texts)
            for card in card_names:            # "Aid" is also in "First Aid"
                if card != name and name in card:
                    told = told.replace(card, "")
            return _text_hit(rf"(?<![\w-]){re.escape(name)}(?![\w-])", told)
        return None

    def summary(self) -> str:
        from collections import Counter

        kinds = Counter((scene, where.split(":")[0]) for _, scene, _, _, _, where in self.findings)
        return (f"{len(self.findings)} secret(s) on screen in {self.frames} frames: "
                + ", ".join(f"{n}x {w} on {sc}" for (sc, w), n in kinds.most_common()))


def _card_names(names) -> list:
    """The card names, longest first (checked at every frame: sorted once)."""
    key = tuple(names)
    if _CARD_NAMES[0] != key:
        _CARD_NAMES[:] = [key, sorted(set(key), key=len, reverse=True)]
    return _CARD_NAMES[1]


_CARD_NAMES: list = [None, []]
_UNSEEN = object()          # a token not yet looked for in this drawing


def _text_hit(pattern: str, blob: str) -> str | None:
    """The first line of ``blob`` that ``pattern`` is found in. One search of the whole
    blob, not one a line (this runs for every secret at every frame): the patterns cannot
    match a line break, so a match lies within one line, the first such line."""
    found = _compiled(pattern).search(blob)
    if found is None:
        return None
    start = blob.rfind("\n", 0, found.start()) + 1
    end = blob.find("\n", found.end())
    return f"text: {blob[start:] if end < 0 else blob[start:end]}"


def _compiled(pattern: str):
    import re

    return re.compile(pattern, re.IGNORECASE)   # re keeps the compiled patterns cached


def post_key(k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0))


def play_mixed(app, table, rng, frames: int = 200000, pause_every: int = 97) -> int:
    """Play a game with several people at the screen the way hurried people do: every
    hand-off answered at once, each move made with a number key and Enter followed by a
    stray second Enter 1-3 frames later, the pause menu opened now and then. Returns the
    number of frames it took (the game is over, or ``frames`` ran out)."""
    from game.ui.scene import DIGIT_KEYS
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.table_base import TableScene

    digits = sorted(DIGIT_KEYS, key=DIGIT_KEYS.get)[:9]
    session = table.session
    stray = 0
    stuck = 0
    # The computers' pace runs on the wall clock, and the secret watch reads every frame:
    # on a loaded 2-core machine a five-seat game has taken over 300 s.
    deadline = time.monotonic() + 900
    for frame in range(frames):
        if time.monotonic() > deadline:
            break
        top = app.top
        if stray == 1:
            post_key(pygame.K_RETURN)
        stray = max(0, stray - 1)
        if session.is_over() and isinstance(top, ResultsScene):
            return frame
        if isinstance(top, PauseScene):
            if rng.random() < 0.2:
                post_key(pygame.K_ESCAPE)
        elif top is not table and isinstance(top, TableScene):
            pass
        elif top is not table:
            post_key(pygame.K_RETURN)       # hand-off, character look, round end, notice…
        elif frame % pause_every == 0:
            post_key(pygame.K_ESCAPE)
        elif table.acting_seat() is not None and not session.is_over():
            before = len(session.match.log)
            n = len(getattr(table, "key_actions", None) or table.choices)
            if n:
                post_key(digits[rng.randrange(min(9, n))])
                post_key(pygame.K_RETURN)
                stray = rng.randint(1, 3) + 1
            step(app)
            if len(session.match.log) == before and table.acting_seat() is not None:
                stuck += 1
                if stuck > 3:   # a decision the keys do not reach: choose it directly
                    legal = session.legal_actions(table.acting_seat())
                    if legal:
                        table.choose(rng.choice(legal))
                    stuck = 0
            else:
                stuck = 0
            continue
        step(app)
    return frames
