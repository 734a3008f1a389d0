"""The match on screen: its line in the game title, its panel on the end screen with the one-tap follow-up game.

The rules of matches and tie-break games are in match.py (pure); this module only draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames.app import match as matches

from .vdom import el


def offer(session, result: dict):
    """The follow-up game the end screen offers for this finished game (match.FollowUp), or None."""
    state = session.state
    return matches.follow_up(session.game, state["options"], state["seed"], session.match, result, state["players"])


def label(cat, match) -> str:
    """"Best of 3, game 2" or "Tie-break game between Ann and Bob"."""
    if match.kind == matches.BEST_OF:
        return cat.t("match.bestof", games=match.best_of, number=match.number)
    return cat.t("match.tiebreak", players=cat.join([cat.seat_name(p) for p in match.tied]))


def title(cat, match) -> str:
    """" — Best of 3, game 2" after the game's name while a match is being played ("" otherwise)."""
    return "" if match is None else " — " + label(cat, match)


def score_text(cat, score: list[int]) -> str:
    """"Ann 1 – Bob 0" (two seats) or "Ann 1, Bob 0, Cid 2"."""
    parts = [f"{cat.seat_name(p)} {n}" for p, n in enumerate(score)]
    return (" – " if len(parts) == 2 else ", ").join(parts)


@dataclass(frozen=True)
class Box:
    """The end screen's match box, worked out from the session and the result: the match (or None for a lone
    game's tie-break offer), the wins so far, the match's winner once it is decided, and the next game offered."""

    match: object
    score: tuple | None = None  # best-of: each seat's wins so far
    decided: bool = False  # best-of with no next game: the match is over
    winner: int | None = None  # ...and who won it (None: drawn)
    tie_stands: bool = False
    follow: object = None  # match.FollowUp: the one-tap follow-up game


def box(session, result: dict) -> Box | None:
    """The match box for this finished game, or None if there is nothing to say."""
    match, players = session.match, session.state["players"]
    follow = offer(session, result)
    if match is None and follow is None:
        return None
    winners = result.get("winners") or ()
    best_of = match is not None and match.kind == matches.BEST_OF
    return Box(match, tuple(matches.wins(match, players, winners)) if best_of else None, best_of and follow is None,
               matches.match_winner(match, players, winners) if best_of and follow is None else None,
               matches.tie_stands(match, result), follow)


def panel(cat, box: Box):
    """The end screen's match box: score so far, match result, and the follow-up button."""
    match, follow = box.match, box.follow
    node = el("section", {"class": "match-panel", "data-testid": "match"})
    if match is not None:
        node.appendChild(el("h3", None, label(cat, match)))
    if box.score is not None:
        score = list(box.score)
        node.appendChild(el("p", {"data-testid": "match-score", "data-score": ",".join(map(str, score))},
                            cat.t("match.score", score=score_text(cat, score))))
        if box.decided:
            winner = box.winner
            text = cat.t("match.drawn", score=score_text(cat, score)) if winner is None else cat.t(
                "match.won", player=winner, score=score_text(cat, score))
            node.appendChild(el("p", {"class": "match-result", "data-testid": "match-result",
                                      "data-winner": "" if winner is None else winner}, text))
    if box.tie_stands:
        node.appendChild(el("p", {"data-testid": "tie-stands"}, cat.t("match.tie_stands")))
    if follow is not None:
        node.appendChild(follow_up(cat, node, follow))
    return node


def follow_up(cat, node, follow):
    """The follow-up game's words (into `node`) and its one-tap button's row."""
    if follow.kind == "tiebreak":
        node.appendChild(el("p", None, cat.t("match.tiebreak_hint")))
        text = cat.t("match.tiebreak_offer")
    else:
        if follow.sides:
            node.appendChild(el("p", None, cat.t(f"match.sides.{follow.sides}")))
        text = cat.t("match.next", number=follow.match.number, games=follow.match.best_of)
    return el("p", {"class": "row"}, None, [
        el("button", {"type": "button", "class": "primary", "data-command": "follow-up",
                      "data-testid": "follow-up", "data-follow-up": follow.kind}, text)])
