"""Shadow Hunters table support: notebook storage, rules text coverage, result details."""

import random

import pytest

from game.rules.hunters import RULES_TEXT
from game.rules.hunters.data import BLACK_CARDS, CHARACTERS, HERMIT_CARDS, WHITE_CARDS
from game.rules.hunters.state import new_game
from game.rules.protocol import NOBODY
from game.ui.hunters.layout import compute
from game.ui.hunters.look import AREA_INFO, HP_MARKS
from game.ui.hunters.notebook import Notebook, notes_path
from game.ui.hunters.results import why
from game.ui.style import Metrics


def test_notes_are_kept_per_writer_and_survive_a_reload(shadows_home):
    book = Notebook(42)
    book.set(0, 2, "Shadow", "Vampire")
    book.set(1, 2, "Hunter")
    again = Notebook.load(42)
    assert again.get(0, 2) == {"faction": "Shadow", "character": "Vampire"}
    assert again.get(1, 2) == {"faction": "Hunter", "character": ""}
    assert again.get(0, 3) == {"faction": "?", "character": ""}
    assert again.summary(0, 2) == "Shadow · Vampire?"
    assert again.summary(0, 3) == ""


def test_a_character_guess_follows_the_faction_mark(shadows_home):
    book = Notebook(7)
    book.set(0, 1, "Hunter")
    seen = {book.cycle_character(0, 1) for _ in range(8)}
    assert seen == {"", "Emi", "Franklin", "George", "Ellen", "Fu-ka", "Gregor"}
    book.set(0, 1, "Shadow", "Emi")           # contradicts the mark: the guess is dropped
    assert book.get(0, 1)["character"] == ""
    assert book.cycle_faction(0, 1) == "Neutral"
    assert book.cycle_faction(0, 1) == "?"
    assert book.cycle_character(0, 1, -1) == "David"     # "?" allows every character


def test_a_damaged_notes_file_is_kept_aside_and_the_game_goes_on(shadows_home):
    path = notes_path(5)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    book = Notebook.load(5)
    assert book.problem and "damaged" in book.problem
    assert book.get(0, 1)["faction"] == "?"
    assert list(path.parent.glob("seed-5.damaged-*.json"))


def test_the_rules_page_names_every_character_and_every_card():
    for row in CHARACTERS:
        assert row[0] in RULES_TEXT
    for table in (HERMIT_CARDS, WHITE_CARDS, BLACK_CARDS):
        for row in table:
            assert row[0] in RULES_TEXT, row[0]
    flat = " ".join(RULES_TEXT.split())
    for area, (rolls, _) in AREA_INFO.items():
        assert f"{area} {rolls}" in flat      # the table's roll numbers match the rules page


def test_results_hold_factions_and_characters_for_the_statistics():
    rng = random.Random(3)
    for n in (4, 6, 8):
        s = new_game(n, seed=n)
        s.playout(rng)
        assert s.decider() == NOBODY
        res = s.result()
        assert len(res.details["factions"]) == n and len(res.details["characters"]) == n
        assert set(res.details["factions"]) <= {"Hunter", "Shadow", "Neutral"}
        text = why(res, [f"P{i}" for i in range(n)])
        assert text and ("win" in text or "Nobody" in text)


def test_hp_marks_put_each_initial_at_its_hp():
    assert HP_MARKS[8] == "A" and HP_MARKS[14] == "GW" and HP_MARKS[13] == "DV"


def test_layout_keeps_eight_boards_inside_the_smallest_window():
    m = Metrics.for_size(1024, 640)
    lay = compute(m, m.px(64), 8)
    window_w, window_h = 1024, 640
    for r in lay.boards + lay.areas + [lay.track, lay.tray, lay.choices]:
        assert r.right <= lay.log.x and r.bottom <= window_h and r.width > 0
    assert lay.boards[-1].bottom < lay.areas[0].y
    assert lay.areas[0].height >= m.px(96)
    assert lay.log.right <= window_w and lay.log.height > m.px(150)


def test_a_new_game_starts_with_a_clean_notebook(shadows_home):
    Notebook(3).set(0, 1, "Shadow")
    Notebook(4).set(0, 1, "Hunter")
    book = Notebook.fresh(3)
    assert book.get(0, 1)["faction"] == "?" and not book.looked
    assert not notes_path(3).exists() and not notes_path(4).exists()


def test_the_damage_track_shows_the_living_only():
    from game.rules.hunters.scenario import scenario
    from game.ui.hunters.paint import track_markers

    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], damage={0: 3, 1: 13, 2: 3})
    s.alive[1] = False                      # Vampire at 13 damage has died
    assert track_markers(s.view(None)) == {3: [0, 2], 0: [3]}


def test_hermit_clues_join_my_private_record_with_the_public_outcomes():
    from game.ui.hunters.notebook import hermit_clues

    view = {"private": (("drew", 0, "Slap"), ("gave", 0, 2, "Slap"), ("got", 1, 3, "Aid"),
                        ("gave", 2, 2, "Exorcism")),
            "history": (("hermit", 0, 2, 0, "damage"), ("hermit", 3, 0, 1, "heal"))}
    assert hermit_clues(view, 2) == ["you gave Slap: took damage", "you gave Exorcism: not answered yet"]
    assert hermit_clues(view, 3) == ["gave you Aid"]
    assert hermit_clues(view, 1) == []


def test_an_effect_that_waits_for_the_dice_starts_late_and_ends_late():
    from game.ui.hunters.anim import Effect, Effects, tumbling_value

    fx = Effects()
    fx.add(Effect("dice", 1.0, 0))
    fx.add(Effect("hit", 0.5, 1, {"text": "-3"}, delay=0.6))
    fx.add(Effect("note", 0.0, 2))              # speed "off": nothing is queued
    assert [e.kind for e in fx.items] == ["dice", "hit"]
    fx.update(0.3)
    assert fx.on_seat(1) == [] and fx.of("hit", waiting_too=True)
    fx.update(0.5)
    assert fx.on_seat(1)[0].progress == pytest.approx(0.4)
    fx.update(0.25)
    assert [e.kind for e in fx.items] == ["hit"]     # the dice are done, the hit is not
    fx.update(0.1)
    assert not fx
    assert tumbling_value(6, 5, 0.7) == 5 and 1 <= tumbling_value(4, 2, 0.1) <= 4
