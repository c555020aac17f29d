"""Restore: an answer to the strict schema read back as an instance of the original."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, example, given, settings

from tests.strategies import SCHEMAS
from tierone.answers.restore import Restored, RestoreError, restore
from tierone.answers.strictform import normalized, to_strict_form
from tierone.core.pointer import Pointer, PointerError


class TestRestore:
    ORIGINAL: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2},
            "nick": {"type": "string"},
            "meta": {"type": "object", "additionalProperties": {"type": "integer"}},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        },
        "required": ["name"],
    }

    def test_nulls_become_absent_and_json_strings_are_decoded(self):
        result = restore({"name": "Bo", "nick": None, "meta": '{"a": 1}', "tags": None}, self.ORIGINAL)
        assert result.ok and result.payload == {"name": "Bo", "meta": {"a": 1}}

    def test_constraints_the_wire_could_not_carry_are_enforced_with_pointers(self):
        result = restore({"name": "B", "nick": None, "meta": '{"a": "x"}', "tags": ["t", "t"]}, self.ORIGINAL)
        assert [e.pointer for e in result.errors] == [Pointer(("meta", "a")), Pointer(("name",)), Pointer(("tags",))]

    def test_bad_json_string_is_an_error_not_a_crash(self):
        result = restore({"name": "Bo", "meta": "{not json"}, self.ORIGINAL)
        assert (Pointer(("meta",)), "expected a JSON-encoded value (a string holding JSON)") in [
            tuple(e) for e in result.errors
        ]

    def test_remote_reference_is_reported_never_fetched(self):
        from tierone.core.validation import ReferenceNotHere

        with pytest.raises(ReferenceNotHere) as caught:
            restore({"a": 1}, {"type": "object", "properties": {"a": {"$ref": "https://example.invalid/x.json"}}})
        assert caught.value.pointer == "/properties/a" and "never fetches" in str(caught.value)

    def test_input_is_not_mutated(self):
        payload = {"name": "Bo", "nick": None, "meta": '{"a": 1}'}
        restore(payload, self.ORIGINAL)
        assert payload == {"name": "Bo", "nick": None, "meta": '{"a": 1}'}

    def test_a_value_a_false_schema_refuses_is_refused_at_its_place(self):
        # jsonschema places such an error at the parent object: an answer's `gone` refused at the root
        original = {
            "type": "object",
            "properties": {"gone": False, "n": {"type": "object", "properties": {"deep": False}}},
            "patternProperties": {"^x-": False},
        }
        result = restore({"gone": 1, "n": {"deep": [1]}, "x-a": "b"}, original)
        assert [str(e.pointer) for e in result.errors] == ["/gone", "/n/deep", "/x-a"]
        assert result.errors[0].message == "False schema does not allow 1"
        tuple_ = {"type": "array", "prefixItems": [{"type": "integer"}], "items": False}
        assert [str(e.pointer) for e in restore([1, 2], tuple_).errors] == [""]  # the `items` keyword's own error

    @pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
    def test_answers_to_any_profile_restore(self, profile):
        strict = to_strict_form({"name": "Bo", "meta": {"a": 1}}, self.ORIGINAL)
        if profile == "anthropic":  # optional members may simply be left out
            strict = {"name": "Bo", "meta": strict["meta"]}
        assert restore(strict, self.ORIGINAL).payload == {"name": "Bo", "meta": {"a": 1}}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEMAS)
# found by this test: a reference loop beside a subschema of the wrong shape, which the
# reference registry's crawl trips on while the loop is looked for
@example({"properties": {"a": {"type": "string"}}, "anyOf": [{"$ref": "#"}], "$ref": "http://x/y", "oneOf": False})
@example(
    {"anyOf": [{"$ref": "#"}], "$ref": "http://x/y", "not": {"oneOf": {"type": "string"}, "patternProperties": []}}
)
@example({"oneOf": True})  # a union that is no list, where the reading looks for text beside JSON
def test_restore_never_crashes_on_what_the_wire_allows(schema):
    if isinstance(schema, dict):
        from tierone.core.validation import CannotJudge

        answer = {"a": None, "b": "{}", "name": [1, None]}
        try:
            result = restore(answer, schema)
        except CannotJudge as problem:  # a typed refusal (a reference not in the schema), never a crash
            assert str(problem) and answer == {"a": None, "b": "{}", "name": [1, None]}
            return
        assert isinstance(result, Restored) and isinstance(result.errors, tuple)
        assert answer == {"a": None, "b": "{}", "name": [1, None]}  # the answer is left alone
        for error in result.errors:
            assert isinstance(error, RestoreError) and isinstance(error.message, str) and error.message, error
            assert _leads_somewhere(error.pointer, answer, result.payload), error


def _leads_somewhere(pointer: str, answer: object, payload: object) -> bool:
    """The pointer names a place in the answer, or in the payload read from it (a JSON-encoded
    string's members exist only once decoded)."""
    for document in (answer, payload):
        try:
            Pointer.parse(str(pointer)).resolve(document)
        except PointerError:
            continue
        return True
    return False


class TestHostilePayloads:
    """A payload restore cannot judge is its documented refusal (CannotJudge), never a raw
    exception from Python's internals."""

    def test_an_integer_past_what_python_writes_is_refused_at_its_pointer(self):
        import sys

        from tierone.core.validation import CannotJudge, TooLarge

        before = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        huge = int("9" * 25_000)
        sys.set_int_max_str_digits(before)
        for schema in (
            {"type": "object"},
            {"properties": {"a": {"properties": {"b": {"type": "string"}}}}},
            {"properties": {"a": {"properties": {"b": {"maximum": 3}}}}},
        ):
            with pytest.raises(TooLarge) as raised:
                restore({"a": {"b": [0, huge]}} if "type" in schema else {"a": {"b": huge}}, schema)
            assert isinstance(raised.value, CannotJudge) and raised.value.about == "payload"
            assert raised.value.pointer in ("/a/b/1", "/a/b") and "more than 4,300 digits" in str(raised.value)
        assert restore({"a": int("9" * 4_300)}, {"type": "object"}).ok  # as many digits as Python writes: judged

    @pytest.mark.parametrize("encoded", ["1e400", '{"x": [-1e400]}', "1" * 400 + ".5"])
    def test_an_encoded_number_past_a_double_is_an_error_at_its_pointer(self, encoded):
        result = restore({"name": "Bo", "meta": encoded}, TestRestore.ORIGINAL)
        said = "the JSON-encoded value holds a number that is not finite (past a double), which is not JSON"
        assert (Pointer(("meta",)), said) in [tuple(e) for e in result.errors]


class TestFreeFormDataKeptAsData:
    """An open object that declares members is the original's value as it is under gemini's
    rendition, its nulls data (before, the kept object lost its null members, as if null meant
    absent); where objects are closed, its declared members stand as they are (a null one means
    absent, as in any object) and the others travel in ``tierone_rest``, their nulls data."""

    ORIGINAL: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {
            "git": {
                "type": "object",
                "properties": {"commit": {"type": ["string", "null"]}, "owner": {"type": "string"}},
                "additionalProperties": True,
            },
            "name": {"type": ["string", "null"]},
        },
    }
    INSTANCE: ClassVar[dict[str, Any]] = {"git": {"commit": None, "owner": "a", "more": {"x": None}}, "name": "n"}

    @pytest.mark.parametrize("profile", ["gemini", "tier1", "openai"])
    def test_the_kept_object_and_its_rest_read_back_as_the_profile_carries_them(self, profile):
        form = to_strict_form(self.INSTANCE, self.ORIGINAL, profile)
        assert ("tierone_rest" in form["git"]) is (profile != "gemini")
        expected = normalized(self.INSTANCE, self.ORIGINAL, profile)
        assert expected["git"]["more"] == {"x": None}  # data it does not declare: its nulls kept
        assert ("commit" in expected["git"]) is (profile == "gemini")
        assert restore(form, self.ORIGINAL).payload == expected

    def test_null_still_means_absent_outside_free_form_data(self):
        answer = {"git": {"commit": None, "owner": "a"}, "name": None}
        assert restore(answer, self.ORIGINAL).payload == {"git": {"commit": None, "owner": "a"}}
