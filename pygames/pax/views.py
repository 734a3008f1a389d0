"""What each seat may see (PAX-7.x), the inverse sampling for search (determinize), labels and status lines."""

from __future__ import annotations

from .board import active
from .data import CARD_IDS, FORMAT, SOLO_LEVELS, P, sort_cards
from .rounds import pile_value
from .rules import available_modes, cap_problem, income, play_cost, prices, religion
from .scoring import cap, result, strengths, symbol_counts, wealth_discount

#: Log events that only their reader saw; a sampled state keeps them private (see determinize).
PRIVATE_EVENTS = ("pax.log.drawn", "pax.log.spied_cards")


def view(state: dict, player: int | None) -> dict:
    """PAX-7.1..7.17: public table, counts for hidden zones, private data only for its owner."""
    over = state["phase"] == "over"
    turn_of = None if over else active(state)
    mine = player is not None and player == turn_of
    g = {
        "phase": state["phase"],
        "round": state["round"],
        "turns": state["turns"],
        "active": turn_of,
        "start_player": state["start"],  # PAX-7.8
        "pc_holder": state["pc"],  # PAX-7.8
        "deck_size": len(state["deck"]),  # PAX-7.2 (PAX-7.1: never its order or content)
        "removed_count": len(state["removed"]),  # PAX-7.3: only the number, even at the end
        "rome": list(state["rome"]),  # PAX-7.5
        "rome_symbols": symbol_counts(state["rome"]),  # PAX-7.5: Rome's open cards, counted by the rules
        "rome_open_strength": strengths(state["rome"]),
        "rome_hidden_count": len(state["rome_hidden"]),
        "rome_hidden": list(state["rome_hidden"]) if over else None,  # PAX-7.4 / PAX-7.16
        "legions": [list(p) for p in state["legions"]],  # PAX-7.5
        "legion_values": [pile_value(p) for p in state["legions"]],
        "seats": [seat_view(state, q, player, over) for q in range(state["players"])],
        "draw": dict(state["draw"], used=list(state["draw"]["used"])) if state["draw"] else None,  # PAX-7.14
        "front_count": len(state["front"]),  # PAX-7.9 / PAX-7.11: others see only the number
        "front": list(state["front"]) if mine else None,
        "staged": list(state["staged"]) if mine else None,  # PAX-7.12
        "memo": memo_view(state, player),  # PAX-7.15
        "choice": choice_view(state, player) if mine else None,
    }
    if state["players"] == 1:
        g["required"] = SOLO_LEVELS[state["options"]["level"]]["required"]
    if over:
        g["rome_strength"] = strengths(state["rome"] + state["rome_hidden"] + sum(state["legions"], []))
        if state["players"] == 1:
            g["solo_win"] = result(state)["solo_win"]  # PAX-6.19, the scoring's own verdict (all is shown now)
    return g


def seat_view(state: dict, q: int, player: int | None, over: bool) -> dict:
    """PAX-7.5 areas are public; PAX-7.6 hands and PAX-7.7 money only for their owner (and all at the end)."""
    own = over or q == player
    area = state["areas"][q]
    sym = symbol_counts(area)
    return {
        "area": list(area),
        "symbols": sym,
        "strength": strengths(area),
        "cap": cap(sym),
        "hand_count": len(state["hands"][q]),
        "hand": list(state["hands"][q]) if own else None,
        "hand_public": list(state["public"][q]),  # PAX-7.13: bought cards were seen by all
        "money": state["money"][q] if own else None,
    }


def memo_view(state: dict, player: int | None) -> dict | None:
    """PAX-7.15: the Rome cards this player saw while spying, and where their own bottom cards now lie."""
    if player is None:
        return None
    memo = state["memo"][player]
    deck = state["deck"]
    return {"rome_seen": list(memo["rome"]), "deck_known": [[deck.index(c), c] for c in memo["bottom"]]}


def choice_view(state: dict, player: int) -> dict:
    """The data behind the acting seat's choices: prices, play cost, cap check, modes, income preview."""
    area = state["areas"][player]
    staged = state["staged"]
    problem = cap_problem(area, staged)
    return {
        "modes": available_modes(state, player),
        "religion": religion(state, player),
        "discount": wealth_discount(symbol_counts(area)),
        "prices": prices(state, player),
        "next_card_cost": len(staged),
        "staged_cost": play_cost(len(staged)),
        "cap_problem": list(problem) if problem else None,
        "income_if_finish": income(area + staged, staged),
    }


# --------------------------------------------------------------------------- determinize


def money_from_log(log: list, players: int) -> list[int]:
    """PAX-7.7: every gain and payment is public, so each seat's money follows from the public log."""
    money = [P["start_money"]] * players
    for _key, args in log:
        if "player" in args and ("gained" in args or "paid" in args):
            money[args["player"]] += args.get("gained", 0) - args.get("paid", 0)
    return money


def determinize(view_: dict, player: int, rng) -> dict:
    """A full state consistent with `player`'s view: the unseen cards are dealt uniformly at random into the
    unseen places (deck slots not remembered, removed cards, Rome's hidden cards, others' hands and draws)."""
    g = view_["state"]
    n = view_["players"]
    over = g["phase"] == "over"
    mine = g["active"] == player
    seats = g["seats"]
    deck_known = {i: c for i, c in g["memo"]["deck_known"]}
    known = set(g["rome"]) | set(sum(g["legions"], [])) | set(deck_known.values()) | set(g["memo"]["rome_seen"])
    for s in seats:
        known |= set(s["area"]) | set(s["hand"] or s["hand_public"])
    if mine:
        known |= set(g["front"])
    if over:
        known |= set(g["rome_hidden"])
    pool = [c for c in CARD_IDS if c not in known]
    rng.shuffle(pool)

    def deal(k: int) -> list[str]:
        cards = pool[-k:] if k else []
        del pool[len(pool) - k:]
        return cards

    hands = []
    for s in seats:
        hands.append(list(s["hand"]) if s["hand"] is not None
                     else sort_cards(s["hand_public"] + deal(s["hand_count"] - len(s["hand_public"]))))
    if over:
        rome_hidden = list(g["rome_hidden"])
    elif g["memo"]["rome_seen"]:
        rome_hidden = list(g["memo"]["rome_seen"])
    else:
        rome_hidden = sort_cards(deal(g["rome_hidden_count"]))
    front = list(g["front"]) if mine else deal(g["front_count"])
    deck = [deck_known[i] if i in deck_known else None for i in range(g["deck_size"])]
    deck = [c if c is not None else deal(1)[0] for c in deck]
    removed = sort_cards(deal(g["removed_count"]))
    money = [s["money"] if s["money"] is not None else m
             for s, m in zip(seats, money_from_log(view_["log"], n), strict=True)]
    memo = [{"rome": [], "bottom": []} for _ in range(n)]
    memo[player] = {"rome": list(g["memo"]["rome_seen"]), "bottom": [c for _i, c in sorted(deck_known.items())]}
    draw = g["draw"]
    return {
        "game": view_["game"], "format": FORMAT, "players": n, "seed": 0, "options": dict(view_["options"]),
        "rng": rng.next64(), "log": [[k, a, [player] if k in PRIVATE_EVENTS else None] for k, a in view_["log"]],
        "history": [], "undo_floor": 0, "barrier": False,
        "deck": deck, "removed": removed, "rome_hidden": rome_hidden, "rome": list(g["rome"]),
        "legions": [list(p) for p in g["legions"]], "hands": hands,
        "public": [list(s["hand_public"]) for s in seats], "areas": [list(s["area"]) for s in seats],
        "money": money, "pc": g["pc_holder"], "start": g["start_player"], "round": g["round"], "turns": g["turns"],
        "phase": g["phase"], "draw": dict(draw, used=list(draw["used"])) if draw else None, "front": front,
        "staged": list(g["staged"]) if mine else [], "memo": memo,
    }


# --------------------------------------------------------------------------- labels and status


def action_label(view_: dict, action: str):
    """Catalogue key and arguments for a button."""
    parts = action.split(":")
    verb = parts[0]
    g = view_["state"]
    if verb == "legion":
        return "pax.act.legion", {"legion": int(parts[1]), "card": parts[2]}
    if verb in ("keep", "hand", "unstage"):
        return f"pax.act.{verb}", {"card": parts[1]}
    if verb == "bottom":
        return "pax.act.bottom", {"card": parts[1]}
    if verb == "stage":
        return "pax.act.stage", {"card": parts[1], "cost": len(g["staged"] or [])}
    if verb == "mode":
        return f"pax.act.mode.{parts[1]}", {}
    if verb == "buy":
        n = int(parts[1])
        return "pax.act.buy", {"legion": n, "price": (g["choice"] or {}).get("prices", [0] * n)[n - 1]}
    if action == "finish":
        staged = g["staged"] or []
        if not staged:
            return "pax.act.finish_none", {"income": P["idle_income"]}
        choice = g["choice"] or {}
        return "pax.act.finish", {"n": len(staged), "cost": choice.get("staged_cost", 0),
                                  "income": choice.get("income_if_finish", 0)}
    return f"pax.act.{action}", {}


def status(view_: dict):
    """The status line: who acts and what they must do."""
    g = view_["state"]
    if g["phase"] == "over":
        return "pax.status.over", {}
    if view_["viewer"] != g["active"]:
        return "pax.status.wait", {"player": g["active"], "step": f"@pax.phase.{g['phase']}"}
    return f"pax.status.{g['phase']}", {"player": g["active"], "n": g["front_count"]}
