"""Individual pairing cards (FIDE style) and the round's pairings as a poster for the wall.

A pairing card is the arbiter's record of one player, as kept on paper before
pairing programs (FIDE Handbook C.04.2, "the pairing cards"; C.04.3 A.4 for the
floats): the player's starting number, name, rating, federation and FIDE ID,
then round by round the opponent's number and name, the colour, the result,
the score after the round and the float. A game between players of different
scores before the round gives the higher one a downfloat (↓) and the lower one
an upfloat (↑) (C.04.3 A.4 b); a round without a game that scored points (a
bye, a forfeit win) counts as a downfloat, as the Swiss engine counts it
(``tourney.engine.pairing.swiss_state``). Floats are shown for Swiss events only.

The poster is the round's pairing in board order in large type, landscape,
for the wall of the playing hall.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from tourney.engine.scores import RoundView
from tourney.i18n import pgettext
from tourney.model import Colour, Outcome
from tourney.render import text
from tourney.render.pdf.common import PrintContext, PrintError, Selection, page_of
from tourney.render.views import BoardRow, ByeRow, PlayerRef

RESULT_MARK = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.NO_CONTEST: "0",
}
DOWN, UP = "↓", "↑"


@dataclass(frozen=True, slots=True)
class CardLine:
    """One round of a pairing card; ``result`` is '' while the game has none."""

    round: int
    opponent: PlayerRef | None
    colour: str  # "W", "B" (as translated) or ""
    result: str
    score: str  # the score after the round ('' while pending)
    float: str  # "↓", "↑" or ""
    note: str  # a bye, an absence, "not played yet"


@dataclass(frozen=True, slots=True)
class PlayerCard:
    player: PlayerRef
    fide_id: str
    lines: tuple[CardLine, ...]
    score: str


@dataclass(frozen=True, slots=True)
class PlayerCardsDoc:
    """pairing-cards of an individual event: one card per player, by starting number."""

    template: ClassVar[str] = "pdf/player_cards.html"
    cards: tuple[PlayerCard, ...]
    rounds: int  # the planned rounds: a line for each
    floats: bool  # a Swiss event: the float column is shown


@dataclass(frozen=True, slots=True)
class PosterDoc:
    """pairings-poster: a round's boards in large type, for the wall."""

    template: ClassVar[str] = "pdf/pairings_poster.html"
    round: int
    boards: tuple[BoardRow, ...]
    byes: tuple[ByeRow, ...]


def float_mark(view: RoundView, mine: Fraction, theirs: Fraction | None) -> str:
    """The float of a round (C.04.3 A.4 b) from the scores before it.

    >>> played = RoundView(3, opponent="b", played=True)
    >>> float_mark(played, Fraction(2), Fraction(1)), float_mark(played, Fraction(1), Fraction(2))
    ('↓', '↑')
    >>> float_mark(RoundView(3, points=Fraction(1)), Fraction(1), None)
    '↓'
    """
    if view.opponent is not None and not view.forfeit and theirs is not None:
        return DOWN if mine > theirs else UP if mine < theirs else ""
    return DOWN if view.points > 0 else ""


def _line(
    ctx: PrintContext, view: RoundView, before: dict[str, Fraction], pid: str, swiss: bool
) -> CardLine:
    data = ctx.data
    opponent = data.ref(view.opponent) if view.opponent else None
    colour = ""
    if view.colour is not None:
        white = view.colour is Colour.WHITE
        colour = pgettext("colour", "W") if white else pgettext("colour", "B")
    theirs = before.get(view.opponent) if view.opponent else None
    floated = float_mark(view, before[pid], theirs) if swiss else ""
    if view.pending:
        return CardLine(view.round, opponent, colour, "", "", floated, "")
    if view.bye is not None:
        note = text.BYE_TEXT[view.bye]
        result = text.points(view.points)
    elif view.absent or view.outcome is None:
        note, result = "", "–"
    else:
        note, result = "", RESULT_MARK[view.outcome]
    after = before[pid] + view.points
    return CardLine(view.round, opponent, colour, result, text.points(after), floated, note)


def player_cards_doc(ctx: PrintContext, sel: Selection) -> PlayerCardsDoc:
    if sel.team is not None:
        raise PrintError("--team does not apply to pairing-cards of an individual event")
    data = ctx.data
    table = data.table
    swiss = ctx.t.settings.format.is_swiss
    running = {pid: Fraction(0) for pid in table.order}
    lines: dict[str, list[CardLine]] = {pid: [] for pid in table.order}
    for index in range(table.rounds):
        before = dict(running)
        for pid in table.order:
            views = table.views[pid]
            if index < len(views):
                view = views[index]
                lines[pid].append(_line(ctx, view, before, pid, swiss))
                running[pid] += view.points
    cards = []
    for player in data.by_start:
        cards.append(
            PlayerCard(
                data.refs[player.id],
                player.fide_id,
                tuple(lines.get(player.id, ())),
                text.points(running.get(player.id, Fraction(0))),
            )
        )
    return PlayerCardsDoc(tuple(cards), max(ctx.t.planned_rounds, table.rounds), swiss)


def poster_doc(ctx: PrintContext, sel: Selection) -> tuple[int, PosterDoc]:
    from tourney.render.site.individual import round_file
    from tourney.render.site.individual.rounds import rounds

    rnd = ctx.paired_round(sel.round)
    page = page_of(rounds(ctx.players, only=rnd.number), round_file(rnd.number))
    return rnd.number, PosterDoc(rnd.number, page.boards, page.byes)  # type: ignore[attr-defined]
