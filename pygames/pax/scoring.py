"""Category strengths and the end of the game (PAX-5.x functions, PAX-6.x scoring)."""

from __future__ import annotations

from .data import CARDS, CATEGORIES, POINTS, SOLO_LEVELS, P, category


def symbol_counts(cards) -> dict[str, int]:
    """PAX-6.5 / PAX-2.10: S(c), the printed symbols per category."""
    out = dict.fromkeys(CATEGORIES, 0)
    for card in cards:
        entry = CARDS[card]  # = (category(card), symbols(card), ...), read once: the search's hottest loop
        out[entry[0]] += entry[1]
    return out


def card_counts(cards) -> dict[str, int]:
    """PAX-4.29: card counts per category (used only for income)."""
    out = dict.fromkeys(CATEGORIES, 0)
    for card in cards:
        out[category(card)] += 1
    return out


def cap(sym: dict[str, int]) -> int:
    """PAX-5.1..5.4: Fleets and Armies allowed = max(Land, Intrigue) symbols, never their sum."""
    return max(sym["land"], sym["intrigue"])


def step_bonus(n: int) -> int:
    """PAX-2.27: one step per full 3 symbols (Wealth discount, Fleet and Army bonuses)."""
    return n // P["bonus_step"]


def wealth_discount(sym: dict[str, int]) -> int:
    """PAX-5.10: floor(Wealth / 3) off each purchase."""
    return step_bonus(sym["wealth"])


def strengths(cards) -> dict[str, int]:
    """PAX-6.6 / PAX-5.11..5.13: T(c) = S(c), plus the Army bonus from Fleets and the Fleet bonus from Armies.

    No cascade (PAX-5.13): both bonuses are computed from printed symbols only.
    """
    s = symbol_counts(cards)
    t = dict(s)
    t["fleet"] = s["fleet"] + step_bonus(s["army"])
    t["army"] = s["army"] + step_bonus(s["fleet"])
    return t


def category_owners(rome: dict[str, int], players: list[dict[str, int]]) -> dict[str, str]:
    """PAX-6.7: 'rome' if Rome >= every player (a tie goes to Rome), else 'players'. Players are never added."""
    return {c: "rome" if all(rome[c] >= t[c] for t in players) else "players" for c in CATEGORIES}


def money_values(money: list[int], hands: list[list[str]]) -> list[int]:
    """PAX-6.15: M = Aurei + 1 per Influence card in hand, whatever its value."""
    return [m + len(h) for m, h in zip(money, hands, strict=True)]


def final_rome_cards(state: dict) -> list[str]:
    """PAX-6.2 / PAX-6.3 / PAX-6.4: Rome's open cards, its 3 hidden ones and every unbought pile."""
    cards = list(state["rome"]) + list(state["rome_hidden"])
    for pile in state["legions"]:
        cards += pile
    return cards


def points(t: dict[str, int], area: list[str], rome: dict[str, int], holds_pc: bool, top_money: bool) -> dict:
    """PAX-6.11..6.15 and the formula PAX-6.18, one entry per result category."""
    present = {category(c) for c in area}
    return {
        "categories": POINTS["category"] * len(present),  # PAX-6.11 (bonuses never add a category)
        "stronger": POINTS["stronger"] * sum(1 for c in CATEGORIES if t[c] > rome[c]),  # PAX-6.12
        "fleet_army": POINTS["fleet_army"] * (t["fleet"] + t["army"]),  # PAX-6.13
        "primus_conspiratus": POINTS["primus_conspiratus"] if holds_pc else 0,  # PAX-6.14
        "money": POINTS["money"] if top_money else 0,  # PAX-6.15
    }


POINT_ORDER = ("categories", "stronger", "fleet_army", "primus_conspiratus", "money")


def result(state: dict) -> dict:
    """The final result. Solo: PAX-6.19; otherwise Rome's win (PAX-6.8..6.10) or the players' points."""
    n = state["players"]
    rome_t = strengths(final_rome_cards(state))
    ts = [strengths(area) for area in state["areas"]]
    owners = category_owners(rome_t, ts)
    base = {"rome_strength": rome_t, "strengths": ts, "owners": owners,
            "money_values": money_values(state["money"], state["hands"])}
    if n == 1:
        return {**base, **solo_result(state, ts[0], rome_t)}
    rome_cats = sum(1 for c in CATEGORIES if owners[c] == "rome")
    if rome_cats >= P["rome_needs"]:  # PAX-6.8
        pc = state["pc"]
        flags = [1 if pc == p else 0 for p in range(n)]
        return {**base, "rome_wins": True, "rome_categories": rome_cats, "scores": flags,
                "order": ["primus_conspiratus"], "breakdown": {"primus_conspiratus": flags},
                "winners": [] if pc is None else [pc],  # PAX-6.9 / PAX-6.10
                "tiebreak": None}
    mv = base["money_values"]
    top = max(mv)
    per = [points(ts[p], state["areas"][p], rome_t, state["pc"] == p, mv[p] == top) for p in range(n)]
    scores = [sum(x.values()) for x in per]
    best = max(scores)
    tied = [p for p in range(n) if scores[p] == best]
    winners, tiebreak = tied, None
    if len(tied) > 1:  # PAX-6.17 [DEF]: the highest money value, then a shared win
        best_m = max(mv[p] for p in tied)
        winners = [p for p in tied if mv[p] == best_m]
        tiebreak = "pax.tiebreak.money" if len(winners) == 1 else "pax.tiebreak.shared"
    return {**base, "rome_wins": False, "rome_categories": rome_cats, "scores": scores,
            "order": list(POINT_ORDER), "breakdown": {k: [x[k] for x in per] for k in POINT_ORDER},
            "winners": winners, "tiebreak": tiebreak}


def solo_result(state: dict, t: dict[str, int], rome_t: dict[str, int]) -> dict:
    """PAX-6.19 / PAX-6.20: all 7 categories present and stronger than Rome (with bonuses) in enough of them."""
    level = SOLO_LEVELS[state["options"]["level"]]
    present = len({category(c) for c in state["areas"][0]})
    stronger = sum(1 for c in CATEGORIES if t[c] > rome_t[c])
    win = present == len(CATEGORIES) and stronger >= level["required"]
    return {"rome_wins": not win, "solo_win": win, "required": level["required"], "scores": [stronger],
            "order": ["stronger", "categories"], "breakdown": {"stronger": [stronger], "categories": [present]},
            "winners": [0] if win else [], "tiebreak": None}
