"""Realistic pydantic models, as users write them, for the tests of ``strict()``.

Each exercises what strict mode makes hard: nested models, ``Optional`` fields with defaults,
``Literal``, ``Enum``, ``list[Model]``, ``dict[str, int]``, a recursive tree, a discriminated
union, a model with more than 16 optional fields and one nested deeper than 5 levels.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator


class Priority(str, Enum):
    LOW = "low"
    HIGH = "high"


class Address(BaseModel):
    street: str
    city: str
    postcode: str | None = None


class Person(BaseModel):
    """Nested models, Optional fields with defaults, a defaulted non-null field."""

    name: str
    email: str | None = None
    age: int = 30
    home: Address
    work: Address | None = None


class Task(BaseModel):
    """Literal, Enum, list of models, a validator that normalises."""

    title: str
    status: Literal["todo", "doing", "done"] = "todo"
    priority: Priority = Priority.LOW
    subtasks: list[Task] = []
    assignees: list[Person] = []

    @field_validator("title")
    @classmethod
    def _stripped(cls, value: str) -> str:
        return value.strip()


class Inventory(BaseModel):
    """A dict of counts (free-form for strict mode: travels JSON-encoded) and a list of str."""

    counts: dict[str, int]
    tags: list[str] = []
    note: str | None = None


class Node(BaseModel):
    """A recursive tree: pydantic writes it with a root ``$ref``."""

    label: str
    children: list[Node] = []


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool = True


class Owner(BaseModel):
    """A discriminated union."""

    name: str
    pet: Annotated[Cat | Dog, Field(discriminator="kind")]


class Survey(BaseModel):
    """Twenty optional fields: more than Anthropic's 16-union budget once made nullable."""

    q01: str | None = None
    q02: str | None = None
    q03: int | None = None
    q04: int | None = None
    q05: bool | None = None
    q06: bool | None = None
    q07: str | None = None
    q08: str | None = None
    q09: float | None = None
    q10: float | None = None
    q11: str | None = None
    q12: str | None = None
    q13: int | None = None
    q14: int | None = None
    q15: bool | None = None
    q16: bool | None = None
    q17: str | None = None
    q18: str | None = None
    q19: int | None = None
    q20: int | None = None


class Level6(BaseModel):
    value: int


class Level5(BaseModel):
    six: Level6


class Level4(BaseModel):
    five: Level5


class Level3(BaseModel):
    four: Level4


class Level2(BaseModel):
    three: Level3


class Deep(BaseModel):
    """Objects nested six levels deep (past OpenAI's five of old, within its ten)."""

    two: Level2
    note: str | None = None


class Invoice(BaseModel):
    """An invoice as an extraction task returns it: most of the above at once."""

    number: str
    customer: Person
    lines: list[Task]
    currency: Literal["EUR", "USD"] = "EUR"
    discount: float | None = None
    totals: dict[str, int] = {}


#: every model, by name (the parametrize ids)
MODELS: dict[str, type[BaseModel]] = {
    model.__name__: model for model in (Person, Task, Inventory, Node, Owner, Survey, Deep, Invoice)
}
