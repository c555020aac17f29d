"""The six kinds of model an application sends (issue: the application loop), each with one
realistic instance: an invoice with ``Decimal`` and optional fields, a recursive thread, a
discriminated event log, a catalogue with a ``dict[str, int]`` and enum lists, a constrained
signup, and a form of 24 optional fields."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field


class Line(BaseModel):
    item: str
    quantity: int = Field(ge=1)
    unit_price: Decimal
    note: str | None = None


class Bill(BaseModel):
    number: str
    issued: date
    lines: list[Line]
    discount: Decimal | None = None
    currency: str = "EUR"
    paid: bool | None = None


class Message(BaseModel):
    author: str
    text: str
    replies: list[Message] = []


class Login(BaseModel):
    kind: Literal["login"]
    user: str
    at: datetime


class Purchase(BaseModel):
    kind: Literal["purchase"]
    user: str
    amount: float
    coupon: str | None = None


class Logout(BaseModel):
    kind: Literal["logout"]
    user: str


class EventLog(BaseModel):
    events: list[Annotated[Login | Purchase | Logout, Field(discriminator="kind")]]


class Colour(str, Enum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Catalogue(BaseModel):
    stock: dict[str, int]
    colours: list[Colour]
    sizes: list[Literal["S", "M", "L"]] = []


class Signup(BaseModel):
    username: str = Field(min_length=3, max_length=20, pattern=r"^[a-z][a-z0-9_]*$")
    age: int = Field(ge=13, le=120)
    email: str = Field(pattern=r"^[^@\s]+@[^@\s]+$")
    referrer: str | None = Field(default=None, max_length=40)


Wide = type(
    "Wide",
    (BaseModel,),
    {
        "__annotations__": {f"field{i:02}": (str | None if i % 2 else int | None) for i in range(24)},
        **{f"field{i:02}": None for i in range(24)},
        "__module__": __name__,
    },
)

#: each model and one instance of it (as plain data the model validates)
LOOP: dict[str, tuple[type[BaseModel], dict[str, Any]]] = {
    "Bill": (
        Bill,
        {
            "number": "2026-7",
            "issued": "2026-12-01",
            "lines": [
                {"item": "tea", "quantity": 2, "unit_price": "3.50"},
                {"item": "pot", "quantity": 1, "unit_price": "20"},
            ],
            "discount": "0.10",
        },
    ),
    "Message": (
        Message,
        {
            "author": "ann",
            "text": "hi",
            "replies": [{"author": "bo", "text": "hey", "replies": [{"author": "ann", "text": ":)"}]}],
        },
    ),
    "EventLog": (
        EventLog,
        {
            "events": [
                {"kind": "login", "user": "ann", "at": "2026-12-01T10:00:00Z"},
                {"kind": "purchase", "user": "ann", "amount": 9.5},
                {"kind": "logout", "user": "ann"},
            ]
        },
    ),
    "Catalogue": (Catalogue, {"stock": {"mug": 4, "cup": 0}, "colours": ["red", "blue"], "sizes": ["M"]}),
    "Signup": (Signup, {"username": "ann_1", "age": 30, "email": "ann@example.org"}),
    "Wide": (Wide, {"field00": 1, "field03": "three", "field23": "last"}),
}
