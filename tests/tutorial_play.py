"""Following a tutorial's coach through the real app with posted events (test_tutorial*)."""

import pytest
from ui_helpers import click_at, frame_clock, step

# The rate for play-throughs that check something other than the pace (the coach's place,
# the languages, the keys): the pauses after the computers' moves only repeat the frame
# before them. test_tutorial's pace and timing tests keep 1.
QUICK = 4.0


def pace_on_frames(monkeypatch, rate: float = 1.0) -> None:
    """Every tutorial started from now on keeps its pace and holds on the frames stepped, as
    its animations do (``rate`` seconds of its clock a second of frames), never on the wall
    clock: that made a play-through wait out every pause with frames nobody needed."""
    from game.tutorial.session import TutorialSession

    real = TutorialSession.__init__
    clock = frame_clock if rate == 1.0 else (lambda: rate * frame_clock())

    def init(self, *args, **kw):
        kw.setdefault("clock", clock)
        real(self, *args, **kw)

    monkeypatch.setattr(TutorialSession, "__init__", init)


def coach_click(app, name: str) -> None:
    button = app.coach.buttons[name]
    assert button.is_enabled, f"{name} is greyed out at step {app.coach.index}"
    click_at(app, button.rect.center)


def target_centre(app, point: str):
    rect = app.top.region(point)
    assert rect is not None, f"{point} is not on {type(app.top).__name__}"
    return rect.center


def play_through(app, table, refuse_once: bool = False, until=None, shots=None,
                 crossed=None) -> list[int]:
    """Follow the coach to the last step (or until ``until()``); returns the steps seen
    (row indices). At every frame the coach's panel, rings and arrow keep clear of each
    other (``Coach.geometry_problems``); ``shots(index)`` is called once per step, when
    it may be pressed on."""
    session = table.session
    seen = []
    refused = False
    shot = set()
    # The tutorial's pace runs on the frames stepped (test_tutorial's paced_by_frames), so
    # the loop needs no real time to pass; a whole tutorial is a few thousand frames.
    for _ in range(60_000):
        coach = app.coach
        assert coach is not None
        assert coach.geometry_problems() == [], (session.index, app.metrics.width,
                                                 coach.geometry_problems())
        if crossed is not None:
            for name in coach.arrow_crossings():
                crossed.setdefault(session.index, set()).add(name)
        now = session.step
        if shots is not None and session.index not in shot and (
                coach.can_go_on() or now is not None and now.kind == "do"
                and table.acting_seat() is not None and session.settled() and table.still()
                or now is not None and now.kind == "fast" and session.fast_done * 2 >= len(now.plays)
                or now is not None and now.kind == "go" and app.top.region(now.point) is not None):
            shot.add(session.index)
            shots(session.index)
        s = session.step
        if until is not None and until():
            return seen
        if s is None or coach.is_last() and coach.can_go_on():
            return seen + [session.index]
        if s.kind != "bot" and (not seen or seen[-1] != session.index):
            seen.append(session.index)
        if s.kind == "say":
            if coach.can_go_on() and "next" in coach.buttons and coach.buttons["next"].is_enabled:
                coach_click(app, "next")
                continue
        elif s.kind == "do" and table.acting_seat() is not None and app.top is table \
                and session.settled() and table.still():
            if refuse_once and not refused:
                refused = True
                before = len(session.match.log)
                wrong = next(r for name, r in table.regions().items()
                             if name.startswith("hand.") and name != s.point)
                click_at(app, wrong.center)
                assert len(session.match.log) == before
                # a rule's refusal or the coach's explanation, never both, never bare
                assert coach.refusal.startswith(("Not allowed:", "The coach asks")), coach.refusal
                assert table.status.split(":")[0] == coach.refusal.split(":")[0]
                continue
            click_at(app, target_centre(app, s.point))
            continue
        elif s.kind == "go" and app.top.region(s.point) is not None:
            click_at(app, target_centre(app, s.point))
            continue
        step(app)
    pytest.fail(f"the tutorial stalled at row {session.index}: {session.step}")
