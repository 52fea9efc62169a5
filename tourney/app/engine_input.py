"""A TRF read as FIDE-endorsed pairing engines read it (JaVaFo, bbpPairings): the use case
of ``tourney pairing-engine`` and the input of ``tourney verify`` (docs/pairing.md).

The file is read by :mod:`tourney.load.trf` (forbidden pairings and acceleration in
:mod:`tourney.load.trf_forbidden`); this module picks the round to pair (the first in
which nobody has an opponent), keeps out whoever has an entry of their own in it (a bye,
an absence), and pairs it by the system asked for.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tourney.engine.pair import IdPairing, PairingError, pairing_by_id
from tourney.engine.pairing.systems import SYSTEMS
from tourney.errors import Diagnostic, InvalidInput, Refused
from tourney.fs.atomic import write_text
from tourney.load.trf import parse_trf
from tourney.load.trf_document import TrfDocument
from tourney.load.trf_double import match_round
from tourney.load.trf_lines import decode, split_lines
from tourney.load.trf_records import read_records
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Format,
    MatchDecision,
    Round,
    Tournament,
)
from tourney.records import dataclass

# ``--NAME``: every Swiss system of the registry, and the team Swiss.
SYSTEM_FORMATS = {**dict.fromkeys(SYSTEMS, Format.SWISS), "team-swiss": Format.TEAM_SWISS}
# The label of each Swiss system, for the command line's flags.
SYSTEM_LABELS = {name: system.label for name, system in SYSTEMS.items()}


@dataclass(frozen=True, slots=True)
class EngineInput:
    """A TRF read for pairing: the tournament and the records' own view of it."""

    tournament: Tournament
    document: TrfDocument
    warnings: tuple[Diagnostic, ...]

    @property
    def double_swiss(self) -> bool:
        """A Double-Swiss: two TRF columns a round (docs/trf.md)."""
        return self.tournament.settings.pairing == "double-swiss" and not self.tournament.is_team

    def explicit(self, round_no: int) -> set[str]:
        """Participants with an entry of their own in ``round_no`` (a bye, an absence)."""
        players = {
            str(record.start)
            for record in self.document.players
            if any(self._round(cell.round) == round_no for cell in record.rounds)
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
        return self._round(number)

    def _round(self, column: int) -> int:
        """The round a TRF round column belongs to (a Double-Swiss has two a round)."""
        return match_round(column) if self.double_swiss else column


def read_engine_input(path: Path, system: str | None = None) -> EngineInput:
    """Read a TRF for pairing; ``system`` ("dutch", "burstein", ..., "team-swiss")
    overrides the format (and the Swiss system) the file names. Raises ``InvalidInput``."""
    source = path.read_bytes()
    text, _ = decode(source)
    t, warnings, doc = _parse(source, text, str(path), system if system == "double-swiss" else None)
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


def _parse(
    source: bytes, text: str, file: str, pairing: str | None = None
) -> tuple[Tournament, tuple[Diagnostic, ...], TrfDocument]:
    """Parse the TRF, with its records as the file has them. A match forfeited as a
    whole (330) whose boards are written as games against the board opponents (the
    convention of the C.04.6 reference files) is read as those games with the match
    decision laid over them."""
    try:
        read = parse_trf(source, file, pairing)
        if read.document is not None:
            return read.tournament, read.warnings, read.document
        return read.tournament, read.warnings, read_records(split_lines(text), file)
    except InvalidInput as error:
        lines = text.splitlines()
        decisions = [line.split()[1:] for line in lines if line.startswith("330")]
        if not decisions:
            raise
        try:  # blank lines keep the line numbers of what follows
            kept = "\n".join("" if line.startswith("330") else line for line in lines)
            read = parse_trf(kept, file, pairing)
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
    return replace(t, rounds=tuple(rounds)), read.warnings, read_records(split_lines(text), file)


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


@dataclass(frozen=True, slots=True)
class EnginePairing:
    """The next round of a TRF, paired: its output lines and the reader's warnings."""

    pairing: IdPairing
    warnings: tuple[Diagnostic, ...]

    @property
    def text(self) -> str:
        return "\n".join(output_lines(self.pairing)) + "\n"


def pair_next_round(trf: Path, system: str) -> EnginePairing:
    """Pair the first round of ``trf`` without games by ``system``. ``InvalidInput`` for
    a file with errors, ``Refused`` when no pairing exists (C.04 rules)."""
    data = read_engine_input(trf, system)
    round_no = data.round_to_pair()
    t = before_round(data.tournament, round_no, data.explicit(round_no))
    try:
        pairing = pairing_by_id(t, round_no)
    except PairingError as error:
        raise Refused(f"no pairing exists: {error}") from error
    return EnginePairing(pairing, data.warnings)


def write_pairing(path: Path, text: str) -> None:
    """The engine's output file (``-p``), written atomically."""
    write_text(path, text)
