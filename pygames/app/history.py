"""The history of this device's finished games and what it says (issue 49, item 4): one record per finished game
(its game, when, its seats, scores, winners and ranks, the counters its game declares in stats.json, and once the
game is analysed each player's accuracy and blunders), kept in the browser beside the saves (`pygames.history`),
exported and imported as a file of its own; and the statistics drawn from it: per game and overall, games played
and won, against which computer level, mean accuracy, blunders per analysed game, the counters, and an Elo per game
(starting at 1500, moved by the final rank against every other seat, Board Game Arena's convention).

Pure: the controller reads and writes the text. A corrupt, hostile or oversized history is refused with a reason
(`core.InvalidSave`), and the text stays where it was: nothing is lost."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from pygames.core import engine as core
from pygames.core.analysis import read_json

KEY = "pygames.history"
VERSION = 1
MAX_RECORDS = 2000  # the oldest go first past this (a game a day for five years)
MAX_TEXT = 2_000_000
LEVELS = ("easy", "normal", "hard")
COUNTERS = json.loads(Path(__file__).with_name("stats.json").read_text(encoding="utf-8"))["games"]
ELO_START, ELO_K = 1500.0, 32.0


def ranks(scores: list, winners: list) -> list[int]:
    """Each seat's final rank (1 = first): the winners first, then by score, equal scores sharing a rank."""
    def key(seat: int):
        return (seat in winners, scores[seat] if isinstance(scores[seat], (int, float)) else 0)
    return [1 + sum(1 for other in range(len(scores)) if key(other) > key(seat)) for seat in range(len(scores))]


def path_value(data, dotted: str):
    for part in dotted.split("."):
        data = data.get(part) if isinstance(data, dict) else None
    return data


def counters(game_id: str, result: dict, players: int) -> dict[str, list[float]]:
    """The game's declared counters for this result, per seat (a game-wide flag counts for every seat)."""
    out = {}
    for spec in COUNTERS.get(game_id, []):
        if "seat" in spec:
            values = path_value(result, spec["seat"])
            per = [float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0
                   for v in (values if isinstance(values, list) else [])][:players]
            out[spec["id"]] = per + [0.0] * (players - len(per))
        elif "flag" in spec:
            out[spec["id"]] = [1.0 if result.get(spec["flag"]) is True else 0.0] * players
        elif "win_reason" in spec:
            won = result.get("reason") in spec["win_reason"]
            out[spec["id"]] = [1.0 if won and seat in result.get("winners", []) else 0.0 for seat in range(players)]
    return out


def record(session, at: float) -> dict:
    """The record of `session`'s finished game."""
    result = session.result()
    players = len(session.seats)
    scores = [s if isinstance(s, (int, float)) and not isinstance(s, bool) else 0 for s in result.get("scores", [])]
    scores = (scores + [0] * players)[:players]
    winners = [w for w in result.get("winners", []) if isinstance(w, int) and 0 <= w < players]
    return {"id": session.save_id, "game": session.game.ID, "at": round(at, 3),
            "seats": [{"kind": s.kind, "name": s.name} for s in session.seats], "scores": scores,
            "winners": winners, "ranks": ranks(scores, winners), "counters": counters(session.game.ID, result, players),
            "moves": len(session.state["history"])}


def with_record(records: list[dict], rec: dict) -> list[dict]:
    """The history with `rec` (in place of an older record of the same game), the oldest dropped past the limit."""
    kept = [r for r in records if r["id"] != rec["id"]] + [rec]
    return sorted(kept, key=lambda r: r["at"])[-MAX_RECORDS:]


def with_analysis(records: list[dict], save_id: str, reports: list[dict]) -> list[dict]:
    """The game's record with each analysed seat's accuracy and blunders (pygames.core.analysis.report)."""
    out = []
    for r in records:
        if r["id"] == save_id:
            r = {**r, "accuracy": {str(c["seat"]): c["accuracy"] for c in reports if c["accuracy"] is not None},
                 "blunders": {str(c["seat"]): c["counts"]["blunder"] for c in reports},
                 "mistakes": {str(c["seat"]): c["counts"]["mistake"] for c in reports}}
        out.append(r)
    return out


def to_text(records: list[dict]) -> str:
    return json.dumps({"history": VERSION, "records": records}, separators=(",", ":"))


def parse(text) -> list[dict]:
    """A stored or imported history, checked record by record; refused whole with a reason if anything is wrong."""
    data = read_json(text, MAX_TEXT, "history")
    if not isinstance(data, dict) or data.get("history") != VERSION or not isinstance(data.get("records"), list) \
            or len(data["records"]) > MAX_RECORDS:
        raise core.InvalidSave("history.bad", {}, "not a history this version made")
    return [check_record(r) for r in data["records"]]


def check_record(r) -> dict:
    def bad(why: str):
        return core.InvalidSave("history.bad", {}, f"a record is malformed: {why}")
    if not isinstance(r, dict) or not isinstance(r.get("id"), str) or not 0 < len(r["id"]) <= 80:
        raise bad("id")
    if r.get("game") not in COUNTERS or not isinstance(r.get("at"), (int, float)) or not math.isfinite(r["at"]):
        raise bad("game or time")
    seats = r.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 12 or not all(
            isinstance(s, dict) and isinstance(s.get("kind"), str) and isinstance(s.get("name"), str)
            and len(s["name"]) <= 40 and s["kind"] in ("human", *LEVELS) for s in seats):
        raise bad("seats")
    n = len(seats)
    for name in ("scores", "ranks"):
        values = r.get(name)
        if not isinstance(values, list) or len(values) != n or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values):
            raise bad(name)
    if not isinstance(r.get("winners"), list) or not all(isinstance(w, int) and 0 <= w < n for w in r["winners"]):
        raise bad("winners")
    found = r.get("counters", {})
    if not isinstance(found, dict) or not all(isinstance(v, list) and len(v) == n and all(
            isinstance(x, (int, float)) and math.isfinite(x) for x in v) for v in found.values()):
        raise bad("counters")
    for name in ("accuracy", "blunders", "mistakes"):
        part = r.get(name, {})
        if not isinstance(part, dict) or not all(k.isdigit() and int(k) < n and isinstance(v, (int, float))
                                                 and math.isfinite(v) for k, v in part.items()):
            raise bad(name)
    return r


def merged(mine: list[dict], theirs: list[dict]) -> list[dict]:
    """An imported history joined to this device's: a game already here keeps this device's record."""
    known = {r["id"] for r in mine}
    return sorted(mine + [r for r in theirs if r["id"] not in known], key=lambda r: r["at"])[-MAX_RECORDS:]


# ---------------------------------------------------------------------------------------------------- statistics


def player_key(seat: dict) -> str:
    """Who a seat is across games: a computer by its level, a player at this device by name ("" unnamed)."""
    return f"computer:{seat['kind']}" if seat["kind"] != "human" else f"human:{seat['name'].strip()}"


@dataclass
class Tally:
    """A game's (or every game's) figures for the players at this device."""

    played: int = 0
    won: int = 0
    by_level: dict = field(default_factory=dict)  # level -> [played, won] against that computer level
    accuracy: list = field(default_factory=list)  # each analysed game's accuracy of the human seats
    blunders: list = field(default_factory=list)  # each analysed game's blunders
    counters: dict = field(default_factory=dict)  # counter id -> the sum over the human seats
    elo: dict = field(default_factory=dict)  # player key -> rating (this game's; overall: none)

    def summary(self) -> dict:
        return {"played": self.played, "won": self.won, "by_level": {k: tuple(v) for k, v in self.by_level.items()},
                "accuracy": round(sum(self.accuracy) / len(self.accuracy), 1) if self.accuracy else None,
                "blunders": round(sum(self.blunders) / len(self.blunders), 2) if self.blunders else None,
                "analysed": len(self.accuracy), "counters": dict(self.counters),
                "elo": {k: round(v) for k, v in sorted(self.elo.items())}}


def statistics(records: list[dict]) -> dict:
    """{"all": summary, game_id: summary} over the records (oldest first: the Elo follows the order played)."""
    tallies: dict[str, Tally] = {"all": Tally()}
    for r in sorted(records, key=lambda r: r["at"]):
        humans = [i for i, s in enumerate(r["seats"]) if s["kind"] == "human"]
        if not humans:
            continue
        game = tallies.setdefault(r["game"], Tally())
        won = any(i in r["winners"] for i in humans)
        levels = {s["kind"] for s in r["seats"] if s["kind"] != "human"}
        for tally in (tallies["all"], game):
            tally.played += 1
            tally.won += won
            for level in levels:
                entry = tally.by_level.setdefault(level, [0, 0])
                entry[0] += 1
                entry[1] += won
            analysed = [r.get("accuracy", {}).get(str(i)) for i in humans]
            if all(a is not None for a in analysed):
                tally.accuracy.append(sum(analysed) / len(analysed))
                tally.blunders.append(sum(r.get("blunders", {}).get(str(i), 0) for i in humans))
            for name, values in r.get("counters", {}).items():
                tally.counters[name] = tally.counters.get(name, 0) + sum(values[i] for i in humans)
        rate(game.elo, r)
    return {name: tally.summary() for name, tally in tallies.items()}


def rate(ratings: dict, r: dict) -> None:
    """Every seat's Elo moved by its final rank against every other seat (a better rank wins the pair, an equal
    one draws it), each pair weighing K / (seats - 1)."""
    keys = [player_key(s) for s in r["seats"]]
    if len(set(keys)) < 2:
        return
    before = {k: ratings.get(k, ELO_START) for k in keys}
    k = ELO_K / (len(keys) - 1)
    for i, a in enumerate(keys):
        change = 0.0
        for j, b in enumerate(keys):
            if i == j or a == b:
                continue
            score = 1.0 if r["ranks"][i] < r["ranks"][j] else 0.5 if r["ranks"][i] == r["ranks"][j] else 0.0
            expected = 1 / (1 + 10 ** ((before[b] - before[a]) / 400))
            change += k * (score - expected)
        ratings[a] = ratings.get(a, ELO_START) + change
