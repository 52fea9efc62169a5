"""Finalizing a tournament and ending a Swiss early: the checks and the plans (docs/results.md).

Pure: the callers read and write the folder. Three things live here:

* ``open_rounds``: what still stops a tournament from being finalized, each
  naming its round (an unpaired planned round, an unpublished round, a board
  without a result);
* ``plan_end_after``: what "end after round N" does to a Swiss or team Swiss
  (docs/finalize.md "Ending a Swiss early"), or why it is refused;
* ``final_text``: the final standings with every tie-break value (FIDE C.07
  Art. 4.2 order) as the text of final.yaml, one participant per line, the
  same bytes for the same folder.

>>> from tourney.model import Format, Game, Player, Result, Round, Settings, Tournament
>>> t = Tournament(
...     Settings("Mini", Format.SWISS, 2),
...     players=(Player("a", "A"), Player("b", "B")),
...     rounds=(Round(1, games=(Game("a", "b", Result.DRAW, 1),)),),
... )
>>> open_rounds(t)
['round 2 of 2 is not paired']
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.standings import Standings
from tourney.engine.tiebreaks import lookup
from tourney.engine.withdrawals import standings_view
from tourney.errors import Refused
from tourney.model import Player, Round, Team, Tournament
from tourney.number_text import decimal

FINAL_FORMAT = 1


def _missing_boards(rnd: Round) -> list[str]:
    missing = [str(g.board or i) for i, g in enumerate(rnd.games, start=1) if not g.decided]
    for number, match in enumerate(rnd.matches, start=1):
        if match.decision is not None:
            continue
        if not match.games:
            missing.append(f"{number} (no boards)")
        missing += [
            f"{number}.{g.board or i}"
            for i, g in enumerate(match.games, start=1)
            if g.result is None
        ]
    return missing


def round_problems(rnd: Round) -> list[str]:
    """Why one paired round is not finished: unpublished, or boards without a result."""
    problems = []
    if not rnd.published:
        problems.append(f"round {rnd.number} is not published")
    missing = _missing_boards(rnd)
    if missing:
        shown = ", ".join(missing[:10]) + ("..." if len(missing) > 10 else "")
        word = "board" if len(missing) == 1 else "boards"
        problems.append(f"round {rnd.number} has no result on {word} {shown}")
    return problems


def open_rounds(t: Tournament, upto: int | None = None) -> list[str]:
    """Every reason rounds 1..``upto`` (default: all planned) are not finished, by round.

    A round robin's games left open by a withdrawal count as the forfeits the
    standings give them (GR 6.6, ``standings_view``).
    """
    last = t.planned_rounds if upto is None else upto
    t = standings_view(t)
    problems: list[str] = []
    for number in range(1, max(last, len(t.rounds)) + 1):
        rnd = t.round(number)
        if rnd is None:
            if number <= last:
                problems.append(f"round {number} of {last} is not paired")
            continue
        if number <= last:
            problems.extend(round_problems(rnd))
    return problems


# --- ending a Swiss early ---


@dataclass(frozen=True, slots=True)
class EndPlan:
    """What ending after round ``after`` changes (docs/finalize.md "Ending a Swiss early")."""

    after: int
    planned: int
    delete_rounds: tuple[int, ...] = ()
    dropped_byes: tuple[tuple[str, int, str], ...] = ()  # (player, round, kind or "absent")
    leaving: tuple[str, ...] = ()  # players who would have joined later
    cancelled_withdrawals: tuple[tuple[str, int], ...] = ()  # (player, withdrawn_after)
    team_dropped_byes: tuple[tuple[str, int, str], ...] = ()
    team_cancelled_withdrawals: tuple[tuple[str, int], ...] = ()

    def describe(self) -> list[str]:
        """The list the user confirms, one action per line."""
        lines = [f"planned rounds become {self.after} (were {self.planned})"]
        lines += [f"delete round {n} (no result yet)" for n in self.delete_rounds]
        for who, byes in (("player", self.dropped_byes), ("team", self.team_dropped_byes)):
            for ident, number, kind in byes:
                what = "absence" if kind == "absent" else f"{kind}-point bye"
                lines.append(f"drop the requested {what} of {who} {ident} in round {number}")
        lines += [f"player {p} would join later and leaves" for p in self.leaving]
        for who, items in (
            ("player", self.cancelled_withdrawals),
            ("team", self.team_cancelled_withdrawals),
        ):
            for ident, number in items:
                lines.append(f"cancel the withdrawal of {who} {ident} after round {number}")
        return lines


def _later_byes(
    ident: str, byes: tuple[tuple[int, object], ...], absent: tuple[int, ...], after: int
) -> list[tuple[str, int, str]]:
    out = [(ident, n, str(getattr(k, "value", k))) for n, k in byes if n > after]
    out += [(ident, n, "absent") for n in absent if n > after]
    return sorted(out, key=lambda item: (item[1], item[2]))


def _withdrawal(entry: Player | Team, after: int) -> list[tuple[str, int]]:
    number = entry.withdrawn_after
    return [(entry.id, number)] if number is not None and number >= after else []


def plan_end_after(t: Tournament, after: int) -> EndPlan:
    """The plan to end a Swiss after round ``after``; ``Refused`` when it may not end there.

    Refused for a round robin, for a round outside 1..planned-1, for a round
    not yet paired or not finished, and when a later round already has a
    result ("a round that already has a result has to be completed first").
    """
    planned = t.planned_rounds
    if not t.settings.format.is_swiss:
        raise Refused(f"only a Swiss or team Swiss can end early, not a {t.settings.format.value}")
    if after < 1 or after >= planned:
        raise Refused(f"--end-after {after}: choose a round from 1 to {planned - 1}")
    for rnd in t.rounds:
        if rnd.number > after and rnd.started:
            raise Refused(
                f"round {rnd.number} already has a result; a round that has a result has to "
                f"be completed first (then end after round {rnd.number})"
            )
    problems = open_rounds(t, after)
    if problems:
        raise Refused(
            f"cannot end after round {after}: " + "; ".join(problems) + " (complete it first)"
        )
    players = t.players
    plan_byes: list[tuple[str, int, str]] = []
    for p in players:
        if p.joins <= after:
            plan_byes += _later_byes(p.id, p.byes, p.absent, after)
    team_byes: list[tuple[str, int, str]] = []
    for team in t.teams:
        team_byes += _later_byes(team.id, team.byes, team.absent, after)
    return EndPlan(
        after=after,
        planned=planned,
        delete_rounds=tuple(r.number for r in t.rounds if r.number > after),
        dropped_byes=tuple(plan_byes),
        leaving=tuple(p.id for p in players if p.joins > after),
        cancelled_withdrawals=tuple(
            w for p in players if p.joins <= after for w in _withdrawal(p, after)
        ),
        team_dropped_byes=tuple(team_byes),
        team_cancelled_withdrawals=tuple(w for tm in t.teams for w in _withdrawal(tm, after)),
    )


# --- final.yaml ---

_PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_/+#.-]*$")
_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def yaml_scalar(text: str) -> str:
    """Text as a YAML flow scalar that reads back as the same text.

    >>> yaml_scalar("m12"), yaml_scalar("12"), yaml_scalar("Berg, Anna"), yaml_scalar("NO")
    ('m12', '"12"', '"Berg, Anna"', '"NO"')
    """
    if (
        _PLAIN.match(text)
        and text.lower() not in _WORDS
        and not re.fullmatch(r"[-+]?[0-9._]+([eE][-+]?[0-9]+)?", text)
        and not re.fullmatch(r"\d{4}-\d\d-\d\d", text)
    ):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def number_text(value: Fraction | None, decimals: int | None = None) -> str:
    """An exact decimal when it ends, else rounded half up to ``decimals`` (default 2).

    >>> number_text(Fraction(9, 2)), number_text(Fraction(121, 4)), number_text(None)
    ('4.5', '30.25', '~')
    >>> number_text(Fraction(5503, 3), 0), number_text(Fraction(2, 3))
    ('1834', '0.67')
    """
    if value is None:
        return "~"
    return decimal(value, decimals)


@dataclass(frozen=True, slots=True)
class FinalInfo:
    """What final.yaml says besides the standings."""

    finalized: dt.date
    rated: bool = False  # a club tournament whose result changes the club ratings
    corrections: int = 0


def final_text(t: Tournament, result: Standings, info: FinalInfo) -> str:
    """final.yaml: the final standings with every tie-break value, one row per line."""
    s = t.settings
    codes = [str(d) for d in result.tiebreaks]
    lines = [
        f"# Final standings of {s.name}, stored by `tourney finalize`.",
        "# Do not edit: `tourney result --correct` stores them again after a correction.",
        f"format: {FINAL_FORMAT}",
        f"name: {yaml_scalar(s.name)}",
        f"finalized: {info.finalized.isoformat()}",
    ]
    if s.end_date is not None:
        lines.append(f"end_date: {s.end_date.isoformat()}")
    lines += [
        f"rounds: {result.after}",
        f"rated: {'true' if info.rated else 'false'}",
        f"rating_period: {s.rating_period.value}",
        f"corrections: {info.corrections}",
        f"tiebreak_rules: {yaml_scalar(result.edition.value)}",
        "tiebreaks: [" + ", ".join(yaml_scalar(c) for c in codes) + "]",
        "standings:" if result.rows else "standings: []",
    ]
    for row in result.rows:
        values = ", ".join(
            f"{yaml_scalar(code)}: {number_text(value, lookup(d).decimals)}"
            for code, d, value in zip(codes, result.tiebreaks, row.values, strict=True)
        )
        body = (
            f"  - {{rank: {row.rank}, id: {yaml_scalar(row.participant)}, start: {row.start}, "
            f"points: {number_text(row.points)}, tiebreaks: {{{values}}}}}"
        )
        lines.append(f"{body}   # {row.name}")
    return "\n".join(lines) + "\n"
