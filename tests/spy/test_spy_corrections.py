"""Border walls (SPY-2.11), any player count 2-12 (SPY-1, SPY-3.8),
free agent choice (SPY-3.11) and its secrecy; the tie of SPY-6.11 is in test_spy_scoring and the browser tests."""

from __future__ import annotations

import json
import pathlib

from spy_helpers import arrange, explore_state, new, play

from pygames import core
from pygames import spyworld as spy
from pygames.spyworld import data, exploration
from pygames.spyworld import sheet as sh
from pygames.spyworld.data import AGENTS, BORDER, DRAWABLE
from pygames.spyworld.scoring import reachable
from pygames.web.session import parse_deep_link

ROOT = pathlib.Path(__file__).resolve().parents[2]


def legal(state, p=0):
    return spy.legal_actions(state, p)


# --------------------------------------------------------------------------- SPY-2.11 border walls


def test_border_wall_drawn_and_logged():
    """SPY-2.11: a Wall card may go on an outer side of a room of its line; it is recorded on the sheet,
    logged at the resolution and labelled as an outer wall."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "R1")
    state = play(state, 0, "take:1")
    assert {"wall:01-11", "wall:05-15", "wall:15-16", "wall:10-11"} <= set(legal(state))
    assert spy.action_label(core.view(spy, state, 0), "wall:15-16") == (
        "spy.act.wall_border", {"cell": "(1,5)", "side": "@spy.side.right"})
    state = play(state, 0, "wall:15-16", "done", "noclaim", "submit")
    state = play(state, 1, "pass", "noclaim", "submit")
    assert state["sheets"][0]["walls"] == ["15-16"]
    assert ["spy.log.wall", {"player": 0, "segment": "15-16"}, None] in state["log"]


def test_start_room_sides_never_take_a_wall_border_included():
    """SPY-2.12 with SPY-2.11: the start room's bottom (outer) side is no more drawable than its inner sides."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "R5")
    state = play(state, 0, "take:1")
    walls = {a[5:] for a in legal(state)}
    assert "53-63" not in walls and not any("53" in s.split("-") for s in walls)
    assert {"51-61", "52-62", "54-64", "55-65", "50-51", "55-56"} <= walls


def test_wall_card_takeable_while_a_border_edge_is_free():
    """SPY-2.11/SPY-4.13: with every internal segment of the line drawn, a Wall card is still takeable (only outer
    sides are offered); once every side of the line is drawn, it is not."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "B1")
    internal = [s for s in data.segments_of_line("B", 1) if s not in data.BORDER_SET]
    for sheet in (state["sheets"][0], state["dec"][0]["sheet"]):
        sheet["walls"] = sorted(internal)
    assert "take:1" in legal(state)
    state2 = play(state, 0, "take:1")
    assert {a[5:] for a in legal(state2)} == {s for s in data.segments_of_line("B", 1) if s in data.BORDER_SET}
    for sheet in (state["sheets"][0], state["dec"][0]["sheet"]):
        sheet["walls"] = sorted(data.segments_of_line("B", 1))
    assert "take:1" not in legal(state)
    assert spy.why_illegal(state, 0, "take:1")[0] == "spy.err.cannot_apply"


def test_border_walls_count_for_missions_but_not_movement():
    """SPY-2.11: border walls count for the walls mission (M6: 8 segments, SPY-2.44) and change no movement or
    reachability (SPY-4.28, SPY-6.2)."""
    walls = sorted(BORDER)[:8]
    sheet = sh.new_sheet(False)
    sheet["walls"] = walls
    assert sh.mission_met("m6", sheet)
    sheet["walls"] = walls[:7]
    assert not sh.mission_met("m6", sheet)
    assert len(reachable([s for s in DRAWABLE if s in data.BORDER_SET])) == 25
    state = explore_state(walls=[s for s in DRAWABLE if s in data.BORDER_SET], c43="")
    moves = [a for a in exploration.options(state, 0) if a.startswith("move:")]
    assert {m.split(":")[1] for m in moves} == {"43", "52", "54"}


# --------------------------------------------------------------------------- SPY-1 / SPY-3.8 any count 2-12


def test_player_counts_2_to_12_engine_link_dialog():
    """SPY-1/SPY-3.1/SPY-3.8: the engine and the deep link accept 2-12 seats and refuse 1 and 13;
    the new-game dialog offers every count the engine accepts (no smaller DIALOG_PLAYERS); the home blurb agrees."""
    assert spy.PLAYERS == (2, 12)
    assert getattr(spy, "DIALOG_PLAYERS", spy.PLAYERS) == spy.PLAYERS
    for n in (2, 9, 10, 12):
        state = core.new_game(spy, n, 7)
        assert len(state["sheets"]) == n and len(state["dealt"]) == n
    for n in (1, 13):
        try:
            core.new_game(spy, n, 7)
        except core.IllegalAction as exc:
            assert exc.key == "core.err.players" and exc.params == {"min": 2, "max": 12}
        else:
            raise AssertionError(f"{n} players accepted")
    link = parse_deep_link("?game=spy&seats=" + ",".join(["computer"] * 12) + "&opt.agents=free", {"spy": spy})
    assert len(link["kinds"]) == 12 and link["options"] == {"agents": "free"}
    blurb = json.loads((ROOT / "pygames/web/strings.json").read_text(encoding="utf-8"))["home.blurb.spy"]
    assert "2–12" in blurb["en"] and "2 à 12" in blurb["fr"]
    assert [o for o in spy.OPTIONS if o["id"] == "beginner12"]  # SPY-3.4 for every seat


def test_more_than_nine_players_choose_freely_and_play_to_the_end():
    """SPY-3.8: with 10-12 players there is no dealing: every player picks any of the 9 agents, even
    with the option left on "dealt"; such a game plays to the end (12 heuristic bots)."""
    state = core.new_game(spy, 12, 3, {"agents": "dealt"})
    assert state["phase"] == "keep" and spy.to_move(state) == list(range(12))
    assert all(sorted(a[5:] for a in legal(state, p)) == sorted(AGENTS) for p in range(12))
    bot = spy.bots()["heuristic"]
    rng = core.Rng(1)
    while not spy.is_over(state):
        p = spy.to_move(state)[0]
        core.apply_in_place(spy, state, p, bot(core.view(spy, state, p), spy.legal_actions(state, p), rng))
    res = core.result(spy, state)
    assert len(res["scores"]) == 12 and len(set(state["agent"])) < 12  # 12 agents from 9: duplicates
    assert sorted(state["explores"]) == list(range(12))


# --------------------------------------------------------------------------- SPY-3.11 free agent choice


def test_free_choice_option_any_agent_duplicates_allowed():
    """SPY-3.11: option agents=free: every player is offered all 9 agents (on every lair), picks secretly, and
    two players may pick the same agent; nothing is dealt at random."""
    for lair in (1, 2):
        state = core.new_game(spy, 3, 11, {"agents": "free", "lair": lair})
        assert state["phase"] == "keep" and state["dealt"] == [sorted(AGENTS)] * 3
        state = play(state, 0, "keep:magpie")
        state = play(state, 1, "keep:magpie")
        state = play(state, 2, "keep:viper")
        assert state["phase"] == "plan" and state["agent"] == ["magpie", "magpie", "viper"]
    dealt = core.new_game(spy, 3, 11, {"agents": "dealt"})
    assert all(len(d) == 2 for d in dealt["dealt"])


def test_free_choice_stays_secret_views_logs_and_questions():
    """SPY-3.11/SPY-7.1: a pick is hidden until the agents are revealed at the end of planning (SPY-4.24): other
    seats' views, their log lines and who is asked what are identical whichever agent was picked."""
    base = core.new_game(spy, 3, 11, {"agents": "free"})
    assert ["spy.log.free_choice", {}, None] in base["log"]
    after = {a: core.apply(spy, base, 0, f"keep:{a}") for a in ("magpie", "gladiator")}
    for viewer in (None, 1, 2):
        views = [core.view(spy, s, viewer) for s in after.values()]
        assert views[0] == views[1]
        assert [spy.legal_actions(s, viewer) if viewer is not None else None for s in after.values()] in (
            [None, None], [legal(after["magpie"], viewer), legal(after["gladiator"], viewer)])
        if viewer is not None:
            assert legal(after["magpie"], viewer) == legal(after["gladiator"], viewer)
    assert spy.to_move(after["magpie"]) == spy.to_move(after["gladiator"]) == [1, 2]
    mine = core.view(spy, after["magpie"], 0)
    assert mine["state"]["agents"][0] == "magpie"
    assert ["spy.log.kept", {"player": 0, "agent": "@spy.agent.magpie"}] in mine["log"]
    # revealed with everyone's agent at the end of planning (SPY-4.24)
    state = after["magpie"]
    state = play(state, 1, "keep:magpie")
    state = play(state, 2, "keep:a42")
    state["turn"] = 35
    for p in range(3):
        state = play(state, p, "pass", "noclaim", "submit")
    assert state["phase"] == "explore" and core.view(spy, state, 2)["state"]["agents"] == ["magpie", "magpie", "a42"]


def test_free_choice_determinize_samples_any_agent():
    """SPY-3.11 with the determinisation hook: another seat's hidden pick may be any of the 9 (duplicates too)."""
    state = core.new_game(spy, 2, 4, {"agents": "free"})
    state = play(state, 0, "keep:viper")
    state = play(state, 1, "keep:a42")
    view = core.view(spy, state, 0)
    rng = core.Rng(9)
    seen = set()
    for _ in range(300):
        sample = spy.determinize(view, 0, rng)
        assert spy.view(sample, 0) == view["state"]
        seen.add(sample["agent"][1])
    assert seen == set(AGENTS)


def test_rules_pages_state_these_rules_in_both_languages():
    """The rules pages (EN/FR) state these rules: outer-edge walls (SPY-2.11), 2-12 players (SPY-3.8), free
    agent choice (SPY-3.11), ties settled by a tie-break game (SPY-6.11); and the SIK page the match (SIK-6.20)."""
    spy_page = (ROOT / "templates/spy/fragments.html.j2").read_text(encoding="utf-8")
    en, fr = spy_page.split('<template id="rules-spy-fr">')
    wanted = {"en": ("From 2 to 12 players", "Free agent choice", "outer edge", "tie-break game"),
              "fr": ("De 2 à 12 joueurs", "Choix libre des agents", "bord extérieur", "partie de départage")}
    for text, phrases in ((en, wanted["en"]), (fr, wanted["fr"])):
        assert all(p in text for p in phrases), phrases
    sik_page = (ROOT / "templates/sik/fragments.html.j2").read_text(encoding="utf-8")
    assert "<h4>Best of three</h4>" in sik_page and "<h4>Match en deux manches gagnantes</h4>" in sik_page


def test_saves_of_the_old_layout_are_refused_clearly():
    """FORMAT 2 (border walls, 2-12 seats, option "agents"): a save made with FORMAT 1 is refused with the
    catalogue's version message, never half-loaded."""
    assert spy.FORMAT == 2
    state = core.new_game(spy, 2, 1)
    record = core.save_recipe(state, {"seats": [{"name": "", "kind": "human"}] * 2})
    record["format"] = 1
    try:
        core.load_recipe(json.dumps(record), {"spy": spy})
    except core.InvalidSave as exc:
        assert exc.key == "core.save.older"
    else:
        raise AssertionError("a FORMAT 1 save was loaded")
    assert core.load_recipe(json.dumps(dict(record, format=2)), {"spy": spy})[1] == state
