"""Only the DOM bridge (`dom.py`) reaches the page: every other module of `pygames/web`, the controllers (`app.py`,
and `netplay.py` for a game on several devices: its WebRTC link, camera and timers) included, imports no `js`,
`pyodide` or `pyscript`, so what it decides runs in CPython and its page effects are the bridge's named functions."""

import ast
from pathlib import Path

from pygames.web import reach

WEB = Path(__file__).resolve().parent.parent / "pygames" / "web"
ALLOWED = {"dom.py"}
PAGE_MODULES = {"js", "pyodide", "pyscript"}


def page_imports(source: str) -> list[str]:
    """The page modules a source imports (at any depth: a function's own import counts)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in PAGE_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in PAGE_MODULES:
                found.append(node.module)
    return found


def test_the_scan_sees_page_imports():
    assert page_imports("import js\n") == ["js"]
    assert page_imports("def f():\n    from pyodide.ffi import create_proxy\n") == ["pyodide.ffi"]
    assert page_imports("import json\nfrom . import dom\n") == []


def test_only_the_bridge_imports_the_page():
    offenders = {}
    for path in sorted(WEB.rglob("*.py")):
        if path.relative_to(WEB).as_posix() in ALLOWED:
            continue
        found = page_imports(path.read_text(encoding="utf-8"))
        if found:
            offenders[path.relative_to(WEB).as_posix()] = found
    assert offenders == {}


# Modules that still build real elements through the bridge (dom.el / svg): the several-devices panel (issue 48
# item 1: its pairing panel and link line to become a model and a pure view). No other module may.
REAL_BUILDERS = {"dom.py", "render.py", "netpage.py", "nethost.py", "netguest.py"}


def real_builders(source: str) -> list[str]:
    """The bridge's element builders a source takes (`from .dom import el`, `from .render import svg`, `dom.el`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module in ("dom", "render"):
            found += [a.name for a in node.names if a.name in ("el", "svg")]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in ("dom", "render") and node.attr in ("el", "svg"):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_only_the_pairing_panel_still_builds_real_elements():
    """Every screen Python draws is a vdom tree patched in one call (table, end screen, match, tutorial); the
    scan sees both ways of reaching the bridge's builders."""
    assert real_builders("from .render import by_id, el\nx = dom.svg('g')\n") == ["el", "dom.svg"]
    assert real_builders("from .vdom import el\n") == []
    offenders = {path.name: real_builders(path.read_text(encoding="utf-8")) for path in sorted(WEB.rglob("*.py"))
                 if path.name not in REAL_BUILDERS}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_bridge_exists_where_the_scan_allows_it():
    assert all((WEB / name).is_file() for name in ALLOWED)


def test_reach_scrolls_the_least_that_shows_every_control():
    # band 100..500, stuck at 100: two controls 520..560 and 580..620 fit together: scroll them just above the bar
    assert reach.scroll_delta([(520, 560), (580, 620)], 100, 500, 100, False) == 620 - 500 + reach.MARGIN
    # above the band: scroll up to show the first under the status line
    assert reach.scroll_delta([(40, 80)], 100, 500, 100, False) == 40 - 100 - reach.MARGIN
    # all whole in the band: left alone; one partly hidden (under the docked hand, say) while they fit: shown whole
    assert reach.scroll_delta([(120, 160), (440, 500)], 100, 500, 100, True) is None
    assert reach.scroll_delta([(300, 340), (480, 520)], 100, 500, 100, True) == 520 - 500 + reach.MARGIN


def test_reach_leaves_a_spread_decision_alone_while_one_shows():
    spans = [(120, 160), (900, 940)]
    assert reach.scroll_delta(spans, 100, 500, 100, True) is None
    # none shows: the first is centred in the band
    assert reach.scroll_delta([(1000, 1040), (2000, 2040)], 100, 500, 100, False) == 1020 - 300
    # taller than the band: its top under the status line
    assert reach.scroll_delta([(1000, 1600), (2000, 2040)], 100, 500, 100, False) == 1000 - 100 - reach.MARGIN
