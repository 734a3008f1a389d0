"""The game screen of one session, drawn: the viewer's table (its `table.Model`, one tree, one patch, then what only
the page can do: slides, the last-move ring, the log's end, the decision in reach, the sound cue), the cover with
nothing of anyone's, and the end screen. The controller decides which, and when; this keeps what the page needs
from one draw to the next (each seat's board look, the last screen's sounds).
"""

from __future__ import annotations

from pygames import core
from pygames.app import staging

from . import coverview, dom, endscreen, pace, reach, remote, saving, screens, sounds, table, tutorial_ui, vdom
from .dom import by_id
from .lastmove import LastMoves
from .sounds import Ears


class GameScreen:
    def __init__(self, cat, thinker, tutorial):
        self.cat, self.thinker, self.tutorial = cat, thinker, tutorial
        self.last_moves = LastMoves()
        self.ears = Ears()  # the sound cues of each redraw
        self.log_lines: int | None = None  # the lines of the log on screen (None: emptied, or a new game)

    def opened(self) -> None:
        """A new game on screen: nothing of the last one's boards is compared with it."""
        self.last_moves.reset()
        self.log_lines = None

    def model(self, s, board, preview_on: bool, stage=None, seat_open: int | None = None,
              previewing: str | None = None, news_open_at: int | None = None) -> table.Model:
        """What the seat on screen may see, and the screen's own state: all `table.table` draws from. `stage`: the
        replay of the last turn on screen (staging.Stage), or None."""
        legal = s.legal_for_viewer()
        view = with_device(s.view(), board)
        first = s.first_unseen(s.viewer)
        return table.Model(
            s.game.ID, view, tuple(legal), s.viewer, tuple(seat.name for seat in s.seats),
            tuple(seat.kind for seat in s.seats), s.match, self.thinker.thinking_seat(s.viewer),
            self.thinker.hint(s, legal), self.tutorial.guide(s, view, legal), first,
            tuple(s.others_since(s.viewer)) if len(s.humans) > 1 else None,  # hot-seat: who played meanwhile
            news_open_at == first, s.can_undo(), preview_on, decided=tuple(s.decided()),
            replayable=staging.others_moved(s.state, s.viewer), stage=stage, seat_open=seat_open,
            previewing=previewing if previewing in legal else None)

    def host_model(self, host, s, board, preview_on: bool, seat_open: int | None = None,
                   previewing: str | None = None) -> table.Model:
        """A host device's own screen at a table of several devices (remote.host_model): its seat, or the table."""
        legal = s.legal_for_viewer()
        return remote.host_model(host, device=with_device(s.view(), board).get("device"),
                                 thinking=self.thinker.thinking_seat(s.viewer), hint=self.thinker.hint(s, legal),
                                 preview_on=preview_on, seat_open=seat_open,
                                 previewing=previewing if previewing in legal else None)

    def table(self, s, model: table.Model, bot_delay: int, on_turn) -> None:
        """The viewer's screen: its model, its one tree, one patch; then what only the page can do. `on_turn()`:
        the guide must move (a tablet turned)."""
        pace.show(bot_delay, len(s.humans) < len(s.seats))  # the page's own controls first (see `paint`)
        self.paint(model, on_turn)
        self.ears.table(s, model.view)
        reach.bring_into_view_after_slides()

    def guest_table(self, game_key: str, model: table.Model) -> None:
        """A guest's screen at a table of several devices (netguest.py), drawn as this device's own: the same
        tree, slides, last-move ring, log and reach. Its sounds come from its seat's log, the one player at this
        device (`game_key`: its game at that table, so a new one is compared with nothing)."""
        self.paint(model, None)
        self.ears.hear(sounds.screen(game_key, model.viewer, [key for key, _args in model.view["log"]],
                                     model.view["to_move"]))
        reach.bring_into_view_after_slides()

    def paint(self, model: table.Model, on_turn) -> None:
        """The one path of a seat's table to the page: the menu, one patch, then the slides and the ring of what
        the other seats did, the log's end, the tutorial's guide."""
        # the page's own controls first: every write before the one layout the slides measure
        screens.menu_state(model.can_undo, model.preview_on)  # the page's own menu
        log = (model.stage.frame.view if model.stage is not None else model.view)["log"]  # a replay's frame moves
        others_moved = model.stage is not None or model.first_fresh < len(log)
        self.last_moves.remember_board(by_id("board"), model.viewer, others_moved)
        vdom.patch(by_id("game"), table.table(model, self.cat))
        self.last_moves.log_seen(log)
        self.last_moves.mark_board(by_id("board"), others_moved)
        if len(log) != self.log_lines:  # new lines: the log shows its end; else a player reading back stays there
            dom.scroll_to_end("log")
        self.log_lines = len(log)
        dom.board_drawn()  # before anything is brought into view above the docked hand
        if model.guide is not None:
            tutorial_ui.place_panel(on_turn)
            if model.guide.target is not None:
                tutorial_ui.show_target()

    def cover(self, s, seat: int) -> None:
        """Hide everything private, then ask for the device to be passed to `seat`."""
        self.last_moves.leave_board(by_id("board"))  # kept in memory for that seat's next turn, not in the page
        # the table with nothing of anyone's: no board, hand, log, actions, nor the last viewer's news
        vdom.patch(by_id("game"), table.table(table.Model(s.game.ID, None, match=s.match), self.cat))
        self.log_lines = None  # emptied: the next seat's log opens at its end
        dom.board_drawn()  # no hand on the table: html[data-dock] says nothing of the last seat's hand
        screens.cover(coverview.view(seat, self.cat))

    def over(self, s, board, still_shown, me: int | None, analysis=None) -> None:
        """The end screen, from the spectator's final view; `still_shown()`: this game's end screen is still up
        (what the game works out after the end comes later, from the search worker); `me`: the seat of the one
        player at this device, if there is one."""
        for node_id in ("board", "actions"):
            dom.clear(by_id(node_id))  # no stale game controls behind the end screen
        final_view, device = saving.record_end(with_device(core.view(s.game, s.state, None), board), board)
        if device is not None:  # e.g. PAX's solo campaign on this device
            dom.store(board.device_key, device)

        def after_game(view: dict) -> None:  # asked once per finished game (a redraw draws it again)
            def show(answer) -> None:
                if still_shown():
                    endscreen.fill_after_game(board, view, answer, self.cat)
            answer = self.thinker.after_game(s.game, s.state, view, show)
            if answer is not None:
                show(answer)
        endscreen.draw(self.cat, s, board, final_view, after_game, me, analysis)
        self.ears.over(s, s.result())


def with_device(view: dict, board) -> dict:
    """The view plus what the board keeps on this device: renderers never read storage."""
    key = board.device_key
    return saving.with_device(view, board, dom.stored(key) if key is not None else None)
