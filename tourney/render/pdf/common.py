"""What every printed document reads: the tournament, the selection, shared lines.

``PrintContext`` wraps the site's ``EventData`` of an ``Evaluation`` (numbers,
refs, teams in number order; scores and standings computed once per print) so
that a print document names players and teams exactly as the site does, and
builds the site's own page builders when a document reuses a site
view model. Printing shows every round, published or not: the arbiter prints
a round's match sheets before the round is public.

``Selection`` is what the command line asked for (``--round``, ``--team``,
``--match``, ``--series``); ``PrintError`` is a selection that cannot be
printed (a round not paired, an unknown team), with a hint.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from tourney.engine.evaluation import Evaluation
from tourney.engine.rounding import round_half_up
from tourney.i18n import N_, Translated, catalog, format_date
from tourney.i18n import gettext as _
from tourney.model import Colour, Player, Round, Team
from tourney.render import text
from tourney.render.pdf.views import PrintFrame, RosterLine
from tourney.render.schedule import round_start, round_start_text, start_text
from tourney.render.site.event import EventData, Frames
from tourney.render.site.individual import PlayerPages
from tourney.render.site.team.event import TeamEvent

COLOUR_NAME = Translated({Colour.WHITE: N_("White"), Colour.BLACK: N_("Black")})


class PrintError(ValueError):
    """A document that cannot be printed for this selection; ``hint`` says what can."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Selection:
    """What to print: a round (None: the document's default), one team, one match, a series."""

    round: int | None = None
    team: str | None = None
    match: int | None = None
    series: str | None = None


def page_of(pages: Iterable[tuple[str, object]], path: str) -> object:
    """The page ``path`` of a site page builder's pages, without making those after it
    (a document prints one page of the several the site has)."""
    for name, page in pages:
        if name == path:
            return page
    raise KeyError(path)


def average_text(value: Fraction | None) -> str:
    """An average rating as printed: rounded half up, empty when there is none."""
    return "" if value is None else str(round_half_up(value))


class PrintContext:
    """One tournament prepared for printing (the whole of it, unpublished rounds included)."""

    def __init__(self, evaluation: Evaluation) -> None:
        self.evaluation = evaluation
        self.t = evaluation.tournament
        self.data = EventData(evaluation)
        self.frames = Frames(self.t.settings.name, ())

    @cached_property
    def players(self) -> PlayerPages:
        return PlayerPages(self.data, self.frames)

    @cached_property
    def team_event(self) -> TeamEvent:
        return TeamEvent(self.data, self.frames)

    @cached_property
    def tallies(self) -> dict[str, tuple[int, Fraction]]:
        """Each player's games over the board and points (forfeit wins included) so far."""
        out: dict[str, tuple[int, Fraction]] = {}
        for s in self.evaluation.sittings():
            games, points = out.get(s.player, (0, Fraction(0)))
            out[s.player] = (games + s.played, points + s.points)
        return out

    # -- rounds ------------------------------------------------------------------------------

    @property
    def last_paired(self) -> int:
        return self.data.last_paired

    @property
    def last_decided(self) -> int:
        return self.data.last_decided

    def paired_round(self, number: int | None) -> Round:
        """A round that is paired (default: the last one); ``PrintError`` otherwise."""
        if number is None and self.last_paired == 0:
            raise PrintError("no round is paired yet", "pair round 1 with `tourney pair`")
        number = self.last_paired if number is None else number
        rnd = self.t.round(number)
        if rnd is None:
            paired = ", ".join(str(r.number) for r in self.data.rounds) or "none"
            raise PrintError(f"round {number} is not paired", f"paired rounds: {paired}")
        return rnd

    def decided_round(self, number: int | None) -> int:
        """A round with results (default: the last one); ``PrintError`` otherwise."""
        last = self.last_decided
        if last == 0:
            raise PrintError("no round has a result yet", "print the pairings or line-up forms")
        if number is None:
            return last
        if not 1 <= number <= last:
            raise PrintError(f"round {number} has no standings", f"rounds with results: 1-{last}")
        return number

    def date(self, number: int) -> str:
        """The round's day and start time: '2026-10-03 19:30' (docs/folder-format.md)."""
        return round_start_text(self.t, number)

    def day(self, number: int) -> str:
        """The round's day alone: standings are "after round N", not at its start time."""
        return start_text(round_start(self.t, number)[0], None)

    def round_subtitle(self, number: int) -> str:
        date = self.date(number)
        return _("Round {number}").format(number=number) + (f" · {date}" if date else "")

    # -- teams --------------------------------------------------------------------------------

    def find_team(self, wanted: str) -> Team:
        """A team by id, name, short name or number (case and edge spaces ignored)."""
        key = wanted.strip().casefold()
        for team in self.data.teams:
            names = (team.id, team.name, team.short_name, str(self.data.team_numbers[team.id]))
            if key in {n.strip().casefold() for n in names if n.strip()}:
                return team
        known = ", ".join(f"{t.id} ({t.name})" for t in self.data.teams)
        raise PrintError(f"unknown team '{wanted}'", f"teams: {known}")

    def teams(self, selection: Selection) -> tuple[Team, ...]:
        """Every team in number order, or the one ``--team`` names."""
        if selection.team is None:
            return self.data.teams
        return (self.find_team(selection.team),)

    def roster_lines(self, team: Team, round_no: int | None = None) -> tuple[RosterLine, ...]:
        """The roster in board order; with ``round_no``, who cannot play that round."""
        boards = self.t.settings.team.boards
        lines = []
        for index, pid in enumerate(team.roster):
            player = self.t.player(pid)
            games, points = self.tallies.get(pid, (0, Fraction(0)))
            lines.append(
                RosterLine(
                    position=index + 1,
                    player=self.data.refs[pid],
                    fide_id=player.fide_id,
                    national_id=player.national_id,
                    reserve=index >= boards,
                    note=availability(player, round_no) if round_no is not None else "",
                    games=games,
                    points=text.points(points),
                )
            )
        return tuple(lines)

    # -- the frame ------------------------------------------------------------------------------

    def frame(self, title: str, subtitle: str = "", landscape: bool = False) -> PrintFrame:
        s = self.t.settings
        facts = []
        if s.place:
            facts.append(s.place)
        dates = " – ".join(format_date(d) for d in (s.start_date, s.end_date) if d is not None)
        if dates:
            facts.append(dates)
        if s.chief_arbiter:
            facts.append(_("Chief arbiter: {name}").format(name=s.chief_arbiter))
        return PrintFrame(s.name, title, subtitle, tuple(facts), landscape, catalog.current())


def availability(player: Player, round_no: int) -> str:
    """Why a player cannot be fielded in a round ("" when they can)."""
    if not player.approved:
        return _("awaiting approval")
    if player.withdrawn_after is not None and round_no > player.withdrawn_after:
        return _("withdrawn")
    if round_no < player.joins:
        return _("joins in round {number}").format(number=player.joins)
    if round_no in player.absent:
        return _("absent")
    bye = player.requested_bye(round_no)
    if bye is not None:
        return text.BYE_TEXT[bye]
    return ""
