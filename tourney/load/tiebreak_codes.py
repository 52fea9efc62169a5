"""Checking a tie-break descriptor as written in tournament.yaml (C.07, MTB26).

A descriptor is ``NAME[:MP|:GP][/modifier]...`` (case-insensitive); older texts
write ``BH-C1``, ``BH#C1`` or ``DE-P``. This module only says whether a code is
one we know, so ``tourney check`` can point at a typo; the tie-break engine
gives the codes their meaning.
"""

from __future__ import annotations

import re

from tourney.errors import did_you_mean

INDIVIDUAL_CODES = (
    "PTS", "DE", "EDE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "GE", "STD", "TPN", "BH",
    "AOB", "FB", "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG",
)  # fmt: skip
TEAM_CODES = (
    "MP", "GP", "MPTS", "GPTS", "MPVGP", "DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB",
    "BB", "BC", "SB", "BH", "FB", "AOB", "PS", "KS", "WIN", "WON", "EMMSB", "EMGSB", "EGMSB",
    "EGGSB", "TBR", "BBE", "SSSC", "TPN", "STD", "REP", "PTS",
)  # fmt: skip

_MODIFIER = re.compile(r"^(C\d+|M\d+|P|F|L[+-]?\d+|K\d+(\.\d+)?|R|U\d+|B0)$")
_DESCRIPTOR = re.compile(r"^([A-Z]+)(:(MP|GP))?((/[A-Z0-9.+-]+)*)$")


def normalise(code: str) -> str:
    """The descriptor in today's spelling: upper case, '/' between parts, GE -> REP."""
    text = code.strip().upper().replace("#", "/").replace("!", "/")
    text = re.sub(r"^([A-Z]+(?::(?:MP|GP))?)-(?=[A-Z])", r"\1/", text)
    text = text.replace("-C", "/C").replace("-M", "/M").replace("-P", "/P")
    if text == "GE" or text.startswith(("GE/", "GE:")):
        text = "REP" + text[2:]
    return text


def check_descriptor(code: str, team: bool) -> tuple[str, str] | None:
    """None when ``code`` is a known descriptor, else (message, hint)."""
    names = TEAM_CODES if team else INDIVIDUAL_CODES
    text = normalise(code)
    match = _DESCRIPTOR.match(text)
    if not match:
        return f"'{code}' is not a tie-break code", "write a code like BH/C1, SB or DE"
    name, _, score, mods, _ = match.groups()
    if name not in names:
        hint = did_you_mean(name, names) or "see docs/tiebreaks.md for the codes"
        kind = "team" if team else "individual"
        return f"unknown {kind} tie-break code '{name}'", hint
    if score and not team:
        return f"'{code}': ':{score}' is for team events only", "drop the ':MP'/':GP' part"
    for mod in filter(None, (mods or "").split("/")):
        if not _MODIFIER.match(mod):
            return (
                f"unknown modifier '/{mod}' in '{code}'",
                "modifiers are /Cn, /Mn, /P, /F, /L±n, /Kx, /R",
            )
    return None
