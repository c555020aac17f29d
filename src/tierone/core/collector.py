"""Cyclic garbage collection held off for the span of one rewrite or lint.

The passes and the linter build and drop millions of small objects (pointers, visits, copied
nodes), none of them in a reference cycle: reference counting frees each one the moment it is
dropped. The cycle collector does not know that, and each of its full passes walks every object
the caller's program holds. Over the corpus it spent a sixth of a rewrite's time finding nothing
(bench/peers.py). Inside :func:`collection_held`, no collection starts; the collector resumes
as it was when the block ends, so a cycle made inside (a caught exception and its frame) is
collected then.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_held() -> Iterator[None]:
    """No cyclic collection inside the block, unless the caller had it off already (then it
    stays off). Nested blocks and threads are safe: only the block that turned it off turns it
    back on."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
