"""The controller's own moves for the computer's turns and its saving, read as parts of `App` (app.py): the
computer's turn (the easy heuristic here, the searched levels in the worker, each answer played in one task and drawn
in the next) and every save, resume, import and export (another tab's newer state taken, never written over). Split
out of app.py by what they do, not by who calls them: `App` is still the one controller."""

from __future__ import annotations

import asyncio
import time

from pygames import core
from pygames.app import messages, storage
from pygames.app.messages import NOTHING, SAVE, TABLE
from pygames.app.session import Session
from pygames.core.guard import clip

from . import analysing, dom, historypage, nethost, saving, screens, table, thinking


class TurnsAndSaves:
    """App's computer turns and saves (a mixin: `App(TurnsAndSaves)`; every field it reads is App's)."""

    # ------------------------------------------------------------------ the computer

    def bot_turn(self) -> str:
        if self.session is None or self.session.over:
            return NOTHING
        if (taken := self.other_tab()) is not None:
            return taken
        if thinking.searched(self.session):  # normal and hard think in the search worker
            self.thinker.think(self.session, self.searched_move)
            return NOTHING
        return SAVE if self.session.bot_step() is not None else NOTHING

    def searched_move(self, session, request: dict, action: str) -> bool:
        self.send(messages.BotAnswer(session, request, action))
        return True  # a move not played redraws through `update` (the thinking line goes)

    def bot_answer(self, session, request: dict, action: str) -> str:
        """A searched move came back: played if the game has not moved on. It is saved in this task, its board is
        drawn in the next one and the table patched in the one after: on a busy two-core tablet each task of the
        main thread is stretched several times over, so the page stays responsive only if no single task does two
        of these."""
        if self.session is not session or not session.bot_answer(request, action):
            return TABLE  # not played: the thinking line goes
        played = session.state
        if (taken := self.autosave()) is not None:
            return taken

        async def later() -> None:
            await asyncio.sleep(0)  # a click waiting since the answer came goes first
            if self.session is session and session.state is played and self.screen == "game" \
                    and self.covered_for is None and not session.over:
                table.prepare(self.table_model(), self.cat)  # the board in a task of its own, taken by the redraw
                await asyncio.sleep(0)
            self.send(messages.Played(session, played))
        asyncio.ensure_future(later())
        return NOTHING

    # ------------------------------------------------------------------ saving

    def autosave(self) -> str | None:
        """Save the game; NEXT when another tab had moved it on and its newer state was taken instead."""
        if self.net is not None:
            self.net.autosave()  # the referee saves (with its seats and tokens) before it tells the guests
            return None
        newer, failed_now = self.saver.save(self.session, time.time())
        if failed_now:
            self.show_notice(self.cat.t("app.notice.save_failed"))
        return self.take(newer)

    def other_tab(self) -> str | None:
        """If another tab moved this game on, take its newer state (never write over it): NEXT."""
        return self.take(self.saver.newer(self.session, time.time()) if self.session is not None else None)

    def take(self, newer: saving.Newer | None) -> str | None:
        if newer is None:
            return None
        if newer.session is None:  # unreadable: both kept, this game saved under a new id
            self.show_notice(self.cat.t("app.notice.forked"))
            return None
        self.clock.following = True
        shown = self.open_session(newer.session, save=False)
        self.show_notice(self.cat.t("app.notice.other_tab"))
        return shown

    def resume(self, save_id: str) -> str | None:
        if nethost.is_host_save(text := self.tab.read(save_id) if save_id else None):
            return nethost.resume_host(self, text, save_id)  # a host's game on several devices
        try:
            session = saving.read(self.tab, save_id, self.games) if save_id else None
        except core.InvalidSave as exc:  # kept as it is: the home list says why, and offers Export and Delete
            self.show_notice(self.cat.t("app.notice.unreadable", name=clip(save_id, 40),
                                        reason=self.cat.t(exc.key, **exc.params)))
            dom.shell().refused(save_id, exc.key, saving.refusal_params(exc))
            return None
        return self.open_session(session) if session is not None else None

    def open_import(self, text: str) -> str:
        """A refused save raises `core.InvalidSave`: said by `fail`, the game in progress kept. A history file is
        joined to this device's history."""
        if historypage.is_history(text):
            added = historypage.imported(self.tab.local, text)
            self.show_notice(self.cat.t("history.imported", n=added))
            return self.show_history() or NOTHING
        session = Session.from_save(text, self.games, save_id=f"import-{int(time.time() * 1000)}")
        refused = analysing.imported(text, session, self.tab.local)
        if refused is not None:  # the game is imported; its analysis was not (said, and nothing else lost)
            self.show_notice(self.cat.t("analysis.import_refused", reason=self.cat.t(refused[0], **refused[1])))
        return self.open_session(session)

    def export(self, _arg: str = "") -> None:
        if self.session is not None:
            screens.hide("confirm")
            s = self.session
            text = s.to_save(updated=time.time())
            if s.over:  # a finished game goes with its analysis, if it has one
                text = analysing.exported(text, self.tab.local.get(storage.ANALYSIS_PREFIX + s.save_id))
            dom.download(text, f"pygames-{s.save_id}.json")
