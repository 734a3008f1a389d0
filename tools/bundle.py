"""The package bundle (build.bundle_packages), made and read by the pinned Pyodide in Node (tools/pyodide_run.mjs).

`pack`: the package files come as JSON, the boot's entry modules are imported as the page would, and every one of
our modules it loaded is compiled to an unchecked-hash .pyc without docstrings (tools/pyc.py) at the place the
import system looks for it. The bundle:
a JSON line [[path, size], ...], then the files' bytes in the order given, then the .pyc by path; zstd-compressed.
"""

import importlib
import importlib.util
import json
import os
import sys

from tools.pyc import undocumented_pyc

ROOT = "/home/pyodide"  # Pyodide's working directory, on its sys.path: our packages are written and imported here


def write_files(root: str, files: list[list[str]]) -> None:
    """Each [path, text] of `files` as a UTF-8 file under `root`."""
    for path, text in files:
        target = f"{root}/{path}"
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as out:
            out.write(text.encode("utf-8"))


def boot_bytecode(root: str, entries: list[str]) -> dict[str, bytes]:
    """{.pyc path under root: bytecode} of every module under `root` that importing `entries` loads."""
    importlib.invalidate_caches()
    before = set(sys.modules)
    for entry in entries:
        importlib.import_module(entry)
    out = {}
    for name in sorted(set(sys.modules) - before):
        source_path = getattr(sys.modules[name], "__file__", None) or ""
        if not source_path.startswith(f"{root}/") or not source_path.endswith(".py"):
            continue
        with open(source_path, "rb") as source:
            data = source.read()
        target = importlib.util.cache_from_source(source_path)
        assert target.startswith(f"{root}/"), target
        out[target.removeprefix(f"{root}/")] = undocumented_pyc(data, source_path)
    return out


def join(packed: list[tuple[str, bytes]]) -> bytes:
    """The bundle before compression: the JSON index line, then every file's bytes one after the other."""
    index = json.dumps([[name, len(data)] for name, data in packed], separators=(",", ":")).encode()
    return b"\n".join([index, b"".join(data for _, data in packed)])


def split(raw: bytes) -> dict[str, bytes]:
    """{path: bytes} of an uncompressed bundle (`join`); an index that disagrees with the files is an error."""
    head, _, body = raw.partition(b"\n")
    files, at = {}, 0
    for name, size in json.loads(head):
        files[name] = body[at:at + size]
        at += size
    if at != len(body):
        raise ValueError("the bundle's index and files disagree")
    return files


def pack(data: bytes) -> bytes:
    """The bundle of the request {files: [[path, text]], entries: [module], level: zstd level}."""
    import compression.zstd  # Python >= 3.14: Pyodide's, not the CPython running the tests

    request = json.loads(bytes(data))
    os.makedirs(ROOT, exist_ok=True)
    os.chdir(ROOT)
    write_files(ROOT, request["files"])
    compiled = boot_bytecode(ROOT, request["entries"])
    packed = [(name, open(name, "rb").read()) for name, _ in request["files"]] + sorted(compiled.items())
    return compression.zstd.compress(join(packed), level=request["level"])


def decompress(data: bytes) -> bytes:
    """A bundle's zstd stream, uncompressed (`split` reads it)."""
    import compression.zstd

    return compression.zstd.decompress(bytes(data))
