"""The one input loader: what a command line or an API call names — a path, ``-`` for standard
input, ``module:attribute`` for a pydantic model, or the data itself — loaded as a
:class:`~tierone.core.loading.Source`, any problem an :class:`~tierone.core.errors.InputError`.

Standard input is never read here: the caller (the CLI) hands its bytes over, or a function
that reads them, so that only ``tierone.cli`` touches the terminal. Which files a directory
holds is :mod:`tierone.core.discovery`'s business; parsing bytes is :mod:`tierone.core.loading`'s.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from .errors import InputError
from .loading import Source, load_bytes, load_path, printable
from .plain_data import plain

if TYPE_CHECKING:
    from .discovery import NoMatch

    #: standard input as a caller hands it over: its bytes, a function returning them (called
    #: only when ``-`` is loaded, once each time), or None when there is none to read
    Stdin: TypeAlias = bytes | Callable[[], bytes] | None

#: the name that stands for standard input on a command line
STDIN = "-"
#: how data given as data (not named) is shown
DATA = "<schema>"


def load_input(
    given: str | os.PathLike[str] | Any,
    *,
    stdin: Stdin = None,
    stdin_filename: str | None = None,
    stdin_format: str | None = None,
    models: bool = False,
    name: str = DATA,
    dash: bool = True,
    refs: Sequence[str] = (),
) -> Source:
    """Load one input: ``-`` (the ``stdin`` given, shown as ``stdin_filename``, whose suffix
    picks JSON or YAML unless ``stdin_format`` does; a file name like any other when not
    ``dash``), ``module:attribute`` or a pydantic model class or ``TypeAdapter`` itself (when
    ``models``), a path, or data (anything else; shown as ``name``). ``refs``: the folders
    relative file references may be read from, bundled into the schema
    (:mod:`tierone.core.bundling`): a file's start from its own folder, those of standard input
    and of data from the first of ``refs``."""
    if isinstance(given, str):
        if given == STDIN and dash:
            return _bundled(_stdin_source(stdin, stdin_filename or STDIN, stdin_format), refs)
        if models and looks_like_model(given):
            return load_model(given)
    if isinstance(given, (str, os.PathLike)):
        return _bundled(load_path(given), refs, os.fspath(given))
    if models and is_model(given):
        return model_source(given, model_name(given))
    return _bundled(Source(name, plain(given, name), "data"), refs)


def _bundled(source: Source, refs: Sequence[str], file: str | None = None) -> Source:
    """``source`` with its relative file references bundled from the folders ``refs``."""
    if not refs:
        return source
    from .bundling import bundled

    base = (os.path.dirname(file) or ".") if file is not None else refs[0]
    data = bundled(source.data, base, refs, source.path, own=file)
    return source if data is source.data else source._replace(data=data)


def _stdin_source(stdin: Stdin, display: str = STDIN, format: str | None = None) -> Source:
    """Load the standard input a caller has read (or reads, when ``stdin`` is a function); a
    problem reading it is reported under ``display``."""
    if stdin is None:
        raise InputError(display, "standard input was not given: pass stdin= (its bytes, or a function returning them)")
    if callable(stdin):
        try:
            stdin = stdin()
        except InputError as error:  # the reader's problem is about this input: show it by its name
            raise InputError(display, error.message, error.line, error.column) from None
    return load_bytes(bytes(stdin), display, format)


def expand_inputs(
    specs: Iterable[str], include: Sequence[str], exclude: Sequence[str]
) -> Iterator[str | InputError | NoMatch]:
    """Every input ``specs`` name, in order: ``-`` and anything that is not a directory as it
    is, a directory as the files :func:`tierone.core.discovery.expand` finds in it."""
    for spec in specs:
        if spec == STDIN or not os.path.isdir(spec):
            yield spec
        else:  # only a directory needs discovery: `tierone lint one.json` starts without it
            from .discovery import expand

            yield from expand(spec, include, exclude)


def looks_like_model(spec: str) -> bool:
    """``package.module:Attribute`` names a Python object, not a file."""
    module, sep, attribute = spec.partition(":")
    if not sep or not module or not attribute or os.path.exists(spec):
        return False
    return all(part.isidentifier() for part in module.split(".") + attribute.split("."))


def load_model(spec: str) -> Source:
    """The JSON Schema of a pydantic model named ``module:attribute``.

    Importing runs the module's code: whatever it raises, ``sys.exit()`` included, becomes an
    :class:`InputError` for this input (only an interrupt goes through)."""
    return model_source(import_model(spec), spec)


def import_model(spec: str) -> Any:
    """The pydantic model class or ``TypeAdapter`` named ``module:attribute`` (imported)."""
    module_name, _, attribute = spec.partition(":")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    import importlib

    try:
        target: Any = importlib.import_module(module_name)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 (an import runs user code: report, never crash)
        raise InputError(spec, f"cannot import module {module_name!r}: {_raised(error)}") from None
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise InputError(spec, f"module {module_name!r} has no attribute {attribute!r}") from None
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # noqa: BLE001 (a module's __getattr__ is user code)
            raise InputError(spec, f"reading {attribute!r} failed: {_raised(error)}") from None
    if not is_model(target):
        raise InputError(spec, "is not a pydantic model or TypeAdapter (no model_json_schema())")
    return target


def is_model(target: Any) -> bool:
    """A pydantic model class (``model_json_schema()``) or ``TypeAdapter`` (``json_schema()``)."""
    if isinstance(target, (str, bytes, os.PathLike, dict, list, bool, int, float)) or target is None:
        return False
    return callable(getattr(target, "model_json_schema", None)) or callable(getattr(target, "json_schema", None))


def model_name(target: Any) -> str:
    """How a model given as an object is shown: ``module:Class`` (a ``TypeAdapter``: of what)."""
    if isinstance(target, type):
        return f"{target.__module__}:{target.__qualname__}"
    return f"TypeAdapter({printable(repr(getattr(target, '_type', '?')))[:SHOWN_RAISED]})"


def model_source(target: Any, name: str) -> Source:
    """The JSON Schema of a pydantic model class or ``TypeAdapter``, shown as ``name``."""
    schema_of = getattr(target, "model_json_schema", None) or target.json_schema
    try:
        schema = schema_of()
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 (user code)
        raise InputError(name, f"model_json_schema() failed: {_raised(error)}") from None
    schema = plain(schema, name)  # held to what loading accepts
    from .model_places import ModelLocator, shown, source_file

    file = source_file(target)
    if file is None:
        return Source(name, schema, "model")
    return Source(name, schema, "model", ModelLocator(target, file), file=shown(file))


def load_schema(given: str | os.PathLike[str] | Any, name: str = DATA, refs: Sequence[str] = ()) -> Source:
    """A schema named the ways the Python API takes one: data (an object or a boolean), a
    path, ``module:attribute`` or a pydantic model class or ``TypeAdapter``. A ``str`` is
    never JSON text, and one that is neither an existing path nor ``module:attribute`` is an
    :class:`InputError` (no such file), never an empty schema."""
    from .errors import require_schema

    source = load_input(given, models=True, name=name, dash=False, refs=refs)
    require_schema(source.data, source.path)
    return source


def schema_data(given: Any, refs: Sequence[str] = ()) -> Any:
    """The schema a source of the Python API stands for: data handed over (an object or a
    boolean; held to what loading accepts, so data that holds itself is an
    :class:`InputError`, never a hang), or what :func:`load_schema` loads; its relative file
    references bundled from the folders ``refs``."""
    if isinstance(given, (Mapping, bool)):
        given = plain(given, DATA)  # held to what loading accepts
        return _bundled(Source(DATA, given, "data"), refs).data if refs else given
    return load_schema(given, refs=refs).data


#: what is shown of an exception raised by user code, at most
SHOWN_RAISED = 200


def _raised(error: BaseException) -> str:
    """One printable line saying what user code raised."""
    if isinstance(error, SystemExit):
        return f"it called sys.exit({printable(repr(error.code))[:SHOWN_RAISED]})"
    try:
        lines = str(error).strip().splitlines()
    except Exception:  # noqa: BLE001 (its __str__ is user code too)
        lines = []
    said = printable(lines[0])[:SHOWN_RAISED] if lines else ""
    return f"{type(error).__name__}: {said}" if said else type(error).__name__
