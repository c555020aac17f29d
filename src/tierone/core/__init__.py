"""Shared machinery with no policy: pointers, loading, source positions, the walker, refs."""
