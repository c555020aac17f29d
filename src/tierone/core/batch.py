"""Settings for running many inputs in one process."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: allocations between two young-generation collections while a batch runs (Python's default: 700)
BATCH_THRESHOLD = 100_000


@contextmanager
def batch() -> Iterator[None]:
    """Run the cyclic garbage collector rarely for the duration of a batch.

    A batch allocates millions of small acyclic values (pointers, hits, findings) that stay
    alive until the report is written: at the default threshold the collector runs every 700
    allocations and, as the live set grows, its full passes cost about a tenth of a corpus run
    while freeing nothing. Reference counting still frees everything at once; the previous
    thresholds come back when the batch ends, even on an error.
    """
    previous = gc.get_threshold()
    gc.set_threshold(BATCH_THRESHOLD, *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)
