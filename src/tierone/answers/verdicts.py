"""The verdicts on a union branch that need no validator, worked out once per branch: what its
``type`` says of each JSON type, the string ``const`` tags that tell branches apart, and
whether judging a value against it can raise nothing (:func:`plain`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: keywords that say nothing a branch's quick verdict must weigh
_QUICK = frozenset({"type", "title", "description", "$comment", "examples", "default"})
#: the JSON type of a Python value, for quick verdicts (``bool`` before ``int``)
_TYPES = {
    dict: ("object",),
    list: ("array",),
    str: ("string",),
    bool: ("boolean",),
    type(None): ("null",),
    int: ("integer", "number"),
    float: ("number",),
}


class Branch:
    """One branch of a union as the read side keeps it: the plan that reads a value through it,
    the branch as judged, its quick verdict, and its validator once one is built."""

    __slots__ = ("plan", "quick", "schema", "validator")

    def __init__(self, plan: Any, schema: Any) -> None:
        #: the :class:`~tierone.answers.plans.Plan` that reads a value through the branch
        self.plan = plan
        #: the branch as judged: its ``$ref`` followed
        self.schema = schema
        #: its verdict on a value without a validator: True, False, or None when unsure
        self.quick = quick_of(schema)
        #: the validator that judges a value against it, built when first needed (a cache)
        self.validator: Any = None


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
    tags = (
        tuple(
            (name, member["const"])
            for name, member in properties.items()
            if isinstance(member, dict) and isinstance(member.get("const"), str)
        )
        if isinstance(properties, dict)
        else ()
    )
    declared = target.get("type")
    if declared is None:
        return _unsure if not tags else lambda value: False if type(value) is dict and _wrong_tag(tags, value) else None
    types = (declared,) if isinstance(declared, str) else declared
    if not isinstance(types, (list, tuple)):
        return _unsure
    only = target.keys() <= _QUICK
    verdicts = {
        kind: (True if only else None) if any(k in types for k in kinds) else False for kind, kinds in _TYPES.items()
    }
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


def tag_of(union: tuple[Branch, ...]) -> tuple[str, dict[str, tuple[Branch, ...]]] | None:
    """A member every branch of ``union`` pins to a string ``const`` of its own (a
    discriminator), with the branch each value leads to: a value whose member holds one of
    them can satisfy only that branch (the others' ``const`` rule it out), and one that holds
    another string, none."""
    targets = [entry.schema for entry in union]
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
_PLAIN = frozenset(
    {
        "type",
        "enum",
        "const",
        "required",
        "title",
        "description",
        "default",
        "examples",
        "$comment",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "readOnly",
        "writeOnly",
        "deprecated",
        "discriminator",
        "$defs",
        "definitions",
    }
)
#: keywords holding subschemas judged at the same place, and below it (one, a list, a map)
_IN_PLACE = ("allOf", "anyOf", "oneOf", "not")
_BELOW = ("properties", "additionalProperties", "items", "prefixItems")
#: subschemas looked at to find a branch plain (past it, none is)
PLAIN_BUDGET = 500


def plain(referenced: Callable[[Any], Any], target: Any) -> bool:
    """Whether judging a value against the union branch ``target`` can raise nothing: it and
    everything it leads to say only plain keywords, local references, and no reference loops
    back to the same place (a validator's RecursionError). ``referenced(ref)``: the node a
    local ``$ref`` names in the original document, or None."""
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
            found = referenced(node["$ref"])
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
