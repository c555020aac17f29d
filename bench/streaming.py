"""Reading an answer while it streams, against reading it whole: a 100 KB answer fed to
``Strict.stream()`` in chunks of 1 to 20 characters (``feed`` each, then ``close``) against one
``Strict.parse`` of the whole text (target: at most 3x), for each answer shape below.

Each pair runs alternately; the report gives the median time per answer, the ratio, the part
spent in ``feed`` alone, the baseline's spread across runs (so a noisy machine shows), and the
floor: a ``feed`` that only keeps each chunk, over the same chunks. The long text checks linear
time (a chunk inside a string grows it in place, escapes and all): one parse of it is a single
scan at C speed, so its ratio to parse is bounded by that floor rather than by the reading.

    python bench/streaming.py [--runs 15] [--size 100000] [--profile openai]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import alternate

from tests.answers.loop_models import LOOP


def _bill(count: int) -> dict[str, Any]:
    lines = [
        {"item": f"item {i}: a teapot of the usual kind", "quantity": i % 7 + 1, "unit_price": f"{i}.50"}
        | ({"note": "fragile, handle with care"} if i % 3 == 0 else {})
        for i in range(count)
    ]
    return {"number": "2026-7", "issued": "2026-12-01", "lines": lines, "discount": "0.10"}


def _thread(count: int) -> dict[str, Any]:
    replies = [
        {"author": f"user{i}", "text": "I agree with the point above, and would add this. " * 3} for i in range(count)
    ]
    return {"author": "ann", "text": "What do you think of the proposal?", "replies": replies}


def _events(count: int) -> dict[str, Any]:
    kinds = [
        {"kind": "login", "user": "ann", "at": "2026-12-01T10:00:00Z"},
        {"kind": "purchase", "user": "ann", "amount": 19.5, "coupon": "WINTER"},
        {"kind": "logout", "user": "ann"},
    ]
    return {"events": [kinds[i % 3] for i in range(count)]}


def _text(size: int) -> dict[str, Any]:
    prose = 'She said "it works".\nThen a path, C:\\temp, a café and a ☕. '
    return {"author": "ann", "text": prose * (size // len(prose)), "replies": []}


#: each answer shape: the model, and an instance of about ``size`` characters of JSON
SHAPES: dict[str, tuple[str, Callable[[int], dict[str, Any]]]] = {
    "invoice (1 list of objects)": ("Bill", lambda size: _bill(size // 110)),
    "thread (long strings)": ("Message", lambda size: _thread(size // 190)),
    "event log (a union per item)": ("EventLog", lambda size: _events(size // 62)),
    "long text (one string)": ("Message", lambda size: _text(size * 10 // 11)),
}
#: the shapes the target is set for (the long text is there for linear time)
TARGETED = tuple(SHAPES)[:3]


class _Keeper:
    """The floor: a stream that only keeps each chunk."""

    __slots__ = ("_add",)

    def __init__(self) -> None:
        self._add = [].append

    def feed(self, chunk: str) -> None:
        self._add(chunk)


def _chunks(text: str, seed: int) -> list[str]:
    pieces, at, draw = [], 0, random.Random(seed)
    while at < len(text):
        size = draw.randint(1, 20)
        pieces.append(text[at : at + size])
        at += size
    return pieces


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--size", type=int, default=100_000, help="characters of each answer (about)")
    parser.add_argument("--profile", default="openai")
    args = parser.parse_args()

    import tierone

    print(f"{args.size:,}-character answers in chunks of 1-20 characters, {args.profile}, median of {args.runs} runs")
    worst = 0.0
    for label, (name, instance) in SHAPES.items():
        model = LOOP[name][0]
        made = tierone.strict(model, args.profile)
        data = model.model_validate(instance(args.size)).model_dump(mode="json")
        text = json.dumps(tierone.to_strict_form(data, made.original, args.profile))
        pieces = _chunks(text, 0)

        def fed(pieces: list[str] = pieces, made: Any = made) -> Any:
            stream = made.stream()
            for piece in pieces:
                stream.feed(piece)
            return stream

        def stream_whole(fed: Callable[[], Any] = fed) -> Any:
            return fed().close()

        def kept(pieces: list[str] = pieces) -> None:
            keeper = _Keeper()
            for piece in pieces:
                keeper.feed(piece)

        assert stream_whole() == made.parse(text)
        times = alternate(
            args.runs, stream=stream_whole, feeds=fed, floor=kept, parse=lambda made=made, text=text: made.parse(text)
        )
        stream, feeds, floor, whole = (statistics.median(times[k]) * 1e3 for k in ("stream", "feeds", "floor", "parse"))
        low, high = min(times["parse"]) * 1e3, max(times["parse"]) * 1e3
        if label in TARGETED:
            worst = max(worst, stream / whole)
        print(
            f"  {label:<30} {len(text):>7,} chars {len(pieces):>6,} chunks: stream {stream:7.2f} ms "
            f"(feeds {feeds:6.2f}, floor {floor:5.2f}) vs parse {whole:6.2f} ms = {stream / whole:5.2f}x "
            f"(floor {floor / whole:4.2f}x; parse {low:.2f}..{high:.2f} ms, spread {high / low - 1:.0%})"
        )
    print(f"worst of the first {len(TARGETED)}: {worst:.2f}x (target: at most 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
