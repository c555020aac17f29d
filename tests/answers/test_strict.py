"""``strict()``: a model or schema to the vendor request fragments and back to a validated answer."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter

import tierone
from tests.conftest import huge_int
from tierone.answers.strict import Strict
from tierone.core.errors import InputError
from tierone.core.pointer import Pointer

from .models import Address, Inventory, Invoice, Owner, Person, Priority, Task

ADDRESS = {"street": "1 Main", "city": "Oslo"}
PERSON = {"name": "Ann", "email": None, "age": None, "home": {**ADDRESS, "postcode": None}, "work": None}


@pytest.fixture(scope="module")
def person() -> Strict:
    return tierone.strict(Person, "vendors")


class TestFragments:
    def test_each_is_exactly_what_its_api_takes(self, person: Strict):
        s = person.schema
        assert person.openai_response_format("person") == {
            "type": "json_schema",
            "json_schema": {"name": "person", "schema": s, "strict": True},
        }
        assert person.openai_text_format("person") == {
            "type": "json_schema",
            "name": "person",
            "schema": s,
            "strict": True,
        }
        assert person.openai_tool("save", "Save a person.") == {
            "type": "function",
            "function": {"name": "save", "description": "Save a person.", "parameters": s, "strict": True},
        }
        assert person.anthropic_tool("save") == {"name": "save", "input_schema": s, "strict": True}
        assert person.anthropic_tool("save", "Save.") == {
            "name": "save",
            "description": "Save.",
            "input_schema": s,
            "strict": True,
        }
        assert person.anthropic_output_format() == {"type": "json_schema", "schema": s}
        assert person.gemini_config() == {"response_mime_type": "application/json", "response_json_schema": s}

    def test_the_schema_is_the_rewritten_one_and_handed_out_as_a_copy(self, person: Strict):
        assert person.schema == tierone.rewrite(Person.model_json_schema(), "vendors").schema
        handed = person.openai_tool("save")
        handed["function"]["parameters"]["properties"].clear()
        assert person.openai_tool("save")["function"]["parameters"] == person.schema != handed["function"]["parameters"]

    @pytest.mark.parametrize("name", ["", "has space", "é", "x" * 65, "a.b", None, 3])
    def test_a_name_the_vendor_refuses_is_a_clear_value_error(self, person: Strict, name):
        for make in (
            person.openai_response_format,
            person.openai_text_format,
            person.openai_tool,
            person.anthropic_tool,
        ):
            with pytest.raises(
                ValueError, match=r"is not a valid .*name.*1 to 64 letters, digits, underscores or hyphens"
            ):
                make(name)

    def test_fragment_builds_each_vendor_fragment_by_its_emit_name(self, person: Strict):
        assert person.fragment("openai-response-format", "person") == person.openai_response_format("person")
        assert person.fragment("openai-tool", "save", "Save.") == person.openai_tool("save", "Save.")
        assert person.fragment("anthropic-tool", "save") == person.anthropic_tool("save")
        assert person.fragment("anthropic-output-format") == person.anthropic_output_format()
        assert person.fragment("gemini-config") == person.gemini_config()

    @pytest.mark.parametrize(
        "kind, name, description, error",
        [
            ("mistral-tool", "x", None, "no request fragment is called 'mistral-tool' .one of: openai-response-format"),
            ("openai-tool", None, None, "the openai-tool fragment needs a name"),
            ("gemini-config", "x", None, "the gemini-config fragment takes no name"),
            ("openai-text-format", "x", "Why.", "the openai-text-format fragment takes no description"),
        ],
    )
    def test_fragment_says_what_is_wrong(self, person: Strict, kind, name, description, error):
        with pytest.raises(ValueError, match=error):
            person.fragment(kind, name, description)

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

    def test_the_short_way_and_the_long_way_read_a_model_answer_alike(self, person: Strict):
        """Text is read the short way where it can be; whitespace JSON does not know, a long
        integer or an invalid answer go the long way, with the same result or errors."""
        text = json.dumps(PERSON)
        assert person.parse(f"\u00a0{text}\u2003") == person.parse(text) == person.parse(PERSON)
        counted = tierone.strict(Inventory, "openai")
        assert counted.parse(f'{{"counts": "{{\\"n\\": {2**70}}}", "tags": [], "note": null}}').counts == {"n": 2**70}
        bad = json.dumps({**PERSON, "home": {"street": 1, "city": "Oslo", "postcode": None}})
        with pytest.raises(tierone.StrictError) as short:
            person.parse(bad)
        with pytest.raises(tierone.StrictError) as long:
            person.parse(json.loads(bad))
        assert short.value.errors == long.value.errors and short.value.errors[0][0] == Pointer(("home", "street"))

    @pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini"])
    def test_an_answer_holding_no_null_reads_alike_without_the_readers_walk(self, profile: str):
        """Where reading would only drop optional members' nulls, text holding no ``null`` is
        taken as it is (the short way skips the walk): the same instance as the long way."""
        from tests.answers.loop_models import LOOP

        thread = tierone.strict(LOOP["Message"][0], profile)
        root = thread.rendition_of().reader.reader.root
        # anthropic refuses recursion: its rendition carries the last level unrolled as JSON text,
        # which every answer's reading decodes
        skips = profile != "anthropic"
        assert root.nulls_only is skips
        walked: list[Any] = []
        reading = root.owning()
        root.owns = lambda value, pointer, walk: walked.append(value) or reading(value, pointer, walk)
        for answer, walks in (
            ({"author": "ann", "text": "hi", "replies": [{"author": "bo", "text": "x", "replies": []}]}, False),
            ({"author": "ann", "text": "hi", "replies": None}, True),
            ({"author": "ann", "text": "hi", "replies": [{"author": "bo", "text": "x", "replies": None}]}, True),
            ({"author": "ann", "text": "null and void", "replies": []}, True),  # "null" in a string: read
        ):
            text = json.dumps(answer)
            walked.clear()
            assert thread.parse(text) == LOOP["Message"][0].model_validate(
                json.loads(text.replace(', "replies": null', ""))
            )
            assert bool(walked) is (walks or not skips)
            assert thread.parse(answer) == thread.parse(text)

    def test_the_models_validators_run(self):
        invoice = tierone.strict(Invoice, "openai")
        line = {"title": "  ship  ", "status": None, "priority": "high", "subtasks": None, "assignees": None}
        answer = {
            "number": "7",
            "customer": PERSON,
            "lines": [line],
            "currency": None,
            "discount": None,
            "totals": '{"net": 3}',
        }
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
        original = {
            "type": "object",
            "properties": {
                "pet": {
                    "anyOf": [
                        {
                            "type": "object",
                            "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}},
                            "required": ["kind"],
                        },
                        {
                            "type": "object",
                            "properties": {"kind": {"const": "dog"}, "good": {"type": "boolean"}},
                            "required": ["kind"],
                        },
                    ]
                }
            },
        }
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
            tierone.strict(Node, "anthropic", unroll=0)
        assert Pointer(("$defs", "Node", "properties", "children", "items")) in [
            f.pointer for f in raised.value.findings
        ]
        assert "T501" in str(raised.value) and "cannot be made strict for anthropic" in str(raised.value)


class TestSources:
    def test_a_model_a_type_adapter_a_schema_a_path_and_module_attribute_agree(self, tmp_path: Path, monkeypatch):
        schema = Person.model_json_schema()
        path = tmp_path / "person.json"
        path.write_text(json.dumps(schema))
        monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
        expected = tierone.strict(Person, "tier1").schema
        for source in (TypeAdapter(Person), schema, str(path), path, "tests.answers.models:Person"):
            assert tierone.strict(source, "tier1").schema == expected, source
        assert tierone.strict("tests.answers.models:Person").parse(PERSON) == Person.model_validate(
            {"name": "Ann", "home": {"street": "1 Main", "city": "Oslo"}}
        )

    @pytest.mark.parametrize(
        "source", ["no-such-file.json", "nomodule_xyz:Model", "tests.answers.models:Missing", '{"type": "object"}']
    )
    def test_a_string_that_names_nothing_is_an_input_error(self, source):
        sys.modules.pop("nomodule_xyz", None)
        with pytest.raises(InputError):
            tierone.strict(source)

    def test_data_that_is_not_a_schema_is_an_input_error(self):
        with pytest.raises(InputError, match="not a JSON Schema"):
            tierone.strict([1, 2])


class TestCompiledOnce:
    """The reader is compiled once per ``Strict`` (and, for ``restore()``, once per schema)."""

    @pytest.fixture
    def checks(self, monkeypatch):
        from tierone.core import validation

        calls = []
        real = validation.check_schema

        def counted(*args, **kwargs):
            calls.append(1)
            return real(*args, **kwargs)

        monkeypatch.setattr(validation, "check_schema", counted)
        return calls

    def test_parse_and_restore_check_the_schema_never_again(self, checks):
        owner = tierone.strict(Owner, "openai")  # made here, or kept from an earlier test
        owner.parse('{"name": "n", "pet": {"kind": "cat", "lives": null}}')  # its reader is made on first use
        made = len(checks)
        for _ in range(5):
            owner.parse('{"name": "n", "pet": {"kind": "cat", "lives": null}}')
            owner.restore({"name": "n", "pet": {"kind": "dog", "good": None}})
        assert len(checks) == made

    def test_restore_keeps_the_compiled_reader_of_an_equal_schema(self, checks):
        original = {"type": "object", "properties": {"tick": {"type": "integer"}, "tock": {"type": "string"}}}
        for _ in range(4):
            assert tierone.restore({"tick": 1, "tock": None}, dict(original)).payload == {"tick": 1}
        assert len(checks) <= 2  # compiled once (check_references checks too)

    def test_a_schema_changed_between_calls_is_read_as_it_is_now(self, checks):
        original = {"type": "object", "properties": {"tock": {"type": ["string", "null"]}}, "required": []}
        for _ in range(3):
            assert tierone.restore({"tock": None}, original).payload == {}
        assert len(checks) <= 2
        assert tierone.restore({"tock": None}, original).payload == {}
        original["required"] = ["tock"]  # now null is a value, not an absence
        assert tierone.restore({"tock": None}, original).payload == {"tock": None}
        original["properties"]["tock"] = {"type": "string"}
        assert [str(e.pointer) for e in tierone.restore({"tock": None}, original).errors] == ["/tock"]

    def test_integers_past_64_bits_survive_as_integers(self):
        big = 2**70 + 1
        reader = tierone.strict(
            {"type": "object", "properties": {"n": {"type": "integer"}, "m": {"type": "object"}}}, "openai"
        )
        assert reader.parse(f'{{"n": {big}, "m": "{{\\"k\\": {-big}}}"}}') == {"n": big, "m": {"k": -big}}
        assert tierone.restore({"m": json.dumps({"k": big})}, reader.original).payload == {"m": {"k": big}}

    def test_threads_share_one_reader(self, checks):
        from concurrent.futures import ThreadPoolExecutor

        owner = tierone.strict(Owner, "openai")  # made here, or kept from an earlier test
        made = len(checks)
        answers = [
            {"name": f"n{i}", "pet": {"kind": "dog" if i % 2 else "cat", "good" if i % 2 else "lives": None}}
            for i in range(200)
        ]
        with ThreadPoolExecutor(4) as pool:
            parsed = list(pool.map(owner.parse, answers))
        assert parsed == [owner.parse(a) for a in answers]
        assert {type(p.pet).__name__ for p in parsed} == {"Cat", "Dog"}
        assert len(checks) <= made + 2  # compiled once (on strict()'s first use, if not before)

    def test_an_answer_is_never_modified_and_the_schema_never_checked_again(self, person: Strict, checks):
        answer = json.loads(json.dumps(PERSON))
        person.parse(answer)  # the reader is made on first use (here, or by an earlier test)
        made = len(checks)
        assert made <= 2
        for _ in range(3):
            person.parse(answer)
            person.restore(answer)
        assert answer == PERSON and len(checks) == made

    def test_the_reader_is_made_on_first_use_only(self, checks):
        class Fresh(Owner):  # a class of its own: not made by an earlier test
            pass

        fresh = tierone.strict(Fresh, "openai")
        fresh.openai_tool("save")
        assert checks == []  # making it and its fragments reads nothing
        answer = '{"name": "n", "pet": {"kind": "cat", "lives": null}}'
        fresh.parse(answer)
        made = len(checks)
        assert 1 <= made <= 2  # compiled (check_references checks too)
        fresh.parse(answer)
        fresh.restore(answer)
        assert len(checks) == made

    def test_a_deep_recursive_answer_is_read_past_the_callers_recursion_limit(self, checks):
        original = {"type": "object", "properties": {"next": {"$ref": "#"}, "tag": {"type": "string"}}}
        answer: dict = {"tag": None}
        for _ in range(900):
            answer = {"next": answer, "tag": None}
        reader = tierone.strict(original, "openai")
        restored = reader.restore(answer)
        assert reader.restore(answer) == restored
        depth = 0
        while "next" in restored:
            assert "tag" not in restored
            restored, depth = restored["next"], depth + 1
        assert depth == 900 and len(checks) == 2

    def test_a_reference_loop_is_named_at_once_not_after_minutes(self):
        import time

        looped = {
            "type": ["integer", "object", "string"],
            "properties": {"type": {"type": "object"}},
            "additionalProperties": {"type": ["integer", "object", "string"], "$ref": "#", "enum": [None]},
            "$ref": "#",
        }
        started = time.monotonic()
        result = tierone.restore({"a": None, "b": "{}"}, looped)
        assert time.monotonic() - started < 20
        assert [(str(e.pointer), e.message) for e in result.errors] == [
            ("", "the original schema's references loop without consuming any input at []")
        ]


class TestHotPath:
    """What the reader skips on the way (each a cost the read-side bench showed)."""

    @pytest.mark.parametrize("profile", ["openai", "gemini", "anthropic"])
    def test_a_discriminated_union_reads_only_the_branch_its_tag_names(self, profile, monkeypatch):
        from tierone.answers.reader import Walk

        from .models import Cat, Dog

        owner = tierone.strict(Owner, profile)
        read: list[object] = []
        real = Walk.in_place
        monkeypatch.setattr(
            Walk,
            "in_place",
            lambda self, value, plan, pointer, owning=False: (
                read.append(plan) or real(self, value, plan, pointer, owning)
            ),
        )
        assert owner.parse({"name": "Bo", "pet": {"kind": "dog", "good": None}}) == Owner(
            name="Bo", pet=Dog(kind="dog")
        )
        assert len(read) == 1
        assert owner.parse({"name": "Bo", "pet": {"kind": "cat", "lives": None}}) == Owner(
            name="Bo", pet=Cat(kind="cat")
        )
        assert owner.restore({"name": "Bo", "pet": {"kind": "cat", "lives": 3}}) == {
            "name": "Bo",
            "pet": {"kind": "cat", "lives": 3},
        }
        with pytest.raises(tierone.StrictError) as raised:  # a tag no branch names: no branch, an error there
            owner.parse({"name": "Bo", "pet": {"kind": "cow", "good": True}})
        assert [str(f.pointer) for f in raised.value.findings] == ["/pet"] and "cow" in str(raised.value)

    def test_the_depth_of_a_place_is_counted_without_making_its_pointer(self, monkeypatch):
        from tierone.answers import decoding

        monkeypatch.setattr(decoding, "Pointer", None)  # a pointer made here would fail
        assert [decoding.depth_of(path) for path in (None, (None, "a"), ((None, "a"), 0))] == [0, 1, 2]
        monkeypatch.undo()
        reader = tierone.strict(Inventory, "openai")
        assert reader.parse({"counts": '{"a": 1}', "tags": None, "note": None}) == Inventory(counts={"a": 1})


class TestModelsEverywhere:
    """lint, rewrite, restore and to_strict_form take the sources strict() takes."""

    @pytest.fixture
    def sources(self, tmp_path: Path, monkeypatch):
        schema = Person.model_json_schema()
        path = tmp_path / "person.json"
        path.write_text(json.dumps(schema))
        monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
        return {
            "class": Person,
            "adapter": TypeAdapter(Person),
            "dict": schema,
            "path": str(path),
            "pathlib": path,
            "module:attribute": "tests.answers.models:Person",
        }

    def test_each_function_reads_every_kind_of_source_alike(self, sources):
        schema = sources["dict"]
        wire = {**PERSON, "work": None}
        expected = {
            "lint": [d.code for d in tierone.lint(schema, profile="openai").diagnostics],
            "rewrite": tierone.rewrite(schema, "openai").schema,
            "restore": tierone.restore(wire, schema),
            "to_strict_form": tierone.to_strict_form({"name": "A", "home": ADDRESS}, schema),
        }
        assert expected["lint"] and expected["restore"].ok
        for kind, source in sources.items():
            assert sorted(d.code for d in tierone.lint(source, profile="openai").diagnostics) == sorted(
                expected["lint"]
            ), kind
            assert tierone.rewrite(source, "openai").schema == expected["rewrite"], kind
            assert tierone.restore(wire, source) == expected["restore"], kind
            assert tierone.to_strict_form({"name": "A", "home": ADDRESS}, source) == expected["to_strict_form"], kind

    @pytest.mark.parametrize("source", ["no-such-file.json", "nomodule_xyz:Model", "tests.answers.models:Missing"])
    def test_a_string_that_names_nothing_is_an_error_never_no_findings(self, source):
        sys.modules.pop("nomodule_xyz", None)
        result = tierone.lint(source)
        assert not result.ok and result.error is not None
        for call in (
            lambda: tierone.rewrite(source),
            lambda: tierone.restore({}, source),
            lambda: tierone.to_strict_form({}, source),
        ):
            with pytest.raises(InputError):
                call()


class TestRecursion:
    def test_the_root_ref_is_inlined_and_points_at_the_root(self):
        from .models import Node

        schema = tierone.strict(Node, "openai").schema
        assert schema["type"] == "object" and "$defs" not in schema
        assert schema["properties"]["children"]["items"] == {"$ref": "#"}
        assert tierone.lint(schema, profile="openai").ok

    def test_other_definitions_are_kept_and_retargeted(self):
        original = {
            "$ref": "#/$defs/Tree",
            "$defs": {
                "Tree": {
                    "type": "object",
                    "properties": {"leaf": {"$ref": "#/$defs/Leaf"}, "next": {"$ref": "#/$defs/Tree"}},
                },
                "Leaf": {"type": "object", "properties": {"up": {"$ref": "#/$defs/Tree"}, "v": {"type": "integer"}}},
            },
        }
        schema = tierone.rewrite(original, "openai").schema
        assert list(schema["$defs"]) == ["Leaf"]
        assert schema["$defs"]["Leaf"]["properties"]["up"]["anyOf"][0] == {"$ref": "#"}

    @pytest.mark.parametrize("profile", ["tier1", "anthropic"])
    def test_unroll_0_refuses_recursion_with_its_pointer_and_the_way_out(self, profile):
        from .models import Node

        with pytest.raises(tierone.StrictError) as raised:
            tierone.strict(Node, profile, unroll=0)
        assert [(str(f.pointer), f.message.split(" ")[0]) for f in raised.value.findings] == [
            ("/$defs/Node/properties/children/items", "T501")
        ]
        assert "unroll=N (or leaving it out)" in str(raised.value)
        with pytest.raises(tierone.StrictError):
            tierone.strict(Node, profile, exact=True)  # unrolling loosens: exact refuses as unroll=0 does

    @pytest.mark.parametrize("profile", ["tier1", "anthropic"])
    def test_recursion_is_unrolled_by_default_and_the_level_past_it_is_a_json_string(self, profile):
        import jsonschema

        from .models import Node

        reader = tierone.strict(Node, profile)
        assert tierone.lint(reader.schema, profile=profile).ok
        assert "T501" in [c.rule for c in reader.loosened]
        defs = reader.schema.get("$defs", {})
        if profile == "tier1":  # its depth limit (5) encodes the recursion at the first level: no level is left
            assert not defs and "JSON-encoded" in json.dumps(reader.schema["properties"]["children"])
        else:
            assert "Node_3" in defs and "Node_4" not in defs
            assert "JSON-encoded" in json.dumps(defs["Node_3"]["properties"]["children"])  # past the third level
        five = {"label": "a", "children": [{"label": "b", "children": [{"label": "c", "children": [
            {"label": "d", "children": [{"label": "e"}]}]}]}]}  # fmt: skip
        wire = tierone.to_strict_form(five, Node.model_json_schema(), profile)
        jsonschema.validate(wire, reader.schema)
        assert reader.parse(json.dumps(wire)) == Node.model_validate(five)
        assert tierone.restore(wire, Node.model_json_schema()).payload == Node.model_validate(five).model_dump(
            exclude_unset=True
        )

    @pytest.mark.parametrize("profile", ["tier1", "anthropic", "openai", "gemini"])
    def test_unroll_n_unrolls_n_levels_and_reads_back(self, profile):
        import jsonschema

        from .models import Node

        reader = tierone.strict(Node, profile, unroll=2)
        assert tierone.lint(reader.schema, profile=profile).ok
        three = {"label": "a", "children": [{"label": "b", "children": [{"label": "c"}]}]}
        wire = tierone.to_strict_form(three, Node.model_json_schema(), profile, unroll=2)
        jsonschema.validate(wire, reader.schema)
        assert reader.parse(json.dumps(wire)) == Node.model_validate(three)
        assert "Node_2" in reader.schema["$defs"] and "Node_3" not in reader.schema["$defs"]

    def test_a_recursion_no_optional_member_holds_is_served_too(self):
        original = {
            "type": "object",
            "properties": {"v": {"type": "integer"}, "next": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}},
            "required": ["v", "next"],
        }
        made = tierone.strict(original, "anthropic", unroll=2)
        assert made.parse({"v": 1, "next": {"v": 2, "next": {"v": 3, "next": None}}}) == {
            "v": 1,
            "next": {"v": 2, "next": {"v": 3, "next": None}},
        }

    @pytest.mark.parametrize("levels", [-1, 1.5, "2", True])
    def test_unroll_is_a_number_of_levels(self, levels):
        with pytest.raises(ValueError, match="unroll is a number of levels"):
            tierone.rewrite({"type": "object"}, unroll=levels)

    def test_draft07_definitions_are_unrolled_too(self):
        original = {
            "definitions": {
                "Node": {
                    "type": "object",
                    "properties": {"v": {"type": "integer"}, "next": {"$ref": "#/definitions/Node"}},
                    "required": ["v"],
                }
            },
            "$ref": "#/definitions/Node",
        }
        done = tierone.rewrite(original, "anthropic", unroll=2)
        assert done.ok, done.unfixable
        assert done.schema["properties"]["next"] == {"$ref": "#/$defs/Root_2"}  # Anthropic takes optional members
        assert done.schema["$defs"]["Root_2"]["properties"]["next"]["type"] == "string"  # the rest, encoded
        assert "renamed to $defs" in [change.what for change in done.changes]
        assert tierone.restore({"v": 1, "next": {"v": 2, "next": '{"v": 3}'}}, original).payload == {
            "v": 1,
            "next": {"v": 2, "next": {"v": 3}},
        }


class TestHostileAnswers:
    """Every hostile answer is a StrictError with a pointer, never a raw exception."""

    @pytest.fixture(scope="class")
    def inventory(self) -> Strict:
        return tierone.strict(Inventory, "openai")  # counts: a free-form map, JSON-encoded

    @pytest.mark.parametrize("source", ["model", "schema"])
    def test_an_answer_nesting_past_the_parsers_is_refused(self, inventory: Strict, source):
        reader = inventory if source == "model" else tierone.strict(Inventory.model_json_schema(), "openai")
        for read in (reader.parse, reader.restore):
            with pytest.raises(tierone.StrictError) as raised:
                read("[" * 1100 + "]" * 1100)
            assert [str(f.pointer) for f in raised.value.findings] == [""] and "too deep" in str(raised.value)

    @pytest.mark.parametrize("source", ["model", "schema"])
    def test_an_encoded_member_nesting_too_deep_is_refused_at_its_pointer(self, inventory: Strict, source):
        reader = inventory if source == "model" else tierone.strict(Inventory.model_json_schema(), "openai")
        answer = json.dumps({"counts": "[" * 25_000 + "]" * 25_000, "tags": [], "note": None})
        for read in (reader.parse, reader.restore):
            with pytest.raises(tierone.StrictError) as raised:
                read(answer)
            assert [str(f.pointer) for f in raised.value.findings] == ["/counts"] and "too deep" in str(raised.value)

    @pytest.mark.parametrize("number", ["1e400", "-1e400", "1" * 400 + ".0"])
    def test_a_number_past_a_double_is_refused_in_the_text_and_in_an_encoded_member(self, number):
        reader = tierone.strict(
            {"type": "object", "properties": {"n": {"type": "number"}, "m": {"type": "object"}}}, "openai"
        )
        model = tierone.strict(Reading, "openai")  # pydantic's float takes infinity
        for read, text in (
            (reader.parse, f'{{"n": {number}, "m": null}}'),
            (model.parse, f'{{"value": {number}, "extra": "{{}}"}}'),
            (reader.restore, f"[{number}]"),
        ):
            with pytest.raises(tierone.StrictError, match="not finite") as raised:
                read(text)
            assert [str(f.pointer) for f in raised.value.findings] == [""]
        for read in (reader.parse, reader.restore):
            with pytest.raises(tierone.StrictError, match="not finite") as raised:
                read(json.dumps({"n": None, "m": f'{{"k": [{number}]}}'}))
            assert {str(f.pointer) for f in raised.value.findings} == {"/m"}

    @pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"n": -Infinity}'])
    def test_nan_and_infinity_are_not_json(self, text):
        reader = tierone.strict({"type": "object", "properties": {"m": {"type": "object"}}}, "openai")
        with pytest.raises(tierone.StrictError, match="not JSON"):
            reader.parse(text)
        with pytest.raises(tierone.StrictError, match="not JSON") as raised:
            reader.parse(json.dumps({"m": text}))
        assert {str(f.pointer) for f in raised.value.findings} == {"/m"}

    def test_an_integer_past_what_python_writes_is_refused_at_its_pointer(self, inventory: Strict):
        huge = huge_int(25_000)
        schema = tierone.strict({"type": "object", "properties": {"a": {"type": "string"}, "b": {}}}, "openai")
        for read, answer, at in (
            (inventory.restore, {"counts": {"a": huge}, "tags": None, "note": None}, "/counts/a"),
            (inventory.parse, {"counts": {"a": 1}, "tags": [huge], "note": None}, "/tags/0"),
            (schema.restore, {"a": huge, "b": None}, "/a"),
            (schema.parse, {"a": "x", "b": [[huge]]}, "/b/0/0"),
        ):
            with pytest.raises(tierone.StrictError, match="more than 4,300 digits") as raised:
                read(answer)
            assert [str(f.pointer) for f in raised.value.findings] == [at]


class Reading(BaseModel):
    value: float
    extra: dict[str, Any] = {}


class TestMadeOnce:
    """``strict()`` gives the same :class:`Strict` for the same model (or schema content) and
    options: an app may call it where it reads, without paying for the rewrite again."""

    def test_the_same_model_and_options_give_the_same_strict(self):
        from pydantic import BaseModel

        class Ticket(BaseModel):
            title: str
            note: str | None = None

        first = tierone.strict(Ticket, "openai")
        assert tierone.strict(Ticket, "openai") is first
        assert tierone.strict(Ticket, "anthropic") is not first
        assert tierone.strict(Ticket, "openai", unroll=2) is not first
        assert first.parse('{"title": "t", "note": null}') == Ticket(title="t")

    def test_schema_content_is_the_key_not_the_object(self):
        schema = {"type": "object", "properties": {"a": {"type": "string"}}}
        first = tierone.strict(schema, "openai")
        assert tierone.strict(json.loads(json.dumps(schema)), "openai") is first
        changed = {"type": "object", "properties": {"a": {"type": "integer"}}}
        assert tierone.strict(changed, "openai") is not first
        assert tierone.strict(changed, "openai").parse('{"a": 3}') == {"a": 3}

    def test_a_refusal_is_not_kept(self):
        refused = {"type": "object", "properties": {"x": {"$ref": "other.json"}}}
        for _ in range(2):
            with pytest.raises(tierone.StrictError):
                tierone.strict(refused, "openai")
