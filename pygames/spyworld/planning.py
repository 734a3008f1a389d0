"""The planning phase (SPY-4.2 to SPY-4.19, sections 5.A to 5.H), one hidden decision per player per turn.

A decision (SPY-4.6, section 8.B) is composed as atomic steps on a private draft of the player's sheet:
    first:   "take:S" (S = display slot 1-3) or "pass"                          SPY-8.6
    line:    "line:N" (fixture target line)                                    SPY-8.7
    cell:    "cell:RC"                                                         SPY-8.8
    segment: "wall:RC-RC"                                                      SPY-8.9
    gadget:  "gadget:N"                                                        SPY-8.10
    more:    "take:S" (a bonus action) or "done"                                SPY-8.11
    claim:   "claim:<mission>:cash" / "claim:<mission>:bonus" / "noclaim"       SPY-8.12
    submit:  "submit" or "restart"                                             SPY-8.13
Drafts are applied to the public sheets only when every player has submitted (SPY-4.14).
"""

from __future__ import annotations

from pygames import core

from . import exploration
from . import sheet as sh
from .data import (
    AGENTS,
    CARDS,
    INDEX,
    LINE_CELLS,
    LINE_CONTENTS,
    SHEET,
    back,
    card_key,
    lair_of,
    segments_of_line,
)

NO_HALL = frozenset(SHEET["no_hall"])  # SPY-5.6
STAGES = ("first", "line", "cell", "segment", "gadget", "more", "claim", "submit")


def display(state: dict) -> list[int]:
    """SPY-4.3: the three face-up display cards of this turn."""
    return state["shown"][-1]


def index(state: dict, slot: int) -> tuple[str, int]:
    """SPY-4.4/SPY-4.5: display card `slot`'s index is the back of the card now on top of its pile."""
    return back(state["piles"][slot - 1][-1])


def new_decision(state: dict, player: int) -> dict:
    """An empty pending decision whose draft sheet starts from the public sheet (SPY-4.15 recompose)."""
    return {"st": "first", "taken": [], "slot": None, "line": None, "steps": [], "claim": None, "sub": False,
            "sheet": sh.copy_sheet(state["sheets"][player])}


# --------------------------------------------------------------------------- what a card may do (SPY-4.13)


def shift_cost(steps: int) -> int:
    """SPY-2.20/SPY-5.2: 2 cash per row/column or gadget-number step."""
    return SHEET["shift_cost"] * steps


# index number -> every line or gadget number 1-5 with the cost of shifting to it
_SHIFTS = {n0: tuple((n, shift_cost(abs(n - n0))) for n in range(1, 6)) for n0 in range(1, 6)}


def cell_choices(sheet: dict, fixture: str, colour: str, number: int) -> list[str]:
    """SPY-5.1, SPY-5.4, SPY-5.5, SPY-5.6: empty buildable cells of the line; Shark pool and Robot never in the
    hall; walls do not matter."""
    grid = sheet["grid"]
    no_hall = fixture in NO_HALL
    return [x for x, i, hall in LINE_CELLS[(colour, number)] if not grid[i] and not (no_hall and hall)]


def _lines(lair: dict, sheet: dict, fixture: str, idx: tuple[str, int], budget: int, first: bool = False):
    """(line, cost) pairs as `line_choices` says: a line within the budget with an empty cell the fixture may
    take (`cell_choices` not empty); with `first`, at most the first one (a card needs only one)."""
    colour, n0 = idx
    grid = sheet["grid"]
    no_hall = fixture in NO_HALL
    out = []
    contents = LINE_CONTENTS[(colour, no_hall)]
    for n, cost in (_SHIFTS[n0] if lair["shift"] else (_SHIFTS[n0][n0 - 1],)):
        if cost <= budget and "" in contents[n](grid):
            out.append((n, cost))
            if first:
                break
    return out


def line_choices(lair: dict, sheet: dict, fixture: str, idx: tuple[str, int], budget: int) -> list[tuple[int, int]]:
    """SPY-5.2/SPY-5.3/SPY-8.7: (line, cost) pairs; the colour never changes, no wrap-around;
    SPY-5.30: the Super-yacht allows only the index line."""
    return _lines(lair, sheet, fixture, idx, budget)


def segment_choices(sheet: dict, idx: tuple[str, int]) -> list[str]:
    """SPY-5.10/SPY-5.11/SPY-5.12: a drawable, undrawn segment touching the index line; never shifted, free."""
    drawn = set(sheet["walls"])
    return [s for s in segments_of_line(*idx) if s not in drawn]


def gadget_choices(lair: dict, sheet: dict, idx: tuple[str, int], budget: int) -> list[tuple[int, int]]:
    """SPY-5.16 to SPY-5.18/SPY-8.10: (number, cost) pairs; colour ignored; never a gadget already owned;
    SPY-5.31: the Super-yacht allows only the index number."""
    n0 = idx[1]
    owned = sheet["gadgets"]
    return [(n, cost) for n, cost in (_SHIFTS[n0] if lair["gadget_shift"] else (_SHIFTS[n0][n0 - 1],))
            if n not in owned and cost <= budget]


def secret_gain(lair: dict, sheet: dict, fixture: str) -> int:
    """SPY-5.8/SPY-5.23: a secret's placement value from the lair table, cut by the 40 cap."""
    if sh.group(fixture) != "secret":
        return 0
    return sh.capped_gain(sheet, lair["secrets"][fixture][0])


def card_ok(lair: dict, sheet: dict, card_id: int, idx: tuple[str, int], extra: int) -> bool:
    """SPY-4.13: the card can be fully applied now, after paying `extra` (a bonus action's cost)."""
    budget = sheet["budget"] - extra
    if budget < 0:
        return False
    card = CARDS[card_id]
    kind = card["kind"]
    if kind == "training":
        return idx[1] <= budget  # SPY-5.13
    if kind == "wall":
        return bool(segment_choices(sheet, idx))
    if kind == "gadget":
        return bool(gadget_choices(lair, sheet, idx, budget))
    fixture = card["sub"]  # one line is enough: the first found ends the search
    return bool(_lines(lair, sheet, fixture, idx, budget + secret_gain(lair, sheet, fixture), first=True))


def bonus_allowed(dec: dict) -> bool:
    """SPY-4.10: at most 2 bonus actions per turn; at most 5 per game (the boxes)."""
    return len(dec["taken"]) - 1 < SHEET["bonus_per_turn"] and sh.bonus_cost(dec["sheet"]) is not None


def can_take(state: dict, dec: dict, slot: int) -> bool:
    """SPY-8.6/SPY-8.11: display slot `slot` may be taken now (SPY-4.9 bonus cost included, SPY-4.10 no repeat)."""
    if slot in dec["taken"]:
        return False
    sheet = dec["sheet"]
    if dec["taken"]:
        if not bonus_allowed(dec):
            return False
        extra = sh.bonus_cost(sheet)
    else:
        extra = 0
    return card_ok(lair_of(state), sheet, display(state)[slot - 1], index(state, slot), extra)


def takeable(state: dict, dec: dict) -> list[int]:
    """The display slots that may be taken now (`can_take`)."""
    return [s for s in (1, 2, 3) if can_take(state, dec, s)]


def claimable(state: dict, dec: dict) -> list[str]:
    """SPY-5.25/SPY-5.28/SPY-8.12: available missions met by the draft sheet after this decision's cards."""
    return [m for m, down in zip(state["missions"], state["down"], strict=True)
            if not down and sh.mission_met(m, dec["sheet"])]


# --------------------------------------------------------------------------- legal steps


TAKE = {s: f"take:{s}" for s in (1, 2, 3)}  # the step names, made once
_LINE = {n: f"line:{n}" for n in range(1, 6)}
_CELL = {x: f"cell:{x}" for x in INDEX}


def legal(state: dict, player: int) -> list[str]:
    dec = state["dec"][player]
    st = dec["st"]
    sheet = dec["sheet"]
    if st == "first":
        return [TAKE[s] for s in takeable(state, dec)] + ["pass"]  # SPY-4.8: pass always legal
    if st == "more":
        return [TAKE[s] for s in takeable(state, dec)] + ["done"]
    if st == "submit":
        return ["submit", "restart"]
    if st == "claim":
        return ["noclaim"] + [f"claim:{m}:{r}" for m in claimable(state, dec) for r in ("cash", "bonus")]
    slot = dec["slot"]
    idx = index(state, slot) if slot else None
    card = CARDS[display(state)[slot - 1]] if slot else None
    if st == "line":
        return [_LINE[n] for n, _ in line_choices(lair_of(state), sheet, card["sub"], idx, sheet["budget"])]
    if st == "cell":
        return [_CELL[x] for x in cell_choices(sheet, card["sub"], idx[0], dec["line"])]
    if st == "segment":
        return [f"wall:{s}" for s in segment_choices(sheet, idx)]
    if st == "gadget":
        return [f"gadget:{n}" for n, _ in gadget_choices(lair_of(state), sheet, idx, sheet["budget"])]
    raise ValueError(f"unknown planning stage {st!r}")


def why(state: dict, player: int, action: str):
    """A precise reason for common planning mistakes (catalogue key, args), or None."""
    dec = state["dec"][player]
    st = dec["st"]
    head, _, rest = action.partition(":")
    if dec["sub"]:
        return "spy.err.submitted", {}
    if head == "take":
        if st not in ("first", "more"):
            return "spy.err.finish_card", {}
        if not rest.isdigit() or int(rest) not in (1, 2, 3):
            return "spy.err.no_slot", {}
        if int(rest) in dec["taken"]:
            return "spy.err.taken_twice", {}
        if st == "more" and len(dec["taken"]) - 1 >= SHEET["bonus_per_turn"]:
            return "spy.err.bonus_turn", {"max": SHEET["bonus_per_turn"]}
        if st == "more" and sh.bonus_cost(dec["sheet"]) is None:
            return "spy.err.no_box", {}
        return "spy.err.cannot_apply", {"card": "@" + card_key(display(state)[int(rest) - 1])}
    if head == "pass" and st != "first":
        return "spy.err.pass_first", {}
    if head == "line" and st == "line":
        return "spy.err.line", {}
    if head == "cell" and st == "cell":
        return "spy.err.cell", {}
    if head == "wall" and st == "segment":
        return "spy.err.segment", {}
    if head == "gadget" and st == "gadget":
        if rest.isdigit() and int(rest) in dec["sheet"]["gadgets"]:
            return "spy.err.gadget_owned", {}
        return "spy.err.gadget_number", {}
    if head == "claim":
        if st != "claim":
            return "spy.err.claim_later", {}
        return "spy.err.claim", {}
    return None


# --------------------------------------------------------------------------- applying one step


def _after_card(state: dict, dec: dict) -> None:
    dec["st"] = "more"
    dec["slot"] = None
    dec["line"] = None


def _take(state: dict, dec: dict, slot: int) -> None:
    """SPY-4.9: a further card ticks the next bonus box and pays it before the card resolves (SPY-4.11)."""
    lair = lair_of(state)
    sheet = dec["sheet"]
    if dec["taken"]:
        sh.pay(sheet, sh.bonus_cost(sheet))
        sheet["boxes"] += 1
    dec["taken"].append(slot)
    dec["slot"] = slot
    card = CARDS[display(state)[slot - 1]]
    idx = index(state, slot)
    kind = card["kind"]
    if kind == "training":
        sh.pay(sheet, idx[1])  # SPY-5.13: cost = index number, colour ignored; SPY-5.15 never shifted
        sh.train(sheet, card["sub"], card["pts"])  # SPY-5.14
        _after_card(state, dec)
    elif kind == "wall":
        dec["st"] = "segment"
    elif kind == "gadget":
        dec["st"] = "gadget"
    else:
        if sh.group(card["sub"]) == "secret":
            sh.gain(sheet, lair["secrets"][card["sub"]][0])  # SPY-5.8/SPY-5.9: credited before the shift
        dec["st"] = "line"


def apply(state: dict, player: int, action: str) -> None:
    """One step of `player`'s pending decision (the steps most played come first)."""
    dec = state["dec"][player]
    sheet = dec["sheet"]
    head, _, rest = action.partition(":")
    if head != "restart":
        dec["steps"].append(action)
    if head == "take":
        _take(state, dec, int(rest))
    elif head == "submit":
        dec["sub"] = True
        core.reveal(state)  # SPY-4.15: a submitted decision is final
        core.log(state, "spy.log.submitted", player=player)
        if all(d["sub"] for d in state["dec"]):
            resolve(state)
    elif head == "noclaim":
        dec["st"] = "submit"
    elif head == "done":
        dec["st"] = "claim"
    elif head == "line":
        n = int(rest)
        sh.pay(sheet, shift_cost(abs(n - index(state, dec["slot"])[1])))
        dec["line"] = n
        dec["st"] = "cell"
    elif head == "cell":
        card = CARDS[display(state)[dec["slot"] - 1]]
        sheet["grid"][INDEX[rest]] = card["sub"]  # SPY-5.1, drawn for good (SPY-5.7)
        _after_card(state, dec)
    elif head == "pass":
        sh.gain(sheet, SHEET["pass_cash"])  # SPY-4.8/SPY-2.21, capped by SPY-5.23
        dec["st"] = "claim"
    elif head == "wall":
        sheet["walls"] = sorted(sheet["walls"] + [rest])  # SPY-5.10 to SPY-5.12, free
        _after_card(state, dec)
    elif head == "gadget":
        n = int(rest)
        sh.pay(sheet, shift_cost(abs(n - index(state, dec["slot"])[1])))  # SPY-5.17
        sheet["gadgets"] = sorted(sheet["gadgets"] + [n])
        _after_card(state, dec)
    elif head == "claim":
        mission, reward = rest.split(":")
        sh.claim(sheet, mission, reward)  # SPY-5.26
        dec["claim"] = [mission, reward]
        dec["st"] = "submit"
    elif head == "restart":
        state["dec"][player] = new_decision(state, player)  # SPY-4.15: clear and recompose


# --------------------------------------------------------------------------- resolution and turn flow


def log_decision(state: dict, player: int, dec: dict) -> None:
    """SPY-7.5: the resolution shows every player's decision in full."""
    cards = display(state)
    slot = None
    for action in dec["steps"]:
        head, _, rest = action.partition(":")
        if head == "pass":
            core.log(state, "spy.log.pass", player=player)
        elif head == "take":
            slot = int(rest)
            core.log(state, "spy.log.take", player=player, card="@" + card_key(cards[slot - 1]), slot=slot)
        elif head == "cell":
            core.log(state, "spy.log.place", player=player, card="@" + card_key(cards[slot - 1]), cell=rest)
        elif head == "wall":
            core.log(state, "spy.log.wall", player=player, segment=rest)
        elif head == "gadget":
            core.log(state, "spy.log.gadget", player=player, gadget=f"@spy.gadget.{rest}")
        elif head == "claim":
            mission, reward = rest.split(":")
            core.log(state, "spy.log.claim", player=player, mission=f"@spy.mission.{mission}",
                     reward=f"@spy.reward.{reward}")


def resolve(state: dict) -> None:
    """SPY-4.14: reveal all decisions together, apply each to its sheet, then turn claimed missions face down
    (SPY-5.27: every claimer of the same turn gets their reward)."""
    claimed = set()
    logged = core.logged(state)
    for p, dec in enumerate(state["dec"]):
        if logged:
            log_decision(state, p, dec)
        state["sheets"][p] = dec["sheet"]
        if dec["claim"]:
            claimed.add(dec["claim"][0])
    for i, m in enumerate(state["missions"]):
        if m in claimed:
            state["down"][i] = True
    state["dec"] = None
    end_of_turn(state)


def end_of_turn(state: dict) -> None:
    """SPY-4.17 to SPY-4.19: a full lair announces one final turn; planning ends after it or after turn 35."""
    if state["final"] or state["turn"] >= SHEET["max_turns"]:
        end_of_planning(state)
        return
    if any(sh.is_full(s) for s in state["sheets"]):
        state["final"] = True
        core.log(state, "spy.log.final_turn", turn=state["turn"] + 1)
    start_turn(state)


def start_turn(state: dict) -> None:
    """SPY-4.2/SPY-4.3: the next turn; each pile's top card covers its display slot."""
    state["turn"] += 1
    state["shown"].append([pile.pop() for pile in state["piles"]])
    core.reveal(state)
    state["dec"] = [new_decision(state, p) for p in range(state["players"])]
    if core.logged(state):
        core.log(state, "spy.log.turn", turn=state["turn"],
                 **{f"card{s}": "@" + card_key(c) for s, c in enumerate(display(state), start=1)})


def direction(state: dict) -> str:
    """SPY-4.20/SPY-4.22: majority colour of the 3 pile tops: red = left, blue = right; 2 players swap."""
    if state["players"] == 2:
        return "swap"
    reds = sum(1 for pile in state["piles"] if back(pile[-1])[0] == "R")
    return "left" if reds >= 2 else "right"


def explorers_lair(players: int, way: str) -> list[int]:
    """SPY-4.21: lairs go to the left neighbour (seat + 1) or the right one (seat - 1); result[e] = the owner of
    the lair that seat e explores."""
    if way in ("left", "swap"):
        return [(e - 1) % players for e in range(players)]
    return [(e + 1) % players for e in range(players)]


def end_of_planning(state: dict) -> None:
    """SPY-4.20 to SPY-4.24: lairs change hands, agents are revealed and their bonus added (cap 20)."""
    way = direction(state)
    state["direction"] = way
    state["explores"] = explorers_lair(state["players"], way)
    core.log(state, "spy.log.direction", way=f"@spy.way.{way}")
    cap = SHEET["track_cap"]
    for p, sheet in enumerate(state["sheets"]):
        agent = AGENTS[state["agent"][p]]
        sheet["tracks"] = [min(cap, t + b) for t, b in zip(sheet["tracks"], agent["bonus"], strict=True)]  # SPY-4.24
        core.log(state, "spy.log.agent", player=p, agent=f"@spy.agent.{agent['id']}")
        core.log(state, "spy.log.explores", player=p, owner_player=state["explores"][p])
    core.reveal(state)
    exploration.begin(state)
