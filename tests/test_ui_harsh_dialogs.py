"""The Harsh table's dialogs and end-screen helpers, from views of real games."""

from harsh_ui_driver import find_seed

from game.match import Match
from game.rules.protocol import CHANCE, NOBODY, Action, chance_rng
from game.ui.harsh import dialogs
from game.ui.harsh.ending import final_case_files


def started(seed=4, difficulty="standard") -> Match:
    m = Match.start("harsh", 1, seed, {"difficulty": difficulty})
    while m.decider() == CHANCE:
        m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
    return m


def view_with(view, **changes):
    v = dict(view)
    v.update(changes)
    return v


def test_discard_notes_say_what_the_player_knows():
    view = started().state.view(0)
    files = [dict(f) for f in view["case_files"]]
    files[0]["revealed"] = ("Gun",)
    files[1]["revealed"] = ("Phone",)
    files[2]["revealed"] = ("Laptop",)
    v = view_with(view, case_files=files, clues=3)
    assert dialogs.discard_note(v, "Gun").startswith("Evidence: discarding it makes a win impossible")
    assert dialogs.discard_note(v, "Phone") == "Red Herring: better gone"
    assert dialogs.discard_note(v, "Laptop") == "False Lead: safe to lose"
    assert dialogs.discard_note(v, "Passport") == "not identified yet"
    assert dialogs.discard_note(v, "Clue") == "you hold 3 Clue value"


def test_the_discard_phase_opens_a_dialog_with_every_legal_discard():
    discard = Action("discard", (8,), "Discard Clue")
    gun = Action("discard", (4,), "Discard Gun")
    view = view_with(started().state.view(0), phase="discard", discard_for="bomb")
    dlg = dialogs.phase_dialog(view, [gun, discard])
    assert dlg.kind == "discard" and dlg.title == "The Bomb goes off" and not dlg.cancel
    assert [o.action for o in dlg.options] == [gun, discard]
    assert dialogs.phase_dialog(view_with(view, phase="move"), [Action("move", (5,))]) is None


def test_the_clue_dialog_offers_one_card_per_case_file_and_payment():
    acts = [Action("reveal", (0, 0, 0), "Reveal Evidence card 1 (pay 2 Clues)"),
            Action("reveal", (0, 1, 0), "Reveal Evidence card 2 (pay 2 Clues)"),
            Action("reveal", (0, 0, 1), "Reveal Evidence card 1 (pay Clue x2)"),
            Action("reveal", (2, 3, 0), "Reveal False Leads card 4 (pay 1 Clue)"),
            Action("end", (), "End turn")]
    dlg = dialogs.clue_dialog(started().state.view(0), acts)
    assert [(o.text, o.note) for o in dlg.options] == [
        ("Reveal an Evidence card", "pay 2 Clues"), ("Reveal an Evidence card", "pay Clue x2"),
        ("Reveal a False Lead card", "pay 1 Clue")]
    assert dlg.cancel


def test_ability_targets_read_well_even_with_a_direction_in_brackets():
    view = started().state.view(0)
    from game.rules.harsh.abilities import _post_target
    from game.rules.harsh.actions import _ability_label
    from game.rules.harsh.data import LOC_NAME

    post, library, park = (LOC_NAME.index(n) for n in ("Uptown Post Office", "Royal Library",
                                                        "Sunrise Park"))
    # the labels the rules make: "Use Uptown Post Office: Dead drop (take from Royal Library (NE))"
    acts = [Action("ability", ("post", 5), (_ability_label, post, (_post_target, library, "NE"))),
            Action("ability", ("post", 7), (_ability_label, post, (_post_target, park, "N")))]
    assert acts[0].label == "Use Uptown Post Office: Dead drop (take from Royal Library (NE))"
    dlg = dialogs.ability_dialog(view, acts)
    assert [o.text for o in dlg.options] == ["Take from Royal Library (NE)",
                                             "Take from Sunrise Park (N)"]


def test_final_case_files_come_from_the_deal_only_once_the_game_is_over():
    class FakeSession:
        def __init__(self, match):
            self.match = match

        def is_over(self):
            return self.match.decider() == NOBODY

    m = started(seed=find_seed("expert", lambda outcome, _: outcome == "countdown"),
                difficulty="expert")
    s = FakeSession(m)
    assert all(None in f for f in final_case_files(s, m.state.view(0)))  # nothing shown early
    from game.ai.harsh_hint import make_bot

    bot = make_bot("easy", 0, seed=m.seed)
    while m.decider() != NOBODY:
        if m.decider() == CHANCE:
            m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
        else:
            m.apply(0, bot.choose(m.state.view(0), m.state.legal_actions(0)))
    files = final_case_files(s, m.state.view(0))
    cases = next(a for seat, a in m.log if seat == CHANCE and a.kind == "cases")
    from game.rules.harsh.data import ITEMS

    assert [n for f in files for n in f] == [ITEMS[i] for i in cases.args]
    assert [len(f) for f in files] == [3, 2, 3]


def test_reasons_that_name_the_star_icon_are_drawable():
    from game.ui.harsh.look import plain

    assert plain("the bug cannot be placed at a ★ Location") == \
        "the bug cannot be placed at a starred Location"
    assert "★" not in plain("★ ★")
