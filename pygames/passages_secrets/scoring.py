"""Scoring (PS-6.x): the five categories, the midgame and final scorings, and the end-of-game result."""

from __future__ import annotations

from pygames import core

from . import achievements, facts
from .data import ACHIEVEMENTS, FLAGS, LOOT_TABLE, MIDGAME, REWARDS, TYPE_LOOT

CATEGORIES = ("tunnel", "statues", "loot", "districts", "achievements")   # PS-6.8, score-pad order


def loot_wealth(n: int) -> int:
    """PS-2.15: T(n) read from the loot table of data.json."""
    return LOOT_TABLE[n]


def reward(state: dict, seat: int, d: str) -> int:
    """PS-6.13 - 6.17: the reward of District type d for `seat` (only called for controlled types, PS-6.12)."""
    loot = facts.loot_counts(state, seat)
    if d == "BANK":                                    # PS-6.13: 5 + yellow
        return REWARDS["BANK"]["base"] + loot[TYPE_LOOT[d]]
    if d == "POL":                                     # PS-6.14: blue + 2 x C(p), POL itself included
        return loot[TYPE_LOOT[d]] + REWARDS["POL"]["per_control"] * len(facts.controlled(state, seat))
    if d == "MER":                                     # PS-6.15: purple + cards + statues held now + position
        return (loot[TYPE_LOOT[d]] + len(facts.cards(state, seat)) + facts.statues(state, seat)
                + facts.pos(state, seat, d))
    if d == "RES":                                     # PS-6.16: brown + max(0, L - 2)
        return loot[TYPE_LOOT[d]] + max(0, facts.tunnel(state, seat) - REWARDS["RES"]["tunnel_over"])
    if d == "NOB":                                     # PS-6.17: -1 per shovel token + 3 per identical pair
        pairs = sum(n // 2 for n in loot.values())
        return REWARDS["NOB"]["per_shovel"] * facts.shovels(state, seat) + REWARDS["NOB"]["per_pair"] * pairs
    raise ValueError(d)


def categories(state: dict, seat: int, final: bool) -> list[int]:
    """PS-6.8 - 6.19: the five category values for `seat` at a scoring (not floored, PS-6.19)."""
    tunnel = 2 * facts.tunnel(state, seat)                                          # PS-6.9
    statues = facts.statues(state, seat)                                            # PS-6.10
    loot = sum(loot_wealth(n) for n in facts.loot_counts(state, seat).values())    # PS-6.11
    districts = sum(reward(state, seat, d) for d in facts.controlled(state, seat))  # PS-6.12
    cards = sum(ACHIEVEMENTS[c]["wealth"] for c in facts.cards(state, seat)) if final else 0  # PS-6.18
    return [tunnel, statues, loot, districts, cards]


def district_rewards(state: dict) -> list[dict]:
    """PS-6.25 score pad: each controlled type's reward per seat, recorded with a scoring for the UI."""
    return [{d: reward(state, s, d) for d in facts.controlled(state, s)} for s in (0, 1)]


def midgame_due(state: dict) -> bool:
    """PS-6.2 - 6.4: (a) >= 2 statues stolen or (b) both supplies at 5, at the first such step G only."""
    if state["mid"] is not None:
        return False
    stolen = sum(1 for owner in state["statues"].values() if owner is not None)
    supplies = [facts.supply(state, s) for s in (0, 1)]
    return stolen >= MIDGAME["statues"] or all(n == MIDGAME["supply_left"] for n in supplies)


def run_midgame(state: dict, trigger_seat: int) -> None:
    """PS-6.7: A14/A15 first (flag in data.json), then both players' categories, achievements counting 0."""
    core.log(state, "ps.log.midgame", player=trigger_seat, turn=state["turn"])
    before = FLAGS["award_midgame_achievements_before_scoring"]
    if before:
        achievements.award_midgame_cards(state)
    cats = [categories(state, s, final=False) for s in (0, 1)]
    rewards = district_rewards(state)
    if not before:
        achievements.award_midgame_cards(state)
    state["mid"] = {"by": trigger_seat, "turn": state["turn"], "cats": cats, "rewards": rewards}
    _log_scores(state, cats, "@ps.scoring.mid")


def run_final(state: dict) -> None:
    """PS-4.11, PS-6.6: the final scoring after turn 26, achievements included (PS-6.18)."""
    cats = [categories(state, s, final=True) for s in (0, 1)]
    state["final"] = {"cats": cats, "rewards": district_rewards(state)}
    _log_scores(state, cats, "@ps.scoring.final")
    res = result(state)
    if len(res["winners"]) == 1:
        core.log(state, "ps.log.winner", player=res["winners"][0], total=res["scores"][res["winners"][0]])
    else:
        core.log(state, "ps.log.draw", total=res["scores"][0])


def _log_scores(state: dict, cats: list, scoring: str) -> None:
    for seat in (0, 1):
        core.log(state, "ps.log.score", player=seat, scoring=scoring, total=sum(cats[seat]),
                 **dict(zip(CATEGORIES, cats[seat], strict=True)))


def totals(state: dict) -> list[int]:
    """PS-6.20: game total = midgame result + final result (a scoring not yet run counts 0)."""
    out = [0, 0]
    for rec in (state["mid"], state["final"]):
        if rec:
            for seat in (0, 1):
                out[seat] += sum(rec["cats"][seat])
    return out


def winners(state: dict, scores: list[int]) -> tuple[list[int], str | None]:
    """PS-6.21 - 6.24: most Wealth; then longer tunnel; then more Districts; then the full-tie flag."""
    if scores[0] != scores[1]:
        return [0 if scores[0] > scores[1] else 1], None
    for key, value in (("tunnel", facts.tunnel), ("districts", lambda st, s: len(facts.controlled(st, s)))):
        a, b = value(state, 0), value(state, 1)
        if a != b:
            return [0 if a > b else 1], "ps.tiebreak." + key
    if FLAGS["full_tie"] == "second_player":
        return [1 - state["first"]], "ps.tiebreak.second"
    return [0, 1], "ps.tiebreak.shared"                                   # PS-6.24 [DEF] shared victory


def result(state: dict) -> dict:
    """The protocol's result: per-category game totals, both scorings, winners and tie-break."""
    empty = [[0] * len(CATEGORIES), [0] * len(CATEGORIES)]
    mid = state["mid"]["cats"] if state["mid"] else empty
    fin = state["final"]["cats"] if state["final"] else empty
    breakdown = {c: [mid[s][i] + fin[s][i] for s in (0, 1)] for i, c in enumerate(CATEGORIES)}
    scores = totals(state)
    won, tiebreak = winners(state, scores)
    return {"scores": scores, "order": list(CATEGORIES), "breakdown": breakdown, "winners": won,
            "tiebreak": tiebreak, "midgame": [sum(mid[s]) for s in (0, 1)], "final": [sum(fin[s]) for s in (0, 1)],
            "midgame_cats": mid, "final_cats": fin,
            "tunnel": [facts.tunnel(state, s) for s in (0, 1)],
            "districts": [len(facts.controlled(state, s)) for s in (0, 1)]}
