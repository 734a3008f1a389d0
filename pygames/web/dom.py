"""The one bridge to the page: every module of `pygames/web`, the controllers (`app.py`, `netplay.py`) included,
reaches the browser through the small named functions here, never through `js` or `pyodide` itself
(tests/test_dom_bridge.py checks it). So what a module decides stays pure Python, testable in CPython, and what it
does to the page is named here.

In CPython (tests) `js` is None: the module still imports; only the functions that touch the page need a browser.
Text always goes in as text (`textContent`, text nodes, setAttribute): a player's name can never become markup.
"""

from __future__ import annotations

import asyncio

try:
    import js  # Pyodide's bridge to the page
    from pyodide.ffi import create_proxy, to_js
except ImportError:  # CPython (tests): the pure modules that import this one stay importable
    js = None
    create_proxy = to_js = None

SVG_NS = "http://www.w3.org/2000/svg"
SEP = "\x1f"  # between attribute names and values on their one trip to JavaScript (never in a value: see _pairs)
_MAKE = None
_PROXIES: dict[str, object] = {}  # one lasting proxy per named callback (a proxy per call would leak)


# ---------------------------------------------------------------------- lookups

def missing(node) -> bool:
    """True for a DOM lookup that found nothing: JS null arrives as pyodide's jsnull, which is not None."""
    return node is None or type(node).__name__ == "JsNull"


def by_id(node_id: str):
    node = js.document.getElementById(node_id)
    return None if missing(node) else node


def query(selector: str):
    """The page's first element matching `selector`, or None."""
    node = js.document.querySelector(selector)
    return None if missing(node) else node


def query_all(selector: str) -> list:
    return list(js.document.querySelectorAll(selector))


# ---------------------------------------------------------------------- elements

def _maker():
    """static/table.js's `make`: one call across the Python-JavaScript bridge per element, instead of one per
    attribute, text and child (each crossing costs microseconds)."""
    global _MAKE
    if _MAKE is None:
        helper = getattr(js.window, "pygamesTable", None)
        _MAKE = False if missing(helper) else helper.make
    return _MAKE


def _pairs(attrs: dict | None, skip_false: bool) -> str:
    """name SEP value SEP name SEP value ... (a separator inside a value is dropped, so no value can forge an
    attribute); the JavaScript side sets each with setAttribute (text is never parsed as markup)."""
    if not attrs:
        return ""
    out = []
    for name, value in attrs.items():
        if skip_false and (value is None or value is False):
            continue
        text = "" if value is True else str(value)
        if SEP in text:
            text = text.replace(SEP, "")
        out.append(name)
        out.append(text)
    return SEP.join(out)


def el(tag: str, attrs: dict | None = None, text: str | None = None, children=()):
    """A real element, made in one call."""
    make = _maker()
    if make:
        return make("", tag, _pairs(attrs, True), text, *[c for c in children if c is not None])
    node = js.document.createElement(tag)
    for name, value in (attrs or {}).items():
        if value is not None and value is not False:
            node.setAttribute(name, "" if value is True else str(value))
    if text is not None:
        node.textContent = text
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


def svg(tag: str, attrs: dict | None = None, text: str | None = None, children=()):
    make = _maker()
    if make:
        return make(SVG_NS, tag, _pairs(attrs, False), text, *children)
    node = js.document.createElementNS(SVG_NS, tag)
    for name, value in (attrs or {}).items():
        node.setAttribute(name, str(value))
    if text is not None:
        node.textContent = text
    for child in children:
        node.appendChild(child)
    return node


def clear(node) -> None:
    """Empty a node in one call (not one removal per child)."""
    node.replaceChildren()


def append_to_body(node) -> None:
    js.document.body.append(node)


# ---------------------------------------------------------------------- static/table.js (vdom)

def table_helper():
    """static/table.js's `window.pygamesTable`, or None before it loaded."""
    helper = getattr(js.window, "pygamesTable", None) if js is not None else None
    return None if missing(helper) else helper


def template_program(template_id: str) -> str:
    """A prebuilt `<template>`'s first element as a vdom program (static/table.js `describe`)."""
    return str(js.window.pygamesTable.describe(js.document.getElementById(template_id).content.firstElementChild))


def build(text: str, foreign: list):
    """A vdom program made real in one call (static/table.js `build`)."""
    return js.window.pygamesTable.build(text, *foreign)


def patch(target, text: str, foreign: list) -> None:
    """`target`'s children made those of a vdom program in one call (static/table.js `patch`)."""
    js.window.pygamesTable.patch(target, text, *foreign)


def memo_id():
    """Which page holds static/table.js's descriptions of lasting parts (a number new at each load)."""
    return js.window.pygamesTable.memoId


def slide_ms() -> int:
    return int(js.window.pygamesTable.SLIDE_MS)


# ---------------------------------------------------------------------- timers, frames, events

def _proxy(name: str, callback):
    """The one lasting proxy of the callback named `name` (the first callback given for it)."""
    if name not in _PROXIES:
        _PROXIES[name] = create_proxy(callback)
    return _PROXIES[name]


def later(name: str, ms: int, callback):
    """Run `callback` once after `ms`; returns the timer (for `cancel`). One proxy per `name`, made once."""
    return js.setTimeout(_proxy(name, callback), ms)


def cancel(timer) -> None:
    js.clearTimeout(timer)


def next_frame(name: str, callback) -> None:
    """Run `callback` at the next frame: a read of the layout there never forces one mid-redraw."""
    js.requestAnimationFrame(_proxy(name, callback))


def after_next_frame(name: str, callback) -> None:
    """Run `callback` in the frame after the next one: what the next frame shows (a screen's first view) is on
    screen before work it does not need (its closed details) takes the main thread."""
    inner = _proxy(name, callback)
    js.requestAnimationFrame(_proxy(name + ":first", lambda _time=None: js.requestAnimationFrame(inner)))


def listen(target, event: str, callback) -> None:
    """A lasting listener: `target` is "window", "body", an element id, or an element."""
    node = js.window if target == "window" else js.document.body if target == "body" else (
        by_id(target) if isinstance(target, str) else target)
    node.addEventListener(event, create_proxy(callback))


def media(query_text: str) -> bool:
    """Whether a CSS media query matches now (False where the page cannot tell)."""
    try:
        return bool(js.window.matchMedia(query_text).matches)
    except Exception:
        return False


def on_media_change(query_text: str, callback) -> None:
    """`callback()` each time the media query's answer changes (listened to once per query)."""
    key = "media:" + query_text
    if key not in _PROXIES:
        js.window.matchMedia(query_text).addEventListener("change", _proxy(key, lambda _event=None: callback()))


# ---------------------------------------------------------------------- the viewport and scrolling

def viewport() -> tuple[float, float]:
    return float(js.window.innerWidth), float(js.window.innerHeight)


def overflow_y(node) -> str:
    return str(js.window.getComputedStyle(node).overflowY)


def scroll_page_by(delta: float) -> None:
    js.window.scrollBy(0, delta)


def scroll_page_to_top() -> None:
    js.window.scrollTo(0, 0)


def zoom_fit() -> None:
    """The board back at fit (static/zoom.js), when that script is there."""
    zoom = getattr(js.window, "pygamesZoom", None)
    if not missing(zoom):
        zoom.fit()


def board_drawn() -> bool:
    """After each redraw: the board's stage laid out and scaled in its box again (static/zoom.js: at fit all of it in
    view), and whether the player's own hand or area is docked at the bottom of the board's container now (zoom.js
    decides it from its size and sets html[data-dock])."""
    zoom = getattr(js.window, "pygamesZoom", None)
    return False if missing(zoom) else bool(zoom.drawn())


_TO_SCROLL: set[str] = set()


def scroll_to_end(ident: str) -> None:
    """Scroll a list (the log) to its newest line at the next frame, so it never forces a layout of the half-drawn
    page."""
    _TO_SCROLL.add(ident)
    next_frame("scroll-lists", _scroll_lists)


def _scroll_lists(*_args) -> None:
    while _TO_SCROLL:
        node = js.document.getElementById(_TO_SCROLL.pop())
        if node is not None:
            node.scrollTop = node.scrollHeight


# ---------------------------------------------------------------------- the page's other scripts and storage

def session_storage():
    return js.sessionStorage


def local_storage():
    return js.localStorage


def location_search() -> str:
    return str(js.location.search)


def consume_link() -> None:
    """The address without its query: a deep link is used once, so a reload resumes instead of restarting."""
    js.history.replaceState(None, "", str(js.location.pathname))


def play_sounds(cues: list[str]) -> None:
    """static/sound.js plays the cues (never before the first tap, never when muted)."""
    player = getattr(js.window, "pygamesSound", None) if js is not None else None
    if cues and player is not None:
        player.play(",".join(cues))


def set_search_stats(text: str) -> None:
    js.window.pygamesSearchStats = text  # read by `build.py bench` only


def script_element(attrs: dict):
    """A `<script>` element (the search worker's), its attributes set, not yet in the page."""
    node = js.document.createElement("script")
    for key, value in attrs.items():
        node.setAttribute(key, value)
    return node


def on_worker_error(node, callback) -> None:
    """`callback()` on the `error` event of the Worker behind a PyScript worker `<script>` (its `xworker`)."""
    xworker = getattr(node, "xworker", None)
    if xworker is not None:
        xworker.addEventListener("error", create_proxy(lambda _event=None: callback()))


async def named_worker(name: str):
    """The exported functions of the PyScript named worker `name`, once it has started."""
    from pyscript import workers

    return await workers[name]


def warn(text: str) -> None:
    js.console.warn(text)


def error(text: str) -> None:
    js.console.error(text)


def mark(name: str) -> None:
    """A performance mark: the bench prints where a boot's time goes."""
    js.performance.mark(name)


def boot_failed(text: str) -> None:
    js.window.pygamesBootFailed(text)


def show_table(shown: bool) -> None:
    """Show or hide the game screen's table (`#game`), and say so on <html data-table=on|off> at once: the page is
    one screen while it shows (static/app.css), and what is measured in the same task (the docked hand, the decision
    in reach) must see that layout. static/shell.js keeps the attribute in line if anything else sets `hidden`."""
    by_id("game").hidden = not shown
    js.document.documentElement.dataset.table = "on" if shown else "off"


def computer_waiting(waiting: bool) -> None:
    """<html data-computer="waiting"> while a computer seat's pause runs (pace.Clock), no attribute otherwise."""
    root = js.document.documentElement
    if waiting:
        root.setAttribute("data-computer", "waiting")
    else:
        root.removeAttribute("data-computer")


def set_app_state(state: str) -> None:
    """`<html data-app-state>`: the DOM contract's `ready` once the engine is usable."""
    js.document.documentElement.dataset.appState = state


def stored(key: str) -> str | None:
    """A `localStorage` value, or None (absent, or storage disabled: the app still works, without saves)."""
    try:
        value = js.localStorage.getItem(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None  # JS null arrives as pyodide's jsnull, not None


def store(key: str, value: str | None) -> None:
    """Write (None: remove) a `localStorage` value; storage full or disabled is ignored."""
    try:
        if value is None:
            js.localStorage.removeItem(key)
        else:
            js.localStorage.setItem(key, value)
    except Exception:
        pass


def random_seed() -> int:
    return int(js.Math.floor(js.Math.random() * 2_000_000_000))


def download(text: str, filename: str) -> None:
    """Offer `text` as a JSON file download."""
    blob = js.Blob.new(to_js([text]), js_value({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    link = el("a", {"href": url, "download": filename})
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


def shell():
    """static/shell.js's `window.pygamesShell`: the home screen, saved-games list, dialog, language and rules
    pages, drawn before and after boot by the same JavaScript."""
    return js.pygamesShell


SHELL_WAIT_S = 10  # for static/shell.js to have run, before it is loaded once more (then as long again)


async def shell_ready() -> None:
    """Wait until static/shell.js has run (`window.pygamesShell`: the app needs it from its first line). It is a
    parser-blocking script before main.py's tag, so it has always run by now, but once, in a whole test run on a
    loaded machine, it had not (no error logged: its download late or empty): wait for it, then load it once more
    (shell.js runs only once in a page), and fail naming what the page had of it."""
    for attempt in range(2):
        for _ in range(SHELL_WAIT_S * 20):
            if not missing(getattr(js, "pygamesShell", None)):
                return
            await asyncio.sleep(0.05)
        seen = shell_report()
        js.console.warn(f"pygames: static/shell.js has not run ({seen}); " + ("loading it again" if attempt == 0
                                                                               else "giving up"))
        if attempt == 0:
            again = js.document.createElement("script")
            again.src = "static/shell.js"
            js.document.body.appendChild(again)
    raise RuntimeError(f"static/shell.js did not run ({shell_report()})")


def shell_report() -> str:
    """What the page has of static/shell.js: its script tag, its download (status, bytes), the parser's state."""
    tags = js.document.querySelectorAll('script[src$="static/shell.js"]').length
    loads = [f"status {getattr(e, 'responseStatus', '?')}, {e.decodedBodySize} bytes, {round(e.duration)} ms"
             for e in js.performance.getEntriesByType("resource") if str(e.name).split("?")[0].endswith("/shell.js")]
    return f"readyState {js.document.readyState}, {tags} script tag(s), downloads: {loads or 'none'}"


def shell_pending() -> str | None:
    """A start or resume asked on the prebuilt home screen before Python was ready (static/shell.js)."""
    helper = getattr(js, "pygamesShell", None)
    asked = helper.takePending() if helper is not None else None
    return asked if isinstance(asked, str) else None


def load_art(game_id: str) -> None:
    """The game's look (static/art.js), fetched once, never at boot."""
    js.pygamesArt.load(game_id)


def on_file_chosen(input_id: str, callback) -> None:
    """`callback(file)` for the file chosen in the file input `input_id`; the input is emptied, so the same file
    can be chosen again."""
    def changed(event) -> None:
        files = event.target.files
        if files.length:
            callback(files.item(0))
        event.target.value = ""
    listen(input_id, "change", changed)


# ---------------------------------------------------------------------- several devices (netplay.py)

def callback(fn):
    """A proxy the page may call for as long as its owner lives: a link's events, a camera's answer, a device's
    ticks (one per owner: a host or guest of a later table has its own)."""
    return create_proxy(fn)


def every(ms: int, proxy):
    """Call `proxy` (from `callback`) every `ms`; returns the timer for `stop_every`."""
    return js.setInterval(proxy, ms)


def stop_every(timer) -> None:
    js.clearInterval(timer)


def once(ms: int, proxy) -> None:
    """Call `proxy` (from `callback`) once after `ms`."""
    js.setTimeout(proxy, ms)


async def import_module(path: str):
    """A JavaScript module of this site (`path` relative to the page), imported when first needed, never at boot."""
    importer = js.eval("(url) => import(url)")
    return await importer(js.URL.new(path, js.document.baseURI).href)


def js_value(value):
    """Plain JSON-like data as JavaScript objects and arrays (what a JavaScript API expects, not a Map)."""
    return to_js(value, dict_converter=js.Object.fromEntries)


def page_address(fragment: str) -> str:
    """This page's address with `fragment` (`#...`) instead of its own."""
    return str(js.URL.new(fragment, str(js.location.href).split("#")[0]).href)


def location_hash() -> str:
    return str(js.location.hash)


def consume_fragment() -> None:
    """The address without its fragment (a join code is used once; the query stays)."""
    js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))


def decode_uri(text: str) -> str:
    return str(js.decodeURIComponent(text))
