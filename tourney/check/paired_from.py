"""W203: a result changed in a round that a later round was paired from.

``tourney pair`` records in rounds/NN.why.txt the results digest of every
earlier round (``tourney.engine.digest``). When a round's results no longer give
that digest, the later round was paired from the old result: the arbiter
decides whether to pair it again (before it has results) or to let it stand.
Rounds paired before tourney recorded the digests are not compared.
"""

from __future__ import annotations

from tourney.check.context import Context, at
from tourney.engine.digest import results_digest
from tourney.errors import Diagnostic
from tourney.load.why import paired_from
from tourney.model import Format

# The formats whose pairing depends on earlier results (a round robin's does not).
PAIRED_ON_RESULTS = (Format.SWISS, Format.KEIZER, Format.TEAM_SWISS)


def changed_after_pairing(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    if t.settings.format not in PAIRED_ON_RESULTS:
        return []
    out = []
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        recorded = paired_from(ctx.folder, rnd.number)
        for number, digest in sorted(recorded.items()):
            earlier = t.round(number)
            if earlier is None or results_digest(earlier) == digest:
                continue
            out.append(
                at(
                    ctx.sources.board_list(number),
                    "W203",
                    f"round {rnd.number} was paired from the old results of round {number}: "
                    f"a result of round {number} changed since",
                    f"if round {rnd.number} has no results yet, pair it again with "
                    f"'tourney pair --round {rnd.number} --replace'; otherwise the pairing "
                    "stands (docs/results.md)",
                    severity="warning",
                )
            )
            break  # the first changed round says it; the later ones follow from it
    return out
