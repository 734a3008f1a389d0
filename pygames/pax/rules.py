"""A player's turn (PAX-4.2..4.33): spy or normal; draw, buy, play and income. Every choice is one atomic action.

Actions (stable strings):
  setup      keep:<card>  bottom:<card>                      DRAFT_KEEP, SOLO_KEEP, SOLO_BOTTOM (PAX-8.2, 8.5, 8.6)
  turn       normal  spy                                      TURN_TYPE (PAX-8.7)
  mode       mode:standard  mode:religion2  mode:religion3   DRAW_MODE (PAX-8.8)
  draw       hand:<card>  bottom:<card>  legion:<n>:<card>   destinations (PAX-8.9..8.16)
  buy        buy:<n>  pass                                    BUY (PAX-8.17); n = Legion number 1..L
  play       stage:<card>  unstage:<card>  finish             PLAY (PAX-8.18)
"""

from __future__ import annotations

from pygames import core

from . import setup as setup_rules
from .board import (
    active,
    add_to_hand,
    check_primus_conspiratus,
    gain,
    pay,
    put_bottom,
    remove_from_hand,
    take_from_deck,
)
from .data import P, category, sort_cards, value
from .rounds import end_turn
from .scoring import cap, card_counts, symbol_counts, wealth_discount

DEST_TYPES = ("hand", "legion", "bottom")  # PAX-4.8
MODES = ("standard", "religion2", "religion3")  # PAX-4.10


# --------------------------------------------------------------------------- protocol entry points


def to_move(state: dict) -> list[int]:
    return [] if state["phase"] == "over" else [active(state)]


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def legal_actions(state: dict, player: int) -> list[str]:
    if player != active(state) or state["phase"] == "over":
        return []
    phase = state["phase"]
    if phase in ("draft", "solo_keep"):
        return setup_rules.keep_actions(state)
    if phase == "solo_bottom":
        return setup_rules.bottom_actions(state)
    if phase == "turn":
        return ["normal", "spy"]  # PAX-4.2; spying is allowed even with an empty deck (PAX-4.4)
    if phase == "mode":
        return [f"mode:{m}" for m in available_modes(state, player)]
    if phase == "draw":
        return destination_actions(state)
    if phase == "buy":
        return buy_actions(state, player)
    return play_actions(state, player)


def apply_action(state: dict, player: int, action: str) -> None:
    verb, _, rest = action.partition(":")
    phase = state["phase"]
    if phase in ("draft", "solo_keep"):
        setup_rules.apply_keep(state, rest)
    elif phase == "solo_bottom":
        setup_rules.apply_solo_bottom(state, rest)
    elif action == "spy":
        spy(state, player)
    elif action == "normal":
        start_normal_turn(state, player)
    elif verb == "mode":
        start_draw(state, player, rest)
    elif phase == "draw":
        place_drawn(state, player, action)
    elif phase == "buy":
        buy(state, player, None if action == "pass" else int(rest))
    elif verb == "stage":
        state["staged"].append(rest)
    elif verb == "unstage":
        state["staged"].remove(rest)
    else:
        finish(state, player)


# --------------------------------------------------------------------------- spy turn


def spy(state: dict, player: int) -> None:
    """PAX-4.3: look at Rome's 3 hidden cards (a private reveal, PAX-7.4), gain 2 Aurei (PAX-2.22); nothing else."""
    state["memo"][player]["rome"] = list(state["rome_hidden"])
    core.log(state, "pax.log.spied_cards", to=[player], player=player, cards=",".join(state["rome_hidden"]))
    core.reveal(state)
    gain(state, player, P["spy_gain"], "pax.log.spy")
    end_turn(state)


# --------------------------------------------------------------------------- draw step


def religion(state: dict, player: int) -> int:
    return symbol_counts(state["areas"][player])["religion"]


def available_modes(state: dict, player: int) -> list[str]:
    """PAX-4.10 / PAX-5.8: standard always; religion2 with >= 3 Religion and k >= 2; religion3 with >= 6 and k = 3."""
    k = min(P["draw_per_turn"], len(state["deck"]))
    r = religion(state, player)
    modes = ["standard"]
    if r >= P["religion2_symbols"] and k >= 2:
        modes.append("religion2")
    if r >= P["religion3_symbols"] and k == 3:
        modes.append("religion3")
    return modes


def start_normal_turn(state: dict, player: int) -> None:
    """PAX-4.5..4.7: the draw is mandatory; with an empty deck the player takes 2 Aurei and goes on to buy."""
    if not state["deck"]:
        gain(state, player, P["empty_deck_gain"], "pax.log.empty_deck")
        begin_buy(state, player)
        return
    modes = available_modes(state, player)
    if len(modes) == 1:  # PAX-8.8: DRAW_MODE is asked only when there is a choice
        start_draw(state, player, modes[0])
    else:
        state["phase"] = "mode"


def start_draw(state: dict, player: int, mode: str) -> None:
    """PAX-4.6: k = min(3, D), fixed now. The draw mode is public (PAX-7.14)."""
    k = min(P["draw_per_turn"], len(state["deck"]))
    state["phase"] = "draw"
    state["draw"] = {"mode": mode, "k": k, "left": k, "used": []}
    core.log(state, "pax.log.draw_mode", player=player, mode=f"@pax.mode.{mode}", n=k)
    advance_draw(state, player)


def batch_size(draw: dict) -> int:
    """PAX-4.11 one by one; PAX-4.12 two then one; PAX-4.13 / PAX-4.14 all together."""
    if draw["mode"] == "standard":
        return 1
    if draw["mode"] == "religion2" and draw["k"] == 3 and draw["left"] == 3:
        return 2
    return draw["left"]


def draw_more(state: dict, player: int) -> None:
    """Each draw is chance + a reveal to the drawer only (PAX-7.9, PAX-8.9): it can never be undone."""
    cards = take_from_deck(state, batch_size(state["draw"]))
    state["draw"]["left"] -= len(cards)
    state["front"] += cards
    core.log(state, "pax.log.draws", player=player, n=len(cards))
    core.log(state, "pax.log.drawn", to=[player], player=player, cards=",".join(cards))
    core.reveal(state)


def allowed_types(state: dict) -> list[str]:
    """The destination types open now: PAX-4.8 (each once), PAX-4.12 (R2 order), PAX-4.13 / 8.13-8.14 (R3 order)."""
    draw, front = state["draw"], state["front"]
    unused = [t for t in DEST_TYPES if t not in draw["used"]]
    if draw["mode"] == "religion2" and draw["k"] == 3:
        if draw["left"]:
            return [t for t in unused if t != "hand"]  # R2_FIRST: not to the hand
        if len(front) == 2:
            return ["hand"]  # R2_KEEP
    elif draw["mode"] == "religion3":
        if len(front) == 3:
            return ["hand"]  # R3_KEEP
        if len(front) == 2:
            return ["legion"]  # R3_LEGION
    return unused


def choosable_cards(state: dict) -> list[str]:
    """Standard draw: only the card just drawn; Religion draws: any card in front of the player."""
    return state["front"][:1] if state["draw"]["mode"] == "standard" else list(state["front"])


def destination_actions(state: dict) -> list[str]:
    out = []
    for card in choosable_cards(state):
        for t in allowed_types(state):
            if t == "legion":
                out += [f"legion:{i}:{card}" for i in range(1, len(state["legions"]) + 1)]
            else:
                out.append(f"{t}:{card}")
    return out


def place_drawn(state: dict, player: int, action: str) -> None:
    parts = action.split(":")
    card = parts[-1]
    legion = int(parts[1]) if parts[0] == "legion" else None
    send(state, player, card, parts[0], legion)
    advance_draw(state, player)


def send(state: dict, player: int, card: str, dest: str, legion: int | None) -> None:
    """PAX-4.8: hand (private), a Legion (face up, public), or the bottom of the deck (face down)."""
    state["front"].remove(card)
    state["draw"]["used"].append(dest)
    if dest == "hand":
        add_to_hand(state, player, [card], public=False)
        core.log(state, "pax.log.to_hand", player=player)
    elif dest == "bottom":
        put_bottom(state, player, card)
        core.log(state, "pax.log.to_bottom", player=player)
    else:
        state["legions"][legion - 1].append(card)
        core.log(state, "pax.log.to_legion", player=player, legion=legion, card=card)


def advance_draw(state: dict, player: int) -> None:
    """Draw when the step needs more cards; apply a forced hand/bottom destination (PAX-8.9, 8.12, 8.14)."""
    draw = state["draw"]
    while True:
        front = state["front"]
        if draw["left"] and (not front or (draw["mode"] == "religion2" and len(front) == 1)):
            draw_more(state, player)
            continue
        if not front:
            begin_buy(state, player)
            return
        types = allowed_types(state)
        if len(front) == 1 and not draw["left"] and len(types) == 1 and types[0] != "legion":
            send(state, player, front[0], types[0], None)
            continue
        return


# --------------------------------------------------------------------------- buy step


def price(state: dict, player: int, pile: list[str]) -> int:
    """PAX-4.18 / PAX-5.10: printed values minus floor(Wealth / 3), never below 0 (PAX-10.5)."""
    printed = sum(value(c) for c in pile)
    discount = wealth_discount(symbol_counts(state["areas"][player]))
    return max(P["price_floor"], printed - discount)


def prices(state: dict, player: int) -> list[int | None]:
    """Price per Legion (None for an empty pile, PAX-4.17)."""
    return [price(state, player, pile) if pile else None for pile in state["legions"]]


def buy_actions(state: dict, player: int) -> list[str]:
    """PAX-8.17: pass, or any non-empty pile the player can pay in full (PAX-4.17, 4.19)."""
    money = state["money"][player]
    return ["pass"] + [f"buy:{i + 1}" for i, c in enumerate(prices(state, player)) if c is not None and c <= money]


def begin_buy(state: dict, player: int) -> None:
    state["phase"] = "buy"
    if buy_actions(state, player) == ["pass"]:
        begin_play(state, player)  # a choice forced to one option is applied without asking (section 8)


def buy(state: dict, player: int, legion: int | None) -> None:
    """PAX-4.16 at most one pile; PAX-4.17 the whole pile; PAX-4.20 into the hand, the price to the bank."""
    if legion is not None:
        pile = state["legions"][legion - 1]
        cost = price(state, player, pile)
        state["legions"][legion - 1] = []
        add_to_hand(state, player, pile, public=True)  # PAX-7.13: a purchase is public
        pay(state, player, cost, "pax.log.buy", legion=legion, cards=",".join(pile))
    begin_play(state, player)


# --------------------------------------------------------------------------- play step and income


def begin_play(state: dict, player: int) -> None:
    state["phase"] = "play"
    state["staged"] = []
    if not state["hands"][player]:
        finish(state, player)  # only `finish` is possible: play nothing


def play_cost(n: int) -> int:
    """PAX-4.23 / PAX-2.25: the k-th card of a turn costs k - 1, so n cards cost n(n-1)/2."""
    return n * (n - 1) // 2


def cap_problem(area: list[str], staged: list[str]) -> tuple[str, int, int] | None:
    """PAX-4.25 / PAX-5.5: checked once at `finish`, only for Fleet/Army if one was played this step.

    Returns (category, symbols, cap) for the first broken limit, else None.
    """
    played = {category(c) for c in staged}
    sym = symbol_counts(area + staged)
    limit = cap(sym)
    for cat in ("fleet", "army"):
        if cat in played and sym[cat] > limit:
            return cat, sym[cat], limit
    return None


def play_actions(state: dict, player: int) -> list[str]:
    """PAX-8.18: stage while (m+1)m/2 <= money, unstage any staged card, finish if the cap holds."""
    staged = state["staged"]
    out = []
    if play_cost(len(staged) + 1) <= state["money"][player]:  # PAX-4.24
        out += [f"stage:{c}" for c in state["hands"][player] if c not in staged]
    out += [f"unstage:{c}" for c in staged]
    if cap_problem(state["areas"][player], staged) is None:
        out.append("finish")
    return out


def income(area: list[str], played: list[str]) -> int:
    """PAX-4.27..4.31: 2 if nothing was played; else the largest card count among the categories played
    (whole area, cards not symbols), +1 if a Senator was played; 0 if an Intrigue was played."""
    if not played:
        return P["idle_income"]
    cats = {category(c) for c in played}
    if "intrigue" in cats:
        return 0
    counts = card_counts(area)
    base = max(counts[c] for c in cats)
    return base + (P["senator_bonus"] if "senator" in cats else 0)


def finish(state: dict, player: int) -> None:
    """PAX-8.19: pay, place the cards (public reveal), Primus Conspiratus, income; then the turn ends."""
    staged = sort_cards(state["staged"])
    if staged:
        remove_from_hand(state, player, staged)
        state["areas"][player] = sort_cards(state["areas"][player] + staged)
        pay(state, player, play_cost(len(staged)), "pax.log.play", cards=",".join(staged))
        core.reveal(state)
        check_primus_conspiratus(state, player)
    gain(state, player, income(state["areas"][player], staged), "pax.log.income")
    end_turn(state)


# --------------------------------------------------------------------------- refusals


def why_illegal(state: dict, player: int, action: str):
    """A precise catalogue reason for common mistakes (None: no better reason than 'illegal')."""
    if state["phase"] == "over" or player != active(state) or action in legal_actions(state, player):
        return None
    verb, _, rest = action.partition(":")
    phase = state["phase"]
    hand = state["hands"][player]
    expected = {"draft": "keep", "solo_keep": "keep", "solo_bottom": "bottom", "turn": "normal|spy",
                "mode": "mode", "buy": "buy|pass"}
    if phase in expected and verb not in expected[phase].split("|"):
        return "pax.err.phase", {"step": f"@pax.phase.{phase}"}
    if phase == "mode" and rest in MODES:
        need = P["religion3_symbols"] if rest == "religion3" else P["religion2_symbols"]
        return "pax.err.mode", {"mode": f"@pax.mode.{rest}", "need": need, "have": religion(state, player)}
    if phase == "buy" and verb == "buy" and rest.isdigit():
        n = int(rest)
        if not 1 <= n <= len(state["legions"]):
            return "pax.err.no_legion", {"legion": n}
        pile = state["legions"][n - 1]
        if not pile:
            return "pax.err.empty_pile", {"legion": n}
        return "pax.err.price", {"legion": n, "price": price(state, player, pile), "money": state["money"][player]}
    if phase == "draw":
        return _why_draw(state, verb, action)
    if phase == "play":
        return _why_play(state, player, verb, rest, hand)
    if verb in ("keep", "bottom") and rest not in state["front"]:
        return "pax.err.not_drawn", {"card": rest}
    return None


def _why_draw(state: dict, verb: str, action: str):
    if verb not in DEST_TYPES:
        return "pax.err.phase", {"step": "@pax.phase.draw"}
    card = action.split(":")[-1]
    if card not in choosable_cards(state):
        return "pax.err.not_drawn", {"card": card}
    if verb in state["draw"]["used"]:
        return "pax.err.dest_used", {"dest": f"@pax.dest.{verb}"}
    if verb == "hand":
        return "pax.err.hand_not_now", {}
    if verb not in allowed_types(state):
        return "pax.err.dest_order", {"dest": f"@pax.dest.{verb}"}
    return "pax.err.no_legion", {"legion": action.split(":")[1]}


def _why_play(state: dict, player: int, verb: str, card: str, hand: list[str]):
    staged = state["staged"]
    if verb == "stage":
        if card not in hand:
            return "pax.err.not_in_hand", {"card": card}
        if card in staged:
            return "pax.err.already_staged", {"card": card}
        return "pax.err.play_cost", {"cost": play_cost(len(staged) + 1), "money": state["money"][player]}
    if verb == "unstage":
        return "pax.err.not_staged", {"card": card}
    if verb == "finish":
        cat, sym, limit = cap_problem(state["areas"][player], staged)
        return "pax.err.cap", {"category": f"@pax.category.{cat}", "symbols": sym, "cap": limit}
    return "pax.err.phase", {"step": "@pax.phase.play"}
