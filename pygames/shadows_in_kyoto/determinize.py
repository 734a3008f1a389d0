"""Information-set sampling: a full state consistent with what one seat has seen (its view and its log).

Hidden parts are sampled uniformly among the possibilities consistent with the view: enemy identities not
revealed (with the SIK-7.15 deduction on the viewer's own turn: an enemy agent standing on the viewer's
territory is false), the enemy hand (Site/Tactic split public, SIK-7.7; cards known through Ayane or the
Medicine reveal kept), deck orders (the viewer's own Tomoyo returns stay at the bottom), unrevealed marked
cards (non-Joker Site cards), and, after an enemy Typewriter,
which card of the known discard it took (the discard contents are rebuilt from the public log).
Deductions from conflict outcomes are not tracked (SIK-7.15: the engine does not track deductions).
"""

from __future__ import annotations

from pygames import core

from . import data as D
from .seats import new_deck, sort_hand


def _strip(key: str) -> str:
    return key.rsplit(".", 1)[-1]


def _fits(cards: list[str], supply: list[str]) -> bool:
    """Can these cards all come out of `supply` (a multiset)?"""
    rest = list(supply)
    for c in cards:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def _enemy_discard(view: dict, foe_seat: int, size: int, top, rng, fits=lambda cards: True) -> list[str]:
    """The enemy discard pile rebuilt from public log events; a Typewriter removal is sampled."""
    entered, removal = [], None
    for key, args in view["log"]:
        if args.get("player") != foe_seat:
            continue
        if key == "sik.log.discarded":
            entered.append(_strip(args["card"]))
        elif key == "sik.log.typewriter":
            removal = (len(entered), _strip(args["kind"]))
    if removal is None:
        return entered
    limit, kind = removal
    options = []
    for i in range(limit):
        if D.kind(entered[i]) == kind:
            rest = entered[:i] + entered[i + 1:]
            if len(rest) == size and (rest[-1] if rest else None) == top and fits(rest):
                options.append(rest)
    return rng.choice(options)


def _sample_identities(g: dict, me: int, rng) -> dict:
    """Enemy identities for the hidden enemy cells (uniform; false ones first where SIK-7.15 forces it)."""
    foe = 1 - me
    board = {}
    seen = set(g["prison"][me])
    hidden = []
    for cell, side, ident, rev in g["board"]:
        if ident is None:
            hidden.append(cell)
        else:
            board[cell] = [side, ident, rev]
            if side == foe:
                seen.add(ident)
    pool = [i for i in D.IDENTITY_ORDER if i not in seen]
    forced = set()
    if g["phase"] == "play" and g["active"] == me:
        forced = {c for c in hidden if D.territory_owner(c) == me}
    falses = [i for i in pool if not D.is_true(i)]
    for cell in sorted(forced):
        ident = falses.pop(rng.below(len(falses)))
        pool.remove(ident)
        board[cell] = [foe, ident, 0]
    for cell in hidden:
        if cell not in forced:
            board[cell] = [foe, pool.pop(rng.below(len(pool))), 0]
    return board


def _composition(kind: str, ruri: str | None) -> list[str]:
    cards = new_deck(D.SITE_DECK if kind == "site" else D.TACTIC_DECK)
    if ruri is not None and kind == "site":  # SIK-3.10: the card on Ruri left the deck for the game
        cards.remove(ruri)
    return cards


def _minus(cards: list[str], used: list[str]) -> list[str]:
    rest = list(cards)
    for c in used:
        rest.remove(c)
    return rest


def determinize(view: dict, player: int, rng) -> dict:
    g = view["state"]
    me = g["me"]
    foe = 1 - me
    o_seat = g["seats"][0]
    cha = list(g["charisma"])  # SIK-3.9: the picks are public
    ruri_of = [g["ruri"] if cha[s] == "ruri" else None for s in (0, 1)]
    played = [[f["card"] for f in g["stack"] if f["f"] == "card" and not f.get("placed") and g["active"] == s]
              for s in (0, 1)]
    hand = [None, None]
    deck = [None, None]
    disc = [None, None]
    bait = [None, None]
    tomoyo = [list(p) for p in g["tomoyo"]]
    # --- the viewer's own cards: everything but the deck order is in the view
    hand[me] = list(g["hand"][me])
    disc[me] = list(g["discard"][me])
    bait[me] = [list(m) for m in g["bait"][me]]
    mine = {"site": [], "tactic": []}
    own_tomoyo = [p[1] for p in tomoyo] if g["active"] == me else []
    visible = hand[me] + disc[me] + [c for m in bait[me] for c in m] + ["bait"] * len(bait[me]) + played[me]
    visible += own_tomoyo
    for kind in ("site", "tactic"):
        rest = _minus(_composition(kind, ruri_of[me]), [c for c in visible if D.kind(c) == kind])
        bottom = list(g["bottom_cards"][me][kind])
        rest = _minus(rest, bottom)
        rng.shuffle(rest)
        mine[kind] = bottom + rest
    deck[me] = mine
    # --- the enemy's cards
    known = list(g["known_hand"][foe])
    located = known + ["bait"] * len(g["bait_marks"][foe]) + played[foe]
    supply = _composition("site", ruri_of[foe]) + _composition("tactic", None)
    disc[foe] = _enemy_discard(view, g["seats"][foe], g["discard_size"][foe], g["discard_top"][foe], rng,
                               lambda cards: _fits(cards + located, supply))
    public = disc[foe] + located
    foe_tomoyo = [i for i, p in enumerate(tomoyo) if p[1] is None]
    counts = g["hand_count"][foe]
    sampled_hand = list(known)
    foe_deck = {}
    marks_needed = sum(g["bait_marks"][foe])
    marks = []
    for kind in ("site", "tactic"):
        pool = _minus(_composition(kind, ruri_of[foe]), [c for c in public if D.kind(c) == kind])
        if kind == "site":  # SIK-5.18: marked cards are non-Joker Site cards
            for _ in range(marks_needed):
                choices = [i for i, c in enumerate(pool) if c in D.SITE_TYPES]
                marks.append(pool.pop(rng.choice(choices)))
        rng.shuffle(pool)
        for i in foe_tomoyo:
            if tomoyo[i][0] == kind:
                tomoyo[i] = [kind, pool.pop()]
        n_hand = counts[kind] - sum(D.kind(c) == kind for c in known)
        sampled_hand += [pool.pop() for _ in range(n_hand)]
        if len(pool) != g["deck"][foe][kind]:
            raise AssertionError(f"determinize: {kind} pool {len(pool)} != deck {g['deck'][foe][kind]}")
        foe_deck[kind] = pool
    sort_hand(sampled_hand)
    hand[foe] = sampled_hand
    deck[foe] = foe_deck
    bait[foe] = []
    for n in g["bait_marks"][foe]:
        bait[foe].append(marks[:n])
        marks = marks[n:]
    board = _sample_identities(g, me, rng)

    def target(t):
        if t is None:
            return None
        cell, ident, turn = t
        return [board[cell][1] if cell is not None else ident, turn]

    med_now = target(g["medicine_now"])
    return {
        "game": "sik", "format": D.FORMAT, "players": view["players"], "seed": 0,
        "options": dict(view["options"]), "rng": rng.next64(),
        "log": [[k, a, [player]] for k, a in view["log"]], "history": [], "undo_floor": 0, "barrier": False,
        "o": o_seat, "phase": g["phase"], "turn": g["turn"], "active": g["active"], "board": board,
        "prison": [list(p) for p in g["prison"]], "hand": hand, "deck": deck,
        "bottom": [dict(b) for b in g["bottom"]], "disc": disc, "bait": bait, "cha": cha,
        "ruri": g["ruri"], "ruri_passed": g["ruri_passed"],
        "eq": [dict(e) for e in g["equipment"]] if g["equipment"] is not None else None,
        "stun": target(g["stun"]), "med": target(g["medicine"]), "med_force": med_now[0] if med_now else None,
        "stack": core.clone(g["stack"]), "ask": core.clone(g["ask"]), "tomoyo": tomoyo,
        "kh": [list(k) for k in g["known_hand"]], "win": list(g["win"]) if g["win"] else None,
    }
