"""``tourney verify FILE.trf``: re-pair every round of a TRF and list the rounds that differ.

Like the endorsed engines' checker (``-c``): round r is paired again from rounds
1..r-1 of the file (participants with a bye or an absence in round r are left out)
and compared with round r as written: the set of (white, black) pairs, and the
pairing-allocated bye. Board order is not compared. Every round is replayed from the
file's own history, so one differing round does not spoil the next.

Individual Swiss files are paired by the system their record 192 names (the Dutch
system, C.04.3, when it names none; the registry is ``engine/pairing/systems``), team
files by the team Swiss (C.04.6); ``--dutch``, ``--burstein``, ... or ``--team-swiss``
force one. A tournament folder is checked the same way, by its own format and
``pairing:``. Exit status 0 when
every round agrees, 1 when one differs (or the file has errors).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import click

from tourney.cli.common import fail
from tourney.cli.engine import before_round, read_engine_input, system_options
from tourney.cli.exits import leave
from tourney.cli.progress import track
from tourney.engine.pair import IdPairing, PairingError, pairing_by_id
from tourney.errors import ExitStatus, InvalidInput
from tourney.load.folder import load_tournament
from tourney.model import ByeKind, Format, Round, Tournament


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


@click.command("verify")
@click.argument("trf", type=click.Path(exists=True, path_type=Path))
@system_options("Check as paired by the")
def command(trf: Path, system: str | None) -> None:
    """Re-pair every round of TRF (or of a tournament folder) from the rounds before it;
    list the rounds that differ."""
    code = ""
    try:
        if trf.is_dir():
            t = load_tournament(trf)
        else:
            data = read_engine_input(trf, system)
            t, code = data.tournament, data.document.header.get("system", "")
    except InvalidInput as error:
        fail(error, "nothing was checked")
    what = system_name(t)
    rounds = [r for r in sorted(t.rounds, key=lambda r: r.number) if r.games or r.matches]
    checks = [check_round(t, r.number, code) for r in track(rounds, "re-pairing the rounds")]
    for check in checks:
        if check.agrees:
            click.echo(f"round {check.number}: same pairing")
        else:
            click.echo(f"round {check.number}: differs")
            for line in check.differences:
                click.echo(f"  {line}")
    bad = [c.number for c in checks if not c.agrees]
    click.echo(
        f"{trf}: {len(checks) - len(bad)} of {len(checks)} rounds paired as the {what} pairs them"
        + (f"; rounds that differ: {', '.join(map(str, bad))}" if bad else "")
    )
    if bad:
        leave(ExitStatus.FOUND)


if __name__ == "__main__":  # python -m tourney.cli.verify, before it is registered
    command()
