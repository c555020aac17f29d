"""Room on the stack: ``within_room`` turns running out of it into a value, and only that."""

from __future__ import annotations

import pytest

from tierone.core.depth import OUT_OF_ROOM, OutOfRoom, out_of_room, within_room


def _forever(n: int) -> int:
    return _forever(n + 1) + 1


def test_a_call_that_returns_gives_its_value():
    assert within_room(divmod, 7, 2) == (3, 1)


def test_running_out_of_room_is_the_out_of_room_value():
    assert within_room(_forever, 0) is OUT_OF_ROOM
    assert isinstance(OUT_OF_ROOM, OutOfRoom)


def test_anything_else_raised_goes_through():
    with pytest.raises(ZeroDivisionError):
        within_room(divmod, 1, 0)
    with pytest.raises(KeyboardInterrupt):
        within_room(_raise, KeyboardInterrupt())


def test_a_rust_extension_s_panic_over_a_recursion_error_is_running_out_of_room():
    panic = type("PanicException", (BaseException,), {})
    assert out_of_room(panic("RecursionError: maximum recursion depth exceeded"))
    assert not out_of_room(panic("index out of bounds"))
    assert within_room(_raise, panic("RecursionError: maximum recursion depth exceeded")) is OUT_OF_ROOM


def _raise(error: BaseException) -> None:
    raise error
