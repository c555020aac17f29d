"""The strict-mode rewriter: a schema rewritten for strict mode (:mod:`.rewrite`, the passes),
written to files (:mod:`.files`) and offered as lint fixes (:mod:`.fixes`). Reading the
model's answers back is :mod:`tierone.answers`."""
