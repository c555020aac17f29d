"""``strict()``: a model or schema to the vendor request fragments and back to a validated answer."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest
from pydantic import TypeAdapter

import tierone
from tierone.core.errors import InputError
from tierone.core.pointer import Pointer
from tierone.rewriter.strict import Strict

from .models import Address, Inventory, Invoice, Owner, Person, Priority, Task

PERSON = {"name": "Ann", "email": None, "age": None, "home": {"street": "1 Main", "city": "Oslo", "postcode": None},
          "work": None}


@pytest.fixture(scope="module")
def person() -> Strict:
    return tierone.strict(Person, "openai")


class TestFragments:
    def test_each_is_exactly_what_its_api_takes(self, person: Strict):
        s = person.schema
        assert person.openai_response_format("person") == {
            "type": "json_schema", "json_schema": {"name": "person", "schema": s, "strict": True}}
        assert person.openai_text_format("person") == {"type": "json_schema", "name": "person", "schema": s, "strict": True}
        assert person.openai_tool("save", "Save a person.") == {"type": "function", "function": {
            "name": "save", "description": "Save a person.", "parameters": s, "strict": True}}
        assert person.anthropic_tool("save") == {"name": "save", "input_schema": s, "strict": True}
        assert person.anthropic_tool("save", "Save.") == {"name": "save", "description": "Save.", "input_schema": s, "strict": True}
        assert person.anthropic_output_format() == {"type": "json_schema", "schema": s}
        assert person.gemini_config() == {"response_mime_type": "application/json", "response_json_schema": s}

    def test_the_schema_is_the_rewritten_one_and_handed_out_as_a_copy(self, person: Strict):
        assert person.schema == tierone.rewrite(Person.model_json_schema(), "openai").schema
        handed = person.openai_tool("save")
        handed["function"]["parameters"]["properties"].clear()
        assert person.openai_tool("save")["function"]["parameters"] == person.schema != handed["function"]["parameters"]

    @pytest.mark.parametrize("name", ["", "has space", "é", "x" * 65, "a.b", None, 3])
    def test_a_name_the_vendor_refuses_is_a_clear_value_error(self, person: Strict, name):
        for make in (person.openai_response_format, person.openai_text_format, person.openai_tool, person.anthropic_tool):
            with pytest.raises(ValueError, match=r"is not a valid .*name.*1 to 64 letters, digits, underscores or hyphens"):
                make(name)

    def test_a_description_is_a_string(self, person: Strict):
        with pytest.raises(ValueError, match="a description is a string"):
            person.anthropic_tool("save", 3)  # type: ignore[arg-type]

    def test_the_value_is_frozen(self, person: Strict):
        with pytest.raises(dataclasses.FrozenInstanceError):
            person.profile = "tier1"  # type: ignore[misc]


class TestParse:
    def test_text_bytes_tool_arguments_and_objects_give_the_same_instance(self, person: Strict):
        text = json.dumps(PERSON)
        expected = Person(name="Ann", home=Address(street="1 Main", city="Oslo"))
        for answer in (text, f"\n  {text}\n", text.encode(), bytearray(text.encode()), PERSON):
            assert person.parse(answer) == expected
        assert person.parse(text).age == 30  # null meant absent: the default ran

    def test_the_models_validators_run(self):
        invoice = tierone.strict(Invoice, "openai")
        line = {"title": "  ship  ", "status": None, "priority": "high", "subtasks": None, "assignees": None}
        answer = {"number": "7", "customer": PERSON, "lines": [line], "currency": None, "discount": None, "totals": '{"net": 3}'}
        parsed = invoice.parse(answer)
        assert isinstance(parsed, Invoice) and parsed.lines == [Task(title="ship", priority=Priority.HIGH)]
        assert (parsed.currency, parsed.totals, parsed.customer.age) == ("EUR", {"net": 3}, 30)

    def test_a_type_adapter_gives_its_type(self):
        adapter = TypeAdapter(Address)
        parsed = tierone.strict(adapter, "openai").parse('{"street": "s", "city": "c", "postcode": null}')
        assert parsed == Address(street="s", city="c")

    def test_a_schema_source_gives_restored_data_validated_against_the_original(self):
        original = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}, "m": {"type": "object"}}}
        reader = tierone.strict(original, "openai")
        assert reader.parse('{"n": 2, "m": "{\\"a\\": [1]}"}') == {"n": 2, "m": {"a": [1]}}
        with pytest.raises(tierone.StrictError) as raised:
            reader.parse({"n": 0, "m": None})
        assert raised.value.errors == ((Pointer(("n",)), "0 is less than the minimum of 1"),)

    def test_restore_gives_plain_data(self, person: Strict):
        assert person.restore(json.dumps(PERSON)) == {"name": "Ann", "home": {"street": "1 Main", "city": "Oslo"}}

    @pytest.mark.parametrize("answer", ["", "{", "not json", '{"a": NaN}', b"\xff{}"])
    def test_text_that_is_not_json_is_one_error_at_the_root(self, person: Strict, answer):
        with pytest.raises(tierone.StrictError, match="not") as raised:
            person.parse(answer)
        assert [f.pointer for f in raised.value.findings] == [Pointer()]


class TestErrors:
    def test_one_value_error_with_the_leaf_inside_a_union_and_values_shown_short(self):
        owner = tierone.strict(Owner, "openai")
        answer = {"name": "n", "pet": {"kind": "dog", "good": "x" * 500}}
        for read in (owner.parse, owner.restore):
            with pytest.raises(ValueError) as raised:
                read(answer)
            error = raised.value
            assert isinstance(error, tierone.StrictError)
            assert [f.pointer for f in error.errors] == [Pointer(("pet", "good"))], read
            assert "x" * 41 not in str(error) and "x" * 30 in str(error)

    def test_a_union_reports_the_branch_that_came_closest(self):
        original = {"type": "object", "properties": {"pet": {"anyOf": [
            {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"const": "dog"}, "good": {"type": "boolean"}}, "required": ["kind"]},
        ]}}}
        with pytest.raises(tierone.StrictError) as raised:
            tierone.strict(original, "openai").restore({"pet": {"kind": "dog", "good": 3}})
        assert raised.value.errors == ((Pointer(("pet", "good")), "3 is not of type 'boolean'"),)

    def test_pydantic_errors_are_placed_by_loc_and_never_repeated(self, person: Strict):
        answer = {**PERSON, "age": "old", "home": {"street": None, "city": 5, "postcode": None}}
        with pytest.raises(tierone.StrictError) as raised:
            person.parse(answer)
        pointers = [str(f.pointer) for f in raised.value.errors]
        assert pointers == ["/age", "/home/street", "/home/city"]
        assert len(set(raised.value.errors)) == len(raised.value.errors)

    def test_a_whole_payload_is_never_printed(self):
        inventory = tierone.strict(Inventory, "openai")
        huge = {"counts": json.dumps({f"k{i}": "many" for i in range(500)}), "tags": None, "note": None}
        with pytest.raises(tierone.StrictError) as raised:
            inventory.parse(huge)
        assert len(raised.value.errors) == 500
        assert all(len(f.message) < 120 for f in raised.value.errors)
        assert len(str(raised.value)) < 1000 and "and 495 more" in str(raised.value)

    def test_refusal_names_each_place(self):
        from .models import Node

        with pytest.raises(tierone.StrictError) as raised:
            tierone.strict(Node, "anthropic")
        assert Pointer(("$defs", "Node", "properties", "children", "items")) in [f.pointer for f in raised.value.findings]
        assert "T501" in str(raised.value) and "cannot be made strict for anthropic" in str(raised.value)


class TestSources:
    def test_a_model_a_type_adapter_a_schema_a_path_and_module_attribute_agree(self, tmp_path: Path, monkeypatch):
        schema = Person.model_json_schema()
        path = tmp_path / "person.json"
        path.write_text(json.dumps(schema))
        monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
        expected = tierone.strict(Person).schema
        for source in (TypeAdapter(Person), schema, str(path), path, "tests.rewriter.models:Person"):
            assert tierone.strict(source).schema == expected, source
        assert tierone.strict("tests.rewriter.models:Person").parse(PERSON) == Person.model_validate(
            {"name": "Ann", "home": {"street": "1 Main", "city": "Oslo"}})

    @pytest.mark.parametrize("source", ["no-such-file.json", "nomodule_xyz:Model", "tests.rewriter.models:Missing",
                                        '{"type": "object"}'])
    def test_a_string_that_names_nothing_is_an_input_error(self, source):
        sys.modules.pop("nomodule_xyz", None)
        with pytest.raises(InputError):
            tierone.strict(source)

    def test_data_that_is_not_a_schema_is_an_input_error(self):
        with pytest.raises(InputError, match="not a JSON Schema"):
            tierone.strict([1, 2])
