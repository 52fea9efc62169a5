"""The pages about the event as a whole: details, schedule, absences, statistics, downloads.

Also the data files of the downloads page: the standings as JSON and CSV and
the player list as CSV, written by this module as text (no file access).
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.standings import Standings
from tourney.engine.teams.standings import TeamStandings
from tourney.engine.tiebreaks import lookup
from tourney.i18n import N_, Translated, format_date
from tourney.i18n import gettext as _
from tourney.model import RatingPeriod, Result, Round, Tournament
from tourney.render import text
from tourney.render.schedule import last_updated, round_start_text
from tourney.render.site.event import EventData, Frames
from tourney.render.site.individual import (
    PlayerPages,
    round_file,
    round_status_text,
)
from tourney.render.site.now import current_block
from tourney.render.site.venues import schedule_venue, scheduled_matches
from tourney.render.views import (
    AbsentPage,
    AbsentRound,
    ByeRow,
    ColourRow,
    Count,
    DetailsPage,
    Download,
    DownloadsPage,
    Fact,
    Link,
    RoundLink,
    SchedulePage,
    StatisticsPage,
)

Pages = Iterator[tuple[str, object]]

FORMAT_NAMES = Translated(
    {
        "swiss": N_("Swiss (FIDE Dutch system)"),
        "round-robin": N_("Round robin"),
        "double-round-robin": N_("Double round robin"),
        "keizer": N_("Keizer"),
        "team-swiss": N_("Team Swiss (FIDE C.04.6)"),
        "team-round-robin": N_("Team round robin"),
    }
)


def dates_text(t: Tournament) -> str:
    start, end = t.settings.start_date, t.settings.end_date
    if start and end and start != end:
        return f"{format_date(start)} – {format_date(end)}"
    return format_date(start) if start else (format_date(end) if end else "")


def schedule(data: EventData) -> tuple[RoundLink, ...]:
    planned = max(data.tournament.planned_rounds, data.last_paired)
    rows = []
    for n in range(1, planned + 1):
        rnd = data.tournament.round(n)
        rows.append(
            RoundLink(
                number=n,
                date=round_start_text(data.tournament, n, weekday=True),
                status=round_status_text(data.evaluation, n),
                boards=_boards(data.tournament, rnd) if rnd is not None else 0,
                href=round_file(n) if rnd is not None else "",
                venue=schedule_venue(data, n),
            )
        )
    return tuple(rows)


def _boards(t: Tournament, rnd: Round) -> int:
    """The boards of a round: a team match counts the event's boards per match (its
    line-ups may not be in yet), and boards of no match count one each."""
    return len(rnd.matches) * t.settings.team.boards + len(rnd.games)


@dataclass(frozen=True, slots=True)
class ClubRated:
    """An event of a club folder that changes the club ratings (B.02, docs/ratings.md):
    ``changes`` links its rating-changes table once it is finalized, "" before."""

    period: RatingPeriod
    changes: str = ""


def details(
    data: EventData, frames: Frames, pages: tuple[Link, ...], club: ClubRated | None = None
) -> Pages:
    s = data.tournament.settings
    facts: list[Fact] = []
    for label, value in (
        (_("Format"), FORMAT_NAMES[s.format.value]),
        (_("Rounds"), str(data.tournament.planned_rounds or "")),
        (_("Dates"), dates_text(data.tournament)),
        (_("Place"), s.place),
        (_("Federation"), s.federation),
        (_("Organiser"), s.organiser),
        (_("Chief arbiter"), s.chief_arbiter),
        (_("Deputy arbiters"), ", ".join(s.deputy_arbiters)),
        (_("Time control"), s.time_control),
        (_("Rating period"), _(s.rating_period.value)),
        (_("Tie-breaks"), ", ".join(s.tiebreaks)),
        (_("Contact"), s.contact),
    ):
        if value:
            facts.append(Fact(label, value))
    if s.format.is_team:
        facts.append(Fact(_("Boards per match"), str(s.team.boards)))
        facts.append(
            Fact(
                _("Match points"),
                _("{win} win, {draw} draw, {loss} loss").format(
                    win=text.points(s.scoring.match_win),
                    draw=text.points(s.scoring.match_draw),
                    loss=text.points(s.scoring.match_loss),
                ),
            )
        )
    if s.website:
        safe = s.website.startswith(("https://", "http://"))
        facts.append(Fact(_("Website"), s.website, s.website if safe else ""))
    flags = []
    if s.fide_rated:
        flags.append(_("FIDE rated"))
    if s.national_rated:
        flags.append(_("nationally rated"))
    if club is not None:
        flags.append(_("club-rated ({period})").format(period=_(club.period.value)))
        if club.changes:
            facts.append(
                Fact(_("Club ratings"), _("rating changes of this tournament"), club.changes)
            )
    if not flags:
        flags.append(_("not rated"))
    count = len(data.tournament.teams) if s.format.is_team else len(data.tournament.players)
    yield (
        "index.html",
        DetailsPage(
            frame=frames("index.html", s.name),
            facts=tuple(facts),
            flags=tuple(flags),
            rounds=schedule(data),
            pages=pages,
            participants=count,
            team_event=s.format.is_team,
            current=current_block(data),
            updated=last_updated(data.tournament),
        ),
    )
    yield (
        "schedule.html",
        SchedulePage(
            frame=frames("schedule.html", _("Schedule")),
            rounds=schedule(data),
            matches=scheduled_matches(data),
        ),
    )


def absent(data: EventData, frames: Frames, players: PlayerPages) -> Pages:
    rounds = tuple(
        AbsentRound(rnd.number, rows)
        for rnd in data.rounds
        if (rows := _absent_rows(data, players, rnd.number))
    )
    withdrawn = tuple(
        ByeRow(
            text.person(p.name, p.title),
            data.refs[p.id].href,
            _("after round {number}").format(number=p.withdrawn_after),
        )
        for p in data.by_start
        if p.withdrawn_after is not None
    )
    late = tuple(
        ByeRow(
            text.person(p.name, p.title),
            data.refs[p.id].href,
            _("joins in round {number}").format(number=p.joins),
        )
        for p in data.by_start
        if p.joins > 1
    )
    yield (
        "absent.html",
        AbsentPage(
            frame=frames("absent.html", _("Not paired")),
            rounds=rounds,
            withdrawn=withdrawn,
            late=late,
        ),
    )


def _absent_rows(data: EventData, players: PlayerPages, number: int) -> tuple[ByeRow, ...]:
    """Players without an opponent; in a team event, teams without a match instead."""
    if not data.tournament.is_team:
        return players.byes(number)
    rnd = data.tournament.round(number)
    if rnd is None:
        return ()
    byes = {bye.participant: bye.kind for bye in rnd.byes}
    playing = {team for match in rnd.matches for team in (match.white, match.black)}
    rows = []
    for team in data.teams:
        if team.id in playing:
            continue
        ref = data.team_refs[team.id]
        kind = byes.get(team.id)
        rows.append(ByeRow(ref.name, ref.href, text.BYE_TEXT[kind] if kind else _("absent")))
    return tuple(rows)


def statistics(data: EventData, frames: Frames) -> Pages:
    players = data.tournament.players
    total = len(players)

    def counts(values: list[str]) -> tuple[Count, ...]:
        counter = Counter(v for v in values if v)
        ordered = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
        return tuple(
            Count(label, n, text.decimal(Fraction(100 * n, total), 1) + " %")
            for label, n in ordered
        )

    colours = [
        _colour_row(_("Round {number}").format(number=rnd.number), [rnd]) for rnd in data.rounds
    ]
    if len(colours) > 1:
        colours.append(_colour_row(_("All rounds"), list(data.rounds)))
    rated = [p.rating for p in players if p.rating is not None]
    facts = [Fact(_("Players"), str(total))]
    if rated:
        facts.append(Fact(_("Rated players"), str(len(rated))))
        facts.append(Fact(_("Average rating"), text.decimal(Fraction(sum(rated), len(rated)), 0)))
        facts.append(Fact(_("Highest rating"), str(max(rated))))
    if data.tournament.is_team:
        facts.insert(0, Fact(_("Teams"), str(len(data.tournament.teams))))
    yield (
        "statistics.html",
        StatisticsPage(
            frame=frames("statistics.html", _("Statistics")),
            facts=tuple(facts),
            federations=counts([p.federation for p in players]),
            clubs=counts([p.club for p in players]),
            colours=tuple(colours),
        ),
    )


def _colour_row(label: str, rounds: list[object]) -> ColourRow:
    white = draws = black = forfeits = pending = 0
    white_points = Fraction(0)
    for rnd in rounds:
        games = rnd.all_games()  # type: ignore[attr-defined]
        # A Double-Swiss match is two games, each result written with its White first.
        results = [r for g in games for r in ((g.result, g.second) if g.double else (g.result,))]
        for result in results:
            if result is None:
                pending += 1
            elif result.is_forfeit:
                forfeits += 1
            elif result in (Result.WHITE_WINS, Result.WHITE_WINS_UNPLAYED):
                white += 1
                white_points += 1
            elif result in (Result.BLACK_WINS, Result.BLACK_WINS_UNPLAYED):
                black += 1
            elif result in (Result.DRAW, Result.DRAW_UNPLAYED):
                draws += 1
                white_points += Fraction(1, 2)
    decided = white + draws + black
    share = text.decimal(Fraction(100) * white_points / decided, 1) + " %" if decided else ""
    return ColourRow(label, white, draws, black, forfeits, pending, decided, share)


def downloads(files: tuple[Download, ...], frames: Frames) -> Pages:
    yield (
        "downloads.html",
        DownloadsPage(frame=frames("downloads.html", _("Downloads")), files=files),
    )


# -- data files -----------------------------------------------------------------------------


def standings_json(data: EventData, result: Standings) -> bytes:
    """The standings as JSON: rows in order, values as decimal strings, null if undefined."""
    rows = []
    for row in result.rows:
        player = data.tournament.player(row.participant)
        rows.append(
            {
                "rank": row.rank,
                "start": data.numbers[row.participant],
                "id": row.participant,
                "name": row.name,
                "title": player.title,
                "rating": player.rating,
                "federation": player.federation,
                "points": text.decimal(row.points),
                "tiebreaks": _tiebreak_values(result, row.values),
            }
        )
    return _json(data, result, rows)


def _tiebreak_values(
    result: Standings, values: tuple[Fraction | None, ...]
) -> dict[str, str | None]:
    """Each tie-break code's value as a decimal string, None where undefined."""
    return {
        str(d): (text.decimal(v, lookup(d).decimals) if v is not None else None)
        for d, v in zip(result.tiebreaks, values, strict=True)
    }


def _json(data: EventData, result: Standings, rows: list[dict[str, object]]) -> bytes:
    """One standings JSON shape for individual and team events (docs/site.md)."""
    document = {
        "tournament": data.tournament.settings.name,
        "after_round": result.after,
        "tiebreak_rules": result.edition.value,
        "tiebreaks": [str(d) for d in result.tiebreaks],
        "rows": rows,
    }
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def standings_csv(data: EventData, result: Standings) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["rank", "start", "id", "name", "title", "rating", "federation", "points", *result.codes]
    )
    for row in result.rows:
        player = data.tournament.player(row.participant)
        writer.writerow(
            [
                row.rank,
                data.numbers[row.participant],
                _cell(row.participant),
                _cell(row.name),
                _cell(player.title),
                player.rating if player.rating is not None else "",
                _cell(player.federation),
                text.decimal(row.points),
                *(
                    text.decimal(v, lookup(d).decimals)
                    for d, v in zip(result.tiebreaks, row.values, strict=True)
                ),
            ]
        )
    return out.getvalue().encode("utf-8")


def team_standings_json(data: EventData, ranked: TeamStandings) -> bytes:
    """The team standings as JSON, in the shape of ``standings_json`` (tournament, round,
    C.07 edition, tie-break codes, rows with ``points`` and ``tiebreaks``), each row with
    the team's match record added; ``points`` is the primary score (C.04.6 1.2.2)."""
    result = ranked.standings
    rows = []
    for line in ranked.rows:
        team = data.team_refs[line.team]
        rows.append(
            {
                "rank": line.rank,
                "start": data.team_numbers[line.team],
                "id": line.team,
                "name": team.name,
                "points": text.decimal(line.row.points),
                "tiebreaks": _tiebreak_values(result, line.row.values),
                "match_points": text.decimal(line.match_points),
                "game_points": text.decimal(line.game_points),
                "played": line.matches,
                "won": line.won,
                "drawn": line.drawn,
                "lost": line.lost,
                "withdrawn_after": _withdrawn_after(data, line.team, result.after),
            }
        )
    return _json(data, result, rows)


def team_standings_csv(data: EventData, ranked: TeamStandings) -> bytes:
    """The team standings flat, the columns of ``team_standings_json``."""
    result = ranked.standings
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "rank",
            "start",
            "id",
            "name",
            "points",
            "match_points",
            "game_points",
            "played",
            "won",
            "drawn",
            "lost",
            "withdrawn_after",
            *result.codes,
        ]
    )
    for line in ranked.rows:
        withdrawn = _withdrawn_after(data, line.team, result.after)
        writer.writerow(
            [
                line.rank,
                data.team_numbers[line.team],
                _cell(line.team),
                _cell(data.team_refs[line.team].name),
                text.decimal(line.row.points),
                text.decimal(line.match_points),
                text.decimal(line.game_points),
                line.matches,
                line.won,
                line.drawn,
                line.lost,
                "" if withdrawn is None else withdrawn,
                *_tiebreak_values(result, line.row.values).values(),
            ]
        )
    return out.getvalue().encode("utf-8")


def _withdrawn_after(data: EventData, team_id: str, after: int) -> int | None:
    """The round a team withdrew after, once the standings have passed it (else None)."""
    gone = data.tournament.team(team_id).withdrawn_after
    return gone if gone is not None and gone < after else None


def players_csv(data: EventData) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["start", "id", "name", "title", "rating", "federation", "fide_id", "club"])
    for p in data.by_start:
        writer.writerow(
            [
                data.numbers[p.id],
                _cell(p.id),
                _cell(p.name),
                _cell(p.title),
                p.rating if p.rating is not None else "",
                _cell(p.federation),
                _cell(p.fide_id),
                _cell(p.club),
            ]
        )
    return out.getvalue().encode("utf-8")


def _cell(value: str) -> str:
    """A CSV text cell that a spreadsheet will not run as a formula (OWASP CSV injection),
    on one line: every text column of every CSV goes through it (docs/security.md)."""
    value = " ".join(value.splitlines()) if value else value
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value
