"""The stdlib the app ships (build.stdlib_archive), made by the pinned Pyodide in Node (tools/pyodide_run.mjs) from
its own stdlib: the modules its boot imports (and the request's `extra`) as unchecked-hash .pyc without docstrings,
in place of their source; the other files as they are; the `left_out` modules and packages not at all.

Imports only what Pyodide's boot has imported already: what is imported is what becomes bytecode."""

import importlib
import io
import json
import sys
import zipfile

from tools.pyc import undocumented_pyc


def top(name: str) -> str:
    """The top-level module or package of an archive path ("email/parser.py" -> "email")."""
    return name.split("/")[0].removesuffix(".py")


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
