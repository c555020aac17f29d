"""``[tool.tierone]`` in pyproject.toml, found from the working directory up."""

import fnmatch
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

from ..subset.profiles import PROFILES
from .config_files import (
    CONFIG_FILES,
    MAX_CONFIG_BYTES,
    ConfigError,
    find_config,
    find_pyproject,
    read_limited,
    toml_document,
    utf8_text,
)

__all__ = [
    "CONFIG_FILES",
    "MAX_CONFIG_BYTES",
    "Config",
    "ConfigError",
    "find_config",
    "find_pyproject",
    "load",
    "load_file",
    "parse",
    "resolve",
]

#: the keys that rewrite, lint --fix and restore read (see :func:`_rewrite_settings`)
REWRITE_KEYS = ("hints", "open-objects", "fix-output", "exact")
OPEN_OBJECTS = ("encode", "error")

DEFAULT_INCLUDE = ("*.schema.json", "*.schema.yaml", "*.schema.yml")
DEFAULT_EXCLUDE = (".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox")
KEYS = frozenset(
    {
        "profile",
        "select",
        "ignore",
        "per-file-ignores",
        "include",
        "exclude",
        "envelopes",
        "low-reasoning-kinds",
        "extend-select",
        "extend-ignore",
        "ref-roots",
        *REWRITE_KEYS,
    }
)
#: envelope payload schemas, where the reasoning rules apply: the reference's layout
DEFAULT_ENVELOPES = ("envelopes/*.schema.json", "envelopes/*.schema.yaml", "envelopes/*.schema.yml")
LOW_REASONING_KINDS = ("schema.response", "screen.emit", "status.progress", "ask.clarify", "chunk.emit")


class Config(NamedTuple):
    """Settings from pyproject.toml; command-line options override them."""

    #: the one profile, when the configuration names exactly one
    profile: str | None = None
    #: every profile it names (``profile = ["openai", "gemini"]``)
    profiles: tuple[str, ...] = ()
    #: rewrite's ``--no-hints`` (False) and ``--open-objects``, when configured
    hints: bool | None = None
    open_objects: str | None = None
    #: where ``lint --fix`` writes a rendition (``{stem}.strict{suffix}`` when unset)
    fix_output: str | None = None
    #: rewrite's ``--exact`` (refuse a rendition looser than the original), when configured
    exact: bool | None = None
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
    #: the file it came from
    source: Path | None = None
    #: rules added to the selection in force, and ignored on top of ``ignore`` (ruff's keys)
    extend_select: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()
    #: folders relative file references are read from (``ref-roots``: absolute, inside the
    #: configuration's own folder)
    ref_roots: tuple[str, ...] = ()

    def one_profile(self, command: str) -> str | None:
        """The configured profile for a command that takes one; several are a :class:`ConfigError`."""
        if len(self.profiles) > 1:
            raise ConfigError(
                f"{self.source}: {command} takes one profile, and profile lists "
                f"{len(self.profiles)} ({', '.join(self.profiles)}): pass -p"
            )
        return self.profile

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


def _key(name: str) -> str:
    """A key of the user's table as a message shows it: as it is where it is a plain word, else
    quoted and escaped (a key may hold a newline)."""
    from ..core.errors import shown

    return name if name.isprintable() and '"' not in name and name.strip() == name and name else shown(name)


def _strings(value: Any, key: str, where: Path) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ConfigError(f"{where}: [tool.tierone] {key} must be a string or a list of strings")


def _globs(value: Any, key: str, where: Path) -> tuple[str, ...]:
    globs = _strings(value, key, where)
    if "" in globs:
        raise ConfigError(f"{where}: [tool.tierone] {key} holds an empty glob")
    return globs


def parse(table: Mapping[str, Any], where: Path) -> Config:
    """Validate a ``[tool.tierone]`` table."""
    unknown = sorted(set(table) - KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r} in [tool.tierone] (known: {', '.join(sorted(KEYS))})")
    profiles = _profiles(table, where)
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{where}: [tool.tierone] per-file-ignores must be a table of glob = [codes]")
    if "" in per_file:
        raise ConfigError(f"{where}: [tool.tierone] per-file-ignores has an empty glob")
    return Config(
        profile=profiles[0] if len(profiles) == 1 else None,
        profiles=profiles,
        **_rewrite_settings(table, where),
        select=_strings(table["select"], "select", where) if "select" in table else None,
        ignore=_strings(table.get("ignore", []), "ignore", where),
        per_file_ignores={g: _strings(c, f"per-file-ignores.{_key(g)}", where) for g, c in per_file.items()},
        include=_strings(table["include"], "include", where) if "include" in table else DEFAULT_INCLUDE,
        exclude=_strings(table["exclude"], "exclude", where) if "exclude" in table else DEFAULT_EXCLUDE,
        envelopes=_globs(table["envelopes"], "envelopes", where) if "envelopes" in table else DEFAULT_ENVELOPES,
        low_reasoning_kinds=(
            _strings(table["low-reasoning-kinds"], "low-reasoning-kinds", where)
            if "low-reasoning-kinds" in table
            else LOW_REASONING_KINDS
        ),
        source=where,
        extend_select=_strings(table.get("extend-select", []), "extend-select", where),
        extend_ignore=_strings(table.get("extend-ignore", []), "extend-ignore", where),
        ref_roots=_ref_roots(table.get("ref-roots", []), where),
    )


def _ref_roots(value: Any, where: Path) -> tuple[str, ...]:
    """``ref-roots``: folders relative to the configuration file, each inside its folder (a
    file in a repository may not make tierone read outside it: ``--refs`` can name any folder)."""
    from ..core.confine import really_inside

    top = where.parent.absolute()
    roots = []
    for name in _strings(value, "ref-roots", where):
        folder = str(top / name) if name else ""
        if not folder or not really_inside(folder, str(top)):
            raise ConfigError(
                f"{where}: [tool.tierone] ref-roots {name!r} is not a folder inside {top}; name others with --refs"
            )
        roots.append(folder)
    return tuple(roots)


def _profiles(table: Mapping[str, Any], where: Path) -> tuple[str, ...]:
    """``profile``: one name or a list of names, each a known profile."""
    if "profile" not in table:
        return ()
    profiles = _strings(table["profile"], "profile", where)
    for profile in profiles:
        if profile not in PROFILES:
            raise ConfigError(f"{where}: [tool.tierone] profile {profile!r} is not one of {', '.join(PROFILES)}")
    if not profiles:
        raise ConfigError(f"{where}: [tool.tierone] profile must name at least one profile")
    return profiles


def _rewrite_settings(table: Mapping[str, Any], where: Path) -> dict[str, Any]:
    """``hints`` and ``exact`` (booleans), ``open-objects`` (encode or error) and ``fix-output``
    (a file name pattern: see :func:`tierone.core.rendition_names.rendition_path`), validated."""
    settings: dict[str, Any] = {}
    for key in ("hints", "exact"):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"{where}: [tool.tierone] {key} must be true or false")
            settings[key] = table[key]
    if "open-objects" in table:
        if table["open-objects"] not in OPEN_OBJECTS:
            raise ConfigError(f"{where}: [tool.tierone] open-objects must be one of {', '.join(OPEN_OBJECTS)}")
        settings["open_objects"] = table["open-objects"]
    if "fix-output" in table:
        from ..core.rendition_names import check_pattern

        pattern = table["fix-output"]
        problem = check_pattern(pattern) if isinstance(pattern, str) else "must be a string"
        if problem:
            raise ConfigError(f"{where}: [tool.tierone] fix-output {problem}")
        settings["fix_output"] = pattern
    return settings


def resolve(config_file: str | None, isolated: bool, start: Path | None = None) -> Config:
    """The configuration a command uses: none with ``--isolated``, the file ``--config`` names,
    or the one found from the working directory up."""
    if isolated and config_file is not None:
        raise ConfigError("--config and --isolated exclude each other")
    if isolated:
        return Config()
    if config_file is not None:
        path = Path(config_file)
        if not config_file:
            raise ConfigError("--config is empty: name a configuration file")
        if not path.is_file():
            raise ConfigError(f"{config_file}: --config names no file")
        return load_file(path, required=True)
    return load(start)


def load(start: Path | None = None) -> Config:
    """The configuration in force for the working directory (defaults when there is none)."""
    path = find_config((start or Path.cwd()).resolve())
    return Config() if path is None else load_file(path)


def load_file(path: Path, required: bool = False) -> Config:
    """The settings in ``path``: a pyproject.toml's ``[tool.tierone]`` table, or a whole
    tierone.toml (its top level is the table). ``required``: a pyproject.toml without the table
    is an error (``--config`` named it) rather than no settings."""
    document = toml_document(path, utf8_text(path, read_limited(path)))
    if path.name != "pyproject.toml":
        return parse(document, path)
    tool = document.get("tool", {})
    table = tool.get("tierone") if isinstance(tool, dict) else None
    if table is None:
        if required:
            raise ConfigError(f"{path}: no [tool.tierone] table")
        return Config()
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.tierone] must be a table, not {type(table).__name__}")
    return parse(table, path)
