"""Scenario builders for the PAX tests: a legal-looking table built directly, every card in exactly one place."""

from __future__ import annotations

import pytest

from pygames import core, pax
from pygames.pax import data
from pygames.pax.data import CARD_IDS, sort_cards

ZONES = ("deck", "removed", "rome_hidden", "rome", "front")


def new(players: int, seed: int = 0, **options) -> dict:
    return core.new_game(pax, players, seed, options)


def scenario(players: int, *, active: int = 0, start: int | None = None, phase: str = "turn", deck=None,
             legions=None, areas=None, hands=None, money=None, rome=(), rome_hidden=None, pc=None,
             level: int = 1, round_no: int = 1) -> dict:
    """A state at `phase` for seat `active`. Cards not named go to the deck (after `deck`) so all 74 stay in play."""
    state = core.new_game(pax, players, 0, {"start": 0} if players > 1 else {"level": level})
    n = players
    legions = [list(p) for p in (legions or [[] for _ in state["legions"]])]
    areas = [list(a) for a in (areas or [[] for _ in range(n)])]
    hands = [list(h) for h in (hands or [[] for _ in range(n)])]
    named = set(sum(legions, []) + sum(areas, []) + sum(hands, []) + list(rome) + list(rome_hidden or [])
                + list(deck or []))
    rest = [c for c in CARD_IDS if c not in named]
    if rome_hidden is None:
        rome_hidden, rest = rest[:3], rest[3:]
    start = active if start is None else start
    state.update({
        "deck": list(deck) if deck is not None else rest, "removed": [] if deck is None else sort_cards(rest),
        "rome_hidden": sort_cards(rome_hidden), "rome": list(rome), "legions": legions,
        "hands": [sort_cards(h) for h in hands], "public": [[] for _ in range(n)],
        "areas": [sort_cards(a) for a in areas], "money": list(money or [5] * n), "pc": pc, "start": start,
        "round": round_no, "turns": (active - start) % n, "phase": phase, "draw": None, "front": [], "staged": [],
        "memo": [{"rome": [], "bottom": []} for _ in range(n)],
    })
    return state


def act(state: dict, player: int, *actions: str) -> dict:
    """Apply checked actions in order (each must be legal)."""
    for a in actions:
        state = core.apply(pax, state, player, a)
    return state


def play(state: dict, player: int, cards) -> dict:
    """From the play step: stage `cards`, then finish."""
    return act(state, player, *[f"stage:{c}" for c in cards], "finish")


def jump_to_play(state: dict) -> dict:
    """Skip the draw and buy of the active seat (for tests about the play step only)."""
    state = core.clone(state)
    state["phase"] = "play"
    state["staged"] = []
    return state


def all_cards(state: dict) -> list[str]:
    """Every card of the state, wherever it lies (for conservation checks)."""
    out = list(state["deck"]) + state["removed"] + state["rome_hidden"] + state["rome"] + state["front"]
    for group in (state["legions"], state["hands"], state["areas"]):
        for cards in group:
            out += cards
    return out


def swap_in(state: dict, zone: str, index: int, card: str) -> None:
    """Put `card` at zone[index] by swapping it with whatever is there (zones: deck, removed, rome_hidden, front)."""
    for z in ZONES:
        if card in state[z]:
            j = state[z].index(card)
            state[z][j], state[zone][index] = state[zone][index], state[z][j]
            return
    raise AssertionError(f"{card} not found in a swappable zone")


def spec_card_list() -> dict[str, tuple[str, int, int]]:
    """The card list of pax.md 2.4's table, which the spec's worked examples and these rule tests name cards by:
    inside a category, values 1, 1, 1, 2 x4 (x5 in Land and Intrigue), 3 x2 (x3), 4; 1 symbol up to value 2,
    2 symbols from value 3. The shipped data file (the source of truth, tuned for balance) may show other
    symbols on the same ids; the `spec_cards` fixture puts this list in place for a test."""
    cards = {}
    for code, info in data.CATEGORY_INFO.items():
        twos, threes = {10: (4, 2), 12: (5, 3)}[info["count"]]
        values = [1, 1, 1] + [2] * twos + [3] * threes + [4]
        for n, value in enumerate(values, 1):
            cards[f"{info['prefix']}-{n:02d}"] = (code, 1 if value <= 2 else 2, value)
    assert list(cards) == list(CARD_IDS)
    return cards


@pytest.fixture
def spec_cards(monkeypatch):
    """Give every card the symbols and value of the spec's card list (pax.md 2.4), so a test that names cards as
    the worked examples do sees the symbol counts the spec states. The engine reads `data.CARDS` at every use,
    so patching its entries reaches every module; the values are the data file's own (only symbols differ).
    A test module imports this fixture and marks itself `pytest.mark.usefixtures("spec_cards")`."""
    spec = spec_card_list()
    assert all(spec[cid][2] == data.CARDS[cid][2] for cid in spec)
    for cid, record in spec.items():
        monkeypatch.setitem(data.CARDS, cid, record)
    return spec
