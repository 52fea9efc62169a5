"""Round robins from the Berger tables (FIDE C.05, Annex 1), individual and team.

Every participant has a number 1..n (from the order in the folder, or from a
reproducible draw of lots, ``draw_numbers``). ``berger_schedule`` gives the whole
table at once: every round as (White number, Black number) pairs, board 1
first, exactly as FIDE prints them for 3 to 16 participants and built by the
same rule for up to 30.

The rule behind FIDE's tables, for an even number n (odd n: see below), with
k = n - 1 and numbers 1..k taken modulo k (0 is written k):

* in round r, participant n meets ``a = 1 + (r - 1) * n / 2``; it has Black
  in odd rounds and White in even rounds, and that game is board 1;
* board j + 1 (j = 1 .. n/2 - 1) is ``a + j`` (White) against ``a - j`` (Black).

Round 1 is therefore 1-n, 2-(n-1), ..., n/2-(n/2+1), and for 6 participants
the table reads 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 /
3-6 4-2 5-1, as printed in C.05 Annex 1.

Odd n. FIDE: "where there is an odd number of players, the highest number
counts as a bye". The table for n + 1 is used and participant n + 1 is the
bye. In what ``berger_schedule`` returns, the bye is written as the pair
``(player, 0)`` and placed *last* in its round, after the real games (board
numbers of the games stay 1, 2, ... in table order). ``split_bye`` separates it.

Double round robin (C.05 Annex 1): the table is played twice, the second
cycle in the same round order with the colours reversed. FIDE recommends
switching the last two rounds of the first cycle, so that nobody gets three
games in a row with the same colour at the turn of the cycles; that is the
``fide_variant`` (TRF record 192 ``FIDE_DOUBLEROUNDROBIN``; the plain
repetition is ``BERGER_DOUBLEROUNDROBIN``). For a single round robin the two
are the same table (``FIDE_ROUNDROBIN``).

Team round robins (docs/teams.md) pair teams by the same table; in a match the
team named first has White on board 1 and every odd board, Black on the even
boards, and its colour in the match is its board 1 colour (``board_colours``).

Play ahead (docs/pairing.md): every round of a round robin is known in advance, so
several rounds can be running at once; ``round_status`` derives a round's
state from its results and nothing is stored.

>>> berger_schedule(4)
(((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
>>> berger_schedule(3)[0]
((2, 3), (1, 0))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import TypeVar

from tourney.model import Colour, Round, TeamId

MIN_PARTICIPANTS = 3
MAX_PARTICIPANTS = 30
BYE = 0  # the number written opposite a participant who has the bye

Pair = tuple[int, int]
BergerRound = tuple[Pair, ...]
Schedule = tuple[BergerRound, ...]

T = TypeVar("T")


def _first_cycle(size: int) -> list[list[Pair]]:
    """The Berger table for an even ``size``: size - 1 rounds, board 1 first."""
    k = size - 1
    half = size // 2

    def wrap(number: int) -> int:
        return (number - 1) % k + 1

    rounds: list[list[Pair]] = []
    for r in range(1, size):
        a = wrap(1 + (r - 1) * half)
        first: Pair = (a, size) if r % 2 == 1 else (size, a)
        boards = [first]
        boards.extend((wrap(a + j), wrap(a - j)) for j in range(1, half))
        rounds.append(boards)
    return rounds


def _with_bye_last(boards: list[Pair], dummy: int | None) -> BergerRound:
    """Replace the game against the dummy by ``(player, BYE)`` at the end."""
    if dummy is None:
        return tuple(boards)
    games = [pair for pair in boards if dummy not in pair]
    byes = [(pair[0] if pair[1] == dummy else pair[1], BYE) for pair in boards if dummy in pair]
    return (*games, *byes)


def berger_schedule(n: int, double: bool = False, fide_variant: bool = False) -> Schedule:
    """Every round of a round robin for ``n`` participants (C.05 Annex 1).

    Returns rounds of (White number, Black number) pairs, board 1 first. For odd
    ``n`` the participant with the bye appears as ``(number, 0)``, last in its
    round. ``double`` appends the second cycle with colours reversed;
    ``fide_variant`` (double only) switches the last two rounds of the first
    cycle, as C.05 Annex 1 recommends.

    >>> [r[0] for r in berger_schedule(4, double=True, fide_variant=True)]
    [(1, 4), (2, 4), (4, 3), (4, 1), (3, 4), (4, 2)]
    """
    if not MIN_PARTICIPANTS <= n <= MAX_PARTICIPANTS:
        raise ValueError(
            f"a round robin needs {MIN_PARTICIPANTS} to {MAX_PARTICIPANTS} participants, not {n}"
        )
    size = n + n % 2
    dummy = size if size != n else None
    table = _first_cycle(size)
    first = [_with_bye_last(boards, dummy) for boards in table]
    if not double:
        return tuple(first)
    second = [
        _with_bye_last([(black, white) for white, black in boards], dummy) for boards in table
    ]
    if fide_variant:
        first[-2], first[-1] = first[-1], first[-2]
    return (*first, *second)


def split_bye(berger_round: BergerRound) -> tuple[tuple[Pair, ...], int | None]:
    """The games of a round and the number with the bye (None when nobody has one)."""
    games = tuple(pair for pair in berger_round if BYE not in pair)
    byes = [pair[0] for pair in berger_round if pair[1] == BYE]
    return games, (byes[0] if byes else None)


def rounds_in(n: int, double: bool = False) -> int:
    """How many rounds a round robin for ``n`` participants has."""
    per_cycle = n - 1 + n % 2
    return per_cycle * (2 if double else 1)


def draw_numbers(ids: Sequence[T], lot: int | str) -> tuple[T, ...]:
    """A reproducible draw of lots: ``ids`` in the order of their numbers (number 1 first).

    Deterministic: the same ids in the same order with the same lot number always
    give the same numbers (``random.Random(lot)``, nothing else).

    >>> draw_numbers(["a", "b", "c", "d"], lot=7) == draw_numbers(["a", "b", "c", "d"], lot=7)
    True
    """
    order = list(ids)
    random.Random(lot).shuffle(order)
    return tuple(order)


def schedule_ids(
    ids_by_number: Sequence[T], double: bool = False, fide_variant: bool = False
) -> tuple[tuple[tuple[tuple[T, T], ...], T | None], ...]:
    """The Berger table over participants: per round, the (White, Black) games and the bye.

    ``ids_by_number[0]`` is number 1. For teams, the first of each pair is the
    team named first (White on board 1, see ``board_colours``).
    """
    table = berger_schedule(len(ids_by_number), double=double, fide_variant=fide_variant)
    rounds: list[tuple[tuple[tuple[T, T], ...], T | None]] = []
    for berger_round in table:
        games, bye = split_bye(berger_round)
        pairs = tuple((ids_by_number[w - 1], ids_by_number[b - 1]) for w, b in games)
        rounds.append((pairs, None if bye is None else ids_by_number[bye - 1]))
    return tuple(rounds)


# --- team round robin: colours on the boards of a match (docs/teams.md) --------------------------


def first_team_colour(board: int) -> Colour:
    """The colour of the team named first on ``board`` (1-based): White on odd boards."""
    if board < 1:
        raise ValueError(f"boards are numbered from 1, not {board}")
    return Colour.WHITE if board % 2 == 1 else Colour.BLACK


def board_colours(first: TeamId, second: TeamId, boards: int) -> tuple[tuple[TeamId, TeamId], ...]:
    """(team with White, team with Black) for boards 1..``boards`` of a match.

    The team named first has White on board 1 and every odd board, Black on the
    even boards (docs/teams.md, "Round robin (teams)").

    >>> board_colours("A", "B", 4)
    (('A', 'B'), ('B', 'A'), ('A', 'B'), ('B', 'A'))
    """
    if boards < 1:
        raise ValueError(f"a match needs at least one board, not {boards}")
    return tuple(
        (first, second) if first_team_colour(board) is Colour.WHITE else (second, first)
        for board in range(1, boards + 1)
    )


def team_colour(team: TeamId, first: TeamId, second: TeamId) -> Colour:
    """A team's colour in the match: its board 1 colour (White for the team named first)."""
    if team == first:
        return first_team_colour(1)
    if team == second:
        return first_team_colour(1).other
    raise ValueError(f"team {team!r} does not play in {first!r} v {second!r}")


# --- round status (docs/pairing.md) ---------------------------------------------------------------


class RoundStatus(StrEnum):
    """A round's state, derived from its results and never stored (docs/pairing.md)."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"


def round_status(rnd: Round) -> RoundStatus:
    """Done when every game has a result, running when it was started (``started: true``,
    ``tourney round start``) or any result exists, else pending.

    A match decided as a whole counts as having its results. A round with no
    boards at all (only byes) has nothing left to play and is done.
    """
    if rnd.complete:
        return RoundStatus.DONE
    if rnd.started or rnd.marked_started:
        return RoundStatus.RUNNING
    return RoundStatus.PENDING
