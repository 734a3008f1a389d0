"""PyScript entry point (copied to dist/main.py): start the pygames shell."""

import js

js.performance.mark("pygames:main")  # marks: the bench prints where a boot's time goes
try:
    from pygames.web.app import start

    js.performance.mark("pygames:imported")
    APP = start()
except Exception as exc:  # show the failure instead of a page stuck on "loading"
    js.console.error(f"pygames failed to start: {exc!r}")
    js.window.pygamesBootFailed(repr(exc))
    raise
