"""The history of finished games and its statistics (issue 49, item 4; pygames/app/history.py), in CPython: a
finished game's record (ranks, the counters its game declares in stats.json), the statistics per game and overall
(played, won, against each computer level, accuracy and blunders of the analysed games, the counters), the Elo
(1500 at the start, moved by the final rank), a hostile or truncated history refused with a reason, an imported one
joined without losing a game; the history screen drawn in both languages."""

import json

import pytest
from test_table_model import walk

from pygames.app import history
from pygames.app.session import EASY, HUMAN, NORMAL, Seat, Session
from pygames.core import engine as core
from pygames.core import registry
from pygames.web import historyview, i18n


def finished(gid: str, seed: int, kinds=(EASY,), name="Ann") -> Session:
    """A finished game played by easy bots, then seated as a human against computers of `kinds` (the record only
    reads the seats' kinds: the normal computer's search would cost seconds a move)."""
    seats = [Seat(name, EASY)] + [Seat("", EASY) for _ in kinds]
    s = Session.start(registry.load(gid), seats, seed, {}, f"{gid}-{seed}")
    while not s.over:
        s.bot_step()
    s.seats[0].kind = HUMAN
    for seat, kind in zip(s.seats[1:], kinds, strict=True):
        seat.kind = kind
    return s


def test_a_record_says_who_played_ranks_and_the_games_own_counters():
    s = finished("sik", 3)
    r = history.check_record(history.record(s, 100.0))
    result = s.result()
    assert r["id"] == "sik-3" and r["game"] == "sik" and r["winners"] == result["winners"]
    assert r["ranks"][result["winners"][0]] == 1 and sorted(r["ranks"]) == [1, 2]
    assert set(r["counters"]) == {"escape_wins", "secret_wins", "decoy_wins"}
    won_by = {"sik.reason.escape": "escape_wins", "sik.reason.escape_over_decoys": "escape_wins",
              "sik.reason.secrets": "secret_wins", "sik.reason.decoys": "decoy_wins"}.get(result["reason"])
    if won_by:
        assert r["counters"][won_by][result["winners"][0]] == 1.0
    ps = history.record(finished("ps", 3), 1.0)
    assert ps["counters"]["achievements"] == [float(v) for v in s_breakdown("ps", 3, "achievements")]
    pax = history.record(finished("pax", 3), 1.0)
    assert pax["counters"]["rome_wins"] == [1.0 if finished("pax", 3).result()["rome_wins"] else 0.0] * 2


def s_breakdown(gid, seed, name):
    return finished(gid, seed).result()["breakdown"][name]


def test_ranks_put_the_winners_first_and_share_equal_scores():
    assert history.ranks([10, 20, 20], [1, 2]) == [3, 1, 1]
    assert history.ranks([5, 9, 7], [0]) == [1, 2, 3]  # a win is not always the highest score (SIK, PAX)
    assert history.ranks([3, 3], []) == [1, 1]


def records(n: int = 6) -> list[dict]:
    out = []
    for i in range(n):
        s = finished("sik", 10 + i, kinds=(EASY if i % 2 else NORMAL,))
        out = history.with_record(out, history.record(s, 1000.0 + i))
    return out


def test_statistics_per_game_and_overall_with_the_elo_moved_by_the_final_rank():
    recs = records()
    stats = history.statistics(recs)
    overall, sik = stats["all"], stats["sik"]
    human_won = sum(1 for r in recs if 0 in r["winners"])
    assert overall["played"] == sik["played"] == 6 and overall["won"] == sik["won"] == human_won
    assert set(sik["by_level"]) == {"easy", "normal"} and sum(p for p, _w in sik["by_level"].values()) == 6
    assert sik["accuracy"] is None  # none analysed yet
    elo = sik["elo"]
    assert set(elo) == {"human:Ann", "computer:easy", "computer:normal"}
    assert (elo["human:Ann"] > 1500) == (human_won > 3) or human_won == 3
    assert sum(elo.values()) == pytest.approx(1500 * 3, abs=2)  # every pair's change is zero-sum
    analysed = history.with_analysis(recs, recs[0]["id"], [{"seat": 0, "accuracy": 80.0, "decisions": 9,
                                                            "counts": {"blunder": 1, "mistake": 2}, "worst": []}])
    again = history.statistics(analysed)["sik"]
    assert again["accuracy"] == 80.0 and again["blunders"] == 1 and again["analysed"] == 1


def test_the_text_reads_back_and_an_imported_history_joins_without_losing_a_game():
    recs = records(4)
    assert history.parse(history.to_text(recs)) == recs
    theirs = records(6)[2:] + [dict(recs[0], id="elsewhere-1", at=5.0)]
    joined = history.merged(recs[:3], theirs)
    assert [r["id"] for r in joined][0] == "elsewhere-1" and len(joined) == 3 + 4
    assert len({r["id"] for r in joined}) == len(joined)


@pytest.mark.parametrize("text,key", [
    ("", "history.bad"), ("{", "history.bad"), ("x" * 2_000_001, "history.too_big"),
    ('{"history": 2, "records": []}', "history.bad"),
    ('{"history": 1, "records": [{"id": "a"}]}', "history.bad"),
    ('{"history": 1, "records": [{"id": "a", "game": "sik", "at": 1, "seats": [{"kind": "robot", "name": ""}], '
     '"scores": [1], "ranks": [1], "winners": [0]}]}', "history.bad"),
    ('{"history": 1, "records": [{"id": "a", "game": "sik", "at": 1, "seats": [{"kind": "human", "name": ""}], '
     '"scores": [1], "ranks": [1], "winners": [3]}]}', "history.bad"),
    ('{"history": 1, "records": [{"id": "a", "game": "sik", "at": 1e999, "seats": [{"kind": "human", "name": ""}], '
     '"scores": [1], "ranks": [1], "winners": [0]}]}', "history.bad"),
    ("[" * 40 + "]" * 40, "history.bad"),
])
def test_a_hostile_or_truncated_history_is_refused_with_a_reason(text, key):
    with pytest.raises(core.InvalidSave) as refused:
        history.parse(text)
    assert refused.value.key == key
    truncated = history.to_text(records(2))[:-20]
    with pytest.raises(core.InvalidSave):
        history.parse(truncated)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_history_screen_draws_each_game_and_the_latest_games(lang):
    recs = records(3)
    cat = i18n.Catalogue(lang=lang)
    model = historyview.Screen(history.statistics(recs), tuple(recs), frozenset({recs[-1]["id"]}))
    tree = historyview.screen(model, cat)
    cards = [n.attrs["data-game"] for n in walk(tree) if n.attrs.get("data-testid") == "history-card"]
    assert cards == ["all", "sik"]
    elo = cat.t("history.elo", player="Ann")
    labels = [n.textContent for n in walk(tree) if n.tag == "dt"]
    assert elo in labels and cat.t("stats.counter.sik.escape_wins") in labels
    replays = [n for n in walk(tree) if (n.attrs.get("data-command") or "").startswith("review-save:")]
    assert [n.attrs["data-command"] for n in replays] == [f"review-save:{recs[-1]['id']}"]  # only a kept save
    assert "{" not in json.dumps([n.textContent for n in walk(tree)])  # every word from the catalogue
    empty = historyview.screen(historyview.Screen({"all": history.Tally().summary()}, (), frozenset()), cat)
    assert any(n.attrs.get("data-testid") == "history-empty" for n in walk(empty))


def test_a_deep_or_huge_file_is_not_taken_for_a_history():
    from pygames.web import historypage

    assert not historypage.is_history("[" * 5000 + "]" * 5000)
    assert not historypage.is_history('{"history": 1, "records": []' + " " * history.MAX_TEXT + "}")
    assert historypage.is_history(history.to_text([]))
