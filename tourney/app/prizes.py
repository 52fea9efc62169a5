"""The prize list of a tournament folder (``tourney prizes``, docs/prizes.md).

Reads and checks the folder, evaluates it and awards tournament.yaml's ``prizes:``
after round ``after`` (default: the last with a result): one row per prize won.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tourney.check.validate import validate
from tourney.engine.evaluation import evaluate
from tourney.engine.finalize import number_text
from tourney.engine.prizes import prize_shares
from tourney.errors import Diagnostic, Refused
from tourney.model import Tournament


@dataclass(frozen=True, slots=True)
class PrizeList:
    tournament: Tournament
    after: int
    rows: tuple[dict[str, Any], ...]  # id, name, prize, place, shared_by, points, cents...
    warnings: tuple[Diagnostic, ...]


def prize_list(folder: Path, after: int | None = None) -> PrizeList:
    """``InvalidInput`` for a folder with errors; ``Refused`` without prizes or results."""
    validated = validate(folder)
    t = validated.require_tournament()
    prizes = t.settings.prizes
    if prizes is None:
        raise Refused(f"{folder}/tournament.yaml has no 'prizes:' (docs/prizes.md)")
    evaluation = evaluate(t)
    last = evaluation.last_decided
    if after is not None and after > last:
        raise Refused(f"--after {after}: the last round with a result is {last}")
    played = after or last
    if not played:
        raise Refused("no round has a result yet: no prize list")
    result = evaluation.standings(played)
    rows = []
    for share in prize_shares(t, result):
        player = t.player(share.player)
        rows.append(
            {
                "id": share.player,
                "name": player.name,
                "prize": share.group,
                "place": share.places,
                "shared_by": share.shared,
                "points": number_text(result.row(share.player).points),
                "amount": share.cents / 100,
                "cents": share.cents,
                "currency": prizes.currency,
                "fide_id": player.fide_id,
                "federation": player.federation,
            }
        )
    return PrizeList(t, played, tuple(rows), validated.warnings)
