"""The browser shell: the only package that touches the DOM.

Only `app` (the controller) and `dom` (the bridge) import the page (PyScript/Pyodide's `js`); every other module is
importable in CPython, its page effects going through `dom` (tests/test_dom_bridge.py).
"""
