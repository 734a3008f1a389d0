"""A finished game's analysis on this device (issue 49, item 2): asked from the end screen, run decision by decision
in the search worker (never on the page: one decision per call, so Stop, another game or the computer's own turn
wait at most one decision), kept beside the save (`pygames.analysis.<id>`: computed once, a partial one resumed
when the game's end screen is opened again, a reload included), and gathered into the end screen's and the
replay's models (analysisview.py). Every decision of every player at this device is judged from that player's view
at that moment (pygames/core/analysis.py); the first pass marks them all quickly, the full one refines them."""

from __future__ import annotations

import asyncio
import json

from pygames.app.storage import ANALYSIS_PREFIX
from pygames.core import analysis
from pygames.core import engine as core

from . import analysisview, table

SEED = 1  # the analysis's own seed: the same game analysed anywhere gives the same marks


class Analyst:
    def __init__(self, thinker, store, on_change, on_error):
        self.thinker, self.store, self.on_change, self.on_error = thinker, store, on_change, on_error
        self.save_id: str | None = None
        self.history: list | None = None
        self.todo: list = []  # analysis.decisions of the game
        self.chance: tuple[int, ...] = ()  # its steps that drew on chance or showed hidden cards
        self.judged: dict = {}  # step -> analysis.Judgement
        self.asked = False  # the player asked for it (stored: a stored partial analysis is resumed)
        self.running_for: str | None = None  # the save whose analysis is under way
        self.stopping = False
        self.refused: tuple[str, dict] | None = None

    def attach(self, session) -> None:
        """The analysis of `session`'s finished game: read once from storage; a partial one goes on by itself."""
        history = session.state["history"]
        if session.save_id == self.save_id and history == self.history:
            return
        self.stopping = True  # another game's analysis ends after its current decision
        self.save_id, self.history, self.judged, self.refused = session.save_id, history, {}, None
        self.asked = False
        recipe = (session.game, session.state["players"], session.state["seed"], session.state["options"], history)
        self.todo = analysis.decisions(*recipe, set(session.humans))
        self.chance = tuple(analysis.chance_steps(*recipe))
        text = self.store.get(ANALYSIS_PREFIX + session.save_id)
        if text is not None:
            try:
                self.judged, _pass, _seed = analysis.parse_stored(text, history)
                self.asked = True
            except core.InvalidSave as exc:  # kept as it is until the player analyses again: nothing is lost
                self.refused = (exc.key, exc.params)
        if self.asked and not self.complete():
            self.start(session)

    def start(self, session) -> None:
        self.attach(session)
        self.asked, self.refused, self.stopping = True, None, False
        if self.running_for != session.save_id:  # another game's loop ends by itself after its decision
            self.running_for = session.save_id
            asyncio.ensure_future(self._run(session))

    def stop(self) -> None:
        self.stopping = True

    def rounds(self, game_id: str, full: bool) -> int:
        rounds = analysis.THRESHOLDS["rounds"]
        if full:
            return int(rounds["full"].get(game_id, 32))
        return int(rounds["first"].get(game_id, rounds["first"]["default"]))

    def complete(self) -> bool:
        full = self.rounds(self.game_id(), True) if self.todo else 0
        return all(step in self.judged and self.judged[step].rounds >= full for step, *_ in self.todo)

    def game_id(self) -> str:
        return self.todo[0][2]["game"] if self.todo else ""

    async def _run(self, session) -> None:
        save_id = session.save_id
        try:
            for full in (False, True):
                rounds = self.rounds(session.game.ID, full)
                for step, _seat, view, legal, played in self.todo:
                    if self.stopping or self.save_id != save_id or self.running_for != save_id:
                        return
                    have = self.judged.get(step)
                    if have is not None and have.rounds >= rounds:
                        continue
                    job = {"game": session.game.ID, "view": view, "legal": legal, "played": played,
                           "rounds": rounds, "seed": SEED * 1_000_003 + step, "step": step}
                    judged = analysis.from_json(await self.thinker.analyse(job))
                    if self.save_id != save_id:
                        return
                    self.judged[step] = judged
                    self.store.set(ANALYSIS_PREFIX + save_id, analysis.stored(self.judged, "full" if full else
                                                                              "first", SEED))
                    self.on_change()
        except Exception as exc:  # the worker could not: say so; what was judged stays
            self.on_error(str(exc)[:300])
        finally:
            if self.running_for == save_id:
                self.running_for = None
            self.on_change()

    def model(self, session, cat) -> analysisview.Analysis:
        """The end screen's model of this game's analysis."""
        self.attach(session)
        if self.refused is not None:
            return analysisview.Analysis("refused", refused=self.refused)
        if not self.asked:
            return analysisview.Analysis("none")
        full_rounds = self.rounds(session.game.ID, True)
        full = any(j.rounds >= full_rounds for j in self.judged.values())
        done = sum(1 for step, *_ in self.todo if step in self.judged
                   and (not full or self.judged[step].rounds >= full_rounds))
        running = self.running_for == session.save_id and not self.stopping
        state = "done" if self.complete() else "running" if running else "stopped"
        judged = [self.judged[step] for step, *_ in self.todo if step in self.judged]
        reports = tuple(self.report(seat, judged) for seat in session.humans)
        views = {step: view for step, _seat, view, _legal, _played in self.todo}
        worst = tuple(analysisview.Costly(step, j.seat, j.mark, j.loss, words(session, views[step], j.played, cat),
                                          words(session, views[step], j.best, cat))
                      for seat in session.humans for step in analysis.report(judged, seat)["worst"]
                      for j in [self.judged[step]])
        series = tuple((j.step, j.seat, j.value_played, j.mark) for j in judged)
        return analysisview.Analysis(state, done, len(self.todo), full, reports, worst, series,
                                     len(self.history), session.state["players"], chance=self.chance)

    def reports(self, session) -> list[dict]:
        """Each player's report card (analysis.report) of this game, for its record in the history."""
        judged = [self.judged[step] for step, *_ in self.todo if step in self.judged]
        return [analysis.report(judged, seat) for seat in session.humans]

    @staticmethod
    def report(seat: int, judged: list) -> analysisview.Report:
        card = analysis.report(judged, seat)
        return analysisview.Report(seat, card["decisions"], card["accuracy"], tuple(card["counts"].items()))

    def costly_steps(self, session) -> tuple[int, ...]:
        """The replay steps just after each mistake or blunder found (a replay's "next mistake" goes there)."""
        if self.save_id != session.save_id:
            return ()
        return tuple(sorted(step + 1 for step, j in self.judged.items() if j.mark in ("mistake", "blunder")))

    def verdict(self, session, step: int, cat) -> str | None:
        """The verdict of the decision that led to replay step `step` (history index step - 1), in words."""
        j = self.judged.get(step - 1) if self.save_id == session.save_id else None
        if j is None:
            return None
        view = next((v for s, _seat, v, _l, _p in self.todo if s == j.step), None)
        if view is None:
            return None
        return analysisview.short_verdict(j.mark, j.loss, words(session, view, j.best, cat), cat)


def exported(save_text: str, stored_text: str | None) -> str:
    """A finished game's file with its analysis (issue 49, item 5: shared, it shows the same marks offline; the
    analysis's version and seed are in it)."""
    if stored_text is None:
        return save_text
    return json.dumps({**json.loads(save_text), "analysis": json.loads(stored_text)}, separators=(",", ":"))


def imported(text: str, session, store) -> tuple[str, dict] | None:
    """An imported file's analysis kept beside the imported game; a refused one is dropped with its reason (the
    game itself is imported: nothing else is lost). Returns the refusal, or None."""
    try:  # a save already read whole by Session.from_save (its size and depth checked)
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or "analysis" not in data:
        return None
    try:
        stored_text = json.dumps(data["analysis"], separators=(",", ":"))
        analysis.parse_stored(stored_text, session.state["history"])
    except core.InvalidSave as exc:
        return exc.key, exc.params
    store.set(ANALYSIS_PREFIX + session.save_id, stored_text)
    return None


def words(session, view: dict, action: str, cat) -> str:
    return table.action_label(session.game, view, action, cat)
