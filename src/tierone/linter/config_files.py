"""Finding and reading tierone's configuration files: ``.tierone.toml``, ``tierone.toml`` or a
``pyproject.toml`` with a ``[tool.tierone]`` table, each read as untrusted input (a regular
file, at most :data:`MAX_CONFIG_BYTES`, UTF-8, TOML), its problems one :class:`ConfigError`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: the configuration files looked for in each directory, from the working directory up, first
#: found wins (ruff's order: its own files before pyproject.toml)
CONFIG_FILES = (".tierone.toml", "tierone.toml", "pyproject.toml")


class ConfigError(ValueError):
    """A configuration that cannot be used; the message names the file and the key."""


#: a configuration file larger than this is refused, naming it (no real one comes near)
MAX_CONFIG_BYTES = 1024 * 1024


def read_limited(path: Path) -> bytes:
    """The bytes of a configuration file: a regular file of at most :data:`MAX_CONFIG_BYTES`
    (never a FIFO or a device, never more read than that); else a :class:`ConfigError`."""
    from ..core.errors import InputError
    from ..core.loading import read_regular

    try:
        size = path.stat().st_size
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None
    if size > MAX_CONFIG_BYTES:
        raise ConfigError(
            f"{path}: more than the limit of {MAX_CONFIG_BYTES:,} bytes for a configuration file; not read"
        )
    try:
        data = read_regular(path, str(path))
    except InputError as error:
        raise ConfigError(str(error).replace(": error:", ":", 1)) from None
    if len(data) > MAX_CONFIG_BYTES:  # it grew while it was read
        raise ConfigError(
            f"{path}: more than the limit of {MAX_CONFIG_BYTES:,} bytes for a configuration file; not read"
        )
    return data


def utf8_text(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: cannot read: not valid UTF-8 (byte {error.start + 1})") from None


def find_pyproject(start: Path, climb: bool = True) -> Path | None:
    """The closest pyproject.toml with a ``[tool.tierone]`` table, from ``start`` up (or in
    ``start`` only, without ``climb``). One that mentions tierone but cannot be read (too large,
    not UTF-8, not TOML) is a :class:`ConfigError`: it is never passed over in silence."""
    for directory in (start, *start.parents) if climb else (start,):
        candidate = directory / "pyproject.toml"
        if not candidate.is_file():
            continue
        data = read_limited(candidate)
        if b"tierone" not in data:
            continue  # another tool's configuration: nothing of ours in it
        tool = toml_document(candidate, utf8_text(candidate, data)).get("tool")
        if isinstance(tool, dict) and "tierone" in tool:
            return candidate
    return None


def toml_document(path: Path, text: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path}: invalid TOML: nested too deep") from None


def find_config(start: Path) -> Path | None:
    """The closest configuration file, from ``start`` up: a ``.tierone.toml`` or ``tierone.toml``,
    or a pyproject.toml with a ``[tool.tierone]`` table."""
    for directory in (start, *start.parents):
        for name in CONFIG_FILES[:-1]:
            if (directory / name).is_file():
                return directory / name
        if find_pyproject(directory, climb=False):
            return directory / "pyproject.toml"
    return None
