"""An HTTP server on loopback for the duration of a ``with`` block: the vendors' stand-ins."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self


class Quiet(BaseHTTPRequestHandler):
    """A request handler that logs nothing, with the request's JSON body at hand."""

    def log_message(self, *args: object) -> None:
        pass

    def json_body(self) -> Any:
        return json.loads(self.rfile.read(int(self.headers["content-length"])))


class _Server(ThreadingHTTPServer):
    #: connections waiting to be accepted: the probes run several at once, and under a busy
    #: machine more than the default five can be waiting (past it, the kernel drops them)
    request_queue_size = 128


class Loopback:
    """Serves ``handler`` on 127.0.0.1 (a free port; TLS with ``tls``: a certificate and its key)
    from entering the block until leaving it."""

    def __init__(
        self, handler: type[BaseHTTPRequestHandler], tls: tuple[Path, Path] | None = None, poll: float = 0.5
    ) -> None:
        self.scheme = "https" if tls else "http"
        self.server = _Server(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        if tls:
            import ssl

            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*tls)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(poll,), daemon=True)

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
