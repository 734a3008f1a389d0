"""The screens of a game on several devices, in CPython (pygames/web/remote.py and the model fields of
pygames/web/table.py): a guest's screen drawn from the host's `screen` message, the host's own seat or the table,
who already chose and whose device is away (marks with words, never what), the guest's link (in words; every game
control `aria-disabled` with the reason while a move is in flight or the link is down), a refused move's reason,
the host's lobby and the guest's seat picker, the new-game dialog's choice of devices, and their words in French
and English. Real Host and Guest objects exchange real message texts (net_helpers.Table)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from net_helpers import Clock, Table, new_host
from test_table_model import by_testid, controls, walk

import pygames.shadows_in_kyoto as sik
from pygames import core
from pygames import spyworld as spy
from pygames.app import dialog
from pygames.app.session import EASY, HUMAN
from pygames.net import protocol as P
from pygames.net.guest import Guest
from pygames.web import i18n, remote, table

pytestmark = pytest.mark.usefixtures("board_templates")  # the boards' fragments from the built page

STRINGS = i18n.load()


def catalogue(lang: str, names, kinds) -> i18n.Catalogue:
    cat = i18n.Catalogue(STRINGS, lang=lang)
    cat.set_seats(list(names), remote.computers(kinds))
    return cat


def spy_table():
    """Spyworld: Ann and Bob on their devices, a computer on the host, the host is the table."""
    clock = Clock()
    host = new_host(spy, [HUMAN, HUMAN, EASY], remote=[0, 1], here=None, clock=clock, seed=11)
    tab = Table(host, {"a": Guest(clock=clock), "b": Guest(clock=clock)})
    for peer, seat, name in (("a", 0, "Ann"), ("b", 1, "Bob")):
        tab.send(peer, tab.guests[peer].connected())
        tab.send(peer, tab.guests[peer].choose_seat(seat, name))
    return host, tab


def plan_until_one_decided(host, tab):
    """Ann submits her plan in the first simultaneous planning step; Bob has not chosen yet."""
    while True:
        ann = tab.guests["a"]
        if host.decided() == [0]:
            return
        legal = ann.screen["legal"]
        assert legal, "Ann has a choice until she submits"
        submit = [a for a in legal if "submit" in a or "done" in a or "confirm" in a]
        tab.send("a", ann.act(submit[0] if submit else legal[0]))


def players_lines(tree):
    return {int(li.attrs["data-player"]): li for li in walk(tree) if li.tag == "li" and "data-player" in li.attrs}


def text_of(node) -> str:
    return " ".join(kid for n in [node, *walk(node)] for kid in n.kids if isinstance(kid, str))


# ------------------------------------------------------------------------------------------- the game screens


def test_a_guest_screen_is_drawn_from_the_hosts_message_only():
    host, tab = spy_table()
    ann = tab.guests["a"]
    model = remote.model_of_guest(ann)
    assert model.view == core.view(spy, host.session.state, 0) and model.viewer == 0
    assert model.legal == tuple(core.legal_actions(spy, host.session.state, 0))
    assert model.kinds == (HUMAN, HUMAN, "computer") and model.link == "ok" and model.refused is None
    cat = catalogue("en", model.names, model.kinds)
    tree = table.table(model, cat)
    assert {n.attrs["data-action"] for n in controls(tree)} == set(model.legal)
    assert not [n for n in controls(tree) if "aria-disabled" in n.attrs]
    assert by_testid(tree, "link").attrs["data-link"] == "ok"
    assert by_testid(tree, "link").textContent == cat.t("net.link.ok")
    lines = players_lines(tree)
    assert cat.t("net.remote_seat") in text_of(lines[1]) and cat.t("net.remote_seat") not in text_of(lines[0])
    assert cat.t("net.remote_seat") not in text_of(lines[2])  # the computer plays on the host: no device of its own
    assert cat.computers == {2}  # an unnamed computer seat is "Computer 3": the welcome told its kind


def test_who_already_chose_is_marked_never_what_and_an_away_device_is_named():
    host, tab = spy_table()
    plan_until_one_decided(host, tab)
    tab.send("a", [])
    host.disconnect("b")
    bob_screen = json.loads(host.screen(1))
    assert bob_screen["decided"] == [0] and bob_screen["away"] == [1]
    for lang in ("en", "fr"):
        model = remote.guest_model(bob_screen, game_id="spy", kinds=(HUMAN, HUMAN, "computer"), link="reconnecting")
        cat = catalogue(lang, model.names, model.kinds)
        tree = table.table(model, cat)
        lines = players_lines(tree)
        assert "data-decided" in lines[0].attrs and cat.t("net.decided") in text_of(lines[0])
        assert "data-decided" not in lines[1].attrs and cat.t("net.decided") not in text_of(lines[1])
        assert "data-away" in lines[1].attrs and cat.t("net.away") in text_of(lines[1])
        assert "data-away" not in lines[0].attrs
        # never what: Ann's choices are in Ann's view only, and Bob's screen holds none of her log lines
        ann_only = [line for line in core.view(spy, host.session.state, 0)["log"]
                    if line not in core.view(spy, host.session.state, None)["log"]]
        assert ann_only and not [line for line in ann_only if line in bob_screen["view"]["log"]]
    table_tree = table.table(remote.host_model(host), catalogue("en", ("Ann", "Bob", ""), (HUMAN, HUMAN, EASY)))
    assert "data-decided" in players_lines(table_tree)[0].attrs and "data-away" in players_lines(table_tree)[1].attrs


@pytest.mark.parametrize("link", ["sending", "reconnecting", "lost"])
def test_while_a_move_travels_or_the_link_is_down_every_control_waits_with_the_reason(link):
    host, tab = spy_table()
    ann = tab.guests["a"]
    sending = ann.screen["legal"][0] if link == "sending" else None
    model = remote.guest_model(ann.screen, game_id="spy", kinds=(HUMAN, HUMAN, "computer"), link=link,
                               sending=sending)
    for lang in ("en", "fr"):
        cat = catalogue(lang, model.names, model.kinds)
        tree = table.table(model, cat)
        line = by_testid(tree, "link")
        assert line.attrs["id"] == "link" and line.attrs["data-link"] == link
        assert line.textContent == cat.t(f"net.link.{link}") and "net." not in line.textContent
        waiting = controls(tree)
        assert waiting and all(n.attrs.get("aria-disabled") == "true" and n.attrs["aria-describedby"] == "link"
                               for n in waiting)
        busy = [n.attrs["data-action"] for n in waiting if n.attrs.get("aria-busy") == "true"]
        assert busy == ([sending] if sending else [])
    assert cat.t("net.link.sending").endswith("…") and cat.t("net.link.reconnecting").endswith("…")


def test_a_guest_link_in_words_from_the_guest_state():
    assert remote.link_state("playing", False) == "ok"
    assert remote.link_state("playing", True) == "sending"
    assert [remote.link_state(s, False) for s in ("offline", "joining", "reconnecting")] == ["reconnecting"] * 3
    assert remote.link_state("closed", False) == remote.link_state("refused", True) == "lost"
    assert set(table.LINKS) == {"ok", "sending", "reconnecting", "lost"}


def test_a_refused_move_shows_its_reason_once():
    clock = Clock()
    host = new_host(sik, [HUMAN, HUMAN], remote=[0, 1], clock=clock)
    tab = Table(host, {"a": Guest(clock=clock), "b": Guest(clock=clock)})
    for peer, seat in (("a", 0), ("b", 1)):
        tab.send(peer, tab.guests[peer].connected())
        tab.send(peer, tab.guests[peer].choose_seat(seat, ""))
    seat = host.session.to_move()[0]
    peer = host.holder[seat]
    guest = tab.guests[peer]
    old = guest.screen
    tab.send(peer, guest.act(guest.screen["legal"][0]))
    # the same device sends a move from the screen it had before: the host refuses it as stale
    guest.screen = old
    tab.send(peer, guest.act(old["legal"][-1]))
    assert guest.refusal == ("net.err.stale", {})
    for lang in ("en", "fr"):
        model = remote.model_of_guest(guest)
        cat = catalogue(lang, model.names, model.kinds)
        tree = table.table(model, cat)
        shown = by_testid(tree, "refused")
        assert shown.attrs["role"] == "alert" and shown.textContent == cat.t("net.err.stale")
        again = table.table(remote.guest_model(guest.screen, game_id="sik", kinds=model.kinds), cat)
        assert not [n for n in walk(again) if n.attrs.get("data-testid") == "refused"]  # the next drawing: gone


def test_the_host_as_the_table_shows_the_public_view_and_no_control():
    host, tab = spy_table()
    plan_until_one_decided(host, tab)
    model = remote.host_model(host)
    assert model.viewer is None and model.legal == ()
    assert model.view == core.view(spy, host.session.state, None)
    assert model.remote == (0, 1) and model.decided == (0,) and model.link is None
    cat = catalogue("fr", model.names, model.kinds)
    tree = table.table(model, cat)
    assert not controls(tree) and by_testid(tree, "table-note").textContent == cat.t("net.table_note")
    assert not [n for n in walk(tree) if n.attrs.get("data-testid") in ("link", "hint")]


def test_the_host_playing_its_own_seat_sees_its_view_and_acts():
    host = new_host(sik, [HUMAN, HUMAN], remote=[1], here=0)
    model = remote.host_model(host)
    state = host.session.state
    assert model.viewer == 0 and model.view == core.view(sik, state, 0)
    assert model.legal == tuple(core.legal_actions(sik, state, 0)) and model.remote == (1,) and model.away == (1,)
    tree = table.table(model, catalogue("en", model.names, model.kinds))
    assert {n.attrs["data-action"] for n in controls(tree)} == set(model.legal)
    assert not [n for n in walk(tree) if n.attrs.get("data-testid") in ("link", "table-note")]


def test_a_guests_news_are_the_lines_since_its_own_last_move_as_at_a_local_table():
    """The host's screen says where the seat's news start (`fresh`: `Session.first_unseen`), so a guest's table
    shows and rings what the other seats did since its own move, as a local game does, and nothing after its own."""
    from net_helpers import Table

    host = new_host(sik, [HUMAN, HUMAN], remote=[1], here=0, seed=4)
    tab = Table(host, {"g": Guest()})
    tab.join("g", 1, "Gil")
    gil, state_of = tab.guests["g"], lambda: host.session.state
    checked = 0
    for _turn in range(40):
        if core.is_over(sik, state_of()):
            break
        mover = host.session.to_move()[0]
        if mover == 0:
            tab.deliver(host.act_here(core.legal_actions(sik, state_of(), 0)[0]))
        else:
            tab.send("g", gil.act(gil.screen["legal"][0]))
        model = remote.model_of_guest(gil)
        assert model.first_fresh == host.session.first_unseen(1) <= len(model.view["log"])
        if mover == 0 and 1 in host.session.to_move():  # the host moved, and it is the guest's turn again
            assert model.first_fresh < len(model.view["log"])  # the host's move is news on the guest's table
            news = by_testid(table.table(model, catalogue("en", model.names, model.kinds)), "last-move")
            assert not news.attrs.get("hidden") and int(news.attrs["data-first"]) == model.first_fresh
            checked += 1
        if mover == 1:
            assert model.first_fresh == len(model.view["log"])  # right after its own move: nothing is news yet
    assert checked >= 3, checked


@pytest.mark.parametrize("here", [None, 0])
def test_no_pass_the_device_cover_on_a_host_device(here):
    """Hot-seat rules put a cover between humans whose secrets differ; on a host every other human plays on
    their own device: its screen stays with its own seat or with the table, whoever is to move."""
    host = new_host(sik, [HUMAN, HUMAN], remote=[1], here=here)
    s = host.session
    for _ in range(30):
        assert s.choose_viewer() is None and s.viewer == here
        assert not s.needs_cover(1)
        movers = s.to_move()
        if not movers:
            break
        seat = movers[0]
        s._apply(seat, core.legal_actions(sik, s.state, seat)[0])
    assert s.viewer == here and len(s.state["history"]) >= 20
    s.restart()
    assert s.viewer == here and s.choose_viewer() is None
    alone = new_host(sik, [HUMAN, HUMAN], remote=[1], here=0).session
    alone.pinned = False  # the same game in hot-seat: the cover comes up before the other human's screen
    assert alone.needs_cover(1)


# ------------------------------------------------------------------------------------------- lobby and picker


def test_the_hosts_lobby_lists_every_seat_with_its_controls():
    host = new_host(spy, [HUMAN, HUMAN, HUMAN, EASY], remote=[1, 2], here=0)
    tab = Table(host, {"b": Guest()})
    tab.send("b", tab.guests["b"].connected())
    tab.send("b", tab.guests["b"].choose_seat(1, "Bob"))
    seats = remote.lobby_seats(host)
    assert [(s.kind, s.joined, s.connected) for s in seats] == \
        [("here", False, False), ("remote", True, True), ("remote", False, False), (EASY, False, False)]
    for lang in ("en", "fr"):
        cat = catalogue(lang, [s.name for s in host.session.seats], [s.kind for s in host.session.seats])
        tree = remote.lobby(seats, cat, showing=2)
        assert tree.attrs["data-testid"] == "lobby"
        rows = {int(n.attrs["data-seat"]): n for n in walk(tree) if n.tag == "li"}
        commands = {i: [b.attrs["data-command"] for b in walk(row) if "data-command" in b.attrs]
                    for i, row in rows.items()}
        assert commands == {0: [], 1: ["net-reopen:1", "net-computer:1"],
                            2: ["net-code:2", "net-computer:2"], 3: []}
        shown = [b for b in walk(rows[2]) if b.attrs.get("data-command") == "net-code:2"][0]
        assert text_of(shown) == cat.t("net.lobby.regenerate")  # its code is on screen: the button makes a new one
        waiting = remote.lobby(seats, cat, showing=None)
        assert cat.t("net.lobby.show_code") in [text_of(b) for b in walk(waiting)
                                                if b.attrs.get("data-command") == "net-code:2"]
        assert "data-joined" in rows[1].attrs and "data-connected" in rows[1].attrs
        assert [n for n in walk(rows[2]) if "data-code-slot" in n.attrs]  # the QR code's place, under its seat
        assert "Bob" in text_of(rows[1]) and cat.t("net.lobby.joined") in text_of(rows[1])
        assert text_of(rows[3]).endswith(" — " + cat.t("new.easy"))  # "Computer 4 — Computer (easy)", said once
        assert by_testid(tree, "lobby-waiting").textContent == cat.t("net.lobby.waiting", n=1)
        assert [b for b in walk(tree) if b.attrs.get("data-command") == "net-play"]
        for button in (n for n in walk(tree) if n.tag == "button"):
            name = button.attrs.get("aria-label") or text_of(button)
            assert name.strip() and "net." not in name and "{" not in name
            assert text_of(button).strip().lower() in name.lower()  # the spoken name starts from what is shown
    host.disconnect("b")
    assert remote.lobby_seats(host)[1].connected is False


def test_after_a_rematch_or_a_reload_the_lobby_says_who_is_asked_and_who_is_away():
    """Never "Every device has joined." while a joined seat's device is not here: after the host's Play again its
    guest is "asked to play again" (no code made for it: its link is up), after a reload of the host it is away."""
    from pygames.app.session import Seat, Session

    host = new_host(spy, [HUMAN, HUMAN, HUMAN], remote=[1, 2], here=0)
    tab = Table(host, {"b": Guest(), "c": Guest()})
    tab.join("b", 1, "Bob")
    tab.join("c", 2, "Cid")
    session = Session.start(spy, [Seat(s.name, s.kind) for s in host.session.seats], 3, {}, "net-test-2")
    new, invites = host.rematch(session)
    for lang in ("en", "fr"):
        cat = catalogue(lang, [s.name for s in new.session.seats], [s.kind for s in new.session.seats])
        seats = remote.lobby_seats(new)
        assert [(s.joined, s.connected, s.invited) for s in seats[1:]] == [(True, False, True)] * 2
        tree = remote.lobby(seats, cat)
        rows = {int(n.attrs["data-seat"]): n for n in walk(tree) if n.tag == "li"}
        assert "data-invited" in rows[1].attrs and cat.t("net.lobby.invited") in text_of(rows[1])
        assert by_testid(tree, "lobby-waiting").textContent == cat.t("net.lobby.asked", n=2)
        assert [n for n in walk(tree) if "data-code-slot" in n.attrs] == []
    tab.host = new
    tab.deliver(invites)
    tab.send("b", tab.guests["b"].accept_rematch())
    assert remote.lobby_seats(new)[1].connected
    new.disconnect("c")  # Cid's device went instead of answering: away, and said so
    cat = catalogue("en", [s.name for s in new.session.seats], [s.kind for s in new.session.seats])
    tree = remote.lobby(remote.lobby_seats(new), cat)
    assert by_testid(tree, "lobby-waiting").textContent == cat.t("net.away_count", n=1)
    rows = {int(n.attrs["data-seat"]): n for n in walk(tree) if n.tag == "li"}
    assert cat.t("net.lobby.joined_away") in text_of(rows[2]) and cat.t("net.lobby.joined") in text_of(rows[1])


def test_a_guests_end_screen_offers_the_hosts_new_game_in_place_of_play_again():
    for lang in ("en", "fr"):
        cat = i18n.Catalogue(STRINGS, lang)
        waiting = remote.rematch_box(cat, False)
        assert text_of(waiting) == cat.t("over.rematch_wait")
        assert not [n for n in walk(waiting) if n.tag == "button"]
        asked = remote.rematch_box(cat, True)
        commands = [b.attrs["data-command"] for b in walk(asked) if b.tag == "button"]
        assert commands == ["net-rematch", "home"] and "data-invited" in asked.attrs
        assert cat.t("over.rematch_invite") in text_of(asked) and cat.t("over.rematch_join") in text_of(asked)


def test_lobby_counts_agree_in_both_languages():
    en, fr = i18n.Catalogue(STRINGS, "en"), i18n.Catalogue(STRINGS, "fr")
    assert en.t("net.lobby.waiting", n=1) == "1 seat waits for a device."
    assert en.t("net.lobby.waiting", n=2) == "2 seats wait for a device."
    assert fr.t("net.lobby.waiting", n=1) == "1 place attend un appareil."
    assert fr.t("net.lobby.waiting", n=3) == "3 places attendent un appareil."
    assert en.t("net.join.free", n=1) == "1 free seat" and fr.t("net.join.free", n=2) == "2 places libres"
    assert fr.t("net.fail.timeout", n=1).startswith("Pas de réponse en 1 seconde :")
    assert en.t("net.away_count", n=2).startswith("2 devices are away")
    assert en.t("net.lobby.asked", n=1) == "1 device is asked to play the new game."
    assert fr.t("net.lobby.asked", n=2) == "2 appareils sont invités à jouer la nouvelle partie."


def test_the_guests_seat_picker_offers_the_free_seats_and_a_name_field():
    host = new_host(spy, [HUMAN, HUMAN, HUMAN, EASY], remote=[1, 2], here=0)
    tab = Table(host, {"b": Guest(), "c": Guest()})
    tab.send("b", tab.guests["b"].connected())
    tab.send("b", tab.guests["b"].choose_seat(1, "Bob"))
    guest = tab.guests["c"]
    tab.send("c", guest.connected())
    welcome = {"game": guest.game, "seats": guest.table}
    assert [s["kind"] for s in guest.table] == ["here", "taken", "open", "computer"]
    for lang in ("en", "fr"):
        cat = i18n.Catalogue(STRINGS, lang)
        tree = remote.seat_picker(welcome, cat, name="Cé")
        field = by_testid(tree, "join-name")
        assert field.attrs["id"] == "join-name" and field.attrs["value"] == "Cé"
        takes = [n.attrs["data-command"] for n in walk(tree) if "data-command" in n.attrs]
        assert takes == ["net-seat:2"]
        assert by_testid(tree, "seats-free").textContent == cat.t("net.join.free", n=1)
        text = text_of(tree)
        assert "Bob" in text and cat.t("net.join.seat_taken") in text and cat.t("net.join.seat_here") in text
        assert "P3 " + cat.t("net.join.seat_computer") in text
    full = remote.seat_picker({"game": "spy", "seats": [{"name": "", "kind": "taken"}]}, i18n.Catalogue(STRINGS))
    assert by_testid(full, "seats-free").textContent == i18n.Catalogue(STRINGS).t("net.join.none_free")


def test_a_guest_that_never_saw_the_welcome_names_no_kind():
    assert remote.kinds_from_welcome(None, 3) == ("", "", "")
    assert remote.kinds_from_welcome([{"name": "", "kind": "open"}], 2) == ("", "")
    host, tab = spy_table()
    screen = tab.guests["a"].screen
    tree = table.table(remote.guest_model(screen, game_id="spy"), i18n.Catalogue(STRINGS))
    cat = i18n.Catalogue(STRINGS)
    for line in players_lines(tree).values():
        assert cat.t("game.human") not in text_of(line) and cat.t("game.computer") not in text_of(line)


# ------------------------------------------------------------------------------------------- dialog and words


def test_the_dialogs_choice_of_devices_is_what_the_host_takes():
    def form(net):
        return {"net": net}
    assert dialog.net_seats(form(None), 3) is None
    assert dialog.net_seats(form({"remote": [2, 1], "here": 0, "table": False}), 3) == ([1, 2], 0)
    assert dialog.net_seats(form({"remote": [0, 1], "here": None, "table": True}), 3) == ([0, 1], None)
    bad = [({"remote": [], "here": 0, "table": False}, "net.err.no_remote"),
           ({"remote": [1], "here": None, "table": False}, "net.err.no_here"),
           ({"remote": [1], "here": 0, "table": True}, "net.err.no_here"),
           ({"remote": [1, 1], "here": 0, "table": False}, "net.err.form"),
           ({"remote": [3], "here": 0, "table": False}, "net.err.form"),
           ({"remote": [1], "here": 1, "table": False}, "net.err.form"),
           ({"remote": [True], "here": 0, "table": False}, "net.err.form"),
           ({"remote": [1], "here": 0}, "net.err.form"), ("yes", "net.err.form")]
    for net, key in bad:
        with pytest.raises(ValueError, match=re.escape(key)):
            dialog.net_seats(form(net), 3)
        assert key in STRINGS["en"]


def test_every_net_word_is_in_both_languages_and_every_key_the_code_names_exists():
    net = {k for k in STRINGS["en"] if k.startswith("net.")}
    assert set(P.REASONS) <= net
    assert {f"net.link.{link}" for link in table.LINKS} <= net
    for lang in ("en", "fr"):
        for key in net:
            assert STRINGS[lang][key].strip() and STRINGS[lang][key] != key, (lang, key)
    assert sum(STRINGS["en"][k] != STRINGS["fr"][k] for k in net) == len(net)  # translated, not copied
    root = Path(remote.__file__).resolve().parents[2]
    named = set()
    for path in ("pygames/web/remote.py", "pygames/web/table.py", "pygames/app/dialog.py", "static/shell.js",
                 "index.html"):
        named |= set(re.findall(r"""["'`]((?:net|new)\.[a-z_.]+[a-z])["'`]""", (root / path).read_text("utf-8")))
    named |= {"net.lobby.joined_away", "net.lobby.open", "net.lobby.here"}
    missing = {k for k in named if k not in STRINGS["en"] and not k.endswith(".")}
    assert not missing
