"""Realistic pydantic models, as users write them, for the tests of ``strict()``.

Each exercises what strict mode makes hard: nested models, ``Optional`` fields with defaults,
``Literal``, ``Enum``, ``list[Model]``, ``dict[str, int]``, a recursive tree, a discriminated
union, a model with more than 16 optional fields and one nested deeper than 5 levels.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, Field, field_validator


class Priority(str, Enum):
    LOW = "low"
    HIGH = "high"


class Address(BaseModel):
    street: str
    city: str
    postcode: Optional[str] = None


class Person(BaseModel):
    """Nested models, Optional fields with defaults, a defaulted non-null field."""

    name: str
    email: Optional[str] = None
    age: int = 30
    home: Address
    work: Optional[Address] = None


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
    note: Optional[str] = None


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
    pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]


class Survey(BaseModel):
    """Twenty optional fields: more than Anthropic's 16-union budget once made nullable."""

    q01: Optional[str] = None
    q02: Optional[str] = None
    q03: Optional[int] = None
    q04: Optional[int] = None
    q05: Optional[bool] = None
    q06: Optional[bool] = None
    q07: Optional[str] = None
    q08: Optional[str] = None
    q09: Optional[float] = None
    q10: Optional[float] = None
    q11: Optional[str] = None
    q12: Optional[str] = None
    q13: Optional[int] = None
    q14: Optional[int] = None
    q15: Optional[bool] = None
    q16: Optional[bool] = None
    q17: Optional[str] = None
    q18: Optional[str] = None
    q19: Optional[int] = None
    q20: Optional[int] = None


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
    note: Optional[str] = None


class Invoice(BaseModel):
    """An invoice as an extraction task returns it: most of the above at once."""

    number: str
    customer: Person
    lines: list[Task]
    currency: Literal["EUR", "USD"] = "EUR"
    discount: Optional[float] = None
    totals: dict[str, int] = {}


#: every model, by name (the parametrize ids)
MODELS: dict[str, type[BaseModel]] = {
    model.__name__: model for model in (Person, Task, Inventory, Node, Owner, Survey, Deep, Invoice)
}
