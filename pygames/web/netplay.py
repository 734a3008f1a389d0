"""Several devices at one table, in the page: the glue between the pure referee (`pygames.net`) and the WebRTC link
(`static/net/link.mjs`, imported only when pairing). This module reads the page's address (`start`) and holds the
commands; the host's side is `nethost.py`, the guest's `netguest.py`, what both use `netpage.py`.

Host: this device holds a `Host` (the app's session is its session). It shows one pairing code per remote seat that
has no device, reads a guest's answer code (camera or pasted text), hands every text a guest sends to
`Host.receive` and sends what it returns; every change made on this device (its own seat's move, a computer's)
goes through `Host.changed`, which saves (the app's storage, the `net` field included) before anything is sent.
The host's own screen is the app's one `table(model)` path: its seat, or the table (`here` None: public view only).

Guest: no game, no state: a `Guest` and the last `screen` the host sent, drawn by the same `table(model)`. Its seat
token is kept in localStorage (`GUEST_KEY`), so a reloaded guest gets its seat back.

Rejoining without a scan (docs/design.md, "Several devices"): a guest keeps one DTLS certificate (`link.mjs
deviceCertificate`, in IndexedDB). Once a guest is seated, the host makes spare connections for that seat (`SPARES`:
two), pinned to the guest's certificate, and sends each one's offer and ICE credentials (`spare`); the guest keeps
them with its token. When its link drops, falls silent for `SILENT_REJOIN_S`, or its page reloads, the guest opens the
oldest spare by itself and reclaims its seat with its token; the host then makes the next spare, and until it comes
the other one brings the guest back again (a second reload right after the first). A host that reloaded has no spare
any more: each guest then scans its code once (the panel offers it all along).

Links are checked by a heartbeat: a guest pings every second; each side counts a link silent for 5 s as dead.

What this asks of the app (`app.py`, the controller) is named there: `seat_net` / `leave_net` (this device joins or
leaves a table), `open_session` and `write_save` (a host's game and its save), `show_screen`, `show_error`,
`show_notice`, and `send(msg)` with `messages.TableChanged` when a guest's text changed the game; its `cat`, `games`,
`clock` and `preview_on` are read. The host's table is drawn by the app's own `draw` (then `NetHost.drawn`); a
command handler returns what to draw, as the app's own do.
"""

from __future__ import annotations

import asyncio

from pygames.app.messages import NOTHING
from pygames.app.newgame import link_seats
from pygames.app.session import HUMAN

from . import dom, kit, remote
from .netguest import start_guest
from .nethost import start_host
from .netpage import ACTIVE_KEY, join_url, link_module, read_json
from .render import by_id, missing

# ---------------------------------------------------------------------------------------------------- app entry


def link_request(search: str, fragment: str) -> dict | None:
    """What the page's address asks of the network: {"join": code | ""} (a `#join=` link or `#join`), or
    {"remote": [...], "here": seat | None} with `?remote=1,2[&here=0|table]` beside a game link; None else."""
    from pygames.app.query import query_params

    if fragment.startswith("#join"):
        return {"join": fragment[6:] if fragment.startswith("#join=") else ""}
    params = query_params(search, keep_blank=True)
    if "remote" not in params:
        return None
    try:
        remote = sorted({int(s) for s in params["remote"].split(",") if s.strip()})
    except ValueError:
        return None
    here_text = params.get("here", "")
    here = None if here_text == "table" else (int(here_text) if here_text.isdigit() else "first")
    return {"remote": remote, "here": here}


def start(app, link: dict | None) -> str | None:
    """At boot: a join link, a hosted game link, a tab that was a guest; what to draw when the network took the
    page, else None. Whatever goes wrong here, the app still starts (on its home screen, the reason shown)."""
    try:
        return start_from_address(app, link)
    except Exception as exc:
        app.show_error(app.cat.t("app.error", message=kit.describe(exc)[:300]))
        return None


def start_from_address(app, link: dict | None) -> str | None:
    request = link_request(dom.location_search(), dom.location_hash())
    if request is not None and "join" in request:
        dom.consume_fragment()
        return start_guest(app, dom.decode_uri(request["join"]) if request["join"] else None)
    if request is not None and link and link.get("game"):
        game = app.games[link["game"]]
        seats = link_seats(link)
        away = [s for s in request["remote"] if s < len(seats) and seats[s].kind == HUMAN]
        here = request["here"]
        if here == "first":
            here = next((i for i, s in enumerate(seats) if s.kind == HUMAN and i not in away), None)
        if link["botdelay"] is not None:
            app.clock.delay = link["botdelay"]
        seed = link["seed"] if link["seed"] is not None else dom.random_seed()
        dom.consume_link()
        return start_host(app, game, seats, seed, link["options"], away, here) or NOTHING
    if read_json("sessionStorage", ACTIVE_KEY) is True:
        return start_guest(app, None)
    return None


def _input() -> str:
    box = by_id("net-input")
    return "" if missing(box) else str(box.value)


def _copy(app, code: str) -> None:
    async def run():
        mod = await link_module()
        await mod.copy(join_url(code) if code[1] == "o" else code)
    asyncio.ensure_future(run())


def _share(app, code: str) -> None:
    async def run():
        mod = await link_module()
        if code[1] == "o":
            shared = await mod.share(code, join_url(code))
        else:
            shared = await mod.share(code, None)
        if not shared:
            await mod.copy(join_url(code) if code[1] == "o" else code)
    asyncio.ensure_future(run())


def _accept(app, _arg: str) -> None:
    net = getattr(app, "net", None)
    if net is not None and net.mode == "host":
        asyncio.ensure_future(net.accept(_input()))
    elif net is not None:
        asyncio.ensure_future(net.answer_code(_input().strip()))


def _scan(app, _arg: str) -> None:
    net = getattr(app, "net", None)
    if net is not None:
        asyncio.ensure_future(net.scan())


def _seat(app, arg: str) -> None:
    net = getattr(app, "net", None)
    if net is not None and net.mode == "guest" and arg.isdigit():
        net.choose_seat(int(arg))


def _host(app, method: str, *args) -> str | None:
    net = getattr(app, "net", None)
    if net is not None and net.mode == "host":
        return getattr(net, method)(*args)
    return None


# data-command name -> handler (app.py adds them to its COMMANDS)
COMMANDS = {
    "net-accept": _accept,
    "net-answer": _accept,
    "net-scan": _scan,
    "net-seat": _seat,
    "net-copy": _copy,
    "net-share": _share,
    "join-table": lambda app, _arg: start_guest(app, None),
    "net-code": lambda app, arg: _host(app, "show_code", int(arg)) if arg.isdigit() else None,
    "net-computer": lambda app, arg: _host(app, "give", int(arg), remote.COMPUTER_LEVEL) if arg.isdigit() else None,
    "net-reopen": lambda app, arg: _host(app, "give", int(arg), "remote") if arg.isdigit() else None,
    "net-play": lambda app, _arg: _host(app, "to_table"),
    "net-rematch": lambda app, _arg: app.guest().accept_rematch() if app.guest() is not None else None,
    "net-lobby": lambda app, _arg: _host(app, "to_lobby"),
}
