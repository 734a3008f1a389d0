"""The modules of `pygames/` import each other without a circle.

Every import counts, at module level or inside a function: a late import that dodges a circle at load time
still ties the two modules together. A `from pkg import name` where `pkg/name.py` exists is an edge to that
submodule; otherwise (a function, a constant) it is an edge to `pkg` itself. Importing `pkg.mod` runs
`pkg/__init__.py` first, but that is Python's loading order, not a dependency, so it adds no edge.
"""

import ast
import pathlib

from test_dom_bridge import PAGE_MODULES

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = "pygames"


def module_files(root: pathlib.Path = ROOT, package: str = PACKAGE) -> dict[str, pathlib.Path]:
    """Dotted module name -> file, for every .py under the package (a package's name is its __init__.py)."""
    modules = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute dotted name of a (possibly relative) `from` import's base."""
    if level == 0:
        return target or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports_of(module: str, path: pathlib.Path, modules: dict[str, pathlib.Path]) -> set[str]:
    """The modules of the package that `module` imports anywhere in its text."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node.level, node.module)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else base)
    return {name for name in found if name in modules and name != module}


def import_graph(root: pathlib.Path = ROOT, package: str = PACKAGE) -> dict[str, set[str]]:
    modules = module_files(root, package)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a closed path) per strongly connected component of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_closed_path(graph, set(component)) for component in components]


def _closed_path(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest cycle through the component's first module, for a readable failure message."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt_frontier = []
        for node in frontier:
            for nxt in sorted(graph[node] & component):
                if nxt == start:
                    return paths[node] + [start]
                if nxt not in paths:
                    paths[nxt] = paths[node] + [nxt]
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return sorted(component)


def test_the_package_has_no_import_cycle():
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in found)


def test_the_checker_sees_function_level_and_relative_imports(tmp_path):
    pkg = tmp_path / "demo"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\nFORMAT = 1\n")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def late():\n    from ..a import thing\n")
    (pkg / "c.py").write_text("def late():\n    from . import FORMAT\n")
    graph = import_graph(tmp_path, "demo")
    assert graph["demo.a"] == {"demo.sub.b"}
    assert graph["demo.sub.b"] == {"demo.a"}
    assert graph["demo.c"] == {"demo"}
    assert cycles(graph) == [["demo.a", "demo.sub.b", "demo.a"]]
    (pkg / "sub" / "b.py").write_text("def late():\n    return 1\n")
    assert cycles(import_graph(tmp_path, "demo")) == []


# What a board module may read of its game: the data (cells, cards, constants), the view's own words and labels
# (`views`, SIK's `labels`) and Spyworld's sheet geometry (`sheet`: a fixture's group, the rooms reached). Never the
# rules, setup, scoring or bots: what a choice will do comes in the view, worked out there by the rules' own code.
BOARD_MAY_IMPORT = {"data", "views", "labels", "sheet"}
GAME_PACKAGES = ("pygames.passages_secrets", "pygames.pax", "pygames.spyworld", "pygames.shadows_in_kyoto")


def game_imports_of_boards(root: pathlib.Path = ROOT) -> dict[str, set[str]]:
    """Each board module's imports of a game package, as the modules they reach (a package itself counts)."""
    modules = module_files(root)
    return {name: {m for m in imports_of(name, path, modules) if m.startswith(GAME_PACKAGES)}
            for name, path in modules.items() if name.startswith("pygames.web.boards.")}


def test_a_board_reads_only_its_games_data_views_and_labels():
    seen = game_imports_of_boards()
    assert {"pygames.web.boards.ps", "pygames.web.boards.pax", "pygames.web.boards.sik",
            "pygames.web.boards.spy"} <= set(seen)
    wrong = {board: sorted(m for m in found if m in GAME_PACKAGES or m.rpartition(".")[2] not in BOARD_MAY_IMPORT)
             for board, found in seen.items()}
    assert not any(wrong.values()), wrong


def test_the_board_import_check_catches_a_rules_import(tmp_path):
    boards = tmp_path / "pygames" / "web" / "boards"
    boards.mkdir(parents=True)
    for pkg in ("pygames", "pygames/web", "pygames/web/boards", "pygames/pax"):
        (tmp_path / pkg).mkdir(parents=True, exist_ok=True)
        (tmp_path / pkg / "__init__.py").write_text("")
    for name in ("rules", "data"):
        (tmp_path / "pygames" / "pax" / f"{name}.py").write_text("")
    (boards / "pax.py").write_text("from pygames.pax.data import X\n\ndef f():\n    from pygames.pax import rules\n")
    assert game_imports_of_boards(tmp_path)["pygames.web.boards.pax"] == {"pygames.pax.data", "pygames.pax.rules"}




def outside_imports_of(path: pathlib.Path, modules: dict[str, pathlib.Path]) -> set[str]:
    """Every module the file imports by absolute name (`from pkg import mod` counts as pkg.mod where it is one of
    ours; relative imports stay inside the package, which `import_graph` follows)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            subs = {f"{node.module}.{alias.name}" for alias in node.names} & set(modules)
            found.update(subs or {node.module})
    return found


def is_page(module: str) -> bool:
    """The page package, or what the page's runtime alone has (test_dom_bridge's PAGE_MODULES)."""
    return module.split(".")[0] in PAGE_MODULES or module == "pygames.web" or module.startswith("pygames.web.")


def page_imports(packages: tuple[str, ...], root: pathlib.Path = ROOT) -> dict[str, list[str]]:
    """{module of one of `packages`: the page modules it imports (the page package pygames.web or the page's
    runtime), itself or through the other modules of pygames it imports, transitively}."""
    modules = module_files(root)
    graph = import_graph(root)
    direct = {name: {m for m in outside_imports_of(path, modules) | graph[name] if is_page(m)}
              for name, path in modules.items()}
    found = {}
    for name in modules:
        if not any(name == p or name.startswith(p + ".") for p in packages):
            continue
        seen, todo, page = set(), [name], set()
        while todo:
            current = todo.pop()
            if current not in seen:
                seen.add(current)
                page |= direct[current]
                todo.extend(m for m in graph[current] if not is_page(m))
        if page:
            found[name] = sorted(page)
    return found


def test_the_pure_application_and_several_devices_import_no_page_module():
    """Issue 48, item 4: pygames/app/ (sessions, saves, matches, tutorials, staging, the dialog's rules, messages,
    storage) and pygames/net/ run whole in CPython: neither imports the page package pygames.web or the page's
    runtime (js, pyodide, pyscript), not even through another module."""
    assert {"pygames.app.session", "pygames.app.storage", "pygames.net.host"} <= set(module_files())
    assert page_imports(("pygames.app", "pygames.net", "pygames.core")) == {}


def test_the_page_import_check_sees_a_page_module_through_another(tmp_path):
    for pkg in ("pygames", "pygames/app", "pygames/web"):
        (tmp_path / pkg).mkdir(parents=True, exist_ok=True)
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "pygames/web/dom.py").write_text("import js\n")
    (tmp_path / "pygames/app/a.py").write_text("from . import b\n")
    (tmp_path / "pygames/app/b.py").write_text("def late():\n    from pygames.web import dom\n")
    (tmp_path / "pygames/app/c.py").write_text("import pyodide.ffi\n")
    assert page_imports(("pygames.app",), tmp_path) == {"pygames.app.a": ["pygames.web.dom"],
                                                     "pygames.app.b": ["pygames.web.dom"],
                                                     "pygames.app.c": ["pyodide.ffi"]}
