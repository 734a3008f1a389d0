"""A network namespace for the several-devices tests (docs/design.md, "Several devices", Tests): the test
HTTP server and Chromium run inside it, so the WebRTC packets and mDNS multicast never leave it.

`Netns(default_route=True)` is a veth link with a default route: Chromium gathers a candidate on it under an mDNS
name, as on a Wi-Fi with no internet. The server's socket is made inside the namespace (setns on this thread, then
back); Chromium is started by a wrapper script, `ip netns exec <ns> <chromium> "$@"`, passed as Playwright's
executable_path (Playwright talks to it over a pipe, which the exec keeps)."""

from __future__ import annotations

import ctypes
import itertools
import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path

CLONE_NEWNET = 0x40000000
_names = itertools.count()


def available() -> str | None:
    """None when namespaces can be made here, else why not."""
    if os.geteuid() != 0:
        return "needs root (ip netns add)"
    if shutil.which("ip") is None:
        return "needs iproute2 (ip)"
    return None


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


class Netns:
    def __init__(self, default_route: bool = True):
        self.name = f"pgnet{os.getpid()}x{next(_names)}"
        _ip("netns", "add", self.name)
        # No IPv6 inside: its addresses appear a second or two after a link comes up (duplicate address detection),
        # and Chromium aborts every request in flight on such a change (net::ERR_NETWORK_CHANGED), which left a
        # booting page stuck. The WebRTC candidates these tests need are IPv4 (10.77.0.1 under an mDNS name).
        for conf in ("all", "default"):
            subprocess.run(["ip", "netns", "exec", self.name, "sh", "-c",
                            f"echo 1 > /proc/sys/net/ipv6/conf/{conf}/disable_ipv6"], check=True, capture_output=True)
        _ip("-n", self.name, "link", "set", "lo", "up")
        if default_route:
            _ip("-n", self.name, "link", "add", "d0", "type", "veth", "peer", "name", "d1")
            _ip("-n", self.name, "addr", "add", "10.77.0.1/24", "dev", "d0")
            _ip("-n", self.name, "link", "set", "d0", "up")
            _ip("-n", self.name, "link", "set", "d1", "up")
            _ip("-n", self.name, "route", "add", "default", "via", "10.77.0.254", "dev", "d0", "onlink")
        self.folder = Path(tempfile.mkdtemp(prefix="pgnet-"))

    @contextmanager
    def entered(self):
        """This thread inside the namespace (sockets made meanwhile stay in it)."""
        libc = ctypes.CDLL(None, use_errno=True)
        with open(f"/run/netns/{self.name}") as inside, open("/proc/thread-self/ns/net") as outside:
            if libc.setns(inside.fileno(), CLONE_NEWNET) != 0:
                raise OSError(ctypes.get_errno(), "setns")
            try:
                yield
            finally:
                libc.setns(outside.fileno(), CLONE_NEWNET)

    def serve(self, directory: Path):
        import build

        with self.entered():
            return build.start_server_thread(directory)

    def chromium(self, binary: str) -> str:
        """An executable that runs `binary` inside the namespace with the arguments it is given."""
        wrapper = self.folder / "chromium"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {self.name} {binary} "$@"\n')
        wrapper.chmod(0o755)
        return str(wrapper)

    def close(self) -> None:
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)
