"""Several devices, one game: the pure part (no DOM, no network, runs in CPython and Pyodide).

`protocol` defines and checks the messages, `host.Host` is the referee on the device that runs the engine,
`guest.Guest` is a guest device's side. The transport (WebRTC data channels) and the screens are built on top,
in pygames/web; this package only turns texts received into texts to send.
"""
