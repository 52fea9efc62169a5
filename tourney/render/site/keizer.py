"""How a player's Keizer score was built, for the player card (docs/keizer.md).

The engine (``tourney.engine.pairing.keizer``) ranks by Keizer score and re-values
every place until the ranking is stable; the card shows the last pass: the values
of the final ranking, the own value counted once, and per round the share of a
value the round earned (a share of the opponent's value for a game, of one's own
value for a bye, club duty or an absence). The lines add up to the engine's score
(``tests/test_site_keizer.py`` checks this for every player).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tourney.engine.evaluation import Evaluation
from tourney.engine.pairing.keizer import Credit, KeizerSettings, keizer_settings
from tourney.i18n import N_, Translated
from tourney.i18n import gettext as _
from tourney.model import Outcome
from tourney.render import text
from tourney.render.views import KeizerStep, KeizerWorking, PlayerRef

# What a round without a game (or with a game not played over the board) earns.
_CREDIT_TEXT = Translated(
    {
        Credit.BYE: N_("pairing's bye"),
        Credit.DUTY: N_("club duty"),
        Credit.NOTICE: N_("absent with notice"),
        Credit.ABSENT: N_("absent without notice"),
    }
)
_OUTCOME_CREDIT = {
    Outcome.FORFEIT_WIN: (Credit.BYE, N_("won by forfeit, counted as a bye")),
    Outcome.FORFEIT_LOSS: (Credit.ABSENT, N_("lost by forfeit, counted as absent")),
    Outcome.NO_CONTEST: (Credit.ABSENT, N_("no game, counted as absent")),
}
_GAME = {
    Outcome.WIN: N_("won against {opponent} (place {place})"),
    Outcome.DRAW: N_("drew with {opponent} (place {place})"),
    Outcome.LOSS: N_("lost to {opponent} (place {place})"),
}
_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}


def share_text(share: Fraction) -> str:
    """A share as a fraction: "⅔", "1", "3/7" (never a rounded decimal)."""
    if share.denominator == 1:
        return str(share.numerator)
    return _VULGAR.get(share) or f"{share.numerator}/{share.denominator}"


def _opponent_share(settings: KeizerSettings, outcome: Outcome) -> Fraction:
    return {Outcome.WIN: settings.win, Outcome.DRAW: settings.draw}.get(outcome, settings.loss)


def keizer_workings(
    evaluation: Evaluation, after: int, refs: Mapping[str, PlayerRef]
) -> dict[str, KeizerWorking]:
    """Every ranked player's Keizer working after round ``after``."""
    standing = evaluation.keizer_standing(after)
    settings = keizer_settings(evaluation.tournament)
    values = standing.values
    place = {pid: i + 1 for i, pid in enumerate(standing.ranking)}
    steps: dict[str, list[KeizerStep]] = {pid: [] for pid in standing.ranking}
    earned: dict[str, Fraction] = {pid: Fraction(0) for pid in standing.ranking}
    notices: dict[str, int] = {}

    def add(pid: str, rnd: int, what: str, share: Fraction, value: int) -> None:
        amount = share * value
        earned[pid] += amount
        steps[pid].append(
            KeizerStep(str(rnd), what, f"{share_text(share)} × {value}", text.decimal(amount))
        )

    def credit(pid: str, rnd: int, kind: Credit, what: str) -> None:
        if kind is Credit.NOTICE:
            notices[pid] = notices.get(pid, 0) + 1
            if settings.max_notice is not None and notices[pid] > settings.max_notice:
                steps[pid].append(
                    KeizerStep(
                        str(rnd),
                        _("{what}: over the {count} credited").format(
                            what=what, count=settings.max_notice
                        ),
                        "",
                        "0",
                    )
                )
                return
        what = _("{what}: a share of own value").format(what=what)
        add(pid, rnd, what, settings.credit_share(kind), values[pid])

    for rnd in evaluation.keizer_rounds:
        if rnd.number > after:
            continue
        for game in rnd.games:
            if game.result is None:
                continue
            for pid, white in ((game.white, True), (game.black, False)):
                if pid not in steps:
                    continue
                outcome = game.result.outcome(white)
                if outcome in _GAME:
                    opponent = game.opponent(pid)
                    ref = refs.get(opponent)
                    name = text.person(ref.name, ref.title) if ref else opponent
                    what = _(_GAME[outcome]).format(opponent=name, place=place.get(opponent, "–"))
                    add(
                        pid,
                        rnd.number,
                        what,
                        _opponent_share(settings, outcome),
                        values.get(opponent, 0),
                    )
                else:
                    kind, what = _OUTCOME_CREDIT[outcome]
                    credit(pid, rnd.number, kind, _(what))
        for pid, kind in rnd.credits:
            if pid in steps:
                credit(pid, rnd.number, kind, _CREDIT_TEXT[kind])

    workings = {}
    for pid in standing.ranking:
        own = values[pid]
        lines = list(steps[pid])
        total = earned[pid]
        if settings.own_value_once:
            lines.insert(
                0,
                KeizerStep(
                    "",
                    _("own value (place {place})").format(place=place[pid]),
                    f"1 × {own}",
                    str(own),
                ),
            )
            total += own
        note = (
            _(
                "With the values of the ranking after round {after} (place 1 worth "
                "{top}), recomputed from round 1 until the ranking "
                "no longer changed ({passes} passes)."
            ).format(after=after, top=values[standing.ranking[0]], passes=standing.iterations)
            if standing.stable
            else _(
                "The ranking after round {after} runs in a cycle: the values of the "
                "first repeat are shown (docs/keizer.md)."
            ).format(after=after)
        )
        workings[pid] = KeizerWorking(text.decimal(total), place[pid], own, tuple(lines), note)
    return workings
