"""PyScript entry point (copied to dist/main.py): start the pygames shell."""

import js

try:
    from pygames.web.app import start

    APP = start()
except Exception as exc:  # show the failure instead of a page stuck on "loading"
    js.console.error(f"pygames failed to start: {exc!r}")
    js.window.pygamesBootFailed(repr(exc))
    raise
