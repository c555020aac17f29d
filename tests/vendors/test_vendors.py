"""A vendor is one module of ``tierone.vendors``: its columns, profiles, fragments, probe API and
judges are declared there, and every other layer reads them from it."""

from __future__ import annotations

import pytest

from tierone.subset.model import DERIVED, SOURCES
from tierone.subset.profiles import PROFILES
from tierone.subset.table import BY_CODE, FEATURES
from tierone.vendors import COLUMNS, FRAGMENTS, VENDORS

SCHEMA = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}


@pytest.mark.parametrize("vendor", VENDORS.values(), ids=list(VENDORS))
class TestEachVendor:
    def test_its_columns_are_table_columns_with_every_cell(self, vendor):
        for column in vendor.columns:
            assert column.name in SOURCES
            if column.derived_from is None:
                assert all(column.name in feature.support for feature in FEATURES), column.name
            else:
                assert DERIVED[column.name] == column.derived_from

    def test_its_profiles_are_profiles_over_its_own_columns(self, vendor):
        own = {column.name for column in vendor.columns}
        for spec in vendor.profiles:
            assert PROFILES[spec.name] is spec
            assert set(spec.sources) <= own

    def test_its_fragments_carry_the_schema_under_its_own_name(self, vendor):
        for fragment in vendor.fragments:
            assert fragment.kind.startswith(vendor.name + "-") and FRAGMENTS[fragment.kind] is fragment
            built = fragment.build(SCHEMA, "answer" if fragment.named else "", None, vendor.profiles[0].name)
            assert SCHEMA in _values(built), fragment.kind

    def test_a_named_fragment_refuses_a_name_its_api_refuses(self, vendor):
        for fragment in (f for f in vendor.fragments if f.named):
            for name in ("", "a b", "x" * 65, "é"):
                with pytest.raises(ValueError, match="is not a valid .* name: it takes 1 to 64"):
                    fragment.build(SCHEMA, name, None, vendor.name)

    def test_its_probe_bodies_carry_the_adapted_schema_once(self, vendor):
        for api in vendor.apis:
            body = api.body(vendor.default_model, "Reply.", api.adapt(SCHEMA))
            assert [v for v in _values(body) if v == api.adapt(SCHEMA)] == [api.adapt(SCHEMA)], api.name
            assert api.path.startswith("/")

    def test_its_unenforced_rows_are_rows_whose_cell_says_so(self, vendor):
        for code in vendor.unenforced:
            cell = BY_CODE[code].cell(vendor.name)
            assert cell.note, f"{code} {vendor.name}: an unenforced cell says so in its note"


def test_an_openapi_profile_is_sent_as_response_schema():
    """The Gemini fragment follows the profile's dialect: the OpenAPI one goes in ``response_schema``."""
    config = FRAGMENTS["gemini-config"]
    for profile in PROFILES.values():
        fields = set(config.build(SCHEMA, "", None, profile.name))
        assert ("response_schema" in fields) == profile.openapi, profile.name


def test_the_columns_are_the_table_s_vendor_columns():
    assert [c for c in SOURCES if c in COLUMNS] == list(COLUMNS)
    assert set(SOURCES) - set(COLUMNS) == {"openwop"}


def _values(value):
    """Every value inside ``value`` (itself included)."""
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from _values(item)
    elif isinstance(value, list):
        for item in value:
            yield from _values(item)
