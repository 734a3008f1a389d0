"""PyScript entry point (copied to dist/main.py): start the pygames shell."""

from pygames.web import dom

dom.mark("pygames:main")  # marks: the bench prints where a boot's time goes
try:
    await dom.shell_ready()  # noqa: F704 (PyScript runs this file as async code) static/shell.js has run
    from pygames.web.app import start

    dom.mark("pygames:imported")
    APP = start()
except Exception as exc:  # show the failure instead of a page stuck on "loading"
    dom.error(f"pygames failed to start: {exc!r}")
    dom.boot_failed(repr(exc))
    raise
