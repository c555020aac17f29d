"""The Unicode properties ECMAScript's ``\\p{...}`` names in a pattern read with the ``u``
flag, written as the ``regex`` engine spells them (:mod:`.ecma_regex`): a binary property by
its name alone, a General_Category value alone or as ``General_Category=``, a script as
``Script=`` or ``Script_Extensions=``. Any other name (``\\p{Greek}``, which ``regex`` would
take for a script) is none, and the pattern is then read as Annex B reads it."""

from __future__ import annotations

__all__ = ["property_escape"]

#: the binary Unicode properties ECMAScript's ``\\p{...}`` takes by name alone, with their
#: aliases (ECMA-262, table "Binary Unicode property aliases"); any other name alone must be
#: a General_Category value, and a script is named ``Script=`` or ``Script_Extensions=``
_BINARY = frozenset(
    [
        "ASCII",
        "ASCII_Hex_Digit",
        "AHex",
        "Alphabetic",
        "Alpha",
        "Any",
        "Assigned",
        "Bidi_Control",
        "Bidi_C",
        "Bidi_Mirrored",
        "Bidi_M",
        "Case_Ignorable",
        "CI",
        "Cased",
        "Changes_When_Casefolded",
        "CWCF",
        "Changes_When_Casemapped",
        "CWCM",
        "Changes_When_Lowercased",
        "CWL",
        "Changes_When_NFKC_Casefolded",
        "CWKCF",
        "Changes_When_Titlecased",
        "CWT",
        "Changes_When_Uppercased",
        "CWU",
        "Dash",
        "Default_Ignorable_Code_Point",
        "DI",
        "Deprecated",
        "Dep",
        "Diacritic",
        "Dia",
        "Emoji",
        "Emoji_Component",
        "EComp",
        "Emoji_Modifier",
        "EMod",
        "Emoji_Modifier_Base",
        "EBase",
        "Emoji_Presentation",
        "EPres",
        "Extended_Pictographic",
        "ExtPict",
        "Extender",
        "Ext",
        "Grapheme_Base",
        "Gr_Base",
        "Grapheme_Extend",
        "Gr_Ext",
        "Hex_Digit",
        "Hex",
        "IDS_Binary_Operator",
        "IDSB",
        "IDS_Trinary_Operator",
        "IDST",
        "ID_Continue",
        "IDC",
        "ID_Start",
        "IDS",
        "Ideographic",
        "Ideo",
        "Join_Control",
        "Join_C",
        "Logical_Order_Exception",
        "LOE",
        "Lowercase",
        "Lower",
        "Math",
        "Noncharacter_Code_Point",
        "NChar",
        "Pattern_Syntax",
        "Pat_Syn",
        "Pattern_White_Space",
        "Pat_WS",
        "Quotation_Mark",
        "QMark",
        "Radical",
        "Regional_Indicator",
        "RI",
        "Sentence_Terminal",
        "STerm",
        "Soft_Dotted",
        "SD",
        "Terminal_Punctuation",
        "Term",
        "Unified_Ideograph",
        "UIdeo",
        "Uppercase",
        "Upper",
        "Variation_Selector",
        "VS",
        "White_Space",
        "space",
        "XID_Continue",
        "XIDC",
        "XID_Start",
        "XIDS",
    ]
)
#: the properties ECMAScript's ``\\p{name=value}`` names, and how the engine spells each
_VALUED = {"General_Category": "gc", "gc": "gc", "Script": "sc", "sc": "sc", "Script_Extensions": "scx", "scx": "scx"}


def property_escape(escape: str) -> str | None:
    """``p{...}`` or ``P{...}`` written for the engine, where it names a Unicode property as
    ECMAScript names one (and the engine knows it); None otherwise."""
    import regex  # type: ignore[import-untyped]

    name, _, value = escape[2:-1].partition("=")
    if value:
        spelled = f"{_VALUED[name]}={value}" if name in _VALUED else None
    else:
        spelled = name if name in _BINARY else f"gc={name}"
    if spelled is None:
        return None
    written = f"\\{escape[0]}{{{spelled}}}"
    try:
        regex.compile(written)
    except regex.error:
        return None
    return written
