"""The host configuration a capabilities document is generated from (YAML or TOML),
validated by a pydantic model: errors name the file and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from ..core.errors import InputError
from ..subset.kinds import KIND_NAME, MAX_KIND_LENGTH

#: a kind's name (:data:`~tierone.subset.kinds.KIND_NAME`): it names a file, so nothing else is one
KindName = Annotated[str, StringConstraints(pattern=f"^{KIND_NAME.pattern}$", max_length=MAX_KIND_LENGTH)]

Tristate = Literal["strict", "warn", "off"]
Directive = Literal["advisory", "mandatory", "off"]


class Limits(BaseModel):
    """``limits`` of the capabilities document."""

    model_config = ConfigDict(extra="forbid")

    clarificationRounds: int = Field(ge=0)
    schemaRounds: int = Field(ge=0)
    envelopesPerTurn: int = Field(ge=0)
    maxNodeExecutions: int | None = Field(default=None, ge=1)
    maxRunDurationMs: int | None = Field(default=None, ge=1000)
    maxLoopIterations: int | None = Field(default=None, ge=1)
    maxBudgetTokens: int | None = Field(default=None, ge=1)
    maxBudgetCostUsd: float | None = Field(default=None, ge=0)
    maxRequestBodyBytes: int | None = Field(default=None, ge=1)


class HostConfig(BaseModel):
    """What a host serves and what it wants to claim."""

    model_config = ConfigDict(extra="forbid")

    #: the protocol version the host speaks
    protocolVersion: str = Field(default="1.1", min_length=1)
    #: the envelope kinds the host serves (the four universal kinds are always included)
    servedKinds: list[KindName] = Field(default_factory=list)
    #: folders holding ``<kind>.schema.json`` (or .yaml/.yml), relative to the config file
    schemas: list[str] = Field(default_factory=list)
    #: where the universal kinds' schemas come from: the folders ("files"), or tierone's
    #: shipped "canonical" or "strict" renditions
    universal: Literal["files", "canonical", "strict"] = "files"
    #: schema version per kind (1 when not given)
    schemaVersions: dict[str, int] = Field(default_factory=dict)
    limits: Limits
    #: the Tier-1 claim the host wants to make
    compliance: Tristate = "warn"
    #: how firmly the host's system prompt asks for ``reasoning``
    promptDirective: Directive = "advisory"
    #: kinds that need not declare ``reasoning`` besides schema.response
    lowReasoningKinds: list[KindName] = Field(default_factory=list)
    envelopeStrictness: Literal["warn", "strict"] | None = None
    #: where the config was read from (folders are relative to it)
    base: Path = Field(default=Path("."), exclude=True)


def _describe(error: ValidationError, path: str) -> str:
    problems = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "(document)"
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            message = "unknown key"
        problems.append(f"{field}: {message}")
    return "; ".join(problems)


def parse_config(data: Any, path: str = "<config>") -> HostConfig:
    """A validated host configuration; problems raise :class:`InputError` naming the fields."""
    if not isinstance(data, dict):
        raise InputError(path, "the host configuration must be a mapping")
    try:
        config = HostConfig.model_validate(data)
    except ValidationError as error:
        raise InputError(path, f"invalid host configuration: {_describe(error, path)}") from None
    return config.model_copy(update={"base": Path(path).parent if path != "<config>" else Path(".")})


def load_config(path: str) -> HostConfig:
    """Read a host configuration from YAML or TOML."""
    from ..core.loading import load_path, read_regular

    if path.lower().endswith(".toml"):
        import tomllib

        raw = read_regular(path, path)  # a regular file only: a FIFO never hangs the run
        try:
            data: Any = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise InputError(path, "not valid UTF-8") from None
        except tomllib.TOMLDecodeError as error:
            raise InputError(path, f"invalid TOML: {error}") from None
    else:
        data = load_path(path).data
    return parse_config(data, path)
