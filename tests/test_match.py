"""Matches and tie-break games (pygames/app/match.py, pure): SIK-6.20 best of three and SPY-6.11 tie-break games,
both started as the same "follow-up game with the same seats", and both saved and resumed with their record."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

from pygames import core
from pygames import shadows_in_kyoto as sik
from pygames import spyworld as spy
from pygames.app import match as matches
from pygames.app.match import BEST_OF, TIEBREAK, Match
from pygames.app.session import EASY, Seat, Session, parse_deep_link
from pygames.core.engine import resolve_options

SEATS = [Seat("Ann", EASY), Seat("Bob", EASY)]  # the seeded heuristic: the same games on every run

def play_out(session: Session) -> dict:
    while not session.over:
        assert session.bot_step() is not None
    return session.result()

def next_session(session: Session, follow) -> Session:
    nxt = Session.start(session.game, session.seats, follow.seed, follow.options, "next")
    nxt.match = follow.match
    return nxt

def test_match_option_declared_and_deep_link_sik_6_20():
    """SIK-6.20: "match: single game | best of three" is an option of the game (dialog and deep link), default
    single; only a best-of value starts a match record."""
    opt = next(o for o in sik.OPTIONS if o["id"] == "match")
    assert opt["choices"] == ["single", "bo3"] and opt["default"] == "single"
    assert sik.MATCH == {"option": "match", "best_of": {"bo3": 3}, "sides": "oniwaban"}
    link = parse_deep_link("?game=sik&seats=computer,computer&opt.match=bo3&botdelay=0", {"sik": sik})
    assert link["options"] == {"match": "bo3"} and link["botdelay"] == 0
    assert matches.start(sik, resolve_options(sik, link["options"])) == Match(BEST_OF, 1, 3)
    assert matches.start(sik, resolve_options(sik, {})) is None
    assert matches.start(spy, resolve_options(spy, {})) is None

def test_best_of_three_switches_then_draws_sides_sik_6_20():
    """SIK-6.20: after game 1 the seats switch sides; if a game 3 is needed its sides are drawn at random (from its
    seed: both sides occur over seeds, the same seed gives the same draw); 2-0 ends the match after game 2."""
    options = resolve_options(sik, {"match": "bo3"})
    game1 = Match(BEST_OF, 1, 3)
    f2 = matches.follow_up(sik, options, 5, game1, {"winners": [1]}, 2)
    assert f2.kind == "next" and f2.sides == "switch" and f2.options["oniwaban"] == 1
    assert f2.match == Match(BEST_OF, 2, 3, ((1,),)) and f2.options["match"] == "bo3"
    assert matches.follow_up(sik, f2.options, f2.seed, f2.match, {"winners": [1]}, 2) is None  # 2-0
    assert matches.match_winner(f2.match, 2, [1]) == 1 and matches.wins(f2.match, 2, [1]) == [0, 2]
    f3 = matches.follow_up(sik, f2.options, f2.seed, f2.match, {"winners": [0]}, 2)  # 1-1: a deciding game
    assert f3.sides == "random" and f3.match == Match(BEST_OF, 3, 3, ((1,), (0,)))
    assert f3 == matches.follow_up(sik, f2.options, f2.seed, f2.match, {"winners": [0]}, 2)  # seeded
    drawn = {matches.follow_up(sik, f2.options, seed, f2.match, {"winners": [0]}, 2).options["oniwaban"]
             for seed in range(40)}
    assert drawn == {0, 1}
    assert matches.follow_up(sik, f3.options, f3.seed, f3.match, {"winners": [0]}, 2) is None
    assert matches.match_winner(f3.match, 2, [0]) == 0

def test_tie_offers_a_tie_break_game_with_same_options_spy_6_11():
    """SPY-6.11: a tied result offers a tie-break game with the same options (new seed), recorded as a
    tie-break between the tied seats; a second tie offers another; a result with a winner offers nothing."""
    options = resolve_options(spy, {"lair": 3, "agents": "free"})
    f = matches.follow_up(spy, options, 77, None, {"winners": [], "tied": [0, 2]}, 3)
    assert f.kind == "tiebreak" and f.options == options and f.seed != 77
    assert f.match == Match(TIEBREAK, 2, 0, ((),), (0, 2))
    again = matches.follow_up(spy, options, f.seed, f.match, {"winners": [], "tied": [1, 2]}, 3)
    assert again.match == Match(TIEBREAK, 3, 0, ((), ()), (1, 2))
    assert matches.follow_up(spy, options, 77, None, {"winners": [1], "tied": []}, 3) is None
    assert matches.follow_up(spy, options, 77, f.match, {"winners": [1], "tied": []}, 3) is None

def test_a_whole_match_played_saved_and_resumed_sik_6_20():
    """SIK-6.20: a best-of-three between two computers, through Session: every game is saved with its match record,
    a save made mid-game resumes that game with its record, and the match ends when a seat has 2 wins."""
    session = Session.start(sik, SEATS, 12, {"match": "bo3"}, "g1")
    session.match = matches.start(sik, session.state["options"])
    played = []
    while True:
        if len(played) < 2:  # game 1: seat 0 is Oniwaban (the default); game 2: the sides are switched
            assert session.state["options"]["oniwaban"] == len(played)
        for _ in range(5):
            session.bot_step()
        text = session.to_save()
        resumed = Session.from_save(text, {"sik": sik})
        assert resumed.match == session.match and resumed.state == session.state
        result = play_out(session)
        played.append(tuple(result["winners"]))
        follow = matches.follow_up(sik, session.state["options"], session.state["seed"], session.match, result, 2)
        if follow is None:
            break
        session = next_session(session, follow)
        assert session.match.results == tuple(played)
    assert 2 <= len(played) <= 3
    winner = matches.match_winner(session.match, 2, played[-1])
    assert winner is not None and sum(1 for w in played if w == (winner,)) == 2

def test_bad_match_records_are_refused_with_a_reason():
    """A forged match record in a save is refused (core.save.schema, field "match.<part>"); the game is not
    loaded. Every list of the record is bounded: seats by the number of players, each seat once."""
    session = Session.start(sik, SEATS, 3, {"match": "bo3"}, "x")
    session.match = Match(BEST_OF, 2, 3, ((0,),))
    good = json.loads(session.to_save())
    assert Session.from_save(json.dumps(good), {"sik": sik}).match == session.match
    best_of, tiebreak = {"kind": BEST_OF, "number": 2, "best_of": 3}, {"kind": TIEBREAK, "number": 2, "best_of": 0}
    for bad, part in (({"kind": "league"}, "kind"), ("bo3", "kind"), ({**best_of, "results": []}, "results"),
                      ({**best_of, "results": [[5]]}, "results"), ({**best_of, "results": [[0, 0]]}, "results"),
                      ({**best_of, "results": [[0, 1, 0]]}, "results"), ({**best_of, "results": [7]}, "results"),
                      ({**best_of, "number": 4, "results": [[0], [1], [0]]}, "best_of"),
                      ({**best_of, "results": [[0]], "tied": [0, 1]}, "tied"),
                      ({"kind": TIEBREAK, "number": True, "results": []}, "number"),
                      ({**tiebreak, "number": 1, "results": [], "tied": [0, 1]}, "best_of"),
                      ({**tiebreak, "best_of": 3, "results": [[]], "tied": [0, 1]}, "best_of"),
                      ({**tiebreak, "results": [[0]], "tied": [0, 1]}, "results"),
                      ({**tiebreak, "results": [[]], "tied": [0]}, "tied"),
                      ({**tiebreak, "results": [[]], "tied": [0, 0]}, "tied"),
                      ({**tiebreak, "results": [[]], "tied": [0, 1, 2]}, "tied"),
                      ({**tiebreak, "number": 100, "results": [[]] * 99, "tied": [0, 1]}, "number")):
        data = dict(good, match=bad)
        with pytest.raises(core.InvalidSave) as info:
            Session.from_save(json.dumps(data), {"sik": sik})
        assert info.value.key == "core.save.schema" and info.value.params == {"field": f"match.{part}"}, bad
    assert Session.from_save(json.dumps({k: v for k, v in good.items() if k != "match"}), {"sik": sik}).match is None


def test_a_record_with_300000_tied_seats_is_refused_by_its_length():
    """A crafted tie-break record naming 300,000 tied seats (each a real seat: 600 KB of "0,1,") is refused as
    "field match.tied", before any title could be drawn from it."""
    session = Session.start(spy, SEATS, 10, {}, "x")
    session.match = Match(TIEBREAK, 2, 0, ((),), (0, 1))
    data = json.loads(session.to_save())
    assert Session.from_save(json.dumps(data), {"spy": spy}).match == session.match
    data["match"]["tied"] = [0, 1] * 150_000
    with pytest.raises(core.InvalidSave) as info:
        Session.from_save(json.dumps(data), {"spy": spy})
    assert info.value.key == "core.save.schema" and info.value.params == {"field": "match.tied"}


def test_a_chain_of_tie_break_games_stops_at_the_last_game_it_can_save_spy_6_11():
    """SPY-6.11: tie after tie, every tie-break game the app offers is saved and loads again with its record, up to
    game MAX_GAMES; a tie in that game stands (no further game is offered), so no save is ever refused."""
    options = resolve_options(spy, {})
    record, seed, tie = None, 10, {"winners": [], "tied": [0, 1]}
    offered = 0
    while (follow := matches.follow_up(spy, options, seed, record, tie, 2)) is not None:
        offered += 1
        session = Session.start(spy, SEATS, follow.seed, follow.options, f"tb-{follow.match.number}")
        session.match = follow.match
        assert Session.from_save(session.to_save(), {"spy": spy}).match == follow.match
        assert not matches.tie_stands(follow.match, {"winners": [0], "tied": []})
        record, seed = follow.match, follow.seed
    assert offered == matches.MAX_GAMES - 1 and record.number == matches.MAX_GAMES
    assert matches.tie_stands(record, tie) and not matches.tie_stands(record, {"winners": [1], "tied": []})


def test_many_seeded_matches_keep_their_invariants_sik_6_20():
    """300 seeded best-of-three matches (random bots, every variant): 2 or 3 games; game 2 always has the sides of
    game 1 switched; game 3 is played only at 1-1 and its sides come from its seed; the winner has exactly 2 wins;
    the same first seed replays the same match."""
    rng = core.Rng(620)
    variants = [{"charisma": c, "equipment": e} for c in ("off", "on", "ruri") for e in ("off", "on")]

    def run(seed, options):
        state = core.new_game(sik, 2, seed, options)
        record, history = matches.start(sik, state["options"]), []
        while True:
            bot_rng = core.Rng(state["seed"])
            while not sik.is_over(state):
                p = sik.to_move(state)[0]
                core.apply_in_place(sik, state, p, bot_rng.choice(sik.legal_actions(state, p)))
            result = core.result(sik, state)
            history.append((state["options"]["oniwaban"], tuple(result["winners"])))
            follow = matches.follow_up(sik, state["options"], state["seed"], record, result, 2)
            if follow is None:
                return record, history
            assert follow.match.results == tuple(w for _, w in history)
            state, record = core.new_game(sik, 2, follow.seed, follow.options), follow.match

    thirds = set()
    for i in range(300):
        options = {**variants[i % len(variants)], "match": "bo3", "oniwaban": rng.below(2)}
        record, history = run(1000 + i, options)
        sides = [s for s, _ in history]
        winners = [w for _, w in history]
        assert len(history) in (2, 3) and record.number == len(history)
        assert sides[1] == 1 - sides[0]
        if len(history) == 3:
            assert winners[0] != winners[1]
            thirds.add(sides[2])
        else:
            assert winners[0] == winners[1]
        score = [winners.count((p,)) for p in range(2)]
        assert sorted(score) in ([0, 2], [1, 2])
        if i % 50 == 0:
            assert run(1000 + i, options) == (record, history)
    assert thirds == {0, 1}


def test_the_sik_rules_page_states_the_best_of_three_in_both_languages():
    """SIK-6.20: the Shadows in Kyoto rules page (EN/FR) has the match section."""
    sik_page = (ROOT / "templates/sik/fragments.html.j2").read_text(encoding="utf-8")
    assert "<h4>Best of three</h4>" in sik_page and "<h4>Match en deux manches gagnantes</h4>" in sik_page
