"""``[tool.tierone]`` in pyproject.toml, found from the working directory up."""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

from ..subset.profiles import PROFILES

DEFAULT_INCLUDE = ("*.schema.json", "*.schema.yaml", "*.schema.yml")
DEFAULT_EXCLUDE = (".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox")
KEYS = frozenset({"profile", "select", "ignore", "per-file-ignores", "include", "exclude", "envelopes",
                  "low-reasoning-kinds", "extend-select", "extend-ignore"})
#: envelope payload schemas, where the reasoning rules apply: the reference's layout
DEFAULT_ENVELOPES = ("envelopes/*.schema.json", "envelopes/*.schema.yaml", "envelopes/*.schema.yml")
LOW_REASONING_KINDS = ("schema.response", "screen.emit", "status.progress", "ask.clarify", "chunk.emit")


class ConfigError(ValueError):
    """A configuration that cannot be used; the message names the file and the key."""


class Config(NamedTuple):
    """Settings from pyproject.toml; command-line options override them."""

    profile: str | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    #: glob -> codes ignored in files matching it
    per_file_ignores: Mapping[str, tuple[str, ...]] = {}
    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    #: globs of envelope payload schemas (``<kind>.schema.json``): the reasoning rules apply there
    envelopes: tuple[str, ...] = DEFAULT_ENVELOPES
    #: kinds that need not declare ``reasoning``
    low_reasoning_kinds: tuple[str, ...] = LOW_REASONING_KINDS
    #: the pyproject.toml it came from
    source: Path | None = None
    #: rules added to the selection in force, and ignored on top of ``ignore`` (ruff's keys)
    extend_select: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()

    def envelope_kind(self, path: str) -> str | None:
        """The envelope kind ``path`` is the payload schema of, when it matches ``envelopes``."""
        posix = PurePosixPath(Path(path).as_posix())
        if not any(_glob_matches(posix, pattern) for pattern in self.envelopes):
            return None
        name = posix.name
        for suffix in (".json", ".yaml", ".yml"):
            name = name.removesuffix(suffix)
        return name.removesuffix(".schema") or None

    def ignored_for(self, path: str) -> tuple[str, ...]:
        """Codes ignored for ``path`` by ``per-file-ignores``."""
        posix = PurePosixPath(Path(path).as_posix())
        codes: list[str] = []
        for pattern, ignored in self.per_file_ignores.items():
            if _glob_matches(posix, pattern):
                codes.extend(ignored)
        return tuple(codes)


def _glob_matches(posix: PurePosixPath, pattern: str) -> bool:
    """Whether ``pattern`` matches the path's tail (``a/*.json``) or the whole path. Every
    literal piece of a pattern without ``[...]`` must occur in a path it matches: checking
    that first spares compiling the pattern for the paths it cannot match (most of them)."""
    text = str(posix)
    if "[" not in pattern and not all(piece in text for piece in pattern.replace("?", "*").split("*")):
        return False
    return posix.match(pattern) or fnmatch.fnmatch(text, pattern)


def find_pyproject(start: Path) -> Path | None:
    """The closest pyproject.toml with a ``[tool.tierone]`` table, from ``start`` up."""
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            try:
                text = candidate.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if "tool.tierone" in text:
                return candidate
    return None


def _strings(value: Any, key: str, where: Path) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ConfigError(f"{where}: [tool.tierone] {key} must be a string or a list of strings")


def parse(table: Mapping[str, Any], where: Path) -> Config:
    """Validate a ``[tool.tierone]`` table."""
    unknown = sorted(set(table) - KEYS)
    if unknown:
        raise ConfigError(
            f"{where}: unknown key {unknown[0]!r} in [tool.tierone] (known: {', '.join(sorted(KEYS))})"
        )
    profile = table.get("profile")
    if profile is not None and profile not in PROFILES:
        raise ConfigError(f"{where}: [tool.tierone] profile {profile!r} is not one of {', '.join(PROFILES)}")
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{where}: [tool.tierone] per-file-ignores must be a table of glob = [codes]")
    return Config(
        profile=profile,
        select=_strings(table["select"], "select", where) if "select" in table else None,
        ignore=_strings(table.get("ignore", []), "ignore", where),
        per_file_ignores={g: _strings(c, f"per-file-ignores.{g}", where) for g, c in per_file.items()},
        include=_strings(table["include"], "include", where) if "include" in table else DEFAULT_INCLUDE,
        exclude=_strings(table["exclude"], "exclude", where) if "exclude" in table else DEFAULT_EXCLUDE,
        envelopes=_strings(table["envelopes"], "envelopes", where) if "envelopes" in table else DEFAULT_ENVELOPES,
        low_reasoning_kinds=(_strings(table["low-reasoning-kinds"], "low-reasoning-kinds", where)
                             if "low-reasoning-kinds" in table else LOW_REASONING_KINDS),
        source=where,
        **_extensions(table, where),
    )


def _extensions(table: Mapping[str, Any], where: Path) -> dict[str, tuple[str, ...]]:
    """``extend-select`` and ``extend-ignore``, as the Config's fields."""
    return {key.replace("-", "_"): _strings(table[key], key, where)
            for key in ("extend-select", "extend-ignore") if key in table}


def load(start: Path | None = None) -> Config:
    """The configuration in force for the working directory (defaults when there is none)."""
    path = find_pyproject((start or Path.cwd()).resolve())
    if path is None:
        return Config()
    import tomllib

    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from None
    table = document.get("tool", {}).get("tierone")
    if table is None:
        return Config()
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.tierone] must be a table")
    return parse(table, path)
