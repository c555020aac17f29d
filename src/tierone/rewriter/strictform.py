"""The strict (wire) form of an instance: what a model honoring the rewritten schema sends.

The inverse of :func:`tierone.rewriter.restore.restore`, used to test round trips and to show
users what their answers will look like: absent optional members become ``null`` and
free-form data becomes a JSON string, exactly where the rewriter put those shapes.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.jsontypes import names_at
from ..core.patterns import PatternTimeout
from ..core.pointer import Pointer
from ..core.validation import CannotJudge
from .restore import _Reader


def to_strict_form(instance: Any, original: Any) -> Any:
    """``instance`` (valid under ``original``) as it travels under the rewritten schema."""
    from ..core.depth import deeply

    return deeply(_Filler(original).value, instance, original, Pointer())


def normalized(instance: Any, original: Any) -> Any:
    """``instance`` as restore gives it back: explicit nulls of optional members are absent
    (null means absent), everything else unchanged."""
    from ..core.depth import deeply

    return deeply(_Filler(original, fill=False).value, instance, original, Pointer())


class _Filler(_Reader):
    def __init__(self, original: Any, fill: bool = True) -> None:
        super().__init__(original)
        self.fill = fill

    def free_form(self, value: Any, pointer: Pointer) -> tuple[bool, Any]:
        return True, (json.dumps(value, ensure_ascii=False) if self.fill else value)

    def branch(self, value: Any, branches: list[Any], pointer: Pointer) -> Any:
        """Fill through the first branch the (original) value satisfies."""
        for branch in branches:
            target = self.deref(branch)
            try:
                if self.judge(target, value):
                    return self.value(value, branch, pointer)
            except (CannotJudge, PatternTimeout, RecursionError):
                raise
            except Exception:  # noqa: BLE001, S112 (a branch we cannot judge is simply not chosen)
                continue
        return value

    def members(self, value: dict[str, Any], schema: dict[str, Any], pointer: Pointer) -> dict[str, Any]:
        declared = schema.get("properties")
        properties: dict[str, Any] = declared if isinstance(declared, dict) else {}
        additional = schema.get("additionalProperties")
        filled = {}
        required = names_at(schema)
        for name, sub in properties.items():
            if name in value and not (value[name] is None and name not in required):
                filled[name] = self.value(value[name], sub, pointer.child(name))
            elif self.fill:
                filled[name] = None
        for name, member in value.items():
            if name not in properties:
                filled[name] = self.value(member, additional, pointer.child(name), encodable=False) if isinstance(additional, dict) else member
        return filled


def as_read(schema: Any) -> Any:
    """``schema`` as the rewriter reads it: ``properties`` without a ``type`` describe an
    object, a schema whose keywords imply one type has it, and an object that declares
    properties without saying ``additionalProperties`` is closed. Instances of this reading
    are exactly the ones a rewrite carries without loss."""
    from ..core.jsontypes import is_object_schema
    from ..core.walker import detached, transform
    from .shapes import inferred_type

    def read(node: Any, pointer: Any) -> Any:
        if not isinstance(node, dict):
            return node
        implied = inferred_type(node)
        if implied is not None:
            node = {**node, "type": implied}
        if is_object_schema(node) and node.get("properties") and "additionalProperties" not in node:
            node = {**node, "additionalProperties": False}
        return node

    return detached(transform(schema, read))
