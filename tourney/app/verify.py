"""``tourney verify``'s use case: re-pair every round of a TRF (or a folder) from the
rounds before it and say how each differs from the round as written (docs/pairing.md).

Like the endorsed engines' checker (``-c``): the set of (white, black) pairs and the
pairing-allocated bye are compared, not the board order; each round is replayed from the
file's own history (``tourney.app.engine_input.before_round``), so one differing round
does not spoil the next. For a Swiss system whose module can say it, the criterion on
which the two pairings differ is named.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.app.engine_input import before_round, read_engine_input
from tourney.engine.pair import IdPairing, PairingError, pairing_by_id
from tourney.load.folder import load_tournament
from tourney.model import ByeKind, Format, Round, Tournament


def read_source(source: Path, system: str | None) -> tuple[Tournament, str]:
    """The tournament of a folder or a TRF file (paired by ``system`` when given) and the
    file's record 192 (it names the edition of the rules; "" for a folder)."""
    if source.is_dir():
        return load_tournament(source), ""
    data = read_engine_input(source, system)
    return data.tournament, data.document.header.get("system", "")


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round: what the file says, what we pair, and how they differ."""

    number: int
    differences: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return not self.differences


def written_pairing(rnd: Round) -> IdPairing:
    """Round ``rnd`` as the file has it: (white, black) ids and the PAB."""
    pairs = tuple((m.white, m.black) for m in rnd.matches) or tuple(
        (g.white, g.black) for g in rnd.games if g.white and g.black
    )
    bye = next((b.participant for b in rnd.byes if b.kind is ByeKind.PAB), None)
    return IdPairing(pairs, bye)


def check_round(t: Tournament, number: int, system_code: str = "") -> RoundCheck:
    """Pair round ``number`` again from the rounds before it and compare."""
    rnd = t.round(number)
    assert rnd is not None
    want = written_pairing(rnd)
    try:
        got = pairing_by_id(before_round(t, number), number)
    except PairingError as error:
        return RoundCheck(number, (f"we find no pairing: {error}",))
    differences = []
    # A forfeit the file wrote without colours (colours: none) matches either order.
    loose = {frozenset((g.white, g.black)): (g.white, g.black) for g in rnd.games if g.colourless}
    have = {loose.get(frozenset(pair), pair) for pair in got.pairs}
    expected = set(want.pairs)
    extra = sorted(have - expected, key=_order)
    missing = sorted(expected - have, key=_order)
    if missing:
        differences.append("the file pairs " + ", ".join(f"{w}-{b}" for w, b in missing))
    if extra:
        differences.append("we pair " + ", ".join(f"{w}-{b}" for w, b in extra))
    if got.bye != want.bye:
        differences.append(f"PAB: file {want.bye or 'none'}, we {got.bye or 'none'}")
    if differences and t.settings.format is Format.SWISS:
        differences.extend(_why(before_round(t, number), number, want, got, system_code))
    return RoundCheck(number, tuple(differences))


def _why(t: Tournament, number: int, want: IdPairing, got: IdPairing, code: str) -> list[str]:
    """The criterion of the system on which the file's pairing and ours differ, in words
    (for the systems whose module says it)."""
    from tourney.engine.pairing.swiss_state import state_from_tournament
    from tourney.engine.pairing.systems import swiss_system

    compare = swiss_system(t.settings.pairing).compare()
    if compare is None:
        return []
    state = state_from_tournament(t, number)
    numbers = {p.id: p.number for p in state.players}
    try:

        def by_number(pairing: IdPairing) -> list[tuple[int, int]]:
            return [(numbers[w], numbers[b]) for w, b in pairing.pairs]

        file_bye = numbers[want.bye] if want.bye is not None else None
        our_bye = numbers[got.bye] if got.bye is not None else None
        return compare(state, by_number(want), file_bye, by_number(got), our_bye, code)
    except KeyError:  # a player the pairing does not know (absent in the file's round)
        return []


def _order(pair: tuple[str, str]) -> tuple[int, str]:
    white = pair[0]
    return (int(white), "") if white.isdigit() else (0, white)


def check_tournament(t: Tournament, system_code: str = "") -> list[RoundCheck]:
    """Every round with at least one pair, in order; ``system_code`` is the file's record
    192 (it names the edition of the rules)."""
    return [
        check_round(t, rnd.number, system_code)
        for rnd in sorted(t.rounds, key=lambda r: r.number)
        if rnd.games or rnd.matches
    ]


SYSTEM_NAMES = {
    Format.TEAM_SWISS: "team Swiss (C.04.6)",
    Format.ROUND_ROBIN: "Berger tables (C.05)",
    Format.DOUBLE_ROUND_ROBIN: "Berger tables (C.05)",
    Format.TEAM_ROUND_ROBIN: "Berger tables (C.05)",
    Format.KEIZER: "Keizer system",
}


def system_name(t: Tournament) -> str:
    """How the pairing system of ``t`` is named: "Dutch system (C.04.3)"."""
    if t.settings.format is Format.SWISS:
        from tourney.engine.pairing.systems import swiss_system

        return swiss_system(t.settings.pairing).label
    return SYSTEM_NAMES.get(t.settings.format, t.settings.format.value)


__all__ = [
    "RoundCheck",
    "check_round",
    "check_tournament",
    "read_source",
    "system_name",
    "written_pairing",
]
