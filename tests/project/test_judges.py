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
from tests.judges import JUDGES, Verdict, all_judges, first_difference, judges_for

PROFILES = ("tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi")
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
    envelopes = [
        Case(f"envelope-{kind}", tierone.envelopes.schema(kind, strict=True)) for kind in tierone.envelopes.kinds()
    ]
    examples = [Case(f"example-{p.name}", _load(p)) for p in sorted((ROOT / "examples" / "schemas").glob("*.schema.*"))]
    return envelopes + examples


def _corpus_cases() -> list[Case]:
    if not (CORPUS / "jsonschemabench").is_dir():
        return []
    files = corpus_files(CORPUS, "jsonschemabench")[::CORPUS_EVERY]
    return [Case(f"corpus-{p.parent.name}-{p.stem}", json.loads(p.read_text(encoding="utf-8"))) for p in files]


class Rendition(NamedTuple):
    """One case to rewrite for one profile (the rewrite runs in the test, never at collection)."""

    id: str
    profile: str
    case: Case


def _renditions(cases: list[Case]) -> list[Rendition]:
    return [Rendition(f"{case.name}-{profile}", profile, case) for case in cases for profile in PROFILES]


class Defect(NamedTuple):
    """A known tierone defect (or consumer limitation): the judges that reject it, and why."""

    judges: frozenset[str]
    reason: str


def _defect(reason: str, *judges: str) -> Defect:
    return Defect(frozenset(judges), reason)


#: the cases each defect shows in (``ANCHORED = _defect("why", "outlines-core")`` and its case ids);
#: fixing one turns its cases into XPASS, i.e. failures: then delete them here. None is known
DEFECTS: dict[Defect, tuple[str, ...]] = {}


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
    """The case's rendition, when the rewrite makes one, is accepted by every judge (a refusal
    serves nothing, so there is nothing to judge; a crash fails)."""
    try:
        result = tierone.rewrite(rendition.case.schema, rendition.profile)
    except Exception as error:  # noqa: BLE001 - a crash is a finding
        pytest.fail(f"tierone.rewrite crashed: {type(error).__name__}: {error}")
    if not result.ok:
        return
    rejected = [v for v in _judged(rendition.profile, json.dumps(result.schema)) if not v.ok]
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


@pytest.mark.slow
@pytest.mark.parametrize("rendition", _params(_renditions(_corpus_cases())))
def test_corpus_sample_renditions_are_accepted_by_every_judge(corpus, rendition):
    _check(rendition)


def test_every_known_defect_names_a_case_and_real_judges():
    ids = {r.id for r in _renditions(_fixture_cases() + _shipped_cases() + _corpus_cases())}  # names only: cheap
    with_corpus = bool(_corpus_cases())
    assert [case for case in KNOWN if case not in ids and (with_corpus or not case.startswith("corpus-"))] == []
    assert all(defect.judges and defect.judges <= JUDGES.keys() for defect in DEFECTS)


# --- each judge can say no ----------------------------------------------------------------

OBJECT = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}
#: YAML's `.inf`: the SDKs refuse to send it (a JSON body cannot carry it)
INFINITE = {**OBJECT, "properties": {"a": {"type": "number", "maximum": float("inf")}}}
#: a schema each judge accepts, and one it must reject (with the pointer it names, when it can)
SANITY: dict[str, tuple[Any, Any, str | None]] = {
    "llguidance": (
        OBJECT,
        {
            **OBJECT,
            "anyOf": [
                {
                    "type": "object",
                    "properties": {"b": {"type": "string"}},
                    "required": ["b"],
                    "additionalProperties": False,
                }
            ],
        },
        "",
    ),
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
    "gemini-openapi": (
        {
            "type": "object",
            "properties": {"a": {"type": "string", "nullable": True}},
            "required": ["a"],
            "propertyOrdering": ["a"],
        },
        {"type": "object", "properties": {"a": {"type": ["string", "null"]}}},
        None,
    ),
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
    closed = {
        "type": "object",
        "properties": {"b": {"type": "string"}},
        "required": ["b"],
        "additionalProperties": False,
    }
    inner = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "anyOf": [closed]}
    schema = {
        "type": "object",
        "properties": {"x": {"$ref": "#/$defs/X"}, "y": inner},
        "required": ["x", "y"],
        "additionalProperties": False,
        "$defs": {"X": {"type": "integer", "minimum": 3}},
    }
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
    from tierone.subset.profiles import PROFILES

    names = {p: [j.name for j in judges_for(p)] for p in PROFILES}
    assert names["vendors"] == [name for name in JUDGES if name != "gemini-openapi"]
    assert names["tier1"] == [name for name in names["vendors"] if name != "anthropic-transform"]
    assert names["tier1-load-bearing"] == ["llguidance", "outlines-core"]
    assert names["gemini"] == ["llguidance", "outlines-core", "gemini-json"]
    assert names["gemini-openapi"] == ["llguidance", "outlines-core", "gemini-openapi"]
    assert "gemini-openapi" not in names["tier1"] and "openai-agents" not in names["anthropic"]
    assert "anthropic-transform" in names["anthropic"]
    with pytest.raises(ValueError, match="no judges known for profile 'nope'"):
        judges_for("nope")


def test_the_sdk_helper_judges_the_profiles_spelled_for_it():
    """Anthropic's transform_schema raises on RFC 0030 §D's type list: it judges the anthropic and
    vendors renditions (spelled with anyOf), not tier1's (the raw request paths take the list)."""
    nullable = {
        "type": "object",
        "properties": {"a": {"type": ["string", "null"]}},
        "required": ["a"],
        "additionalProperties": False,
    }
    assert all(v.ok for v in _judged("tier1", json.dumps(nullable)))
    for profile in ("anthropic", "vendors"):
        assert not next(v for v in _judged(profile, json.dumps(nullable)) if v.judge == "anthropic-transform").ok
        spelled = tierone.rewrite(nullable, profile).schema
        assert all(v.ok for v in _judged(profile, json.dumps(spelled))), profile
