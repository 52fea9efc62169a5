"""players/ID.html: a player's card: facts, every round, the tie-break working (C.07),
the performance, rating changes (B.02), the rank after each round and the next game."""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.scores import RoundView
from tourney.engine.tiebreaks import Value, lookup, parse_descriptor
from tourney.engine.withdrawals import RULE, MarkedGame
from tourney.i18n import catalog
from tourney.i18n import gettext as _
from tourney.model import Colour, Format
from tourney.render import text
from tourney.render.site.charts import rank_chart
from tourney.render.site.club_ratings import member_file
from tourney.render.site.individual.names import (
    Pages,
    absence_text,
    anchor,
    own_result,
    signed,
    status_text,
)
from tourney.render.site.individual.players import Players
from tourney.render.site.keizer import keizer_workings
from tourney.render.site.now import next_game
from tourney.render.views import (
    CardRound,
    Fact,
    Link,
    PlayerCardPage,
    TeamRef,
    Working,
    WorkingStep,
)
from tourney.render.working_text import working_text


def cards(pp: Players) -> Pages:
    data = pp.data
    after = data.last_decided
    ranked = after and not data.tournament.is_team  # team events rank teams, not players
    result = pp.standings(after) if ranked else None
    tpr = pp.performance(after) if after else {}
    # Each player's rank after every round, for the chart on the card.
    ranks_after: list[dict[str, int]] = []
    if result is not None:
        for number in range(1, after + 1):
            ranks_after.append(dict(pp.ranks(number)))
    keizer = (
        keizer_workings(data.evaluation, after, data.refs)
        if result is not None and data.tournament.settings.format is Format.KEIZER
        else {}
    )
    for player in data.by_start:
        pid = player.id
        ref = data.refs[pid]
        path = ref.href
        running = Fraction(0)
        rounds = []
        k, changes = pp.rating_changes(pid)
        for view in data.table.views[pid]:
            marked = pp.marks.find(view.round, pid, view.opponent or "")
            if marked is not None and not marked.annulled and view.pending:
                view = pp.counted_table.round_view(pid, view.round)  # derived forfeit
            if marked is None or not marked.annulled:
                running += view.points
            change = signed(changes[view.round]) if view.round in changes else ""
            rounds.append(_card_round(pp, view, running, marked, change))
        working: tuple[Working, ...] = ()
        rank = points = ""
        if result is not None:
            row = result.row(pid)
            rank, points = pp.rank_text(result, pid), pp.score_text(row.points)
            working = tuple(
                _working(pp, str(d), value)
                for d, value in zip(result.tiebreaks, row.working, strict=True)
            )
        perf = tpr.get(pid)
        yield (
            path,
            PlayerCardPage(
                frame=pp.frames(path, text.person(player.name, player.title)),
                player=ref,
                facts=_facts(pp, pid),
                rounds=tuple(rounds),
                points=points,
                rank=rank,
                performance=text.decimal(perf.value, 0) if perf is not None else "",
                working=working,
                after=after,
                k=str(k) if k is not None else "",
                rating_change=signed(sum(changes.values(), Fraction(0))) if changes else "",
                keizer=keizer.get(pid),
                next_game=next_game(data, pid) if player.approved else None,
                rank_chart=rank_chart(
                    [r[pid] for r in ranks_after if pid in r],
                    len(ranks_after[-1]) if ranks_after else 0,
                ),
                member=(
                    Link(member_file(player.member), _("Club rating history"))
                    if player.member in pp.members
                    else None
                ),
            ),
        )


def _card_round(
    pp: Players,
    view: RoundView,
    running: Fraction,
    marked: MarkedGame | None = None,
    rating_change: str = "",
) -> CardRound:
    data = pp.data
    board = ""
    if view.opponent is not None:
        board = pp.boards(view.round).get(view.opponent, "")
    note = ""
    if view.opponent is None:
        note = absence_text(view)
    elif view.pending:
        note = _("not played yet")
    elif view.forfeit:
        note = _("forfeit")
    elif view.double:  # a Double-Swiss match: its two games
        note = text.games(view.result, view.second)
    elif view.result is not None and not view.result.is_rated:
        note = _("not rated")
    points = text.points(view.points) if not view.pending else ""
    if marked is not None and marked.annulled:
        note = _("annulled, not counted ({rule})").format(rule=_(RULE))
        points = f"({points})" if points else ""
    elif marked is not None:
        note = _("forfeit after a withdrawal ({rule})").format(rule=_(RULE))
    return CardRound(
        number=view.round,
        board=board,
        opponent=data.ref(view.opponent or ""),
        colour={Colour.WHITE: _("white"), Colour.BLACK: _("black"), None: ""}[view.colour],
        result=own_result(view),
        points=points,
        running=text.points(running),
        note=note,
        team="",
        chip=text.colour_chip(view.colour),
        opponent_points=data.points_before(view.opponent, view.round),
        opponent_team=_team_ref(pp, view.opponent),
        rating_change=rating_change,
    )


def _team_ref(pp: Players, pid: str | None) -> TeamRef | None:
    """The team of a player in a team event (None for no player or no team)."""
    team_id = pp.data.team_of.get(pid) if pid is not None else None
    return pp.data.team_refs[team_id] if team_id is not None else None


def _working(pp: Players, code: str, value: Value) -> Working:
    entry = lookup(parse_descriptor(code))
    # the engine's English as it is, or said again in the page's language
    said = working_text if catalog.current() != "en" else str
    steps = tuple(
        WorkingStep(
            round=str(step.round) if step.round is not None else "",
            what=said(_named(pp, step.what, step.opponent)),
            counted=text.decimal(step.counted) if step.counted is not None else "",
            rule=step.rule,
            note=said(step.note),
            cut=step.cut,
        )
        for step in value.steps
    )
    return Working(
        code=code,
        name=_(entry.name),
        article=entry.article,
        value=text.decimal(value.value, entry.decimals) or _("undefined"),
        note=working_text(value.note),
        steps=steps,
        anchor=anchor(code),
    )


def _named(pp: Players, what: str, opponent: str | None) -> str:
    """The engine names opponents by id; the site names them by name.

    A forfeit counts against a dummy opponent (C.07 16.4), so the step has no
    opponent of its own, but its text still names the scheduled one by id.
    """
    if opponent and opponent in pp.data.refs and what.endswith(f" v {opponent}"):
        return what[: -len(opponent)] + pp.data.refs[opponent].name
    head, _v, scheduled = what.rpartition(" v ")
    if head and scheduled in pp.data.refs:
        return f"{head} v {pp.data.refs[scheduled].name}"
    return what


def _facts(pp: Players, pid: str) -> tuple[Fact, ...]:
    player = pp.data.tournament.player(pid)
    facts = [Fact(_("Starting number"), str(pp.data.numbers[pid]))]
    if player.title:
        facts.append(Fact(_("Title"), player.title))
    facts.append(
        Fact(_("Rating"), str(player.rating) if player.rating is not None else _("unrated"))
    )
    for label, value in (
        (_("National rating"), player.national_rating),
        (_("Club rating"), player.club_rating),
        (_("Birth year"), player.birth_year),
    ):
        if value is not None:
            facts.append(Fact(label, str(value)))
    for label, value2 in (
        (_("Federation"), player.federation),
        (_("FIDE ID"), player.fide_id),
        (_("National ID"), player.national_id),
        (_("Club"), player.club),
    ):
        if value2:
            href = text.fide_profile(value2) if label == _("FIDE ID") else ""
            facts.append(Fact(label, value2, href))
    team_id = pp.data.team_of.get(pid)
    if team_id is not None:
        team = pp.data.tournament.team(team_id)
        facts.append(
            Fact(
                _("Team"),
                _("{team}, board {board}").format(team=team.name, board=team.roster.index(pid) + 1),
                link=pp.data.team_refs[team_id].href,
            )
        )
    status = status_text(pp.data, pid)
    if status:
        facts.append(Fact(_("Status"), status))
    return tuple(facts)
