"""Tie-break descriptors: ``NAME[:MP|:GP][/modifier]...`` (C.07 Art. 14, TRF-2026 202/212).

>>> str(parse_descriptor("bh-c1"))
'BH/C1'
>>> str(parse_descriptor("BH:GP#C1"))
'BH:GP/C1'
>>> d = parse_descriptor("KS/L-1")
>>> d.name, d.limit
('KS', -1)
>>> str(parse_descriptor("GE")), str(parse_descriptor("DE-P"))
('REP', 'DE/P')

Modifiers: ``/Cn`` cut the n least significant values (14.1, 14.2); ``/Mn``
median, cut n least and n most significant (14.3, 14.4); ``/P`` forfeits count
as played against the scheduled opponent; ``/F`` Fore Buchholz in place of
Buchholz (AOB, SSSC); ``/L±n`` Koya limit moved by n half points (14.5);
``/L60`` (no sign) puts the limit at 60 % of the
maximum, as FIDE's checker reads it; ``/Kx`` SSSC normalising factor; ``/R`` reverse order (TPN, RTNG). Older
spellings use ``-``, ``#`` or ``!`` in place of ``/``. Two extensions of FIDE's
tie-break checker are read as well: ``/Un`` (a rating for unrated players)
and ``/V1``, ``/V2`` (force the 2024 or the 2026 rules). ``/B0`` is tourney's own:
byes and other own unplayed rounds add nothing to SB (docs/pairing.md's Sonneborn-Berger,
used by the ``classic`` preset), where C.07 16.4 counts a dummy opponent.
"""

from __future__ import annotations

import re
from fractions import Fraction

from tourney.model import Descriptor, Edition

# Older and alternative names of the same tie-break.
ALIASES: dict[str, str] = {"GE": "REP", "MPVGP": "MPVGP", "BHC1": "BH/C1"}

_NAME = re.compile(r"\s*([A-Za-z][A-Za-z0-9_]*)(?::(MP|GP))?", re.IGNORECASE)
_MODIFIER = re.compile(
    r"[/#!-](C\d+|M\d+|P|F|L[+-]?\d+|K\d+(?:\.\d+)?|R|U\d+|V[12]|V20(?:24|26)|B0)",
    re.IGNORECASE,
)


class DescriptorError(ValueError):
    """A tie-break descriptor that cannot be read; ``position`` is 0-based."""

    def __init__(self, text: str, position: int, message: str, hint: str = "") -> None:
        super().__init__(f"{message}: '{text}'")
        self.text = text
        self.position = position
        self.message = message
        self.hint = hint


def parse_descriptor(text: str) -> Descriptor:
    """Read one descriptor; raises ``DescriptorError`` pointing at the bad character."""
    return read_descriptor(text)[0]


def read_descriptor(text: str) -> tuple[Descriptor, tuple[tuple[str, int], ...]]:
    """The descriptor and each modifier as written (``C1``, ``V2``) with its 0-based position.

    >>> read_descriptor("BH/C1/V1")[1]
    (('C1', 2), ('V1', 5))
    >>> read_descriptor("BH/X1")
    Traceback (most recent call last):
    ...
    tourney.engine.tiebreaks.descriptor.DescriptorError: unknown modifier '/X1': 'BH/X1'
    """
    source = text.strip()
    alias = ALIASES.get(source.upper())
    if alias and alias != source.upper():
        return read_descriptor(alias)
    match = _NAME.match(source)
    if not match:
        raise DescriptorError(text, 0, "a tie-break starts with its name", _MODIFIER_HINT)
    name = match.group(1).upper()
    name = ALIASES.get(name, name)
    fields: dict[str, object] = {"name": name}
    if match.group(2):
        fields["score"] = match.group(2).upper()
    position = match.end()
    modifiers: list[tuple[str, int]] = []
    while position < len(source):
        modifier = _MODIFIER.match(source, position)
        if not modifier:
            bad = re.match(r"[/#!-]?[^/#!]*", source[position:])
            written = bad.group(0) if bad else source[position:]
            if written[:1] not in "/#!-":
                written = "/" + written
            raise DescriptorError(text, position, f"unknown modifier '{written}'", _MODIFIER_HINT)
        letters = modifier.group(1).upper()
        _apply(fields, letters)
        modifiers.append((letters, position))
        position = modifier.end()
    return Descriptor(**fields), tuple(modifiers)  # type: ignore[arg-type]


_MODIFIER_HINT = (
    "modifiers are /Cn, /Mn, /P, /F, /L+n, /L-n, /Kx, /R, /Un, /V1, /V2, /B0 (docs/tiebreaks.md)"
)


def _apply(fields: dict[str, object], modifier: str) -> None:
    letter, rest = modifier[0], modifier[1:]
    if letter == "C":
        fields["cut"] = int(rest)
    elif letter == "M":
        fields["median"] = int(rest)
    elif letter == "P":
        fields["played"] = True
    elif letter == "F":
        fields["fore"] = True
    elif letter == "L" and rest[0] in "+-":
        fields["limit"] = int(rest)
    elif letter == "L":
        fields["percent"] = int(rest)
    elif letter == "K":
        fields["k"] = Fraction(rest)
    elif letter == "R":
        fields["reverse"] = True
    elif letter == "U":
        fields["unrated"] = int(rest)
    elif letter == "B":
        fields["no_unplayed"] = True
    elif letter == "V":
        fields["edition"] = Edition.C2024 if rest in ("1", "2024") else Edition.C2026


def parse_list(text: str) -> tuple[Descriptor, ...]:
    """A comma- or blank-separated list, e.g. ``"BH/C1, BH, SB, DE, WIN"``."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    return tuple(parse_descriptor(p) for p in parts)


__all__ = [
    "ALIASES",
    "Descriptor",
    "DescriptorError",
    "parse_descriptor",
    "parse_list",
    "read_descriptor",
]
