"""A quick heuristic bot: it reads only its view and its legal actions (a few microseconds per move).

Idea: a card is worth its symbols, more in a category the bot lacks (2 points per category, PAX-6.11);
keep the best card, feed the Legions the worst, buy a pile when its worth beats its price, and play
a few cards per turn, Land/Intrigue first so that the cap (PAX-5.3) lets Fleets and Armies in.
"""

from __future__ import annotations

from .data import category, symbols, value
from .scoring import cap, symbol_counts


def worth(card: str, sym: dict[str, int]) -> float:
    """How much the bot wants a card in its area."""
    cat = category(card)
    w = symbols(card) + (2 if sym[cat] == 0 else 0)
    if cat in ("fleet", "army"):
        w += 0.5  # they also score 1 point per symbol (PAX-6.13)
    if cat == "intrigue":
        w -= 0.5  # no income the turn it is played (PAX-4.31)
    return w


def play_plan(hand: list[str], area: list[str], money: int) -> list[str]:
    """A set of cards to play now: most wanted first, while affordable (PAX-4.23) and within the cap (PAX-5.5)."""
    sym = symbol_counts(area)
    order = sorted(hand, key=lambda c: (category(c) not in ("land", "intrigue"), -worth(c, sym), c))
    plan: list[str] = []
    for card in order:
        cost = len(plan)  # the next card's cost
        if sum(range(len(plan) + 1)) > money or cost > 2:
            break
        trial = symbol_counts(area + plan + [card])
        limit = cap(trial)
        if category(card) in ("fleet", "army") and trial[category(card)] > limit:
            continue
        plan.append(card)
    return plan


def heuristic_bot(view: dict, legal: list[str], rng) -> str:
    g = view["state"]
    me = view["viewer"]
    seat = g["seats"][me]
    area = seat["area"]
    sym = symbol_counts(area)

    def w(card: str) -> float:
        return worth(card, sym)

    phase = g["phase"]
    if len(legal) == 1:
        return legal[0]
    if phase in ("draft", "solo_keep"):
        return max(legal, key=lambda a: (w(a.split(":")[1]), a))
    if phase == "solo_bottom":
        return min(legal, key=lambda a: (w(a.split(":")[1]), a))
    if phase == "turn":
        return "normal"
    if phase == "mode":
        return legal[-1]  # the strongest draw mode (PAX-8.8 UI default)
    if phase == "draw":
        return draw_choice(g, legal, w)
    if phase == "buy":
        return buy_choice(g, legal, w, seat["money"])
    return play_choice(g, legal, seat)


def draw_choice(g: dict, legal: list[str], w) -> str:
    """Best card to hand, worst under the richest Legion (Rome takes it anyway), the middle one down."""
    values = g["legion_values"]

    def score(action: str) -> tuple:
        parts = action.split(":")
        card = parts[-1]
        if parts[0] == "hand":
            return (3 * w(card) - 2, action)
        if parts[0] == "legion":
            return (-2 * w(card) - value(card) + 0.01 * values[int(parts[1]) - 1], action)
        return (-w(card), action)

    return max(legal, key=score)


def buy_choice(g: dict, legal: list[str], w, money: int) -> str:
    prices = g["choice"]["prices"]
    best, pick = 0.0, "pass"
    for action in legal:
        if action == "pass":
            continue
        n = int(action.split(":")[1])
        gain = sum(w(c) for c in g["legions"][n - 1]) - 0.8 * prices[n - 1]
        if gain > best:
            best, pick = gain, action
    return pick


def play_choice(g: dict, legal: list[str], seat: dict) -> str:
    staged = g["staged"] or []
    plan = play_plan(seat["hand"], seat["area"], seat["money"])
    for card in staged:
        if card not in plan and f"unstage:{card}" in legal:
            return f"unstage:{card}"
    for card in plan:
        if card not in staged and f"stage:{card}" in legal:
            return f"stage:{card}"
    if "finish" in legal:
        return "finish"
    return next(a for a in legal if a.startswith("unstage:"))


def bots() -> dict:
    return {"heuristic": heuristic_bot}
