"""A name for something new (a definition, a bundled file) that no other in the same place has."""

from __future__ import annotations


def free_name(wanted: str, taken: set[str]) -> str:
    """A definition name like ``wanted`` (characters no vendor refuses) that is not in
    ``taken``, which it joins."""
    base = "".join(c if c.isalnum() or c in "_.-" else "_" for c in wanted) or "ref"
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}_{n}"
    taken.add(name)
    return name
