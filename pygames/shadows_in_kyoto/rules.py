"""Turn structure (SIK-4.1 - 4.14), card play and resolution (SIK-4.23 - 4.41, section 5), end of game
(section 6), organised as a small machine.

``state["stack"]`` holds the frames in progress (a turn, a card being resolved, an own move being resolved);
``state["ask"]`` is the pending atomic decision ({"k": kind, "side": who answers, ...}) or None.
``advance`` runs automatic steps until a decision is needed or the game is over. Every frame and ask holds
public information only (secret choices are applied at once), so views can show them unredacted.
"""

from __future__ import annotations

from pygames import core

from . import board as B
from . import data as D
from .data import G, O
from .seats import seat, sort_hand

# --------------------------------------------------------------------------- small helpers


def ask(state: dict, kind: str, side: int, **extra) -> None:
    state["ask"] = {"k": kind, "side": side, **extra}


def distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards), key=D.card_order)


def win(state: dict, side: int, reason: str) -> None:
    """SIK-6.1: the game ends the instant a condition is met; the engine declares it itself."""
    state["win"] = [side, reason]
    state["phase"] = "over"
    state["ask"] = None
    core.reveal(state)
    core.log(state, "sik.log.win", player=seat(state, side), reason="@sik.reason." + reason)


def discard(state: dict, side: int, card: str) -> None:
    """SIK-4.7: a resolved card goes face up on top of its owner's discard pile (public)."""
    state["disc"][side].append(card)
    core.log(state, "sik.log.discarded", player=seat(state, side), card="@sik.card." + card)


def take_from_hand(state: dict, side: int, card: str) -> None:
    """Remove a card from hand; what the opponent knew of the hand (Ayane, Medicine) shrinks accordingly."""
    state["hand"][side].remove(card)
    known = state["kh"][side]
    if card in known:
        known.remove(card)


def add_to_hand(state: dict, side: int, card: str) -> None:
    state["hand"][side].append(card)
    sort_hand(state["hand"][side])


def eq_state(state: dict, side: int, name: str) -> str | None:
    return None if state["eq"] is None else state["eq"][side].get(name)


# --------------------------------------------------------------------------- playability (SIK-4.40)


def card_playable(state: dict, side: int, card: str) -> bool:
    """SIK-4.40: a card is playable when a complete legal resolution exists (Stun and bans applied)."""
    if B.moves_an_agent(card):
        return any(B.destinations(state, side, c, card) for c in B.agents_of(state, side))
    if card == "exchange":
        return any(B.exchange_partners(state, side, c) for c in B.agents_of(state, side))
    if card == "bait":  # SIK-5.18: a non-Joker Site card must be available to mark
        return any(c in D.SITE_TYPES for c in state["hand"][side])
    return False


def medicine_target(state: dict) -> str | None:
    """SIK-5.66: the cell of the agent the Medicine obliges Government to move this turn, if any."""
    ident = state["med_force"]
    return None if ident is None else B.cell_of(state, G, ident)


def playable_cards(state: dict, side: int) -> list[str]:
    """SIK-8.7: D-CARD options; with an obeyable Medicine only cards that move the target (SIK-5.66)."""
    cards = [c for c in distinct(state["hand"][side]) if card_playable(state, side, c)]
    target = medicine_target(state)
    if target is not None and side == G:
        cards = [c for c in cards if B.moves_an_agent(c) and B.destinations(state, side, target, c)]
    return cards


def agent_choices(state: dict, side: int, card: str) -> list[str]:
    """SIK-8.8 D-AGENT: own agents with at least one legal destination (only the Medicine target if any)."""
    target = medicine_target(state) if side == G else None
    cells = [target] if target is not None else B.agents_of(state, side)
    return [c for c in cells if B.destinations(state, side, c, card)]


# --------------------------------------------------------------------------- the turn (SIK-4.2)


def start_game(state: dict) -> None:
    """SIK-3.14 / 4.1: Oniwaban takes the first turn."""
    state["turn"] = 1
    state["active"] = D.FIRST_SIDE
    state["stack"] = [{"f": "turn", "st": "A"}]
    core.log(state, "sik.log.turn", player=seat(state, state["active"]), turn=1)
    advance(state)


def advance(state: dict) -> None:
    """Run automatic steps until someone must choose or the game is over."""
    while state["win"] is None and state["ask"] is None and state["stack"]:
        frame = state["stack"][-1]
        STEPS[frame["f"]](state, frame)


def turn_step(state: dict, frame: dict) -> None:
    """SIK-4.2 phases A-F of the active player's turn; Equipment (SIK-4.3) at B and again at P,
    between the resolved card play and the escape check."""
    side = state["active"]
    phase = frame["st"]
    if phase == "A":  # SIK-4.2 A: Stun / Medicine effects carry the number of the turn they apply to
        frame["st"] = "B"
    elif phase in ("B", "P"):  # SIK-4.3: Equipment before the play (B) and after it (P)
        if equipment_choices(state, side):
            ask(state, "equip", side, when="before" if phase == "B" else "after")
        else:
            frame["st"] = EQUIP_NEXT[phase]
    elif phase == "C":
        start_play(state, frame)
    elif phase == "D":  # SIK-6.4: escape check after every effect of the turn
        frame["st"] = "E"
        if B.true_agent_escaped(state, side):
            win(state, side, "escape")
    elif phase == "E":
        refill_step(state, frame, side)
    else:
        end_turn(state, frame)


def start_play(state: dict, frame: dict) -> None:
    """SIK-4.4 / 4.41 / 6.7: after phase B, a player without a playable card loses at once."""
    side = state["active"]
    apply_medicine(state, side)
    if not playable_cards(state, side):
        core.log(state, "sik.log.noplay", player=seat(state, side))
        win(state, B.enemy(side), "noplay")
        return
    frame["st"] = "P"
    ask(state, "card", side)


def apply_medicine(state: dict, side: int) -> None:
    """SIK-5.65 - 5.68 / 8.11: at the start of Government's phase C the Medicine obligation applies, or the
    hand is shown to Oniwaban when no playable card can move the target, or it lapses (target gone)."""
    med = state["med"]
    if not med or med[1] != state["turn"]:
        return
    state["med"] = None
    target = B.cell_of(state, side, med[0])
    if target is None:
        core.log(state, "sik.log.med_lapse", player=seat(state, side))
        return
    state["med_force"] = med[0]
    if playable_cards(state, side):
        core.log(state, "sik.log.med_forced", player=seat(state, side), cell=target)
        return
    state["med_force"] = None
    hand = list(state["hand"][side])
    state["kh"][side] = list(hand)
    core.reveal(state)
    core.log(state, "sik.log.med_cannot", player=seat(state, side))
    core.log(state, "sik.log.med_reveal", to=[seat(state, B.enemy(side))], player=seat(state, side),
             cards=["@sik.card." + c for c in hand])


def end_turn(state: dict, frame: dict) -> None:
    """SIK-4.2 F: effects of this turn end (SIK-5.68, 5.71); the other player becomes active (SIK-4.1)."""
    if state["stun"] and state["stun"][1] <= state["turn"]:
        state["stun"] = None
    state["med_force"] = None
    state["turn"] += 1
    state["active"] = B.enemy(state["active"])
    frame["st"] = "A"
    core.log(state, "sik.log.turn", player=seat(state, state["active"]), turn=state["turn"])


# --------------------------------------------------------------------------- phase B: Equipment (SIK-5.53 - 5.71)


EQUIP_NEXT = {"B": "C", "P": "D"}  # after "no (more) Equipment": the card play, or the escape check


def end_equipment(frame: dict) -> None:
    """SIK-4.3: the player declines further Equipment at this point of the turn."""
    frame["st"] = EQUIP_NEXT[frame["st"]]


def equipment_choices(state: dict, side: int) -> list[str]:
    """SIK-4.3 / 8.6: own face-up unused "during your turn" cards that have something to act on.
    Asked before the card play and again once it is fully resolved, as often as a card is left: each card is
    still used once per game (SIK-5.56). Every condition here is public (states, discard size, the grid)."""
    if state["eq"] is None:
        return []
    out = []
    for name, st in state["eq"][side].items():
        if st != "up" or D.EQUIPMENT[name]["timing"] != "turn":
            continue
        if name == "typewriter" and not state["disc"][side]:  # SIK-5.59
            continue
        if name != "typewriter" and not B.agents_of(state, B.enemy(side)):
            continue
        out.append(name)
    return out


def use_equipment(state: dict, side: int, name: str, target: str) -> None:
    """SIK-5.56: one use per game, then the card leaves the game. Effects: SIK-5.59, 5.65, 5.69, 5.70."""
    state["eq"][side][name] = "used"
    who = seat(state, side)
    if name == "typewriter":  # SIK-5.59 / 7.13: the opponent only learns Site or Tactic
        pile = state["disc"][side]
        index = len(pile) - 1 - pile[::-1].index(target)
        pile.pop(index)
        add_to_hand(state, side, target)
        core.log(state, "sik.log.typewriter", player=who, kind="@sik.kind." + D.kind(target))
        core.log(state, "sik.log.typewriter_card", to=[who], card="@sik.card." + target)
        return
    occ = state["board"][target]
    if name == "eavesdrop":  # SIK-5.69: the identity becomes public
        occ[2] = 1
        core.reveal(state)
        core.log(state, "sik.log.eavesdrop", player=who, cell=target, identity=occ[1])
    elif name == "medicine":  # SIK-5.65: applies to the opponent's next turn
        state["med"] = [occ[1], state["turn"] + 1]
        core.log(state, "sik.log.medicine", player=who, cell=target)
    elif name == "stun":  # SIK-5.70: applies to the opponent's next turn
        state["stun"] = [occ[1], state["turn"] + 1]
        core.log(state, "sik.log.stun", player=who, cell=target)


# --------------------------------------------------------------------------- phase C: the card (SIK-4.5 - 4.8)


def play_card(state: dict, side: int, card: str, main: bool, agent: str | None = None) -> None:
    """SIK-4.5 / 4.8: the played card leaves the hand face up and is resolved by a card frame."""
    take_from_hand(state, side, card)
    core.log(state, "sik.log.play" if main else "sik.log.play_fan", player=seat(state, side),
             card="@sik.card." + card)
    if B.moves_an_agent(card):
        first = "agent" if agent is None else "dest"
    elif card == "exchange":  # a Fan's Exchange includes the winning agent (SIK-5.73)
        first = "ex1" if agent is None else "ex2"
    else:
        first = "mark"
    state["stack"].append({"f": "card", "card": card, "main": main, "st": first, "agent": agent})


def card_step(state: dict, frame: dict) -> None:
    side = state["active"]
    st = frame["st"]
    if st == "agent":
        ask(state, "agent", side, card=frame["card"])
    elif st == "dest":
        ask(state, "dest", side, card=frame["card"], cell=frame["agent"])
    elif st == "after":  # SIK-5.10 / 5.13: Charge's push follows the first part, whatever its outcome
        frame["st"] = "push" if frame["card"] == "charge" else "end"
    elif st == "push":  # SIK-5.12: mandatory when possible, otherwise skipped
        frame["st"] = "end"
        if push_choices(state, side):
            ask(state, "push", side)
    elif st == "ex1":
        ask(state, "ex1", side)
    elif st == "ex2":
        ask(state, "ex2", side, cell=frame["agent"])
    elif st == "mark":
        ask(state, "mark", side, n=1)
    else:
        finish_card(state, frame, side)


def finish_card(state: dict, frame: dict, side: int) -> None:
    """SIK-4.7 / 5.42: discard the resolved card, unless Ayane may keep a non-Joker Site card played in
    phase C (never the Fan's extra card, SIK-5.43). A Bait card stays in play (SIK-5.2)."""
    card = frame["card"]
    if card == "bait":
        state["stack"].pop()
        return
    if frame["main"] and card in D.SITE_TYPES and B.has_charisma(state, side, "ayane"):
        frame["st"] = "ayane"
        ask(state, "ayane", side, card=card)
        return
    discard(state, side, card)
    state["stack"].pop()


def push_choices(state: dict, side: int) -> list[str]:
    """SIK-5.10 / 5.11: enemy agents that have a legal Charge push destination."""
    return [c for c in B.agents_of(state, B.enemy(side)) if B.charge_push_destinations(state, side, c)]


def begin_move(state: dict, frame: dict, side: int, dest: str) -> None:
    """SIK-4.29: an own move from `s` to `t` is resolved by a move frame; the card continues afterwards."""
    frame["st"] = "after"
    start = frame["agent"]
    state["stack"].append({"f": "move", "side": side, "s": start, "t": dest, "at": start, "st": "start",
                           "won": False, "victim": None, "next": None})


# --------------------------------------------------------------------------- move resolution (SIK-4.29)


def move_step(state: dict, frame: dict) -> None:
    st = frame["st"]
    side, start, target = frame["side"], frame["s"], frame["t"]
    board = state["board"]
    if st == "start":
        defender = board.get(target)
        if defender is None:
            board[target] = board.pop(start)
            frame["at"] = target
            frame["st"] = "bait"
            core.log(state, "sik.log.move", player=seat(state, side), frm=start, dst=target)
            return
        core.log(state, "sik.log.attack", player=seat(state, side), frm=start, dst=target)
        frame["st"] = "conflict"
        if eq_state(state, defender[0], "pistol") == "up":  # SIK-4.31 / 5.60: before anything is revealed
            ask(state, "pistol", defender[0], frm=start, dst=target)
    elif st == "conflict":
        resolve_conflict(state, frame)
    elif st == "flip":  # SIK-4.29 step 3 / SIK-5.54
        frame["st"] = frame["next"]
        victim = frame["victim"]
        frame["victim"] = None
        if victim is not None and "down" in state["eq"][victim].values():
            ask(state, "flip", victim)
    elif st == "bait":
        frame["st"] = "fan"
        bait_window(state, frame)
    elif st == "fan":
        frame["st"] = "done"
        if fan_window_open(state, frame):
            ask(state, "fan", G, cell=frame["at"])
    else:
        state["stack"].pop()


def resolve_conflict(state: dict, frame: dict) -> None:
    """SIK-4.30 - 4.38: Iroha reveals the attacker, the defender is revealed, the table decides; the winner
    captures the defender or the attacker retreats to its starting cell (it never left it here)."""
    board = state["board"]
    side, start, target = frame["side"], frame["s"], frame["t"]
    attacker, defender = board[start], board[target]
    if B.has_charisma(state, defender[0], "iroha"):  # SIK-4.32 / 5.47
        attacker[2] = 1
    defender[2] = 1  # SIK-4.33
    core.reveal(state)
    shown = attacker[1] if attacker[2] else "@sik.hidden"  # SIK-4.34 / 7.5
    if D.attacker_wins(attacker[1], defender[1]):
        core.log(state, "sik.log.conflict_won", player=seat(state, side), frm=start, dst=target,
                 defender=defender[1], attacker=shown)
        ident = capture(state, target, side)
        board[target] = board.pop(start)
        frame["at"] = target
        frame["won"] = True
        check_capture_victory(state, side)
        note_flip(state, frame, B.enemy(side), ident)
        frame["st"] = "flip"
        frame["next"] = "bait"
    else:  # SIK-4.37: the attacker stays on (returns to) its starting cell
        core.log(state, "sik.log.conflict_lost", player=seat(state, side), frm=start, dst=target,
                 defender=defender[1], attacker=shown)
        frame["st"] = "done"


def capture(state: dict, cell: str, captor: int) -> str:
    """SIK-4.36 / 5.62: the agent leaves the grid into the captor's prison, public for ever (SIK-7.4)."""
    victim, ident, _rev = state["board"].pop(cell)
    state["prison"][captor].append(ident)
    core.log(state, "sik.log.capture", player=seat(state, captor), identity=ident, cell=cell)
    return ident


def note_flip(state: dict, frame: dict, victim: int, ident: str) -> None:
    """SIK-5.54: the capture of a ★ agent lets its owner flip one face-down Equipment card."""
    if state["eq"] is not None and D.has_star(ident):
        frame["victim"] = victim


def check_capture_victory(state: dict, captor: int) -> None:
    """SIK-6.2 / 6.3 / 6.5 / 6.6, checked right after every capture."""
    victim = B.enemy(captor)
    prison = state["prison"][captor]
    trues = sum(D.is_true(i) for i in prison)
    if trues >= D.TRUE_TO_CAPTURE:
        win(state, captor, "secrets")
    elif len(prison) - trues >= D.FALSE_TO_LOSE:
        if B.true_agent_escaped(state, captor):  # SIK-6.6 special case 1: condition 3 beats condition 2
            win(state, captor, "escape_over_decoys")
        else:
            win(state, victim, "decoys")


def pistol_guess(state: dict, frame: dict, guess: str) -> None:
    """SIK-5.61 - 5.64: the attacker is revealed; a right guess captures it into the Oniwaban prison and ends
    the conflict with the defender still hidden; a wrong guess lets the conflict go on."""
    attacker = state["board"][frame["s"]]
    attacker[2] = 1
    state["eq"][O]["pistol"] = "used"
    core.reveal(state)
    right = attacker[1] == guess
    core.log(state, "sik.log.pistol", player=seat(state, O), guess=guess, identity=attacker[1],
             result="@sik.pistol." + ("right" if right else "wrong"))
    if not right:
        frame["st"] = "conflict"
        return
    ident = capture(state, frame["s"], O)
    frame["at"] = None
    check_capture_victory(state, O)
    note_flip(state, frame, G, ident)
    frame["st"] = "flip"
    frame["next"] = "done"


# --------------------------------------------------------------------------- Bait (SIK-5.18 - 5.30)


def bait_window(state: dict, frame: dict) -> None:
    """SIK-5.20 / 5.22 / 5.29: after an enemy own move that leaves the agent on a coloured cell, the Bait owner
    is asked whenever a marked card is in play, even when none matches (the prompt leaks nothing)."""
    target = frame["t"]
    owner = B.enemy(frame["side"])
    if frame["at"] == target and D.is_coloured(target) and state["bait"][owner]:
        ask(state, "bait", owner, cell=target)


def bait_choices(state: dict, owner: int, cell: str) -> list[str]:
    """SIK-5.20 / 5.26 / 5.28: one matching marked card per trigger, only when a legal final cell exists."""
    if not B.bait_push_destinations(state, owner, cell):
        return []
    kind = D.cell_type(cell)
    return [f"bait:{b}:{kind}" for b, marks in enumerate(state["bait"][owner]) if kind in marks]


def use_bait(state: dict, owner: int, index: int, card: str) -> None:
    """SIK-5.23 / 5.27: the marked card is revealed and discarded; an empty Bait card is discarded too."""
    marks = state["bait"][owner][index]
    marks.remove(card)
    core.reveal(state)
    core.log(state, "sik.log.bait_used", player=seat(state, owner), card="@sik.card." + card)
    discard(state, owner, card)
    if not marks:
        state["bait"][owner].pop(index)
        discard(state, owner, "bait")


# --------------------------------------------------------------------------- Bulletproof Fan (SIK-5.72 - 5.76)


def fan_window_open(state: dict, frame: dict) -> bool:
    """SIK-4.29 step 5 / SIK-5.72: the Fan window opens on public facts only: a Government agent has just won
    a conflict as attacker, is still on the grid, and the Fan is face up and unused. Whether Government holds
    a card that can move it does not matter (then only "no" is offered), so the window leaks nothing."""
    at = frame["at"]
    return (frame["side"] == G and frame["won"] and at is not None and at in state["board"]
            and eq_state(state, G, "fan") == "up")


def fan_cards(state: dict, cell: str) -> list[str]:
    """SIK-5.73 / 5.75: the cards of Government's hand that can move the winning agent on `cell`
    again: any Site card or Tactic card that moves it (Defend, Tunnel, Charge, and Exchange when that agent
    can be one of the two exchanged agents); never Bait, which moves nothing."""
    out = []
    for card in distinct(state["hand"][G]):
        if B.moves_an_agent(card):
            if B.destinations(state, G, cell, card):
                out.append(card)
        elif card == "exchange" and B.exchange_partners(state, G, cell):
            out.append(card)
    return out


# --------------------------------------------------------------------------- phase E: refill (SIK-4.9 - 4.13)


def refill_step(state: dict, frame: dict, side: int) -> None:
    """SIK-4.9 - 4.13 / 8.12: draw one card at a time up to 6, deck chosen each time; with Tomoyo draw 2 keep 1
    (SIK-5.32 / 5.33). A forced deck choice is applied automatically."""
    deck = state["deck"][side]
    pending = state["tomoyo"]
    avail = [k for k in ("site", "tactic") if deck[k]]
    if not pending and (not cards_to_draw(state, side) or not avail):
        frame["st"] = "F"
        return
    if B.has_charisma(state, side, "tomoyo"):
        if len(pending) == 2:
            ask(state, "keep", side)
        elif pending and not avail:  # SIK-5.33: only one card could be drawn, it is kept
            keep_card(state, side, 0)
        elif len(avail) == 1:
            tomoyo_draw(state, side, avail[0])
        else:
            ask(state, "draw", side)
        return
    if len(avail) == 1:
        draw(state, side, avail[0])
    else:
        ask(state, "draw", side)


def cards_to_draw(state: dict, side: int) -> int:
    """SIK-4.9: the cards still to draw to refill the hand up to its size (public: hand sizes are, SIK-7.7)."""
    return max(0, D.HAND_SIZE - len(state["hand"][side]))


def pop_top(state: dict, side: int, kind: str) -> str:
    deck = state["deck"][side][kind]
    card = deck.pop()
    bottom = state["bottom"][side]
    bottom[kind] = min(bottom[kind], len(deck))
    core.reveal(state)
    core.log(state, "sik.log.draw", player=seat(state, side), deck="@sik.kind." + kind)
    core.log(state, "sik.log.drew", to=[seat(state, side)], card="@sik.card." + card)
    return card


def draw(state: dict, side: int, kind: str) -> None:
    add_to_hand(state, side, pop_top(state, side, kind))


def tomoyo_draw(state: dict, side: int, kind: str) -> None:
    state["tomoyo"].append([kind, pop_top(state, side, kind)])


def keep_card(state: dict, side: int, index: int) -> None:
    """SIK-5.32 / 5.34: keep one drawn card; the other goes to the bottom of the deck it came from."""
    pending = state["tomoyo"]
    kept = pending[index][1]
    add_to_hand(state, side, kept)
    core.log(state, "sik.log.tomoyo_kept", to=[seat(state, side)], card="@sik.card." + kept)
    if len(pending) == 2:
        kind, card = pending[1 - index]
        state["deck"][side][kind].insert(0, card)
        state["bottom"][side][kind] += 1
        core.log(state, "sik.log.tomoyo_bottom", player=seat(state, side), deck="@sik.kind." + kind)
    state["tomoyo"] = []


STEPS = {"turn": turn_step, "card": card_step, "move": move_step}
