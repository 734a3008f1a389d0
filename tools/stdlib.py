"""The stdlib the app ships (build.stdlib_archive), made by the pinned Pyodide in Node (tools/pyodide_run.mjs) from
its own stdlib: the modules its boot imports (and the request's `extra`) as unchecked-hash .pyc without docstrings,
in place of their source; the other files as they are; the `left_out` modules and packages not at all.

Imports only what Pyodide's boot has imported already: what is imported is what becomes bytecode."""

import ast
import importlib
import importlib.util
import io
import json
import sys
import zipfile


def top(name: str) -> str:
    """The top-level module or package of an archive path ("email/parser.py" -> "email")."""
    return name.split("/")[0].removesuffix(".py")


class Undocumented(ast.NodeTransformer):
    """Takes the docstring out of every module, class and function (`python -OO` does the same)."""

    def strip(self, node):
        self.generic_visit(node)
        body = node.body
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = strip


def undocumented_pyc(data: bytes, filename: str) -> bytes:
    """The unchecked-hash .pyc of a module's source, compiled without its docstrings (the hash is of `data`)."""
    tree = Undocumented().visit(ast.parse(data, filename))
    return hash_pyc(compile(tree, filename, "exec", dont_inherit=True), data)


def hash_pyc(code, source: bytes) -> bytes:
    """An unchecked-hash .pyc of `code`. marshal flags an object referenced more than once as one to share, so
    `code` is held twice while it is dumped: the bytes do not depend on how the caller holds it."""
    held = [code]
    return importlib._bootstrap_external._code_to_hash_pyc(held[0], importlib.util.source_hash(source), False)


def loaded_from(stdlib: str) -> set[str]:
    """The archive paths of the modules in sys.modules that were loaded from the `stdlib` zip's .py files."""
    boot = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(stdlib + "/") and origin.endswith(".py"):
            boot.add(origin.removeprefix(stdlib + "/"))
    return boot


def archive(source: zipfile.ZipFile, boot: set[str], left_out: list[str]) -> bytes:
    """`source` less `left_out`, each file of `boot` as its bytecode (`undocumented_pyc`), deflated at level 9."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            if top(info.filename) in left_out:
                continue
            data = source.read(info)
            if info.filename in boot:
                data = undocumented_pyc(data, info.filename)
                info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue()


def main(data: bytes) -> bytes:
    """The shipped stdlib for the request {extra: [module], leftOut: [name]}, from this Python's own stdlib zip."""
    request = json.loads(bytes(data))
    for name in request["extra"]:
        importlib.import_module(name)
    stdlib = next(path for path in sys.path if path.endswith(".zip"))
    boot = loaded_from(stdlib)
    left_out = request["leftOut"]
    assert not [name for name in boot if top(name) in left_out], "the boot imports a module left out"
    return archive(zipfile.ZipFile(stdlib), boot, left_out)
