"""The realistic models (tests/answers/models.py) through ``strict()`` for each profile: a
success lints clean and passes the consumers' judges (llguidance and the vendor SDKs' request
paths); a refusal names each place and rule the profile dictates; and two properties hold for
every success: any answer valid under ``Strict.schema`` gives a model instance or a
``StrictError`` with pointers (never another exception), and ``.parse`` of the strict form of
an instance gives the instance back."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

import tierone
from tests.judges import judges_for
from tierone.answers.strict import Strict
from tierone.core.pointer import Pointer

from .models import MODELS

#: the profiles of the issue
PROFILE_NAMES = ("tier1", "vendors", "openai", "anthropic", "gemini")
#: what each profile refuses, as {(pointer, rule)}; a pair absent here must succeed
REFUSED: dict[tuple[str, str], set[tuple[str, str]]] = {
    # Survey's 20 optional members side by side: tier1 and vendors make them required and
    # nullable (OpenAI needs every member required) and gather the last four into
    # `tierone_rest` (Anthropic's 16 unions); anthropic keeps them optional, spending no union
    # the recursive models (Task, Node, Invoice) are unrolled where the profile refuses
    # recursion, the level past the last carried as a JSON string; a `$ref` nesting past
    # tier1's depth 5 is carried so too
}
#: the recursive models: hypothesis-jsonschema cannot draw from a recursive schema, so their
#: answers are drawn from the rendition unrolled this deep
RECURSIVE = {"Task", "Node", "Invoice"}
UNROLL = 2
CASES = [(profile, name) for profile in PROFILE_NAMES for name in MODELS]
#: the properties leave out Invoice, a composite of the other models whose schema
#: hypothesis-jsonschema takes over a minute to canonicalise
PROPERTY_CASES = [(profile, name) for profile, name in CASES if name != "Invoice"]
PROPERTY = settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@cache
def made(profile: str, name: str, unroll: int | None = None) -> Strict | tierone.StrictError:
    try:
        return tierone.strict(MODELS[name], profile, unroll=unroll)
    except tierone.StrictError as error:
        return error


def succeeded(profile: str, name: str) -> list[Strict]:
    """The successes for a pair: the plain rendition, and where recursion alone was refused,
    the unrolled one."""
    found = [s for s in (made(profile, name), made(profile, name, UNROLL)) if isinstance(s, Strict)]
    if not found:
        pytest.skip(f"{profile} refuses {name} (checked by test_strict_succeeds_or_refuses_as_the_profile_dictates)")
    return found


def _well_placed(error: tierone.StrictError) -> None:
    assert error.findings, error
    for finding in error.findings:
        assert isinstance(finding.pointer, Pointer) and finding.message, finding


@pytest.mark.parametrize("profile, name", CASES)
def test_strict_succeeds_or_refuses_as_the_profile_dictates(profile, name):
    outcome = made(profile, name)
    expected = REFUSED.get((profile, name))
    if expected is None:
        assert isinstance(outcome, Strict), outcome
        return
    assert isinstance(outcome, tierone.StrictError), f"{profile} accepted {name}"
    _well_placed(outcome)
    assert {(str(f.pointer), f.message.split()[0]) for f in outcome.findings} == expected
    assert f"cannot be made strict for {profile}" in str(outcome)


@pytest.mark.parametrize("profile, name", [(p, n) for p, n in CASES if n in RECURSIVE])
def test_recursion_is_kept_where_the_profile_allows_it_and_unrolled_where_it_does_not(profile, name):
    plain, unrolled, refused = made(profile, name), made(profile, name, UNROLL), made(profile, name, 0)
    assert isinstance(plain, Strict) and isinstance(unrolled, Strict), (plain, unrolled)
    if "T501" in {d.code for d in tierone.lint(MODELS[name].model_json_schema(), profile=profile).diagnostics}:
        assert "T501" in {c.rule for c in plain.loosened}  # unrolled by default
        assert isinstance(refused, tierone.StrictError)  # unroll=0: refused, for recursion only
        assert {f.message.split()[0] for f in refused.findings} == {"T501"}
    else:  # kept recursive
        assert "T501" not in {c.rule for c in plain.loosened}
        assert "T501" in {d.code for d in tierone.lint(plain.schema, profile="anthropic").diagnostics}


@pytest.mark.parametrize("profile, name", CASES)
def test_every_success_lints_clean_and_passes_the_judges(profile, name):
    for strict in succeeded(profile, name):
        assert tierone.lint(strict.schema, profile=profile).ok
        judges = judges_for(profile)  # every consumer of the profile: engines, helpers, SDK paths
        assert {"llguidance", "outlines-core"} <= {judge.name for judge in judges}
        failed = [verdict for verdict in (judge.check(strict.schema) for judge in judges) if not verdict.ok]
        assert failed == []


@pytest.mark.parametrize("profile, name", PROPERTY_CASES)
def test_any_valid_answer_gives_an_instance_or_a_placed_error(profile, name):
    model = MODELS[name]
    # hypothesis-jsonschema cannot draw from a recursive schema: for those, the unrolled ones
    drawable = [
        s
        for s in succeeded(profile, name)
        if name not in RECURSIVE or s is made(profile, name, UNROLL) or "T501" in {c.rule for c in s.loosened}
    ]
    for strict in drawable:
        _answers_are_read(strict, model)


def _answers_are_read(strict: Strict, model: type) -> None:
    @PROPERTY
    @given(from_schema(strict.schema))
    def check(answer):
        try:
            parsed = strict.parse(answer)
        except tierone.StrictError as error:
            _well_placed(error)
        else:
            assert type(parsed) is model

    check()


def _instances(name: str) -> st.SearchStrategy:
    """Instances of the model: data drawn from its JSON Schema (recursion unrolled, since
    hypothesis-jsonschema cannot draw from a recursive schema) that the model validates."""
    from pydantic import ValidationError

    from tierone.rewriter.passes.recursion import unroll

    model = MODELS[name]

    def validated(data):
        try:
            return model.model_validate(data)
        except ValidationError:
            return None

    drawn = from_schema(unroll(model.model_json_schema(), UNROLL).schema)
    return drawn.map(validated).filter(lambda instance: instance is not None)


@pytest.mark.parametrize("profile, name", PROPERTY_CASES)
def test_parse_of_the_strict_form_of_an_instance_is_the_instance(profile, name):
    readers = succeeded(profile, name)

    @PROPERTY
    @given(_instances(name))
    def check(instance):
        data = instance.model_dump(mode="json")
        for strict in readers:
            assert strict.parse(tierone.to_strict_form(data, strict.original)) == instance

    check()
