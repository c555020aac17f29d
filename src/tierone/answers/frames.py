"""An open container as the streaming parser (:mod:`.incremental`) holds it while it is read."""

from __future__ import annotations

from typing import Any

__all__ = ["COLON", "KEY", "NEXT", "VALUE", "Frame"]

#: what a frame expects next: a member name, the colon after it, a value, a comma or its end
KEY, COLON, VALUE, NEXT = range(4)
#: a frame's item plan not looked up yet
_UNSET: Any = object()


class Frame:
    """An open container being read: its value so far (in the original's meaning)."""

    __slots__ = ("array", "expects", "growing", "items", "key", "plan", "value", "where", "wrapper")

    def __init__(self, plan: Any, array: bool, where: Any, wrapper: bool = False) -> None:
        self.plan, self.array, self.where, self.wrapper = plan, array, where, wrapper
        self.value: Any = [] if array else {}
        self.expects = VALUE if array else KEY
        self.key: Any = None
        #: whether the last item (array) or the member ``key`` holds a value still being written
        self.growing = False
        #: an array's item plan once looked up (None: items read as they are)
        self.items: Any = _UNSET
