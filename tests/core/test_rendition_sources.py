"""Where a rendition's marker may lead: any path it names is followed only to a regular file
inside the rendition's folder or the project, by name and through every symbolic link; a source
that is itself a rendition is never read through."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tierone.core.errors import InputError
from tierone.core.rendition_sources import follow, load_source
from tierone.core.renditions import Marker, marker_text

SEGMENTS = st.sampled_from(["..", ".", "sub", "link", "c.json", "a.json", "out", "", "loop"])


@pytest.fixture(scope="module")
def layout(tmp_path_factory):
    """``project/`` (with ``sub/``, a link out, a link loop) and ``outside/`` beside it."""
    top = tmp_path_factory.mktemp("layout")
    project, outside = top / "project", top / "outside"
    (project / "sub").mkdir(parents=True)
    outside.mkdir()
    for folder in (project, project / "sub", outside):
        (folder / "a.json").write_text("{}")
        (folder / "c.json").write_text("{}")
    (project / "sub" / "link").symlink_to(outside)
    (project / "link").symlink_to(outside / "c.json")
    (project / "sub" / "loop").symlink_to("loop")
    return project


@given(st.lists(SEGMENTS, min_size=1, max_size=6))
def test_any_path_a_marker_names_is_followed_only_inside(layout, segments):
    rendition = str(layout / "sub" / "r.json")
    try:
        found = follow(rendition, Marker("/".join(segments) or ".", "tier1", "0" * 16), str(layout))
    except InputError as error:
        assert error.path == rendition and "\n" not in error.message
        return
    real = os.path.realpath(found)
    assert os.path.commonpath([real, os.path.realpath(layout)]) == os.path.realpath(layout)
    assert os.path.isfile(real)


def test_the_folder_of_a_rendition_outside_the_project_is_its_own_bound(layout):
    outside = layout.parent / "outside"
    assert follow(str(outside / "r.json"), Marker("a.json", "tier1", "0" * 16), str(layout)) == str(outside / "a.json")
    with pytest.raises(InputError, match="outside its folder and the project"):
        follow(
            str(outside / "r.json"), Marker("../project/a.json", "tier1", "0" * 16), str(layout.parent / "elsewhere")
        )


def test_a_source_that_is_a_rendition_is_not_read_through(tmp_path):
    hop = tmp_path / "hop.json"
    hop.write_text(json.dumps({"$comment": marker_text("c.json", "tier1", "0" * 16), "type": "object"}))
    with pytest.raises(InputError, match="is itself a strict rendition"):
        load_source(str(tmp_path / "r.json"), Marker("hop.json", "tier1", "0" * 16), str(tmp_path))
    hop.write_text(json.dumps({"$comment": 'tierone: strict rendition of "a\\q"', "type": "object"}))
    with pytest.raises(InputError, match="is itself a strict rendition"):
        load_source(str(tmp_path / "r.json"), Marker("hop.json", "tier1", "0" * 16), str(tmp_path))


def test_a_source_that_is_not_a_schema_is_refused_without_its_text(tmp_path):
    (tmp_path / "s.json").write_text(json.dumps("SECRET-TEXT"))
    with pytest.raises(InputError) as raised:
        load_source(str(tmp_path / "r.json"), Marker("s.json", "tier1", "0" * 16), str(tmp_path))
    assert "SECRET-TEXT" not in str(raised.value) and "not a JSON Schema" in str(raised.value)


def test_a_special_file_is_not_a_source(tmp_path):
    os.mkfifo(tmp_path / "f.json")
    with pytest.raises(InputError, match="not a regular file"):
        follow(str(tmp_path / "r.json"), Marker("f.json", "tier1", "0" * 16), str(Path(tmp_path)))
