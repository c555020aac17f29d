"""The open containers of an answer the streaming parser (:mod:`.incremental`) reads: each one
as it holds it while it is read (:class:`Frame`), and how a value complete inside one is read
through its plan and put in place in the answer so far (:class:`Containers`)."""

from __future__ import annotations

from typing import Any

from ..core.validation import CannotJudge
from ..rewriter.shapes import REST_MEMBER, ROOT_MEMBER
from .decoding import read_encoded
from .reader import Reader, Walk

__all__ = ["AT_ROOT", "COLON", "KEY", "NEXT", "RAW", "UNSET", "VALUE", "Containers", "Frame"]

#: what a frame expects next: a member name, the colon after it, a value, a comma or its end
KEY, COLON, VALUE, NEXT = range(4)
#: a frame's item plan not looked up yet
UNSET: Any = object()
#: stands for "no plan": the value is its own reading (a free position, or nothing to undo)
RAW = None
#: where a string being shown grows when it is the whole answer (no frame holds it)
AT_ROOT = object()


class Frame:
    """An open container being read: its value so far (in the original's meaning)."""

    __slots__ = (
        "array",
        "expects",
        "gathered",
        "growing",
        "items",
        "key",
        "plan",
        "reader",
        "value",
        "where",
        "wrapper",
    )

    def __init__(self, plan: Any, array: bool, where: Any, wrapper: bool = False) -> None:
        self.plan, self.array, self.where, self.wrapper = plan, array, where, wrapper
        self.value: Any = [] if array else {}
        self.expects = VALUE if array else KEY
        self.key: Any = None
        #: whether the last item (array) or the member ``key`` holds a value still being written
        self.growing = False
        #: an array's item plan once looked up (None: items read as they are)
        self.items: Any = UNSET
        #: the reader of its small items as they come, and what opens them (see
        #: :meth:`~.small_items.SmallItems._list_reader`), once made
        self.reader: Any = None
        #: whether the members its ``tierone_rest`` held are merged in already
        self.gathered = False


class Containers:
    """The answer so far (:attr:`root`) and its open containers (``_stack``, innermost last):
    what puts each complete value in place, read through its plan."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader
        self._walk = Walk(reader, True)
        self._stack: list[Frame] = []
        #: the answer so far, in the original's meaning
        self.root: Any = None
        #: set where a part was read otherwise than the whole text's reading would
        self.unsure = False
        #: the wrapper object of a root carried in ``tierone_root`` (None: none seen)
        self._wrapper: Any = None

    def _items_plan(self, frame: Frame) -> Any:
        """The plan an array frame's items are read through (None: read as they are), kept."""
        plan = self._plan_in(frame)
        frame.items = plan = None if plan is RAW or plan.inert else plan
        return plan

    def _opened(self, plan: Any, array: bool, where: Any, parent: Frame | None) -> Frame | None:
        """The frame of a container read as it comes, or None where its plan reads it whole."""
        if parent is None and not array and self._reader.wrapped is not None:
            frame = Frame(RAW, False, where, wrapper=True)  # {"tierone_root": ...}: read inside
            self._wrapper = frame.value
            return frame
        if plan is RAW or plan.inert:
            return Frame(RAW, array, where)
        if not plan.plain() and not (plan.gathers and plan.plain(but="gathers")):  # (tierone_rest: merged in _place)
            return None
        node = plan.node
        if not isinstance(node, dict) or "prefixItems" in node or (node.get("type") == "array") != array:
            return None
        return Frame(plan, array, where)

    def _plan_in(self, frame: Frame) -> Any:
        if frame.wrapper:
            return self._reader.wrapped if frame.key == ROOT_MEMBER else RAW
        plan = frame.plan
        if plan is RAW:
            return RAW
        if frame.array:
            return plan.items
        if frame.key == REST_MEMBER and plan.gathers:
            return GATHERED
        return plan.child(frame.key) if frame.key in plan.properties else plan.additional

    def _read(self, plan: Any, value: Any, where: Any) -> Any:
        if plan is RAW or plan.inert:
            return value
        try:
            return plan.owns(value, where, self._walk)
        except (CannotJudge, RecursionError):
            self.unsure = True
            return value  # close() says what is wrong

    def _place(self, frame: Frame | None, value: Any, growing: bool = False) -> None:
        """Put a value in its container (a growing one replaces the last shown)."""
        if frame is None:
            self.root = value
            return
        if frame.array:
            if frame.growing:
                frame.value[-1] = value
            else:
                frame.value.append(value)
        elif frame.key == REST_MEMBER and frame.plan is not RAW and frame.plan.gathers:
            self._gather(frame, value)
        else:
            if frame.gathered:  # a member after the gathered ones: the whole text's reading puts it before
                self.unsure = True
            if value is None and frame.plan is not RAW and frame.key in frame.plan.optional:
                frame.value.pop(frame.key, None)  # null means absent
            else:
                frame.value[frame.key] = value
        frame.growing = growing
        if not growing:
            frame.expects = NEXT
        if frame.wrapper and len(frame.value) == 1:  # another member first: no wrapper (read whole at the end)
            self.root = frame.value.get(ROOT_MEMBER)

    def _gather(self, frame: Frame, text: Any) -> None:
        """The members an object's complete ``tierone_rest`` holds, each read through its plan
        and merged in (as the whole text's reading merges them: :func:`~.decoding.gather_rest`).
        Where that reading might differ (no JSON object, a member named twice; a member the
        object declares, which a null given for it beside may repeat), the whole text is read
        again at the end."""
        errors: list[Any] = []
        held = read_encoded(errors, text, (frame.where, REST_MEMBER)) if text.__class__ is str else None
        plan = frame.plan
        if errors or held.__class__ is not dict or any(name in frame.value for name in held):
            self.unsure = True
            return
        frame.gathered = True
        for name, member in held.items():
            if name in plan.properties:
                self.unsure = True
                if member is None and name in plan.optional:
                    continue  # null means absent
                frame.value[name] = self._read(plan.child(name), member, (frame.where, name))
            else:
                frame.value[name] = self._read(plan.additional, member, (frame.where, name))

    def grow(self, frame: Any, chunk: str) -> None:
        """The string being shown, longer by ``chunk`` (which holds no quote or escape)."""
        if frame is AT_ROOT:
            self.root += chunk
        elif frame.array:
            frame.value[-1] += chunk
        else:
            frame.value[frame.key] += chunk

    def _closing(self, pos: int) -> int:
        """The innermost frame closes at ``pos``: its value, already in place, is complete."""
        stack = self._stack
        stack.pop()
        if stack:
            stack[-1].growing, stack[-1].expects = False, NEXT
        return pos + 1


class _Gathered:
    """The plan of the member ``tierone_rest`` of an object whose members may be gathered
    there: its text, never shown as it grows, is read as it is, and merged once complete."""

    inert = False

    @staticmethod
    def plain() -> bool:
        return False

    @staticmethod
    def owns(value: Any, where: Any, walk: Any) -> Any:
        return value


GATHERED: Any = _Gathered()
