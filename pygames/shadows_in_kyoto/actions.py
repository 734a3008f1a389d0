"""The atomic decisions of section 8 (SIK-8.3 - 8.12): for each pending ask, its exact list of action
strings and how each one is applied. Action strings are `verb:argument` with no spaces."""

from __future__ import annotations

from pygames import core

from . import board as B
from . import data as D
from . import rules as R
from . import setup as S
from .data import G, O
from .seats import seat


def options(state: dict) -> list[str]:
    """Every legal action of the pending decision (empty when the game is over)."""
    a = state["ask"]
    if a is None or state["win"] is not None:
        return []
    k, side = a["k"], a["side"]
    hand = state["hand"][side]
    if k == "place":  # SIK-8.3, plus a shortcut that places every remaining agent at random
        return ["place:" + i for i in S.unplaced(state, side)] + ["place:random"]
    if k == "charisma":  # SIK-8.4
        return ["charisma:" + c for c in S.charisma_choices(state, side)]
    if k == "ruri":  # SIK-8.5
        return ["ruri:" + t for t in S.ruri_choices(state, side)]
    if k == "equip":  # SIK-8.6
        return ["equip:none"] + ["equip:" + e for e in R.equipment_choices(state, side)]
    if k == "equip_target":
        if a["eq"] == "typewriter":
            return ["take:" + c for c in R.distinct(state["disc"][side])]
        return ["target:" + c for c in B.agents_of(state, B.enemy(side))]
    if k == "card":  # SIK-8.7
        return ["play:" + c for c in R.playable_cards(state, side)]
    if k == "agent":  # SIK-8.8
        return ["agent:" + c for c in R.agent_choices(state, side, a["card"])]
    if k == "dest":
        return ["dest:" + c for c in B.destinations(state, side, a["cell"], a["card"])]
    if k == "push":
        return ["push:" + c for c in R.push_choices(state, side)]
    if k == "pushto":
        return ["pushto:" + c for c in B.charge_push_destinations(state, side, a["cell"])]
    if k == "ex1":
        return ["ex1:" + c for c in B.agents_of(state, side) if B.exchange_partners(state, side, c)]
    if k == "ex2":
        return ["ex2:" + c for c in B.exchange_partners(state, side, a["cell"])]
    if k == "swap":
        return ["swap:yes", "swap:no"]
    if k == "mark":  # SIK-5.18 / 5.19 / 5.35
        marks = ["mark:" + c for c in R.distinct(hand) if c in D.SITE_TYPES]
        return marks + (["mark:none"] if a["n"] == 2 else [])
    if k == "pistol":  # SIK-8.9
        return ["pistol:use", "pistol:no"]
    if k == "guess":
        return ["guess:" + i for i in D.IDENTITY_ORDER]
    if k == "flip":
        return ["flip:" + e for e, st in state["eq"][side].items() if st == "down"] + ["flip:none"]
    if k == "bait":
        return R.bait_choices(state, side, a["cell"]) + ["bait:no"]
    if k == "baitto":
        return ["baitto:" + c for c in B.bait_push_destinations(state, side, a["cell"])]
    if k == "fan":  # SIK-4.29 step 5: "use" only when a card can move the agent; "no" always
        return (["fan:use"] if R.fan_cards(state, a["cell"]) else []) + ["fan:no"]
    if k == "fancard":
        return ["fancard:" + c for c in R.fan_cards(state, a["cell"])]
    if k == "ayane":  # SIK-8.10
        return ["ayane:keep", "ayane:discard"]
    if k == "draw":  # SIK-8.12
        return ["draw:" + d for d in ("site", "tactic") if state["deck"][side][d]]
    if k == "keep":
        return ["keep:0", "keep:1"]
    raise AssertionError(f"unknown ask {k!r}")


def apply(state: dict, action: str) -> None:
    """Apply a legal action of the pending decision, then run the automatic steps that follow."""
    a = state["ask"]
    side = a["side"]
    verb, _, arg = action.partition(":")
    state["ask"] = None
    top = state["stack"][-1] if state["stack"] else None
    if verb == "place":
        if arg == "random":
            S.place_random(state, side)
        else:
            S.place(state, side, arg)
        return R.advance(state) if state["phase"] == "play" else None
    if verb == "charisma":
        S.pick_charisma(state, side, arg)
        return R.advance(state) if state["phase"] == "play" else None
    if verb == "ruri":
        S.put_on_ruri(state, side, arg)
        return R.advance(state)
    if verb == "equip":
        if arg == "none":
            R.end_equipment(top)
        else:
            core.log(state, "sik.log.equip", player=seat(state, side), card="@sik.eq." + arg)
            R.ask(state, "equip_target", side, eq=arg)
    elif verb in ("take", "target"):
        R.use_equipment(state, side, a["eq"], arg)
    elif verb == "play":
        R.play_card(state, side, arg, main=True)
    elif verb == "agent":
        top["agent"] = arg
        top["st"] = "dest"
    elif verb == "dest":
        R.begin_move(state, top, side, arg)
    elif verb == "push":
        R.ask(state, "pushto", side, cell=arg)
    elif verb == "pushto":  # SIK-5.10 / 5.11: a displacement, no conflict and no Bait
        state["board"][arg] = state["board"].pop(a["cell"])
        core.log(state, "sik.log.push", player=seat(state, side), frm=a["cell"], dst=arg)
    elif verb == "ex1":
        R.ask(state, "ex2", side, cell=arg)
    elif verb == "ex2":
        R.ask(state, "swap", side, a=a["cell"], b=arg)
    elif verb == "swap":
        exchange(state, side, a["a"], a["b"], arg == "yes")
        top["st"] = "end"
    elif verb == "mark":
        mark(state, side, top, arg, a["n"])
    elif verb == "pistol":
        if arg == "use":
            R.ask(state, "guess", O)
    elif verb == "guess":
        R.pistol_guess(state, top, arg)
    elif verb == "flip":  # SIK-5.54 / 5.58: the flip is public
        if arg != "none":
            state["eq"][side][arg] = "up"
            core.log(state, "sik.log.flip", player=seat(state, side), card="@sik.eq." + arg)
    elif verb == "bait":
        if arg == "no":
            core.log(state, "sik.log.bait_pass", player=seat(state, side))
        else:
            index, _, card = arg.partition(":")
            R.use_bait(state, side, int(index), card)
            R.ask(state, "baitto", side, cell=a["cell"])
    elif verb == "baitto":  # SIK-5.23 / 5.24: a displacement
        state["board"][arg] = state["board"].pop(a["cell"])
        top["at"] = arg
        core.log(state, "sik.log.bait_push", player=seat(state, side), frm=a["cell"], dst=arg)
    elif verb == "fan":
        if arg == "use":  # SIK-5.56: used once
            state["eq"][G]["fan"] = "used"
            core.log(state, "sik.log.fan", player=seat(state, G))
            R.ask(state, "fancard", G, cell=a["cell"])
    elif verb == "fancard":
        R.play_card(state, G, arg, main=False, agent=a["cell"])
    elif verb == "ayane":
        card = top["card"]
        if arg == "keep":  # SIK-5.42 / 7.8: the kept card is known to be in hand
            R.add_to_hand(state, side, card)
            state["kh"][side].append(card)
            core.log(state, "sik.log.ayane_keep", player=seat(state, side), card="@sik.card." + card)
        else:
            R.discard(state, side, card)
        state["stack"].pop()
    elif verb == "draw":
        if B.has_charisma(state, side, "tomoyo"):
            R.tomoyo_draw(state, side, arg)
        else:
            R.draw(state, side, arg)
    elif verb == "keep":
        R.keep_card(state, side, int(arg))
    R.advance(state)


def exchange(state: dict, side: int, a: str, b: str, swap: bool) -> None:
    """SIK-5.14 - 5.17 / 7.6: both chosen agents become hidden; only the owner learns whether they swapped."""
    board = state["board"]
    if swap:
        board[a], board[b] = board[b], board[a]
    board[a][2] = 0
    board[b][2] = 0
    core.reveal(state)
    core.log(state, "sik.log.exchange", player=seat(state, side), a=a, b=b)
    core.log(state, "sik.log.swap", to=[seat(state, side)], result="@sik.swap." + ("yes" if swap else "no"))


def mark(state: dict, side: int, frame: dict, card: str, n: int) -> None:
    """SIK-5.18 / 5.19 / 5.35: mark a non-Joker Site card face down under the Bait (type hidden, SIK-7.11).
    What the opponent knew of the hand is forgotten, so the marks' types cannot be inferred from it. With Anju
    the second mark is asked every time, offering only "no second mark" when no other non-Joker Site card is
    in hand: whether it is asked must not tell the opponent anything about the hand."""
    if card == "none":
        state["stack"].pop()
        return
    state["hand"][side].remove(card)
    state["kh"][side] = []
    if n == 1:
        state["bait"][side].append([card])
        frame["placed"] = True  # the Bait card is now in play in front of its owner (SIK-5.18)
    else:
        state["bait"][side][-1].append(card)
    core.log(state, "sik.log.marked", player=seat(state, side))
    core.log(state, "sik.log.mark", to=[seat(state, side)], card="@sik.card." + card)
    if n == 1 and B.has_charisma(state, side, "anju"):  # SIK-5.19 / 5.35: always asked, so it leaks nothing
        R.ask(state, "mark", side, n=2)
        return
    state["stack"].pop()
