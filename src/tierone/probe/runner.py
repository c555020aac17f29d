"""Build the probe requests and send them (httpx, a few at a time, each with a timeout).

A key is never part of a result: every vendor message and every exception text is scrubbed
of it (the key itself, its first and last eight characters, and anything shaped like a
vendor key) before it is kept.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .catalog import CONTROL, Probe
from .vendors import Api, Vendor, error_message

ACCEPTED, REJECTED, INCONCLUSIVE = "accepted", "rejected", "inconclusive"
#: requests in flight at once
CONCURRENCY = 4
#: seconds a request may take; ``TIERONE_PROBE_TIMEOUT`` overrides it
TIMEOUT = 30.0
#: the status codes whose error body says the schema was refused
REFUSALS = frozenset({400, 422})
#: anything that looks like an API key of one of the vendors
_KEY_SHAPED = re.compile(r"\b(?:sk-[A-Za-z0-9_\-*.]{8,}|AIza[A-Za-z0-9_\-]{20,})")
REDACTED = "[redacted]"


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
    try:
        return float(os.environ.get("TIERONE_PROBE_TIMEOUT", TIMEOUT))
    except ValueError:
        return TIMEOUT


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
                requests.append(Request(probe, api, url, api.body(model, schema), schema))
    return requests


def headers(vendor: Vendor, key: str) -> dict[str, str]:
    return {"content-type": "application/json", **vendor.headers,
            vendor.key_header: vendor.key_format.format(key=key)}


def scrub(text: str, key: str) -> str:
    """``text`` without the key, pieces of it, or anything shaped like a key."""
    if key:
        text = text.replace(key, REDACTED)
        if len(key) >= 24:
            text = text.replace(key[:8], REDACTED).replace(key[-8:], REDACTED)
    return _KEY_SHAPED.sub(REDACTED, text)


def classify(request: Request, status: int, payload: bytes, key: str) -> Result:
    """A vendor's answer as a result: 2xx accepted, 400/422 rejected with the vendor's
    message, anything else inconclusive (rate limits, server errors, a refused key)."""
    message = None
    if status >= 300:
        try:
            message = error_message(json.loads(payload))
        except ValueError:
            message = None
        if message is None:
            message = payload[:300].decode("utf-8", "replace").strip() or f"HTTP {status}"
        message = scrub(message, key)
    if 200 <= status < 300:
        verdict = ACCEPTED
    elif status in REFUSALS:
        verdict = REJECTED
    else:
        verdict = INCONCLUSIVE
        message = f"HTTP {status}: {message}"
    probe = request.probe
    return Result(probe.row, probe.id, request.api.name, request.schema, verdict, message, status)


def failed(request: Request, error: BaseException, key: str) -> Result:
    """No answer (timeout, network): inconclusive, with the error's scrubbed text."""
    import httpx

    what = "timed out" if isinstance(error, httpx.TimeoutException) else "network error"
    text = scrub(f"{what}: {type(error).__name__}: {error}".rstrip(": "), key)
    probe = request.probe
    return Result(probe.row, probe.id, request.api.name, request.schema, INCONCLUSIVE, text)


def send(vendor: Vendor, key: str, requests: Sequence[Request]) -> list[Result]:
    """Send every request, ``CONCURRENCY`` at a time; results in the order of ``requests``."""
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    sent_headers = headers(vendor, key)
    with httpx.Client(timeout=timeout(), headers=sent_headers, follow_redirects=False) as client:

        def one(request: Request) -> Result:
            try:
                response = client.post(request.url, content=json.dumps(request.body).encode())
            except httpx.HTTPError as error:
                return failed(request, error, key)
            return classify(request, response.status_code, response.content, key)

        with ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
            return list(pool.map(one, requests))


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
                status=INCONCLUSIVE,
                message=f"the control schema was not accepted on {result.api}{said}")
        out.append(result)
    return out


def estimate(vendor: Vendor, requests: Sequence[Request]) -> tuple[int, int, float]:
    """Input tokens, output tokens and US dollars if every request were accepted (an upper
    bound: a refused request costs nothing). Tokens are counted as JSON characters / 4."""
    tokens_in = sum(len(json.dumps(r.body)) // 4 + vendor.overhead_tokens for r in requests)
    tokens_out = sum(r.api.max_tokens for r in requests)
    price_in, price_out = vendor.prices
    return tokens_in, tokens_out, (tokens_in * price_in + tokens_out * price_out) / 1_000_000
