"""What the individual pages share: their file names and the short texts of a result,
an absence and a player's status."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from tourney.engine.evaluation import Evaluation
from tourney.engine.scores import RoundView
from tourney.engine.withdrawals import RULE
from tourney.i18n import gettext as _
from tourney.model import Outcome
from tourney.render import text
from tourney.render.site.event import EventData
from tourney.render.views import (
    PlayerRef,
)

Pages = Iterator[tuple[str, object]]

OUTCOME_CSS = {
    Outcome.WIN: "win",
    Outcome.FORFEIT_WIN: "win",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_LOSS: "loss",
    Outcome.NO_CONTEST: "loss",
}


def round_file(number: int, suffix: str = "") -> str:
    return f"round-{number:02d}{suffix}.html"


def standings_file(after: int) -> str:
    return f"standings-{after:02d}.html"


def latest_tab(path: str, final: bool) -> str:
    """The <title> of standings.html, which shows the same table as the latest
    standings-NN.html: "Standings" (or "Final standings") keeps each title unique."""
    if path != "standings.html":
        return ""
    return _("Final standings") if final else _("Standings")


def anchor(code: str) -> str:
    """The id of a tie-break's working on a player card: BH/C1 -> tb-BH-C1."""
    return "tb-" + "".join(c if c.isalnum() else "-" for c in code)


def signed(value: Fraction) -> str:
    """A rating change with its sign: "+7.2", "-3.6", "0"."""
    return ("+" if value > 0 else "") + text.decimal(value)


def round_status_text(evaluation: Evaluation, number: int) -> str:
    """Pending, running or done, counting forfeits a withdrawal implies (docs/pairing.md)."""
    found = evaluation.round_status(number)
    return found.value if found is not None else "not paired"


def own_result(view: RoundView) -> str:
    """A player's own result in a round: 1, ½, 0, + or -, empty while not played."""
    if view.pending or view.outcome is None:
        return ""
    if view.double and not view.forfeit:  # a Double-Swiss match: its points, 2 ... 0
        return text.points(view.points)
    return text.OUTCOME_TEXT[view.outcome]


def absence_text(view: RoundView) -> str:
    if view.absent:
        return _("absent")
    if view.bye is not None:
        return text.BYE_TEXT[view.bye]
    return ""


def status_text(data: EventData, pid: str) -> str:
    player = data.tournament.player(pid)
    if not player.approved:
        return _("awaiting approval")
    if player.withdrawn_after is not None:
        gone = _("withdrawn after round {number}").format(number=player.withdrawn_after)
        if player.id in data.evaluation.withdrawals.annulled_players:
            return _("{status}; results not counted ({rule})").format(status=gone, rule=_(RULE))
        return gone
    if player.joins > 1:
        return _("joins in round {number}").format(number=player.joins)
    return ""


def refs_in(data: EventData, ids: list[str]) -> tuple[PlayerRef, ...]:
    return tuple(data.refs[i] for i in ids if i in data.refs)
