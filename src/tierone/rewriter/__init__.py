"""The strict-mode rewriter and its inverse: rewrite a schema for strict mode, read the
model's answer back (restore), and the strict form of an instance."""
