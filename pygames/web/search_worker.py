"""The search worker (copied to dist/search_worker.py): a PyScript named worker with no DOM that runs the IS-MCTS
for the page, so the page never freezes while a computer thinks. JSON text in, JSON text out; it receives
only a seat's view and legal actions (see pygames.web.thinking)."""

import json

from pygames.core import registry, search

GAMES = registry.LazyGames()


def think(job_text: str) -> str:
    """{game, seat, level, view, legal, seed} -> {action, iterations, seconds} within the level's budget."""
    job = json.loads(job_text)
    game = GAMES[job["game"]]
    level = job["level"]
    out = search.choose(game, job["view"], job["legal"], seconds=search.THINK_SECONDS[level],
                        iterations=search.MAX_ITERATIONS[level], seed=int(job["seed"]))
    return json.dumps({"action": out.action, "iterations": out.iterations, "seconds": out.seconds})


__export__ = ["think"]
