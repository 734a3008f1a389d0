"""The browser shell: the only package that touches the DOM (through PyScript/Pyodide's `js`).

`i18n` and `session` are pure Python (tested in CPython); `dom`, `render` and `app` need the browser.
"""
