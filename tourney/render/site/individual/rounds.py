"""round-NN.html and round-NN-alpha.html: a round's pairings by board and by name, with
each player's points before the round and the stored explanation of the pairing.
A Double-Swiss board shows its match score and both games (FIDE C.04.5)."""

from __future__ import annotations

from fractions import Fraction

from tourney.engine.double_games import match_points
from tourney.i18n import gettext as _
from tourney.model import Game, Round
from tourney.render import text
from tourney.render.explain import explain_round
from tourney.render.schedule import round_start_text
from tourney.render.site.event import neighbours
from tourney.render.site.games import game_links
from tourney.render.site.individual.names import (
    Pages,
    absence_text,
    own_result,
    round_file,
)
from tourney.render.site.individual.players import Players
from tourney.render.site.round_robin import (
    board_result,
)
from tourney.render.views import (
    AlphaPairingRow,
    BoardRow,
    Link,
    RoundAlphaPage,
    RoundPage,
)


def _board_result(pp: Players, number: int, game: Game) -> str:
    """The board's result; a Double-Swiss match's score and both games (C.04.5)."""
    if not game.double:
        return board_result(game, pp.marks.marked(number, game))
    scoring = pp.data.tournament.settings.scoring
    return text.match_result(
        match_points(game, game.white, scoring),
        match_points(game, game.black, scoring),
        game.result,
        game.second,
    )


def rounds(pp: Players, only: int | None = None) -> Pages:
    """Every round's two pages; round ``only``'s alone when given (a printed document)."""
    data = pp.data
    numbers = tuple(r.number for r in data.rounds)
    games: dict[tuple[int, int], str] | None = None
    for rnd in data.rounds:
        n = rnd.number
        if only is not None and n != only:
            continue
        # a round's pages show the rounds up to it and the links to the others
        path = round_file(n)
        found = pp.reused(path, n, numbers)
        if found is None:
            games = game_links(data) if games is None else games
            yield path, _round_page(pp, rnd, numbers, games)
        else:
            yield path, found
        alpha = round_file(n, "-alpha")
        found = pp.reused(alpha, n, numbers)
        yield (alpha, found) if found is not None else _alpha(pp, n)


def _round_page(
    pp: Players, rnd: Round, numbers: tuple[int, ...], games: dict[tuple[int, int], str]
) -> RoundPage:
    data = pp.data
    n = rnd.number
    before = _points_before(pp, n)
    boards = tuple(
        BoardRow(
            board=game.board or i + 1,
            white=data.ref(game.white),
            white_points=text.points(before.get(game.white, Fraction(0))),
            result=_board_result(pp, n, game),
            black=data.ref(game.black),
            black_points=text.points(before.get(game.black, Fraction(0))),
            game=games.get((n, game.board or i + 1), ""),
        )
        for i, game in enumerate(rnd.games)
    )
    path = round_file(n)
    index = numbers.index(n)
    return RoundPage(
        frame=pp.frames(path, _("Round {number}").format(number=n)),
        number=n,
        date=round_start_text(data.tournament, n, weekday=True),
        status=pp.status(n),
        boards=boards,
        byes=pp.byes(n),
        alpha=Link(round_file(n, "-alpha"), _("by name")),
        previous=neighbours(numbers, index, round_file)[0],
        next=neighbours(numbers, index, round_file)[1],
        why=explain_round(data.tournament, n),
    )


def _points_before(pp: Players, number: int) -> dict[str, Fraction]:
    table = pp.data.table
    return {
        pid: sum((v.points for v in views[: number - 1]), Fraction(0))
        for pid, views in table.views.items()
    }


def _alpha(pp: Players, number: int) -> tuple[str, RoundAlphaPage]:
    data = pp.data
    rnd = data.tournament.round(number)
    assert rnd is not None
    board_of = {}
    for i, game in enumerate(rnd.all_games()):
        board_of[game.white] = board_of[game.black] = str(game.board or i + 1)
    rows = []
    letters: list[Link] = []
    for player in data.by_name:
        view = data.table.round_view(player.id, number)
        search = text.folded(player.name)
        initial = (text.folded(text.filed_name(player.name))[:1] or "?").upper()
        anchor = ""
        if not letters or letters[-1].text != initial:
            anchor = f"letter-{initial}" if initial.isalnum() else "letter-other"
            letters.append(Link(f"#{anchor}", initial))
        note = ""
        if view.opponent is None:
            note = absence_text(view)
            gone = player.withdrawn_after
            if gone is not None and number > gone:
                note = _("withdrawn after round {number}").format(number=gone)
            elif number < player.joins:
                note = _("joins in round {number}").format(number=player.joins)
        rows.append(
            AlphaPairingRow(
                player=data.refs[player.id],
                board=board_of.get(player.id, ""),
                colour=text.colour_letter(view.colour),
                opponent=data.ref(view.opponent or ""),
                result=own_result(view),
                note=note,
                anchor=anchor,
                search=search,
                points=data.points_before(player.id, number),
                opponent_points=data.points_before(view.opponent, number),
                chip=text.colour_chip(view.colour),
            )
        )
    path = round_file(number, "-alpha")
    return path, RoundAlphaPage(
        frame=pp.frames(path, _("Round {number} by name").format(number=number)),
        number=number,
        rows=tuple(rows),
        boards=Link(round_file(number), _("board order")),
        letters=tuple(letters),
    )
