"""The tests' shared builders: tiny tournaments, a CLI runner, git, Hypothesis strategies.

Tests build what they check from these, so that a test reads as its case:

>>> t = event(rnd(1, "A-B 1-0", "C-D =", "E bye"), players="ABCDE")
>>> [(g.white, g.black, g.result.value) for g in t.rounds[0].games]
[('A', 'B', '1-0'), ('C', 'D', '½-½')]
>>> t.rounds[0].byes[0].kind.value
'pab'
>>> team_event(teams="AB").teams[1].roster
('b1', 'b2', 'b3', 'b4')
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import click
from click.testing import CliRunner
from hypothesis import strategies as st

from tourney.model import (
    Bye,
    ByeKind,
    Format,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)

# -- tournaments ------------------------------------------------------------------------------

PlayerSpec = str | Iterable[str] | Mapping[str, int | None] | Iterable[Player]

# Results as a test writes them: "1" "0" "=" (and the file spellings 1-0, ½-½, 0-1, +/-, ...).
SHORT_RESULTS = {
    "1": Result.WHITE_WINS,
    "0": Result.BLACK_WINS,
    "=": Result.DRAW,
    "+": Result.WHITE_FORFEIT_WIN,
    "-": Result.BLACK_FORFEIT_WIN,
    "--": Result.DOUBLE_FORFEIT,
}
BYE_WORDS = {"bye": ByeKind.PAB, **{k.value: k for k in ByeKind}}


def players(
    spec: PlayerSpec = "ABCD",
    numbered: bool = True,
    name: Callable[[str], str] = str,
    **fields: Any,
) -> tuple[Player, ...]:
    """Players from ids (``"ABCD"`` or a list) or ids with ratings (``{"a": 2000}``).

    Each is named ``name(id)`` (the id itself by default); ``numbered`` gives pairing
    numbers 1, 2, ... in that order; ``fields`` go to every player.
    """
    if isinstance(spec, Mapping):
        entries = [(pid, {"rating": rating}) for pid, rating in spec.items()]
    else:
        items = list(spec)
        if items and isinstance(items[0], Player):
            return tuple(items)  # type: ignore[arg-type]
        entries = [(str(pid), {}) for pid in items]
    return tuple(
        Player(pid, name(pid), **({"start": i} if numbered else {}), **extra, **fields)
        for i, (pid, extra) in enumerate(entries, start=1)
    )


def event(
    *rounds: Round,
    players: PlayerSpec | None = None,
    fmt: Format = Format.SWISS,
    planned: int | None = 5,
    name: str = "T",
    teams: tuple[Team, ...] = (),
    **settings: Any,
) -> Tournament:
    """A tournament of ``players`` (default A-D, numbered) with ``rounds`` played.

    ``planned`` is tournament.yaml's ``rounds`` (None: as many as are played);
    ``settings`` are any other ``Settings`` fields (scoring=..., tiebreaks=...).
    """
    people = _players(players)
    count = len(rounds) if planned is None else planned
    return Tournament(Settings(name, fmt, count, **settings), people, teams, tuple(rounds))


def _players(spec: PlayerSpec | None) -> tuple[Player, ...]:
    return players("ABCD" if spec is None else spec)


def team_event(
    *rounds: Round,
    teams: str = "ABCD",
    boards: int = 4,
    fmt: Format = Format.TEAM_SWISS,
    planned: int | None = None,
    rating: int | None = None,
    team_fields: Mapping[str, Mapping[str, Any]] | None = None,
    name: str = "T",
    **settings: Any,
) -> Tournament:
    """Teams named by letters, numbered in order, each of ``boards`` players ``a1, a2, ...``.

    ``team_fields`` sets fields per team (``{"A": {"withdrawn_after": 2}}``); ``rating``
    every player's rating; ``settings`` other ``Settings`` fields (``scoring=...``).
    """
    extra = team_fields or {}
    squad = tuple(
        Team(
            t,
            f"Team {t}",
            roster=tuple(f"{t.lower()}{b}" for b in range(1, boards + 1)),
            start=i,
            **extra.get(t, {}),
        )
        for i, t in enumerate(teams, start=1)
    )
    people = tuple(Player(p, p, rating=rating) for team in squad for p in team.roster)
    settings.setdefault("team", TeamOptions(boards=boards))
    count = len(rounds) if planned is None else planned
    return Tournament(Settings(name, fmt, count, **settings), people, squad, tuple(rounds))


def rnd(number: int, *boards: str) -> Round:
    """A round from lines like ``"A-B 1-0"``, ``"C-D ="``, ``"E-F"`` (not played), ``"G bye"``.

    A result is a short one of ``SHORT_RESULTS`` or a file spelling (``1-0``, ``½-½``,
    ``+/-``); a bye line names the kind: ``bye`` (the PAB), ``half``, ``full``, ``zero``.
    """
    games, byes = [], []
    for board, line in enumerate(boards, start=1):
        pair, _, outcome = line.strip().partition(" ")
        if outcome in BYE_WORDS:
            byes.append(Bye(pair, BYE_WORDS[outcome]))
            continue
        white, black = pair.split("-")
        games.append(Game(white, black, result(outcome) if outcome else None, board))
    return Round(number, games=tuple(games), byes=tuple(byes))


def result(text: str) -> Result:
    return SHORT_RESULTS.get(text) or Result(text)


# -- the command line ---------------------------------------------------------------------------


def group(*commands: click.Command) -> click.Group:
    """A ``tourney`` group of just these commands (the test then needs no other module)."""
    cli = click.Group("tourney")
    for command in commands:
        cli.add_command(command)
    return cli


def runner(
    command: click.Command | Callable[[], click.Command] | None = None,
    *prefix: str,
    catch_exceptions: bool = True,
) -> Callable[..., tuple[int, str, str]]:
    """A ``run(*args, stdin=None) -> (exit code, stdout, stderr)`` for ``command``.

    ``command`` is a click command or group, or a function making one (built at each
    run); None is the whole ``tourney`` command line. ``prefix`` goes before the args.
    """

    def run(*args: object, stdin: str | None = None) -> tuple[int, str, str]:
        target = _command(command)
        out = CliRunner().invoke(
            target, [*prefix, *map(str, args)], input=stdin, catch_exceptions=catch_exceptions
        )
        return out.exit_code, out.stdout_bytes.decode("utf-8"), out.stderr

    return run


def merged(run: Callable[..., tuple[int, str, str]]) -> Callable[..., tuple[int, str]]:
    """``run`` with stdout and stderr as one text, for tests that read them together."""

    def both(*args: object, stdin: str | None = None) -> tuple[int, str]:
        code, out, err = run(*args, stdin=stdin)
        return code, out + err

    return both


def _command(command: click.Command | Callable[[], click.Command] | None) -> click.Command:
    if command is None:
        from tourney.cli import cli

        return cli
    if isinstance(command, click.Command):
        return command
    return command()


# -- git ---------------------------------------------------------------------------------------

# A fixed arbiter, and none of the machine's own git configuration (hooks, signing, templates).
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Arbiter",
    "GIT_AUTHOR_EMAIL": "arbiter@example.org",
    "GIT_COMMITTER_NAME": "Arbiter",
    "GIT_COMMITTER_EMAIL": "arbiter@example.org",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
}


def git(repo: Path, *args: str) -> str:
    """``git -C repo ARGS`` as that arbiter; its output. A failure raises
    ``subprocess.CalledProcessError``, with git's message shown by pytest."""
    done = subprocess.run(
        ["git", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        env={**os.environ, **GIT_ENV},
        check=False,
    )
    if done.returncode != 0:
        error = subprocess.CalledProcessError(done.returncode, done.args, done.stdout, done.stderr)
        error.add_note(done.stderr)
        raise error
    return done.stdout


def git_repo(folder: Path) -> Path:
    """A new, empty repository on branch ``main`` in ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    git(folder, "init", "-q", "-b", "main")
    return folder


def commit(repo: Path, message: str) -> str:
    """Commit every file of the work tree; the new commit's id."""
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


# -- Hypothesis strategies ------------------------------------------------------------------

RESULTS_OR_PENDING = st.sampled_from([*Result, None])
BYE_KINDS = st.sampled_from(list(ByeKind))
SCORINGS = st.sampled_from(
    [
        Scoring(),
        Scoring(
            win=Fraction(3), draw=Fraction(1), pab=Fraction(3), full_bye=Fraction(3),
            forfeit_win=Fraction(3), half_bye=Fraction(1),
        ),
    ]
)  # fmt: skip


@st.composite
def swiss_events(draw: st.DrawFn, max_players: int = 10, max_rounds: int = 5) -> Tournament:
    """Individual events with random pairings, every result, byes and absences.

    The pairings follow no system: the strategy is for properties that hold for any
    crosstable (scores, tie-breaks, readers and writers), not for pairing rules.
    """
    count = draw(st.integers(2, max_players))
    field = tuple(
        Player(f"x{i}", f"Name{i}", rating=draw(st.none() | st.integers(1000, 2800)), start=i)
        for i in range(1, count + 1)
    )
    rounds = []
    for number in range(1, draw(st.integers(1, max_rounds)) + 1):
        ids = list(draw(st.permutations([p.id for p in field])))
        seated = ids[: draw(st.integers(0, len(ids) // 2)) * 2]
        rest = ids[len(seated) :]
        games = tuple(
            Game(seated[i], seated[i + 1], draw(RESULTS_OR_PENDING), i // 2 + 1)
            for i in range(0, len(seated), 2)
        )
        byes = tuple(Bye(pid, draw(BYE_KINDS)) for pid in rest[: draw(st.integers(0, len(rest)))])
        rounds.append(Round(number, games=games, byes=byes))
    settings = Settings("Generated", Format.SWISS, len(rounds), scoring=draw(SCORINGS))
    return Tournament(settings, field, (), tuple(rounds))
