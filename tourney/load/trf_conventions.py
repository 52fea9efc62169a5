"""Conventions of other programs' TRF files that are not in the FIDE tables (docs/trf.md).

- **Bye placeholders**: some programs write the bye as a player line named
  "spielfrei", "bye", "free" ... and pair the player who has the bye against it.
  That line is not a participant: its games become byes of the other player.
- **The round about to be paired**: JaVaFo (TRF(x), "Unusual Info Extensions") and
  bbpPairings read an entry in the column of the round being paired
  (``0000 - Z``, ``0000 - H``, ``0000 - F``) as "absent from / a requested bye in
  the coming round". Such trailing columns, where nobody has an opponent, become
  the players' ``absent`` and ``byes`` for those rounds, not played rounds.
- **Stated points**: the points column (81-84) is compared with the results.
- **Blank-opponent byes** (Irish writers): a round with a blank opponent and ``-``
  (or nothing) in its result is a zero-point bye by the tables; some programs write
  their half-point byes so. When the points column can only be made by one kind of
  bye in all such rounds of the line, that is the bye (W365); otherwise they stay
  as stated.

Each choice made on a file's behalf is a warning naming the line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field, replace
from fractions import Fraction

from tourney.load.trf_document import PlayerRecord, TrfDocument
from tourney.load.trf_lines import Line
from tourney.model import ByeKind, Player, Round, Scoring
from tourney.records import dataclass

# Names programs give the bye's placeholder line (compared case-insensitively).
PLACEHOLDER_NAMES = frozenset(("spielfrei", "freilos", "bye", "free", "exempt", "pab"))

# A bye placeholder's opponent: his result code -> the bye he had.
_PLACEHOLDER_BYES = {
    "1": ByeKind.PAB,
    "+": ByeKind.PAB,
    "W": ByeKind.PAB,
    "U": ByeKind.PAB,
    "F": ByeKind.FULL,
    "=": ByeKind.HALF,
    "D": ByeKind.HALF,
    "H": ByeKind.HALF,
}

# An entry in the round about to be paired -> what the player asked for (None: absent).
_COMING: dict[str, ByeKind | None] = {
    "H": ByeKind.HALF,
    "=": ByeKind.HALF,
    "D": ByeKind.HALF,
    "F": ByeKind.FULL,
    "+": ByeKind.FULL,
    "1": ByeKind.FULL,
    "W": ByeKind.FULL,
}


def placeholder_bye(code: str) -> ByeKind:
    """The bye of a player paired against a bye placeholder, from his result code."""
    return _PLACEHOLDER_BYES.get(code, ByeKind.ZERO)


def find_placeholders(doc: TrfDocument, by_start: dict[int, PlayerRecord]) -> set[int]:
    """Take the bye placeholders out of ``by_start``; warn on each one's line."""
    found = set()
    for start, record in list(by_start.items()):
        if record.name.strip().casefold() not in PLACEHOLDER_NAMES:
            continue
        found.add(start)
        del by_start[start]
        doc.warn(
            "W322",
            Line(record.line, ""),
            15,
            f"player line {start} is named '{record.name}': read as the bye, not a participant",
            "programs that write the bye as a player line (docs/trf.md); its opponents get a bye",
        )
    return found


def played_rounds(doc: TrfDocument, by_start: Mapping[int, PlayerRecord]) -> int:
    """The last round in which someone has an opponent (or a team record pairs a match)."""
    rounds = {c.round for r in by_start.values() for c in r.rounds if c.opponent is not None}
    if doc.team_event:
        rounds |= {f.round for f in doc.team.forfeits} | set(doc.team.pab_teams)
        rounds |= {lineup.round for lineup in doc.team.lineups}
    return max(rounds, default=0)


@dataclass
class Requests:
    """What the columns after the last round played ask for: absences and byes per player."""

    absent: dict[str, list[int]] = field(default_factory=dict)
    byes: dict[str, list[tuple[int, ByeKind]]] = field(default_factory=dict)

    def add(self, pid: str, round_no: int, kind: ByeKind | None) -> None:
        if kind is None or kind is ByeKind.ZERO:
            if round_no not in self.absent.setdefault(pid, []):
                self.absent[pid].append(round_no)
        elif all(number != round_no for number, _ in self.byes.get(pid, [])):
            self.byes.setdefault(pid, []).append((round_no, kind))

    def apply(self, player: Player) -> Player:
        absent = tuple(sorted({*player.absent, *self.absent.get(player.id, [])}))
        byes = tuple(sorted({*player.byes, *self.byes.get(player.id, [])}))
        if absent == player.absent and byes == player.byes:
            return player
        return replace(player, absent=absent, byes=byes)


def coming_round_requests(
    doc: TrfDocument, by_start: Mapping[int, PlayerRecord], played: int
) -> Requests:
    """Entries in the columns after round ``played``: absences and requested byes."""
    requests = Requests()
    for start, record in sorted(by_start.items()):
        for cell in record.rounds:
            if cell.round <= played:
                continue
            if cell.code == "U":
                doc.warn(
                    "W323",
                    Line(cell.line, ""),
                    cell.col + 7,
                    f"round {cell.round} is not paired yet: '0000 - U' of {start} is read as "
                    "absent (a pairing-allocated bye is given by the pairing)",
                )
            requests.add(str(start), cell.round, _COMING.get(cell.code))
    return requests


def result_totals(
    rounds: Sequence[Round],
    requests: Requests,
    scoring: Scoring,
    extra: Mapping[str, Fraction] | None = None,
) -> dict[str, Fraction]:
    """Each player's points from the rounds, with a half or full bye requested for the
    round about to be paired (JaVaFo's manual asks the points column to include it)
    and the ``extra`` points (penalties and bonuses, record 299)."""
    totals: dict[str, Fraction] = dict(extra or {})
    for rnd in rounds:
        for game in rnd.all_games():
            if game.result is None:
                continue
            for pid, white in ((game.white, True), (game.black, False)):
                if pid:
                    points = scoring.outcome_points(game.result.outcome(white))
                    totals[pid] = totals.get(pid, Fraction(0)) + points
        for bye in rnd.byes:
            totals[bye.participant] = totals.get(bye.participant, Fraction(0)) + (
                scoring.bye_points(bye.kind)
            )
    coming = max((rnd.number for rnd in rounds), default=0) + 1
    for pid, byes in requests.byes.items():
        for number, kind in byes:
            if number == coming:
                totals[pid] = totals.get(pid, Fraction(0)) + scoring.bye_points(kind)
    return totals


def stated_points_warnings(
    doc: TrfDocument,
    records: Iterable[PlayerRecord],
    rounds: Sequence[Round],
    requests: Requests,
    scoring: Scoring,
    extra: Mapping[str, Fraction] | None = None,
) -> dict[str, Fraction]:
    """Warn on each 001 line whose points (81-84) differ from what its results give;
    those players' stated points, to be kept.

    A requested half or full bye in the round about to be paired counts, as JaVaFo
    asks; a points column that leaves it out (bbpPairings' and other engines' input)
    is accepted too, without a warning.
    """
    totals = result_totals(rounds, requests, scoring, extra)
    coming = max((rnd.number for rnd in rounds), default=0) + 1
    records = list(records)
    stated = {str(r.start): r.points for r in records}
    for pid, byes in requests.byes.items():
        for number, kind in byes:
            uncounted = totals.get(pid, Fraction(0)) - scoring.bye_points(kind)
            if number == coming and stated.get(pid) == uncounted:
                totals[pid] = uncounted  # the engines' form: the coming bye not counted
    return points_warnings(doc, records, totals)


# The byes a blank-opponent round may stand for, besides the zero-point bye it is.
_BLANK_BYES = (ByeKind.HALF, ByeKind.FULL)


def blank_opponent_byes(
    doc: TrfDocument,
    by_start: Mapping[int, PlayerRecord],
    rounds: Sequence[Round],
    requests: Requests,
    scoring: Scoring,
    extra: Mapping[str, Fraction] | None = None,
) -> tuple[Round, ...]:
    """Rounds with a blank opponent and ``-`` (or no result) read as the bye that makes
    the stated points, when that is the only way the totals agree (W365).

    Irish pairing programs write a half-point bye as a blank opponent with ``-``; by
    the tables that is a zero-point bye. Each such round of a line may be a zero-,
    half- or full-point bye: when exactly one choice of kinds gives the points column
    and it is the same kind in every such round, that kind is read (a choice that
    mixes kinds could sit in either round, so nothing is guessed then).
    """
    totals = result_totals(rounds, requests, scoring, extra)
    zero_byes = {
        (rnd.number, bye.participant)
        for rnd in rounds
        for bye in rnd.byes
        if bye.kind is ByeKind.ZERO
    }
    changes: dict[tuple[int, str], ByeKind] = {}
    for start, record in sorted(by_start.items()):
        pid = str(start)
        if record.points is None:
            continue
        cells = [
            c
            for c in record.rounds
            if c.opponent is None and c.code in ("", "-") and (c.round, pid) in zero_byes
        ]
        missing = record.points - totals.get(pid, Fraction(0))
        if not cells or missing <= 0:
            continue
        kind = _only_kind(len(cells), missing, scoring)
        if kind is None:
            continue
        changes.update(((c.round, pid), kind) for c in cells)
        doc.warn(
            "W365",
            Line(record.line, ""),
            cells[0].col,
            f"player {start}: round{'s' if len(cells) > 1 else ''} "
            f"{', '.join(str(c.round) for c in cells)} with a blank opponent and '-' "
            f"read as {kind.value}-point bye{'s' if len(cells) > 1 else ''}: the only way "
            f"to the points column's {_text(record.points)}",
            "Irish pairing programs write half-point byes so; the tables read a "
            "zero-point bye (docs/trf.md)",
        )
    if not changes:
        return tuple(rounds)
    return tuple(
        replace(
            rnd,
            byes=tuple(
                replace(b, kind=changes.get((rnd.number, b.participant), b.kind)) for b in rnd.byes
            ),
        )
        for rnd in rounds
    )


def _only_kind(count: int, missing: Fraction, scoring: Scoring) -> ByeKind | None:
    """The one bye kind that, in all ``count`` rounds, adds ``missing`` points to
    zero-point byes, when no other mix of zero-, half- and full-point byes does."""
    half = scoring.half_bye - scoring.zero_bye
    full = scoring.full_bye - scoring.zero_bye
    mixes = [
        (halves, fulls)
        for halves in range(count + 1)
        for fulls in range(count + 1 - halves)
        if halves * half + fulls * full == missing
    ]
    if mixes == [(count, 0)]:
        return ByeKind.HALF
    if mixes == [(0, count)]:
        return ByeKind.FULL
    return None


# A team event's player without a board: the points his own line gives him.
_OWN_BYES = {"U": ByeKind.PAB, "F": ByeKind.FULL, "H": ByeKind.HALF}


def team_player_points(
    records: Iterable[PlayerRecord], rounds: Sequence[Round], scoring: Scoring
) -> dict[str, Fraction]:
    """Each player's points in a team event: his boards, and the U/F/H of his own line."""
    totals: dict[str, Fraction] = {}
    for rnd in rounds:
        for game in rnd.all_games():
            if game.result is None:
                continue
            for pid, white in ((game.white, True), (game.black, False)):
                if pid:
                    points = scoring.outcome_points(game.result.outcome(white))
                    totals[pid] = totals.get(pid, Fraction(0)) + points
    played = {rnd.number for rnd in rounds}
    # a player seated on a board (one facing an empty seat too) has no bye of his own
    seated = {
        (rnd.number, pid) for rnd in rounds for g in rnd.all_games() for pid in (g.white, g.black)
    }
    for record in records:
        for cell in record.rounds:
            if (cell.round, str(record.start)) in seated:
                continue
            if cell.opponent is None and cell.round in played and cell.code in _OWN_BYES:
                pid = str(record.start)
                points = scoring.bye_points(_OWN_BYES[cell.code])
                totals[pid] = totals.get(pid, Fraction(0)) + points
    return totals


def points_warnings(
    doc: TrfDocument, records: Iterable[PlayerRecord], totals: Mapping[str, Fraction]
) -> dict[str, Fraction]:
    """Warn on each 001 line whose points differ from ``totals``; those stated points."""
    found_points: dict[str, Fraction] = {}
    for record in records:
        found = totals.get(str(record.start), Fraction(0))
        if record.points is not None and record.points != found:
            found_points[str(record.start)] = record.points
            doc.warn(
                "W324",
                Line(record.line, ""),
                81,
                f"player {record.start}: the points column says {_text(record.points)}, "
                f"the results give {_text(found)}",
                "kept as stated_points in players.yaml; standings count the results",
            )
    return found_points


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
