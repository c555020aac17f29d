"""tierone's version, below every layer that reports it (``--version``, the SARIF and JSON
reports); ``tierone.__version__`` re-exports it."""

__version__ = "0.1.0"
