"""What every page of one tournament reads: the visible rounds, numbers, refs, frames.

``EventData`` is made once per build from the ``Evaluation`` of the rounds
the site shows (``Evaluation.published``): the starting numbers (C.04.2 for a Swiss,
the Berger numbers for a round robin, team then board order in a team event,
as US Chess 31F lays out the individual wall chart), and a ``PlayerRef`` per
player. ``Frames`` makes each page's ``Frame`` (relative links, navigation).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from tourney.engine.evaluation import Evaluation
from tourney.engine.pair import round_robin_order
from tourney.engine.pairing.swiss_state import pairing_numbers, seeding_rating
from tourney.engine.pairing.team_state import team_pairing_numbers
from tourney.engine.scores import ScoreTable
from tourney.i18n import gettext as _
from tourney.model import Player, Round, Team, Tournament
from tourney.render import text
from tourney.render.views import Frame, Link, NavItem, PlayerRef, TeamRef


def neighbours(
    numbers: Sequence[int], index: int, file: Callable[[int], str]
) -> tuple[Link | None, Link | None]:
    """The links to the rounds before and after ``numbers[index]``, None at either end."""
    previous = numbers[index - 1] if index > 0 else None
    following = numbers[index + 1] if index + 1 < len(numbers) else None
    return tuple(  # type: ignore[return-value]
        Link(file(n), _("Round {number}").format(number=n)) if n is not None else None
        for n in (previous, following)
    )


def starting_numbers(tournament: Tournament) -> dict[str, int]:
    """Each player's starting number as the pairing uses it."""
    fmt = tournament.settings.format
    if tournament.is_team:
        teams = team_pairing_numbers(tournament)
        order: list[str] = []
        for team in sorted(tournament.teams, key=lambda t: teams[t.id]):
            order.extend(p for p in team.roster if p not in order)
        order.extend(
            p.id for p in sorted(tournament.players, key=lambda p: p.id) if p.id not in order
        )
        return {pid: i + 1 for i, pid in enumerate(order)}
    if fmt.is_round_robin:
        ranked = list(round_robin_order(tournament))
        ranked.extend(sorted(p.id for p in tournament.players if p.id not in ranked))
        return {pid: i + 1 for i, pid in enumerate(ranked)}
    return pairing_numbers(tournament.players)


def name_key(name: str) -> tuple[str, str]:
    """Alphabetical order of names, ignoring case and accents, a Dutch particle filed after
    the main name ("van Dam" under D: ``text.filed_name``); ties by the exact text."""
    return (text.folded(text.filed_name(name)), name)


@dataclass(frozen=True)
class EventData:
    """One tournament, prepared for its pages; its scores and standings are ``evaluation``'s."""

    evaluation: Evaluation

    @property
    def tournament(self) -> Tournament:
        return self.evaluation.tournament

    @cached_property
    def numbers(self) -> dict[str, int]:
        return starting_numbers(self.tournament)

    @cached_property
    def by_start(self) -> tuple[Player, ...]:
        return tuple(sorted(self.tournament.players, key=lambda p: (self.numbers[p.id], p.id)))

    @cached_property
    def by_name(self) -> tuple[Player, ...]:
        return tuple(sorted(self.tournament.players, key=lambda p: (*name_key(p.name), p.id)))

    @cached_property
    def refs(self) -> dict[str, PlayerRef]:
        return {
            p.id: PlayerRef(
                id=p.id,
                name=p.name,
                title=p.title,
                start=self.numbers[p.id],
                rating=str(seeding_rating(p) or ""),
                federation=p.federation,
                href=f"players/{text.slug(p.id)}.html",
            )
            for p in self.tournament.players
        }

    @cached_property
    def team_numbers(self) -> dict[str, int]:
        return team_pairing_numbers(self.tournament)

    @cached_property
    def teams(self) -> tuple[Team, ...]:
        return tuple(sorted(self.tournament.teams, key=lambda t: self.team_numbers[t.id]))

    @cached_property
    def team_refs(self) -> dict[str, TeamRef]:
        return {
            t.id: TeamRef(
                id=t.id,
                name=t.name,
                start=self.team_numbers[t.id],
                href=f"teams/{text.slug(t.id)}.html",
            )
            for t in self.tournament.teams
        }

    @cached_property
    def team_of(self) -> dict[str, str]:
        """The team of each rostered player."""
        return {pid: team.id for team in self.tournament.teams for pid in team.roster}

    @cached_property
    def rounds(self) -> tuple[Round, ...]:
        return tuple(sorted(self.tournament.rounds, key=lambda r: r.number))

    @property
    def last_paired(self) -> int:
        return self.evaluation.last_paired

    @property
    def last_decided(self) -> int:
        return self.evaluation.last_decided

    @cached_property
    def _totals(self) -> dict[str, list[Fraction]]:
        """Each player's points after 0, 1, 2... of their rounds (running sums)."""
        found = {}
        for pid, views in self.table.views.items():
            sums = [Fraction(0)]
            for v in views:
                sums.append(sums[-1] + v.points)
            found[pid] = sums
        return found

    def points_before(self, pid: str | None, number: int) -> str:
        """A player's points before round ``number`` as printed ("3½"); "" without one."""
        sums = self._totals.get(pid or "")
        if sums is None:
            return ""
        return text.points(sums[min(number - 1, len(sums) - 1)])

    @property
    def table(self) -> ScoreTable:
        """Every player's rounds up to the last paired one (pending boards included)."""
        return self.evaluation.table()

    def ref(self, pid: str) -> PlayerRef | None:
        """The player's ref; None for an empty seat."""
        return self.refs.get(pid) if pid else None


@dataclass(frozen=True)
class Frames:
    """Makes the ``Frame`` of each page of one tournament.

    ``prefix`` is the tournament's folder inside the site ("" alone,
    "rapid-01/" in a club site); ``crumbs`` lead up to the club index.
    """

    event: str
    nav: Sequence[tuple[str, str]]  # (href, text) relative to the tournament root
    prefix: str = ""
    crumbs: tuple[Link, ...] = ()
    lang: str = "en"
    about: str = ""  # place and dates, for the pages' description and link preview

    def __call__(self, path: str, title: str, tab: str = "") -> Frame:
        home = "../" * path.count("/")
        root = home + "../" * self.prefix.count("/")
        return Frame(
            title=title,
            event=self.event,
            root=root,
            home=home,
            nav=_nav_items(tuple(self.nav), _section(path)),
            crumbs=self.crumbs,
            lang=self.lang,
            tab=tab,
            about=self.about,
        )


@functools.lru_cache(maxsize=256)
def _nav_items(nav: tuple[tuple[str, str], ...], current: str) -> tuple[NavItem, ...]:
    """The navigation with the section of ``current`` marked: the same few tuples for
    every page of a site (and so the navigation's HTML made once, ``cells.nav``)."""
    return tuple(NavItem(h, t, _section(h) == current) for h, t in nav)


def _section(path: str) -> str:
    """The navigation entry a page belongs to: round-03-alpha.html -> round."""
    name = path.rsplit("/", 1)[-1]
    if path.startswith("players/"):
        return "players"
    if path.startswith("teams/"):
        return "teams.html"
    for stem in ("round", "standings", "crosstable", "players", "individual"):
        if name.startswith(stem):
            return stem
    return name
