"""The tests mirror the source: a test module sits in the folder of the package it tests
(tests/core/ for tierone/core/, ...) or in tests/project/ (the project as a whole); the root
holds only conftest.py and the shared helpers."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import HERE, ROOT

PACKAGE = ROOT / "src" / "tierone"
#: what tests/ itself may hold besides the folders: the package marker, fixtures, shared helpers
ROOT_MODULES = {
    "__init__.py",
    "conftest.py",
    "judges.py",
    "loopback.py",
    "roundtrip.py",
    "sarif.py",
    "served.py",
    "strategies.py",
}
#: folders of tests/ that mirror no package on purpose
OWN_FOLDERS = {"project"}


def misplaced(tests: Path, package: Path) -> list[str]:
    """Test modules (and root modules) that are not where the layout says, with the reason."""
    found = [
        f"{p.name}: a module at tests/ root that is not a shared helper"
        for p in sorted(tests.glob("*.py"))
        if p.name not in ROOT_MODULES
    ]
    for module in sorted(tests.rglob("test_*.py")):
        folder = module.parent.relative_to(tests).parts
        if not folder:
            continue  # reported above
        if "fixtures" in folder or "__snapshots__" in folder:
            continue
        name = "/".join((*folder, module.name))
        if folder[0] not in OWN_FOLDERS and not (package.joinpath(*folder) / "__init__.py").is_file():
            found.append(f"{name}: tests/{'/'.join(folder)}/ mirrors no package of src/tierone/")
        for depth in range(1, len(folder) + 1):
            if not (tests.joinpath(*folder[:depth]) / "__init__.py").is_file():
                found.append(f"{name}: tests/{'/'.join(folder[:depth])}/ has no __init__.py")
    return found


def test_every_test_module_sits_in_a_folder_that_mirrors_a_package():
    assert misplaced(HERE, PACKAGE) == []


def test_a_misplaced_module_is_reported(tmp_path):
    package, tests = tmp_path / "src" / "tierone", tmp_path / "tests"
    for folder in (package / "core", tests / "core", tests / "project", tests / "helpers"):
        folder.mkdir(parents=True)
    (package / "core" / "__init__.py").touch()
    for name in (
        "__init__.py",
        "conftest.py",
        "test_flat.py",
        "core/__init__.py",
        "core/test_ok.py",
        "project/test_no_init.py",
        "helpers/__init__.py",
        "helpers/test_nowhere.py",
    ):
        (tests / name).touch()
    assert misplaced(tests, package) == [
        "test_flat.py: a module at tests/ root that is not a shared helper",
        "helpers/test_nowhere.py: tests/helpers/ mirrors no package of src/tierone/",
        "project/test_no_init.py: tests/project/ has no __init__.py",
    ]
