"""Why a Swiss round was paired as it was: the engine's explanation, on the round page.

The round is paired again from the rounds before it (pure and deterministic:
``tourney.engine.pair.pairing_by_id``, FIDE C.04.3 Dutch or C.04.6 team Swiss)
and the engine's explanation is shown only when the stored pairing is the one
the engine makes: same (white, black) pairs and the same pairing-allocated bye.
Otherwise the page says the round was paired by hand or by another program.
Only the Swiss systems are re-paired; the other formats have no explanation.
"""

from __future__ import annotations

from dataclasses import replace

from tourney.engine.pair import ID_SYSTEMS, PairingError, pairing_by_id
from tourney.model import Bye, ByeKind, Round, Tournament
from tourney.render.views import PairingNote

DIFFERENT = "Paired by hand or by another program; tourney would pair it differently."


def before_round(t: Tournament, round_no: int) -> Tournament:
    """The tournament as it stood before ``round_no`` was paired: the earlier rounds, and of
    round ``round_no`` only its byes other than the PAB (absences and requested byes)."""
    current = t.round(round_no)
    byes: tuple[Bye, ...] = ()
    if current is not None:
        byes = tuple(b for b in current.byes if b.kind is not ByeKind.PAB)
    rounds = tuple(r for r in t.rounds if r.number < round_no)
    rounds += (Round(number=round_no, byes=byes),)
    settings = t.settings
    if settings.rounds < round_no:
        settings = replace(settings, rounds=round_no)
    return replace(t, rounds=rounds, settings=settings, _by_id={})


def stored_pairing(rnd: Round) -> tuple[frozenset[tuple[str, str]], str | None]:
    """The round as its file has it: the (white, black) pairs and the PAB."""
    pairs = frozenset((m.white, m.black) for m in rnd.matches) or frozenset(
        (g.white, g.black) for g in rnd.games if g.white and g.black
    )
    bye = next((b.participant for b in rnd.byes if b.kind is ByeKind.PAB), None)
    return pairs, bye


def explain_round(t: Tournament, round_no: int) -> PairingNote | None:
    """The explanation of round ``round_no`` of a Swiss or team Swiss; None for other formats."""
    rnd = t.round(round_no)
    if t.settings.format not in ID_SYSTEMS or rnd is None:
        return None
    try:
        got = pairing_by_id(before_round(t, round_no), round_no)
    except PairingError:
        return PairingNote(False, (), DIFFERENT)
    if (frozenset(got.pairs), got.bye) != stored_pairing(rnd):
        return PairingNote(False, (), DIFFERENT)
    return PairingNote(True, tuple(got.explanation), "The pairing tourney makes, and why:")
