"""Setup (SPY-3.1 to SPY-3.10, chance points SPY-8.2 to SPY-8.4)."""

from __future__ import annotations

from pygames import core

from . import planning
from .data import AGENTS, CARDS, LAIRS, MISSIONS, SHEET
from .sheet import new_sheet


def agents_per_player(state: dict) -> int:
    """SPY-3.8/SPY-5.33: 2 each with 2-4 players, 1 each with 5-9; always 1 on the Super-yacht."""
    if not LAIRS[state["options"]["lair"]]["agent_choice"]:
        return 1
    return SHEET["agents_dealt"][str(state["players"])]


def setup(state: dict) -> None:
    """Shuffle the deck into 3 piles of 36, lay out 3 missions, deal agents, start the sheets."""
    rng = core.rng(state)
    n = state["players"]
    deck = rng.shuffled(sorted(CARDS))  # SPY-8.2: position 1 = top of pile 1
    size = len(deck) // SHEET["piles"]
    state["piles"] = [list(reversed(deck[i * size:(i + 1) * size])) for i in range(SHEET["piles"])]  # top = last
    missions = rng.shuffled(sorted(MISSIONS))  # SPY-3.7/SPY-8.3: the other 6 leave the game unseen
    state["missions"] = missions[:SHEET["missions_available"]]
    state["down"] = [False] * SHEET["missions_available"]
    k = agents_per_player(state)
    agents = rng.shuffled(sorted(AGENTS))  # SPY-8.4: dealt in seat order; undealt agents stay unseen
    state["dealt"] = [agents[p * k:(p + 1) * k] for p in range(n)]
    state["agent"] = [d[0] if k == 1 else None for d in state["dealt"]]  # SPY-3.9: 1 dealt = kept
    state["sheets"] = [new_sheet(state["options"][f"beginner{p + 1}"]) for p in range(n)]  # SPY-3.4/SPY-3.5
    state["turn"] = 0
    state["final"] = False
    state["shown"] = []
    state["dec"] = None
    state["direction"] = None
    state["explores"] = None
    state["ex"] = None
    state["cur"] = 0
    for p in range(n):
        core.log(state, "spy.log.dealt" if k == 2 else "spy.log.dealt_one", to=[p], player=p,
                 **{f"agent{i + 1}": f"@spy.agent.{a}" for i, a in enumerate(state["dealt"][p])})
    if k == 1:
        state["phase"] = "plan"
        planning.start_turn(state)
    else:
        state["phase"] = "keep"


def keep(state: dict, player: int, agent: str) -> None:
    """SPY-3.9/SPY-8.5: secretly keep one of the 2 dealt agents; irreversible; the other is never revealed."""
    state["agent"][player] = agent
    core.reveal(state)
    core.log(state, "spy.log.kept", to=[player], player=player, agent=f"@spy.agent.{agent}")
    if all(a is not None for a in state["agent"]):
        state["phase"] = "plan"
        planning.start_turn(state)
