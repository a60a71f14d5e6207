import json

from game.storage import saves, settings, stats
from game.storage.jsonfile import write_json_atomic
from game.storage.paths import user_dirs


def test_shadows_home_redirects_every_folder(shadows_home):
    d = user_dirs()
    for p in (d.config_dir, d.data_dir, d.log_dir):
        assert shadows_home in p.parents and p.is_dir()


def test_settings_round_trip(shadows_home):
    s, notice = settings.load_settings()
    assert notice is None and s.animation_speed == "normal"
    s.animation_speed, s.volume, s.memory_aids = "fast", 35, False
    s.last_setup["chasing"] = {"players": 4}
    settings.save_settings(s)
    again, notice = settings.load_settings()
    assert notice is None
    assert (again.animation_speed, again.volume, again.memory_aids) == ("fast", 35, False)
    assert again.last_setup == {"chasing": {"players": 4}}


def test_unchanged_settings_are_not_written_again(shadows_home, monkeypatch):
    """The app saves its settings at every quit: the same bytes again are not rewritten
    (no temporary file, no flush to disk); a changed value is."""
    import game.storage.jsonfile as jsonfile

    s = settings.load_settings()[0]
    assert settings.save_settings(s)
    made = []
    real = jsonfile.tempfile.mkstemp
    monkeypatch.setattr(jsonfile.tempfile, "mkstemp", lambda *a, **k: made.append(1) or real(*a, **k))
    assert settings.save_settings(settings.load_settings()[0])
    assert made == []
    s.volume = 35 if s.volume != 35 else 40
    assert settings.save_settings(s)
    assert made == [1]
    assert settings.load_settings()[0].volume == s.volume


def test_damaged_settings_are_kept_aside_with_a_clear_message(shadows_home):
    path = settings.settings_path()
    path.write_text("{ not json", encoding="utf-8")
    s, notice = settings.load_settings()
    assert s == settings.Settings()
    assert "damaged" in notice and "kept as settings.damaged-" in notice
    kept = list(path.parent.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ not json"
    assert not path.exists()


def test_out_of_range_settings_are_clamped(shadows_home):
    write_json_atomic(settings.settings_path(), {"kind": "settings", "version": 1, "data": {
        "animation_speed": "warp", "volume": 900, "window_size": [10, 10], "bogus": 1}})
    s, notice = settings.load_settings()
    # repaired, and the original kept aside and told once (tests/test_platform_storage.py)
    assert "(animation_speed, volume, window_size)" in notice
    assert s.animation_speed == "normal" and s.volume == 100 and s.window_size == (1024, 640)


def test_atomic_write_leaves_no_temp_files(shadows_home):
    target = shadows_home / "x.json"
    for i in range(5):
        write_json_atomic(target, {"i": i})
    assert json.loads(target.read_text(encoding="utf-8")) == {"i": 4}
    assert [p.name for p in shadows_home.iterdir() if p.name != "x.json"] == [
        p.name for p in shadows_home.iterdir() if p.is_dir()]


def test_autosave_slot_and_damaged_save(shadows_home):
    assert not saves.has_autosave()
    game = {"finished": False, "match": {"game": "tiny", "seed": 1}, "seats": [{"name": "A"}]}
    path = saves.save_autosave(game)
    assert saves.has_autosave()
    data, notice = saves.load_autosave()
    assert notice is None and {k: data[k] for k in game} == game
    path.write_text("garbage", encoding="utf-8")
    assert not saves.has_autosave()          # a damaged save is never offered for Continue
    data, notice = saves.load_save(path)
    assert data is None and "was damaged" in notice and "kept as" in notice
    assert list(path.parent.glob("*.damaged-*.json"))


def test_statistics_by_player_difficulty_and_faction(shadows_home):
    st, _ = stats.load_stats()
    st.record("harsh", ["Ann"], [0], details={"difficulty": "expert"})
    st.record("harsh", ["Ann"], [0], details={"difficulty": "expert"})
    st.record("harsh", ["Ann"], [], details={"difficulty": "expert"})
    st.record("harsh", ["Ann"], [0], details={"difficulty": "expert"})
    st.record("chasing", ["Ann", "Bo", "Cy"], [1], scores=[30, 12, 40])
    st.record("hunters", ["A", "B", "C", "D"], [0, 2],
              details={"factions": ["hunter", "shadow", "hunter", "shadow"],
                       "characters": ["Emi", "Vampire", "George", "Werewolf"]})
    stats.save_stats(st)
    st, notice = stats.load_stats()
    assert notice is None
    diff = st.games["harsh"]["difficulty"]["expert"]
    assert diff == {"played": 4, "won": 3, "streak": 1, "best_streak": 2}
    assert st.games["chasing"]["players"]["Bo"] == {"played": 1, "won": 1, "score_sum": 12.0,
                                                    "scored": 1}
    assert st.games["hunters"]["factions"] == {"hunter": {"played": 1, "won": 1},
                                               "shadow": {"played": 1, "won": 0}}
    assert st.games["hunters"]["characters"]["Vampire"] == {"played": 1, "won": 0}
    assert "nothing" not in st.games


def test_the_last_finished_game_is_written_compactly_and_reads_back(shadows_home, monkeypatch):
    """keep_finished runs on the save thread in the frames where a game ends: like every save
    it goes through json's C encoder (no indent), which an indent would turn off."""
    import game.storage.jsonfile as jsonfile

    indents = []
    real = jsonfile.json.dumps
    monkeypatch.setattr(jsonfile.json, "dumps",
                        lambda data, **kw: indents.append(kw.get("indent")) or real(data, **kw))
    data = {"finished": True, "game": "chasing", "log": [[i, "play", {"card": i}] for i in range(500)]}
    saves.keep_finished(data)
    assert indents == [None]
    back, problem = saves.load_save(saves.last_finished_path())
    assert problem is None and back["log"] == data["log"] and back["finished"] is True
