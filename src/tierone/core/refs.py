"""The reference graph of a schema: local ``$ref`` resolution, cycles and the heights the
instance can reach through references. Nothing is ever fetched.

A reference is local when it is a fragment (``#``, ``#/json/pointer``, ``#anchor``) or
names the root's own ``$id`` (as written, or relative to it: ``catalog-info.json#/...`` in a
document whose ``$id`` ends so). Everything else is remote and is reported, never loaded.

:class:`ReferenceGraph` is built once per schema and holds all of it; lint (T402, T5xx),
the rewriter's passes and restore read it. :class:`RefResolver` and :func:`~tierone.core.cycles.recursive_sites`
are its parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any, NamedTuple

from .cycles import endless_sites, recursive_sites
from .dialects import id_keyword
from .heights import MAX_REF_HOPS, Heights
from .pointer import Pointer, PointerError

LOCAL, REMOTE, UNRESOLVABLE = "local", "remote", "unresolvable"


class Resolution(NamedTuple):
    """Where a ``$ref`` leads."""

    #: "local", "remote" or "unresolvable"
    kind: str
    #: the target, for local references
    target: Pointer | None = None
    #: why it could not be resolved
    reason: str = ""


def _anchors(sites: Iterable[tuple[Pointer, Any]], id_key: str) -> dict[str, Pointer]:
    anchors: dict[str, Pointer] = {}
    for pointer, node in sites:
        if isinstance(node, dict):
            anchor = node.get("$anchor")
            if isinstance(anchor, str):
                anchors.setdefault(anchor, pointer)
            legacy = node.get(id_key) if pointer else None
            if isinstance(legacy, str) and legacy.startswith("#") and len(legacy) > 1:
                anchors.setdefault(legacy[1:], pointer)
    return anchors


class RefResolver:
    """Resolves the local references of one document."""

    def __init__(self, schema: Any, anchored: Iterable[tuple[Pointer, Any]] = ()) -> None:
        """``anchored``: the (pointer, node) pairs that may declare anchors."""
        self._schema = schema
        self._anchored = anchored
        self._memo: dict[str, Resolution] = {}
        self._id = id_keyword(schema)
        own_id = schema.get(self._id) if isinstance(schema, dict) else None
        self._base = own_id.split("#", 1)[0] if isinstance(own_id, str) else None

    @classmethod
    def of(cls, schema: Any) -> RefResolver:
        """A resolver for ``schema``, its anchors found by walking it (when the first reference
        to an anchor is resolved: a pointer needs no walk)."""
        from .walker import walk

        return cls(schema, ((visit.pointer, visit.schema) for visit in walk(schema) if isinstance(visit.schema, dict)))

    @cached_property
    def _named(self) -> list[tuple[Pointer, Any]]:
        """The nodes that may declare an anchor or an ``$id``, in walk order (read once)."""
        return list(self._anchored)

    @cached_property
    def _anchors(self) -> dict[str, Pointer]:
        """Each anchor's name and where it stands (found at the first reference to one)."""
        return _anchors(self._named, self._id)

    @cached_property
    def _embedded(self) -> dict[str, Pointer]:
        """The schema resources embedded in the document that references may lead into
        (:func:`~.embedded.embedded_resources`), by their absolute address."""
        from .embedded import embedded_resources

        return embedded_resources(self._schema, self._named, self._id, self._base or "")

    def resolve(self, ref: Any) -> Resolution:
        """Where ``ref`` leads (memoised: many sites share a reference)."""
        if not isinstance(ref, str):
            return Resolution(UNRESOLVABLE, reason="$ref is not a string")
        known = self._memo.get(ref)
        if known is None:
            known = self._memo[ref] = self._resolve(ref)
        return known

    def _names_itself(self, base: str) -> bool:
        """Whether ``base`` names this document: a relative reference that resolves against the
        root's ``$id`` to that ``$id`` (``catalog-info.json`` in a document whose ``$id`` is
        ``https://json.schemastore.org/catalog-info.json``)."""
        if self._base is None or "/" not in self._base:
            return False
        from urllib.parse import urljoin

        return urljoin(self._base, base) == self._base

    def target(self, ref: Any) -> Any:
        """The node a local ``ref`` names in the document; None when it is remote or leads
        nowhere."""
        resolution = self.resolve(ref)
        if resolution.kind != LOCAL or resolution.target is None:
            return None
        return resolution.target.resolve(self._schema)

    def _resolve(self, ref: str) -> Resolution:
        base, hash_, fragment = ref.partition("#")
        if base and base != self._base and not self._names_itself(base):
            return self._in_embedded(ref, base, fragment)
        if "%" in fragment:
            from urllib.parse import unquote

            fragment = unquote(fragment)
        if not hash_ or fragment == "" or fragment.startswith("/"):
            try:
                target = Pointer.parse(fragment).located(self._schema)
            except PointerError:
                return Resolution(UNRESOLVABLE, reason=f"{ref!r} points at nothing in this document")
            return Resolution(LOCAL, target)
        if fragment in self._anchors:
            return Resolution(LOCAL, self._anchors[fragment])
        return Resolution(UNRESOLVABLE, reason=f"no anchor {fragment!r} in this document")

    def _in_embedded(self, ref: str, base: str, fragment: str) -> Resolution:
        """Where ``ref``, naming another resource than the root (``base``), leads: into a
        resource embedded here (:attr:`_embedded`, by a pointer fragment or none), else out
        of the document."""
        from urllib.parse import unquote, urljoin

        resource = self._embedded.get(urljoin(self._base or "", base))
        if resource is None or not (fragment == "" or fragment.startswith("/")):
            return Resolution(REMOTE, reason=f"{ref!r} is not in this document")
        try:
            inside = Pointer.parse(unquote(fragment)).located(resource.resolve(self._schema))
        except PointerError:
            return Resolution(UNRESOLVABLE, reason=f"{ref!r} points at nothing in this document")
        return Resolution(LOCAL, Pointer((*resource, *inside)))


def targets_of(schema: Any) -> Callable[[Any], Any]:
    """The node each local reference of ``schema`` names (None when remote or nowhere), as the
    reference graph resolves it, without building the graph: for a pass that follows a few
    references and needs no cycle (a pointer needs no walk; an anchor, one)."""
    return RefResolver.of(schema).target


class Site(NamedTuple):
    """One ``$ref`` of a schema."""

    #: the node that holds the ``$ref``
    pointer: Pointer
    #: hops from the root to that node (the root is 0)
    depth: int
    #: the ``$ref``'s value, as written
    ref: Any


def followed(node: Any, target: Callable[[Any], Any], siblings: bool = False) -> Any:
    """``node`` with its local references followed through ``target`` (a ``$ref`` value to the
    node it names, or None), at most :data:`MAX_REF_HOPS` in a row: the last node reached when
    a reference leads nowhere or the chain goes round. ``siblings``: a ``$ref``'s sibling
    keywords are merged over its target (as the rewriter reads them); siblings that declare
    members of their own beside a target that declares others make an ``allOf`` with it
    instead (both sets of members hold: one over the other would lose the target's)."""
    for _ in range(MAX_REF_HOPS):
        if not isinstance(node, dict) or "$ref" not in node:
            return node
        found = target(node["$ref"])
        if found is None:
            return node
        if siblings:
            rest = {k: v for k, v in node.items() if k != "$ref"}
            if isinstance(found, dict) and rest:
                found = with_siblings(found, rest)
        node = found
    return node


def with_siblings(found: dict[str, Any], rest: dict[str, Any]) -> dict[str, Any]:
    """A ``$ref``'s target with its siblings: merged over it, or beside it in an ``allOf``
    where both declare ``properties`` and they differ."""
    theirs, ours = found.get("properties"), rest.get("properties")
    if isinstance(theirs, dict) and isinstance(ours, dict) and theirs != ours:
        return {"allOf": [{k: v for k, v in found.items() if k not in ("$defs", "definitions")}, rest]}
    return {**found, **rest}


#: the keywords of the nodes a graph is made of: reference sites and what may declare an anchor
_GRAPHED = frozenset({"$ref", "$anchor", "$id"})


class ReferenceGraph:
    """Every ``$ref`` of one schema: where each leads, which lie on a cycle, and how deep the
    instance can nest through them. Read-only once built.

    >>> graph = ReferenceGraph.of({"properties": {"a": {"$ref": "#"}, "b": {"$ref": "x.json"}}})
    >>> graph.edges, sorted(graph.recursive), sorted(graph.remote)
    ({Pointer('/properties/a'): Pointer('')}, [Pointer('/properties/a')], [Pointer('/properties/b')])
    """

    def __init__(
        self, schema: Any, sites: Iterable[tuple[Pointer, int, Any]], anchored: Iterable[tuple[Pointer, Any]] = ()
    ) -> None:
        """From a walk already made: its ``$ref`` sites (:class:`Site` values, or their fields as
        tuples), and the (pointer, node) pairs that may declare anchors (every object node
        will do)."""
        #: the document the graph is of
        self.schema = schema
        #: every ``$ref``, in walk order
        self.sites = tuple(map(Site._make, sites))
        self._resolver = RefResolver(schema, anchored)
        resolutions = {site.pointer: self._resolver.resolve(site.ref) for site in self.sites}
        #: each site whose reference is local, and the node it leads to
        self.edges = {p: r.target for p, r in resolutions.items() if r.kind == LOCAL and r.target is not None}
        #: sites whose reference leaves the document (never fetched)
        self.remote = frozenset(p for p, r in resolutions.items() if r.kind == REMOTE)
        #: sites whose reference leads nowhere, with the reason
        self.broken = {p: r.reason for p, r in resolutions.items() if r.kind not in (LOCAL, REMOTE)}

    @classmethod
    def of(cls, schema: Any) -> ReferenceGraph:
        """The graph of ``schema``, walked once."""
        from .walker import having

        sites: list[Site] = []
        anchored: list[tuple[Pointer, Any]] = []
        id_key = id_keyword(schema)
        for pointer, node, depth in having(schema, _GRAPHED | {id_key}):
            if "$anchor" in node or id_key in node:
                anchored.append((pointer, node))
            if "$ref" in node:
                sites.append(Site(pointer, depth, node["$ref"]))
        return cls(schema, sites, anchored)

    @cached_property
    def recursive(self) -> frozenset[Pointer]:
        """The sites that lie on a cycle of references."""
        return frozenset(recursive_sites(self.edges))

    @cached_property
    def endless(self) -> frozenset[Pointer]:
        """The sites on a cycle that never descends into the value (:func:`~.cycles.endless_sites`):
        no value can be judged against the schema."""
        return frozenset(endless_sites(self.edges, self.recursive)) if self.recursive else frozenset()

    def resolve(self, ref: Any) -> Resolution:
        """Where ``ref`` leads in this document (any reference, not only the sites')."""
        return self._resolver.resolve(ref)

    def target(self, ref: Any) -> Any:
        """The node a local ``ref`` names; None when it is remote or leads nowhere."""
        return self._resolver.target(ref)

    def heights(self, levels: Iterable[tuple[Pointer, int]] | None = None) -> Heights:
        """How deep the instance nests below each node, references followed. ``levels``: the
        (pointer, depth) of the nodes that count as a level of nesting, in walk order (a
        subtree is the run of deeper nodes after its root); every node when None."""
        if levels is None:
            from .walker import walk

            levels = ((visit.pointer, visit.depth) for visit in walk(self.schema))
        return Heights(self.edges, self.recursive, levels)
