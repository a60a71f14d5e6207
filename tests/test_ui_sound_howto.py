"""Sounds for each moment of play (the six cues from assets/sounds/, the rest synthesised),
Settings saying when there is no audio device, no ALSA chatter on stderr, and the
one-screen "How to play" card per game. Cues at their moments and their volumes:
tests/test_ui_sound_cues.py."""

import os
import wave

import pytest
from ui_helpers import click, make_app, step

from game.session import SeatConfig
from game.ui import howto, sound
from game.ui.opening import start_game
from game.ui.scenes.settings import SettingsScene

pytestmark = pytest.mark.animation_speed("off")


SYNTHESISED = ["click", "refused", "trick", "shuffle", "spy", "bomb", "tick"]


@pytest.mark.parametrize("name", SYNTHESISED)
def test_each_lesser_sound_is_synthesised_short_and_not_silent(name):
    samples = sound.render(name)
    assert 0.04 < len(samples) / sound.RATE < 1.5
    assert max(abs(v) for v in samples) == sound.PEAK


def test_sounds_differ_from_each_other():
    rendered = {n: bytes(sound.render(n)) for n in SYNTHESISED}
    rendered.update({n: sound.cue_file(n).read_bytes() for n in sound.CUES})
    assert len(set(rendered.values())) == len(rendered)


@pytest.mark.parametrize("name", sound.CUES)
def test_each_cue_is_a_short_wav_of_our_own_at_the_mixers_rate(name):
    with wave.open(str(sound.cue_file(name)), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sound.RATE)
        seconds = w.getnframes() / w.getframerate()
    assert 0.08 < seconds < 1.5           # a cue, not a tune: over before the next move
    assert name not in sound.RECIPES      # no beep left behind for it


def test_the_committed_cues_are_what_the_generator_makes(tmp_path):
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "build_scripts" / "make_sounds.py"
    spec = importlib.util.spec_from_file_location("make_sounds", script)
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    assert make.CUES == sound.CUES and make.RATE == sound.RATE
    assert make.main(["--check"]) == 0


def test_the_sound_system_noise_is_kept_off_stderr_and_real_messages_pass(capfd):
    with sound.quiet_native_stderr():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        os.write(2, b"error: XDG_RUNTIME_DIR is invalid or not set in the environment.\n")
        os.write(2, b"something that matters\n")
    err = capfd.readouterr().err
    assert "ALSA" not in err and "XDG_RUNTIME_DIR" not in err
    assert "something that matters" in err


def test_settings_has_volume_and_mute_and_says_when_there_is_no_audio_device(app):
    app.push(SettingsScene(app))
    step(app)
    click(app, "#muted_true")
    assert app.settings.muted and app.sound.muted
    click(app, "#muted_false")
    assert not app.sound.muted
    assert app.top.slider is not None
    text, _ = app.top.sound_hint()
    assert "No audio" not in text
    app.sound._channels = 0  # as on a machine without a sound card
    text, colour = app.top.sound_hint()
    assert text.startswith("No audio device") and colour == app.top.sound_hint()[1]


def test_muted_sounds_are_not_played_but_still_asked_for(app):
    app.sound.configure(50, True)
    app.sound.play("card")
    assert app.sound.played[-1] == "card"


@pytest.mark.parametrize("game_id", ["chasing", "harsh", "hunters"])
def test_how_to_play_is_offered_at_the_first_game_and_one_click_away(app, game_id):
    n = {"chasing": 4, "harsh": 1, "hunters": 4}[game_id]
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(f"C{i}", "computer", "easy") for i in range(1, n)]
    table = start_game(app, game_id, seats, 4, {})
    step(app, 2)
    from ui_helpers import find

    if app.top is not table:  # Shadow Hunters first shows the person their character
        click(app, "#look_done")
    assert app.top is table

    button = find(app, "#howto")
    assert "@primary" in button.get_class_ids()  # lit: the first game of this one
    if game_id != "hunters":
        assert "How to play" in table.status
    click(app, "#howto")
    card = app.top
    assert isinstance(card, howto.HowToPlayScene)
    heads = [h for h, _ in card.sections]
    assert heads[0] == "The goal" and len(heads) == 4
    assert game_id in app.settings.howto_seen
    click(app, "#howto_ok")
    assert app.top is table
    assert "@primary" not in find(app, "#howto").get_class_ids()  # offered once


def test_the_card_fits_at_the_smallest_window(shadows_home):
    a = make_app((1024, 640))
    try:
        for game_id in howto.CARDS:
            a.push(howto.HowToPlayScene(a, game_id))
            step(a)
            card = a.top
            body = sum(len(lines) for _, lines in card.laid) * card.line_h
            assert card.box.bottom <= 640 and body < card.box.height
            a.pop()
    finally:
        a.quit()
