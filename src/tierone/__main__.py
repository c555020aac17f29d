"""``python -m tierone``."""

from .cli import run

run()
