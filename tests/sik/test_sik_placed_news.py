"""A secret choice still leaves a public line (issue 47): placing one's six agents is hidden (SIK-3.6, SIK-7.2), but
that a side has placed them is public, logged once its last agent is down (`sik.log.placed`), so the next player's
last-move banner says it ("Bob has placed their six agents, face down.") instead of showing nothing; and the line
names no identity and no cell (SIK-7.1)."""

from __future__ import annotations

import pygames.shadows_in_kyoto as g
from pygames import core
from pygames.app.session import Seat, Session
from pygames.shadows_in_kyoto.seats import seat as seat_of
from pygames.web import i18n


def test_a_side_that_placed_its_agents_is_news_for_the_other_seat_in_both_languages():
    for seed in range(6):
        for kinds in (("human", "human"), ("human", "easy"), ("easy", "human")):
            session = Session.start(g, [Seat("Ann", kinds[0]), Seat("Bob", kinds[1])], seed,
                                    {"oniwaban": seed % 2}, "t")
            told: dict[int, set] = {0: set(), 1: set()}  # human seat -> whose placing it was told of
            while session.state["phase"] == "place":
                if session.next_bot() is not None:
                    session.bot_step()
                    continue
                seat = session.next_human()
                session.viewer = seat
                news = session.view()["log"][session.first_unseen(seat):]
                told[seat] |= {args["player"] for key, args in news if key == "sik.log.placed"}
                session.act(session.legal_for_viewer()[0])
            for seat in (0, 1):  # the next time each seat is on screen
                news = core.view(g, session.state, seat)["log"][session.first_unseen(seat):]
                told[seat] |= {args["player"] for key, args in news if key == "sik.log.placed"}
            for seat, kind in enumerate(kinds):
                if kind == "human":  # every human player hears that the other side has placed its agents
                    assert 1 - seat in told[seat], (seed, kinds, told)


def test_the_placed_line_is_public_and_tells_nothing_secret():
    state = core.new_game(g, 2, 3)
    while state["phase"] == "place":
        seat = g.to_move(state)[0]
        core.apply_in_place(g, state, seat, "place:random")
    lines = [(key, args, to) for key, args, to in state["log"] if key == "sik.log.placed"]
    assert [args["player"] for _k, args, _to in lines] == [seat_of(state, 0), seat_of(state, 1)]
    assert all(to is None and set(args) == {"player"} for _k, args, to in lines)
    for lang, words in (("en", "Ann has placed their six agents, face down."),
                        ("fr", "Ann a placé ses six agents, face cachée.")):
        cat = i18n.Catalogue(lang=lang)
        cat.set_seats(["Ann", "Bob"], set())
        assert cat.t("sik.log.placed", player=0) == words
