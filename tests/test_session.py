"""The shell's pure parts: seats, the pass-the-device decision, saves with seats, deep links, the catalogue."""

import json

import pytest
from pygames_testgames import hidden_nim as nim

from pygames import core, pax, spyworld
from pygames.app.session import COMPUTER, HUMAN, LinkError, Seat, Session, clean_name, parse_deep_link
from pygames.web import i18n

GAMES = {"hnim": nim}


def hot_seat(seed=1):
    return Session.start(nim, [Seat("Ann", HUMAN), Seat("Bob", HUMAN)], seed, {}, "t1")


def test_two_humans_start_behind_the_cover_because_their_secrets_differ():
    s = hot_seat()
    assert s.viewer is None
    assert s.next_human() == 0 and s.needs_cover(0)


def test_cover_between_humans_whose_views_differ_but_not_for_the_same_human():
    s = hot_seat()
    s.viewer = 0
    s.act("take:1")
    assert s.next_human() == 0 and not s.needs_cover(0)  # still Ann's compound turn
    s.act("end")
    assert s.next_human() == 1 and s.needs_cover(1)


def test_no_cover_when_views_are_identical():
    s = hot_seat()
    s.state = core.clone(s.state)
    s.state["secret"] = [2, 2]
    s.state["log"] = []  # no private lines either: both seats now see exactly the same thing
    s.viewer = 0
    s.state["turn"] = 1

    original = nim.view

    def same_view(state, player):  # a perfect-information game: every seat sees the spectator's view
        return original(state, None)

    nim.view = same_view
    try:
        assert not s.needs_cover(1)
    finally:
        nim.view = original


def test_one_human_against_the_computer_never_needs_a_cover():
    s = Session.start(nim, [Seat("Ann", HUMAN), Seat("CPU", COMPUTER)], 3, {}, "t2")
    assert s.viewer == 0 and not s.needs_cover(0)
    s.act("take:1")
    s.act("end")
    assert s.next_bot() == 1 and s.next_human() is None
    seat, action = s.bot_step()
    assert seat == 1 and action.startswith("take:")
    assert s.legal_for_viewer() == []  # the computer's compound turn is not the human's to play
    s.bot_step()
    assert s.next_human() == 0 and s.viewer == 0


def test_act_refuses_illegal_moves_and_keeps_the_state():
    s = hot_seat()
    s.viewer = 0
    before = core.state_to_json(s.state)
    with pytest.raises(core.IllegalAction):
        s.act("take:4")
    assert core.state_to_json(s.state) == before


def test_save_round_trip_keeps_seats_and_state():
    s = hot_seat(5)
    s.viewer = 0
    s.act("take:2")
    again = Session.from_save(s.to_save(), GAMES, save_id="x")
    assert [x.name for x in again.seats] == ["Ann", "Bob"]
    assert core.state_to_json(again.state) == core.state_to_json(s.state)


@pytest.mark.parametrize("tutorial, kept", [("hnim", "hnim"), ("ps", None), ("x" * 1_000_000, None), (7, None)])
def test_a_save_is_a_guided_game_only_when_its_tutorial_field_names_its_own_game(tutorial, kept):
    """Any other value is dropped on load: not written back with every move, nor switching the computer's chance."""
    data = json.loads(hot_seat(5).to_save())
    data["tutorial"] = tutorial
    again = Session.from_save(json.dumps(data), GAMES, save_id="x")
    assert again.tutorial == kept
    assert json.loads(again.to_save()).get("tutorial") == kept


@pytest.mark.parametrize("seats", [None, [], [{"name": "A", "kind": "human"}], [{"name": "A"}, {"name": "B"}],
                                   "xx", [{"name": "A", "kind": "human"}, {"name": "B", "kind": "robot"}]])
def test_saves_with_bad_seats_are_rejected(seats):
    data = json.loads(hot_seat().to_save())
    data["seats"] = seats
    with pytest.raises(core.InvalidSave) as exc:
        Session.from_save(json.dumps(data), GAMES)
    assert exc.value.key == "core.save.seats"


def test_names_are_plain_text_trimmed_and_capped():
    assert clean_name("  <b>Ann</b>\n\x00 ") == "<b>Ann</b>"  # kept as text; rendered with textContent
    assert clean_name("   ") == ""  # unnamed: the default name is shown in the current language
    assert len(clean_name("x" * 100)) == 24


def test_deep_link_parsing():
    link = parse_deep_link("?game=hnim&seats=human,computer&seed=42&lang=fr&opt.pile=11&names=Ann", GAMES)
    assert link == {"game": "hnim", "kinds": [HUMAN, COMPUTER], "names": ["Ann"], "seed": 42,
                    "options": {"pile": 11}, "lang": "fr", "botdelay": None}
    assert parse_deep_link("", GAMES) is None
    assert parse_deep_link("?lang=en", GAMES) == {"lang": "en"}
    assert parse_deep_link("?game=hnim", GAMES)["kinds"] == [HUMAN, COMPUTER]
    for bad, key in [("?game=chess", "core.save.unknown_game"), ("?game=hnim&seats=human", "core.err.players"),
                     ("?game=hnim&seats=human,robot", "core.err.seat_kind"), ("?game=hnim&seed=abc", "core.err.seed"),
                     ("?game=hnim&opt.pile=8", "core.err.option_value")]:
        with pytest.raises(LinkError) as exc:
            parse_deep_link(bad, GAMES)
        assert exc.value.key == key


def test_catalogue_is_complete_in_both_languages_and_formats_seats():
    strings = i18n.load()
    assert set(strings["fr"]) == set(strings["en"])
    for lang in i18n.LANGS:
        assert all(text.strip() for text in strings[lang].values())
    cat = i18n.Catalogue(strings, "fr")
    cat.names = ["Ann", "Bob"]
    assert cat.t("cover.title", player=1) == "Passez l'appareil à Bob"
    assert cat.t("hnim.log.took", player=0, n=2) == "Ann prend 2 pierres."
    cat.lang = "en"
    assert cat.t("over.winners", players=cat.join(["Ann", "Bob"])) == "Winners: Ann and Bob"
    assert cat.t("no.such.key") == "no.such.key"
    cat.set_seats(["", ""], {1})
    assert [cat.seat_name(0), cat.seat_name(1)] == ["Player 1", "Computer 2"]
    cat.lang = "fr"
    assert [cat.seat_name(0), cat.seat_name(1)] == ["Joueur 1", "Ordinateur 2"]


def test_every_key_the_core_raises_is_in_the_catalogue():
    import pathlib
    import re

    strings = i18n.load()["en"]
    sources = [pathlib.Path(p).read_text() for p in ("pygames/core/engine.py", "pygames/app/session.py",
                                                   "pygames/web/app.py", "pygames/web/commands.py",
                                                   "pygames/app/storage.py", "tests/pygames_testgames/hidden_nim.py")]
    keys = {k for text in sources for k in re.findall(r'"((?:core|hnim|app|over|cover|home|new|game|menu)\.[a-z_.]+)"',
                                                       text) if not k.endswith(".")}
    missing = sorted(k for k in keys if k not in strings)
    assert not missing, missing


def test_simultaneous_rounds_call_humans_in_seat_order_behind_the_cover():
    """Spyworld's agent choice and planning turns are simultaneous: whoever finishes a round must not carry on
    into the next one; the next round starts with the first human in seat order, behind the cover (SPY-7.3)."""
    from pygames import spyworld

    s = Session.start(spyworld, [Seat("Ann", HUMAN), Seat("Bob", HUMAN)], 3, {}, "spy")
    assert sorted(s.to_move()) == [0, 1]
    assert s.next_human() == 0 and s.needs_cover(0)
    s.viewer = 0
    s.act(core.legal_actions(spyworld, s.state, 0)[0])  # Ann keeps an agent: her part of the round is done
    assert s.to_move() == [1] and s.next_human() == 1 and s.needs_cover(1)
    s.viewer = 1
    s.act(core.legal_actions(spyworld, s.state, 1)[0])  # Bob completes the round: planning turn 1 starts
    assert sorted(s.to_move()) == [0, 1]
    assert s.next_human() == 0 and s.needs_cover(0)  # Ann first again, not Bob carrying on
    s.viewer = 0
    s.act(core.legal_actions(spyworld, s.state, 0)[0])  # Ann starts composing her decision…
    assert 0 in s.to_move() and s.next_human() == 0  # …and keeps the device until she submits


def test_choose_viewer_shows_the_next_human_or_asks_for_the_cover():
    """The table's viewer is chosen by the session: a computer's turn keeps the screen, one human takes it at once,
    a second human whose secrets differ waits behind the cover until `reveal`."""
    s = Session.start(nim, [Seat("Ann", HUMAN), Seat("CPU", COMPUTER)], 3, {}, "t3")
    assert s.choose_viewer() is None and s.viewer == 0
    s.play("take:1")
    s.play("end")
    assert s.next_bot() == 1 and s.choose_viewer() is None and s.viewer == 0  # the computer's turn: screen kept
    h = hot_seat()
    assert h.choose_viewer() == 0 and h.viewer is None  # the cover first: nobody's secrets on screen yet
    h.reveal(0)
    assert h.choose_viewer() is None and h.viewer == 0
    h.play("take:1")
    assert h.choose_viewer() is None and h.viewer == 0  # still Ann's compound turn
    h.play("end")
    assert h.choose_viewer() == 1 and h.viewer == 0  # Bob's secret card differs from Ann's: the cover


def test_play_joins_a_chained_step_only_when_it_is_legal():
    """One tap plays two steps when the board joins them (Spyworld: a claim also submits), never an illegal one."""
    s = Session.start(nim, [Seat("Ann", HUMAN), Seat("CPU", COMPUTER)], 3, {}, "t4")
    s.play("take:1", lambda action: ("end", "words") if action.startswith("take:") else None)
    assert [a for _seat, a in s.state["history"]] == ["take:1", "end"]
    s = Session.start(nim, [Seat("Ann", HUMAN), Seat("CPU", COMPUTER)], 3, {}, "t5")
    s.play("take:1", lambda action: ("take:2", "words"))  # not legal after a take: only the tap's own action
    assert [a for _seat, a in s.state["history"]] == ["take:1"]
    s.play("end")
    assert [a for _seat, a in s.state["history"]] == ["take:1", "end"]


# ---------------------------------------------------------------------- casual take-back against the computer


def pax_against_easy(takeback=True, seed=7) -> Session:
    """PAX against the easy computer, at the human's first decision (seed 7: the computer has already kept a card)."""
    s = Session.start(pax, [Seat("Ann", HUMAN), Seat("", "easy")], seed, {}, "tb", takeback=takeback)
    while s.next_bot() is not None:
        s.bot_step()
    return s


def computer_replies(s: Session) -> None:
    while s.next_bot() is not None and not s.over:
        s.bot_step()


def test_take_back_restores_the_state_before_the_humans_move_and_replays_the_same_draws():
    """Issue 32 item 5: the human's move and the computer's reply taken back; the same move again gives the same
    cards (PAX-3.3: the deck is shuffled once, so a refill after a kept card draws from the state)."""
    s = pax_against_easy()
    before, move = core.clone(s.state), s.legal_for_viewer()[0]
    s.act(move)
    after_move = core.clone(s.state)
    drawn = [args["card"] for key, args, _to in after_move["log"][len(before["log"]):] if key == "pax.log.refill"]
    assert drawn  # the move drew cards: the take-back must not draw others
    computer_replies(s)
    assert s.state["history"][-1][0] == 1 and not core.can_undo(s.state, 0)  # Board Game Arena's undo refuses
    assert s.can_undo()
    s.undo()
    assert s.state == before and s.viewer == 0 and s.legal_for_viewer() == core.legal_actions(pax, before, 0)
    s.act(move)
    assert s.state == after_move


def test_take_back_is_off_by_default_and_then_undo_is_board_game_arenas():
    s = pax_against_easy(takeback=False)
    assert not s.takeback and s.undo_key == "menu.undo"
    s.act(s.legal_for_viewer()[0])
    computer_replies(s)
    assert not s.can_undo()
    with pytest.raises(core.IllegalAction) as refused:
        s.undo()
    assert refused.value.key == "core.err.no_undo"
    assert "takeback" not in json.loads(s.to_save())
    assert pax_against_easy().undo_key == "menu.takeback"


def test_take_back_is_refused_with_a_reason_before_a_move_in_hot_seat_and_at_the_end():
    s = pax_against_easy()
    assert s.why_no_takeback() == ("core.err.no_takeback", {}) and not s.can_undo()
    with pytest.raises(core.IllegalAction) as refused:
        s.undo()
    assert refused.value.key == "core.err.no_takeback"
    hot = Session.start(pax, [Seat("Ann", HUMAN), Seat("Bob", HUMAN)], 7, {}, "hs", takeback=True)
    assert not hot.takeback and hot.undo_key == "menu.undo"  # Board Game Arena's undo is the only rule in hot-seat
    hot.takeback = True  # even forced on, a hot-seat game takes nothing back
    assert hot.why_no_takeback() == ("core.err.takeback_off", {})
    with pytest.raises(core.IllegalAction):
        hot.take_back()
    mixed = Session.start(pax, [Seat("Ann", HUMAN), Seat("Bob", HUMAN), Seat("", "easy")], 7, {}, "m", takeback=True)
    assert not mixed.takeback
    done = Session.start(nim, [Seat("Ann", HUMAN), Seat("", "easy")], 3, {}, "end", takeback=True)
    while not done.over:
        if done.next_bot() is not None:
            done.bot_step()
        else:
            done.act(done.legal_for_viewer()[0])
    assert done.why_no_takeback() == ("core.err.takeback_over", {}) and not done.can_undo()


def test_the_take_back_setting_is_saved_and_older_saves_load_with_it_off():
    s = pax_against_easy()
    s.act(s.legal_for_viewer()[0])
    computer_replies(s)
    text = s.to_save()
    assert json.loads(text)["takeback"] is True
    again = Session.from_save(text, {"pax": pax})
    assert again.takeback and again.can_undo()
    again.undo()
    assert again.state["history"] == s.state["history"][:1]
    older = json.loads(text)
    del older["takeback"]
    assert not Session.from_save(json.dumps(older), {"pax": pax}).takeback
    for bad in ("yes", 1, None):
        with pytest.raises(core.InvalidSave) as refused:
            Session.from_save(json.dumps({**older, "takeback": bad}), {"pax": pax})
        assert refused.value.params == {"field": "takeback"}


def test_a_simultaneous_round_is_taken_back_whole_so_no_computer_choice_stays_known_and_committed():
    """Spyworld's keep is simultaneous: the computer chooses while the human's choice is asked, hidden from them,
    and the round's end reveals it. Taking back the human's choice takes back the computer's of that round too, so
    the human never chooses again against a hidden choice already seen: the computer chooses again."""
    s = Session.start(spyworld, [Seat("Ann", HUMAN), Seat("", "easy")], 5, {}, "spy", takeback=True)
    start = core.clone(s.state)
    assert s.to_move() == [0, 1]
    s.bot_step()  # the computer keeps first, in secret
    s.act(s.legal_for_viewer()[0])
    assert [seat for seat, _action in s.state["history"]] == [1, 0]
    assert s.takeback_point() == 0
    s.undo()
    assert s.state == start and s.next_bot() == 1  # the computer's choice is to be made again
