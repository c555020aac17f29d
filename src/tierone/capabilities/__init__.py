"""The host's capabilities document: generated from the schemas it really serves, and checked
against its claims (``envelopes.reasoning`` and the tri-state ``tierOneSubsetCompliance``)."""

from .checker import CheckReport, Problem, Scenario, capabilities_schema, check
from .config import HostConfig, load_config, parse_config
from .generator import Generated, generate

__all__ = [
    "CheckReport",
    "Generated",
    "HostConfig",
    "Problem",
    "Scenario",
    "capabilities_schema",
    "check",
    "generate",
    "load_config",
    "parse_config",
]
