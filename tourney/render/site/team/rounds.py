"""round-NN.html of a team event: the round's matches with the average rating fielded,
game and match points, a match's venue (and its day and time when moved) and its boards
in team order; the boards of no team (added by hand, fitting no match) listed apart
(docs/site.md "The pages of a team event").
"""

from __future__ import annotations

from tourney.engine.pairing.berger import round_status
from tourney.i18n import N_
from tourney.i18n import gettext as _
from tourney.model import Game
from tourney.render import text
from tourney.render.explain import explain_round
from tourney.render.schedule import round_start_text
from tourney.render.site.event import neighbours
from tourney.render.site.individual import round_file
from tourney.render.site.team.event import Pages, TeamEvent, decision_text, game_points
from tourney.render.site.venues import match_where
from tourney.render.views import ByeRow, MatchBoard, MatchRow, TeamRoundPage

NO_TEAM_NOTE = N_(
    "Added by hand, these boards fit no match of the round (its teams, the colours or "
    "the board order): they count for no team, only in the players' own results, until "
    "they are made boards of their match."
)


def pages(ev: TeamEvent) -> Pages:
    data = ev.data
    numbers = [r.number for r in data.rounds]
    for index, rnd in enumerate(data.rounds):
        n = rnd.number
        matches = []
        for i, paired in enumerate(rnd.matches):
            score = ev.scores[(n, i)]
            match = score.match
            where = match_where(data, n, paired)
            matches.append(
                MatchRow(
                    number=match.number or i + 1,
                    white=data.team_refs[match.white],
                    black=data.team_refs[match.black],
                    game_points=game_points(score, score.white_gp, score.black_gp),
                    match_points=(
                        f"{text.points(score.white_mp)}-{text.points(score.black_mp)}"
                        if score.white_mp is not None and score.black_mp is not None
                        else ""
                    ),
                    white_average=ev.average(match, True),
                    black_average=ev.average(match, False),
                    decision=decision_text(match, data.team_refs) if match.decision else "",
                    boards=ev.match_boards(paired),
                    venue=where[0],
                    moved=where[1],
                )
            )
        byes = tuple(
            ByeRow(
                data.team_refs[b.participant].name,
                data.team_refs[b.participant].href,
                text.BYE_TEXT[b.kind],
            )
            for b in rnd.byes
            if b.participant in data.team_refs
        )
        path = round_file(n)
        previous, following = neighbours(numbers, index, round_file)
        yield (
            path,
            TeamRoundPage(
                frame=ev.frames(path, _("Round {number}").format(number=n)),
                number=n,
                date=round_start_text(data.tournament, n, weekday=True),
                status=round_status(rnd).value,
                matches=tuple(matches),
                byes=byes,
                previous=previous,
                next=following,
                why=explain_round(data.tournament, n),
                no_team=_boards(ev, rnd.games),
                no_team_note=_(NO_TEAM_NOTE) if rnd.games else "",
            ),
        )


def _boards(ev: TeamEvent, games: tuple[Game, ...]) -> tuple[MatchBoard, ...]:
    return tuple(
        MatchBoard(
            board=game.board or i + 1,
            white=ev.data.ref(game.white),
            result=text.result(game.result),
            black=ev.data.ref(game.black),
        )
        for i, game in enumerate(games)
    )
