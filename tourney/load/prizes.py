"""tournament.yaml ``prizes:`` -> ``model.Prizes`` (docs/prizes.md), every mistake with its line.

The smallest form::

    prizes:
      currency: EUR
      sharing: hort          # equal | hort | tiebreak
      places: [500, 300, 200, 100]

and the category prizes, each a list of amounts for one category of the category page
(docs/site.md "Categories"), a club's members, or the players of one club::

      categories:
        - {category: women, places: [100, 50]}
        - {category: U14, places: [50]}
        - {category: 1800-1999, places: [75]}
        - {category: club, club: SC Amstel, places: [40], name: Best Amstel player}
      order: [places, women]   # optional: one prize each in this order (default: the highest)
"""

from __future__ import annotations

import re
from fractions import Fraction

from yaml.nodes import Node, ScalarNode

from tourney.engine.categories import category_names
from tourney.errors import did_you_mean
from tourney.load.fields import Fields, Report, kind_of
from tourney.load.yamlsource import scalar_value
from tourney.model import Categories, PrizeGroup, Prizes, Sharing

PRIZE_KEYS = ("currency", "sharing", "places", "categories", "order")
PRIZE_GROUP_KEYS = ("category", "club", "places", "name")
PLACES = "places"  # the name of the place prizes' group (for ``order``)
_MONEY = re.compile(r"[0-9]{1,12}(\.[0-9]{1,2})?")
_CURRENCY = re.compile(r"[A-Z]{3}")
_SPECIAL = ("members", "club")


def _amount(report: Report, file: str, node: Node) -> Fraction | None:
    value = scalar_value(node) if isinstance(node, ScalarNode) else None
    text = str(node.value).strip() if isinstance(node, ScalarNode) else ""
    if isinstance(value, bool) or not _MONEY.fullmatch(text):
        shown = text if isinstance(node, ScalarNode) else kind_of(node)
        report.error(
            file,
            node,
            f"a prize must be an amount of money like 500 or 12.50, not '{shown}'",
            "whole units or cents: at most 2 decimals, no currency sign, not negative",
            code="E445",
        )
        return None
    return Fraction(text)


def _amounts(report: Report, file: str, f: Fields) -> tuple[Fraction, ...]:
    return f.list_of(PLACES, "amounts", lambda n: _amount(report, file, n))


def _group(
    report: Report, file: str, node: Node, categories: Categories, known: tuple[str, ...]
) -> PrizeGroup | None:
    f = Fields(report, file, node, "a category prize", PRIZE_GROUP_KEYS)
    if not isinstance(f.values, dict) or f.node is not node or not f.values:
        return None
    if not f.require("category", PLACES):
        return None
    category_node = f.values["category"]
    category = f.text("category").strip()
    folded = category.casefold()
    named = {name.casefold(): name for name in (*known, *_SPECIAL)}
    if folded not in named:
        f.error(
            category_node,
            f"'{category}' is not a category of this event",
            did_you_mean(category, named.values())
            or "categories: " + ", ".join(named.values()) + " (tournament.yaml 'categories:')",
            code="E446",
        )
        return None
    category = named[folded]
    club = f.text("club").strip()
    if category == "club" and not club:
        f.error(
            category_node,
            "a club prize needs 'club:', the club's name as players.yaml writes it",
            "e.g. {category: club, club: SC Amstel, places: [50]}",
            code="E446",
        )
        return None
    if club and category != "club":
        f.error(f.key_nodes["club"], "'club:' is for category: club", code="E446")
    name = f.name("name", optional=True) or (f"club {club}" if category == "club" else category)
    return PrizeGroup(name, _amounts(report, file, f), category, club)


def read_prizes(
    report: Report, file: str, parent: Fields, categories: Categories, team: bool = False
) -> Prizes | None:
    """``prizes:`` of tournament.yaml, or None when there is none."""
    node = parent.mapping("prizes")
    if node is None:
        return None
    if team:
        parent.error(
            parent.key_nodes["prizes"],
            "'prizes' are for individual events",
            "a team event's board prizes: tourney print FOLDER board-prizes",
            code="E449",
        )
        return None
    f = Fields(report, file, node, "prizes", PRIZE_KEYS)
    f.require("currency", PLACES)
    currency = f.text("currency", "").strip()
    if f.has("currency") and not _CURRENCY.fullmatch(currency):
        f.error(
            f.values["currency"],
            f"the currency '{currency}' is not a three-letter code",
            "an ISO 4217 code in capitals: EUR, USD, GBP, ...",
            code="E448",
        )
    sharing = f.choice("sharing", Sharing, Sharing.EQUAL)
    groups = [PrizeGroup(PLACES, _amounts(report, file, f))]
    known = category_names(categories)
    for item in f.items("categories", "category prizes"):
        group = _group(report, file, item, categories, known)
        if group is None:
            continue
        if group.name in {g.name for g in groups}:
            report.error(
                file,
                item,
                f"two prize groups are named '{group.name}'",
                "give one of them its own 'name:'",
                code="E447",
            )
            continue
        groups.append(group)
    order: list[str] = []
    for item in f.items("order", "prize group names"):
        value = str(item.value).strip() if isinstance(item, ScalarNode) else ""
        if value not in {g.name for g in groups} or value in order:
            report.error(
                file,
                item,
                f"'{value}' in 'order' is not a prize group, or named twice",
                "the groups: " + ", ".join(g.name for g in groups),
                code="E447",
            )
            continue
        order.append(value)
    return Prizes(currency, sharing, tuple(groups), tuple(order))
