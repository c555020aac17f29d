"""Loading: JSON and YAML with places for errors, limits, exact numbers."""

from __future__ import annotations

import pytest

from tierone.core.errors import InputError
from tierone.core.loading import load_bytes, load_path


class TestLoading:
    @pytest.mark.parametrize(
        "data, message, line, column",
        [
            (b'{"a": 1,\n "b": }', "invalid JSON", 2, 7),
            (b"\xff\xfe\x00garbage", "not valid UTF-8", 1, 1),
            (b"", "empty file", None, None),
            (b"[" * 5000 + b"]" * 5000, "nesting is deeper", None, None),
        ],
        ids=["syntax", "utf8", "empty", "deep"],
    )
    def test_bad_json_is_one_error_with_a_place(self, data, message, line, column):
        with pytest.raises(InputError) as caught:
            load_bytes(data, "x.json")
        assert message in caught.value.message
        assert (caught.value.line, caught.value.column) == (line, column)

    def test_bad_yaml_has_line_and_column(self):
        with pytest.raises(InputError) as caught:
            load_bytes(b"type: object\nproperties:\n  a: {type: string\n", "x.yaml")
        assert caught.value.line == 4 and "invalid YAML" in caught.value.message

    def test_yaml_alias_bomb_is_refused(self):
        lines = ["a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"]
        for i, name in enumerate("bcdefgh"):
            prev = "abcdefgh"[i]
            lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
        with pytest.raises(InputError, match="alias bomb"):
            load_bytes("\n".join(lines).encode(), "bomb.yaml")

    def test_yaml_keeps_order_and_plain_types(self):
        source = load_bytes(
            b"type: object\nproperties:\n  b: {type: string}\n  a: {enum: [1, 2.5, true, null]}\n", "s.yaml"
        )
        assert list(source.data["properties"]) == ["b", "a"]
        assert source.data["properties"]["a"]["enum"] == [1, 2.5, True, None]
        assert type(source.data["properties"]["a"]["enum"][0]) is int

    def test_missing_file_and_directory(self, tmp_path):
        with pytest.raises(InputError, match="no such file"):
            load_path(tmp_path / "nope.json")
        with pytest.raises(InputError, match="directory"):
            load_path(tmp_path)

    def test_bom_is_accepted(self):
        assert load_bytes(b'\xef\xbb\xbf{"type": "object"}', "b.json").data == {"type": "object"}


# ---- numbers beyond 64 bits --------------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        99999999999999999999999,
        18446744073709551616,
        -9223372036854775809,
        10**40,
        1234567890123456789,
    ],
)
def test_integers_beyond_64_bits_load_exactly(number):
    source = load_bytes(f'{{"maximum": {number}, "description": "id 12345678901234567890"}}'.encode(), "x.json")
    assert source.data["maximum"] == number and type(source.data["maximum"]) is int


def test_a_long_digit_run_in_a_string_changes_nothing():
    source = load_bytes(b'{"description": "00000000000000000000000", "maximum": 1.5}', "x.json")
    assert source.data == {"description": "00000000000000000000000", "maximum": 1.5}
