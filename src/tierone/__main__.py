"""``python -m tierone``."""

from .cli import main

main()
