"""Search hooks for IS-MCTS (see `pygames.core.search`): playouts stop after a fixed number of actions and
the position is scored as if the game ended now, with the rules' own final scoring (`scoring.result`, PAX-6):
Rome's win gives the whole reward to the Primus Conspiratus as at the end; otherwise the players' points are
turned into odds. The state is the search's own sample, never the true one."""

from __future__ import annotations

from pygames.core.search import result_reward, score_rewards, softmax_shares

from .data import CARDS, CATEGORIES, P, category
from .rules import cap_problem, play_cost
from .scoring import points, result

ROLLOUT_DEPTH = 20  # actions before the position is scored
SCALE = 3.0         # a points margin worth about e:1 odds
SOLO_NEAR_MISS = 0.5  # solo: the most a lost game is worth, for coming near the level's goal (a win is 1)
ROME_NEAR_MISS = 0.3  # with players: the most a loss to Rome is worth to a player without Primus Conspiratus


def search_actions(legal: list[str], state: dict, seat: int) -> list[str]:
    """The play step searched as a choice of a set, which only grows: cards are staged in one canonical order
    (only cards after every staged one), never taken back while the set may be played, and never staged when the
    set could then not be played at all (over the Fleet/Army cap, PAX-5.5, with no Land or Intrigue card left to
    stage that the money allows to raise it). A staged set is taken back (its last card) only when nothing else is
    possible. Any set the rules allow can still be reached (staging depends on the count only, PAX-4.24), and
    neither the search tree nor the game can cycle through stage/unstage."""
    staged = [a[len("unstage:"):] for a in legal if a.startswith("unstage:")]
    last = max(staged, default="")
    forward = [a for a in legal if a.startswith("stage:") and a[6:] > last]
    if state.get("phase") == "play" and state.get("staged") is not None:
        forward = [a for a in forward if playable_later(state, seat, [*state["staged"], a[6:]])]
    others = [a for a in legal if not a.startswith(("stage:", "unstage:"))]
    if "finish" in legal or forward:
        return [*others, *forward] or legal
    return [f"unstage:{last}"] if staged else legal


def playable_later(state: dict, seat: int, staged: list[str]) -> bool:
    """Whether the staged set may be played now, or after staging (in the canonical order, as money allows) Land
    or Intrigue cards from the hand that lift the cap (PAX-5.1..5.5: the cap is their larger symbol count)."""
    area = state["areas"][seat]
    if cap_problem(area, staged) is None:
        return True
    last = max(staged)
    room = 0
    while play_cost(len(staged) + room + 1) <= state["money"][seat]:
        room += 1
    hand = [c for c in state["hands"][seat] or [] if c not in staged and c > last]
    for lift in ("land", "intrigue"):
        best = sorted((c for c in hand if category(c) == lift), key=lambda c: -CARDS[c][1])[:room]
        if best and cap_problem(area, [*staged, *best]) is None:
            return True
    return False


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1] if the game were scored now."""
    now = result(state)
    n = state["players"]
    if n == 1:
        return solo_reward(now)
    if now.get("rome_wins"):
        return rome_wins_reward(state, now)
    return score_rewards([float(s) for s in now["scores"]], SCALE)


def final_reward(state: dict) -> list[float]:
    """Each seat's reward at the end: the rules' result, shaped like `evaluate` when Rome wins and in solo."""
    now = result(state)
    if state["players"] == 1:
        return solo_reward(now)
    return rome_wins_reward(state, now) if now["rome_wins"] else result_reward(now)


def rome_wins_reward(state: dict, now: dict) -> list[float]:
    """Rome wins (PAX-6.8, PAX-6.9): the rules' reward (the Primus Conspiratus holder's win), and for each other
    player up to `ROME_NEAR_MISS` for how near the players came to beating Rome (their categories toward the
    four they need), shared by the points each would then score (PAX-6.18). With the bare result such a player
    sees only the race for Primus Conspiratus: from most positions Rome wins every playout, so beating Rome is
    invisible to the search."""
    out = result_reward(now)
    need = len(CATEGORIES) - P["rome_needs"] + 1
    progress = (len(CATEGORIES) - now["rome_categories"]) / need
    if progress <= 0:
        return out
    rome, ts, money = now["rome_strength"], now["strengths"], now["money_values"]
    top = max(money)
    would = [float(sum(points(ts[p], state["areas"][p], rome, state["pc"] == p, money[p] == top).values()))
             for p in range(len(ts))]
    shares = softmax_shares(would, SCALE)
    for p in range(len(out)):
        if state["pc"] != p:
            out[p] += ROME_NEAR_MISS * progress * shares[p]
    return out


def solo_reward(now: dict) -> list[float]:
    """Solo (PAX-6.19, PAX-6.20): a win is worth 1; a loss up to `SOLO_NEAR_MISS`, for the categories stronger
    than Rome toward the level's requirement and the categories present toward all seven. A bare win/loss
    left the search blind: from most positions almost no playout wins, so every action looked the same."""
    if now["solo_win"]:
        return [1.0]
    need = now["required"]
    stronger = now["breakdown"]["stronger"][0]
    present = now["breakdown"]["categories"][0]
    return [SOLO_NEAR_MISS * (min(stronger, need) / need + present / len(CATEGORIES)) / 2]
