"""``tourney export DIR`` and ``tourney import FILE.trf DIR``: TRF-2026 / TRF16 out and in.

Export writes :func:`tourney.app.export.trf_text` of the folder to a file or
to standard output. Import reads a TRF (TRF16, TRF-2026 with its team records,
the engines' XX records and the project's XXO dialect) with
:mod:`tourney.load.trf`, makes the few values a folder is stricter about fit
(titles ``g``/``wm`` -> ``GM``/``WIM``, federation and sex codes), and writes a
new tournament folder with :func:`tourney.edit.folder_writer.write_folder`: all
files or none, never into a folder that has files. docs/trf.md lists what a
TRF cannot carry; those settings come back on their defaults.

The commands are ``export_command`` and ``import_command``; the package's
command list registers them.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

import click

from tourney.app.export import trf_text
from tourney.app.folder import open_tournament
from tourney.cli.common import fail, print_diagnostics
from tourney.cli.progress import Steps
from tourney.edit.folder_writer import folder_files, write_folder
from tourney.engine.teams.lineups import check_lineups
from tourney.engine.tiebreaks import defaults
from tourney.engine.tiebreaks.checked import check_tiebreak
from tourney.engine.tiebreaks.descriptor import DescriptorError
from tourney.errors import Diagnostic, InvalidInput, TourneyError
from tourney.fs.atomic import write_bytes
from tourney.load.fide_federations import ANY, FIDE_CODES
from tourney.load.folder import display
from tourney.load.trf import parse_trf
from tourney.load.trf_lines import decode, split_lines
from tourney.load.trf_records import read_records
from tourney.model import BoardOrder, LineupRule, Player, Settings, Tournament
from tourney.render.trf.individual import VERSIONS, Version, numbers_problem, player_numbers

# TRF16-era title codes (FIDE rating lists) -> the titles players.yaml takes.
TITLE_CODES = {
    "G": "GM", "M": "IM", "F": "FM", "C": "CM",
    "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM",
}  # fmt: skip
TITLES = frozenset(("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"))
SEX_CODES = {"m": "m", "w": "w", "f": "w"}
_FEDERATION = re.compile(r"^[A-Z]{2,3}$")


def _fit_player(player: Player, file: str, notes: list[Diagnostic]) -> Player:
    """The player with values players.yaml accepts; every change is noted."""
    changes: dict[str, object] = {}
    title = player.title.strip().upper()
    title = TITLE_CODES.get(title, title)
    if title != player.title or (title and title not in TITLES):
        changes["title"] = title if title in TITLES else ""
    federation = player.federation.strip().upper()
    if federation != player.federation:
        changes["federation"] = federation if _FEDERATION.match(federation) else ""
    elif federation and not _FEDERATION.match(federation):
        changes["federation"] = ""
    sex = SEX_CODES.get(player.sex.strip().lower(), "")
    if sex != player.sex:
        changes["sex"] = sex
    if player.fide_id and not player.fide_id.isdigit():
        changes["fide_id"] = ""
    if player.birth_year is not None and not 1900 <= player.birth_year <= 2100:
        changes["birth_year"] = None
    if player.rating is not None and not 0 <= player.rating <= 3500:
        changes["rating"] = None
    for key, value in changes.items():
        if value in ("", None):
            notes.append(
                Diagnostic(
                    file,
                    0,
                    0,
                    f"player {player.id}: {key} '{getattr(player, key)}' cannot be kept",
                    severity="warning",
                    code="W340",
                )
            )
    return dataclasses.replace(player, **changes) if changes else player  # type: ignore[arg-type]


def _fit_settings(settings: Settings, file: str, notes: list[Diagnostic]) -> Settings:
    changes: dict[str, object] = {}
    federation = settings.federation.strip().upper()
    if federation != settings.federation or (federation and not _FEDERATION.match(federation)):
        changes["federation"] = federation if _FEDERATION.match(federation) else ""
    kept = []
    for code in settings.tiebreaks:
        try:
            check_tiebreak(code, team=settings.format.is_team)
            kept.append(code)
        except DescriptorError:
            notes.append(
                Diagnostic(
                    file,
                    0,
                    0,
                    f"tie-break '{code}' is not known: left out",
                    severity="warning",
                    code="W341",
                )
            )
    if len(kept) != len(settings.tiebreaks):
        changes["tiebreaks"] = tuple(kept)
    return dataclasses.replace(settings, **changes) if changes else settings  # type: ignore[arg-type]


def imported(source: bytes, file: str) -> tuple[Tournament, list[Diagnostic]]:
    """The tournament in TRF bytes, ready for a folder, and the warnings found on the way.

    Raises ``InvalidInput`` with every error of the file.
    """
    read = parse_trf(source, file)  # forbidden pairings and acceleration included
    notes = list(read.warnings)
    t = read.tournament
    players = tuple(_fit_player(p, file, notes) for p in t.players)
    settings = _fit_settings(t.settings, file, notes)
    others = sorted(
        ({p.federation for p in players} | {settings.federation}) - {""} - set(FIDE_CODES)
    )
    if others:  # docs/folder-format.md "Federation codes": a national event's own codes
        settings = dataclasses.replace(settings, federations=(ANY,))
        notes.append(
            Diagnostic(
                file,
                0,
                0,
                "federation codes that are not FIDE's (" + ", ".join(others) + "): "
                "tournament.yaml gets 'federations: any'",
                severity="warning",
                code="W342",
            )
        )
    t = dataclasses.replace(t, settings=settings, players=players)
    if not settings.tiebreaks:
        notes.append(_assumed_tiebreaks(t, file))
    return _fit_board_order(t, file, notes), notes


def _assumed_tiebreaks(t: Tournament, file: str) -> Diagnostic:
    """The file names no tie-breaks (202, 212): say which rank the folder, and how to change."""
    s = t.settings
    codes = ", ".join(str(d) for d in defaults(s.format, primary=s.scoring.primary))
    stated = any(p.official_rank is not None for p in t.players)
    return Diagnostic(
        file,
        0,
        0,
        f"the file names no tie-breaks (records 202, 212): standings use the "
        f"{'default' if s.format.is_team else 'FIDE default'} "
        f"for a {s.format.value}, {codes or 'none'}"
        + ("; the file's own ranks are kept as 'official rank'" if stated else ""),
        "to rank by others, set 'tiebreaks: [...]' in tournament.yaml (docs/tiebreaks.md)",
        severity="warning",
        code="W343",
    )


def _fit_board_order(t: Tournament, file: str, notes: list[Diagnostic]) -> Tournament:
    """Line-ups a TRF played outside the FIDE line-up rules need looser team options."""
    if not t.is_team:
        return t

    def errors(x: Tournament) -> int:
        return sum(p.severity == "error" for p in check_lineups(x))

    best, count = t, errors(t)
    options = t.settings.team
    for order, rule in (
        (BoardOrder.CHOSEN, options.lineups),
        (options.board_order, LineupRule.FREE),
        (BoardOrder.CHOSEN, LineupRule.FREE),
    ):
        if not count:
            break
        team = dataclasses.replace(options, board_order=order, lineups=rule)
        candidate = dataclasses.replace(t, settings=dataclasses.replace(t.settings, team=team))
        if (found := errors(candidate)) < count:
            best, count = candidate, found
    if best is not t:
        team = best.settings.team
        notes.append(
            Diagnostic(
                file,
                0,
                0,
                "the line-ups in this file break the FIDE line-up rules, so the folder gets "
                f"'board_order: {team.board_order.value}' and 'lineups: {team.lineups.value}'",
                severity="warning",
                code="W344",
            )
        )
    return best


_HEADER_KEYS = {"name": "name", "city": "place", "federation": "federation"}
_KEY = re.compile(r"^\s*(\w+):")
_ID = re.compile(r"\b(?:white|player|id|participant): *\"?(\w+)")


def at_trf_lines(error: InvalidInput, t: Tournament, source: bytes, file: str) -> list[Diagnostic]:
    """The errors of the folder an import wrote, at the TRF line each value came from.

    The folder is written to a hidden temporary folder and read back; its file is gone
    by the time an error prints, so each error names the TRF line (the header record of
    a tournament.yaml key, the player's 001 line, the round's cell on it) and the folder
    file in its message.
    """
    doc = read_records(split_lines(decode(source)[0]), file)
    texts = folder_files(t)
    by_start = {r.start: r for r in doc.players}
    out = []
    for d in error.diagnostics:
        parts = Path(d.file).parts
        staged = next((i for i, p in enumerate(parts) if p.endswith(".tmp")), None)
        if staged is None:
            out.append(d)
            continue
        relative = "/".join(parts[staged + 1 :]) or "."
        lines = texts.get(relative, "").splitlines()
        text = lines[d.line - 1] if 0 < d.line <= len(lines) else ""
        line, col = 0, 0
        key = _KEY.match(text)
        found = _ID.search(text)
        if found is None and relative in ("players.yaml", "teams.yaml"):
            # a key of an entry (name, roster...): the entry's own '- id:' line above
            above = (_ID.search(x) for x in reversed(lines[: max(d.line - 1, 0)]))
            found = next((m for m in above if m is not None), None)
        teams = {r.number: r for r in doc.team.rosters or doc.team.rosters_013}
        if relative == "tournament.yaml" and key and key.group(1) in _HEADER_KEYS:
            line, col = doc.header_lines.get(_HEADER_KEYS[key.group(1)], 0), 5
        elif relative == "teams.yaml" and found and found.group(1).isdigit():
            team = teams.get(int(found.group(1)))  # a team's 310 (or 013) record
            line, col = (team.line.number, 5) if team is not None else (0, 0)
        elif found and found.group(1).isdigit() and int(found.group(1)) in by_start:
            record = by_start[int(found.group(1))]
            line, col = record.line, 1
            number = re.fullmatch(r"rounds/(\d+)\.yaml", relative)
            for cell in record.rounds if number else ():
                if cell.round == int(number.group(1)):  # type: ignore[union-attr]
                    line, col = cell.line, cell.col
        where = f"{relative} line {d.line}" if d.line else relative
        out.append(
            dataclasses.replace(
                d, file=file, line=line, col=col, message=f"{d.message} (the folder's {where})"
            )
        )
    return out


@click.command("export")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the TRF to this file (default: standard output).",
)
@click.option(
    "--format",
    "version",
    type=click.Choice(VERSIONS),
    default="trf26",
    show_default=True,
    help="TRF-2026 (with the team records), or TRF16 for tools that only read the old format.",
)
@click.option(
    "--requested-byes",
    type=click.Choice(["counted", "uncounted"]),
    default="counted",
    show_default=True,
    help="Whether a bye requested for the round about to be paired counts in the points "
    "column (JaVaFo counts it; other engines add it themselves).",
)
def export_command(
    folder: Path, output: Path | None, version: Version, requested_byes: str
) -> None:
    """Write the tournament in FOLDER as a TRF file (FIDE Tournament Report File)."""
    try:
        t, warnings = open_tournament(folder)
    except InvalidInput as error:
        fail(error, "nothing was exported")
    print_diagnostics(warnings)
    problem = numbers_problem(t, player_numbers(t), display(folder / "players.yaml"))
    if problem is not None:  # more than four digits (E455)
        fail(InvalidInput([problem]), "nothing was exported")
    text = trf_text(t, version, requested_byes == "counted")
    data = text.encode("utf-8" if version == "trf26" else "ascii")
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    write_bytes(output, data)
    click.echo(
        f"wrote {output} ({version}, {_count(len(t.players), 'player')}, "
        f"{_count(len(t.rounds), 'round')})"
    )


IMPORT_STAGES = 3  # read the TRF; write the folder; read it back (edit.folder_writer)


@click.command("import")
@click.argument("trf_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
def import_command(trf_file: Path, folder: Path) -> None:
    """Read TRF_FILE (TRF16 or TRF-2026) into a new tournament folder FOLDER."""
    notes: list[Diagnostic] = []
    try:
        # three stages, a bar on a terminal only (a 3,000-player file takes seconds)
        with Steps("importing", IMPORT_STAGES) as bar:
            bar.step(f"reading {trf_file.name}")
            source = trf_file.read_bytes()
            t, notes = imported(source, str(trf_file))
            try:
                write_folder(t, folder, stage=bar.step)
            except InvalidInput as error:  # the folder breaks a rule: say where in the TRF
                raise InvalidInput(at_trf_lines(error, t, source, str(trf_file))) from None
    except TourneyError as error:
        print_diagnostics(notes)
        fail(error)
    print_diagnostics(notes)  # after the bar, which would hide them
    what = f"{_count(len(t.teams), 'team')}, " if t.is_team else ""
    click.echo(
        f"wrote {folder}/ from {trf_file.name}: '{t.settings.name}', {t.settings.format.value}, "
        f"{what}{_count(len(t.players), 'player')}, {_count(len(t.rounds), 'round')}"
    )
    click.echo(f"next: tourney check {folder}")


__all__ = ["export_command", "import_command", "imported"]


commands = (export_command, import_command)


def _count(n: int, noun: str) -> str:
    """``1 round``, ``2 rounds``: the summary lines of import and export."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
