"""Whole games between a host and its guests through the pure netplay classes, every message passed as JSON text
and checked, when it is sent, to hold nothing of another seat's secrets (net_helpers.check_received)."""

from __future__ import annotations

import json

from net_helpers import Clock, Table, new_host, play_to_end

import pygames.shadows_in_kyoto as sik
from pygames import core
from pygames import spyworld as spy
from pygames.core.rng import Rng
from pygames.net.guest import Guest


def test_whole_shadows_in_kyoto_game_host_seat_against_one_guest():
    """The host plays seat 0 on its own screen, a guest plays seat 1 from its received screens only."""
    saves = []
    host = new_host(sik, ["human", "human"], remote=[1], here=0, saves=saves)
    table = Table(host, {"b": Guest()})
    table.join("b", 1, "Bea")
    rng = Rng(3)
    from pygames.core import bots as core_bots

    bot = core_bots.default_bot(sik)
    steps = 0
    while not host.session.over:
        seat = host.session.to_move()[0]
        if seat == 0:
            before = len(saves)
            table.deliver(host.act_here(bot(host.session.view(), host.session.legal_for_viewer(), rng)))
            assert len(saves) == before + 1  # saved before the guest was told
        else:
            guest = table.guests["b"]
            table.send("b", guest.act(bot(guest.screen["view"], guest.screen["legal"], rng)))
            assert guest.pending is None and guest.refusal is None
        steps += 1
        assert steps < 3000
    final = table.guests["b"].screen
    assert final["result"] == core.result(sik, host.session.state)
    assert final["view"]["over"] and final["legal"] == []
    assert host.dropped == {}
    assert json.loads(saves[-1])["history"] == host.session.state["history"]


def test_whole_spyworld_game_three_devices_host_is_the_table():
    """Two guests and a computer on the host; the host shows the table (spectator view). Planning is simultaneous:
    the guests see who has submitted, never what."""
    clock = Clock()
    host = new_host(spy, ["human", "human", "easy"], remote=[0, 1], here=None, clock=clock, seed=11)
    table = Table(host, {"a": Guest(clock=clock), "b": Guest(clock=clock)})
    table.join("a", 0, "Ann")
    table.join("b", 1, "Bob")
    assert host.session.viewer is None
    saw_decided = []

    def on_step():
        assert host.session.view() == core.view(spy, host.session.state, None)  # the table: public only
        for guest in table.guests.values():
            if guest.screen["decided"]:
                saw_decided.append(guest.screen["decided"])
                assert set(guest.screen["decided"]).isdisjoint(guest.screen["view"]["to_move"])

    play_to_end(table, spy, Rng(5), clock, on_step=on_step)
    result = core.result(spy, host.session.state)
    for guest in table.guests.values():
        assert guest.screen["result"] == result
        assert guest.screen["view"]["state"]["phase"] == "over"
    assert saw_decided  # a seat that submitted its plan was shown as decided to the others
    assert host.dropped == {}


def test_play_again_on_several_devices_is_a_rematch_on_every_device():
    """After a whole game, the host's Play again: every guest is invited, keeps its seat and its name, accepts with
    its token and plays the new game to its end; one that leaves instead is away, and no other device can take its
    seat (its token still holds it)."""
    from pygames.app.session import Seat, Session
    from pygames.net import protocol as P

    clock = Clock()
    saves = []
    host = new_host(sik, ["human", "human"], remote=[0, 1], here=None, clock=clock, seed=5, saves=saves)
    table = Table(host, {"a": Guest(clock=clock), "b": Guest(clock=clock), "c": Guest(clock=clock)})
    table.join("a", 0, "Ann")
    table.join("b", 1, "Bob")
    play_to_end(table, sik, Rng(4), clock)
    old_tokens = dict(host.tokens)
    seats = [Seat(s.name, s.kind) for s in host.session.seats]
    assert [s.name for s in seats[:2]] == ["Ann", "Bob"]
    session = Session.start(sik, seats, 99, {}, "net-test-2")
    new, invites = host.rematch(session)
    assert sorted(peer for peer, _ in invites) == ["a", "b"]
    assert {json.loads(text)["seat"] for _, text in invites} == {0, 1}
    assert new.tokens == old_tokens and new.away() == [0, 1] and not host.peers
    assert new.invited == {0: "a", 1: "b"}
    assert json.loads(saves[-1])["net"]["tokens"][:2] == [old_tokens[0], old_tokens[1]]  # saved before any answer
    table.host = new
    table.deliver(invites)
    assert table.guests["a"].invited == "sik" and table.guests["b"].invited == "sik"
    assert table.guests["a"].screen["result"] is not None  # the last game's end screen until the guest accepts
    # A third device cannot take the seat its guest has not yet reclaimed.
    table.send("c", table.guests["c"].connected())
    table.send("c", table.guests["c"].choose_seat(1, "Cid"))
    assert table.guests["c"].link == "refused" and table.guests["c"].refusal[0] == "net.err.seat_taken"
    table.send("a", table.guests["a"].accept_rematch())
    assert table.guests["a"].link == "playing" and table.guests["a"].seat == 0
    assert table.guests["a"].screen["result"] is None and table.guests["a"].screen["names"][:2] == ["Ann", "Bob"]
    assert new.away() == [1] and new.invited == {1: "b"}
    table.send("b", [table.guests["b"].bye()])  # Bob does not play again: away, the seat still his
    assert new.away() == [1] and 1 in new.tokens and new.invited == {}
    table.send("b", table.guests["b"].accept_rematch())  # he changes his mind: the same token
    assert new.away() == []
    play_to_end(table, sik, Rng(6), clock)
    final = table.guests["b"].screen
    assert final["result"] == core.result(sik, new.session.state)
    assert new.dropped == {} and json.loads(saves[-1])["history"] == new.session.state["history"]
    assert P.read_host(invites[0][1])["t"] == "rematch"
