"""What the commands share on their command lines: the report formats, comma-separated lists,
and the ``--profile`` help, derived from the profiles themselves."""

from __future__ import annotations

from enum import Enum
from functools import cache


class ReportFormat(str, Enum):
    """The formats of a lint report."""

    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


class Color(str, Enum):
    """``--color``: decide by the terminal and NO_COLOR/FORCE_COLOR, or always, or never."""

    auto = "auto"
    always = "always"
    never = "never"


class Format(str, Enum):
    """Output for the other commands: for people, or JSON for scripts."""

    text = "text"
    json = "json"


#: ``--config`` and ``--isolated``, the same on every command that reads the configuration
CONFIG_HELP = (
    "Read the settings from this file: a pyproject.toml ([tool.tierone]) or a tierone.toml "
    "(top-level keys), instead of the one found from the working directory up."
)
ISOLATED_HELP = "Ignore every configuration file ([tool.tierone], tierone.toml)."
REFS_HELP = (
    "A folder from which relative file $refs are read and bundled into the schema (repeatable; "
    "config: ref-roots). Regular files inside it only; nothing else is read, nothing fetched."
)


def ref_folders(given: list[str] | None, configured: tuple[str, ...]) -> tuple[str, ...]:
    """The folders ``--refs`` names (absolute), else the configured ``ref-roots``; a name that
    is no folder ends the run (exit 2)."""
    import os

    from .output import fail

    for folder in given or ():
        if not os.path.isdir(folder):
            fail(f"--refs {folder!r} names no folder")
    return tuple(os.path.abspath(folder) for folder in given) if given else configured


def split_list(values: list[str] | None) -> list[str]:
    """Comma-separated and repeated options, as one list."""
    return [part.strip() for value in values or [] for part in value.split(",") if part.strip()]


@cache
def profile_help() -> str:
    """``--profile``'s help: every profile, the default marked (``tier1 (default), …, openai,
    anthropic or gemini.``). It reads the profile table, so only the commands that take
    ``--profile`` call it."""
    from ..subset.profiles import DEFAULT_PROFILE, PROFILES

    names = [f"{name} (default)" if name == DEFAULT_PROFILE else name for name in PROFILES]
    return f"{', '.join(names[:-1])} or {names[-1]}." if len(names) > 1 else f"{names[0]}."


def input_kind_help() -> str:
    """The help of ``--input-kind``, naming every kind."""
    from ..vendors import REQUEST_KINDS

    return (
        "What each input is: schema, or a request body ("
        + ", ".join(REQUEST_KINDS)
        + "); recognised by its shape when not given. A request's schemas are checked under the profile it implies unless -p names one."
    )
