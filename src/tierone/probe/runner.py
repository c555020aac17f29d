"""Build the probe requests and send them (httpx, a few at a time, each under a deadline).

Every byte a server sends is hostile: a request has one deadline for all of it (connecting,
sending, the headers and the body), an error body is read up to ``MAX_BODY`` bytes and no
further, a success body not at all, and every vendor message and exception text goes
through :func:`~.keys.redact` before it is kept (escaped, no piece of the key, cut).
"""

from __future__ import annotations

import json
import math
import os
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .catalog import CONTROL, Probe
from .keys import ProbeError, error_message, escape, redact

if TYPE_CHECKING:
    import httpx

    from ..vendors import Api, Vendor

ACCEPTED, REJECTED, INCONCLUSIVE = "accepted", "rejected", "inconclusive"
#: what every probe asks the model (the schema is what is judged, not the answer)
PROMPT = "Reply with any value that fits the schema."
#: requests in flight at once
CONCURRENCY = 4
#: seconds a whole request may take (connecting, sending, reading the answer);
#: ``TIERONE_PROBE_TIMEOUT`` overrides it with a number > 0 and at most MAX_TIMEOUT
TIMEOUT = 30.0
MAX_TIMEOUT = 600.0
#: bytes of an error body read at most (64 KiB); the rest is never read
MAX_BODY = 65_536
#: characters of a vendor's message kept at most (after redaction)
MESSAGE_CHARS = 500
#: the status codes whose error body says the schema was refused
REFUSALS = frozenset({400, 422})


class Request(NamedTuple):
    """One request to send: a probe on one API path."""

    probe: Probe
    api: Api
    url: str
    body: dict[str, Any]
    #: exactly the schema the body carries
    schema: Any


class Result(NamedTuple):
    """A probe's answer: one entry of the report."""

    row: str
    probe: str
    api: str
    schema: Any
    status: str
    message: str | None
    #: the HTTP status (None when no answer came)
    http: int | None = None


def timeout() -> float:
    """The deadline of each request: ``TIERONE_PROBE_TIMEOUT`` (unset or blank: ``TIMEOUT``); a
    value that is not a finite number of seconds > 0 and <= ``MAX_TIMEOUT`` is a ProbeError."""
    text = os.environ.get("TIERONE_PROBE_TIMEOUT", "").strip()
    if not text:
        return TIMEOUT
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_TIMEOUT):
        raise ProbeError(
            f"TIERONE_PROBE_TIMEOUT must be a number of seconds greater than 0 and at most "
            f"{MAX_TIMEOUT:g}, not '{escape(text[:40])}'"
        )
    return seconds


def plan(vendor: Vendor, model: str, base_url: str, probes: Sequence[Probe]) -> list[Request]:
    """Every request: each API's control first, then each probe on each API (except a probe
    that the path's adaptation makes the same as the control: it would say nothing)."""
    requests = []
    for api in vendor.apis:
        url = base_url.rstrip("/") + api.path.format(model=model)
        control = api.adapt(CONTROL.schema)
        for probe in (CONTROL, *probes):
            schema = api.adapt(probe.schema)
            if probe is CONTROL or schema != control:
                requests.append(Request(probe, api, url, api.body(model, PROMPT, schema), schema))
    return requests


def headers(vendor: Vendor, key: str) -> dict[str, str]:
    """The headers of every request (an uncompressed answer: the body cap counts real bytes)."""
    return {
        "content-type": "application/json",
        "accept-encoding": "identity",
        **vendor.headers,
        vendor.key_header: vendor.key_format.format(key=key),
    }


def classify(request: Request, status: int, payload: bytes, key: str, cut: bool = False) -> Result:
    """A vendor's answer as a result: 2xx accepted, 400/422 rejected with the vendor's
    message, anything else inconclusive (rate limits, server errors, a refused key).
    ``cut``: the body went on past ``payload`` (``MAX_BODY`` bytes), unread."""
    message = None
    if status >= 300:
        try:
            message = error_message(json.loads(payload))
        except (ValueError, RecursionError):
            message = None
        if message is None:
            message = payload.decode("utf-8", "replace").strip() or f"HTTP {status}"
        message = redact(message, key, MESSAGE_CHARS)
        if cut:
            message += f" (the answer was cut at {MAX_BODY:,} bytes)"
    if 200 <= status < 300:
        verdict = ACCEPTED
    elif status in REFUSALS:
        verdict = REJECTED
    else:
        verdict = INCONCLUSIVE
        message = f"HTTP {status}: {message}"
    probe = request.probe
    return Result(probe.row, probe.id, request.api.name, request.schema, verdict, message, status)


def failed(
    request: Request, error: BaseException, key: str, status: int | None = None, deadline: _Deadline | None = None
) -> Result:
    """No (full) answer (timeout, network, a broken answer): inconclusive, with the error's
    redacted text (and the HTTP status when one came)."""
    import httpx

    if isinstance(error, (httpx.TimeoutException, _TooSlow)) or (deadline is not None and deadline.expired):
        seconds = f" within {deadline.seconds:g} s" if deadline is not None else ""
        text = f"timed out: no full answer{seconds}"
    else:
        what = "network error" if isinstance(error, (httpx.TransportError, OSError)) else "error"
        text = f"{what}: {type(error).__name__}: {error}".rstrip(": ")
    text = redact(text if status is None else f"HTTP {status}: {text}", key, MESSAGE_CHARS)
    probe = request.probe
    return Result(probe.row, probe.id, request.api.name, request.schema, INCONCLUSIVE, text, status)


class _TooSlow(Exception):
    """The deadline passed while the body was being read."""


def _shut(sock: Any) -> None:
    """Shut a socket down from another thread, through a duplicate of its descriptor (the
    socket object, perhaps a TLS one in use, is left as it is): a blocked read ends at once."""
    import socket

    try:
        fd = sock.fileno()
        duplicate = socket.fromfd(fd, sock.family, sock.type) if fd >= 0 else None
    except (OSError, AttributeError, ValueError):
        return
    if duplicate is not None:
        with duplicate:
            try:
                duplicate.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class _Deadline:
    """One request's total time. httpx's timeouts are per phase and per read, so a server that
    sends a byte at a time never trips them: at the deadline a timer shuts the request's
    socket down (which ends a blocked read at once); the body's reader checks the clock too."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds
        self.expired = False
        self._done = False
        self._sockets: list[Any] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def timeouts(self) -> httpx.Timeout:
        """httpx's per-phase timeouts, none longer than the time left."""
        import httpx

        return httpx.Timeout(max(self.end - time.monotonic(), 0.001))

    def passed(self) -> bool:
        return self.expired or time.monotonic() >= self.end

    def trace(self, event: str, info: Mapping[str, Any]) -> None:
        """httpx's trace hook: note each socket the request connects (and its TLS socket);
        once the response is closed the socket is no longer the request's (the timer leaves
        it alone)."""
        if event.endswith((".connect_tcp.complete", ".connect_unix_socket.complete", ".start_tls.complete")):
            stream = info.get("return_value")
            sock = stream.get_extra_info("socket") if stream is not None else None
            with self._lock:
                self._sockets.append(sock)
                if self.expired and not self._done:
                    _shut(sock)
        elif event.endswith(".response_closed.started"):
            with self._lock:
                self._done = True

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            if not self._done:
                for sock in self._sockets:
                    _shut(sock)

    def close(self) -> None:
        with self._lock:
            self._done = True
        self._timer.cancel()


def _read(response: httpx.Response, deadline: _Deadline) -> tuple[bytes, bool]:
    """At most ``MAX_BODY`` bytes of the body (as sent: no decompression), and whether more came."""
    data = bytearray()
    for chunk in response.iter_raw():
        data += chunk
        if len(data) > MAX_BODY:
            return bytes(data[:MAX_BODY]), True
        if deadline.passed():
            raise _TooSlow
    return bytes(data), False


def ask(client: httpx.Client, request: Request, key: str, seconds: float) -> Result:
    """One request under one deadline of ``seconds``; a body is read only for an error."""
    deadline = _Deadline(seconds)
    status = None
    try:
        with client.stream(
            "POST",
            request.url,
            content=json.dumps(request.body).encode(),
            timeout=deadline.timeouts(),
            extensions={"trace": deadline.trace},
        ) as response:
            status = response.status_code
            payload, cut = (b"", False) if status < 300 else _read(response, deadline)
    except Exception as error:  # noqa: BLE001 (whatever a server makes httpx raise is a result, never a crash)
        return failed(request, error, key, status, deadline)
    finally:
        deadline.close()
    return classify(request, status, payload, key, cut)


def send(vendor: Vendor, key: str, requests: Sequence[Request], seconds: float | None = None) -> list[Result]:
    """Send every request, ``CONCURRENCY`` at a time, each within ``seconds`` (default:
    :func:`timeout`); results in the order of ``requests``. No connection is reused: each
    request has its own socket, which its deadline may shut."""
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    seconds = timeout() if seconds is None else seconds
    limits = httpx.Limits(max_keepalive_connections=0)
    client = httpx.Client(timeout=seconds, headers=headers(vendor, key), follow_redirects=False, limits=limits)
    with client, ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
        return list(pool.map(lambda request: ask(client, request, key, seconds), requests))


def controlled(results: Iterable[Result]) -> list[Result]:
    """Results where an API's control was not accepted become inconclusive: that path's
    answers say nothing about the features (the model, the key or the path is wrong)."""
    results = list(results)
    failed_apis = {r.api: r for r in results if r.row == CONTROL.row and r.status != ACCEPTED}
    out = []
    for result in results:
        control = failed_apis.get(result.api)
        if control is not None and result.row != CONTROL.row and result.status != INCONCLUSIVE:
            said = f"; the vendor said: {result.message}" if result.message else ""
            result = result._replace(
                status=INCONCLUSIVE, message=f"the control schema was not accepted on {result.api}{said}"
            )
        out.append(result)
    return out


def estimate(vendor: Vendor, requests: Sequence[Request]) -> tuple[int, int, float]:
    """Input tokens, output tokens and US dollars if every request were accepted (an upper
    bound: a refused request costs nothing). Tokens are counted as JSON characters / 4."""
    tokens_in = sum(len(json.dumps(r.body)) // 4 + vendor.overhead_tokens for r in requests)
    tokens_out = sum(r.api.max_tokens for r in requests)
    price_in, price_out = vendor.prices
    return tokens_in, tokens_out, (tokens_in * price_in + tokens_out * price_out) / 1_000_000
