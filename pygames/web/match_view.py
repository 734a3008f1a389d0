"""The match on screen: its line in the game title, its panel on the end screen with the one-tap follow-up game.

The rules of matches and tie-break games are in match.py (pure); this module only draws them.
"""

from __future__ import annotations

from pygames.app import match as matches

from .render import el


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


def panel(cat, session, result: dict):
    """The end screen's match box: score so far, match result, and the follow-up button; None if nothing to say."""
    match, players = session.match, session.state["players"]
    follow = offer(session, result)
    if match is None and follow is None:
        return None
    box = el("section", {"class": "match-panel", "data-testid": "match"})
    if match is not None:
        box.appendChild(el("h3", None, label(cat, match)))
    if match is not None and match.kind == matches.BEST_OF:
        score = matches.wins(match, players, result.get("winners") or ())
        box.appendChild(el("p", {"data-testid": "match-score", "data-score": ",".join(map(str, score))},
                           cat.t("match.score", score=score_text(cat, score))))
        if follow is None:
            winner = matches.match_winner(match, players, result.get("winners") or ())
            text = cat.t("match.drawn", score=score_text(cat, score)) if winner is None else cat.t(
                "match.won", player=winner, score=score_text(cat, score))
            box.appendChild(el("p", {"class": "match-result", "data-testid": "match-result",
                                     "data-winner": "" if winner is None else winner}, text))
    if matches.tie_stands(match, result):
        box.appendChild(el("p", {"data-testid": "tie-stands"}, cat.t("match.tie_stands")))
    if follow is not None:
        if follow.kind == "tiebreak":
            box.appendChild(el("p", None, cat.t("match.tiebreak_hint")))
            text = cat.t("match.tiebreak_offer")
        else:
            if follow.sides:
                box.appendChild(el("p", None, cat.t(f"match.sides.{follow.sides}")))
            text = cat.t("match.next", number=follow.match.number, games=follow.match.best_of)
        box.appendChild(el("p", {"class": "row"}, None, [
            el("button", {"type": "button", "class": "primary", "data-command": "follow-up",
                          "data-testid": "follow-up", "data-follow-up": follow.kind}, text)]))
    return box
