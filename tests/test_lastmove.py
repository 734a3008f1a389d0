"""What each seat is told at a handover (pure parts of pygames/app/session.py and lastmove.py): every line since
its own last action, in its own log only, worked out the same after a reload; the banner drops no line."""

import pytest

from pygames import core
from pygames.app.session import COMPUTER, HUMAN, Seat, Session
from pygames.core import registry
from pygames.web import lastmove

GAMES = registry.LazyGames()


def hot_seat(game_id: str, seed: int = 5) -> Session:
    return Session.start(GAMES[game_id], [Seat("Ann", HUMAN), Seat("Bob", HUMAN)], seed, {}, "t")


def play_to_handovers(s: Session, count: int) -> list[tuple[int, list, list]]:
    """Both seats play (a fixed choice each step) until `count` handovers: (incoming seat, its unseen lines,
    the lines the other seat's actions logged since the incoming seat's own last action)."""
    out, on_screen, since = [], None, {0: [], 1: []}
    for step in range(600):
        if s.over or len(out) >= count:
            break
        seat = s.next_human()
        if on_screen is not None and seat != on_screen:
            log = core.view(s.game, s.state, seat)["log"]
            out.append((seat, log[s.first_unseen(seat):], since[seat]))
        s.viewer = on_screen = seat
        legal = s.legal_for_viewer()
        before = len(s.state["log"])
        plain = [a for a in legal if not any(w in a for w in ("stage", "restart", "cancel"))] or legal
        s.act(plain[step * 7 % len(plain)])
        new = s.state["log"][before:]
        since[seat] = []
        since[1 - seat] += [[k, a] for k, a, to in new if to is None or (1 - seat) in to]
    return out


@pytest.mark.parametrize("game_id", ["ps", "pax", "spy", "sik"])
def test_at_every_handover_the_incoming_seat_is_told_every_line_since_its_own_last_action(game_id):
    """Item 1 of issue #30: the mark moves at a seat's own action, not at its next redraw (which in hot-seat is
    the start of its next turn), so the other seat's whole turn is news; and only lines its own view holds."""
    handovers = play_to_handovers(hot_seat(game_id), 6)
    assert len(handovers) >= 4
    for seat, unseen, expected in handovers:
        assert unseen == expected, (game_id, seat)
    assert sum(any(a.get("player") == 1 - seat for _k, a in unseen) for seat, unseen, _ in handovers) >= 3


def test_a_reload_works_out_the_same_marks_from_the_saved_moves():
    for game_id in ("sik", "pax"):
        s = hot_seat(game_id)
        play_to_handovers(s, 5)
        again = Session.from_save(s.to_save(), GAMES)
        assert again.seen == s.seen
        assert again.first_unseen(0) == s.first_unseen(0) and again.first_unseen(1) == s.first_unseen(1)


def test_at_the_start_nothing_is_news_and_an_undo_tells_the_undoer_nothing():
    s = hot_seat("ps")
    assert all(s.first_unseen(p) == len(core.view(s.game, s.state, p)["log"]) for p in (0, 1))
    assert s.others_since(0) == [] and s.others_since(1) == []
    s.viewer = s.next_human()
    mover = s.viewer
    s.act(s.legal_for_viewer()[0])
    assert s.others_since(1 - mover) == [mover]
    if s.can_undo():
        s.undo()
        assert s.first_unseen(mover) == len(s.view()["log"])


def test_who_played_is_named_in_order_since_the_seats_own_last_action():
    s = Session.start(GAMES["sik"], [Seat("Ann", HUMAN), Seat("Bob", HUMAN)], 5, {}, "t")
    s.state = {**s.state, "history": [[0, "a"], [1, "b"], [2, "c"], [2, "d"], [1, "e"], [0, "f"], [1, "g"]]}
    assert s.others_since(2) == [1, 0]  # each named once, in the order they played after c, d
    assert s.others_since(0) == [1]
    assert s.others_since(1) == []
    assert s.others_since(3) == [0, 1, 2]  # a seat that has not played yet: everyone since the start


def test_export_asks_only_when_the_file_holds_another_humans_secrets():
    """Item 20 of issue #30: hot-seat with hidden information asks; perfect information or one human does not."""
    assert hot_seat("sik").secrets_between_humans()
    assert hot_seat("pax").secrets_between_humans()
    assert not hot_seat("ps").secrets_between_humans()  # nothing hidden between the seats
    solo = Session.start(GAMES["sik"], [Seat("Ann", HUMAN), Seat("CPU", COMPUTER)], 5, {}, "t")
    assert not solo.secrets_between_humans()


@pytest.mark.parametrize("count", [0, 1, 3, 4, 5, 12])
def test_the_banner_shows_the_first_lines_and_keeps_every_other_behind_a_tap(count):
    entries = [[f"k{i}", {}] for i in range(count)]
    shown, rest = lastmove.split(entries)
    assert shown + rest == entries  # never a line dropped
    assert len(shown) <= lastmove.SHOWN + 1
    assert not rest or len(rest) >= 2  # a "more" button never hides a single line
