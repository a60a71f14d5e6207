import time

import tiny_game  # noqa: F401

from game.bus import DecisionNeeded, EventBus, GameHappened, GameOver, Intent, IntentRefused
from game.rules.protocol import Action
from game.session import SeatConfig, Session
from game.storage import saves


def run_until_human_or_over(s, limit=200):
    for _ in range(limit):
        s.update()
        if s.is_over() or s.human_to_act() is not None:
            return
        s.wait_for_computer()
        time.sleep(0.001)
    raise AssertionError("session did not progress")


def test_humans_and_computers_play_to_the_end_with_autosave(shadows_home):
    bus = EventBus()
    seen, over, needs = [], [], []
    bus.subscribe(GameHappened, seen.append)
    bus.subscribe(GameOver, over.append)
    bus.subscribe(DecisionNeeded, needs.append)
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bot", "computer", "easy"),
                             SeatConfig("Cy")], seed=4, bus=bus, pace=0)
    run_until_human_or_over(s)
    assert s.human_to_act() == 0 and saves.has_autosave()
    assert s.submit(0, Action("bet")) is None
    run_until_human_or_over(s)
    assert s.human_to_act() == 2
    bus.publish(Intent(2, Action("fold")))
    assert s.is_over() and len(over) == 1
    assert not saves.has_autosave()  # finished games are retired, not deleted
    assert (shadows_home / "data" / "last-finished-game.json").exists()
    assert any(n.human for n in needs) and any(not n.human for n in needs)
    assert any(e.event.kind == "bet" for e in seen)


def test_refused_intent_says_why_and_changes_nothing(shadows_home):
    bus = EventBus()
    refused = []
    bus.subscribe(IntentRefused, refused.append)
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo")], seed=1, bus=bus, pace=0)
    run_until_human_or_over(s)
    before = s.match.to_json()
    assert s.submit(1, Action("bet")) == "it is not seat 1's decision"
    assert refused and refused[0].reason
    assert s.match.to_json() == before


def test_continue_resumes_exactly(shadows_home):
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo")], seed=9, pace=0)
    run_until_human_or_over(s)
    s.submit(0, Action("bet"))
    data, notice = saves.load_autosave()
    again = Session.from_save(data)
    assert again.match.to_json() == s.match.to_json()
    assert again.log_lines(None) == s.log_lines(None)
    assert again.human_to_act() == 1


def test_handoff_only_between_two_or_more_humans(shadows_home):
    two = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo")], seed=2, autosave=False)
    assert two.needs_handoff(0)
    two.handed_to(0)
    assert not two.needs_handoff(0) and two.needs_handoff(1)
    solo = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("B", "computer")], seed=2,
                       autosave=False)
    assert not solo.needs_handoff(0)


def test_log_lines_respect_the_viewer(shadows_home):
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo")], seed=3, pace=0,
                    autosave=False)
    run_until_human_or_over(s)
    from game.rules.protocol import Event
    s.entries.append((99, Event("peek", {}, "Ann peeks", seats=(0,))))
    assert "Ann peeks" in s.log_lines(0)
    assert "Ann peeks" not in s.log_lines(1) and "Ann peeks" not in s.log_lines(None)


def test_computer_thinks_off_the_main_thread(shadows_home):
    import threading
    threads = []
    release = threading.Event()

    class HeldBot:
        def choose(self, view, actions):
            threads.append(threading.current_thread().name)
            # held until the test lets go: if update() waited for the bot, it would hang
            release.wait(30)
            return actions[0]

    s = Session.new("tiny", [SeatConfig("A", "computer"), SeatConfig("B", "computer")],
                    seed=5, pace=0, autosave=False)
    s.bots = {0: HeldBot(), 1: HeldBot()}
    s.update()
    assert s.computer_thinking()   # update() came back while the bot is still held
    assert not release.is_set()
    release.set()
    run_until_human_or_over(s)
    assert s.is_over()
    assert threads and all(name.startswith("computer-player") for name in threads)


def test_undo_goes_back_to_last_choice_but_not_past_chance(shadows_home):
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo", "computer", "easy")], seed=7,
                    pace=0, autosave=False)
    run_until_human_or_over(s)
    assert not s.can_undo()  # only dealing so far
    s.submit(0, Action("bet"))
    assert s.can_undo()
    assert s.undo()
    assert s.human_to_act() == 0 and not s.can_undo()


def test_pass_and_play_screen_goes_public_once_the_person_at_it_has_answered(shadows_home):
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bot", "computer", "easy"),
                             SeatConfig("Cy")], seed=4, pace=0, autosave=False)
    run_until_human_or_over(s)
    assert s.needs_handoff(0)
    s.handed_to(0)
    assert s.submit(0, Action("bet")) is None
    assert s.at_screen is None          # the computer plays next: nothing of Ann's stays
    run_until_human_or_over(s)
    assert s.human_to_act() == 2 and s.needs_handoff(2)


def test_pass_and_play_undo_takes_back_only_your_own_moves_before_the_hand_off(shadows_home):
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo"), SeatConfig("Cy")], seed=7,
                    pace=0, autosave=False)
    run_until_human_or_over(s)
    s.handed_to(0)
    s.submit(0, Action("bet"))
    assert not s.can_undo()             # the screen went public: it is Bo's decision now
    s.handed_to(1)
    assert not s.can_undo() and not s.undo()   # Bo can never take back Ann's bet
    assert s.match.log[-1] == (0, Action("bet"))


def test_one_person_against_computers_keeps_the_same_screen_and_undo(shadows_home):
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bot", "computer", "easy")], seed=7,
                    pace=0, autosave=False)
    run_until_human_or_over(s)
    s.submit(0, Action("fold"))
    assert s.at_screen == 0 and s.can_undo()


def test_pass_and_play_screen_stays_with_her_through_her_own_dice(shadows_home):
    """Her turn goes on after the dice (roll, then choose): no hand-off in between."""
    seats = [SeatConfig(n) for n in ("Ann", "Bo")] + [SeatConfig(n, "computer", "easy")
                                                      for n in ("Cy", "Di")]
    s = Session.new("hunters", seats, seed=3, pace=0, autosave=False)
    for _ in range(400):
        run_until_human_or_over(s)
        seat = s.human_to_act()
        s.handed_to(seat)
        kinds = [a.kind for a in s.legal_actions(seat)]
        if "roll" in kinds:
            break
        s.submit(seat, s.legal_actions(seat)[0])
    else:
        raise AssertionError("no human turn started")
    s.submit(seat, next(a for a in s.legal_actions(seat) if a.kind == "roll"))
    s.update()                          # the dice
    assert s.decider() == seat and s.at_screen == seat
