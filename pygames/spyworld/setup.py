"""Setup (SPY-3.1 to SPY-3.11, chance points SPY-8.2 to SPY-8.4)."""

from __future__ import annotations

from pygames import core

from . import planning
from .data import AGENTS, CARDS, LAIRS, MISSIONS, SHEET
from .sheet import new_sheet


def free_choice(options: dict, players: int) -> bool:
    """SPY-3.11 / SPY-3.8: every player secretly picks any of the 9 agents, duplicates allowed,
    when the table chose it or when more than 9 play (there are not enough agents to deal)."""
    return options.get("agents") == "free" or players > len(AGENTS)


def agents_per_player(state: dict) -> int:
    """SPY-3.8/SPY-5.33: 2 each with 2-4 players, 1 each with 5-9; always 1 on the Super-yacht.
    With free choice (SPY-3.11) each player is offered all 9."""
    if free_choice(state["options"], state["players"]):
        return len(AGENTS)
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
    if k == len(AGENTS):  # SPY-3.11: no dealing, everyone may pick any agent
        state["dealt"] = [sorted(AGENTS) for _ in range(n)]
    else:
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
    if k == len(AGENTS):
        core.log(state, "spy.log.free_choice")  # public: everyone picks among the same 9
    else:
        for p in range(n):
            core.log(state, "spy.log.dealt" if k == 2 else "spy.log.dealt_one", to=[p], player=p,
                     **{f"agent{i + 1}": f"@spy.agent.{a}" for i, a in enumerate(state["dealt"][p])})
    if k == 1:
        state["phase"] = "plan"
        planning.start_turn(state)
    else:
        state["phase"] = "keep"


def keep(state: dict, player: int, agent: str) -> None:
    """SPY-3.9/SPY-8.5: secretly keep one of the 2 dealt agents; irreversible; the other is never revealed.
    SPY-3.11: with free choice, the secret pick among all 9 (the log line goes to the picker only)."""
    state["agent"][player] = agent
    core.reveal(state)
    core.log(state, "spy.log.kept", to=[player], player=player, agent=f"@spy.agent.{agent}")
    if all(a is not None for a in state["agent"]):
        state["phase"] = "plan"
        planning.start_turn(state)
