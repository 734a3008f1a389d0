"""Which sound cue a redraw plays (pygames/web/sounds.py) and the computer's speed setting (pygames/web/pace.py).

The cues come from the public log and `to_move` only: a secret line (a card another player drew in secret, or the
viewer's own private line) never sounds. Nothing sounds before the first tap: that is static/sound.js's part
(tests/browser/test_sound.py)."""

import json
import re
from pathlib import Path

import pytest
from pygames_testgames import hidden_nim as nim

from pygames import core
from pygames.app.session import HUMAN, Seat, Session
from pygames.web import pace, sounds

ROOT = Path(__file__).resolve().parent.parent


def shown(log, to_move=(0,), viewer=0, game="g", over=False, won=False):
    return sounds.screen(game, viewer, log, list(to_move), over=over, won=won)


def test_a_new_public_line_sounds_as_a_move_a_card_or_a_reveal():
    before = shown(["ps.log.setup"], to_move=[1])
    assert sounds.cues(before, shown(["ps.log.setup", "ps.log.place"], to_move=[1])) == ["move"]
    assert sounds.cues(before, shown(["ps.log.setup", "ps.log.card"], to_move=[1])) == ["card"]
    assert sounds.cues(before, shown(["ps.log.setup", "spy.log.agent"], to_move=[1])) == ["reveal"]


def test_one_cue_per_redraw_the_strongest_of_its_new_lines():
    before = shown(["a"], to_move=[1])
    assert sounds.cues(before, shown(["a", "sik.log.move", "sik.log.play"], to_move=[1])) == ["card"]
    assert sounds.cues(before, shown(["a", "sik.log.play", "sik.log.capture", "x"], to_move=[1])) == ["reveal"]


def test_your_turn_sounds_when_the_viewer_comes_to_move_after_the_others_move():
    before = shown(["a"], to_move=[1])
    assert sounds.cues(before, shown(["a", "pax.log.buy"], to_move=[0])) == ["card", "turn"]
    # Still the viewer's turn (a turn of several steps): no second "your turn".
    assert sounds.cues(shown(["a"]), shown(["a", "ps.log.place"])) == ["move"]
    # Another human's screen after the cover (hot-seat): their turn.
    assert sounds.cues(shown(["a"], to_move=[0, 1], viewer=0), shown(["a"], to_move=[0, 1], viewer=1)) == ["turn"]
    assert sounds.cues(shown(["a"], to_move=[1], viewer=None), shown(["a"], to_move=[1], viewer=None)) == []


def test_the_end_sounds_a_win_or_a_loss_once():
    table = shown(["a"])
    assert sounds.cues(table, shown(["a", "b"], to_move=[], over=True, won=True)) == ["win"]
    assert sounds.cues(table, shown(["a", "b"], to_move=[], over=True, won=False)) == ["loss"]
    end = shown(["a", "b"], to_move=[], over=True, won=True)
    assert sounds.cues(end, end) == []  # the end screen drawn again (a language switch)


def test_a_human_seat_among_the_winners_is_a_win():
    assert sounds.human_won({"winners": [0]}, [0])
    assert not sounds.human_won({"winners": [1]}, [0])  # the computer won
    assert not sounds.human_won({"winners": []}, [0])  # nobody (PAX: Rome)
    assert sounds.human_won({"winners": [1]}, [0, 1])  # hot-seat: someone at the table won


def test_nothing_sounds_when_a_game_opens_is_redrawn_unchanged_or_undone():
    table = shown(["a", "b"], to_move=[0])
    assert sounds.cues(None, table) == []  # opened or resumed: nothing happened
    assert sounds.cues(shown(["a"], game="other", to_move=[1]), table) == []  # another game was on screen
    assert sounds.cues(table, table) == []  # a language switch, a preview
    assert sounds.cues(table, shown(["a"], to_move=[0])) == []  # undo: the log shrank


def nim_session(kinds=(HUMAN, "easy")) -> Session:
    return Session.start(nim, [Seat("Ann", kinds[0]), Seat("Bob", kinds[1])], 3, {"pile": 7}, "nim-1")


def screen_of(s: Session) -> dict:
    return sounds.screen(s.save_id, s.viewer, sounds.public_keys(s.state), s.view()["to_move"])


def test_a_secret_line_never_sounds_whoever_it_is_for():
    """A card dealt in secret to the other seat is not in the viewer's log; one dealt to the viewer is, but it
    does not sound either: in hot-seat play whoever hears the device learns nothing the table does not show."""
    s = nim_session()
    before = screen_of(s)
    core.log(s.state, "hnim.log.secret", to=[1], player=1, value=3)  # the other seat's secret
    assert sounds.cues(before, screen_of(s)) == []
    core.log(s.state, "hnim.log.secret", to=[0], player=0, value=2)  # the viewer's own secret
    assert ["hnim.log.secret", {"player": 0, "value": 2}] in s.view()["log"]
    assert sounds.cues(before, screen_of(s)) == []
    core.log(s.state, "hnim.log.over")  # a public line
    assert sounds.cues(before, screen_of(s)) == ["move"]


def test_a_real_game_sounds_each_move_and_the_viewers_turn():
    s = nim_session()
    s.viewer = 0
    before = screen_of(s)
    s.act("take:2")
    assert sounds.cues(before, screen_of(s)) == []  # a step that logs nothing (the choice is not ended yet)
    s.act("end")
    mid = screen_of(s)
    assert sounds.cues(before, mid) == ["move"]
    s.bot_step()
    s.bot_step()
    assert sounds.cues(mid, screen_of(s)) == ["move", "turn"]


class FakeSound:
    def __init__(self):
        self.played = []

    def play(self, names):
        self.played.append(names)


class FakeJs:
    def __init__(self):
        self.window = type("Window", (), {"pygamesSound": FakeSound()})()


def test_the_page_is_asked_to_play_the_cues_in_one_call(monkeypatch):
    fake = FakeJs()
    monkeypatch.setattr(sounds.dom, "js", fake)  # the page, as the bridge reaches it
    s = nim_session()
    s.viewer = 0
    ears = sounds.Ears()
    ears.table(s, s.view())
    for action in ("take:3", "end"):  # the app redraws after each step
        s.act(action)
        ears.table(s, s.view())
    s.bot_step()
    s.bot_step()
    ears.table(s, s.view())
    assert fake.window.pygamesSound.played == ["move", "move,turn"]
    while not s.over:
        if s.next_bot() is None:
            s.act(s.legal_for_viewer()[0])
        else:
            s.bot_step()
    ears.over(s, s.result())
    won = "win" if 0 in s.result()["winners"] else "loss"
    assert fake.window.pygamesSound.played == ["move", "move,turn", won]


ENGINES = ("passages_secrets", "pax", "spyworld", "shadows_in_kyoto")
SECRET_LINE = re.compile(r'core\.log\(\s*\w+,\s*"([a-z0-9_.]+)",\s*to=')


def test_every_line_that_sounds_as_a_card_or_reveal_is_a_public_line_of_a_game():
    """The tables name real log keys (a typo would silently sound as a move) and no secret line (it could never
    sound: the cues read the public log only)."""
    classified = sounds.CARD_LINES | sounds.REVEAL_LINES
    assert not sounds.CARD_LINES & sounds.REVEAL_LINES
    known, secret = set(), set()
    for engine in ENGINES:
        known |= set(json.loads((ROOT / "pygames" / engine / "strings.json").read_text(encoding="utf-8")))
        for path in (ROOT / "pygames" / engine).glob("*.py"):
            secret |= set(SECRET_LINE.findall(path.read_text(encoding="utf-8")))
    assert {"pax.log.drawn", "pax.log.spied_cards", "sik.log.drew", "sik.log.med_reveal"} <= secret
    assert classified <= known, sorted(classified - known)
    assert not classified & secret, sorted(classified & secret)


@pytest.mark.parametrize(("stored", "ms"), [(None, 450), ("normal", 450), ("fast", 150), ("slow", 1200),
                                            ("warp", 450), ("", 450)])
def test_the_computers_speed_is_the_stored_one_else_normal(stored, ms):
    assert pace.delay(stored) == ms


def test_each_speed_is_found_back_from_its_pause_and_a_links_pause_is_none():
    assert [pace.speed_of(pace.delay(name)) for name in pace.DELAYS] == list(pace.DELAYS)
    assert pace.speed_of(0) is None  # botdelay=0 (tests): no menu button pressed
    assert pace.DELAYS["slow"] > pace.DELAYS["normal"] > pace.DELAYS["fast"] > 0
