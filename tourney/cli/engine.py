"""``tourney pairing-engine (--dutch | --burstein | ... | --team-swiss) IN.trf -p OUT.txt``.

FIDE-endorsed engines (JaVaFo, bbpPairings) share a command line that pairing checkers
and other managers call: read a TRF with the rounds played so far, pair the next round,
write the pairs. We follow it:

* input: TRF16 (with JaVaFo's ``XXR`` rounds, ``XXC`` options ``white1``/``black1``,
  ``XXS`` points, ``XXP`` forbidden pairs) or TRF-2026 (142 rounds, 152 initial colour,
  162 points, 240 byes, 260 prohibited pairings; team records for ``--team-swiss``;
  ``XXO team-forbidden`` / ``XXO team-soft-pairs`` for teams, ``XXO soft-pairs`` for
  players' wishes). Record 192 with ``_BAKU`` turns on Baku acceleration (C.04.5.1).
  All of it is read by :mod:`tourney.load.trf` (forbidden pairings and acceleration in
  :mod:`tourney.load.trf_forbidden`); this module only picks the round and the system.
* the round paired is the first round in which nobody has an opponent; a player (or a
  team) with an entry in that round (``0000 - H``, ``0000 - Z``, ``240``) is not paired.
* output: the number of lines that follow, then ``white black`` per pair (pairing
  numbers; team pairing numbers for teams), the pairing-allocated bye as ``N 0``.
* no pairing: a message on stderr, nothing written, exit status 3.

The helpers here are shared with ``tourney verify``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import click

from tourney.cli.common import fail, print_diagnostics
from tourney.engine.pair import IdPairing, PairingError, pairing_by_id
from tourney.engine.pairing.systems import SYSTEMS
from tourney.errors import Diagnostic, InvalidInput, Refused
from tourney.fs.atomic import write_text
from tourney.load.trf import parse_trf
from tourney.load.trf_lines import decode, split_lines
from tourney.load.trf_records import TrfDocument, read_records
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Format,
    MatchDecision,
    Round,
    Tournament,
)

# ``--NAME``: every Swiss system of the registry, and the team Swiss.
SYSTEM_FORMATS = {**dict.fromkeys(SYSTEMS, Format.SWISS), "team-swiss": Format.TEAM_SWISS}


def system_options(verb: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """One ``--NAME`` flag per system (``--dutch``, ``--burstein``, ..., ``--team-swiss``),
    all setting the parameter ``system``; ``verb`` starts each help text."""

    def decorate(function: Callable[..., None]) -> Callable[..., None]:
        flags = [(name, f"FIDE {s.label}") for name, s in SYSTEMS.items()]
        flags.append(("team-swiss", "FIDE team Swiss (C.04.6)"))
        for name, what in reversed(flags):
            function = click.option(f"--{name}", "system", flag_value=name, help=f"{verb} {what}.")(
                function
            )
        return function

    return decorate


@dataclass(frozen=True, slots=True)
class EngineInput:
    """A TRF read for pairing: the tournament and the records' own view of it."""

    tournament: Tournament
    document: TrfDocument
    warnings: tuple[Diagnostic, ...]

    def explicit(self, round_no: int) -> set[str]:
        """Participants with an entry of their own in ``round_no`` (a bye, an absence)."""
        players = {
            str(record.start)
            for record in self.document.players
            if any(cell.round == round_no for cell in record.rounds)
        }
        if not self.tournament.is_team:
            return players
        named = {str(number) for _kind, rnd, number, _line in self.document.byes if rnd == round_no}
        return named | {
            team.id for team in self.tournament.teams if any(p in players for p in team.roster)
        }

    def round_to_pair(self) -> int:
        """The first round in which nobody has an opponent."""
        paired = {
            cell.round
            for record in self.document.players
            for cell in record.rounds
            if cell.opponent is not None
        }
        paired |= {record.round for record in self.document.team.forfeits}
        number = 1
        while number in paired:
            number += 1
        return number


def read_engine_input(path: Path, system: str | None = None) -> EngineInput:
    """Read a TRF for pairing; ``system`` ("dutch", "burstein", ..., "team-swiss")
    overrides the format (and the Swiss system) the file names. Raises ``InvalidInput``."""
    source = path.read_bytes()
    text, _ = decode(source)
    doc = read_records(split_lines(text), str(path))
    t, warnings = _parse(source, text, str(path))
    settings = t.settings
    fmt = settings.format
    if system is not None:
        fmt = SYSTEM_FORMATS[system]
        if fmt.is_team != t.is_team:
            what = "team records (310)" if fmt.is_team else "no team records"
            raise InvalidInput(
                [Diagnostic(str(path), 0, 0, f"--{system} needs a file with {what}", code="E311")]
            )
    elif not fmt.is_swiss:
        fmt = Format.TEAM_SWISS if t.is_team else Format.SWISS
    # The reader has the forbidden pairings (260, XXP, XXO) and Baku acceleration (192).
    if system in SYSTEMS:
        settings = replace(settings, pairing=system)
    settings = replace(settings, format=fmt, initial_colour=settings.initial_colour or Colour.WHITE)
    return EngineInput(replace(t, settings=settings), doc, warnings)


def _parse(source: bytes, text: str, file: str) -> tuple[Tournament, tuple[Diagnostic, ...]]:
    """Parse the TRF. A match forfeited as a whole (330) whose boards are written as
    games against the board opponents (the convention of the C.04.6 reference files)
    is read as those games with the match decision laid over them."""
    try:
        read = parse_trf(source, file)
        return read.tournament, read.warnings
    except InvalidInput as error:
        lines = text.splitlines()
        decisions = [line.split()[1:] for line in lines if line.startswith("330")]
        if not decisions:
            raise
        try:  # blank lines keep the line numbers of what follows
            kept = "\n".join("" if line.startswith("330") else line for line in lines)
            read = parse_trf(kept, file)
        except InvalidInput:
            raise error from None
    t = read.tournament
    rounds = []
    for rnd in t.rounds:
        matches = []
        for match in rnd.matches:
            for code, number, white, black in decisions:
                teams = {match.white, match.black}
                if int(number) == rnd.number and teams == {str(int(white)), str(int(black))}:
                    winner = white if code == "+-" else black if code == "-+" else None
                    decision = (
                        MatchDecision.NEITHER
                        if winner is None
                        else MatchDecision.WHITE_TEAM
                        if str(int(winner)) == match.white
                        else MatchDecision.BLACK_TEAM
                    )
                    match = replace(match, decision=decision)
            matches.append(match)
        rounds.append(replace(rnd, matches=tuple(matches)))
    return replace(t, rounds=tuple(rounds)), read.warnings


def before_round(t: Tournament, round_no: int, keep: set[str] | None = None) -> Tournament:
    """The tournament as it stood before ``round_no`` was paired: the earlier rounds,
    and of round ``round_no`` only its byes other than the PAB (those in ``keep``
    when given): absences and requested byes, which keep a participant out."""
    current = t.round(round_no)
    byes: tuple[Bye, ...] = ()
    if current is not None:
        byes = tuple(
            b
            for b in current.byes
            if b.kind is not ByeKind.PAB and (keep is None or b.participant in keep)
        )
    rounds = tuple(r for r in t.rounds if r.number < round_no)
    rounds += (Round(number=round_no, byes=byes),)
    settings = t.settings
    if settings.rounds < round_no:
        settings = replace(settings, rounds=round_no)
    return replace(t, rounds=rounds, settings=settings)


def output_lines(pairing: IdPairing) -> list[str]:
    """The engine convention: the count of lines that follow, pairs, then ``N 0``."""
    lines = [f"{int(white)} {int(black)}" for white, black in pairing.pairs]
    if pairing.bye is not None:
        lines.append(f"{int(pairing.bye)} 0")
    return [str(len(lines)), *lines]


@click.command("pairing-engine")
@system_options("Pair by the")
@click.argument("trf", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-p",
    "output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the pairing here (default: standard output).",
)
@click.option("--explain", is_flag=True, help="Also print why, on standard error.")
def command(system: str | None, trf: Path, output: Path | None, explain: bool) -> None:
    """Pair the next round of TRF the way FIDE-endorsed engines do (JaVaFo, bbpPairings).

    The round paired is the first one without games; the output is the number of
    lines, then "white black" per pair and the bye as "N 0".
    """
    if system is None:
        names = ", ".join(f"--{name}" for name in SYSTEM_FORMATS)
        raise click.UsageError(f"name the system: one of {names}")
    try:
        data = read_engine_input(trf, system)
        round_no = data.round_to_pair()
        t = before_round(data.tournament, round_no, data.explicit(round_no))
        pairing = pairing_by_id(t, round_no)
    except InvalidInput as error:
        fail(error)
    except PairingError as error:
        fail(Refused(f"no pairing exists: {error}"))
    print_diagnostics(data.warnings)
    text = "\n".join(output_lines(pairing)) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        write_text(output, text)
    if explain:
        for line in pairing.explanation:
            click.echo(line, err=True)


if __name__ == "__main__":  # python -m tourney.cli.engine, before it is registered
    command()
