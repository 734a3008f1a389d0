"""Bytecode as the page's Python uses it as it is: unchecked-hash .pyc compiled without docstrings (`python -OO`
drops them too; asserts are kept). Shared by the stdlib archive (tools/stdlib.py) and the package bundle
(tools/bundle.py), both run by the pinned Pyodide in Node (tools/pyodide_run.mjs), which also compiles without
column positions (PYTHONNODEBUGRANGES): tracebacks keep their files and lines, not the ^^^ under a line."""

import ast
import importlib
import importlib.util


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
