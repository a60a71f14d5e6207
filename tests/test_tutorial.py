"""Tutorials: every step's move is legal where it stands, and each tutorial plays to its
end on the real table through posted events (the coach's buttons, clicks on the table's
named parts); other moves are refused with a reason; leaving keeps the step."""


import pygame
import pytest
from tutorial_play import QUICK, coach_click, pace_on_frames, play_through
from ui_helpers import click, click_at, find, key, make_app, step, wait

from game.rules.chasing.state import trick_winner
from game.rules.protocol import Action
from game.tutorial import available, tutorial_for
from game.tutorial.session import TutorialSession
from game.ui.advice_hint import HintScene

TUTORIALS = [t.key for t in available()]          # a tutorial in parts: each part
GAMES_TAUGHT = sorted({t.game_id for t in available()})


pytestmark = pytest.mark.animation_speed("fast")


@pytest.fixture(autouse=True)
def paced_by_frames(monkeypatch):
    pace_on_frames(monkeypatch)


@pytest.mark.parametrize("game_id", TUTORIALS)
def test_every_step_of_the_tutorial_is_legal_where_it_stands(game_id):
    t = tutorial_for(game_id)
    assert t.verify() == []
    m = t.start()
    for r in t.rows:   # the same, spelt out: each move is among the legal actions then
        for action in t.actions_of(r):
            seat = m.decider() if r.kind == "fast" else t.mover(r)
            assert action in m.state.legal_actions(seat), r
            m.apply(seat, action)
            m.run_chance()      # dice and cards between the rows come from the seed


@pytest.mark.parametrize("game_id", TUTORIALS)
def test_the_minutes_shown_are_the_rows_time_at_the_normal_pace(game_id):
    """Counted from the rows (reading, moves, the pace), never a clock; each tutorial (each
    part) stays under about ten minutes."""
    import math

    t = tutorial_for(game_id)
    assert t.minutes == math.ceil(t.seconds() / 60)
    assert t.seconds() <= 10 * 60


def walk(t):
    """A tutorial's moves in order, each as (its seat, the row, the state before it, the
    state after it and the chance steps it leads to)."""
    m = t.start()
    for r in t.rows:
        for action in t.actions_of(r):
            seat = m.decider() if r.kind == "fast" else t.mover(r)
            before = m.state.clone()
            m.apply(seat, action)
            m.run_chance()
            yield seat, r, before, m.state


def test_a_wrong_table_is_caught():
    t = tutorial_for("chasing")
    i = next(i for i, r in enumerate(t.rows) if r.kind == "do")
    broken = t.rows[i].__class__("do", "x", "hand", Action("play", ("grey", 5)))
    import dataclasses

    bad = dataclasses.replace(t, rows=t.rows[:i] + (broken,) + t.rows[i + 1:])
    problems = bad.verify()
    assert problems and "not legal" in problems[0]


def test_chasing_covers_every_core_rule():
    """The game brings up what the issue lists, each in a trick played (not fast-forwarded)
    or a round's scoring; checked on the rules, not the text."""
    t = tutorial_for("chasing")
    first = t.start().state
    assert first.rnd == 0 and len(first.hands[t.learner]) == 13     # from round I's deal
    assert len(first.discard) == 2                                   # the 3-player discard
    seen = set()
    trick = []     # the rows of the trick under way
    m = t.start()
    for r, action in ((row, a) for row in t.rows for a in t.actions_of(row)):
        seat = m.decider() if r.kind == "fast" else t.mover(r)
        st = m.state.clone()
        m.apply(seat, action)
        after = m.state     # read before the next round's deal resets the tricks
        trick.append(r.kind)
        if seat == t.learner and r.kind == "do" and r.action.kind == "play" and st.trick:
            if len(st.legal_actions(seat)) < len(st.hands[seat]):
                seen.add("following a Follow Card")
        if r.kind == "do" and after.await_discard:
            seen.add("the follower chooses the discard")
        ended = after.rnd > st.rnd or len(after.history) > len(st.history)
        if ended:
            sp, _, plays, _ = after.history[-1]
            ranks = [c & 15 for c in plays]
            best = trick_winner(sp & 15, ranks)
            if "fast" not in trick:
                seen.add("highest below wins" if ranks[best] < sp & 15 else "highest wins, none below")
                if ranks[best] in ranks[:best]:
                    seen.add("equal ranks: the later wins")
            trick = []
        if after.rnd > st.rnd:
            seen.add(f"round {after.rnd} scored")
        m.run_chance()
    assert after.is_over()
    view = after.view(None)
    first_round = view["breakdowns"][0][t.learner]["suits"].values()
    if any(s["ignored"] for s in first_round):
        seen.add("the higher half ignored")
    if any(tuple(s["ranks"]) == (0,) and s["score"] == 15 for s in first_round):
        seen.add("a lone 0 scores 15")
    if any(s["score"] is None for s in first_round):
        seen.add("an empty box")
    if any(any(row) for row in view["scoresheet"][t.learner]["struck"]):
        seen.add("strike-through")
    scores = view["result"]["scores"]
    if sorted(scores).count(min(scores)) > 1 and len(view["result"]["winners"]) == 1:
        seen.add("the tie broken by the fewest cards")
    assert seen == {"following a Follow Card", "the follower chooses the discard",
                    "highest below wins", "highest wins, none below",
                    "equal ranks: the later wins", "round 1 scored", "round 2 scored",
                    "round 3 scored", "the higher half ignored", "a lone 0 scores 15",
                    "an empty box", "strike-through", "the tie broken by the fewest cards"}


# --- the rule coverage tables ----------------------------------------------------------------

# the uncovered rules each table listed when it was written: the sets may only shrink
UNCOVERED_AT_MOST = {"chasing": 0, "harsh": 0, "hunters": 0}
COMPLETE = {"chasing", "harsh", "hunters"}   # games whose tutorial has a step for every rule: no UNCOVERED


@pytest.mark.parametrize("game_id", GAMES_TAUGHT)
def test_every_rule_of_the_rulebook_has_a_step_or_is_listed_uncovered(game_id):
    import importlib

    from game.tutorial import parts_of
    from game.tutorial.coverage import counts, steps_in_parts

    module = importlib.import_module(f"game.tutorial.{game_id}")
    rules = module.RULES
    assert len({r.id for r in rules}) == len(rules)
    for r in rules:
        rows = steps_in_parts(parts_of(game_id), r)    # a tutorial in parts: any of them
        if r.how == "uncovered":
            assert not r.step, f"{r.id} is uncovered but names a step"
            continue
        assert len(rows) == 1, (f"{r.id}: {r.step!r} is in rows "
                                f"{[(t.key, i) for t, i in rows]}, not exactly one")
        part, index = rows[0]
        shown = part.rows[index]
        assert shown.point, f"{r.id}: its step points at nothing"
    uncovered = {r.id for r in rules if r.how == "uncovered"}
    assert module.UNCOVERED == uncovered
    print(f"{game_id}: {counts(rules)}; uncovered: {sorted(uncovered)}")
    if game_id in COMPLETE:
        assert not uncovered, f"{game_id} leaves rules without a step: {sorted(uncovered)}"
    assert len(uncovered) <= UNCOVERED_AT_MOST[game_id], sorted(uncovered)


# --- on the real app ---------------------------------------------------------------------------

# steps whose arrow crosses another named part of the screen (Coach.arrow_crossings), as
# measured when labels and buttons were first counted (issue 40 follow-up)
ARROW_CROSSES_AT_MOST = {("chasing", 1024): 15, ("chasing", 1920): 17, ("harsh", 1024): 31,
                         ("harsh", 1920): 29, ("hunters", 1024): 17, ("hunters", 1920): 18,
                         ("hunters2", 1024): 10, ("hunters2", 1920): 10}


# At 1920x1080 each game's tutorial is also played to its end and its offer of a real game
# taken (chasing_to_the_end and the others below): a tutorial is played through once for
# both (Shadow Hunters' second part is reached from the first, as a learner does). There it
# plays with animations off: the coach's place while cards and pieces move is checked at
# 1024x640, at every frame of every tutorial with animations (at 1920x1080 with them, the
# three cost 20 s of CPU, without 8 s).
SIZES = [(1024, 640), (1920, 1080)]
COACH_CASES = [(g, i) for g in TUTORIALS for i in range(2) if (g, i) != ("hunters2", 1)]


@pytest.mark.parametrize("game_id,size", [   # -m "not slow" keeps one: Harsh at the small size
    pytest.param(g, SIZES[i], id=f"{g}-size{i}", marks=() if (g, i) == ("harsh", 0) else pytest.mark.slow)
    for g, i in COACH_CASES])
def test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes(shadows_home, game_id,
                                                                       size, monkeypatch):
    import os

    pace_on_frames(monkeypatch, QUICK)     # the coach's geometry is checked at every frame

    app = make_app(size=size)
    app.settings.animation_speed = "fast" if size == SIZES[0] else "off"
    step(app, 2)
    click(app, "#learn")
    click(app, f"#learn_{game_id}")
    table = app.top
    folder = os.environ.get("TUTOR_SHOTS")    # set it to look at every step's screen

    def shots(index):
        if folder:
            step(app, 4)     # a screen's first frame may be put off (App.draw)
            pygame.image.save(app.screen, f"{folder}/{app.top.session.tutorial.key}-{size[0]}-"
                                          f"{index:02d}.png")

    crossed: dict = {}      # tutorial -> {step: the names its arrow crossed}

    def play(table, **kw):
        return play_through(app, table, shots=shots,
                            crossed=crossed.setdefault(table.session.tutorial.key, {}), **kw)

    if size == SIZES[1] and game_id in TO_THE_END:
        TO_THE_END[game_id](app, table, play)
    else:
        # Chasing: a card other than the step's too, whose explanation grows the panel
        seen = play(table, refuse_once=game_id == "chasing")
        assert seen[-1] == table.session.tutorial.steps[-1]
    app.quit()
    # The arrow should cross no other named part, label or button; round a hand of cards or
    # a grid of Locations it cannot always: the steps where it does may not grow in number
    print(game_id, size, "arrow crossings:", crossed)
    assert crossed.keys() <= {game_id, "hunters2"}
    for key_, steps_crossed in crossed.items():
        assert len(steps_crossed) <= ARROW_CROSSES_AT_MOST[key_, size[0]], (key_, sorted(steps_crossed))


def joined(first: list[int], then: list[int]) -> list[int]:
    """The steps seen by two play-throughs in a row: the step the first stopped at is seen
    again by the second."""
    return first + (then[1:] if first and then and then[0] == first[-1] else then)


def chasing_to_the_end(app, table, play):
    """From the menu the Chasing tutorial plays to its end (every step shown, in order; a card
    other than the step's refused once) and offers a real game. Esc under an explanation of
    the round end does not close it (only Next does)."""
    from game.ui.chasing.overlays import ChasingResultsScene, RoundEndScene

    assert isinstance(table.session, TutorialSession) and app.coach is not None
    session = table.session
    seen = play(table, refuse_once=True,
                until=lambda: isinstance(app.top, RoundEndScene) and app.coach.can_go_on())
    at = session.index
    assert session.step.point.startswith("round_end.")
    key(app, pygame.K_ESCAPE, 3)
    assert isinstance(app.top, RoundEndScene) and session.index == at
    assert "press Next" in app.coach.refusal
    seen = joined(seen, play(table))      # and it still plays to its end
    t = session.tutorial
    assert seen == t.steps      # every step shown, in order
    assert isinstance(app.top, ChasingResultsScene)
    assert session.is_over()
    coach_click(app, "real")
    step(app, 3)
    real = app.top
    assert not isinstance(real.session, TutorialSession)
    assert [c.name for c in real.session.seats] == [c.name for c in table.session.seats]
    assert [c.kind for c in real.session.seats] == ["human", "computer", "computer"]
    assert [c.level for c in real.session.seats[1:]] == ["easy", "easy"]
    assert [c.hints for c in real.session.seats] == [True, False, False]   # the learner's hints
    assert app.coach is None
    # at the learner's first decision the table offers the hint, and H opens it
    assert wait(app, lambda: app.top is real and real.acting_seat() == 0, 60)
    find(app, "#advice_hint")
    key(app, pygame.K_h)
    assert isinstance(app.top, HintScene) and app.top.seat == 0
    key(app, pygame.K_h)
    assert app.top is real
    assert "chasing" in app.settings.tutorials_done
    assert "chasing" not in app.settings.tutorial_steps


def test_a_move_other_than_the_step_asks_is_refused_with_a_reason(app):
    from game.ui.coach import start_tutorial

    table = start_tutorial(app, "chasing")
    session = table.session
    t = session.tutorial
    # the first step where a rule forbids some cards: following the yellow Follow Cards
    first_do = next(i for i, r in enumerate(t.rows) if r.kind == "do"
                    and r.action == Action("play", ("yellow", 9)))
    # an explanation is up: a card is refused, nothing moves
    assert session.submit(0, Action("play", ("yellow", 8))) is not None
    while session.index < first_do:
        if session.step.kind == "say":
            session.next_step()
        elif session.step.kind == "do":
            assert session.submit(0, session.step.action) is None
        else:
            wait(app, lambda: session.step.kind not in ("bot", "fast"), 10)
    assert wait(app, lambda: table.acting_seat() is not None)
    before = len(session.match.log)
    rule = session.submit(0, Action("play", ("grey", 2)))      # breaks the rules
    assert "must play" in rule
    coach = session.submit(0, Action("play", ("yellow", 0)))   # legal, not the lesson
    # what it would do, what the step wants and why
    assert coach.startswith('"Play yellow 0" is allowed: it would be winning the trick so far')
    assert t.rows[first_do].why in coach and coach.endswith("Try again")
    assert session.last_refusal == ("The coach asks for another move", coach)
    assert len(session.match.log) == before and session.index == first_do
    assert session.submit(0, t.rows[first_do].action) is None
    assert session.index == first_do + 1


def test_a_fast_forward_plays_every_seat_and_refuses_the_learners_clicks():
    """A fast row: the coach makes each of its moves (the learner's too), quicker than the
    usual pace, and a card clicked meanwhile is refused with why, not "Not allowed"."""
    from game.tutorial.session import FAST_PACE

    t = tutorial_for("chasing")
    at = next(i for i, r in enumerate(t.rows) if r.kind == "fast")
    clock = [0.0]
    # as a saved run resumes there: the moves before it replayed
    session = TutorialSession.begin(t, "Ann", at, clock=lambda: clock[0])
    assert session.fast_forward and session.fast_progress() == (0, len(t.rows[at].plays))
    lead, reason = session.refusal(0, Action("play", ("grey", 8)))
    assert lead == "One moment" and "coach is playing" in reason
    moves = 0
    while session.index == at:
        before = len(session.match.log)
        session.update()
        moves += len(session.match.log) > before
        clock[0] += FAST_PACE
    assert moves == len(t.rows[at].plays) and session.fast_done == 0
    assert session.step.kind == "do" and session.decider() == t.learner
    assert session.match.state.view(None) == t.match_at(at + 1).state.view(None)
    session.close()


def test_leaving_keeps_the_step_and_learn_to_play_resumes_there(app):
    from game.ui.scenes.menu import MenuScene

    click(app, "#learn")
    click(app, "#learn_chasing")
    table = app.top
    for _ in range(3):
        wait(app, lambda: app.coach.can_go_on())
        coach_click(app, "next")
    at = table.session.index
    key(app, pygame.K_ESCAPE, 2)           # pause, then save & quit
    click(app, "#save_quit")
    assert isinstance(app.top, MenuScene) and app.coach is None
    assert app.settings.tutorial_steps["chasing"] == at
    from game.storage.settings import load_settings

    assert load_settings()[0].tutorial_steps["chasing"] == at   # written to disk
    click(app, "#learn")
    click(app, "#resume_chasing")
    assert app.top.session.index == at and app.coach is not None


def test_the_tutorial_is_offered_the_first_time_a_game_is_opened_only(shadows_home):
    from game.storage.settings import load_settings
    from game.ui.coach import start_tutorial  # noqa: F401 - the offer's way in
    from game.ui.scenes.confirm import ConfirmScene
    from game.ui.scenes.setup import SetupScene

    app = make_app(offer_tutorials=True)
    step(app, 2)

    click(app, "#tile_chasing")
    assert isinstance(app.top, ConfirmScene)
    click(app, "#offer_setup")
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE, 2)
    click(app, "#tile_chasing")
    assert isinstance(app.top, SetupScene)     # offered once
    assert "chasing" in load_settings()[0].tutorials_offered   # remembered on disk
    key(app, pygame.K_ESCAPE, 2)
    click(app, "#tile_harsh")                  # another game: its own offer, if it has a tutorial
    assert isinstance(app.top, ConfirmScene if tutorial_for("harsh") else SetupScene)
    app.quit()


def test_a_finished_tutorial_is_not_offered_as_new_to_the_game(shadows_home):
    from game.storage.settings import load_settings, save_settings
    from game.ui.scenes.setup import SetupScene

    settings = load_settings()[0]
    settings.tutorials_done = ["chasing"]     # learnt from the menu, never offered
    save_settings(settings)
    app = make_app(offer_tutorials=True)
    step(app, 2)
    click(app, "#tile_chasing")
    assert isinstance(app.top, SetupScene)    # no "New to Chasing Shadows?"
    app.quit()


def test_accepting_the_offer_starts_the_tutorial(shadows_home):
    app = make_app(offer_tutorials=True)
    step(app, 2)
    click(app, "#tile_chasing")
    click(app, "#offer_learn")
    assert isinstance(app.top.session, TutorialSession) and app.coach is not None
    app.quit()


def test_a_run_saved_after_the_last_move_resumes_before_it():
    """Resuming replays up to the last move at most, so the end of the game (and its
    screens) plays again live rather than being skipped."""
    t = tutorial_for("chasing")
    last_move = max(i for i, r in enumerate(t.rows) if r.moves)
    assert t.resume_index(len(t.rows) - 1) == last_move
    assert t.resume_index(3) == 3
    session = TutorialSession.begin(t, "Ann", len(t.rows) - 1)
    assert session.index == last_move and not session.is_over()
    session.close()


def test_the_coach_leave_button_keeps_the_step(app):
    from game.ui.scenes.menu import MenuScene

    click(app, "#learn")
    click(app, "#learn_chasing")
    wait(app, lambda: app.coach.can_go_on())
    coach_click(app, "next")
    at = app.top.session.index
    coach_click(app, "leave")
    assert isinstance(app.top, MenuScene) and app.coach is None
    assert app.settings.tutorial_steps["chasing"] == at


# --- Shadow Hunters ------------------------------------------------------------------------------

def test_hunters_tutorial_brings_up_what_it_teaches():
    """Checked on the rules, not the text: the learner moves by the dice and by a 7, draws
    and gives a Hermit card and answers one, gains Equipment, is revealed, lands a hit, and
    visits three Areas whose actions are used."""
    from game.rules.hunters.data import CARD_EQUIP

    t = tutorial_for("hunters")
    seen = set()
    for seat, r, before, st in walk(t):
        frame = before.stack[-1][0]
        if seat != t.learner:
            continue
        if frame == "move_choice" and sum(st.dice) == 7:
            seen.add("a 7: any Area")
        if r.action.kind == "draw":
            seen.add(f"draw {r.action.args[0]}")
        if frame == "hermit_give":
            seen.add("give a Hermit card")
        if frame == "hermit_answer":
            seen.add("answer a Hermit card")
        if r.action.kind == "woods":
            seen.add("Weird Woods")
        if r.action.kind == "attack" and st.dmg[r.action.args[0]] > before.dmg[r.action.args[0]]:
            seen.add("a hit")
    if any(CARD_EQUIP[c] for c in st.equip[t.learner]):
        seen.add("Equipment")
    if st.rev[t.learner]:
        seen.add("revealed")
    assert seen == {"a 7: any Area", "draw hermit", "draw black", "give a Hermit card",
                    "answer a Hermit card", "Weird Woods", "a hit", "Equipment", "revealed"}
    assert not st.is_over() and st.alive[t.learner]


def hunters_to_the_end(app, table, play):
    """Part 1 (Basics) stops after three turns and offers Part 2 (Winning and dying), which
    plays the same game on to its end and the results, then offers a real game."""
    from game.ui.hunters.results import HuntersResults

    assert isinstance(table.session, TutorialSession) and app.coach is not None
    seen = play(table)
    t = table.session.tutorial
    assert seen == t.steps
    assert app.top is table and not table.session.is_over()
    assert table.session.match.state.rev[t.learner]     # the counterattack revealed her
    assert table.session.seats[t.learner].name == "Alice"   # not the setup's "Red"
    # the table's own buttons are still there: they point at the coach's, not at a Next
    legal = table.session.match.state.legal_actions(t.learner)
    reason = table.session.submit(t.learner, legal[0])
    assert "Part 2" in reason and "Next" not in reason
    assert "real" not in app.coach.buttons
    log = list(table.session.match.log)
    coach_click(app, "part")
    step(app, 3)
    assert "hunters" in app.settings.tutorials_done and "hunters" not in app.settings.tutorial_steps
    second = app.top
    assert second is not table and second.session.tutorial.key == "hunters2"
    assert list(second.session.match.log) == log      # the same game, where part 1 left it
    assert app.settings.tutorial_steps["hunters2"] == 0     # its own progress, saved
    seen = play(second)
    assert seen == second.session.tutorial.steps
    assert isinstance(app.top, HuntersResults) and second.session.is_over()
    assert set(second.session.result().winners) == {0, 1}      # the Shadows, Bob though dead
    # the results' own "Play a real game" starts the game the coach offers (Play vs Easy)
    click(app, "#play_again")
    step(app, 3)
    from game.ui.hunters.overlays import CharacterScene

    assert isinstance(app.top, CharacterScene)   # a real game opens with the first look
    real = app.top.table
    assert not isinstance(real.session, TutorialSession) and app.coach is None
    assert [c.name for c in real.session.seats] == [c.name for c in table.session.seats]
    assert [c.kind for c in real.session.seats] == ["human"] + ["computer"] * 3
    assert [c.hints for c in real.session.seats] == [True] + [False] * 3   # the learner's hints
    assert [c.level for c in real.session.seats[1:]] == ["easy"] * 3
    assert "hunters2" in app.settings.tutorials_done


def test_hunters_second_part_meets_what_it_teaches():
    """Checked on the rules' history: two reveals by choice, Equipment stolen (a Moody Goblin
    and the learner at the Erstwhile Altar), three deaths, the learner's kill reward, the
    Shadows' win."""
    t = tutorial_for("hunters2")
    before = len(t.start().state.history)
    m = t.match_at(len(t.rows))
    facts = m.state.history[before:]
    assert len([f for f in facts if f[0] == "reveal" and f[3] == "reveal"]) == 2
    steals = [f for f in facts if f[0] == "equipment" and f[4] in ("goblin", "altar")]
    assert {f[4] for f in steals} == {"goblin", "altar"}
    assert any(f[4] == "altar" and f[2] == t.learner for f in steals)
    assert len([f for f in facts if f[0] == "death"]) == 3
    assert any(f[0] == "loot" and f[1] == t.learner for f in facts)
    assert m.state.is_over() and m.state.view(None)["winners"] == (0, 1)


@pytest.mark.slow  # a whole tutorial through the UI: CI runs it, -m "not slow" skips it
def test_harsh_keeping_the_kit_gets_the_coachs_answer_before_the_tables_warning(app):
    """The table's "This ends the game... Do it anyway?" must not come up (with the coach's
    arrow on its Yes) for a move the coach refuses anyway."""
    click(app, "#learn")
    click(app, "#learn_harsh")
    table = app.top
    session = table.session
    play_through(app, table, until=lambda: session.step.kind == "do"
                 and session.step.action.kind == "kit" and table.acting_seat() is not None
                 and table.still() and table.dialog is not None)
    keep = next(i for i, o in enumerate(table.dialog.options) if o.action.args == (False,))
    before = len(session.match.log)
    click_at(app, table.region(f"option.{keep}").center)
    step(app, 2)
    assert len(session.match.log) == before
    assert table.dialog is not None and table.dialog.kind != "confirm"   # no "Do it anyway?"
    assert app.coach.refusal.startswith("The coach asks for another move:"), app.coach.refusal
    assert "use the Defusing Kit" in app.coach.refusal
    click_at(app, table.region(f"option.{1 - keep}").center)
    assert wait(app, lambda: len(session.match.log) > before)


@pytest.mark.slow  # a whole tutorial through the UI: CI runs it, -m "not slow" skips it
def test_hunters_re_rolls_are_not_called_the_mystic_compass(app):
    """A roll for the Area you stand on is rolled again; with a 7 after it, the prompt
    says 7 (any Area), not the Mystic Compass the learner does not hold."""
    from game.ui.coach import start_tutorial

    table = start_tutorial(app, "hunters")
    session = table.session
    at = next(i for i, r in enumerate(session.tutorial.rows)
              if r.action is not None and r.action.args == ("Cemetery",))
    play_through(app, table, until=lambda: session.index == at and session.settled()
                 and table.still() and table.acting_seat() is not None)
    assert len(table.turn_rolls()) >= 2        # the 3 on the Cabin, then the 7
    assert table.prompt_text().startswith("You rolled 7")


def test_harsh_accusation_is_deduced_and_abilities_are_used_in_play():
    """The learner accuses knowing the outcome: every Evidence card revealed and every Item
    held one of them (so none can be the Red Herring); no Gamble. Several Location abilities
    are used at the table, each once."""
    t = tutorial_for("harsh")
    m = t.start()
    used = []
    for r in t.rows:
        for action in t.actions_of(r):
            st = m.state
            if action.kind == "accuse":
                assert all(st.rev[0])
                held = [k for k in st.coll if k < 8]          # Items (8, 9: Clues)
                assert sorted(held) == sorted(st.conf[0])
            if action.kind == "ability":
                used.append(action.args[0])
            m.apply(0, action)
            m.run_chance()
    assert m.state.outcome == "won"
    assert "casino" not in used and len(set(used)) == len(used) >= 4, used


def test_harsh_refusals_never_name_a_face_down_card():
    """At every step, whatever the learner tries (every Location, every action, every Case
    File card), the refusal never names a card that lies face down: a Discovery card on the
    grid or in the deck, or a hidden Confiscated Item, unless the same name is in view."""
    import re

    from game.rules.harsh.data import KIND_NAMES

    t = tutorial_for("harsh")
    for i, r in enumerate(t.rows):
        if r.kind != "do":
            continue
        session = TutorialSession.begin(t, "Ann", i)
        st = session.match.state
        hidden = {KIND_NAMES[k] for stack in st.stacks for k in stack}
        hidden |= {KIND_NAMES[k] for k in st.deck}
        hidden |= {KIND_NAMES[k] for f in range(3) for k, shown in zip(st.conf[f], st.rev[f])
                   if not shown}
        public = {KIND_NAMES[k] for k in st.coll}
        # seen at the Cafe: the deck's known top cards, the cards laid from them, the three
        # being put back
        public |= {KIND_NAMES[k] for k in st.deck[len(st.deck) - st.deck_known:]}
        public |= {KIND_NAMES[k] for stack, known in zip(st.stacks, st.known)
                   for k, seen in zip(stack, known) if seen}
        public |= {KIND_NAMES[k] for k in (st.pending or ()) if isinstance(k, int)}
        public |= {KIND_NAMES[k] for f in range(3) for k, shown in zip(st.conf[f], st.rev[f])
                   if shown}
        secret = hidden - public
        tries = list(st.legal_actions(0)) + [Action("move", (p,)) for p in range(9)]
        tries += [Action("reveal", (f, slot, x2)) for f in range(3) for slot in range(4)
                  for x2 in (0, 1)]
        tries += [Action(k, ()) for k in ("bug", "track", "end", "accuse")]
        for action in tries:
            refused = session.refusal(0, action)
            if refused is None:
                continue
            # the step's own words (its why) are the author's; the rest is worked out
            said = refused[1].split("This step shows something else")[0]
            for name in sorted(public, key=len, reverse=True):   # "Clue x2" held: not "Clue"
                said = said.replace(name, "")
            for name in secret:
                assert not re.search(rf"\b{re.escape(name)}\b", said), (i, action, said)
        session.close()


def harsh_to_the_end(app, table, play):
    """Solo: every move is the learner's (Location, dialog option, button, Case File card),
    the Spy moves by its deck; the accusation wins and the coach offers a real game."""
    from game.ui.harsh.ending import HarshResultsScene

    assert isinstance(table.session, TutorialSession) and app.coach is not None
    session = table.session
    t = session.tutorial
    # a Location the step does not ask for is refused by the coach, nothing moves
    seen = play(table, until=lambda: session.step.kind == "do"
                        and table.acting_seat() is not None and table.still())
    wrong = table.region("location.5")
    before = len(session.match.log)
    click_at(app, wrong.center)
    assert len(session.match.log) == before
    # a legal move: explained (where it would go, what the step wants), not "Not allowed"
    assert app.coach.refusal.startswith("The coach asks for another move:"), app.coach.refusal
    assert "you would walk to the Spring Carnival" in app.coach.refusal
    assert "Crystal Globe Casino" in app.coach.refusal
    assert table.status.startswith("The coach asks for another move:")
    far = table.region("location.0")       # two steps away: the table refuses it itself
    click_at(app, far.center)
    assert len(session.match.log) == before
    assert app.coach.refusal.startswith("Not allowed: the Agent moves one step"), app.coach.refusal
    click_at(app, table.region("case.0.0").center)   # refused by the table, not the rules
    assert len(session.match.log) == before
    assert app.coach.refusal == "Not allowed: " + table.status.split(": ", 1)[1] + "."
    assert "after moving" in app.coach.refusal
    seen += play(table)
    assert list(dict.fromkeys(seen)) == t.steps      # every step shown, in order
    assert isinstance(app.top, HarshResultsScene) and app.top.won
    assert session.is_over() and session.match.state.outcome == "won"
    coach_click(app, "real")
    step(app, 3)
    real = app.top
    assert not isinstance(real.session, TutorialSession)
    assert [c.name for c in real.session.seats] == [c.name for c in session.seats]
    assert app.coach is None
    # Harsh's hint is no Setup option: its table always has the button
    assert wait(app, lambda: app.top is real and real.acting_seat() == 0, 60)
    find(app, "#hint")
    assert "harsh" in app.settings.tutorials_done
    assert "harsh" not in app.settings.tutorial_steps


TO_THE_END = {"chasing": chasing_to_the_end, "hunters": hunters_to_the_end, "harsh": harsh_to_the_end}
