"""Where do I play? The round to look at now, and each player's next game.

Everything here follows from the folder alone (the round files, the planned
dates in tournament.yaml), never from the clock, so the same folder still
builds the same site: the "current" round is the first planned round whose
results are not all in, whether it is paired yet or not.
"""

from __future__ import annotations

from tourney.i18n import N_
from tourney.i18n import gettext as _
from tourney.model import Colour
from tourney.render import text
from tourney.render.current import current_round
from tourney.render.schedule import round_start_text
from tourney.render.site.event import EventData
from tourney.render.site.venues import player_match_when
from tourney.render.views import CurrentRound, Link, NextGame


def _round_file(number: int, alpha: bool = False) -> str:
    return f"round-{number:02d}{'-alpha' if alpha else ''}.html"


def current_block(data: EventData) -> CurrentRound:
    """The event home's block: the current round, its date, what state it is in, links."""
    t = data.tournament
    number = current_round(data.evaluation)
    last_done = data.last_decided
    after = _("Standings after round {number}").format(number=last_done)
    standings = (Link("standings.html", after),) if last_done else ()
    if number == 0:
        return CurrentRound(0, "", N_("finished"), (Link("standings.html", _("Final standings")),))
    found = data.evaluation.round_status(number)
    if found is None:
        links: tuple[Link, ...] = standings
        if data.last_paired:
            links = (
                Link(
                    _round_file(data.last_paired),
                    _("Round {number} results").format(number=data.last_paired),
                ),
                *links,
            )
        return CurrentRound(
            number, round_start_text(t, number, weekday=True), N_("not paired yet"), links
        )
    pairings = [Link(_round_file(number), _("Pairings"))]
    if not t.is_team:
        pairings.append(Link(_round_file(number, alpha=True), _("Find your name")))
    status = N_("paired, no results yet")
    if found.value == "running":
        rnd = t.round(number)
        started = rnd is not None and rnd.started  # a result, not only ``started: true``
        status = N_("results coming in") if started else N_("being played, no results yet")
    return CurrentRound(
        number, round_start_text(t, number, weekday=True), status, (*pairings, *standings)
    )


def next_game(data: EventData, pid: str) -> NextGame:
    """A player's next game: the current round's board if it has no result yet, else the
    next round (not paired yet), or why there is none."""
    t = data.tournament
    player = t.player(pid)
    number = current_round(data.evaluation)
    if player.withdrawn_after is not None and (number == 0 or number > player.withdrawn_after):
        return NextGame(
            0,
            "",
            "",
            "",
            None,
            "",
            _("withdrew after round {number}").format(number=player.withdrawn_after),
        )
    if number == 0:
        return NextGame(0, "", "", "", None, "", _("no more games: every round is played"))
    views = {v.round: v for v in data.table.views.get(pid, ())}
    view = views.get(number)
    if view is not None and view.opponent is not None and not view.pending:
        # This round's game is decided: the next one is the following round's. (A bye
        # stays on the line until the round is done: it answers "do I play today?".)
        number += 1
        if number > t.planned_rounds:
            return NextGame(0, "", "", "", None, "", _("no more games: every round is played"))
        view = views.get(number)
    date = round_start_text(t, number, weekday=True)
    if t.round(number) is None:
        return NextGame(number, date, "", "", None, "", _("not paired yet"))
    if view is None or view.opponent is None:
        what = _("not paired in this round")
        if view is not None and view.bye is not None:
            what = text.BYE_TEXT[view.bye]
        elif view is not None and view.absent:
            what = _("absent")
        return NextGame(number, date, "", "", None, "", what)
    board, match = _board(data, number, pid)
    colour = {Colour.WHITE: _("White"), Colour.BLACK: _("Black"), None: ""}[view.colour]
    return NextGame(
        number,
        player_match_when(data, number, pid) or date,
        board,
        colour,
        data.ref(view.opponent),
        match,
        "",
        chip=text.colour_chip(view.colour),
        points=data.points_before(pid, number),
        opponent_points=data.points_before(view.opponent, number),
    )


def _board(data: EventData, number: int, pid: str) -> tuple[str, str]:
    """The board of ``pid`` in round ``number`` and, in a team event, the match by name."""
    rnd = data.tournament.round(number)
    if rnd is None:
        return "", ""
    for i, game in enumerate(rnd.games):
        if pid in (game.white, game.black):
            return str(game.board or i + 1), ""
    for m, match in enumerate(rnd.matches):
        for i, game in enumerate(match.games):
            if pid in (game.white, game.black):
                refs = data.team_refs
                names = f"{refs[match.white].name} – {refs[match.black].name}"
                return str(game.board or i + 1), _("match {number}, {teams}").format(
                    number=match.number or m + 1, teams=names
                )
    return "", ""
