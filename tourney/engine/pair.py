"""Pair a round of a tournament with the system its format names.

``pair_round`` is the one entry point the ``pair`` command uses: it picks the
system from ``SYSTEMS`` by format and returns the round as model data (games
or matches, and byes), without results. Nothing here reads or writes files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tourney.engine.pairing.berger import berger_schedule, board_colours, split_bye
from tourney.model import Bye, ByeKind, Format, Game, Match, Result, Round, Team, Tournament


class PairingError(Exception):
    """The round cannot be paired; the message says why."""


def round_robin_order(t: Tournament) -> tuple[str, ...]:
    """Participants by number: their ``start`` if every one has it, else folder order."""
    entries: Sequence[tuple[int | None, str]]
    if t.is_team:
        entries = [(team.start, team.id) for team in t.teams]
    else:
        entries = [(p.start, p.id) for p in t.players if p.approved]
    numbered = [(start, ident) for start, ident in entries if start is not None]
    if len(numbered) == len(entries):
        return tuple(ident for _, ident in sorted(numbered))
    return tuple(ident for _, ident in entries)


def _lineup(t: Tournament, team: Team, round_no: int) -> list[str]:
    """The players a team fields: its roster in order, skipping unavailable players."""
    available = [pid for pid in team.roster if t.player(pid).available(round_no)]
    return available[: t.settings.team.boards]


def pair_round_robin(t: Tournament, round_no: int) -> Round:
    """Round ``round_no`` of the Berger table (C.05 Annex 1), individual or team."""
    order = round_robin_order(t)
    if len(order) < 3:
        raise PairingError(f"a round robin needs at least 3 participants, not {len(order)}")
    table = berger_schedule(len(order), double=t.settings.cycles == 2, fide_variant=True)
    if not 1 <= round_no <= len(table):
        raise PairingError(f"a round robin of {len(order)} has {len(table)} rounds, not {round_no}")
    pairs, bye_number = split_bye(table[round_no - 1])
    byes = (Bye(order[bye_number - 1], ByeKind.PAB),) if bye_number else ()
    if not t.is_team:
        games = tuple(
            Game(white=order[w - 1], black=order[b - 1], board=board)
            for board, (w, b) in enumerate(pairs, start=1)
        )
        return Round(number=round_no, games=games, byes=byes)
    matches = []
    for number, (w, b) in enumerate(pairs, start=1):
        first, second = t.team(order[w - 1]), t.team(order[b - 1])
        matches.append(_seat_match(t, first, second, round_no, number))
    return Round(number=round_no, matches=tuple(matches), byes=byes)


def _seat_match(t: Tournament, first: Team, second: Team, round_no: int, number: int) -> Match:
    """A match with its boards seated in roster order; an empty seat is a forfeit."""
    boards = t.settings.team.boards
    home, away = _lineup(t, first, round_no), _lineup(t, second, round_no)
    games = []
    for board, (white_team, _) in enumerate(board_colours(first.id, second.id, boards), start=1):
        a = home[board - 1] if board <= len(home) else ""
        b = away[board - 1] if board <= len(away) else ""
        white, black = (a, b) if white_team == first.id else (b, a)
        if not white and not black:
            continue
        result = None
        if not (white and black):
            result = Result.WHITE_FORFEIT_WIN if white else Result.BLACK_FORFEIT_WIN
        games.append(Game(white=white, black=black, result=result, board=board))
    return Match(white=first.id, black=second.id, games=tuple(games), number=number)


SYSTEMS: dict[Format, Callable[[Tournament, int], Round]] = {
    Format.ROUND_ROBIN: pair_round_robin,
    Format.DOUBLE_ROUND_ROBIN: pair_round_robin,
    Format.TEAM_ROUND_ROBIN: pair_round_robin,
}


def pair_round(t: Tournament, round_no: int) -> Round:
    """The pairing of round ``round_no`` (no results) by the tournament's system."""
    system = SYSTEMS.get(t.settings.format)
    if system is None:
        raise PairingError(f"pairing a {t.settings.format.value} tournament is not available yet")
    return system(t, round_no)
