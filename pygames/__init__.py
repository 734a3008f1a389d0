"""pygames: rules engines of four board games, pure Python (CPython 3.11+ and Pyodide)."""

__version__ = "0.1.0"
