"""What in an original restore could not get past: no rendition is written for a schema whose
answers no one could read (rules T502 and T503: a reference that leads nowhere, or round a
cycle that never descends into the value; T606: a keyword whose value its meta-schema refuses)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.cycles import ENDLESS_WHY
from ..core.pointer import Pointer
from ..core.validation import REFERENCE_KEYWORDS
from .passes import Unfixable
from .passes.base import graph_of


def unreadable_references(original: Any, references: Iterable[str]) -> list[Unfixable]:
    """A reference of the original that does not lead into the document, wherever it stands
    (also under a keyword the rendition drops: ``unevaluatedProperties``, ``not``, ``if``):
    restore reads every answer against the original, and could read none (it never fetches),
    so no rendition is written. T502 for one to another document, T503 for one that names
    nothing here (the first such reference). ``references``: every reference of the original
    (the value of each reference keyword of every object in it: :func:`scanned`)."""
    from ..core.refs import LOCAL
    from ..core.validation import ReferenceNotHere, check_references

    graph = graph_of(original)
    endless = [site for site, _, _ in graph.sites if site in graph.endless]
    if endless:
        return [Unfixable(endless[0], "T503", f"the reference {ENDLESS_WHY}: no answer could be read")]
    # the document's own graph first: jsonschema (and its meta-schema check) only for a suspect
    if all(graph.resolve(ref).kind == LOCAL for ref in references):
        return []
    try:
        check_references(original, "the schema's")
    except ReferenceNotHere as problem:
        rule = "T503" if problem.ref.startswith("#") else "T502"
        return [
            Unfixable(
                _located(problem.pointer, original),
                rule,
                f"the reference {problem.ref!r} does not lead into this document: restore reads every answer "
                "against the original and never fetches, so no answer could be read" + _file_hint(problem.ref),
            )
        ]
    return []


def malformed_keywords(original: Any, profile: str) -> list[Unfixable]:
    """Each keyword of the original whose value is malformed (rule T606: the linter's finding),
    wherever it stands (a pass may drop it, or the subtree holding it, from the rendition):
    restore finds such an original no schema and reads no answer under it. An ``enum`` whose
    values repeat is no such keyword where its dialect lets them repeat (draft 6 on): the
    rendition writes each value once, and means the same."""
    from ..core.pointer import PointerError
    from ..linter.api import lint_rendition
    from .passes.old_drafts import requires_unique_enum

    found = lint_rendition(original, profile, ["T606"])
    if not found:
        return []
    unique = requires_unique_enum(original)
    refused = []
    for diagnostic in found:
        if diagnostic.keyword == "enum" and not unique:
            try:
                if isinstance(diagnostic.pointer.resolve(original).get("enum"), list):
                    continue  # its values repeat: written once each
            except PointerError:
                pass
        refused.append(Unfixable(diagnostic.pointer, "T606", diagnostic.message))
    return refused


def _located(pointer: str, original: Any) -> Pointer:
    """The place ``pointer`` names, as the walker writes it (array indices as numbers)."""
    from ..core.pointer import PointerError

    try:
        return Pointer.parse(pointer).located(original)
    except PointerError:
        return Pointer.parse(pointer)


def _file_hint(ref: str) -> str:
    """For a reference to a file by a relative name: how to have it bundled."""
    from ..core.bundling import file_address

    return "; to bundle a file beside the schema, name its folder with --refs DIR" if file_address(ref) else ""


def scanned(document: Any) -> tuple[set[str], list[str]]:
    """The name of every member of every object in ``document``, schema or not (a ``$ref``
    may lead anywhere, ``#/x-shared/A``, and the passes copy its target in as a subschema),
    and the value of every reference keyword (``$ref``, ``$dynamicRef``, ``$recursiveRef``)
    that is a string, in one scan."""
    names: set[str] = set()
    references: list[str] = []
    stack = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            names.update(value)
            if "$ref" in value or "$dynamicRef" in value or "$recursiveRef" in value:
                references += [value[k] for k in REFERENCE_KEYWORDS if isinstance(value.get(k), str)]
            stack.extend(item for item in value.values() if isinstance(item, (dict, list)))
        elif isinstance(value, list):
            stack.extend(item for item in value if isinstance(item, (dict, list)))
    return names, references


def through_remote(diagnostics: Iterable[Any], rendition: Any) -> set[tuple[str, Pointer]]:
    """Each ``$ref``-beside-siblings finding (T106) of the rendition at a reference whose
    target is itself a reference to another document: the refusal of that reference (T502)
    says why the siblings stayed (its target, never read, could not take them)."""
    from ..core.pointer import PointerError
    from ..core.refs import LOCAL

    found: set[tuple[str, Pointer]] = set()
    graph = None
    for diagnostic in diagnostics:
        if diagnostic.code != "T106":
            continue
        try:
            node = diagnostic.pointer.resolve(rendition)
        except PointerError:
            continue
        graph = graph or graph_of(rendition)
        target = graph.target(node.get("$ref")) if isinstance(node, dict) else None
        ref = target.get("$ref") if isinstance(target, dict) else None
        if isinstance(ref, str) and graph.resolve(ref).kind != LOCAL:
            found.add((diagnostic.code, diagnostic.pointer))
    return found
