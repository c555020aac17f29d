"""``strict(source)`` without a profile: each vendor's fragments carry that vendor's own
rendition, made when first asked for; answers given under any of them are read back; a pinned
profile (``strict(source, P)``) carries one rendition to the vendors it covers and refuses the
others. On the six kinds of model an application sends (tests/answers/loop_models.py), every
vendor's rendition is accepted by its judges and read back equal."""

from __future__ import annotations

import pytest

import tierone
from tests.judges import judges_for
from tierone.answers.rendition import Rendition
from tierone.answers.strict import Strict
from tierone.vendors import FRAGMENTS, VENDORS, own_profile, vendor_of

from .loop_models import LOOP

OWN = {name: own_profile(vendor) for name, vendor in VENDORS.items()}
#: one fragment per vendor, with a name where the API takes one
ASKED = {
    "openai": ("openai_tool", ("save",)),
    "anthropic": ("anthropic_tool", ("save",)),
    "gemini": ("gemini_config", ()),
}


@pytest.mark.parametrize("vendor", list(VENDORS))
@pytest.mark.parametrize("name", list(LOOP))
def test_each_vendor_gets_its_own_rendition_accepted_and_read_back(name, vendor):
    model, data = LOOP[name]
    made = tierone.strict(model)
    profile = OWN[vendor]
    rendition = made.rendition(profile)
    assert rendition == tierone.rewrite(model, profile).schema
    for kind, fragment in FRAGMENTS.items():
        if vendor_of(kind).name == vendor:
            named = "save" if fragment.named else None
            assert made.fragment(kind, named) == fragment.build(rendition, named or "", None, profile)
    failed = [v for v in (judge.check(rendition) for judge in judges_for(profile)) if not v.ok]
    assert failed == []
    instance = model.model_validate(data)
    answer = tierone.to_strict_form(instance.model_dump(mode="json"), made.original, profile)
    assert made.parse(answer, profile=profile) == instance
    assert made.parse(answer) == instance  # the vendors' renditions of these models read alike
    assert made.restore(answer) == made.rendition_of(profile).reader.restore(answer).payload


def test_renditions_are_made_when_first_asked_for():
    class Fresh(LOOP["Signup"][0]):  # a class of its own: not made before by another test
        pass

    made = tierone.strict(Fresh)
    assert made._made == {}
    made.openai_response_format("signup")
    assert set(made._made) == {"openai"}
    made.anthropic_output_format()
    assert set(made._made) == {"openai", "anthropic"}
    assert made.rendition_of("anthropic") is made.rendition_of("anthropic")
    assert tierone.strict(Fresh) is made  # made once


def test_an_answer_is_read_under_the_renditions_handed_out_else_under_each_vendors():
    model, data = LOOP["Catalogue"]
    fresh = Strict(model.model_json_schema(), None, model, "Catalogue", _make=_making(model))
    answer = tierone.to_strict_form(model.model_validate(data).model_dump(mode="json"), fresh.original, "openai")
    assert fresh.parse(answer) == model.model_validate(data)
    assert set(fresh._made) == set(OWN.values())  # none handed out: each vendor's own


def test_two_renditions_that_read_one_answer_differently_need_the_profile():
    original = {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": True}
    readers = {  # a rendition that gathers members into `tierone_rest` and one that does not
        "openai": Rendition({}, "openai", (), original, gathers=True),
        "gemini": Rendition({}, "gemini", (), original, gathers=False),
        "anthropic": Rendition({}, "anthropic", (), original, gathers=True),
    }
    made = Strict(original, None, _make=readers.__getitem__)
    answer = {"a": "x", "tierone_rest": '{"b": 1}'}
    with pytest.raises(tierone.StrictError, match="say which rendition the answer was given under: profile=") as raised:
        made.restore(answer)
    assert "the openai and gemini renditions read this answer differently" in str(raised.value)
    assert made.restore(answer, profile="openai") == {"a": "x", "b": 1}
    assert made.restore(answer, profile="gemini") == answer
    assert made.restore({"a": "y"}) == {"a": "y"}  # read alike: no profile needed


def test_a_rendition_that_cannot_be_made_is_left_out_of_reading_and_refused_when_asked_for():
    def making(profile: str) -> Rendition:
        if profile == "anthropic":
            raise tierone.StrictError([("", "T501 recursion")], "cannot be made strict for anthropic")
        return _making(LOOP["Message"][0])(profile)

    model = LOOP["Message"][0]
    made = Strict(model.model_json_schema(), None, model, _make=making)
    assert made.parse('{"author": "a", "text": "b", "replies": []}') == model(author="a", text="b")
    for _ in range(2):  # the refusal is kept, not made again
        with pytest.raises(tierone.StrictError, match="cannot be made strict for anthropic"):
            made.anthropic_tool("reply")


def test_a_pinned_profile_carries_its_rendition_to_the_vendors_it_covers_only():
    model = LOOP["Bill"][0]
    everyone, openai = tierone.strict(model, "tier1"), tierone.strict(model, "openai")
    tier1 = tierone.rewrite(model, "tier1").schema
    assert everyone.schema == tier1 == everyone.rendition() == everyone.rendition("tier1")
    assert everyone.gemini_config()["response_json_schema"] == tier1
    assert everyone.anthropic_tool("bill")["input_schema"] == tier1
    assert openai.openai_tool("bill")["function"]["parameters"] == openai.schema
    with pytest.raises(
        ValueError, match="the gemini-config fragment is for gemini, which the openai rendition is not made for"
    ):
        openai.gemini_config()
    with pytest.raises(ValueError, match="pinned to openai"):
        openai.rendition("gemini")


def test_without_a_profile_the_schema_names_the_way_to_a_rendition():
    made = tierone.strict(LOOP["Bill"][0])
    with pytest.raises(AttributeError, match=r"each vendor's own rendition .*\.rendition\(profile\)"):
        made.schema  # noqa: B018
    assert not hasattr(made, "loosened")
    with pytest.raises(ValueError, match="name a profile"):
        made.rendition()
    assert made.rendition_of("gemini-openapi").profile == "gemini-openapi"  # any profile, on demand
    assert made.profile is None


def _making(model):
    from tierone.answers.making import rendition

    return lambda profile: rendition(model.model_json_schema(), "m", profile, None, False, model.model_validate)
