"""Every strict rendition tierone writes is accepted by the consumers (tests/judges.py).

Sources: the rule fixtures (bad and good), the CLI fixtures, the shipped strict envelopes,
examples/schemas and a small corpus sample, each rewritten for every profile; a rendition the
rewrite refuses is not judged (nothing is served), a crash of the rewrite fails its case.
Known tierone defects are listed in DEFECTS, each with its judges and the cases it shows in:
such a case xfails (strictly) only while no other judge rejects it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import jsonschema
import pytest

import tierone
from tests.conftest import CORPUS, FIXTURES, ROOT, corpus_files
from tests.judges import JUDGES, PROFILE_VENDORS, Verdict, all_judges, first_difference, judges_for

PROFILES = ("tier1", "openai", "anthropic", "gemini")
#: every how-many-th corpus file the sample takes (about 12 of the ~9,500)
CORPUS_EVERY = 800


class Case(NamedTuple):
    """A schema to rewrite, named for its parametrize id."""

    name: str
    schema: Any


def _load(path: Path) -> Any:
    if path.suffix in (".yaml", ".yml"):
        from ruamel.yaml import YAML

        return YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    return json.loads(path.read_text(encoding="utf-8"))


def _fixture_cases() -> list[Case]:
    cases = []
    for path in sorted((FIXTURES / "rules").glob("T*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for kind in ("bad", "good"):
            cases += [Case(f"{data['code']}-{kind}-{c['name'].replace(' ', '_')}", c["schema"]) for c in data[kind]]
    for path in sorted((FIXTURES / "cli").glob("*.schema.*")):
        if path.name != "broken.schema.json":  # not JSON at all, on purpose
            cases.append(Case(f"cli-{path.name}", _load(path)))
    return cases


def _shipped_cases() -> list[Case]:
    envelopes = [Case(f"envelope-{kind}", tierone.envelopes.schema(kind, strict=True)) for kind in tierone.envelopes.kinds()]
    examples = [Case(f"example-{p.name}", _load(p)) for p in sorted((ROOT / "examples" / "schemas").glob("*.schema.*"))]
    return envelopes + examples


def _corpus_cases() -> list[Case]:
    if not (CORPUS / "jsonschemabench").is_dir():
        return []
    files = corpus_files(CORPUS, "jsonschemabench")[::CORPUS_EVERY]
    return [Case(f"corpus-{p.parent.name}-{p.stem}", json.loads(p.read_text(encoding="utf-8"))) for p in files]


class Rendition(NamedTuple):
    """One case rewritten for one profile."""

    id: str
    profile: str
    #: the strict schema, or None when the rewrite crashed
    schema: Any
    #: the rewrite's exception, one line, when it crashed
    crash: str | None


def _renditions(cases: list[Case]) -> list[Rendition]:
    out = []
    for case in cases:
        for profile in PROFILES:
            try:
                result = tierone.rewrite(case.schema, profile)
            except Exception as error:  # noqa: BLE001 - a crash is a finding, reported by the test
                out.append(Rendition(f"{case.name}-{profile}", profile, None, f"{type(error).__name__}: {error}"))
                continue
            if result.ok:
                out.append(Rendition(f"{case.name}-{profile}", profile, result.schema, None))
    return out


class Defect(NamedTuple):
    """A known tierone defect (or consumer limitation): the judges that reject it, and why."""

    judges: frozenset[str]
    reason: str


def _defect(reason: str, *judges: str) -> Defect:
    return Defect(frozenset(judges), reason)


AGENTS = ("openai-agents", "openai-helper")
NULL_TYPE_LIST = _defect("type: [..., 'null'] crashes anthropic transform_schema (an anyOf with {type: null} passes)",
                         "anthropic-transform")
PROPERTY_ORDERING = _defect("propertyOrdering written or kept for a non-Gemini vendor: anthropic transform_schema moves it into "
                            "the description", "anthropic-transform")
META_KEYWORDS = _defect("$id/$schema/$comment passed through: anthropic transform_schema moves them into the description",
                        "anthropic-transform")
DEFAULT_KEPT = _defect("default kept for anthropic: transform_schema moves it into the description", "anthropic-transform")
REQUIRED_ORDER = _defect("required not in properties order: ensure_strict_json_schema reorders it", *AGENTS)
CLOSED_EMPTY_OBJECT = _defect("a closed object without properties gets no required: []; openai-agents adds it, "
                              "pydantic-ai finds it not strict", *AGENTS, "pydantic-ai")
ANCHORED_PATTERN = _defect("outlines-core limitation: a pattern with ^ compiles to a regex that matches nothing "
                           "(openai keeps pattern)", "outlines-core")
ESCAPED_REF = _defect("outlines-core limitation: it cannot resolve an escaped $ref pointer (#/$defs/a~1b)", "outlines-core")
PATTERN_KEPT = _defect("pattern kept for anthropic (its documented regex subset): the SDK's transform_schema moves it into "
                       "the description", "anthropic-transform")
TUPLE_ITEMS = _defect("draft-04 tuple items: [...] kept for gemini: outlines-core does not support it", "outlines-core")

#: the cases each defect shows in (issue 13 lists most); fixing one turns its cases into XPASS,
#: i.e. failures: then delete them here
DEFECTS: dict[Defect, tuple[str, ...]] = {
    NULL_TYPE_LIST: (
        "T101-bad-root_untyped-tier1", "T102-bad-type_list_with_object-tier1",
        "T102-bad-type_list_with_object-anthropic", "T104-bad-optional-tier1", "T104-bad-no_required-tier1",
        "T104-good-all_required-tier1", "T104-good-all_required-anthropic",
        "T401-bad-a_boolean_property_at_depth_six_(the_reference_flags_it)-anthropic", "T408-good-16_unions-tier1",
        "T408-good-16_unions-anthropic", "T602-bad-true_property-tier1", "T602-bad-true_property-anthropic",
        "T605-bad-nullable-tier1", "T605-bad-nullable-anthropic", "T606-bad-required_not_a_list-tier1",
        "T606-good-well_formed-tier1", "T606-good-well_formed-anthropic",
        "T607-bad-nullable_array_without_items-tier1", "T607-bad-nullable_array_without_items-anthropic",
        "T701-good-with_reasoning-tier1", "T702-bad-object_reasoning-tier1", "T702-good-optional_string-tier1",
        "T702-good-required_nullable-tier1", "T702-good-required_nullable-anthropic", "T703-bad-second-tier1",
        "T703-good-first-tier1", "T704-good-free_text-tier1", "T705-bad-ack_with_reasoning-tier1",
        "cli-clean.schema.json-tier1", "cli-clean.schema.json-anthropic", "cli-messy.schema.yaml-tier1",
        "envelope-clarification.request-tier1", "envelope-clarification.request-anthropic",
        "envelope-schema.request-tier1", "envelope-schema.request-anthropic", "envelope-error-tier1",
        "envelope-error-anthropic", "example-answer.schema.json-tier1", "example-answer.schema.json-anthropic",
        "example-ticket.schema.yaml-tier1", "corpus-Github_easy-o47064-tier1", "corpus-Github_hard-o41314-tier1",
        "corpus-Github_medium-o10618-tier1", "corpus-Github_trivial-o9941-tier1",
        "corpus-Glaiveai2K-calculate_area_c686757a-tier1", "corpus-Glaiveai2K-generate_password_7cc4d82d-tier1",
        "corpus-Kubernetes-kb_1039_Normalized-tier1", "corpus-Kubernetes-kb_1039_Normalized-anthropic",
        "T801-good-a_family_prefix-tier1",
    ),
    PROPERTY_ORDERING: (
        "T101-good-object_root-tier1", "T102-bad-missing-tier1", "T102-bad-true-tier1",
        "T102-bad-untyped_with_properties-tier1", "T102-good-closed-tier1", "T102-good-nested_closed-tier1",
        "T103-bad-map-tier1", "T103-good-closed-tier1", "T105-good-declared-tier1",
        "T106-bad-description_sibling-tier1", "T106-good-bare_ref-tier1", "T201-bad-oneOf-tier1",
        "T201-good-anyOf-tier1", "T202-bad-allOf-tier1", "T202-good-plain-tier1", "T203-bad-not-tier1",
        "T203-good-enum-tier1", "T204-bad-if-tier1", "T204-good-plain-tier1", "T205-bad-dependentRequired-tier1",
        "T205-bad-dependencies-tier1", "T205-good-plain-tier1", "T206-good-items_schema-tier1",
        "T207-bad-propertyNames-tier1", "T207-good-plain-tier1", "T208-good-plain-tier1",
        "T209-bad-unevaluatedProperties-tier1", "T209-good-plain-tier1", "T210-bad-contains-tier1",
        "T210-good-plain-tier1", "T211-good-ref-tier1", "T212-bad-default-tier1", "T212-good-plain-tier1",
        "T213-bad-const-tier1", "T213-good-enum-tier1", "T214-good-strings-tier1", "T301-bad-maxLength-tier1",
        "T301-good-plain-tier1", "T302-bad-pattern-tier1", "T302-good-plain-tier1", "T303-bad-format-tier1",
        "T303-good-plain-tier1", "T304-bad-minimum-tier1", "T304-good-plain-tier1",
        "T305-bad-exclusiveMinimum-tier1", "T305-good-plain-tier1", "T306-bad-multipleOf-tier1",
        "T306-good-plain-tier1", "T307-bad-minItems-tier1", "T307-good-plain-tier1", "T308-bad-maxItems-tier1",
        "T308-good-plain-tier1", "T309-bad-uniqueItems-tier1", "T309-good-plain-tier1",
        "T310-bad-minProperties-tier1", "T310-good-plain-tier1", "T401-good-five_levels-tier1",
        "T401-good-a_closed_empty_object_at_depth_five_(additionalProperties:_false_is_a_switch,_not_a_level)-tier1",
        "T402-good-ref_shallow-tier1", "T403-good-100_properties-tier1", "T404-good-small_enum-tier1", "T405-good-short-tier1",
        "T406-good-300_short_values-tier1", "T501-good-no_cycle-tier1", "T502-good-own_id-tier1",
        "T503-good-anchor-tier1", "T503-good-escaped_pointer-tier1", "T601-bad-untyped-tier1",
        "T601-good-typed-tier1", "T601-good-enum-tier1", "T602-good-additionalProperties_false-tier1",
        "T603-bad-empty-tier1", "T603-bad-description_only-tier1", "T603-good-typed-tier1",
        "T604-good-nullable_enum-tier1", "T604-good-integral_float-tier1", "T605-good-x-_extension-tier1",
        "T605-good-x-_extension-anthropic",
        "T606-good-enum_values_with_distinct_JSON_texts_that_Python_finds_equal_(1,_true,_1.0)-tier1",
        "T607-bad-no_items-tier1", "T607-good-typed_items-tier1", "T701-bad-vendor_kind_without_reasoning-tier1",
        "T701-good-acknowledgement_kind-tier1", "T702-bad-required_but_not_nullable-tier1", "T704-bad-enum-tier1",
        "T705-good-ack_without-tier1", "envelope-schema.response-tier1", "envelope-schema.response-anthropic",
        "corpus-Github_easy-o10008-tier1", "corpus-Github_easy-o83411-tier1",
        "T801-bad-code_not_found_on_its_node-tier1", "T801-bad-code_names_no_rule-tier1",
        "T801-bad-ignore_all_on_a_clean_node-tier1", "T801-good-suppresses_the_code_found_on_its_node-tier1",
        "T801-good-a_family_prefix-tier1",
    ),
    TUPLE_ITEMS: (
        "T206-bad-items_array-gemini",
    ),
    DEFAULT_KEPT: (
        "T212-bad-default-anthropic",
    ),
    ANCHORED_PATTERN: (
        "T302-bad-pattern-openai", "cli-messy.schema.yaml-openai",
        "T302-bad-pattern-anthropic", "cli-messy.schema.yaml-anthropic",
    ),
    PATTERN_KEPT: (
        "T302-bad-pattern-anthropic", "cli-messy.schema.yaml-anthropic",
    ),
    CLOSED_EMPTY_OBJECT: (
        "T401-good-a_closed_empty_object_at_depth_five_(additionalProperties:_false_is_a_switch,_not_a_level)-tier1",
        "T401-good-a_closed_empty_object_at_depth_five_(additionalProperties:_false_is_a_switch,_not_a_level)-openai",
        "T702-bad-object_reasoning-tier1", "T702-bad-object_reasoning-openai",
    ),
    META_KEYWORDS: (
        "T502-good-own_id-tier1", "T502-good-own_id-anthropic", "T605-good-x-_extension-tier1",
        "T605-good-x-_extension-anthropic", "example-ticket.schema.yaml-anthropic",
        "corpus-Github_easy-o10008-tier1", "corpus-Github_easy-o10008-anthropic",
        "corpus-Github_easy-o47064-anthropic", "corpus-Github_easy-o83411-anthropic",
        "corpus-Github_hard-o41314-anthropic", "corpus-Github_medium-o10618-anthropic",
        "corpus-Github_medium-o5208-anthropic", "corpus-Github_trivial-o9941-anthropic",
    ),
    ESCAPED_REF: (
        "T503-good-escaped_pointer-tier1", "T503-good-escaped_pointer-openai", "T503-good-escaped_pointer-anthropic",
        "T503-good-escaped_pointer-gemini",
    ),
    REQUIRED_ORDER: (
        "corpus-Github_hard-o41314-tier1", "corpus-Github_hard-o41314-openai",
        "corpus-Glaiveai2K-calculate_area_c686757a-tier1", "corpus-Glaiveai2K-calculate_area_c686757a-openai",
        "corpus-Glaiveai2K-generate_password_7cc4d82d-tier1", "corpus-Glaiveai2K-generate_password_7cc4d82d-openai",
        "corpus-Kubernetes-kb_1039_Normalized-tier1", "corpus-Kubernetes-kb_1039_Normalized-openai",
    ),
}


def _known() -> dict[str, Defect]:
    """Case id -> its defects merged (the judges of all, the reasons joined)."""
    merged: dict[str, Defect] = {}
    for defect, ids in DEFECTS.items():
        for case in ids:
            old = merged.get(case, Defect(frozenset(), ""))
            merged[case] = Defect(old.judges | defect.judges, "; ".join(filter(None, (old.reason, defect.reason))))
    return merged


KNOWN = _known()


class KnownDefect(AssertionError):
    """Only the judges of a case's known defects reject it."""


def _render(rejected: list[Verdict]) -> str:
    return "; ".join(f"{v.judge}: {v.detail} [{v.pointer or ''}]" for v in rejected)


@cache
def _judged(profile: str, text: str) -> tuple[Verdict, ...]:
    """The verdicts, once per distinct rendition (many cases rewrite to the same schema)."""
    return all_judges(json.loads(text), profile)


def _check(rendition: Rendition) -> None:
    assert rendition.crash is None, f"tierone.rewrite crashed: {rendition.crash}"
    rejected = [v for v in _judged(rendition.profile, json.dumps(rendition.schema)) if not v.ok]
    known = KNOWN.get(rendition.id)
    if rejected and known and {v.judge for v in rejected} <= known.judges:
        raise KnownDefect(_render(rejected))
    assert not rejected, _render(rejected)


def _params(renditions: list[Rendition]) -> list[Any]:
    params = []
    for r in renditions:
        marks = [pytest.mark.xfail(strict=True, raises=KnownDefect, reason=KNOWN[r.id].reason)] if r.id in KNOWN else []
        params.append(pytest.param(r, id=r.id, marks=marks))
    return params


@pytest.mark.parametrize("rendition", _params(_renditions(_fixture_cases())))
def test_fixture_renditions_are_accepted_by_every_judge(rendition):
    _check(rendition)


@pytest.mark.parametrize("rendition", _params(_renditions(_shipped_cases())))
def test_shipped_renditions_are_accepted_by_every_judge(rendition):
    _check(rendition)


@pytest.mark.parametrize("rendition", _params(_renditions(_corpus_cases())))
def test_corpus_sample_renditions_are_accepted_by_every_judge(corpus, rendition):
    _check(rendition)


def test_every_known_defect_names_a_case_and_real_judges():
    ids = {r.id for r in _renditions(_fixture_cases() + _shipped_cases() + _corpus_cases())}
    with_corpus = bool(_corpus_cases())
    assert [case for case in KNOWN if case not in ids and (with_corpus or not case.startswith("corpus-"))] == []
    assert all(defect.judges and defect.judges <= JUDGES.keys() for defect in DEFECTS)


# --- each judge can say no ----------------------------------------------------------------

OBJECT = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}
#: YAML's `.inf`: the SDKs refuse to send it (a JSON body cannot carry it)
INFINITE = {**OBJECT, "properties": {"a": {"type": "number", "maximum": float("inf")}}}
#: a schema each judge accepts, and one it must reject (with the pointer it names, when it can)
SANITY: dict[str, tuple[Any, Any, str | None]] = {
    "llguidance": (OBJECT, {**OBJECT, "anyOf": [{"type": "object", "properties": {"b": {"type": "string"}},
                                                  "required": ["b"], "additionalProperties": False}]}, ""),
    "outlines-core": (OBJECT, {"type": "object", "properties": {"a": {"type": "string", "pattern": "(?<=a)b"}}}, None),
    "openai-agents": (OBJECT, {**OBJECT, "required": []}, "/required"),
    "openai-helper": (OBJECT, {"type": "object", "properties": {"a": {"type": "string"}}}, ""),
    "pydantic-ai": (OBJECT, {**OBJECT, "properties": {"a": {"type": "string", "minLength": 1}}}, None),
    "anthropic-transform": (OBJECT, {**OBJECT, "properties": {"a": {"type": ["string", "null"]}}}, None),
    "openai-chat": (OBJECT, INFINITE, None),
    "openai-responses": (OBJECT, INFINITE, None),
    "openai-tools": (OBJECT, INFINITE, None),
    "anthropic-tool": (OBJECT, INFINITE, None),
    "anthropic-output": (OBJECT, INFINITE, None),
    "gemini-json": (OBJECT, INFINITE, None),
    "gemini-openapi": ({"type": "object", "properties": {"a": {"type": "string", "nullable": True}}, "required": ["a"],
                        "propertyOrdering": ["a"]}, {"type": "object", "properties": {"a": {"type": ["string", "null"]}}}, None),
}


def test_every_judge_has_a_sanity_pair():
    assert SANITY.keys() == JUDGES.keys()


@pytest.mark.parametrize("name", list(SANITY))
def test_each_judge_accepts_a_good_schema_and_rejects_a_bad_one(name):
    good, bad, pointer = SANITY[name]
    check = JUDGES[name].check
    assert check(good) == Verdict(name, True, check(good).detail)
    verdict = check(bad)
    assert not verdict.ok and verdict.detail, verdict
    if pointer is not None:
        assert verdict.pointer == pointer, verdict


def test_llguidance_names_the_unsatisfiable_node_and_finds_a_value():
    closed = {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"], "additionalProperties": False}
    inner = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "anyOf": [closed]}
    schema = {"type": "object", "properties": {"x": {"$ref": "#/$defs/X"}, "y": inner}, "required": ["x", "y"],
              "additionalProperties": False, "$defs": {"X": {"type": "integer", "minimum": 3}}}
    verdict = JUDGES["llguidance"].check(schema)
    assert (verdict.ok, verdict.pointer) == (False, "/properties/y"), verdict
    satisfiable = {**schema, "properties": {**schema["properties"], "y": closed}}
    accepted = JUDGES["llguidance"].check(satisfiable)
    assert accepted.ok, accepted
    jsonschema.validate(json.loads(accepted.detail.removeprefix("accepts b")[1:-1]), satisfiable)


def test_the_sdk_judges_compare_what_was_sent_key_order_included():
    assert first_difference({"a": 1, "b": [1, {"c": True}]}, {"a": 1, "b": [1, {"c": True}]}) is None
    assert first_difference({"a": 1, "b": 2}, {"b": 2, "a": 1}) == ("", "keys reordered: ['a', 'b'] -> ['b', 'a']")
    assert first_difference({"a": 1, "b": 2}, {"b": 2, "a": 1}, ordered=False) is None
    assert first_difference({"a": [1, 1]}, {"a": [1, True]}) == ("/a/1", "1 -> true")
    assert first_difference({"a/b": {"c": 1}}, {"a/b": {}}) == ("/a~1b", "keys added [], removed ['c']")


def test_judges_apply_by_profile():
    names = {p: [j.name for j in judges_for(p)] for p in PROFILE_VENDORS}
    assert names["tier1"] == [name for name in JUDGES if name != "gemini-openapi"] == names["vendors"]
    assert names["tier1-load-bearing"] == ["llguidance", "outlines-core"]
    assert names["gemini"] == ["llguidance", "outlines-core", "gemini-json"]
    assert names["gemini-openapi"] == ["llguidance", "outlines-core", "gemini-openapi"]
    assert "gemini-openapi" not in names["tier1"] and "openai-agents" not in names["anthropic"]
    with pytest.raises(ValueError, match="no judges known for profile 'nope'"):
        judges_for("nope")
