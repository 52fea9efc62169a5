"""prizes.html: tournament.yaml's ``prizes:`` awarded after the last round with a result.

The engine (``engine/prizes.py``, docs/prizes.md) shares the amounts; this module
names each group as the category page does and writes the amounts in the event's
currency. The same view model prints as ``tourney print FOLDER prizes``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from tourney.engine.prizes import by_group, prize_shares
from tourney.i18n import gettext as _
from tourney.model import PrizeGroup, Prizes, Sharing
from tourney.render.site.categories import _band_label
from tourney.render.site.individual import PlayerPages
from tourney.render.text import decimal
from tourney.render.views import PrizeRow, PrizesPage, PrizeTable


def group_name(group: PrizeGroup) -> str:
    """A group as the page names it: its own ``name``, else the category's label."""
    if group.category == "":
        return _("Place prizes")
    default = f"club {group.club}" if group.category == "club" else group.category
    if group.name != default:
        return group.name
    if group.category == "women":
        return _("Women")
    if group.category == "members":
        return _("Club members")
    if group.category == "club":
        return _("Club: {club}").format(club=group.club)
    if group.category.startswith("U") or group.category.endswith("+"):
        return group.category
    return _("Rating {band}").format(band=_band_label(group.category))


def amount_text(cents: int, currency: str) -> str:
    """An amount with cents in the page's language: "275.00 EUR", "275,00 EUR" in Dutch."""
    return f"{decimal(Fraction(cents, 100), 2)} {currency}"


def _announced(group: PrizeGroup, currency: str) -> str:
    """The amounts as written: whole units without decimals, else with cents."""
    shown = [str(a.numerator) if a.denominator == 1 else decimal(a, 2) for a in group.amounts]
    return f"{' · '.join(shown)} {currency}" if shown else ""


def sharing_text(prizes: Prizes) -> str:
    texts = {
        Sharing.EQUAL: _(
            "Players on equal points share the prizes of the places they occupy equally."
        ),
        Sharing.HORT: _(
            "Players on equal points share the prizes of the places they occupy by the Hort "
            "system: half in equal parts, half by the tie-break order."
        ),
        Sharing.TIEBREAK: _(
            "Prizes go by the tie-break order; only players equal on every tie-break share."
        ),
    }
    return texts[prizes.sharing]


def one_prize_text(prizes: Prizes) -> str:
    if prizes.order:
        names = ", ".join(group_name(g) for n in prizes.order for g in prizes.groups if g.name == n)
        return _("One prize per player, in this order: {groups}.").format(groups=names)
    return _("One prize per player: the highest.")


def prizes_page(players: PlayerPages) -> PrizesPage | None:
    """The page of an individual event with ``prizes:`` and a round with a result."""
    data = players.data
    t = data.tournament
    prizes = t.settings.prizes
    after = data.last_decided
    if prizes is None or not after:
        return None
    result = players.standings(after)
    shares = prize_shares(t, result)
    tables = []
    for group, won in by_group(prizes, shares):
        rows = tuple(
            PrizeRow(
                s.places,
                data.refs[s.player],
                players.score_text(result.row(s.player).points),
                amount_text(s.cents, prizes.currency),
                s.shared,
            )
            for s in won
        )
        tables.append(PrizeTable(group_name(group), _announced(group, prizes.currency), rows))
    title = _("Prizes after round {number}").format(number=after)
    return PrizesPage(
        frame=players.frames("prizes.html", title),
        after=after,
        final=data.evaluation.final(after),
        sharing=sharing_text(prizes),
        one_prize=one_prize_text(prizes),
        tables=tuple(tables),
        total=amount_text(sum(s.cents for s in shares), prizes.currency),
    )


def prize_pages(players: PlayerPages) -> Iterator[tuple[str, object]]:
    """prizes.html, when the event has prizes and a round with a result."""
    page = prizes_page(players)
    if page is not None:
        yield "prizes.html", page
