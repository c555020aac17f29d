"""What the open constrained-decoding engines compile, where it is less than a vendor's cell
says: a rendition keeps only what both accept, so the same strict schema also runs on a local
engine (llguidance, outlines-core) that serves OpenAI-style ``response_format`` requests."""

from __future__ import annotations

#: the string formats every engine compiles (outlines-core 0.2 compiles no ``duration``,
#: ``hostname``, ``ipv4``, ``ipv6``, ``uri-reference`` or ``regex``; llguidance compiles these
#: and more). A format a vendor documents but an engine cannot compile leaves the rendition the
#: way a format the vendor refuses does: the description states it and restore checks it.
#: ``uri`` is not among them: outlines-core takes about a second for one such member, and for
#: the items of an array (``{"type": "array", "items": {"format": "uri"}}``) six minutes, and
#: then refuses it.
ENGINE_FORMATS = frozenset({"date", "date-time", "time", "email", "uuid"})
