"""``tourney player withdraw`` in a round robin: the withdrawal and its forfeits on the boards.

A round robin is paired whole at the start (docs/round-robin.md), so a player
who withdraws still has boards in every later round. FIDE's rule for it is the
General Regulations for Competitions 6.6 (formerly C.06 V.4), which
``tourney.engine.withdrawals`` applies to the standings:

* fewer than half of the scheduled games completed: the player's results are
  annulled (6.6 a);
* at least half: the results stand and the remaining games are lost by
  forfeit (6.6 b).

Either way "the unplayed games of the player ... are indicated by '-' in the
tournament table and those of his opponents by '+'; if neither player is
present, by two '-'". So the command writes ``withdrawn_after: N`` in
players.yaml (through ``edit.players``) and then that same forfeit on each of
the player's later boards that has no result: ``-/+`` or ``+/-``, ``-/-``
against a player who withdrew earlier. The round files then show what the
tournament table shows, and the later rounds can be complete. A board that
already holds a result (a game played ahead) keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from tourney.edit.results import Change
from tourney.edit.results_batch import Entry, enter_round
from tourney.engine import withdrawals as gr66
from tourney.model import Game, Player, Result, Tournament


@dataclass(frozen=True, slots=True)
class RoundRobinWithdrawal:
    """What the withdrawal does: GR 6.6 a or b, and the forfeits written on the boards."""

    rule: str  # one sentence: how many games were played, and what 6.6 makes of it
    forfeits: tuple[Change, ...]


def applies(t: Tournament) -> bool:
    """An individual round robin (a team round robin withdraws teams in teams.yaml)."""
    return gr66.applies(t)


def default_after(t: Tournament, player: Player) -> int:
    """The last round in which the player played a game over the board (0: none yet); a
    forfeit (one written for an opponent's withdrawal, say) does not count."""
    return max(
        (
            rnd.number
            for rnd in t.rounds
            for game in rnd.games
            if game.involves(player.id) and game.result is not None and game.result.is_played
        ),
        default=0,
    )


def _forfeit(marks: gr66.Withdrawals, round_no: int, game: Game, player: Player) -> Result | None:
    """The result the player's board of a round after the withdrawal gets, or None to keep
    it: a board without a result gets the forfeit GR 6.6 implies; a forfeit the player won
    (the opponent was gone) becomes ``-/-``, for neither player was present."""
    if game.result is None:
        mark = marks.marked(round_no, game)
        return mark.derived if mark is not None else None
    won = Result.WHITE_FORFEIT_WIN if game.white == player.id else Result.BLACK_FORFEIT_WIN
    return Result.DOUBLE_FORFEIT if game.result is won else None


def withdraw(
    folder: Path, t: Tournament, player: Player, after: int, write_players: Callable[[], object]
) -> RoundRobinWithdrawal:
    """Write the withdrawal (``write_players``, players.yaml) and the forfeits it implies."""
    write_players()
    withdrawn = replace(
        t,
        players=tuple(
            replace(p, withdrawn_after=after) if p.id == player.id else p for p in t.players
        ),
    )
    marks = gr66.withdrawals(withdrawn)
    facts = marks.of(player.id)
    assert facts is not None  # the player is approved and withdrawn: GR 6.6 applies
    forfeits: list[Change] = []
    for rnd in sorted(withdrawn.rounds, key=lambda r: r.number):
        if rnd.number <= after:
            continue
        entries = [
            Entry(0, str(board), forfeit)
            for board, game in enumerate(rnd.games, start=1)
            if game.involves(player.id)
            and (forfeit := _forfeit(marks, rnd.number, game, player)) is not None
        ]
        if entries:
            batch = enter_round(folder, rnd.number, entries, "<withdrawal>", overwrite=True)
            forfeits.extend(batch.changes)
    part = "a" if facts.annulled else "b"
    what = (
        "fewer than half: the results are annulled"
        if facts.annulled
        else "at least half: the results stand and the remaining games are forfeited"
    )
    rule = (
        f"{player.name} played {facts.completed} of {facts.scheduled} games, {what} "
        f"({gr66.RULE} {part})"
    )
    return RoundRobinWithdrawal(rule, tuple(forfeits))
