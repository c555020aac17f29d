"""Where the parts of a pydantic model's JSON Schema are written: the line of the model's
class for its node, of a field for its property, of a nested model's (or enum's) class for
its ``$defs`` entry. Read with :mod:`ast` from the module's source file, only when a finding
needs a place; what cannot be placed (a class defined in another file, a model built at run
time) has no place, as before."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any, NamedTuple

from .pointer import Segment

Position = tuple[int, int]


class ClassPlace(NamedTuple):
    """Where one class is written, and its fields (by property name)."""

    position: Position
    fields: Mapping[str, Position]


def source_file(target: Any) -> str | None:
    """The file a class is defined in, or None (a built-in, a class made at run time)."""
    import inspect

    if not isinstance(target, type):
        return None
    try:
        name = inspect.getsourcefile(target)
    except (TypeError, OSError):
        return None
    return name if name and os.path.isfile(name) else None


def shown(file: str) -> str:
    """A source file as reports name it: relative to the working directory when below it."""
    relative = os.path.relpath(file)
    return file if relative.startswith(os.pardir) else relative


class ModelLocator:
    """Positions of a model's schema parts in the model's own source file."""

    def __init__(self, model: type, file: str) -> None:
        self._model = model
        self._file = file

    @cached_property
    def _places(self) -> dict[str, ClassPlace]:
        """Every class reachable from the model and written in its file, by ``$defs`` name (the
        model itself under ``""``)."""
        import ast

        try:
            with open(self._file, encoding="utf-8") as handle:
                tree = ast.parse(handle.read())
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
            return {}
        written = _class_defs(tree)
        places: dict[str, ClassPlace] = {}
        for cls in _reachable(self._model):
            if source_file(cls) != self._file:
                continue
            place = _class_place(cls, written)
            if place is not None:
                places[cls.__name__] = place
                if cls is self._model:
                    places[""] = place
        return places

    def locate(self, wanted: Iterable[tuple[Segment, ...]]) -> Mapping[tuple[Segment, ...], Position]:
        places = self._places
        if "" not in places:
            return {}
        result = {}
        for parts in wanted:
            position = _position(parts, places)
            if position is not None:
                result[parts] = position
        return result


def _position(parts: tuple[Segment, ...], places: Mapping[str, ClassPlace]) -> Position | None:
    root = places[""]
    place: ClassPlace | None = root
    position: Position | None = root.position
    index = 0
    while index + 1 < len(parts):
        segment, name = parts[index], parts[index + 1]
        if segment in ("$defs", "definitions") and isinstance(name, str):
            place = places.get(name)
            position = place.position if place is not None else None
        elif segment == "properties" and place is not None and isinstance(name, str) and name in place.fields:
            position, place = place.fields[name], None  # below a field: its line
        else:
            break
        index += 2
    return position


def _class_defs(tree: Any) -> dict[str, Any]:
    """Every class statement of a module, by qualified name (``Outer.Inner``)."""
    import ast

    found: dict[str, Any] = {}
    stack: list[tuple[Any, str]] = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = f"{prefix}{child.name}"
                found.setdefault(name, child)
                stack.append((child, f"{name}."))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                stack.append((child, f"{prefix}{child.name}.<locals>."))
            elif not isinstance(child, ast.expr):
                stack.append((child, prefix))
    return found


def _class_place(cls: type, written: Mapping[str, Any]) -> ClassPlace | None:
    import ast

    statement = written.get(cls.__qualname__)
    if statement is None:
        return None
    fields: dict[str, Position] = {}
    names = _property_names(cls)
    for base in reversed(cls.__mro__):  # a subclass's own field wins over an inherited one
        base_statement = written.get(base.__qualname__) if source_file(base) == source_file(cls) else None
        if base_statement is None:
            continue
        for item in base_statement.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.target.id in names:
                fields[names[item.target.id]] = (item.target.lineno, item.target.col_offset + 1)
    return ClassPlace((statement.lineno, statement.col_offset + 1), fields)


def _property_names(cls: type) -> dict[str, str]:
    """A model's field names mapped to the property names its schema uses (aliases)."""
    found = getattr(cls, "model_fields", None)
    if not isinstance(found, Mapping):
        return {}
    names = {}
    for name, info in found.items():
        alias = getattr(info, "validation_alias", None)
        if not isinstance(alias, str):
            alias = getattr(info, "alias", None)
        names[name] = alias if isinstance(alias, str) and alias else name
    return names


def _reachable(model: type) -> list[type]:
    """The model and every class its fields name, through ``list[...]``, ``X | None`` and the like."""
    import typing

    seen: list[type] = []
    stack: list[Any] = [model]
    while stack:
        item = stack.pop()
        if isinstance(item, type):
            if item in seen:
                continue
            seen.append(item)
            fields = getattr(item, "model_fields", None)
            if isinstance(fields, Mapping):
                stack.extend(getattr(info, "annotation", None) for info in fields.values())
            stack.extend(typing.get_args(item))  # a parametrised generic model
        elif item is not None:
            stack.extend(typing.get_args(item))
    return seen
