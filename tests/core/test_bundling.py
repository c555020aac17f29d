"""Relative file references bundled from the folders the user names (``refs=``, ``--refs``):
what is read, where its copy stands, and what is refused without reading it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import tierone
from tierone.core.bundling import FILES_MEMBER, bundled, file_address
from tierone.core.errors import InputError


def write(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """A main schema in ``schemas/`` referring to a file of definitions and to a YAML file in
    ``schemas/common/``, which refers back to the first by a name relative to itself."""
    write(
        tmp_path / "schemas" / "main.json",
        {
            "type": "object",
            "properties": {"id": {"$ref": "common/ids.json#/$defs/Id"}, "owner": {"$ref": "common/person.yaml"}},
            "required": ["id"],
        },
    )
    write(
        tmp_path / "schemas" / "common" / "ids.json",
        {"$id": "https://example.com/ids.json", "$defs": {"Id": {"type": "string", "pattern": "^[a-z]+$"}}},
    )
    (tmp_path / "schemas" / "common" / "person.yaml").write_text(
        'type: object\nproperties:\n  name: {type: string}\n  id: {$ref: "ids.json#/$defs/Id"}\nrequired: [name]\n'
    )
    return tmp_path


class TestBundled:
    def test_each_file_is_copied_once_and_every_reference_made_local(self, layout: Path):
        main = layout / "schemas" / "main.json"
        data = json.loads(main.read_text())
        out = bundled(data, str(main.parent), [str(layout / "schemas")], "main.json", own=str(main))
        assert out["properties"]["id"] == {"$ref": f"#/{FILES_MEMBER}/ids/$defs/Id"}
        assert out["properties"]["owner"] == {"$ref": f"#/{FILES_MEMBER}/person"}
        files = out[FILES_MEMBER]
        assert set(files) == {"ids", "person"}
        assert "$id" not in files["ids"]  # its references are local once bundled
        assert files["person"]["properties"]["id"] == {"$ref": f"#/{FILES_MEMBER}/ids/$defs/Id"}
        assert data["properties"]["id"] == {"$ref": "common/ids.json#/$defs/Id"}  # the input is unchanged

    def test_a_reference_back_to_the_document_itself_stays_local(self, tmp_path: Path):
        main = write(
            tmp_path / "a.json", {"properties": {"b": {"$ref": "b.json"}}, "$defs": {"X": {"type": "integer"}}}
        )
        write(tmp_path / "b.json", {"properties": {"x": {"$ref": "a.json#/$defs/X"}}})
        out = bundled(json.loads(main.read_text()), str(tmp_path), [str(tmp_path)], "a.json", own=str(main))
        assert out[FILES_MEMBER]["b"]["properties"]["x"] == {"$ref": "#/$defs/X"}

    def test_anchors_in_a_file_are_resolved_to_pointers(self, tmp_path: Path):
        write(tmp_path / "defs.json", {"$defs": {"Code": {"$anchor": "code", "type": "string"}}})
        out = bundled({"properties": {"c": {"$ref": "defs.json#code"}}}, str(tmp_path), [str(tmp_path)], "<schema>")
        assert out["properties"]["c"] == {"$ref": f"#/{FILES_MEMBER}/defs/$defs/Code"}

    def test_without_folders_nothing_is_read(self, layout: Path):
        data = {"properties": {"id": {"$ref": "common/ids.json"}}}
        assert bundled(data, str(layout / "schemas"), [], "<schema>") is data

    @pytest.mark.parametrize(
        "ref", ["https://example.com/x.json", "//host/x.json", "/etc/passwd", "file:///etc/passwd", "#/$defs/A"]
    )
    def test_absolute_and_local_references_are_left_as_they_are(self, tmp_path: Path, ref: str):
        data = {"properties": {"a": {"$ref": ref}}, "$defs": {"A": {}}}
        assert bundled(data, str(tmp_path), [str(tmp_path)], "<schema>") is data
        assert file_address(ref) is None

    def test_a_file_outside_the_folders_is_refused_unread(self, tmp_path: Path):
        write(tmp_path / "outside" / "secret.json", {"type": "string", "description": "SECRET-CONTENT"})
        (tmp_path / "schemas").mkdir()
        data = {"properties": {"a": {"$ref": "../outside/secret.json"}}}
        with pytest.raises(InputError) as raised:
            bundled(data, str(tmp_path / "schemas"), [str(tmp_path / "schemas")], "main.json")
        assert "outside the --refs folders; nothing was read" in raised.value.message
        assert "SECRET" not in str(raised.value)

    @pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
    def test_a_symbolic_link_out_of_the_folders_is_refused(self, tmp_path: Path):
        write(tmp_path / "outside" / "secret.json", {"type": "string"})
        (tmp_path / "schemas").mkdir()
        os.symlink(tmp_path / "outside" / "secret.json", tmp_path / "schemas" / "link.json")
        with pytest.raises(InputError, match="outside the --refs folders"):
            bundled({"$ref": "link.json"}, str(tmp_path / "schemas"), [str(tmp_path / "schemas")], "main.json")

    @pytest.mark.parametrize(
        ("content", "said"),
        [(None, "no such file"), ("[1, 2]", "is not a schema"), ("{", "main.json: error: $ref 'x.json' at /")],
    )
    def test_a_file_that_cannot_be_brought_in_is_one_clear_error(self, tmp_path: Path, content, said):
        if content is not None:
            (tmp_path / "x.json").write_text(content)
        with pytest.raises(InputError) as raised:
            bundled({"$ref": "x.json"}, str(tmp_path), [str(tmp_path)], "main.json")
        assert said in str(raised.value)
        assert "\n" not in str(raised.value)

    def test_a_fragment_that_leads_nowhere_in_the_file_is_refused(self, tmp_path: Path):
        write(tmp_path / "defs.json", {"$defs": {}})
        with pytest.raises(InputError, match="points at nothing"):
            bundled({"$ref": "defs.json#/$defs/Missing"}, str(tmp_path), [str(tmp_path)], "main.json")


#: a draft-4 file of definitions as a schema catalogue writes them (JsonSchemaStore's base-04):
#: each definition an embedded resource (``id``), referred to by that address
DRAFT_4_BASE = {
    "$schema": "http://json-schema.org/draft-04/schema#",
    "id": "https://example.com/base-04.json",
    "definitions": {
        "path": {"id": "path", "type": "string", "pattern": "^[^*]+$"},
        "nullable-path": {"id": "nullable-path", "oneOf": [{"$ref": "path"}, {"type": "null"}]},
    },
}


class TestEmbeddedResources:
    """A reference by the address a subschema gives itself (``$id``; ``id`` in draft 4) names
    that subschema, never a file, in the document and in a file brought in."""

    @pytest.mark.parametrize("key", ["id", "$id"])
    def test_in_a_file_brought_in_it_becomes_a_pointer_to_the_copy(self, tmp_path: Path, key: str):
        base = json.loads(json.dumps(DRAFT_4_BASE).replace('"id"', f'"{key}"'))
        if key == "$id":
            base["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        write(tmp_path / "base-04.json", base)
        main = {"type": "object", "properties": {"p": {"$ref": "base-04.json#/definitions/nullable-path"}}}
        done = bundled(main, str(tmp_path), [str(tmp_path)], "main.json")
        copy = done[FILES_MEMBER]["base-04"]
        assert copy["definitions"]["nullable-path"]["oneOf"][0] == {
            "$ref": f"#/{FILES_MEMBER}/base-04/definitions/path"
        }
        assert key not in json.dumps(copy["definitions"])  # addresses gone with the references that used them

    def test_a_split_draft_4_schema_is_served_and_read_back(self, tmp_path: Path):
        write(tmp_path / "base-04.json", DRAFT_4_BASE)
        main = write(
            tmp_path / "main.json",
            {
                "$schema": "http://json-schema.org/draft-04/schema#",
                "type": "object",
                "properties": {"root": {"$ref": "base-04.json#/definitions/nullable-path"}},
            },
        )
        refs = [str(tmp_path)]
        for profile in ("openai", "anthropic", "gemini", "tier1"):
            result = tierone.rewrite(str(main), profile, refs=refs)
            assert result.ok, result.unfixable
            form = tierone.to_strict_form({"root": "src/a"}, str(main), profile, refs=refs)
            assert tierone.restore(form, str(main), refs=refs).payload == {"root": "src/a"}
            refused = tierone.restore({**form, "root": "src/*"}, str(main), refs=refs)
            assert [str(e.pointer) for e in refused.errors] == ["/root"]  # the file's pattern, enforced on read


class TestTheApiAgrees:
    """lint, rewrite, restore, to_strict_form and strict read the same bundle."""

    @pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
    def test_a_split_schema_is_served_and_read_back(self, layout: Path, profile: str):
        from tests.judges import all_judges

        main = str(layout / "schemas" / "main.json")
        refs = [str(layout / "schemas")]
        result = tierone.rewrite(main, profile, refs=refs)
        assert result.ok, result.unfixable
        assert FILES_MEMBER not in json.dumps(result.schema)  # the targets moved into $defs (or were inlined)
        assert all(v.ok for v in all_judges(result.schema, profile))
        answer = {"id": "abc", "owner": {"name": "Ada"}}
        form = tierone.to_strict_form(answer, main, profile, refs=refs)
        assert tierone.restore(form, main, refs=refs).payload == answer
        assert tierone.strict(main, profile, refs=refs).parse(json.dumps(form)) == answer
        refused = tierone.restore({**form, "id": "ABC"}, main, refs=refs)
        assert [str(e.pointer) for e in refused.errors] == ["/id"]  # the file's pattern, enforced on read

    def test_without_refs_the_file_reference_is_t502_and_names_the_option(self, layout: Path):
        main = str(layout / "schemas" / "main.json")
        found = [d for d in tierone.lint(main).diagnostics if d.code == "T502"]
        assert len(found) == 2 and all("--refs DIR" in d.message for d in found)
        assert not tierone.rewrite(main, "openai").ok
        assert tierone.lint(main, refs=[str(layout / "schemas")]).error is None
