"""Why a Swiss round was paired as it was: the engine's explanation, on the round page.

The round is paired again from the rounds before it (pure and deterministic:
``tourney.engine.pair.pairing_by_id``, FIDE C.04.3 Dutch or C.04.6 team Swiss)
and the engine's explanation is shown only when the stored pairing is the one
the engine makes: same (white, black) pairs and the same pairing-allocated bye.
Otherwise the page says the round was paired by hand or by another program.
Only the Swiss systems are re-paired; the other formats have no explanation.

Re-pairing is most of a site build's time (a 400-player round takes the
engine about a second), so each round's pairing is kept by its input (the
tournament as ``before_round`` gives it): a rebuild after a result re-pairs
only the rounds after that result. ``forget()`` drops what is kept.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from tourney.engine.pair import ID_SYSTEMS, IdPairing, PairingError, pairing_by_id
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


_KEEP = 64  # rounds kept: a few builds of the largest events
_PAIRINGS: OrderedDict[object, IdPairing | None] = OrderedDict()


def forget() -> None:
    """Drop the kept pairings."""
    _PAIRINGS.clear()


def _pairing(before: Tournament, round_no: int) -> IdPairing | None:
    """The engine's pairing of ``before`` (None when it cannot pair), kept by its input."""
    try:
        key: object = (round_no, before.settings, before.players, before.teams, before.rounds)
        hash(key)
    except TypeError:  # a model that cannot be hashed is paired every time
        key = None
    if key is not None and key in _PAIRINGS:
        _PAIRINGS.move_to_end(key)
        return _PAIRINGS[key]
    try:
        got: IdPairing | None = pairing_by_id(before, round_no)
    except PairingError:
        got = None
    if key is not None:
        _PAIRINGS[key] = got
        while len(_PAIRINGS) > _KEEP:
            _PAIRINGS.popitem(last=False)
    return got


def explain_round(t: Tournament, round_no: int) -> PairingNote | None:
    """The explanation of round ``round_no`` of a Swiss or team Swiss; None for other formats."""
    rnd = t.round(round_no)
    if t.settings.format not in ID_SYSTEMS or rnd is None:
        return None
    got = _pairing(before_round(t, round_no), round_no)
    if got is None:
        return PairingNote(False, (), DIFFERENT)
    if (frozenset(got.pairs), got.bye) != stored_pairing(rnd):
        return PairingNote(False, (), DIFFERENT)
    return PairingNote(True, tuple(got.explanation), "The pairing tourney makes, and why:")
