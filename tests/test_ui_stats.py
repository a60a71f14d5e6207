"""The Statistics screen: each game's own figures, the people apart from the computer
seats, plurals, and the screen opening on the game played last."""

from ui_helpers import click, step

from game.i18n import n_
from game.storage import stats as stats_store
from game.ui.scenes.stats import StatsScene, games


def tables(scene):
    return [b for b in scene.panel.blocks if b.kind == "table"]


def test_plurals():
    assert games(1) == "1 game" and games(2) == "2 games"
    assert n_("{n} win", "{n} wins", 0) == "0 wins" and n_("{n} time", "{n} times", 1) == "1 time"


def test_harsh_shows_difficulties_streaks_and_loss_reasons_and_no_score(app):
    st, _ = stats_store.load_stats()
    for won, outcome in ((True, "won"), (False, "countdown"), (False, "countdown"),
                         (False, "red-herring"), (True, "won")):
        st.record("harsh", ["You"], [0] if won else [], scores=[1.0 if won else 0.0],
                  details={"difficulty": "expert", "outcome": outcome}, humans=[0])
    st.record("harsh", ["You"], [], scores=[0.0], details={"difficulty": "standard",
                                                           "outcome": "bomb-no-card"}, humans=[0])
    stats_store.save_stats(st)
    app.push(StatsScene(app))
    step(app)
    assert app.top.current == "harsh"
    head = app.top.panel.blocks[0].text
    assert head == "Harsh Shadows · 6 games, 2 wins"
    by_diff, losses = tables(app.top)
    assert by_diff.headers == ("Difficulty", "Played", "Won", "Win %", "Current streak", "Best streak")
    assert by_diff.rows == (("Standard", 1, 0, "0%", 0, 0), ("Expert", 5, 2, "40%", 1, 1))
    assert losses.rows[0] == ("The Countdown ran out", "2 times")
    assert ("Accused while holding a Red Herring", "1 time") in losses.rows
    text = " ".join(" ".join(map(str, b.headers)) for b in tables(app.top))
    assert "score" not in text.lower()


def test_hunters_people_factions_apart_from_computer_seats(app):
    st, _ = stats_store.load_stats()
    st.record("hunters", ["Ann", "Bot1", "Bot2", "Bot3"], [0, 2], scores=[1, 0, 1, 0],
              details={"factions": ["hunter", "shadow", "hunter", "shadow"],
                       "characters": ["Emi", "Vampire", "George", "Werewolf"]},
              humans=[0], levels=["normal", "hard", "hard", "easy"])
    stats_store.save_stats(st)
    g = stats_store.load_stats()[0].games["hunters"]
    assert g["factions"] == {"hunter": {"played": 1, "won": 1}}
    assert set(g["characters"]) == {"Emi"}
    assert set(g["computer_characters"]) == {"Vampire", "George", "Werewolf"}
    assert g["computers"]["hard"]["played"] == 2 and g["computers"]["hard"]["won"] == 1
    app.push(StatsScene(app, "hunters"))
    step(app)
    titles = [b.text for b in app.top.panel.blocks if b.kind == "h"]
    assert titles == ["Shadow Hunters · 1 game", "People", "Your factions", "Your characters",
                      "Computer seats"]
    for t in tables(app.top):
        assert not any("score" in h.lower() for h in t.headers)
    people = tables(app.top)[0]
    assert people.rows == (("Ann", 1, 1, "100%"),)


def test_statistics_open_on_the_game_played_last_from_the_menu(app):
    st, _ = stats_store.load_stats()
    st.record("harsh", ["You"], [0], details={"difficulty": "hard", "outcome": "won"})
    st.games["harsh"]["last_played"] = "2026-01-01T10:00:00+00:00"
    st.record("hunters", ["A", "B", "C", "D"], [0], details={})
    st.games["hunters"]["last_played"] = "2026-01-02T10:00:00+00:00"
    stats_store.save_stats(st)
    click(app, "#statistics")
    assert isinstance(app.top, StatsScene) and app.top.current == "hunters"
