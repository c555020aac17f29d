"""The plans the read side walks by: what one schema node means for the value found there
(compiled once per original schema by :class:`~tierone.rewriter.reader.Reader`), which plans
have nothing to undo, and the verdicts on union branches that need no validator."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.jsontypes import names_at
from .shapes import dict_at, items_of

if TYPE_CHECKING:
    from .reader import Reader

#: keywords that say nothing a branch's quick verdict must weigh
_QUICK = frozenset({"type", "title", "description", "$comment", "examples", "default"})
#: the JSON type of a Python value, for quick verdicts (``bool`` before ``int``)
_TYPES = {dict: ("object",), list: ("array",), str: ("string",), bool: ("boolean",), type(None): ("null",),
          int: ("integer", "number"), float: ("number",)}


class Plan:
    """What one schema node, reached one way, means for the value found there. Its children
    are compiled when it is first walked (or settled): a schema whose merged ``allOf`` makes
    new nodes at every level of a recursion compiles only as deep as an answer goes."""

    __slots__ = (
        "_children",
        "_reader",
        "additional",
        "all_of",
        "decode",
        "fn",
        "inert",
        "items",
        "loops",
        "node",
        "optional",
        "properties",
        "quiet",
        "ready",
        "tag",
        "union",
    )

    def __init__(self, reader: Reader, node: Any, decode: bool) -> None:
        self._reader = reader
        #: the node with its ``$ref`` followed and its ``allOf`` merged
        self.node = node
        #: free-form data here travels as a JSON string
        self.decode = decode
        is_dict = isinstance(node, dict)
        self.properties: dict[str, Any] = dict_at(node, "properties") if is_dict else {}
        #: members that were optional: null means absent
        self.optional = frozenset(n for n in self.properties if n not in names_at(node)) if is_dict else frozenset()
        self._children: dict[str, Plan] = {}
        #: nothing to undo anywhere below: the value is its own restoration (set by the reader)
        self.inert = False
        #: reading here records no error and raises nothing (no decoding, no union below; set by
        #: the reader): such members may be read in any order
        self.quiet = False
        #: the generated function that reads a value here (compiled on its first call)
        self.fn = self._first
        self.all_of: tuple[Plan, ...] = ()
        #: [plan, the branch as judged, its judge once built, its quick verdict] per branch
        self.union: tuple[list[Any], ...] = ()
        #: a discriminated union's tag: (member name, {its string const: the branch}), or None
        self.tag: tuple[str, dict[str, tuple[list[Any], ...]]] | None = None
        self.additional: Plan | None = None
        self.items: Plan | None = None
        #: whether reading here may come back here at the same place (None: not worked out;
        #: see :func:`reentrant`, which the generated function of a plan reading this one in
        #: place sets it by)
        self.loops: bool | None = None
        self.ready = False

    def prepare(self) -> Plan:
        """Compile the plans of the ``allOf``, union branches, extra members and items."""
        reader, node = self._reader, self.node
        if isinstance(node, dict):
            all_of = node.get("allOf")
            self.all_of = tuple(reader.plan(b, False) for b in all_of) if isinstance(all_of, list) else ()
            union = node.get("anyOf") if isinstance(node.get("anyOf"), list) else node.get("oneOf")
            self.union = tuple(_entry(reader, b) for b in union) if isinstance(union, list) else ()
            self.tag = tag_of(self.union)
            additional = node.get("additionalProperties")
            self.additional = reader.plan(additional, False) if isinstance(additional, dict) else None
            items = items_of(node)
            self.items = reader.plan(items) if isinstance(items, (dict, bool)) else None
        self.ready = True
        return self

    def _first(self, value: Any, pointer: Any, walk: Any) -> Any:
        from .codegen import compiled

        fn = self.fn = compiled(self)
        return fn(value, pointer, walk)

    def child(self, name: str) -> Plan:
        """The plan of member ``name`` (declared in ``properties``)."""
        found = self._children.get(name)
        if found is None:
            found = self._children[name] = self._reader.plan(self.properties[name])
        return found


#: plans compiled ahead to find those with nothing to undo (past it, none is taken as such)
SETTLE_BUDGET = 20_000
#: plans looked at to find one that is never read again in place (past it, it may be)
LOOP_BUDGET = 256


def reentrant(plan: Plan) -> bool:
    """Whether reading through ``plan`` may come back to it at the same place: its ``allOf``
    or union branches lead back to it (references that loop without consuming input), so
    the read in place must be guarded (:meth:`Reader.in_place`). True past
    :data:`LOOP_BUDGET` plans."""
    seen: set[int] = set()
    stack = _in_place_of(plan)
    while stack:
        here = stack.pop()
        if here is plan or len(seen) >= LOOP_BUDGET:
            return True
        if id(here) not in seen:
            seen.add(id(here))
            stack += _in_place_of(here)
    return False


def _in_place_of(plan: Plan) -> list[Plan]:
    if not plan.ready:
        plan.prepare()
    return [*plan.all_of, *(entry[0] for entry in plan.union)]


def inert(plan: Plan) -> bool:
    """Whether reading through ``plan`` can change nothing (given what is inert below): a
    union or ``allOf`` whose branches change nothing changes nothing either."""
    if plan.decode or plan.optional:
        return False
    below = [*plan.all_of, *(entry[0] for entry in plan.union), *(plan.child(name) for name in plan.properties)]
    return all(p.inert for p in below) and all(p is None or p.inert for p in (plan.additional, plan.items))


def calm(plan: Plan) -> bool:
    """Whether reading through ``plan`` can record no error and raise nothing (given what is
    quiet below): it decodes nothing and judges no union branch here or below."""
    if plan.inert:
        return True
    if plan.decode or plan.union or not plan.ready:
        return False
    below = [*plan.all_of, *(plan.child(name) for name in plan.properties)]
    return all(p.quiet for p in below) and all(p is None or p.quiet for p in (plan.additional, plan.items))


def _entry(reader: Reader, branch: Any) -> list[Any]:
    target = reader.deref(branch)
    return [reader.plan(branch), target, None, quick_of(target)]


def quick_of(target: Any) -> Callable[[Any], bool | None]:
    """The verdict on a value of the union branch ``target`` where it needs no validator:
    the branch's ``type`` excludes the value, or a member's string ``const`` (a tag) does; or
    the branch says only ``type``, which the value has. None when it takes a validator.
    (Worked out ahead: the verdict of its ``type`` on each JSON type, the tags it pins.)"""
    if target is True:
        return _yes
    if not isinstance(target, dict):
        return _unsure
    properties = target.get("properties")
    tags = tuple((name, member["const"]) for name, member in properties.items()
                 if isinstance(member, dict) and isinstance(member.get("const"), str)) if isinstance(properties, dict) else ()
    declared = target.get("type")
    if declared is None:
        return _unsure if not tags else lambda value: False if type(value) is dict and _wrong_tag(tags, value) else None
    types = (declared,) if isinstance(declared, str) else declared
    if not isinstance(types, (list, tuple)):
        return _unsure
    only = target.keys() <= _QUICK
    verdicts = {kind: (True if only else None) if any(k in types for k in kinds) else False
                for kind, kinds in _TYPES.items()}
    whole = verdicts[int]  # a float with an integral value is an integer too

    def verdict(value: Any) -> bool | None:
        kind = type(value)
        if kind is float and value.is_integer():
            found = whole
        elif kind in verdicts:
            found = verdicts[kind]
        else:
            return None  # not a JSON type
        if found is not None:
            return found
        return False if tags and kind is dict and _wrong_tag(tags, value) else None

    return verdict


def _yes(value: Any) -> bool:
    return True


def _unsure(value: Any) -> None:
    return None


def tag_of(union: tuple[list[Any], ...]) -> tuple[str, dict[str, tuple[list[Any], ...]]] | None:
    """A member every branch of ``union`` pins to a string ``const`` of its own (a
    discriminator), with the branch each value leads to: a value whose member holds one of
    them can satisfy only that branch (the others' ``const`` rule it out), and one that holds
    another string, none."""
    targets = [entry[1] for entry in union]
    if len(targets) < 2 or not all(isinstance(t, dict) and isinstance(t.get("properties"), dict) for t in targets):
        return None
    for name in targets[0]["properties"]:
        consts = [_const_at(target, name) for target in targets]
        if all(isinstance(c, str) for c in consts) and len(set(consts)) == len(consts):
            return name, {c: (entry,) for c, entry in zip(consts, union, strict=True)}
    return None


def _const_at(target: dict[str, Any], name: str) -> Any:
    member = target["properties"].get(name)
    return member.get("const") if isinstance(member, dict) else None


def _wrong_tag(tags: tuple[tuple[str, str], ...], value: dict[str, Any]) -> bool:
    """Whether a member of ``value`` differs from the string ``const`` its branch requires."""
    for name, const in tags:
        if name in value and (type(value[name]) is not str or value[name] != const):
            return True
    return False


#: keywords whose judging raises nothing (no pattern searched, nothing resolved but ``$ref``);
#: the branches' validator checks no format
_PLAIN = frozenset({
    "type", "enum", "const", "required", "title", "description", "default", "examples", "$comment", "format",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
    "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "readOnly", "writeOnly",
    "deprecated", "discriminator", "$defs", "definitions",
})
#: keywords holding subschemas judged at the same place, and below it (one, a list, a map)
_IN_PLACE = ("allOf", "anyOf", "oneOf", "not")
_BELOW = ("properties", "additionalProperties", "items", "prefixItems")
#: subschemas looked at to find a branch plain (past it, none is)
PLAIN_BUDGET = 500


def plain(reader: Reader, target: Any) -> bool:
    """Whether judging a value against the union branch ``target`` can raise nothing: it and
    everything it leads to say only plain keywords, local references, and no reference loops
    back to the same place (a validator's RecursionError)."""
    done: set[int] = set()
    budget = [PLAIN_BUDGET]

    def check(node: Any, here: frozenset[int]) -> bool:
        if isinstance(node, bool):
            return True
        if not isinstance(node, dict) or id(node) in here or budget[0] <= 0:
            return False
        if id(node) in done:
            return True
        budget[0] -= 1
        if not node.keys() <= _PLAIN | {"$ref", *_IN_PLACE, *_BELOW}:
            return False
        inside = here | {id(node)}
        for keyword in _IN_PLACE:
            if keyword in node and not all(check(s, inside) for s in _subschemas(node[keyword])):
                return False
        if "$ref" in node:
            found = _referenced(reader, node["$ref"])
            if found is None or not check(found, inside):
                return False
        for keyword in _BELOW:
            value = node.get(keyword)
            below = value.values() if keyword == "properties" and isinstance(value, dict) else _subschemas(value)
            if keyword in node and not all(check(s, frozenset()) for s in below):
                return False
        done.add(id(node))
        return True

    return check(target, frozenset())


def _subschemas(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _referenced(reader: Reader, ref: Any) -> Any:
    """The node a local ``$ref`` names in the original document, or None."""
    from ..core.refs import LOCAL

    if not isinstance(ref, str):
        return None
    resolution = reader.resolver.resolve(ref)
    if resolution.kind != LOCAL or resolution.target is None:
        return None
    return resolution.target.resolve(reader.original)
