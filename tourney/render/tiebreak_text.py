"""A tie-break's name as legends print it, with its modifiers in words.

``BH/C1`` and ``BH`` are different tie-breaks (C.07 14.1: Cut-1 leaves out the
lowest value), so a legend must not name both "Buchholz". The cut and median
modifiers are spelled out; any other modifier is named by its code.
"""

from __future__ import annotations

from tourney.engine.tiebreaks import lookup
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.i18n import N_, ngettext
from tourney.i18n import gettext as _


def _lowest(n: int) -> str:
    return ngettext("the lowest value", "the {n} lowest values", n).format(n=n)


def tiebreak_name(d: Descriptor) -> str:
    """``Buchholz, cut 1 (the lowest value left out)`` for BH/C1; ``Buchholz`` for BH.

    >>> from tourney.engine.tiebreaks.descriptor import parse_descriptor
    >>> tiebreak_name(parse_descriptor("BH/C1")), tiebreak_name(parse_descriptor("BH/M2"))
    ('Buchholz, cut 1 (the lowest value left out)', 'Buchholz, median 2 (the 2 highest and the 2 lowest values left out)')
    """
    name = _(lookup(d).name)
    parts = []
    if d.cut:
        parts.append(_("cut {n} ({lowest} left out)").format(n=d.cut, lowest=_lowest(d.cut)))
    if d.median:
        text = ngettext(
            "median {n} (the highest and the lowest value left out)",
            "median {n} (the {n} highest and the {n} lowest values left out)",
            d.median,
        )
        parts.append(text.format(n=d.median))
    plain = Descriptor(d.name, d.score)
    rest = str(d).removeprefix(str(plain))
    for code in ("/C", "/M"):
        while code in rest:  # spelled out above
            start = rest.index(code)
            end = start + 2
            while end < len(rest) and rest[end].isdigit():
                end += 1
            rest = rest[:start] + rest[end:]
    edition = "/V1" if rest.endswith("/V1") else "/V2" if rest.endswith("/V2") else ""
    rest = rest.removesuffix(edition)
    if rest:
        parts.append(_("modifiers {codes}").format(codes=rest))
    return ", ".join([name, *parts])


# The registry builds these names with f-strings, which extraction cannot read;
# listed here for the catalog (tests/test_i18n.py checks every name is a message).
_BUILT_NAMES = (
    N_("Extended direct encounter, then the board count of the match"),
    N_("Extended direct encounter, then its top boards"),
    N_("Extended direct encounter, then its bottom-board elimination"),
    N_("Extended direct encounter, then its board count and top boards"),
    N_("Extended direct encounter, then its board count and bottom-board elimination"),
    N_("Extended Sonneborn-Berger (opponents' match points x own match points)"),
    N_("Extended Sonneborn-Berger (opponents' match points x own game points)"),
    N_("Extended Sonneborn-Berger (opponents' game points x own match points)"),
    N_("Extended Sonneborn-Berger (opponents' game points x own game points)"),
    N_("Match points"),
    N_("Game points"),
    N_("The other score (secondary)"),
)
