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
