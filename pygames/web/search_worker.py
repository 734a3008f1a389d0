"""The search worker (copied to dist/search_worker.py): a PyScript named worker with no DOM that runs the IS-MCTS
for the page, so the page never freezes while a computer thinks, the end screen's extras (`after_game`) and the
analysis of a finished game's decisions (`analyse`).
JSON text in, JSON text out; it receives only a seat's view and legal actions, or the spectator's end-of-game view
(see pygames.web.thinking)."""

import json

from pygames.core import analysis, registry, search

GAMES = registry.LazyGames()


def think(job_text: str) -> str:
    """{game, seat, level, view, legal, seed} -> {action, iterations, seconds} within the level's budget."""
    job = json.loads(job_text)
    game = GAMES[job["game"]]
    level = job["level"]
    out = search.choose(game, job["view"], job["legal"], seconds=search.THINK_SECONDS[level],
                        iterations=search.MAX_ITERATIONS[level], seed=int(job["seed"]))
    return json.dumps({"action": out.action, "iterations": out.iterations, "seconds": out.seconds})


def after_game(job_text: str) -> str:
    """{game, view} -> what the game works out from its end-of-game view (its `ai.after_game`, e.g. Spyworld's best
    routes): seconds of work that the page must not do."""
    job = json.loads(job_text)
    return json.dumps(search.after_game_of(GAMES[job["game"]])(job["view"]))


def analyse(job_text: str) -> str:
    """{game, view, legal, played, rounds, seed, step} -> one decision judged from its mover's view (the view only:
    pygames.core.analysis), a fraction of a second of work per call, so the page can stop between two."""
    job = json.loads(job_text)
    judged = analysis.judge(GAMES[job["game"]], job["view"], job["legal"], job["played"], rounds=int(job["rounds"]),
                            seed=int(job["seed"]), step=int(job["step"]))
    return json.dumps(judged.to_json())


__export__ = ["think", "after_game", "analyse"]
