"""Reading the model's answers: a strict-mode answer turned back into what the original schema
means (:func:`restore`), an instance in the form it travels under the strict schema
(:func:`to_strict_form`), and the one-call facade from a pydantic model (or a schema) to the
vendor request fragments and back to a validated answer (:func:`strict`, :class:`Strict`).

Inside, imports run one way: the records and errors (:mod:`.findings`), JSON text and encoded
values (:mod:`.decoding`), union-branch verdicts (:mod:`.verdicts`), the plans
(:mod:`.plans`), the code generator (:mod:`.branches`, :mod:`.codegen`), the walk
(:mod:`.reader`), :mod:`.restore` and :mod:`.strictform`, :mod:`.strict` (with
:mod:`.rendition`, :mod:`.casing`, :mod:`.incremental` and :mod:`.streaming` below it), then
:mod:`.making` and :mod:`.requesting` on top. The names
below are this package's API; :mod:`tierone` re-exports them on first use.
"""

from __future__ import annotations

# imported here, not on first use: a submodule's name (``restore``, ``strict``) would otherwise
# shadow the function of that name once the submodule is loaded
from .findings import RestoreError, StrictError
from .making import strict
from .rendition import Rendition
from .requesting import Request, Tool, request
from .restore import Restored, restore
from .strict import Strict
from .strictform import to_strict_form

__all__ = [
    "Rendition",
    "Request",
    "RestoreError",
    "Restored",
    "Strict",
    "StrictError",
    "Tool",
    "request",
    "restore",
    "strict",
    "to_strict_form",
]
