"""A quick heuristic bot: it reads only its view and the legal actions, and scores each action.

It runs true agents toward the enemy back row (escape, SIK-6.4), attacks when the odds against the enemy's
unseen identities are good, never walks a true agent into a known losing conflict, and uses every
reactive card (Bait, Pocket Pistol, Fan)."""

from __future__ import annotations

from . import data as D

CARD_WEIGHT = {"charge": 2.0, "bait": 0.6, "exchange": 0.3, "defend": 0.4, "tunnel": 0.8}


def _progress(side: int, cell: str) -> int:
    """Rows already advanced toward the enemy back row."""
    row = int(cell[1:])
    return row - 1 if side == D.O else D.ROWS - row


def _unseen_enemy(g: dict, me: int) -> list[str]:
    seen = set(g["prison"][me]) | {i for _c, s, i, _r in g["board"] if s != me and i}
    return [i for i in D.IDENTITY_ORDER if i not in seen]


def _dest_score(g: dict, me: int, frm: str, to: str) -> float:
    board = {c: (s, i) for c, s, i, _r in g["board"]}
    mine = board[frm][1]
    true = D.is_true(mine)
    score = (_progress(me, to) - _progress(me, frm)) * (6.0 if true else 1.5)
    if true and D.territory_owner(to) == 1 - me:
        score += 1000.0
    if to in board:
        known = board[to][1]
        pool = [known] if known else _unseen_enemy(g, me) or list(D.IDENTITY_ORDER)
        odds = sum(D.attacker_wins(mine, e) for e in pool) / len(pool)
        gain = 40.0 + (60.0 if any(D.is_true(e) for e in pool) and known and D.is_true(known) else 0.0)
        score += odds * gain - (1 - odds) * (40.0 if true else 8.0)
    return score


def _agent_score(g: dict, me: int, cell: str) -> float:
    ident = next(i for c, s, i, _r in g["board"] if c == cell)
    return _progress(me, cell) * (5.0 if D.is_true(ident) else 1.0) + (8.0 if D.is_true(ident) else 0.0)


def _score(g: dict, me: int, action: str, rng) -> float:
    verb, _, arg = action.partition(":")
    ask = g["ask"] or {}
    noise = rng.random()
    if verb == "dest":
        return _dest_score(g, me, ask["cell"], arg) + noise
    if verb == "agent":
        return _agent_score(g, me, arg) + noise * 6
    if verb == "play":
        return (3.0 if D.is_site(arg) else CARD_WEIGHT.get(arg, 1.0)) * (0.5 + noise)
    if verb == "baitto":  # push the intruder as far back as possible
        return -_progress(1 - me, arg) + noise
    if verb in ("bait", "pistol", "fan", "equip", "flip", "ayane"):
        return 1.0 + noise if arg not in ("no", "none", "discard") else noise * 0.5
    if verb == "guess":
        return (2.0 if arg in _unseen_enemy(g, me) else 0.0) + noise
    if verb == "draw":
        return (1.5 if arg == "site" else 1.0) * noise
    return noise


def heuristic_bot(view: dict, legal: list[str], rng) -> str:
    g = view["state"]
    me = g["me"]
    return max(legal, key=lambda a: _score(g, me, a, rng))


def bots() -> dict:
    return {"heuristic": heuristic_bot}
