"""Match result sheets and blank line-up forms (docs/teams.md, "Printing").

Match result sheets are one page per match of a round: both line-ups with
board, colour, player, rating and FIDE ID, a box for each result, the average
rating each team fielded, the match score, and signature lines for both
captains and the arbiter.

Line-up forms are one page per team for a round, for the captain to fill in
before the round. Once the round is paired a form names the team, its
opponent and the colour of each board (the team named first has White on
board 1 and every odd board, docs/teams.md "Pairing"), and the match's day, start
time and venue; before that the opponent is blank, the day and time are the round's
and the venue a central round's. A row per board, rows for reserves, a captain's
signature.
"""

from __future__ import annotations

from tourney.engine.teams.board_stats import board_result
from tourney.engine.teams.lineups import fielded_average
from tourney.engine.teams.scores import match_result, white_team_side
from tourney.i18n import gettext as _
from tourney.i18n import pgettext
from tourney.model import Colour, Game, Match, Round, Team
from tourney.render import text
from tourney.render.current import current_round
from tourney.render.match_schedule import match_start, match_venue, round_venue
from tourney.render.pdf.common import COLOUR_NAME, PrintContext, PrintError, average_text
from tourney.render.pdf.views import (
    FormRow,
    LineupForm,
    LineupFormsDoc,
    MatchSheet,
    MatchSheetsDoc,
    SheetBoard,
    SheetSide,
)
from tourney.render.schedule import start_text
from tourney.render.site.team.event import decision_text

MIN_RESERVE_ROWS = 2


def _side(ctx: PrintContext, match: Match, game: Game | None, board: int, home: bool) -> SheetSide:
    """One team's half of a board (``home``: the team named first)."""
    if game is None:  # a board neither team could fill
        white = (board % 2 == 1) == home
        return SheetSide(COLOUR_NAME[Colour.WHITE if white else Colour.BLACK], None, "", "")
    home_white = white_team_side(match, game, ctx.data.team_of)
    white = home_white == home
    pid = game.white if white else game.black
    result = board_result(match, game, board)
    score = text.OUTCOME_TEXT[result.outcome(white)] if result is not None else ""
    return SheetSide(
        colour=COLOUR_NAME[Colour.WHITE if white else Colour.BLACK],
        player=ctx.data.ref(pid),
        fide_id=ctx.t.player(pid).fide_id if pid else "",
        score=score,
    )


def match_sheet(ctx: PrintContext, rnd: Round, match: Match, number: int) -> MatchSheet:
    t = ctx.t
    by_board = {game.board or i + 1: game for i, game in enumerate(match.games)}
    count = max([t.settings.team.boards, *by_board])
    boards = tuple(
        SheetBoard(
            board=b,
            home=_side(ctx, match, by_board.get(b), b, True),
            away=_side(ctx, match, by_board.get(b), b, False),
        )
        for b in range(1, count + 1)
    )
    score = match_result(match, t.settings.scoring, t.settings.team.boards, ctx.data.team_of)
    home, away = t.team(match.white), t.team(match.black)
    return MatchSheet(
        round=rnd.number,
        date=start_text(*match_start(t, rnd.number, match)),
        venue=match_venue(t, rnd.number, match),
        number=number,
        home=ctx.data.team_refs[home.id],
        away=ctx.data.team_refs[away.id],
        home_captain=home.captain,
        away_captain=away.captain,
        boards=boards,
        home_average=average_text(fielded_average(t, match, home.id)),
        away_average=average_text(fielded_average(t, match, away.id)),
        home_points=text.points(score.white_game_points) if score else "",
        away_points=text.points(score.black_game_points) if score else "",
        home_match_points=text.points(score.white_match_points) if score else "",
        away_match_points=text.points(score.black_match_points) if score else "",
        decision=decision_text(match, ctx.data.team_refs) if match.decision else "",
    )


def match_sheets(ctx: PrintContext, round_no: int | None, match_no: int | None) -> MatchSheetsDoc:
    """Every match of the round (default: the last paired), or match ``match_no`` only."""
    rnd = ctx.paired_round(round_no)
    sheets = []
    for index, match in enumerate(rnd.matches, start=1):
        number = match.number or index
        if match_no is None or number == match_no:
            sheets.append(match_sheet(ctx, rnd, match, number))
    if not sheets:
        numbers = ", ".join(str(m.number or i) for i, m in enumerate(rnd.matches, start=1))
        what = f"match {match_no}" if match_no is not None else "a match"
        raise PrintError(
            f"round {rnd.number} has no {what}", f"matches: {numbers or 'none (byes only)'}"
        )
    return MatchSheetsDoc(sheets=tuple(sheets), arbiter=ctx.t.settings.chief_arbiter)


# -- line-up forms ------------------------------------------------------------------------------


def next_round(ctx: PrintContext) -> int:
    """The round captains fill in a line-up for: the first round not done (a round robin
    may be paired to its end in advance), else the one after the last."""
    return current_round(ctx.evaluation) or ctx.last_paired + 1


def lineup_form(ctx: PrintContext, team: Team, round_no: int, rnd: Round | None) -> LineupForm:
    boards = ctx.t.settings.team.boards
    opponent = None
    number = 0
    home = False
    note = ""
    # a paired match's own day, time and venue (a moved match's); else the round's
    date = ctx.date(round_no)
    venue = round_venue(ctx.t, round_no) if rnd is None else ""
    if rnd is not None:
        for index, match in enumerate(rnd.matches, start=1):
            if team.id in (match.white, match.black):
                home = match.white == team.id
                other = match.black if home else match.white
                opponent = ctx.data.team_refs[other]
                number = match.number or index
                date = start_text(*match_start(ctx.t, round_no, match))
                venue = match_venue(ctx.t, round_no, match)
                break
        else:
            byes = {b.participant: b.kind for b in rnd.byes}
            note = (
                _("no match in round {number}: {bye}").format(
                    number=round_no, bye=text.BYE_TEXT[byes[team.id]]
                )
                if team.id in byes
                else _("not paired in round {number}").format(number=round_no)
            )
    rows = []
    for board in range(1, boards + 1):
        colour = ""
        if opponent is not None:
            white = (board % 2 == 1) == home
            colour = COLOUR_NAME[Colour.WHITE if white else Colour.BLACK]
        rows.append(FormRow(str(board), colour, False))
    reserves = max(MIN_RESERVE_ROWS, len(team.roster) - boards)
    reserve = pgettext("reserve", "R")
    rows += [FormRow(f"{reserve}{i}", "", True) for i in range(1, reserves + 1)]
    return LineupForm(
        round=round_no,
        date=date,
        team=ctx.data.team_refs[team.id],
        captain=team.captain,
        opponent=opponent,
        match=number,
        home=home,
        note=note,
        rows=tuple(rows),
        roster=ctx.roster_lines(team, round_no),
        venue=venue,
    )


def lineup_forms(
    ctx: PrintContext, round_no: int | None, teams: tuple[Team, ...]
) -> LineupFormsDoc:
    """One form per team for ``round_no`` (default: the round to be played next)."""
    number = next_round(ctx) if round_no is None else round_no
    planned = ctx.t.planned_rounds
    if number < 1 or (planned and number > planned):
        raise PrintError(f"the event has no round {number}", f"rounds: 1-{planned}")
    rnd = ctx.t.round(number)
    forms = tuple(lineup_form(ctx, team, number, rnd) for team in teams)
    return LineupFormsDoc(forms=forms, paired=rnd is not None)
