"""The rules of the house, checked over the source: only ``tierone.cli`` talks to the terminal,
packages depend one way (function-local imports included), and modules stay small."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "tierone"

#: the packages from the bottom up: a module may import its own package or one listed before it
LAYERS = ("core", "vendors", "subset", "linter", "rewriter", "answers", "envelopes", "capabilities", "probe", "cli")
#: modules at the package root, and the layer they sit in (the public API facade is on top)
ROOT_MODULES = {"__init__": "api", "__main__": "api"}
ORDER = {name: index for index, name in enumerate((*LAYERS, "api"))}

#: modules allowed over the size limit, with the reason
LONG_MODULES: dict[str, str] = {}
MAX_LINES = 300


def _modules() -> dict[str, ast.Module]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return (SRC.parent / Path(*name.split(".")) / "__init__.py").exists()


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "api"
    if len(parts) == 2 and parts[1] in ROOT_MODULES:
        return ROOT_MODULES[parts[1]]
    return parts[1]


def _imports(name: str, tree: ast.Module) -> set[str]:
    """Every tierone module ``name`` imports, anywhere in its body."""
    package = name if _is_package(name) else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.split(".")[0] == "tierone")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.split(".")[0] == "tierone":
                found.add(target)
                found.update(f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in MODULES)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and str(node.args[0].value).startswith("tierone")
        ):
            found.add(str(node.args[0].value))
    return found


def test_every_package_has_a_layer():
    packages = {_layer(name) for name in MODULES}
    assert packages <= set(ORDER), f"packages without a layer: {packages - set(ORDER)}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if _layer(n) != "api"))
def test_imports_point_one_way(name):
    mine = ORDER[_layer(name)]
    upward = sorted(t for t in _imports(name, MODULES[name]) if ORDER[_layer(t)] > mine)
    assert not upward, f"{name} ({_layer(name)}) imports from a layer above it: {upward}"


#: what of ``sys`` and ``os`` talks to the terminal or ends the process
TERMINAL = {"sys": ("stdout", "stderr", "stdin", "exit", "__stdout__", "__stderr__", "__stdin__"), "os": ("_exit",)}


def _module_names(tree: ast.Module) -> dict[str, str]:
    """The names ``sys`` and ``os`` are bound to in ``tree`` (``import sys as _sys`` too)."""
    bound = {name: name for name in TERMINAL}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound.update({a.asname: a.name for a in node.names if a.name in TERMINAL and a.asname})
    return bound


def _terminal_uses(tree: ast.Module) -> list[str]:
    found = []
    modules = _module_names(tree)
    for node in ast.walk(tree):
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if any(n.split(".")[0] in ("typer", "click") for n in names):
                found.append(f"{where}: imports typer/click")
            if isinstance(node, ast.ImportFrom) and node.module in TERMINAL:  # from sys import stdout
                found.extend(f"{where}: {node.module}.{a.name}" for a in node.names if a.name in TERMINAL[node.module])
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr in TERMINAL[modules[node.value.id]]
        ):
            found.append(f"{where}: {modules[node.value.id]}.{node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("print", "input", "exit", "quit")
        ):
            found.append(f"{where}: {node.func.id}()")
        elif isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if getattr(raised, "id", getattr(raised, "attr", "")) in ("SystemExit", "Exit"):
                found.append(f"{where}: raise {getattr(raised, 'id', getattr(raised, 'attr', ''))}")
    return found


@pytest.mark.parametrize("name", sorted(n for n in MODULES if _layer(n) not in ("cli",)))
def test_only_the_cli_talks_to_the_terminal(name):
    assert not _terminal_uses(MODULES[name]), f"{name}: {_terminal_uses(MODULES[name])}"


def test_the_scanners_see_what_they_look_for():
    """The two scans above find what they forbid (so they cannot pass by seeing nothing)."""
    sample = ast.parse(
        "import sys\nimport typer\ndef f():\n    from ..cli import x\n    print(1)\n    sys.stdout.write('')\n    raise SystemExit(2)\n"
    )
    assert len(_terminal_uses(sample)) == 4
    assert "tierone.cli" in _imports("tierone.core.loading", sample)
    assert ORDER[_layer("tierone.cli")] > ORDER[_layer("tierone.core.loading")]


#: each way of talking to the terminal, written as library code might write it
FORBIDDEN = {
    "sys.stdin": "import sys\ndata = sys.stdin.buffer.read()\n",
    "sys.stdout": "import sys\nsys.stdout.write('x')\n",
    "sys.stderr": "import sys\nsys.stderr.write('x')\n",
    "an alias of sys": "import sys as _sys\n_sys.stderr.write('x')\n",
    "from sys import": "from sys import stdin\n",
    "sys.exit": "import sys\nsys.exit(2)\n",
    "os._exit": "import os\nos._exit(2)\n",
    "print": "print('x')\n",
    "input": "input()\n",
    "raise SystemExit": "raise SystemExit(2)\n",
    "raise typer.Exit": "def f():\n    import typer\n    raise typer.Exit(2)\n",
    "import click": "import click\n",
    "from typer import": "from typer import echo\n",
}


@pytest.mark.parametrize("source", FORBIDDEN.values(), ids=FORBIDDEN)
def test_the_terminal_scan_sees_each_form(source):
    assert _terminal_uses(ast.parse(source))


def test_the_terminal_scan_lets_library_code_be():
    """Catching SystemExit (user code may raise it), recursion limits and sys.path are fine."""
    allowed = (
        "import sys\ntry:\n    pass\nexcept SystemExit:\n    pass\n"
        "sys.setrecursionlimit(9)\nsys.path.insert(0, '')\nisinstance(e, SystemExit)\n"
    )
    assert _terminal_uses(ast.parse(allowed)) == []


def test_the_import_scan_sees_function_local_and_relative_imports():
    sample = ast.parse(
        "def f():\n    from ..cli.output import fail\n    import tierone.envelopes\n    from .. import linter\n"
    )
    found = _imports("tierone.subset.kinds", sample)
    assert {"tierone.cli.output", "tierone.envelopes", "tierone.linter"} <= found


#: modules over the limit today, each an expected failure until it is split (strict: the test
#: fails once the module is small, and the entry must go)
#: modules over the limit today, each with its reason (none: every module is small)
TOO_LONG_TODAY: dict[str, str] = {}


def _sized(name: str):  # type: ignore[no-untyped-def]
    if name not in TOO_LONG_TODAY:
        return name
    return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=TOO_LONG_TODAY[name]))


@pytest.mark.parametrize("name", [_sized(name) for name in sorted(MODULES)])
def test_modules_stay_small(name):
    path = SRC.parent / Path(*name.split("."))
    path = path / "__init__.py" if _is_package(name) else path.with_suffix(".py")
    lines = len(path.read_text(encoding="utf-8").splitlines())
    if name in LONG_MODULES:
        return
    assert lines <= MAX_LINES, f"{name} has {lines} lines (limit {MAX_LINES})"


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (module -> modules it imports): each strongly connected
    set of two or more modules, or a module importing itself, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm (the graphs are small: recursion is fine)
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == node:
                    break
            if len(members) > 1 or node in graph.get(node, ()):
                found.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _package_graph(layer: str) -> dict[str, set[str]]:
    """The imports between the modules of one package (its subpackages included), each import of
    a package's ``__init__`` by its own modules left out (a package re-exporting its modules is
    no circle)."""
    mine = {name for name in MODULES if _layer(name) == layer and name != f"tierone.{layer}"}
    graph = {}
    for name in mine:
        targets = {t for t in _imports(name, MODULES[name]) if t in mine and t != name}
        if _is_package(name):
            graph[name] = set()  # a package's __init__ re-exports: its edges are the modules'
        else:
            graph[name] = {t for t in targets if not (_is_package(t) and name.startswith(t + "."))}
    return graph


@pytest.mark.parametrize("layer", LAYERS)
def test_no_package_imports_itself_in_a_circle(layer):
    assert _circles(_package_graph(layer)) == [], f"import circles in tierone.{layer}"


def test_the_circle_scan_sees_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"a"}}) == [["a"]] and _circles({"a": {"b"}, "b": set()}) == []


# ---- one place per vendor ---------------------------------------------------------------------

#: the public shortcuts of ``Strict`` (``openai_tool()``...) call a vendor's fragment by its name
VENDOR_NAMES_ALLOWED = {"tierone.answers.strict": "Strict's named fragment shortcuts (a promise to users)"}


def _vendor_literals(tree: ast.Module) -> list[str]:
    """The string constants in ``tree`` (docstrings left out) that name a vendor, a column or a
    fragment of ``tierone.vendors``."""
    from tierone.vendors import COLUMNS, FRAGMENTS, VENDORS

    names = {*VENDORS, *COLUMNS, *FRAGMENTS}
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        f"line {node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and id(node) not in docstrings and node.value in names
    ]


@pytest.mark.parametrize("name", sorted(n for n in MODULES if _layer(n) != "vendors" and n not in VENDOR_NAMES_ALLOWED))
def test_a_vendor_is_named_only_in_its_own_module(name):
    """Adding a vendor touches its module in ``tierone.vendors`` and its table cells: no other
    module names a vendor, its columns or its fragments (core holds no vendor policy)."""
    assert not _vendor_literals(MODULES[name]), f"{name}: {_vendor_literals(MODULES[name])}"


def test_the_vendor_scan_sees_a_vendor_named_elsewhere():
    sample = ast.parse('"""Docs may name openai."""\nUNMARKED = {"gemini"}\nkind = "anthropic-tool"\n')
    assert sorted(_vendor_literals(sample)) == ["line 2: 'gemini'", "line 3: 'anthropic-tool'"]
