"""``strict()``: from a pydantic model (or a schema) to a :class:`~.strict.Strict`, made once per
source and options (the last :data:`MADE` are kept)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import orjson

from ..core.inputs import import_model, is_model, load_schema, looks_like_model, model_name
from ..core.recent import Recent
from .findings import StrictError
from .rendition import Rendition
from .strict import Strict

__all__ = ["MADE", "forget", "strict"]


def strict(
    source: Any,
    profile: str | None = None,
    *,
    unroll: int | None = None,
    exact: bool = False,
    refs: Sequence[str] = (),
) -> Strict:
    """``source`` (a pydantic model class or ``TypeAdapter``, a schema, a path or
    ``"module:attribute"``) made strict: for each vendor's own profile (each rendition made
    when first asked for), or for ``profile`` alone when one is named.

    Raises :class:`StrictError` (a ``ValueError``) whose ``.findings`` say where and why when
    the schema cannot be made strict for the profile (without one: when a rendition is first
    asked for), and :class:`~tierone.core.errors.InputError` when the source cannot be read. A
    recursive model is kept recursive where the profile allows it (openai, gemini); where it
    does not, ``unroll=N`` unrolls it N levels deep (see :func:`tierone.rewrite`). Where the
    rendition is looser than the original (what the profile cannot carry),
    :attr:`Rendition.loosened` lists each place, which reading enforces; ``exact=True`` refuses
    instead. ``refs``: the folders from which the schema's relative file references are read
    and bundled (:func:`tierone.rewrite`). The same model class (or the same schema content
    from the same place) with the same options gives the same :class:`Strict` again, made
    once: build it where it is used.
    """
    model = model_of(source)
    options = (source if isinstance(source, str) else None, profile, unroll, exact, tuple(refs))
    if model is not None:  # a model class is its own key: its schema is not even made again
        return _made(("model", model, *options), lambda: _strict(model, None, source, *options[1:]))
    loaded = load_schema(source, refs=refs)
    try:
        content = orjson.dumps(loaded.data)
    except (TypeError, orjson.JSONEncodeError):  # e.g. an integer past 64 bits: made each time
        return _strict(None, loaded, source, *options[1:])
    return _made(("schema", content, loaded.path, *options), lambda: _strict(None, loaded, source, *options[1:]))


#: the :class:`Strict` objects made last, by what they were made of (the oldest go past it)
MADE = 128
_made_last: Recent[Any, Strict] = Recent(MADE)


def forget() -> None:
    """Forget every :class:`Strict` made (the next :func:`strict` makes each anew)."""
    _made_last.clear()


def _made(key: Any, make: Any) -> Strict:
    """The :class:`Strict` made of ``key`` before, else ``make()`` (kept for the next call)."""
    found = _made_last.get(key)
    if found is None:
        found = make()
        _made_last.put(key, found)
    return found


def _strict(
    model: Any, loaded: Any, source: Any, profile: str | None, unroll: int | None, exact: bool, refs: tuple[str, ...]
) -> Strict:
    if loaded is None:
        loaded = load_schema(model, refs=refs)
    name = model_name(model) if model is not None and not isinstance(source, str) else loaded.path
    check = None if model is None else check_of(model)

    def make(chosen: str) -> Rendition:
        return rendition(loaded.data, name, chosen, unroll, exact, check)

    if profile is None:
        return Strict(loaded.data, None, model, name, _make=make)
    return Strict(loaded.data, profile, model, name, make(profile))


def rendition(
    original: Any,
    name: str,
    profile: str,
    unroll: int | None,
    exact: bool,
    check: Any,
    limits: dict[str, int] | None = None,
) -> Rendition:
    """``original`` made strict for ``profile`` (``limits``: its share of a request's) and read
    by a reader made for it; a :class:`StrictError` naming each place the profile cannot carry."""
    from ..rewriter.passes.budgets import encodes_to_fit, gathers_members
    from ..rewriter.rewrite import rewrite

    result = rewrite(original, profile, unroll=unroll, exact=exact, limits=limits)
    if not result.ok:
        raise StrictError(
            (
                (u.pointer, f"{u.rule} {u.reason}{_WAY_OUT if u.rule == 'T501' and unroll == 0 else ''}")
                for u in result.unfixable
            ),
            f"{name}: cannot be made strict for {profile}",
        )
    lenient = encodes_to_fit(result.loosened)
    return Rendition(
        result.schema,
        profile,
        result.loosened,
        original,
        lenient=lenient,
        # an open object that declares members, inside a subtree a limit encodes, is described
        # as its members beside tierone_rest (the ledger's place for that change is inside the
        # encoded subtree, so it no longer says so)
        gathers=gathers_members(result.loosened) or (lenient and _declares_open_members(original)),
        check=check,
        case_note=_case_note(profile),
    )


def _declares_open_members(original: Any) -> bool:
    """Whether any subschema of ``original`` is an open object that declares members."""
    from ..core.walker import walk
    from ..rewriter.open_objects import open_with_members

    return any(open_with_members(visit.schema) for visit in walk(original))


def _case_note(profile: str) -> str | None:
    """What the first vendor the profile is made for that may change the case of enum and
    const strings says of it (None: no such vendor)."""
    from ..subset.profiles import covers
    from ..vendors import VENDORS

    return next((v.case_drift for v in VENDORS.values() if v.case_drift and covers(profile, v)), None)


#: what a refusal of recursion says to do
_WAY_OUT = "; unroll=N (or leaving it out) unrolls the recursion N levels deep"


def check_of(model: Any) -> Any:
    """The model's validation of plain data: ``model_validate`` (or a ``TypeAdapter``'s
    ``validate_python``); where that is pydantic's own, which only hands the data to the
    model's validator, that validator at once."""
    check = getattr(model, "model_validate", None)
    if check is None:
        return model.validate_python
    from pydantic import BaseModel

    if getattr(check, "__func__", None) is not getattr(BaseModel.model_validate, "__func__", None):
        return check  # the model's own model_validate
    return model.__pydantic_validator__.validate_python  # built: model_json_schema() built it


def model_of(source: Any) -> Any:
    """The pydantic model (class or ``TypeAdapter``) ``source`` is or names, else None."""
    if isinstance(source, str) and not os.path.exists(source) and looks_like_model(source):
        return import_model(source)
    return source if is_model(source) else None
