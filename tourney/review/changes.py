"""What a change to a tournament does: two versions of the model in, a review out.

Pure: no files, no git (``tourney.review.gitdiff`` reads the two versions). The
review lists, in the order a reviewer needs them:

- results entered, corrected or removed (round, board, players, old -> new);
- pairings changed (rounds paired or removed, boards replaced, byes);
- players, teams, members and settings added, removed or changed, field by field;
- how the standings move (rank, points, tie-breaks before -> after), now and after
  each affected round; in a team event one line per team, its points the
  primary score (match points, or game points where the event says so);
- in a club folder, how the club ratings move (FIDE B.02 formula, as
  ``tourney.engine.ratings.club`` computes them from the finalized tournaments);
- later rounds already paired from results this change alters. FIDE's Swiss
  rules (C.04.1 Dutch system, Final Remarks F.7, kept in the general handling
  rules for Swiss tournaments) say a corrected result only affects pairings
  yet to be made; whether it changes a pairing already published but not yet
  played is for the arbiter to decide. So this is said plainly, and nothing
  is re-paired; where the pairing engine for the format is available, the
  review also says whether the round would now pair differently.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tourney import number_text
from tourney.engine.ratings.history import RatingHistory
from tourney.model import Club, Descriptor, Format, Game, PrimaryScore, Round, Tournament

SWISS_LIKE = (Format.SWISS, Format.TEAM_SWISS, Format.KEIZER)
RULES_NOTE = (
    "FIDE Swiss rules (C.04.1 F.7): a corrected result only affects pairings yet to be made; "
    "whether it changes a pairing already published but not yet played is the arbiter's decision"
)


@dataclass(frozen=True, slots=True)
class ResultChange:
    """One board whose result differs; ``old``/``new`` are result texts, None for no result."""

    round: int
    board: str  # "5", or "2.3" for board 3 of match 2
    white: str
    black: str
    white_name: str
    black_name: str
    old: str | None
    new: str | None

    @property
    def kind(self) -> str:
        if self.old is None:
            return "entered"
        return "removed" if self.new is None else "corrected"


@dataclass(frozen=True, slots=True)
class PairingChange:
    """A round paired or removed, a board replaced, a bye or a round setting changed."""

    round: int
    text: str


@dataclass(frozen=True, slots=True)
class FieldChange:
    field: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class EntryChange:
    """A player, team, member, page or the settings: added, removed or changed."""

    kind: str  # "player", "team", "member", "page", "settings", "club"
    ident: str
    name: str
    change: str  # "added", "removed", "changed"
    fields: tuple[FieldChange, ...] = ()


@dataclass(frozen=True, slots=True)
class Movement:
    """One participant's line in the standings, before and after (None: not in that version)."""

    participant: str
    name: str
    old_rank: int | None
    new_rank: int | None
    old_points: Fraction | None
    new_points: Fraction | None
    tiebreaks: tuple[tuple[str, Fraction | None, Fraction | None], ...] = ()


@dataclass(frozen=True, slots=True)
class StandingsChange:
    old_after: int
    new_after: int
    movements: tuple[Movement, ...] = ()
    note: str = ""  # why there are no standings, when there are none
    ranked: str = "player"  # "team" in a team event
    unit: str = "pts"  # what the points are: "pts", or "MP" / "GP" in a team event


@dataclass(frozen=True, slots=True)
class RatingMove:
    """One member's club rating now, in one time control, before -> after this change."""

    club: str  # the club folder
    period: str  # "standard", "rapid", "blitz"
    member: str
    name: str
    old: int
    new: int
    change: int  # new - old


@dataclass(frozen=True, slots=True)
class PairedRoundWarning:
    """A round paired from results that have since changed."""

    round: int
    because: tuple[int, ...]  # the earlier rounds whose results or pairings changed
    played: bool  # the round has results: its pairing stands
    repairs: str | None  # "same", "different", or None where the engine cannot tell
    differing: int = 0  # boards that would differ
    text: str = ""


@dataclass(frozen=True, slots=True)
class MatchScoreChange:
    """A team match whose score differs: game points before -> after, and who wins."""

    round: int
    match: str  # the match number
    white: str  # team names
    black: str
    old: str  # "1½-2½"; "" while a board has no result
    new: str
    old_outcome: str  # "a Castles win", "a draw", "not finished"
    new_outcome: str


@dataclass(frozen=True, slots=True)
class TournamentDiff:
    folder: str
    name: str
    status: str  # "changed", "unchanged", "added", "removed"
    results: tuple[ResultChange, ...] = ()
    pairings: tuple[PairingChange, ...] = ()
    entries: tuple[EntryChange, ...] = ()
    standings: StandingsChange | None = None
    warnings: tuple[PairedRoundWarning, ...] = ()
    # The standings after each affected round, before -> after: one per round from the first
    # round this change alters to the last decided round, only rounds where a rank or points
    # move, only the participants whose rank or points move (with their tie-breaks).
    rounds: tuple[StandingsChange, ...] = ()
    matches: tuple[MatchScoreChange, ...] = ()
    summary: tuple[str, ...] = ()  # the change in words, first thing a reviewer reads
    paired: str = ""  # every round paired from an old result, in one sentence

    @property
    def changed(self) -> bool:
        return self.status != "unchanged"


# --- small helpers -------------------------------------------------------------------------


def _text(value: object) -> str:
    """A field value as a reviewer reads it."""
    if value is None or value == "" or value == ():
        return "-"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value}"
    if isinstance(value, tuple):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, Descriptor):  # a tie-break as tournament.yaml spells it: BH/C1
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return "; ".join(
            f"{f.name}={_text(getattr(value, f.name))}" for f in dataclasses.fields(value)
        )
    if hasattr(value, "value") and isinstance(value.value, str):  # enums
        return value.value
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def field_changes(old: object, new: object, skip: Iterable[str] = ()) -> tuple[FieldChange, ...]:
    """The fields of two dataclass instances that differ, nested dataclasses opened up."""
    out: list[FieldChange] = []
    skipped = set(skip)
    for f in dataclasses.fields(old):  # type: ignore[arg-type]
        if f.name in skipped or f.name.startswith("_"):
            continue
        a, b = getattr(old, f.name), getattr(new, f.name)
        if a == b:
            continue
        if dataclasses.is_dataclass(a) and dataclasses.is_dataclass(b) and type(a) is type(b):
            for inner in field_changes(a, b):
                out.append(FieldChange(f"{f.name}.{inner.field}", inner.old, inner.new))
        else:
            out.append(FieldChange(f.name, _text(a), _text(b)))
    return tuple(out)


def _entries(kind: str, old: Sequence[Any], new: Sequence[Any]) -> list[EntryChange]:
    """Entries with ``id`` and ``name``, matched by id, in the new file's order."""
    before = {e.id: e for e in old}
    after = {e.id: e for e in new}
    out: list[EntryChange] = []
    for entry in new:
        if entry.id not in before:
            out.append(EntryChange(kind, entry.id, entry.name, "added"))
        elif entry != before[entry.id]:
            fields = field_changes(before[entry.id], entry)
            if fields:
                out.append(EntryChange(kind, entry.id, entry.name, "changed", fields))
    out.extend(EntryChange(kind, e.id, e.name, "removed") for e in old if e.id not in after)
    return out


def _names(old: Tournament | None, new: Tournament | None) -> dict[str, str]:
    names: dict[str, str] = {}
    for t in (old, new):
        if t is not None:
            names.update({p.id: p.name for p in t.players})
            names.update({team.id: team.name for team in t.teams})
    return names


# --- rounds --------------------------------------------------------------------------------

BoardKey = tuple[Any, ...]


def _boards(rnd: Round) -> dict[BoardKey, tuple[str, Game]]:
    """Each board by what identifies it across versions: its pairing, not its position."""
    out: dict[BoardKey, tuple[str, Game]] = {}
    for index, game in enumerate(rnd.games, start=1):
        out[("game", game.white, game.black)] = (str(game.board or index), game)
    for number, match in enumerate(rnd.matches, start=1):
        for index, game in enumerate(match.games, start=1):
            label = f"{match.number or number}.{game.board or index}"
            out[("match", match.white, match.black, game.board or index)] = (label, game)
    return out


def pairing_key(rnd: Round) -> frozenset[tuple[str, ...]]:
    """Who meets whom with which colours, and the byes: what a pairing decides."""
    if rnd.matches:
        pairs = {("match", m.white, m.black) for m in rnd.matches}
    else:
        pairs = {("game", g.white, g.black) for g in rnd.games}
    return frozenset(pairs | {("bye", b.participant, b.kind.value) for b in rnd.byes})


def _round_summary(rnd: Round) -> str:
    if rnd.matches:
        count = len(rnd.matches)
        text = f"{count} match{'es' if count != 1 else ''}"
    else:
        count = len(rnd.games)
        text = f"{count} board{'s' if count != 1 else ''}"
    if rnd.byes:
        text += ", bye " + ", ".join(f"{b.participant} ({b.kind.value})" for b in rnd.byes)
    return text


def _compare_round(
    old: Round, new: Round, names: dict[str, str]
) -> tuple[list[ResultChange], list[PairingChange]]:
    results: list[ResultChange] = []
    pairings: list[PairingChange] = []
    n = new.number

    def name(pid: str) -> str:
        return names.get(pid, pid) if pid else "(empty seat)"

    before, after = _boards(old), _boards(new)
    for key, (label, game) in after.items():
        if key not in before:
            continue
        old_game = before[key][1]
        if old_game.result != game.result:
            results.append(
                ResultChange(
                    n,
                    label,
                    game.white,
                    game.black,
                    name(game.white),
                    name(game.black),
                    old_game.result.value if old_game.result else None,
                    game.result.value if game.result else None,
                )
            )
    for key, (label, game) in after.items():
        if key not in before:
            pairings.append(
                PairingChange(n, f"board {label} added: {name(game.white)} - {name(game.black)}")
            )
    for key, (label, game) in before.items():
        if key not in after:
            pairings.append(
                PairingChange(n, f"board {label} removed: {name(game.white)} - {name(game.black)}")
            )
    old_matches = {(m.white, m.black): m for m in old.matches}
    for match in new.matches:
        previous = old_matches.get((match.white, match.black))
        if previous is not None and previous.decision != match.decision:
            was = previous.decision.value if previous.decision else "-"
            now = match.decision.value if match.decision else "-"
            pairings.append(
                PairingChange(
                    n,
                    f"match {name(match.white)} - {name(match.black)}: decision {was} -> {now}",
                )
            )
    old_byes = {(b.participant, b.kind) for b in old.byes}
    new_byes = {(b.participant, b.kind) for b in new.byes}
    for pid, kind in sorted(new_byes - old_byes):
        pairings.append(PairingChange(n, f"bye added: {name(pid)} ({kind.value})"))
    for pid, kind in sorted(old_byes - new_byes):
        pairings.append(PairingChange(n, f"bye removed: {name(pid)} ({kind.value})"))
    for attr in ("date", "published"):
        a, b = getattr(old, attr), getattr(new, attr)
        if a != b:
            pairings.append(PairingChange(n, f"{attr}: {_text(a)} -> {_text(b)}"))
    return results, pairings


def compare_rounds(
    old: Tournament, new: Tournament
) -> tuple[list[ResultChange], list[PairingChange]]:
    names = _names(old, new)
    results: list[ResultChange] = []
    pairings: list[PairingChange] = []
    numbers = sorted({r.number for r in old.rounds} | {r.number for r in new.rounds})
    for number in numbers:
        a, b = old.round(number), new.round(number)
        if a is None and b is not None:
            decided = sum(g.result is not None for g in b.all_games())
            extra = f"; {decided} result{'s' if decided != 1 else ''}" if decided else ""
            pairings.append(PairingChange(number, f"round paired: {_round_summary(b)}{extra}"))
        elif b is None and a is not None:
            pairings.append(PairingChange(number, f"round removed (was {_round_summary(a)})"))
        elif a is not None and b is not None and a != b:
            found_results, found_pairings = _compare_round(a, b, names)
            results.extend(found_results)
            pairings.extend(found_pairings)
    return results, pairings


# --- standings -----------------------------------------------------------------------------


def _movements(before: Any, after: Any, *, points_or_rank_only: bool = False) -> list[Movement]:
    """The lines of two standings (either may be None) that moved, most important first."""
    rows_before = {r.participant: r for r in before.rows} if before else {}
    rows_after = {r.participant: r for r in after.rows} if after else {}
    codes = after.codes if after else before.codes if before else ()
    movements = []
    for pid in [*rows_after, *(p for p in rows_before if p not in rows_after)]:
        a, b = rows_before.get(pid), rows_after.get(pid)
        old_values = dict(zip(before.codes, a.values, strict=True)) if a and before else {}
        new_values = dict(zip(after.codes, b.values, strict=True)) if b and after else {}
        tiebreaks = tuple(
            (code, old_values.get(code), new_values.get(code))
            for code in codes
            if a is not None and b is not None and old_values.get(code) != new_values.get(code)
        )
        unmoved = a is not None and b is not None and a.rank == b.rank and a.points == b.points
        if unmoved and (points_or_rank_only or not tiebreaks):
            continue
        row = b or a
        assert row is not None
        movements.append(
            Movement(
                pid,
                row.name,
                a.rank if a else None,
                b.rank if b else None,
                a.points if a else None,
                b.points if b else None,
                tiebreaks,
            )
        )
    movements.sort(key=importance)
    return movements


def compare_standings(old: Tournament, new: Tournament) -> StandingsChange:
    """The current standings of both versions, participants whose line moved."""
    from tourney.engine.scores import last_decided_round
    from tourney.engine.standings import standings

    old_after, new_after = last_decided_round(old), last_decided_round(new)
    ranked, unit = _ranked(new)
    if old.is_team != new.is_team:
        note = "the event changed between individual and team: standings not compared"
        return StandingsChange(old_after, new_after, note=note, ranked=ranked, unit=unit)
    try:
        before = standings(old) if old_after else None
        after = standings(new) if new_after else None
    except Exception as error:  # a review must not die on a standings problem; say it
        note = f"standings not computed: {error}"
        return StandingsChange(old_after, new_after, note=note, ranked=ranked, unit=unit)
    return StandingsChange(old_after, new_after, tuple(_movements(before, after)), "", ranked, unit)


def _ranked(t: Tournament) -> tuple[str, str]:
    """Who the standings rank and what their points are (C.04.6 1.2.2 for a team event)."""
    if not t.is_team:
        return "player", "pts"
    return "team", "GP" if t.settings.scoring.primary is PrimaryScore.GAME_POINTS else "MP"


def compare_round_standings(old: Tournament, new: Tournament) -> list[StandingsChange]:
    """The standings after each round from the first changed one to the last decided one.

    For a result changed in round r, the standings after rounds r, r+1, ...
    up to the last round decided in both versions (that round itself only when
    the current standings end elsewhere), before -> after; a round
    where nobody's rank or points move is left out, and so is anybody whose
    rank and points stay (FIDE C.07 Art. 4.2: points first, then the
    tie-breaks). In a team event the lines are teams and the points their
    primary score (C.04.6 1.2.2): one changed board can turn a drawn match
    into a won one.
    """
    from tourney.engine.scores import last_decided_round
    from tourney.engine.standings import standings

    if new.is_team != old.is_team:
        return []
    ranked, unit = _ranked(new)
    changed = _changed_rounds(old, new)
    old_last, new_last = last_decided_round(old), last_decided_round(new)
    last = min(old_last, new_last)
    # The current standings (compare_standings) already cover the last round when both
    # versions end there: that round is not repeated.
    stop = last if old_last == new_last else last + 1
    out: list[StandingsChange] = []
    for number in range(min(changed, default=stop), stop):
        try:
            before, after = standings(old, after=number), standings(new, after=number)
        except Exception:  # compare_standings already reports a standings problem
            return out
        moved = _movements(before, after, points_or_rank_only=True)
        if moved:
            out.append(StandingsChange(number, number, tuple(moved), "", ranked, unit))
    return out


def importance(m: Movement) -> tuple[int, int, int]:
    """Points changed first, then places, then tie-breaks only; each by the new rank."""
    if m.old_points != m.new_points:
        level = 0
    elif m.old_rank != m.new_rank:
        level = 1
    else:
        level = 2
    return (level, m.new_rank if m.new_rank is not None else 10**9, m.old_rank or 0)


# --- already-paired rounds -----------------------------------------------------------------


def _changed_rounds(old: Tournament, new: Tournament) -> set[int]:
    """Rounds whose results, byes or pairing differ between the versions."""
    out = set()
    for rnd in old.rounds:
        other = new.round(rnd.number)
        if other is not None and other != rnd:
            out.add(rnd.number)
    return out


def _engine_verdict(old: Tournament, new: Tournament, number: int) -> tuple[str | None, int]:
    """Pair round ``number`` from both versions' earlier rounds: the same pairing or not."""
    from tourney.engine.pair import PairingError, pair_round

    def earlier(t: Tournament) -> Tournament:
        return dataclasses.replace(t, rounds=tuple(r for r in t.rounds if r.number < number))

    try:
        a = pairing_key(pair_round(earlier(old), number))
        b = pairing_key(pair_round(earlier(new), number))
    except PairingError:
        return None, 0
    except Exception:  # an engine still being written must not break a review
        return None, 0
    if a == b:
        return "same", 0
    games = {k for k in a ^ b if k[0] != "bye"}
    return "different", max(len(games) // 2, 1)


def _system_label(t: Tournament) -> str:
    """ " by the Burstein system (C.04.4.2)": the pairing system of an individual Swiss."""
    if t.settings.format is not Format.SWISS:
        return ""
    from tourney.engine.pairing.systems import SYSTEMS

    system = SYSTEMS.get(t.settings.pairing)
    return f" by the {system.label}" if system else ""


def paired_round_warnings(old: Tournament, new: Tournament) -> list[PairedRoundWarning]:
    """Later rounds of a Swiss (or Keizer) paired from results this change alters."""
    if new.settings.format not in SWISS_LIKE:
        return []
    changed = _changed_rounds(old, new)
    if not changed:
        return []
    first = min(changed)
    warnings: list[PairedRoundWarning] = []
    for rnd in new.rounds:
        before = old.round(rnd.number)
        if rnd.number <= first or before is None:
            continue  # not later, or paired in this very change (from the new results)
        if pairing_key(before) != pairing_key(rnd):
            continue  # re-paired in this change
        because = tuple(sorted(n for n in changed if n < rnd.number))
        played = rnd.started
        # A played round stands whatever the engine says: pair again only the unplayed.
        verdict, differing = (None, 0) if played else _engine_verdict(old, new, rnd.number)
        rounds = ", ".join(str(n) for n in because)
        text = (
            f"round {rnd.number} was paired from the results of round {rounds} before this change. "
        )
        by = _system_label(new)
        if verdict == "same":
            text += f"Paired again from the new results{by} it would pair the same: nothing to do."
        else:
            if verdict == "different":
                text += (
                    f"Paired from the new results{by} it would pair differently "
                    f"({differing} board{'s' if differing != 1 else ''}). "
                )
            if played:
                text += "It has been played, so its pairing stands; only the standings change."
            else:
                text += (
                    "It is not played yet: the chief arbiter decides whether to pair it again "
                    f"(tourney pair --round {rnd.number} --replace) or keep it. {RULES_NOTE}."
                )
        warnings.append(
            PairedRoundWarning(rnd.number, because, played, verdict, differing, text.strip())
        )
    return warnings


# --- the summary in words ------------------------------------------------------------------


def points_text(value: Fraction) -> str:
    """``3½``, ``½``, ``4``: points as a scoresheet writes them.

    >>> points_text(Fraction(7, 2)), points_text(Fraction(1, 2)), points_text(Fraction(2))
    ('3½', '½', '2')
    >>> points_text(Fraction(20, 3)), points_text(Fraction(29, 4))
    ('6.67', '7.25')
    """
    return number_text.points(value)  # a series' pooled points: 20/3 is 6.67


def _team_of(t: Tournament) -> dict[str, str]:
    return {pid: team.id for team in t.teams for pid in team.roster}


def _score(t: Tournament, match: Any) -> tuple[str, str]:
    """The match score (``1½-2½``) and who wins it, in words."""
    from tourney.engine.teams.scores import match_result

    result = match_result(match, t.settings.scoring, t.settings.team.boards, _team_of(t))
    if result is None:
        return "", "not finished"
    names = {team.id: team.name for team in t.teams}
    if result.white_match_points > result.black_match_points:
        outcome = f"a {names.get(match.white, match.white)} win"
    elif result.black_match_points > result.white_match_points:
        outcome = f"a {names.get(match.black, match.black)} win"
    else:
        outcome = "a draw"
    return (
        f"{points_text(result.white_game_points)}-{points_text(result.black_game_points)}",
        outcome,
    )


def compare_match_scores(old: Tournament, new: Tournament) -> list[MatchScoreChange]:
    """Team matches whose score differs between the versions (same teams, same round)."""
    if not (old.is_team and new.is_team):
        return []
    names = _names(old, new)
    out: list[MatchScoreChange] = []
    for rnd in new.rounds:
        before = old.round(rnd.number)
        if before is None or before == rnd:
            continue
        earlier = {(m.white, m.black): m for m in before.matches}
        for number, match in enumerate(rnd.matches, start=1):
            previous = earlier.get((match.white, match.black))
            if previous is None or previous == match:
                continue
            try:
                (a, was), (b, now) = _score(old, previous), _score(new, match)
            except Exception:  # a review must not die on a scoring problem
                continue
            if (a, was) != (b, now):
                label = str(match.number or number)
                white, black = names.get(match.white, match.white), names.get(match.black, "")
                out.append(
                    MatchScoreChange(rnd.number, label, white, black or match.black, a, b, was, now)
                )
    return out


def _ordinal(n: int | None) -> str:
    if n is None:
        return "-"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _match_sentence(m: MatchScoreChange) -> str:
    old = m.old or "unfinished"
    new = m.new or "unfinished"
    turned = f"{m.old_outcome} becomes {m.new_outcome}" if m.old_outcome != m.new_outcome else ""
    text = f"round {m.round}, match {m.match}: {m.white} - {m.black} {old} → {new}"
    return text + (f" ({turned})" if turned else "")


def place_sentence(m: Movement, unit: str) -> str:
    points = f"{points_text(m.old_points) if m.old_points is not None else '-'} → "
    points += f"{points_text(m.new_points) if m.new_points is not None else '-'} {unit}"
    if m.old_rank is None:
        return f"{m.name} enters the standings {_ordinal(m.new_rank)}"
    if m.new_rank is None:
        return f"{m.name} leaves the standings (was {_ordinal(m.old_rank)})"
    if m.old_points == m.new_points:
        points = f"{points_text(m.new_points or Fraction(0))} {unit}"
    if m.new_rank < m.old_rank:
        return f"{m.name} up from {_ordinal(m.old_rank)} to {_ordinal(m.new_rank)} ({points})"
    if m.new_rank > m.old_rank:
        return f"{m.name} down from {_ordinal(m.old_rank)} to {_ordinal(m.new_rank)} ({points})"
    return f"{m.name} stays {_ordinal(m.new_rank)} ({points})"


def _paired_sentence(warnings: Sequence[PairedRoundWarning]) -> str:
    """Every round paired from an old result, in one sentence (one line in a review)."""
    rounds = [str(w.round) for w in warnings]
    because = sorted({n for w in warnings for n in w.because})
    head = (
        f"round{'s' if len(rounds) > 1 else ''} {_and(rounds)} "
        f"{'were' if len(rounds) > 1 else 'was'} paired from the old result"
        f"{'s' if len(because) > 1 else ''} of round {_and([str(n) for n in because])}"
    )
    parts = []
    played = [str(w.round) for w in warnings if w.played]
    if played:
        its = "their pairings stand" if len(played) > 1 else "its pairing stands"
        parts.append(f"played, so {its}: round{'s' if len(played) > 1 else ''} {_and(played)}")
    same = [str(w.round) for w in warnings if not w.played and w.repairs == "same"]
    if same:
        parts.append(f"round {_and(same)} would pair the same from the new result")
    open_ = [w for w in warnings if not w.played and w.repairs != "same"]
    for w in open_:
        how = (
            f"would pair differently ({w.differing} board{'s' if w.differing != 1 else ''})"
            if w.repairs == "different"
            else "is not played yet"
        )
        parts.append(
            f"round {w.round} {how}: the chief arbiter decides whether to pair it again "
            f"(tourney pair --round {w.round} --replace); {RULES_NOTE}"
        )
    return head + ("; " + "; ".join(parts) if parts else "")


def summary_lines(
    results: Sequence[ResultChange],
    matches: Sequence[MatchScoreChange],
    standings: StandingsChange | None,
    limit: int = 4,
) -> list[str]:
    """What the change does, in a few sentences: matches turned around, places moved."""
    lines = [_match_sentence(m) for m in matches]
    if not matches and len(results) == 1:
        r = results[0]
        lines.append(
            f"round {r.round}, board {r.board}: {r.white_name} - {r.black_name} "
            f"{r.old or 'no result'} → {r.new or 'no result'}"
        )
    if standings is not None and standings.movements:
        placed = [
            m
            for m in standings.movements
            if m.old_points != m.new_points or m.old_rank != m.new_rank
        ]
        if placed:
            moves = places_in_words(placed, standings.unit, limit)
            lines.append(f"standings after round {standings.new_after}: {moves}")
    return lines


def places_in_words(movements: Sequence[Movement], unit: str, limit: int = 4) -> str:
    """The first ``limit`` moves as sentences joined by ``;``, and how many more move."""
    shown = [place_sentence(m, unit) for m in movements[:limit]]
    if len(movements) > limit:
        shown.append(f"and {len(movements) - limit} more move")
    return "; ".join(shown)


def paired_sentence(warnings: Sequence[PairedRoundWarning]) -> str:
    return _paired_sentence(warnings) if warnings else ""


# --- whole tournaments and clubs ------------------------------------------------------------


def diff_tournaments(folder: str, old: Tournament | None, new: Tournament | None) -> TournamentDiff:
    """Everything that differs between two versions of one tournament (None: not there)."""
    if old is None and new is None:
        raise ValueError("nothing to compare")
    if old is None:
        assert new is not None
        return TournamentDiff(
            folder,
            new.settings.name,
            "added",
            pairings=tuple(
                PairingChange(r.number, f"round paired: {_round_summary(r)}") for r in new.rounds
            ),
            entries=tuple(_entries("player", (), new.players) + _entries("team", (), new.teams)),
        )
    if new is None:
        return TournamentDiff(folder, old.settings.name, "removed")
    if old == new:
        return TournamentDiff(folder, new.settings.name, "unchanged")
    entries: list[EntryChange] = []
    settings = field_changes(old.settings, new.settings)
    if settings:
        entries.append(
            EntryChange("settings", "tournament.yaml", new.settings.name, "changed", settings)
        )
    entries += _entries("player", old.players, new.players)
    entries += _entries("team", old.teams, new.teams)
    old_pages = {p.slug: p for p in old.pages}
    for page in new.pages:
        if page.slug not in old_pages:
            entries.append(EntryChange("page", page.slug, page.title, "added"))
        elif old_pages[page.slug] != page:
            entries.append(EntryChange("page", page.slug, page.title, "changed"))
    new_slugs = {p.slug for p in new.pages}
    entries += [
        EntryChange("page", p.slug, p.title, "removed")
        for p in old.pages
        if p.slug not in new_slugs
    ]
    results, pairings = compare_rounds(old, new)
    moved = compare_standings(old, new)
    warnings = paired_round_warnings(old, new)
    matches = compare_match_scores(old, new)
    return TournamentDiff(
        folder,
        new.settings.name,
        "changed",
        tuple(results),
        tuple(pairings),
        tuple(entries),
        moved,
        tuple(warnings),
        tuple(compare_round_standings(old, new)),
        tuple(matches),
        tuple(summary_lines(results, matches, moved)),
        paired_sentence(warnings),
    )


def compare_club_ratings(
    folder: str,
    old: Club | None,
    new: Club | None,
    old_ratings: RatingHistory | None,
    new_ratings: RatingHistory | None,
) -> list[RatingMove]:
    """Members whose club rating now differs, biggest move first.

    The histories are the club's ratings over its finalized tournaments, each
    version rated from its own initial ratings (``club_history``): a corrected
    result in a rated tournament moves the two players of that game, and
    through their new ratings everyone they met in later rated tournaments.
    A member rated in one version only is left out (the member is added or
    removed: listed with the members).
    """
    from tourney.engine.ratings.club import rating_differences

    if old_ratings is None or new_ratings is None:
        return []
    names: dict[str, str] = {}
    for club in (old, new):
        if club is not None:
            names.update({m.id: m.name for m in club.members})
    moves = [
        RatingMove(folder, period.value, member, names.get(member, member), a, b, b - a)
        for period, member, a, b in rating_differences(old_ratings, new_ratings)
    ]
    moves.sort(key=lambda m: (-abs(m.change), -m.change, m.name, m.member, m.period))
    return moves


def diff_clubs(
    folder: str,
    old: Club | None,
    new: Club | None,
    old_ratings: RatingHistory | None = None,
    new_ratings: RatingHistory | None = None,
) -> tuple[list[EntryChange], list[TournamentDiff], list[RatingMove]]:
    """Member and club changes, a diff per tournament of the club, and the club ratings moved.

    ``old_ratings``/``new_ratings`` are each version's club rating history
    (``tourney.load.club_state`` reads them); without both, no ratings are compared.
    """
    entries: list[EntryChange] = []
    if old is not None and new is not None:
        club = field_changes(old, new, skip=("members", "tournaments"))
        if club:
            entries.append(EntryChange("club", "club.yaml", new.name, "changed", club))
        entries += _entries("member", old.members, new.members)
    before = dict(old.tournaments) if old else {}
    after = dict(new.tournaments) if new else {}
    diffs = [
        diff_tournaments(
            f"{folder}/{name}" if folder not in ("", ".") else name,
            before.get(name),
            after.get(name),
        )
        for name in sorted(set(before) | set(after))
    ]
    ratings = compare_club_ratings(folder, old, new, old_ratings, new_ratings)
    return entries, diffs, ratings
