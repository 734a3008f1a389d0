"""Hidden Nim: a tiny game for the core and shell tests (never shown in the app).

Two players take 1-3 stones in turn from a public pile; each holds a secret bonus card (1-3) dealt by chance
and hidden from the other until the end. A turn is two atomic choices: "take:N" (reversible) then "end".
Score = stones taken + 2 for taking the last stone + the secret card. Ties go to whoever took the last stone.
"""

from __future__ import annotations

from pygames import core

ID = "hnim"
FORMAT = 1
READY = True
PLAYERS = (2, 2)
OPTIONS = [{"id": "pile", "choices": [7, 11], "default": 7}]
CATEGORIES = ("stones", "last", "secret")


def setup(state: dict) -> None:
    rng = core.rng(state)
    state["pile"] = state["options"]["pile"]
    state["secret"] = [rng.randint(1, 3), rng.randint(1, 3)]
    state["taken"] = [0, 0]
    state["pending"] = None
    state["turn"] = 0
    state["last"] = None
    for p in (0, 1):
        core.log(state, "hnim.log.secret", to=[p], player=p, value=state["secret"][p])


def to_move(state: dict) -> list[int]:
    return [] if is_over(state) else [state["turn"]]


def legal_actions(state: dict, player: int) -> list[str]:
    if state["pending"] is not None:
        return ["end"]
    return [f"take:{n}" for n in (1, 2, 3) if n <= state["pile"]]


def why_illegal(state: dict, player: int, action: str):
    if action.startswith("take:") and state["pending"] is not None:
        return "hnim.err.already_took", {}
    if action.startswith("take:") and action[5:].isdigit() and int(action[5:]) > state["pile"]:
        return "hnim.err.too_many", {"pile": state["pile"]}
    return None


def apply_action(state: dict, player: int, action: str) -> None:
    if action == "end":
        n = state["pending"]
        state["pile"] -= n
        state["taken"][player] += n
        state["pending"] = None
        core.log(state, "hnim.log.took", player=player, n=n)
        if state["pile"] == 0:
            state["last"] = player
            core.log(state, "hnim.log.over")
        state["turn"] = 1 - player
    else:
        state["pending"] = int(action.split(":")[1])


def is_over(state: dict) -> bool:
    return state["pile"] == 0


def view(state: dict, player: int | None) -> dict:
    over = is_over(state)
    return {
        "pile": state["pile"],
        "taken": list(state["taken"]),
        "turn": state["turn"],
        "pending": state["pending"],
        "last": state["last"],
        "secret": [s if (over or p == player) else None for p, s in enumerate(state["secret"])],
    }


def result(state: dict) -> dict:
    stones = list(state["taken"])
    last = [2 if state["last"] == p else 0 for p in (0, 1)]
    secret = list(state["secret"])
    scores = [stones[p] + last[p] + secret[p] for p in (0, 1)]
    best = max(scores)
    winners = [p for p in (0, 1) if scores[p] == best]
    tiebreak = None
    if len(winners) > 1:
        winners, tiebreak = [state["last"]], "hnim.tiebreak.last"
    return {"scores": scores, "order": list(CATEGORIES),
            "breakdown": {"stones": stones, "last": last, "secret": secret},
            "winners": winners, "tiebreak": tiebreak}


def determinize(view: dict, player: int, rng) -> dict:
    """Sample the opponent's hidden secret; everything else is in the view."""
    g = view["state"]
    state = {
        "game": ID, "format": FORMAT, "players": 2, "seed": 0, "options": dict(view["options"]),
        "rng": rng.next64(), "log": [[k, a, None] for k, a in view["log"]], "history": [], "undo_floor": 0,
        "barrier": False,
        "pile": g["pile"], "taken": list(g["taken"]), "turn": g["turn"], "pending": g["pending"],
        "last": g["last"],
        "secret": [s if s is not None else rng.randint(1, 3) for s in g["secret"]],
    }
    return state


def greedy_bot(view: dict, legal: list[str], rng) -> str:
    """Leaves the opponent a multiple of 4 when it can (the Nim strategy)."""
    if legal == ["end"]:
        return "end"
    pile = view["state"]["pile"]
    for action in legal:
        if (pile - int(action[5:])) % 4 == 0:
            return action
    return rng.choice(legal)


def bots() -> dict:
    return {"greedy": greedy_bot}


def action_label(view: dict, action: str):
    if action == "end":
        return "hnim.act.end", {}
    return "hnim.act.take", {"n": int(action[5:])}


def status(view: dict):
    key = "hnim.status.end" if view["state"]["pending"] is not None else "hnim.status.take"
    return key, {"player": view["viewer"]}


def board_lines(view: dict) -> list:
    """What the generic board shows: the pile, and the viewer's own secret card (never the other's)."""
    g = view["state"]
    lines = [("hnim.board.pile", {"n": g["pile"]})]
    if view["viewer"] is not None and g["secret"][view["viewer"]] is not None:
        lines.append(("hnim.board.secret", {"value": g["secret"][view["viewer"]]}))
    return lines
