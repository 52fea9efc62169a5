"""Pair a round of a tournament with the system its format names.

``pair_round`` is the one entry point the ``pair`` command uses: it picks the
system from ``SYSTEMS`` by format and returns the round as model data (games
or matches, and byes), without results. Nothing here reads or writes files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

# The round robin (berger), the team seats and numbers (teams) and hashlib (a digest) are
# imported where used: a Swiss round of players, what ``tourney pairing-engine`` pairs
# round after round, needs none of them (bench/startup.py).
from tourney.model import Bye, ByeKind, Format, Game, RematchRule, Round, Tournament
from tourney.records import dataclass


class PairingError(Exception):
    """The round cannot be paired; the message says why, ``ways_out`` what the
    arbiter can do about it (``tourney pair`` adds it to the message)."""

    def __init__(self, message: str, ways_out: str = "") -> None:
        super().__init__(message)
        self.ways_out = ways_out


def round_robin_order(t: Tournament) -> tuple[str, ...]:
    """Participants by number: their ``start`` if every one has it, else the folder
    order, or a draw of lots with ``draw_seed`` (C.05: the numbers may be drawn)."""
    entries: Sequence[tuple[int | None, str]]
    if t.is_team:
        entries = [(team.start, team.id) for team in t.teams]
    else:
        entries = [(p.start, p.id) for p in t.players if p.approved]
    numbered = [(start, ident) for start, ident in entries if start is not None]
    if len(numbered) == len(entries):
        return tuple(ident for _, ident in sorted(numbered))
    ids = tuple(ident for _, ident in entries)
    if t.settings.draw_seed is not None:
        from tourney.engine.pairing.berger import draw_numbers

        return draw_numbers(ids, t.settings.draw_seed)
    return ids


def pair_round_robin(t: Tournament, round_no: int) -> Round:
    """Round ``round_no`` of the Berger table (C.05 Annex 1), individual or team."""
    from tourney.engine.pairing.berger import berger_schedule, split_bye
    from tourney.engine.teams.lineups import seat_match

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
        matches.append(seat_match(t, first, second, round_no, number))
    return Round(number=round_no, matches=tuple(matches), byes=byes)


def _requested_byes(t: Tournament, round_no: int, absences: bool = True) -> tuple[Bye, ...]:
    """Byes the participants asked for, and absences, recorded in the round file."""
    byes: list[Bye] = []
    entries = t.teams if t.is_team else [p for p in t.players if p.approved]
    for entry in entries:
        kind = next((k for number, k in entry.byes if number == round_no), None)
        if kind is None and absences and round_no in entry.absent:
            kind = ByeKind.ZERO
        if kind is not None:
            byes.append(Bye(entry.id, kind))
    return tuple(byes)


@dataclass(frozen=True, slots=True)
class PairedRound:
    """A round as the pairing made it, and why (``--explain``), one line per fact;
    ``notices`` are what ``tourney pair`` always says (a rematch it had to make)."""

    round: Round
    explanation: tuple[str, ...] = ()
    notices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class IdPairing:
    """A pairing by participant id: (white, black) in board order, the PAB, and why."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    explanation: tuple[str, ...] = ()


def _blocked(
    round_no: int, error: Exception, helps: tuple[str, ...], rule: RematchRule | None = None
) -> PairingError:
    hint = ""
    if helps:
        hint = "; lifting one of these rules alone would let it through: " + ", ".join(helps)
    elif "forbidden" in str(error):
        hint = "; no single rule lifted alone lets it through"
    message = f"round {round_no} cannot be paired: {error}{hint}"
    if rule is None:
        return PairingError(message)
    rematches = bool(getattr(error, "rematches_help", False))
    if rematches:
        message += (
            f"; only a pairing with a rematch would pair it (FIDE C.04.1 b, rematches: {rule})"
        )
    forbidden = bool(helps) or "forbidden" in str(error)
    return PairingError(message, ways_out(round_no, rematches_help=rematches, forbidden=forbidden))


def ways_out(round_no: int, *, rematches_help: bool, forbidden: bool) -> str:
    """What the arbiter can do when a Swiss round cannot be paired (docs/pairing.md)."""
    ways = []
    if rematches_help:
        ways.append(
            "set 'fide_mode: false' in tournament.yaml: its club rule ('rematches: "
            "when-unavoidable') then pairs the fewest rematches, between the players who "
            "met longest ago"
        )
    if forbidden:
        ways.append("lift a forbidden pairing ('forbidden:' in tournament.yaml)")
    if round_no > 1:
        ways.append(f"end the event after round {round_no - 1} ('rounds: {round_no - 1}')")
    ways.append(
        f"write rounds/{round_no:02d}.yaml by hand, each board of two players who met "
        "before marked 'rematch: true' (docs/folder-format.md)"
    )
    return "ways out (docs/pairing.md, Rematches):\n" + "\n".join(f"  - {w}" for w in ways)


def swiss_pairing(t: Tournament, round_no: int) -> IdPairing:
    """An individual Swiss by player id, by the system tournament.yaml's ``pairing:``
    names (``engine/pairing/systems.SYSTEMS``), with its explanation."""
    from tourney.engine.pairing.swiss_core import NoPairing
    from tourney.engine.pairing.swiss_state import state_from_tournament
    from tourney.engine.pairing.systems import DEFAULT, swiss_system

    system = swiss_system(t.settings.pairing)
    state = state_from_tournament(t, round_no)
    try:
        pairing = system.pair(state)
    except NoPairing as error:
        raise _blocked(round_no, error, error.lifting_helps, state.rematches) from error
    pairs = tuple((state.player(w).id, state.player(b).id) for w, b in pairing.pairs)
    bye = state.player(pairing.bye).id if pairing.bye is not None else None
    explanation = pairing.explanation
    if system.name != DEFAULT:
        # The system and its criteria first (the Dutch explanation cites C.04.3 as it goes).
        explanation = (f"pairing system: {system.label}: {system.criteria}", *explanation)
    return IdPairing(pairs, bye, explanation)


def team_swiss_pairing(t: Tournament, round_no: int) -> IdPairing:
    """The FIDE team Swiss (C.04.6) by team id, with its explanation."""
    from tourney.engine.pairing.team_state import ColourPreferenceType, team_state_from_tournament
    from tourney.engine.pairing.team_swiss import NoLegalPairing
    from tourney.engine.pairing.team_swiss import pair_team_swiss as pair_teams

    options = t.settings.team
    state = team_state_from_tournament(
        t,
        round_no,
        colour_type=ColourPreferenceType(options.colour_preferences),
        use_secondary=options.use_secondary_score,
    )
    try:
        pairing = pair_teams(state)
    except NoLegalPairing as error:
        raise _blocked(round_no, error, error.lifting_helps) from error
    pairs, pab = pairing.as_ids(state)
    return IdPairing(pairs, pab, pairing.explanation)


def _marked(
    t: Tournament, round_no: int, pairs: Sequence[tuple[str, str]], within: int | None = None
) -> tuple[tuple[Game, ...], list[tuple[int, Game, tuple[int, ...]]]]:
    """The boards, each pair of players who met before (within the last ``within``
    rounds, when given) marked ``rematch: true``; and those boards with the rounds."""
    from tourney.engine.pairing.swiss_state import meetings_by_id

    met = meetings_by_id(t.rounds, round_no)
    games, repeats = [], []
    for board, (white, black) in enumerate(pairs, start=1):
        rounds = tuple(
            r
            for r in met.get(frozenset((white, black)), ())
            if within is None or round_no - r <= within
        )
        game = Game(white=white, black=black, board=board, rematch=bool(rounds))
        games.append(game)
        if rounds:
            repeats.append((board, game, rounds))
    return tuple(games), repeats


def _rounds(count: int) -> str:
    return f"{count} round" if count == 1 else f"{count} rounds"


def _name(t: Tournament, pid: str) -> str:
    try:
        return f"{pid} ({t.player(pid).name})"
    except KeyError:
        return pid


def pair_swiss(t: Tournament, round_no: int) -> PairedRound:
    """An individual Swiss over the shared model, by its system (``pairing:``); a rematch
    the pairing had to make (``rematches: when-unavoidable``) is marked on its board and
    told."""
    pairing = swiss_pairing(t, round_no)
    from tourney.engine.pairing.rematches import rounds_text

    games, repeats = _marked(t, round_no, pairing.pairs)
    if t.settings.pairing == "double-swiss":  # two-game matches (C.04.5)
        games = tuple(replace(g, double=True) for g in games)
    notices = tuple(
        f"board {board}: {_name(t, g.white)} and {_name(t, g.black)} meet again (they met "
        f"in {rounds_text(rounds)}): no pairing of this round avoids every rematch; this "
        f"one has the fewest ({len(repeats)}), between the players who met longest ago "
        "(rematches: when-unavoidable, docs/pairing.md)"
        for board, g, rounds in repeats
    )
    byes = _requested_byes(t, round_no)
    if pairing.bye is not None:
        byes = (Bye(pairing.bye, ByeKind.PAB), *byes)
    return PairedRound(Round(number=round_no, games=games, byes=byes), pairing.explanation, notices)


def pair_team_swiss(t: Tournament, round_no: int) -> PairedRound:
    """The FIDE team Swiss (C.04.6): teams paired, then seated in roster order."""
    from tourney.engine.teams.lineups import seat_match

    pairing = team_swiss_pairing(t, round_no)
    matches = tuple(
        seat_match(t, t.team(white), t.team(black), round_no, number)
        for number, (white, black) in enumerate(pairing.pairs, start=1)
    )
    byes = _requested_byes(t, round_no)
    byes += _written_byes(t, round_no, {b.participant for b in byes})
    if pairing.bye is not None:
        byes = (Bye(pairing.bye, ByeKind.PAB), *byes)
    return PairedRound(Round(number=round_no, matches=matches, byes=byes), pairing.explanation)


def _written_byes(t: Tournament, round_no: int, given: set[str]) -> tuple[Bye, ...]:
    """The byes a round file being paired again holds besides the PAB (written by hand):
    the team they keep out of the pairing keeps its bye (the PAB is the pairing's own)."""
    rnd = t.round(round_no)
    if rnd is None:
        return ()
    return tuple(b for b in rnd.byes if b.kind is not ByeKind.PAB and b.participant not in given)


def pair_keizer_round(t: Tournament, round_no: int) -> Round:
    """Keizer (club practice): top-down by the Keizer ranking, no recent rematch."""
    return pair_keizer_paired(t, round_no).round


def pair_keizer_paired(t: Tournament, round_no: int) -> PairedRound:
    """A Keizer round, why, and the boards where the rematch gap had to be shortened
    (marked ``rematch: true``, docs/keizer.md)."""
    from tourney.engine.pairing.keizer import (
        keizer_rounds,
        keizer_settings,
        pair_keizer,
        tournament_standing,
    )

    history = tuple(r for r in keizer_rounds(t) if r.number < round_no)
    settings = keizer_settings(t)
    standing = tournament_standing(t, round_no - 1)
    present = [p.id for p in t.players if p.available(round_no)]
    pairing = pair_keizer(standing.ranking, present, history, round_no, settings)
    gap = settings.rematch_rounds
    from tourney.engine.pairing.rematches import rounds_text

    games, repeats = _marked(t, round_no, pairing.games, max(gap, 0))  # 0: rematches allowed
    notices = tuple(
        f"board {board}: {_name(t, g.white)} and {_name(t, g.black)} meet again (they met "
        f"in {rounds_text(rounds)}): no pairing keeps the Keizer rematch gap of {gap} "
        f"rounds, so it was shortened to {_rounds(pairing.rematch_window)} (docs/keizer.md, "
        "Pairing)"
        for board, g, rounds in repeats
    )
    # absences stay unrecorded: Keizer credits them as absent with notice
    byes = _requested_byes(t, round_no, absences=False)
    if pairing.bye is not None:
        byes = (Bye(pairing.bye, ByeKind.PAB), *byes)
    why = "Keizer: top-down by the Keizer ranking, no recent rematch"
    return PairedRound(Round(number=round_no, games=games, byes=byes), (why,), notices)


def _unexplained(
    system: Callable[[Tournament, int], Round], why: str
) -> Callable[[Tournament, int], PairedRound]:
    def paired(t: Tournament, round_no: int) -> PairedRound:
        return PairedRound(system(t, round_no), (why,))

    return paired


SYSTEMS: dict[Format, Callable[[Tournament, int], PairedRound]] = {
    Format.KEIZER: pair_keizer_paired,
    Format.SWISS: pair_swiss,
    Format.TEAM_SWISS: pair_team_swiss,
    Format.ROUND_ROBIN: _unexplained(pair_round_robin, "Berger tables (C.05 Annex 1)"),
    Format.DOUBLE_ROUND_ROBIN: _unexplained(pair_round_robin, "Berger tables (C.05 Annex 1)"),
    Format.TEAM_ROUND_ROBIN: _unexplained(pair_round_robin, "Berger tables (C.05 Annex 1)"),
}
# The systems that can also pair by participant number (engine command, verify).
ID_SYSTEMS: dict[Format, Callable[[Tournament, int], IdPairing]] = {
    Format.SWISS: swiss_pairing,
    Format.TEAM_SWISS: team_swiss_pairing,
}


def missing_numbers(t: Tournament) -> dict[str, int]:
    """Pairing numbers to freeze now: participants that have none yet (C.04.2).

    Swiss: rating, title, name (late entries after those numbered); team Swiss:
    team numbers in team order; round robins: the folder order.
    """
    fmt = t.settings.format
    if fmt.is_round_robin:
        order = round_robin_order(t)
        numbers = {ident: i for i, ident in enumerate(order, start=1)}
    elif t.is_team:
        from tourney.engine.teams.rating import team_numbers

        numbers = team_numbers(t)
    else:
        from tourney.engine.pairing.swiss_state import pairing_numbers

        numbers = pairing_numbers(p for p in t.players if p.approved)
    have = {e.id for e in (t.teams if t.is_team else t.players) if e.start is not None}
    return {ident: n for ident, n in numbers.items() if ident not in have}


def with_numbers(t: Tournament, numbers: dict[str, int]) -> Tournament:
    """The tournament with these pairing numbers filled in."""
    if not numbers:
        return t
    if t.is_team:
        teams = tuple(
            replace(team, start=numbers[team.id]) if team.id in numbers else team
            for team in t.teams
        )
        return replace(t, teams=teams)
    players = tuple(replace(p, start=numbers[p.id]) if p.id in numbers else p for p in t.players)
    return replace(t, players=players)


def paired_round(t: Tournament, round_no: int) -> PairedRound:
    """The pairing of round ``round_no`` (no results), and why, by the tournament's system."""
    system = SYSTEMS.get(t.settings.format)
    if system is None:
        raise PairingError(f"pairing a {t.settings.format.value} tournament is not available yet")
    return system(t, round_no)


def stored_pairing(rnd: Round) -> tuple[frozenset[tuple[str, str]], str | None]:
    """The round as its file has it: the (white, black) pairs (teams in a team event) and
    the participant given the pairing-allocated bye."""
    pairs = frozenset((m.white, m.black) for m in rnd.matches) or frozenset(
        (g.white, g.black) for g in rnd.games if g.white and g.black
    )
    bye = next((b.participant for b in rnd.byes if b.kind is ByeKind.PAB), None)
    return pairs, bye


def fingerprint(rnd: Round) -> str:
    """A short digest of the round's pairs and PAB: an explanation stored with it applies
    only while the round file still holds this pairing (results and seats may change)."""
    import hashlib

    pairs, bye = stored_pairing(rnd)
    text = "\n".join(sorted(f"{w}\t{b}" for w, b in pairs)) + f"\nPAB\t{bye or ''}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def pair_round(t: Tournament, round_no: int) -> Round:
    """The pairing of round ``round_no`` (no results) by the tournament's system."""
    return paired_round(t, round_no).round


def pairing_by_id(t: Tournament, round_no: int) -> IdPairing:
    """Round ``round_no`` as (white, black) ids and the PAB: the Swiss systems
    directly, the others from the round they write."""
    system = ID_SYSTEMS.get(t.settings.format)
    if system is not None:
        return system(t, round_no)
    paired = paired_round(t, round_no)
    rnd = paired.round
    pairs = tuple((m.white, m.black) for m in rnd.matches) or tuple(
        (g.white, g.black) for g in rnd.games
    )
    bye = next((b.participant for b in rnd.byes if b.kind is ByeKind.PAB), None)
    return IdPairing(pairs, bye, paired.explanation)
