"""The referee against repeated, stale, illegal and hostile messages; seat tokens; reconnects; a host reload."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from net_helpers import Clock, Table, new_host, play_to_end

import pygames.shadows_in_kyoto as sik
from pygames import core
from pygames import spyworld as spy
from pygames.core.rng import Rng
from pygames.net import protocol as P
from pygames.net.guest import Guest
from pygames.net.host import Host

GAMES = {"sik": sik, "spy": spy}


def sik_table(saves=None, clock=None):
    clock = clock or Clock()
    host = new_host(sik, ["human", "human"], remote=[0, 1], saves=saves, clock=clock)
    table = Table(host, {"a": Guest(clock=clock), "b": Guest(clock=clock)})
    table.join("a", 0, "Ann")
    table.join("b", 1, "Bob")
    return host, table


def mover(host, table):
    seat = host.session.to_move()[0]
    peer = host.holder[seat]
    return peer, table.guests[peer]


def act_text(guest, action=None, move_id="m1", at=None):
    return P.encode("act", id=move_id, at=at or guest.screen["at"], action=action or guest.screen["legal"][0])


def test_a_move_sent_twice_is_applied_once_and_acked_again():
    host, table = sik_table()
    peer, guest = mover(host, table)
    text = act_text(guest)
    first = host.receive(peer, text)
    history = list(host.session.state["history"])
    again = host.receive(peer, text)
    assert json.loads(first[0][1]) == {"v": 1, "t": "ack", "id": "m1"}
    assert again == [first[0]]  # the same ack, no new screen, nothing applied
    assert host.session.state["history"] == history


def test_a_stale_move_is_refused():
    host, table = sik_table()
    peer, guest = mover(host, table)
    old_at = guest.screen["at"]
    table.send(peer, guest.act(guest.screen["legal"][0]))
    peer, guest = mover(host, table)
    state = host.session.state
    out = host.receive(peer, act_text(guest, move_id="m2", at=old_at))
    assert [json.loads(t) for _p, t in out] == [{"v": 1, "t": "refused", "id": "m2", "key": "net.err.stale",
                                                  "params": {}}]
    assert host.session.state is state


def test_an_illegal_move_is_refused_with_its_reason_to_that_guest_only():
    host, table = sik_table()
    peer, guest = mover(host, table)
    state = host.session.state
    out = host.receive(peer, act_text(guest, action="fly:z9"))
    assert [p for p, _t in out] == [peer]
    with pytest.raises(core.IllegalAction) as why:
        core.apply(sik, state, table.guests[peer].seat, "fly:z9")
    assert json.loads(out[0][1]) == {"v": 1, "t": "refused", "id": "m1", "key": why.value.key,
                                     "params": why.value.params}
    assert why.value.key == "sik.err.not_now"
    assert host.session.state is state
    other = "b" if peer == "a" else "a"
    out = host.receive(other, act_text(table.guests[other], action=guest.screen["legal"][0], move_id="x"))
    assert json.loads(out[0][1])["key"] in ("core.err.not_your_turn", "net.err.stale")
    assert host.session.state is state


HOSTILE = [
    "", "{", "[]", "null", "1", '"hello"', "{}", '{"v":1}', '{"t":"act"}',
    '{"v":1,"t":"act","id":"m","at":"x","action":1}',  # wrong type
    '{"v":1.0,"t":"ping","n":1}', '{"v":true,"t":"ping","n":1}', '{"v":1,"t":"ping","n":1.0}',
    '{"v":1,"t":"ping","n":true}', '{"v":1,"t":"ping","n":-1}', '{"v":1,"t":"ping","n":1,"x":0}',  # extra field
    '{"v":1,"t":"act","id":"","at":"x","action":"a"}', '{"v":1,"t":"act","id":"m","at":"x"}',
    '{"v":1,"t":"hello","name":"a","seat":0}',  # missing token
    '{"v":1,"t":"hello","name":["a"],"seat":null,"token":null}',
    '{"v":1,"t":"state"}', '{"v":1,"t":"screen","seat":0}',  # unknown to a host
    '{"v":1,"t":"act","id":"m","at":"x","action":"' + "a" * 300 + '"}',
    "x" * 3000, "[" * 1500, "{\"a\":" * 600 + "1" + "}" * 600,
    '{"v":1,"t":"ping","n":' + "9" * 1500 + "}",  # a huge int
    None, b"{}", 12, ["ping"],
]


def test_hostile_messages_are_dropped_and_counted_the_host_alive_and_the_game_unchanged():
    clock = Clock()
    host, table = sik_table(clock=clock)
    peer, guest = mover(host, table)
    state = host.session.state
    for raw in HOSTILE:
        clock.now += 1  # no rate limit here
        out = host.receive(peer, raw)
        # a move whose own id reads is refused by that id (never sent again for ever); a hello that does not read
        # is refused; anything else is dropped with no answer
        assert all(p == peer and json.loads(t)["t"] == "refused" for p, t in out), (raw, out)
        told = [json.loads(t) for _p, t in out]
        assert told in ([], [{"v": 1, "t": "refused", "id": "m", "key": "net.err.bad_move", "params": {}}],
                        [{"v": 1, "t": "refused", "id": None, "key": "net.err.bad_hello", "params": {}}]), raw
    assert host.session.state is state
    assert sum(host.dropped.values()) == len(HOSTILE)
    assert set(host.dropped) <= {"not_text", "too_big", "too_deep", "not_json", "schema", "unknown"}
    assert host.dropped["too_big"] >= 2 and host.dropped["schema"] >= 10
    table.send(peer, guest.act(guest.screen["legal"][0]))  # and the game goes on
    assert host.session.state is not state and guest.pending is None


def test_an_empty_or_over_long_move_and_a_token_that_is_not_ascii_are_refused_with_a_reason():
    """Issue 48: an empty or over-long action was dropped with no answer, so the guest sent it again every 1.5 s for
    ever; a token that is not ASCII reached the host's catch-all. Each is refused with a reason, the game unchanged."""
    clock = Clock()
    host, table = sik_table(clock=clock)
    peer, guest = mover(host, table)
    state = host.session.state
    for action in ("", "x" * (P.MAX_ACTION + 1)):
        clock.now += 1
        out = host.receive(peer, json.dumps({"v": 1, "t": "act", "id": "m7", "at": guest.screen["at"],
                                             "action": action}))
        assert [json.loads(t) for _p, t in out] == [{"v": 1, "t": "refused", "id": "m7", "key": "net.err.bad_move",
                                                     "params": {}}]
        table.deliver(out)
    clock.now += 1
    out = host.receive("c", json.dumps({"v": 1, "t": "hello", "name": "Eve", "seat": None, "token": "é" * 32}))
    assert [json.loads(t)["key"] for _p, t in out] == ["net.err.bad_hello"] and "c" not in host.peers
    assert host.dropped["internal"] == 0 and host.session.state is state


def test_one_device_takes_one_seat():
    """Issue 48: a seated device could take every open seat in turn and keep their tokens."""
    clock = Clock()
    host = new_host(sik, ["human", "human"], remote=[0, 1], clock=clock)
    table = Table(host, {"a": Guest(clock=clock)})
    table.join("a", 0, "Ann")
    out = host.receive("a", P.encode("hello", name="Ann", seat=1, token=None))
    assert [json.loads(t)["key"] for _p, t in out] == ["net.err.one_seat"]
    assert 1 not in host.tokens and host.peers["a"] == 0


def test_another_version_is_told_so():
    host, _table = sik_table()
    out = host.receive("z", '{"v":2,"t":"hello","name":"a","seat":null,"token":null}')
    assert json.loads(out[0][1])["key"] == "net.err.version" and host.dropped["version"] == 1


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                      max_size=4), max_leaves=12)
fields = st.fixed_dictionaries({}, optional={"v": st.sampled_from([1, 1.0, True, 2]) | json_values,
                                             "t": st.sampled_from(list(P.GUEST_MESSAGES)) | st.text(max_size=6),
                                             "id": json_values, "at": json_values, "action": json_values,
                                             "n": json_values, "name": json_values, "seat": json_values,
                                             "token": json_values})


@given(st.lists(fields, max_size=6), st.text(max_size=40))
def test_fuzzed_messages_never_break_the_host_nor_touch_the_game(messages, noise):
    host, table = sik_table()
    state, tokens = host.session.state, dict(host.tokens)
    peer, _guest = mover(host, table)
    for msg in messages:
        for raw in (json.dumps(msg), noise, json.dumps(msg)[:-1]):
            for _p, text in host.receive(peer, raw):
                P.read_host(text)  # whatever the host answers is well formed
    assert host.session.state is state and host.tokens == tokens
    assert host.dropped["internal"] == 0


def test_rate_limit_per_guest():
    clock = Clock()
    host, _table = sik_table(clock=clock)
    ping = P.encode("ping", n=1)
    answered = sum(len(host.receive("z", ping)) for _ in range(50))
    assert answered == 30 and host.dropped["rate"] == 20
    assert host.receive("b", ping)  # another guest is not slowed down
    clock.now += 1
    assert sum(len(host.receive("z", ping)) for _ in range(50)) == 10  # refilled at 10 a second


def test_a_move_the_host_dropped_for_its_rate_limit_is_sent_again_and_applied_once():
    """A guest quick enough to drain its bucket: the host drops its move unanswered on a link that stays up. The
    guest sends it again after RESEND_S (not before), the host applies it once, and a copy that arrives late is
    answered with the same ack."""
    from pygames.net.guest import RESEND_S

    clock = Clock()
    host, table = sik_table(clock=clock)
    peer, guest = mover(host, table)
    for n in range(40):  # this guest's bucket is empty
        host.receive(peer, P.encode("ping", n=n))
    history = list(host.session.state["history"])
    sent = guest.act(guest.screen["legal"][0])
    assert host.receive(peer, sent[0]) == [] and host.dropped["rate"] > 0
    assert host.session.state["history"] == history and guest.sending is not None
    clock.now += RESEND_S / 2
    assert guest.resend() == []  # an answer may still be on its way
    clock.now += RESEND_S
    again = guest.resend()
    assert again == sent  # the same move, the same id
    table.send(peer, again)
    assert len(host.session.state["history"]) == len(history) + 1
    assert guest.pending is None and guest.sending is None and guest.resend() == []
    out = host.receive(peer, sent[0])  # a late copy: the same ack, nothing applied again
    assert json.loads(out[0][1]) == {"v": 1, "t": "ack", "id": json.loads(sent[0])["id"]}
    assert len(host.session.state["history"]) == len(history) + 1
    peer, guest = mover(host, table)
    assert guest.act(guest.screen["legal"][0])
    guest.disconnected()  # the link is down: the move goes with the seat grant when it is back, not by the clock
    clock.now += 10 * RESEND_S
    assert guest.link == "reconnecting" and guest.sending is not None and guest.resend() == []


def test_seat_tokens_reclaim_and_refusals():
    host, table = sik_table()
    token_a = table.guests["a"].token
    assert token_a and token_a != table.guests["b"].token
    # a third device cannot take a seat that is held, nor claim it with a wrong token
    out = host.receive("c", P.encode("hello", name="Eve", seat=0, token=None))
    assert json.loads(out[0][1])["key"] == "net.err.seat_taken"
    out = host.receive("c", P.encode("hello", name="Eve", seat=None, token="0" * 32))
    assert json.loads(out[0][1])["key"] == "net.err.bad_token" and "c" not in host.peers
    # the device holding the token reclaims its seat on a new link; the old link is told
    table.guests["a2"] = Guest(token=token_a)
    table.received["a2"] = []
    table.send("a2", table.guests["a2"].connected())
    assert host.holder[0] == "a2" and "a" not in host.peers
    assert table.guests["a"].link == "closed" and table.guests["a"].closed_by == "net.bye.replaced"
    assert table.guests["a2"].screen["seat"] == 0 and table.guests["a2"].link == "playing"


def test_a_seated_guest_keeps_playing_when_the_host_refuses_some_other_text_of_its_channel():
    """A refusal that names no move (a wrong version, a second hello on a seated link) is not a join refused:
    the seated guest's link stays "playing" and its next move goes through."""
    host, table = sik_table()
    peer, guest = mover(host, table)
    for text in (json.dumps({"v": 9, "t": "ping", "n": 1}), P.encode("hello", name="x", seat=0, token=None)):
        out = host.receive(peer, text)
        assert json.loads(out[0][1])["t"] == "refused" and json.loads(out[0][1])["id"] is None
        table.deliver(out)
    assert guest.link == "playing" and guest.refusal is None and guest.token
    history = len(host.session.state["history"])
    table.send(peer, guest.act(guest.screen["legal"][0]))
    assert len(host.session.state["history"]) > history
    fresh = Guest()  # a device still joining: the same refusal ends its join
    fresh.link = "joining"
    fresh.receive(P.encode("refused", id=None, key="net.err.seat_taken", params={}))
    assert fresh.link == "refused"


def test_a_guest_that_drops_gets_its_seat_and_screen_back_and_its_move_is_sent_again():
    host, table = sik_table()
    peer, guest = mover(host, table)
    screen = guest.screen
    # the link drops just after the move left: the host applied it, the ack was lost
    sent = guest.act(screen["legal"][0])
    host.receive(peer, sent[0])
    history = list(host.session.state["history"])
    table.deliver(host.disconnect(peer))
    guest.disconnected()
    assert guest.link == "reconnecting" and guest.sending == screen["legal"][0]
    other = "b" if peer == "a" else "a"
    assert peer not in host.peers and table.guests[other].screen["away"] == [screen["seat"]]
    table.guests["new"], table.received["new"] = guest, []
    table.send("new", guest.connected())  # hello with the token; the pending move follows the seat grant
    assert host.session.state["history"] == history  # applied once
    assert guest.pending is None and guest.refusal is None and guest.link == "playing"  # the same ack again
    assert P.encode("ack", id=json.loads(sent[0])["id"]) in table.received["new"]
    assert guest.screen["view"] == core.view(sik, host.session.state, screen["seat"])


def test_a_guest_reloaded_from_its_stored_record_rejoins():
    host, table = sik_table()
    peer, guest = mover(host, table)
    record = json.loads(json.dumps(guest.to_save()))
    fresh = Guest.from_save(record)
    table.guests["re"], table.received["re"] = fresh, []
    table.send("re", fresh.connected())
    assert fresh.seat == guest.seat and fresh.screen["legal"] == guest.screen["legal"]
    assert Guest.from_save({"token": 5, "pending": {"id": 1}}).token is None  # a damaged record: join afresh
    # The record names the game, for Home's "at a table on another device" (static/shell.js heldSeat): a seat only.
    assert record["game"] == "sik" and fresh.game == "sik"
    assert Guest.from_save({**record, "token": None}).game is None
    assert Guest.from_save({**record, "game": "x" * 500}).game is None
    assert Guest.from_save({**record, "game": 5}).game is None


def test_an_acknowledged_move_shows_as_sending_until_the_screen_after_it():
    """The host sends its ack, then the next screen: the ack alone changes nothing the guest shows (one redraw per
    move, not two), and no second move can start on the old screen. A screen that never comes: after LANDING_S the
    current one is playable again (the tick asks for a redraw)."""
    from pygames.net.guest import LANDING_S

    clock = Clock()
    host = new_host(sik, ["human", "human"], remote=[0, 1], clock=clock)
    table = Table(host, {"a": Guest(clock=clock), "b": Guest(clock=clock)})
    table.join("a", 0, "Ann")
    table.join("b", 1, "Bob")
    peer, guest = mover(host, table)
    action = guest.screen["legal"][0]
    sent = guest.act(action)
    out = table.post(peer, sent[0])
    ack, rest = out[0], out[1:]
    assert json.loads(ack[1])["t"] == "ack" and any(json.loads(t)["t"] == "screen" for p, t in rest if p == peer)
    guest.receive(ack[1])
    assert guest.pending is None and guest.sending == action and guest.act(guest.screen["legal"][0]) == []
    table.deliver(rest, checked=True)
    assert guest.sending is None and guest.landing is None

    guest.landing = {"action": "x", "at": guest.screen["at"], "since": clock()}  # an ack whose screen never came
    assert guest.sending == "x" and not guest.tick()
    clock.now += LANDING_S + 0.5
    assert guest.tick() and guest.sending is None


def test_a_seated_guest_keeps_the_hosts_spare_connections_for_a_rejoin_without_a_scan():
    """The host's `spare`s (each its offer code and ICE credentials) are kept with the token across a reload, the
    last two, the oldest opened first; one used or that cannot open is dropped and the next is the one to open; a
    damaged one, one sent before any seat, or those of a link the host ended are dropped: that guest scans again."""
    host, table = sik_table()
    peer, guest = mover(host, table)
    code = "1o3~abcd~" + "p" * 22 + "~" + "f" * 43 + "~mAAAAAAAAAAAAAAAAAAAAAA:9"
    spare, second, third = ({"code": code, "ufrag": "u" * 8, "pwd": c * 24} for c in "wxy")
    guest.receive(P.encode("spare", **spare))
    fresh = Guest.from_save(json.loads(json.dumps(guest.to_save())))
    assert fresh.spare == spare and fresh.token == guest.token
    guest.receive(P.encode("spare", **second))
    assert Guest.from_save(json.loads(json.dumps(guest.to_save()))).spares == [spare, second]
    guest.receive(P.encode("spare", **third))
    assert guest.spares == [second, third] and guest.spare == second  # the last two, the oldest first
    guest.spare_used(second)
    assert guest.spare == third
    guest.spare_used(third)
    assert guest.spare is None
    assert Guest.from_save({**fresh.to_save(), "spares": [{**spare, "pwd": 5}, second]}).spares == [second]
    assert Guest.from_save({**fresh.to_save(), "spares": [{**spare, "more": "x"}]}).spare is None
    assert Guest.from_save({**fresh.to_save(), "spares": spare}).spare is None  # not a list
    assert Guest.from_save({**fresh.to_save(), "token": None}).spare is None  # no seat: nothing to come back to
    newcomer = Guest()
    newcomer.receive(P.encode("spare", **spare))
    assert newcomer.spare is None
    with pytest.raises(P.Dropped):
        P.read_host(P.encode("spare", **{**spare, "code": "x" * (P.MAX_CODE + 1)}))
    fresh.receive(P.encode("spare", **second))
    fresh.receive(P.encode("bye", key="net.bye.closed"))
    assert fresh.spares == [] and fresh.link == "closed"
    again = Guest.from_save(json.loads(json.dumps(guest.to_save())))
    again.receive(P.encode("spare", **spare))
    again.receive(P.encode("refused", id=None, key="net.err.bad_token", params={}))  # the seat was given away
    assert again.spare is None and again.token is None


def test_a_host_rebuilt_from_its_save_continues_and_the_guests_rejoin():
    saves, clock = [], Clock()
    host, table = sik_table(saves=saves, clock=clock)
    rng = Rng(9)
    for _ in range(10):
        peer, guest = mover(host, table)
        table.send(peer, guest.act(rng.choice(guest.screen["legal"])))
    # the host applies a move, saves, and dies before its ack leaves
    peer, guest = mover(host, table)
    host.receive(peer, guest.act(guest.screen["legal"][0])[0])
    for g in table.guests.values():
        g.disconnected()
    reborn = Host.from_save(saves[-1], GAMES, clock=clock)
    assert reborn.session.state == host.session.state and reborn.tokens == host.tokens
    table.host = reborn
    for name, g in list(table.guests.items()):
        table.guests[name + "2"], table.received[name + "2"] = g, []
        table.send(name + "2", g.connected())
        assert g.link == "playing"
    assert reborn.session.state["history"] == host.session.state["history"]  # the resent move: acked, not again
    assert all(g.pending is None and g.refusal is None for g in table.guests.values())
    table.guests = {k: v for k, v in table.guests.items() if k.endswith("2")}
    play_to_end(table, sik, Rng(2), clock)
    assert reborn.session.over


@pytest.mark.parametrize("net", [None, [], {"here": None}, {"here": 5, "remote": [], "tokens": [None, None],
                                                             "acked": [[], []], "round": []},
                                 {"here": None, "remote": [0, 1], "tokens": [1, None], "acked": [[], []], "round": []},
                                 {"here": None, "remote": [0, 1], "tokens": [None], "acked": [[], []], "round": []},
                                 {"here": None, "remote": [0, 1], "tokens": [None, None], "acked": [[""], []],
                                  "round": []},
                                 {"here": 0, "remote": [0], "tokens": [None, None], "acked": [[], []], "round": []}])
def test_a_malformed_net_field_is_refused(net):
    saves = []
    sik_table(saves=saves)
    data = json.loads(saves[-1])
    data["net"] = net
    with pytest.raises(core.InvalidSave):
        Host.from_save(json.dumps(data), GAMES)


def test_the_host_gives_a_seat_to_a_computer_or_another_device():
    host, table = sik_table()
    token_b = table.guests["b"].token
    table.deliver(host.give_seat(1, "remote"))
    assert table.guests["b"].link == "closed" and table.guests["b"].token is None
    out = host.receive("b", P.encode("hello", name="Bob", seat=None, token=token_b))
    assert json.loads(out[0][1])["key"] == "net.err.bad_token"
    table.guests["c"], table.received["c"] = Guest(), []
    table.join("c", 1, "Cy")
    table.deliver(host.give_seat(1, "easy"))
    assert host.session.seats[1].kind == "easy" and 1 not in host.remote
    assert json.loads(host.welcome())["seats"][1]["kind"] == "computer"


def test_a_silent_link_is_noticed_within_five_seconds_on_both_sides():
    """Both sides check every second (the app's timer): a peer not heard from for 5 s counts as gone."""
    clock = Clock()
    host, table = sik_table(clock=clock)
    guest = table.guests["a"]

    def seconds(n):  # n seconds of the app's one-second checks; what the host and the guest found
        gone, lost = [], False
        for _ in range(n):
            clock.now += 1
            for peer in host.silent_peers():
                gone.append(peer)
                host.disconnect(peer)  # as the app does: its seat is away
            lost |= guest.tick()
        return gone, lost

    assert seconds(4) == ([], False)
    table.send("a", [guest.ping()])
    assert seconds(2) == (["b"], False)  # "b" silent for 6 s; "a" pinged 2 s ago and heard the pong
    assert seconds(4) == (["a"], True) and guest.link == "reconnecting"


def test_a_device_that_slept_counts_silence_from_when_it_woke():
    """A check that comes late (the device's screen was off, a long task, a throttled tab) does not call its peers
    gone: their messages are still queued, unread. Silence counts from the late check; 5 s more and it is real."""
    clock = Clock()
    host, table = sik_table(clock=clock)
    guest = table.guests["a"]
    host.silent_peers(), guest.tick()
    clock.now += 30  # both were asleep for 30 s
    assert host.silent_peers() == [] and not guest.tick() and guest.link == "playing"
    for _ in range(5):
        clock.now += 1
        assert host.silent_peers() == [] and not guest.tick()
    clock.now += 1
    assert sorted(host.silent_peers()) == ["a", "b"] and guest.tick() and guest.link == "reconnecting"


def test_the_guest_drops_what_the_host_should_never_send():
    guest = Guest(token="t" * 32, seat=0)
    not_mine = P.encode("screen", seat=1, at="x", view={}, legal=[], names=[], decided=[], away=[], result=None,
                        fresh=0)
    for raw in ["{", '{"v":1,"t":"state","state":{}}', '{"v":1,"t":"ack","id":1}', "[" * 100, None, not_mine]:
        assert guest.receive(raw) == []
    assert sum(guest.dropped.values()) == 6 and guest.dropped["not_mine"] == 1 and guest.screen is None


def test_every_reason_has_words_in_both_languages():
    strings = json.loads(open("pygames/web/strings.json", encoding="utf-8").read())
    for key in P.REASONS:
        assert strings[key]["en"] and strings[key]["fr"]


def test_simultaneous_choices_from_every_device_at_once_and_composing_tells_the_others_nothing():
    """Spyworld's agent choice and planning: moves chosen at the same time on two devices are both applied; a seat
    composing its plan sends nothing to the others; a submitted plan shows as decided, never what it holds."""
    clock = Clock()
    host = new_host(spy, ["human", "human", "easy"], remote=[0, 1], seed=11, clock=clock)
    table = Table(host, {"a": Guest(clock=clock), "b": Guest(clock=clock)})
    table.join("a", 0, "Ann")
    table.join("b", 1, "Bob")
    rng = Rng(1)
    while host.session.state["phase"] != "plan" or 2 in host.session.to_move():
        if 2 in host.session.to_move():
            table.deliver(host.bot_step())
            continue
        a, b = table.guests["a"], table.guests["b"]
        texts = {"a": a.act(a.screen["legal"][0]), "b": b.act(b.screen["legal"][0])}
        outs = {peer: table.post(peer, texts[peer][0]) for peer in ("a", "b")}  # both sent before any answer
        for out in outs.values():
            table.deliver(out, checked=True)
        assert a.pending is None and b.pending is None and a.refusal is None and b.refusal is None
    a, b = table.guests["a"], table.guests["b"]
    before_b = len(table.received["b"])
    while "submit" not in a.screen["legal"]:
        table.send("a", a.act(rng.choice([x for x in a.screen["legal"] if x != "restart"])))
        assert len(table.received["b"]) == before_b  # Bob hears nothing while Ann composes
    b_move = b.act(b.screen["legal"][0])  # Bob chooses before he hears that Ann submitted
    assert 0 not in b.screen["decided"]
    table.send("a", a.act("submit"))
    assert b.screen["decided"] == sorted({0, *b.screen["decided"]}) and 0 in b.screen["decided"]
    table.send("b", b_move)
    assert b.pending is None and b.refusal is None
    assert host.session.state["history"][-1] == [1, json.loads(b_move[0])["action"]]
