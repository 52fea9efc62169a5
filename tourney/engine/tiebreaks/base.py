"""What every tie-break shares: values with their working, the context, cuts (C.07 Art. 14).

A tie-break computes one ``Value`` per participant. A value keeps its
working: one ``Step`` per round (or per counted item) saying what was
counted, which rule applied and whether a cut removed it. Pages and the
terminal render the steps; tests read them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field, replace
from fractions import Fraction
from typing import Any

from tourney.engine.scores import ScoreTable, exact_sum
from tourney.engine.teams.scores import TeamTables
from tourney.engine.tiebreaks.descriptor import Descriptor
from tourney.engine.tiebreaks.edition import Edition
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the working: a round (or item), what was counted and by which rule."""

    round: int | None
    opponent: str | None
    what: str  # the round, e.g. "b win v 12", "half-point bye"
    counted: Fraction | None  # the number this step adds (None: nothing)
    rule: str = ""  # the article applied, e.g. "16.3.2", "16.4.1"
    note: str = ""
    cut: bool = False  # removed by a Cut or Median modifier
    key: Fraction | None = None  # significance for cuts, when it is not ``counted``
    vur: bool = False  # comes from a voluntarily unplayed round (Art. 16.5)


@dataclass(frozen=True, slots=True)
class Value:
    """A tie-break value and its working; ``value`` None means undefined (dropped)."""

    value: Fraction | None
    steps: tuple[Step, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True, weakref_slot=True)  # a renderer's memo may not keep it alive
class Context:
    """The score table and edition a list of tie-breaks is computed on.

    ``cache`` holds derived tables (the Fore Buchholz scores, opponents' values)
    so that a list computes each of them once. In a team event ``teams`` holds
    both team tables (match points and game points) and ``table`` is the one a
    tie-break is computed on (the primary score, or the descriptor's ``:MP`` /
    ``:GP``).
    """

    table: ScoreTable
    edition: Edition
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    teams: TeamTables | None = None

    @property
    def on_game_points(self) -> bool:
        """Whether ``table`` is the game-point table of a team event."""
        return self.teams is not None and self.table is self.teams.gp

    def cached(self, key: Any, make: Callable[[], Any]) -> Any:
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]


def with_score(ctx: Context, score: str | None, edition: Edition | None = None) -> Context:
    """The context on another team score (``"MP"``, ``"GP"``, None = primary) or edition."""
    edition = edition or ctx.edition
    if ctx.teams is None:
        if edition is ctx.edition:
            return ctx
        key: tuple[Any, ...] = ("context", None, edition)
        table = ctx.table
    else:
        table = ctx.teams.table(score)
        if table is ctx.table and edition is ctx.edition:
            return ctx
        key = ("context", "GP" if table is ctx.teams.gp else "MP", edition)
    found: Context = ctx.cached(key, lambda: Context(table, edition, teams=ctx.teams))
    return found


Compute = Callable[[Context, Descriptor], Mapping[str, Value]]
GroupCompute = Callable[[Context, Descriptor, Sequence[str]], Mapping[str, Value]]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """A registry entry: how to compute one C.07 tie-break.

    ``compute`` gives every participant a value (higher is better unless
    ``ascending``). A type A tie-break (direct encounter) has ``group``
    instead: it ranks one group of tied participants and returns each one's
    place in it (1 = first), so lower is better. ``team_compute`` and
    ``team_group`` replace them in team events; ``team_only`` entries have
    no meaning for individual events (their values are undefined there).
    """

    code: str
    name: str
    article: str
    compute: Compute | None = None
    group: GroupCompute | None = None
    ascending: bool = False
    modifiers: frozenset[str] = frozenset()
    decimals: int | None = None  # how FIDE prints it: 2 for averages, 0 for ratings
    note: str = ""
    team_compute: Compute | None = None
    team_group: GroupCompute | None = None
    team_only: bool = False

    def lower_is_better(self, descriptor: Descriptor) -> bool:
        return self.ascending != descriptor.reverse


def total(steps: Sequence[Step]) -> Fraction:
    return exact_sum(s.counted for s in steps if s.counted is not None and not s.cut)


def cut_steps(steps: Sequence[Step], low: int, high: int, *, vur_first: bool) -> tuple[Step, ...]:
    """Mark the ``low`` least and ``high`` most significant steps as cut (Art. 14, 16.5).

    Significance is ``key`` (the opponent's score for Sonneborn-Berger), then
    the counted value. With ``vur_first`` (Swiss events, Art. 16.5), each cut of
    a least significant value takes the lowest contribution of a voluntarily
    unplayed round instead, as long as it is not lower than the least
    significant value. Least significant values are cut first (14.3).
    """
    if not low and not high:  # no Cut or Median: nothing marked
        return tuple(steps)
    result = list(steps)

    def live() -> list[int]:
        return [i for i, s in enumerate(result) if not s.cut and s.counted is not None]

    def order(i: int) -> tuple[Fraction, Fraction]:
        step = result[i]
        counted = step.counted if step.counted is not None else Fraction(0)
        return (step.key if step.key is not None else counted, counted)

    for _ in range(low):
        candidates = live()
        if not candidates:
            break
        victim = min(candidates, key=order)
        if vur_first:
            vurs = [i for i in candidates if result[i].vur]
            if vurs:
                lowest = min(vurs, key=lambda i: (_counted(result[i]), order(i)))
                if _counted(result[lowest]) >= _counted(result[victim]):
                    victim = lowest
        result[victim] = replace(result[victim], cut=True)
    for _ in range(high):
        candidates = live()
        if not candidates:
            break
        victim = max(candidates, key=order)
        result[victim] = replace(result[victim], cut=True)
    return tuple(result)


def _counted(step: Step) -> Fraction:
    return step.counted if step.counted is not None else Fraction(0)


def modifiers_note(descriptor: Descriptor) -> str:
    parts = []
    if descriptor.cut:
        parts.append(f"Cut-{descriptor.cut} (C.07 14.1-14.2)")
    if descriptor.median:
        parts.append(f"Median-{descriptor.median} (C.07 14.3-14.4)")
    if descriptor.played:
        parts.append("forfeits as played against the scheduled opponent")
    return "; ".join(parts)
