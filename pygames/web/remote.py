"""Several devices, one game: the screens of the host and of its guests as pure models and vdom trees.

A guest draws its game screen from the last `screen` message the host sent (already checked by
`pygames.net.guest`), the host from its `Host` (its own seat, or the table: the public view only). Both end in the
same `table.table(model, cat)`. The host's lobby (who plays where, who joined, a code to show per open seat) and
the guest's seat picker (from the host's `welcome`) are vdom trees too, so all of it is tested in CPython and the
DOM glue (`pygames/web/netplay.py`) only patches them in and runs their `data-command`s:

    net-code:<seat>      the host shows the pairing code of an open remote seat
    net-computer:<seat>  the host gives a remote seat to the computer (`Host.give_seat(seat, COMPUTER_LEVEL)`)
    net-reopen:<seat>    the host gives a joined remote seat to another device (`Host.give_seat(seat, "remote")`)
    net-play             the host leaves the lobby for the table
    net-rematch          a guest plays the host's new game at this table (its seat kept)
    net-seat:<seat>      a guest takes a free seat, under the name typed in `#join-name`
    join-table           the home screen's "Join a table"
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames.app.session import HUMAN, LEVELS, MAX_NAME, NORMAL

from . import table
from .vdom import el

COMPUTER_LEVEL = NORMAL  # the level a seat given to the computer plays at
UNKNOWN = ""  # a seat whose kind this device was not told (a guest that reclaimed its seat without a welcome)


# ---------------------------------------------------------------------------------------------- game screens


def link_state(link: str, pending: bool) -> str:
    """A guest's `Guest.link` (and whether a move is in flight) as the screen's link (table.LINKS)."""
    if link == "playing":
        return "sending" if pending else "ok"
    if link in ("refused", "closed"):
        return "lost"
    return "reconnecting"  # offline, joining, reconnecting: the seat and its screen are kept


def kinds_from_welcome(seats: list | None, count: int) -> tuple[str, ...]:
    """Seat kinds for the players panel from a `welcome`'s seats: a computer seat is "computer" (its level is the
    host's), every other a human; UNKNOWN for all when this device never received a welcome."""
    if not seats or len(seats) != count:
        return (UNKNOWN,) * count
    return tuple("computer" if s["kind"] == "computer" else HUMAN for s in seats)


def computers(kinds) -> set[int]:
    """The seats the catalogue names "Computer n" when unnamed (`Catalogue.set_seats(names, computers(kinds))`)."""
    return {i for i, kind in enumerate(kinds) if kind not in (HUMAN, UNKNOWN)}


def guest_model(screen: dict, *, game_id: str, kinds: tuple[str, ...] | None = None, link: str = "ok",
                sending: str | None = None, refused: tuple[str, dict] | None = None, device: dict | None = None,
                first_fresh: int | None = None, **screen_state) -> table.Model:
    """A guest's game screen from the host's last `screen` message: its seat's view and legal actions, the
    seats' names, who already chose (`decided`) and whose device is away. `link` is one of table.LINKS
    (`link_state` turns a Guest's into it), `sending` the action in flight, `refused` the host's last refusal
    (key, params) to show once. `device` is what this device keeps for the game (`view["device"]`);
    `first_fresh` the first line of the log that is news (default: the host's `fresh`, its lines since the seat's
    last move, as a local game's news). Other keywords (hint, thinking,
    news_open, preview_on...) go to the model as they are."""
    view = screen["view"] if device is None else {**screen["view"], "device": device}
    names = tuple(screen["names"])
    kinds = kinds if kinds is not None else (UNKNOWN,) * len(names)
    return table.Model(
        game_id, view, tuple(screen["legal"]), screen["seat"], names, kinds,
        first_fresh=min(screen.get("fresh", len(view["log"])), len(view["log"])) if first_fresh is None
        else first_fresh,
        decided=tuple(screen["decided"]), away=tuple(screen["away"]), link=link, refused=refused,
        remote=tuple(i for i, kind in enumerate(kinds) if i != screen["seat"] and kind in (HUMAN, UNKNOWN)),
        sending=sending, **screen_state)


def model_of_guest(guest, kinds: tuple[str, ...] | None = None, **screen_state) -> table.Model | None:
    """`guest_model` from a `pygames.net.guest.Guest` as it stands (None before its first screen); keywords
    (link, sending, refused, hint...) override what the guest says."""
    if guest.screen is None:
        return None
    names = guest.screen["names"]
    told = {"link": link_state(guest.link, guest.sending is not None), "sending": guest.sending,
            "refused": guest.refusal}
    return guest_model(guest.screen, game_id=guest.game,
                       kinds=kinds if kinds is not None else kinds_from_welcome(guest.table, len(names)),
                       **{**told, **screen_state})


def host_model(host, *, device: dict | None = None, first_fresh: int | None = None, **screen_state) -> table.Model:
    """The host device's own screen: its seat's view and legal actions, or with no seat (`session.viewer` None)
    the table: `core.view(state, None)`, public information only, no action. Who already chose and whose device
    is away come from the referee; the players panel marks the seats played on other devices."""
    s = host.session
    view = s.view() if device is None else {**s.view(), "device": device}
    return table.Model(
        s.game.ID, view, tuple(s.legal_for_viewer()), s.viewer, tuple(seat.name for seat in s.seats),
        tuple(seat.kind for seat in s.seats), s.match,
        first_fresh=s.first_unseen(s.viewer) if first_fresh is None else first_fresh,
        decided=tuple(host.decided()), away=tuple(host.away()), remote=tuple(sorted(host.remote)),
        **screen_state)


# ---------------------------------------------------------------------------------------------- the host's lobby


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the host's lobby shows it."""

    seat: int
    name: str  # "" for the catalogue's default name
    kind: str  # "here" (this device), "remote" (a device that joins) or a computer level
    joined: bool = False  # a device holds this remote seat's token
    connected: bool = False  # that device is connected now
    invited: bool = False  # its device, still linked, was asked to play the host's new game and has not yet said yes


def lobby_seats(host) -> tuple[LobbySeat, ...]:
    """The seats of a `pygames.net.host.Host` as its lobby shows them."""
    out = []
    for i, seat in enumerate(host.session.seats):
        if i in host.remote:
            kind = "remote"
        elif seat.kind == HUMAN:
            kind = "here"
        else:
            kind = seat.kind
        out.append(LobbySeat(i, seat.name, kind, i in host.tokens, i in host.holder, i in host.invited))
    return tuple(out)


def lobby(seats: tuple[LobbySeat, ...], cat, *, showing: int | None = None, is_table: bool = False) -> object:
    """The host's lobby `[data-testid=lobby]`: one row per seat (`li[data-seat][data-kind]`, joined and
    connected marked), "Show the code" for an open remote seat (`net-code:<seat>`; `showing` is the seat whose
    code is on screen: the QR code goes in its `[data-code-slot]`, and its button makes a new code), "Give to the
    computer" for every remote seat
    and "Give to another device" for a joined one, then how many seats still wait and "Go to the table"."""
    return el("section", {"id": "lobby", "class": "lobby", "data-testid": "lobby", "aria-labelledby": "lobby-title"},
              None, [
                  el("h2", {"id": "lobby-title"}, cat.t("net.lobby.title")),
                  el("p", {"data-testid": "table-note"}, cat.t("net.lobby.table")) if is_table else None,
                  el("ul", {"class": "lobby-seats"}, None, [lobby_row(s, cat, showing) for s in seats]),
                  el("p", {"class": "lobby-waiting", "data-testid": "lobby-waiting", "role": "status"},
                     lobby_waiting(seats, cat)),
                  command("net-play", cat.t("net.lobby.play"), cat.t("net.lobby.play"), primary=True)])


def lobby_row(s: LobbySeat, cat, showing: int | None) -> object:
    """One seat's row of the lobby: who plays it, its state, its controls, and its code when on screen."""
    who = cat.seat_name(s.seat)
    if s.kind == "here":
        words = cat.t("net.lobby.here")
    elif s.kind == "remote":
        words = cat.t("net.lobby.open") if not s.joined else cat.t(
            "net.lobby.joined" if s.connected else "net.lobby.invited" if s.invited else "net.lobby.joined_away")
    else:
        words = cat.t(f"new.{s.kind}" if s.kind in LEVELS else "new.computer")  # "Computer (easy)"
    row = el("li", {"data-seat": s.seat, "data-kind": s.kind, "data-joined": s.joined or None,
                    "data-connected": s.connected or None, "data-invited": s.invited or None,
                    "class": "lobby-seat"}, None, [
        el("span", {"class": "lobby-who"}, None, [el("strong", None, who), el("span", None, " — " + words)]),
        el("span", {"class": "lobby-controls"}, None, seat_buttons(s, cat, showing))])
    if showing == s.seat and s.kind == "remote" and not s.joined:
        row.appendChild(el("div", {"class": "lobby-code", "data-testid": "lobby-code"}, None, [
            el("p", None, cat.t("net.lobby.showing", player=s.seat)),
            el("div", {"data-code-slot": s.seat})]))  # the QR code and the text code (netplay.py fills it)
    return row


def seat_buttons(s: LobbySeat, cat, showing: int | None) -> list:
    """A remote seat's controls: its code (a new one while shown), reopen once joined, give to the computer."""
    buttons = []
    if s.kind == "remote" and not s.joined and showing == s.seat:  # its code is on screen: a fresh one
        buttons.append(command(f"net-code:{s.seat}", cat.t("net.lobby.regenerate"),
                               cat.t("net.lobby.regenerate_label", player=s.seat)))
    elif s.kind == "remote" and not s.joined:
        buttons.append(command(f"net-code:{s.seat}", cat.t("net.lobby.show_code"),
                               cat.t("net.lobby.show_code_label", player=s.seat), primary=showing is None))
    if s.kind == "remote" and s.joined:
        buttons.append(command(f"net-reopen:{s.seat}", cat.t("net.lobby.reopen"),
                               cat.t("net.lobby.reopen_label", player=s.seat)))
    if s.kind == "remote":
        buttons.append(command(f"net-computer:{s.seat}", cat.t("net.lobby.to_computer"),
                               cat.t("net.lobby.to_computer_label", player=s.seat)))
    return buttons


def lobby_waiting(seats: tuple[LobbySeat, ...], cat) -> str:
    """The lobby's status line: how many remote seats still wait for a device, or who is not back yet, or all in."""
    remote = [s for s in seats if s.kind == "remote"]
    waiting = sum(1 for s in remote if not s.joined)
    invited = sum(1 for s in remote if s.invited)
    away = sum(1 for s in remote if s.joined and not s.connected and not s.invited)
    if waiting:
        return cat.t("net.lobby.waiting", n=waiting)
    if invited or away:  # after a rematch, or a reload of this device: not everyone is back yet
        return " ".join(t for t in (cat.t("net.lobby.asked", n=invited) if invited else "",
                                    cat.t("net.away_count", n=away) if away else "") if t)
    return cat.t("net.lobby.all_joined")


def command(name: str, text: str, label: str, *, primary: bool = False, pressed: bool | None = None) -> object:
    """A shell control of the netplay screens (`data-command`, min 44 px tall as every button), its spoken name
    starting with its words."""
    return el("button", {"type": "button", "data-command": name, "class": "primary" if primary else None,
                         "aria-label": label if label != text else None,
                         "aria-pressed": None if pressed is None else ("true" if pressed else "false")}, text)


# ---------------------------------------------------------------------------------------------- a guest's end screen


def rematch_box(cat, invited: bool) -> object:
    """On a guest's end screen, in place of Play again (the host starts the next game): once the host has asked,
    "Play the new game" (`net-rematch`: the same seat, by its token) or leave; before that, stay to be asked."""
    if not invited:
        return el("section", {"class": "rematch", "data-testid": "rematch"}, None, [
            el("p", {"role": "status"}, cat.t("over.rematch_wait"))])
    return el("section", {"class": "rematch", "data-testid": "rematch", "data-invited": ""}, None, [
        el("p", {"role": "status"}, cat.t("over.rematch_invite")),
        el("p", {"class": "row"}, None, [
            command("net-rematch", cat.t("over.rematch_join"), cat.t("over.rematch_join"), primary=True),
            command("home", cat.t("netlink.leave"), cat.t("netlink.leave"))])])


# ---------------------------------------------------------------------------------------------- the guest's picker


def seat_picker(welcome: dict, cat, *, name: str = "") -> object:
    """A guest's choice of seat from the host's `welcome`: the name field `#join-name`, then one row per seat,
    a free one (`open`) with "Take this seat" (`net-seat:<seat>`), the others saying who plays them."""
    seats = welcome["seats"]
    free = [i for i, s in enumerate(seats) if s["kind"] == "open"]
    rows = []
    for i, s in enumerate(seats):
        shown = s["name"] or cat.t("new.computer_name" if s["kind"] == "computer" else "new.default_name", n=i + 1)
        if s["kind"] == "open":
            tail = command(f"net-seat:{i}", cat.t("net.join.take"), cat.t("net.join.take_label", player=shown),
                           primary=len(free) == 1)
        else:
            tail = el("span", {"class": "seat-taken"},
                      cat.t({"taken": "net.join.seat_taken", "here": "net.join.seat_here"}.get(
                          s["kind"], "net.join.seat_computer")))
        rows.append(el("li", {"data-seat": i, "data-kind": s["kind"], "class": "lobby-seat"}, None, [
            el("span", {"class": "lobby-who"}, None, [el("strong", None, shown)]), tail]))
    return el("section", {"id": "seat-picker", "class": "lobby", "data-testid": "seat-picker",
                          "aria-labelledby": "seat-picker-title"}, None, [
        el("h2", {"id": "seat-picker-title"}, cat.t("net.join.pick")),
        el("label", {"class": "join-name"}, None, [
            el("span", None, cat.t("net.join.name")),
            el("input", {"type": "text", "id": "join-name", "data-testid": "join-name", "maxlength": MAX_NAME,
                         "autocomplete": "nickname", "value": name})]),
        el("p", {"data-testid": "seats-free", "role": "status"},
           cat.t("net.join.free", n=len(free)) if free else cat.t("net.join.none_free")),
        el("ul", {"class": "lobby-seats"}, None, rows)])
